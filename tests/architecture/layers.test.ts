// The layer rule of DESIGN.md ("Layers (folders) and which way imports go"), checked on every
// import of src/: model imports nothing of ours; protocol may import model; controller imports
// model and protocol; ai, views and cli sit on top (cli wires the pieces, so nothing imports cli;
// bots draw nothing, so ai does not import views). Type-only imports count too: they are
// dependencies of the design even when they vanish from the compiled code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LAYERS = ['model', 'protocol', 'controller', 'ai', 'views', 'cli'] as const;
type Layer = (typeof LAYERS)[number];

/** Which of our layers each layer may import (its own always). */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  model: [],
  protocol: ['model'],
  controller: ['model', 'protocol'],
  ai: ['model', 'protocol', 'controller'],
  views: ['model', 'protocol', 'controller', 'ai'],
  cli: ['model', 'protocol', 'controller', 'ai', 'views'],
};

interface Edge {
  readonly from: string;
  readonly to: string;
}

const root = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import of a source file: static, type-only, re-exports and import(). */
function importsOf(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\sfrom\s*'([^']+)'/g),
    ...text.matchAll(/\bimport\s*'([^']+)'/g),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.'));
}

function layerOf(file: string): Layer | null {
  const top = file.split('/')[0] as Layer;
  return LAYERS.includes(top) ? top : null;
}

/** The edges that break the rule, as `from -> to` paths under src/. */
function violations(edges: readonly Edge[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const a = layerOf(from);
      const b = layerOf(to);
      if (a === null || b === null) return true; // outside the layers altogether
      return a !== b && !MAY_IMPORT[a].includes(b);
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

function edgesOfSrc(): Edge[] {
  return sourceFiles(root).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).map((specifier) => {
      // './x.js' names ./x.ts or ./x.tsx in the sources.
      const target = resolve(dirname(file), specifier);
      const source = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')].find(existsSync) ?? target;
      return { from: relative(root, file).replaceAll('\\', '/'), to: relative(root, source).replaceAll('\\', '/') };
    }),
  );
}

describe('the layer rule of DESIGN.md', () => {
  const edges = edgesOfSrc();

  it('finds the imports of src/ (a check that sees nothing would pass anything)', () => {
    expect(edges.length).toBeGreaterThan(100);
    expect(edges).toContainEqual({ from: 'controller/session.ts', to: 'model/index.ts' });
    expect(edges).toContainEqual({ from: 'cli/main.ts', to: 'cli/play.ts' }); // import() counts
  });

  it('no import points up or sideways', () => {
    expect(violations(edges)).toEqual([]);
  });

  it('reports an import that points up', () => {
    const bad: Edge[] = [
      { from: 'model/board.ts', to: 'protocol/codec.ts' },
      { from: 'protocol/messages.ts', to: 'controller/session.ts' },
      { from: 'controller/lobby.ts', to: 'views/app.tsx' },
      { from: 'views/app.tsx', to: 'cli/launcher.ts' },
      { from: 'ai/hard.ts', to: 'views/table.ts' },
      { from: 'model/board.ts', to: '../package.json' },
    ];
    const good: Edge[] = [
      { from: 'protocol/messages.ts', to: 'model/index.ts' },
      { from: 'controller/session.ts', to: 'protocol/codec.ts' },
      { from: 'cli/bot.ts', to: 'ai/registry.ts' },
      { from: 'model/board.ts', to: 'model/state.ts' },
    ];
    expect(violations([...bad, ...good])).toEqual(bad.map((e) => `${e.from} -> ${e.to}`));
  });

  it('reads every kind of import', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../model/b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "import './e.js';",
      "const f = await import('./f.js');",
      "import {\n  g,\n  type H,\n} from './g.js';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual([
      '../model/b.js',
      './a.js',
      './c.js',
      './d.js',
      './e.js',
      './f.js',
      './g.js',
    ]);
  });
});
