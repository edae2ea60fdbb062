// What the two builds of the program share: scripts/build.mjs (dist/, for node) and
// scripts/dist.mjs (the single executables). Esbuild options and plugins only; each build
// chooses its entries, format and output.
import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

// Ink's layout engine (yoga-layout) is WebAssembly embedded as base64 in a data: URL, which its
// Emscripten loader reads with fetch() whenever fetch exists. On Node the first fetch() loads
// undici and the web streams (~100 ms, a quarter of the menu's start) to decode 95 kB of base64;
// without fetch the loader decodes the URL itself, with atob and a loop (~6 ms). Two patches:
// take the no-fetch path, and decode with Buffer (0.2 ms). If a new yoga-layout changes its
// loader, the build says so and the program still works, only slower.
const YOGA_LOADER = /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const YOGA_PATCHES = [
  ['w||"function"!=typeof fetch?', 'w||ua(H)||"function"!=typeof fetch?'],
  [
    'var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c',
    'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))',
  ],
];
export const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(build) {
    build.onLoad({ filter: YOGA_LOADER }, ({ path }) => {
      let contents = readFileSync(path, 'utf8');
      const warnings = [];
      for (const [from, to] of YOGA_PATCHES) {
        if (contents.includes(from)) contents = contents.replace(from, to);
        else warnings.push({ text: `yoga-layout's wasm loader changed, not patched (slower start): ${from}` });
      }
      return { contents, loader: 'js', warnings };
    });
  },
};

// Node's built-in modules imported as ES modules (import { parseArgs } from 'node:util') are
// evaluated whole: every lazy part loads with them (node:util's diff and worker threads,
// node:crypto's webcrypto, node:fs's promises), and a module imported for one function that the
// menu never calls still loads (node:child_process in terminal-size, node:readline in plain
// mode): ~30 ms of CPU on the way to the menu. Here each static import of a built-in becomes a
// small module that loads it with require() on first use. Plain functions are forwarded (the
// built-in loads when one is first called); any other name (classes, objects, functions with
// properties of their own) is read when the bundle loads. Names the bundle does not use are
// dropped (marked pure); a name the built-in lacks fails the build.
const nodeRequire = createRequire(import.meta.url);
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(['default', 'class', 'delete', 'function', 'import', 'export', 'new', 'this', 'void']);
const plainFunction = (value) =>
  typeof value === 'function' &&
  !/^class\b/.test(Function.prototype.toString.call(value)) &&
  Reflect.ownKeys(value).every((key) => key === 'length' || key === 'name' || key === 'prototype') &&
  (value.prototype === undefined || Reflect.ownKeys(value.prototype).every((key) => key === 'constructor'));
export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, ({ path, kind }) => {
      const name = path.replace(/^node:/, '');
      if (kind !== 'import-statement' || !BUILTINS.has(name)) return undefined;
      return { path: name, namespace: 'lazy-builtin' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, ({ path }) => {
      const builtin = nodeRequire(`node:${path}`);
      const names = Object.keys(builtin).filter((k) => IDENTIFIER.test(k) && !RESERVED.has(k));
      const contents = [
        'let loaded;',
        `const load = () => (loaded ??= require('node:${path}'));`,
        'export default /* @__PURE__ */ load();',
        ...names.map((k) =>
          plainFunction(builtin[k])
            ? `export function ${k}(...args) { return load().${k}(...args); }`
            : `export const ${k} = /* @__PURE__ */ (() => load().${k})();`,
        ),
      ].join('\n');
      return { contents, loader: 'js', resolveDir: root };
    });
  },
};

/** Options of every build of the program. */
export const programOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  // Node 22 has the RegExp v flag, but esbuild's tables do not say so: it would rewrite /…/v
  // literals as new RegExp(…, 'v'), which V8 compiles at once and which no code cache keeps.
  // string-width's /^\p{RGI_Emoji}$/v alone then costs ~20 ms of CPU at every start of the UI.
  supported: { 'regexp-set-notation': true },
  jsx: 'automatic',
  tsconfig: 'tsconfig.json',
  define: {
    // React and its reconciler in their production builds (the development ones are twice the
    // size and slower: extra checks and warnings meant for building a UI, not for playing).
    'process.env.NODE_ENV': '"production"',
    // The version, for `risk --version` (src/cli/main.ts).
    __RISK_VERSION__: JSON.stringify(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version),
  },
  // Ink's optional React devtools hook: not installed, never used.
  external: ['react-devtools-core'],
  logLevel: 'warning',
  plugins: [yogaWithoutFetch, lazyBuiltins],
};

/**
 * The web view's page (src/page): one script and one style sheet for the browser, minified, with
 * React's production build. The program serves them (src/views/web/page-assets.ts); `entryNames`
 * gives them the names it serves them by.
 */
export const pageOptions = {
  absWorkingDir: root,
  entryPoints: ['src/page/main.tsx'],
  entryNames: 'app',
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: ['chrome111', 'firefox115', 'safari16'],
  minify: true,
  jsx: 'automatic',
  tsconfig: 'src/page/tsconfig.json',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  // A node: module reached from the page fails the build (the page runs in a browser).
  external: [],
};
