// The layer rule of docs/architecture.md, read from its table and checked on every import of src/:
// which layer may import which (type-only imports count too: they are dependencies of the design
// even when they vanish from the compiled code), which layers may import node: modules, and that
// no import cycle exists anywhere in src/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Layer {
  readonly name: string;
  readonly folder: string;
  readonly mayImport: readonly string[];
  readonly node: boolean;
}

interface Edge {
  readonly from: string;
  readonly to: string;
}

const repo = fileURLToPath(new URL('../../', import.meta.url));
const root = join(repo, 'src');

/** The layer table of docs/architecture.md. */
function layersOf(markdown: string): Layer[] {
  const rows = markdown
    .split('\n')
    .filter((line) => /^\| [a-z]+ \| `src\//.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows.map(([name, folder, , mayImport, node]) => ({
    name: name!,
    folder: folder!.replaceAll('`', '').replace(/^src\//, ''),
    mayImport: mayImport === '—' ? [] : mayImport!.split(',').map((s) => s.trim()),
    node: node === 'yes',
  }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every import of a source file: static, type-only, re-exports and import(). */
function importsOf(text: string): string[] {
  return [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\sfrom\s*'([^']+)'/g),
    ...text.matchAll(/\bimport\s*'([^']+)'/g),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
}

const layerOf = (layers: readonly Layer[], file: string): Layer | null =>
  layers.find((l) => file === l.folder || file.startsWith(`${l.folder}/`)) ?? null;

/** The edges that break the table, as `from -> to` paths under src/. */
function violations(layers: readonly Layer[], edges: readonly Edge[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const a = layerOf(layers, from);
      if (a === null) return true; // a file outside every layer
      if (to.startsWith('node:')) return !a.node;
      const b = layerOf(layers, to);
      if (b === null) return true;
      return a !== b && !a.mayImport.includes(b.name);
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Every import of src/, relative ones resolved to files under src/, node: ones as they are. */
function edgesOfSrc(): Edge[] {
  return sourceFiles(root).flatMap((file) => {
    const from = relative(root, file).replaceAll('\\', '/');
    return importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
      if (specifier.startsWith('node:')) return [{ from, to: specifier }];
      if (!specifier.startsWith('.')) return [];
      // './x.js' names ./x.ts or ./x.tsx in the sources.
      const target = resolve(dirname(file), specifier);
      const source = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')].find(existsSync) ?? target;
      return [{ from, to: relative(root, source).replaceAll('\\', '/') }];
    });
  });
}

/** The import cycles among files (strongly connected components of more than one file, or a self-import). */
function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (to.startsWith('node:')) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  // Tarjan's algorithm, iterative over the files.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (start: string) => {
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work.at(-1)!;
      const targets = next.get(top.node) ?? [];
      if (top.i < targets.length) {
        const to = targets[top.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || targets.includes(top.node)) found.push(component.sort());
      }
    }
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return found;
}

const layers = layersOf(readFileSync(join(repo, 'docs', 'architecture.md'), 'utf8'));

describe('the layers of docs/architecture.md', () => {
  const edges = edgesOfSrc();

  it('reads the table and finds the imports of src/ (a check that sees nothing would pass anything)', () => {
    expect(layers.map((l) => l.name)).toEqual([
      'model',
      'protocol',
      'core',
      'audit',
      'net',
      'store',
      'sessions',
      'ai',
      'views',
      'cli',
      'page',
    ]);
    expect(layers.find((l) => l.name === 'core')).toMatchObject({ mayImport: ['model', 'protocol'], node: false });
    expect(edges.length).toBeGreaterThan(100);
    expect(edges).toContainEqual({ from: 'sessions/mesh-session.ts', to: 'core/native/replica.ts' });
    expect(edges).toContainEqual({ from: 'cli/main.ts', to: 'cli/play.ts' }); // import() counts
  });

  it('every folder of src/ is a layer of the table', () => {
    const folders = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.map((f) => f.name).sort()).toEqual(layers.map((l) => l.folder).sort());
  });

  it('no import points up or sideways, and node: modules only where the table allows', () => {
    expect(violations(layers, edges)).toEqual([]);
  });

  it('no import cycle anywhere in src/', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('reports an import that points up, a node: module in the core, and a cycle', () => {
    const bad: Edge[] = [
      { from: 'model/board.ts', to: 'protocol/codec.ts' },
      { from: 'core/native/replica.ts', to: 'sessions/mesh-session.ts' },
      { from: 'core/native/replica.ts', to: 'node:crypto' },
      { from: 'store/store.ts', to: 'net/link.ts' },
      { from: 'net/link.ts', to: 'core/contract.ts' },
      { from: 'views/app.tsx', to: 'cli/launcher.ts' },
      { from: 'ai/hard.ts', to: 'views/table.ts' },
      { from: 'model/board.ts', to: '../package.json' },
    ];
    const good: Edge[] = [
      { from: 'protocol/messages.ts', to: 'model/index.ts' },
      { from: 'sessions/mesh-session.ts', to: 'core/native/replica.ts' },
      { from: 'store/sqlite.ts', to: 'node:sqlite' },
      { from: 'cli/bot.ts', to: 'ai/registry.ts' },
      { from: 'model/board.ts', to: 'model/state.ts' },
    ];
    expect(violations(layers, [...bad, ...good])).toEqual(bad.map((e) => `${e.from} -> ${e.to}`));
    expect(
      cycles([
        { from: 'a.ts', to: 'b.ts' },
        { from: 'b.ts', to: 'c.ts' },
        { from: 'c.ts', to: 'a.ts' },
        { from: 'c.ts', to: 'd.ts' },
        { from: 'e.ts', to: 'e.ts' },
      ]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
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
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual([
      '../model/b.js',
      './a.js',
      './c.js',
      './d.js',
      './e.js',
      './f.js',
      './g.js',
      'node:fs',
      'zod',
    ]);
  });
});
