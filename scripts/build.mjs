// npm run build (and prepare, on npm install): compiles src/ into dist/cli/ with esbuild, bundled,
// and the web view's page (src/page) into dist/page/ (app.js and app.css).
// One bundle instead of ~1,300 module files: the terminal UI's packages alone are 550 files (415
// of them es-toolkit, for one throttle), and loading them one by one doubled the CPU time to the
// menu. Code splitting keeps the subcommands lazy: each dynamic import() is its own chunk, so
// `risk --version` loads only the entry. Types are checked by tsc --noEmit (npm test), not here.
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { pageOptions, programOptions, root } from './bundle.mjs';

const outdir = `${root}dist/cli`;
rmSync(`${root}dist`, { recursive: true, force: true });
const result = await build({
  ...programOptions,
  // The program, and the tournament's worker thread (loaded by URL next to its chunk).
  entryPoints: ['src/cli/run.ts', 'src/cli/tournament-worker.ts'],
  outdir,
  splitting: true,
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // CommonJS packages inside an ES module bundle need a require().
  banner: {
    js: "import { createRequire as __risk_require } from 'node:module';\nconst require = __risk_require(import.meta.url);",
  },
  // Which sources went into which output file: tests check what `risk --version` loads.
  metafile: true,
});
writeFileSync(`${outdir}/meta.json`, JSON.stringify(result.metafile));
// The page for the browser: its own bundle (no Node, no code splitting), beside the program.
await build({ ...pageOptions, outdir: `${root}dist/page` });
