// npm run build (and prepare, on npm install): compiles src/ into dist/cli/ with esbuild, bundled.
// One bundle instead of ~1,300 module files: the terminal UI's packages alone are 550 files (415
// of them es-toolkit, for one throttle), and loading them one by one doubled the CPU time to the
// menu. Code splitting keeps the subcommands lazy: each dynamic import() is its own chunk, so
// `risk --version` loads only the entry. Types are checked by tsc --noEmit (npm test), not here.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

// Ink's layout engine (yoga-layout) is WebAssembly embedded as a data: URL. Its Emscripten loader
// reads that URL with fetch() whenever fetch exists, and on Node the first fetch() loads undici
// and the web streams (~100 ms, a quarter of the menu's start) to decode 90 kB of base64 the
// loader can decode itself. Without fetch it decodes the data URL directly, as it does in any
// runtime without fetch; the patch makes it take that path. If a new yoga-layout changes the
// loader, the build says so (and still works: only slower).
const YOGA_LOADER = /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const YOGA_FETCH = 'w||"function"!=typeof fetch?';
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(build) {
    build.onLoad({ filter: YOGA_LOADER }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (!source.includes(YOGA_FETCH))
        return { contents: source, warnings: [{ text: 'yoga-layout loader changed: it fetch()es its wasm again' }] };
      return { contents: source.replace(YOGA_FETCH, 'w||ua(H)||"function"!=typeof fetch?'), loader: 'js' };
    });
  },
};
const outdir = `${root}dist/cli`;
rmSync(`${root}dist`, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // The program, and the tournament's worker thread (loaded by URL next to its chunk).
  entryPoints: ['src/cli/run.ts', 'src/cli/tournament-worker.ts'],
  outdir, // main.ts finds package.json at ../../package.json from here, as from src/cli
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  jsx: 'automatic',
  tsconfig: 'tsconfig.json',
  // React and its reconciler in their production builds (the development ones are twice the
  // size and slower: extra checks and warnings meant for building a UI, not for playing).
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink's optional React devtools hook: not installed, never used.
  external: ['react-devtools-core'],
  // CommonJS packages inside an ES module bundle need a require().
  banner: {
    js: "import { createRequire as __risk_require } from 'node:module';\nconst require = __risk_require(import.meta.url);",
  },
  logLevel: 'warning',
  // Which sources went into which output file: tests check what `risk --version` loads.
  metafile: true,
  plugins: [yogaWithoutFetch],
});
writeFileSync(`${outdir}/meta.json`, JSON.stringify(result.metafile));
