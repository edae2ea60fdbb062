#!/usr/bin/env -S node --max-semi-space-size=1 --optimize-for-size
// Launcher for the `risk` command. Plain JavaScript so that it starts on any Node.js: on one
// older than 22 it re-runs itself on the Node 24 that `npm install` put in node_modules, or
// explains what to do; on a recent one it runs the compiled program in dist/ (built by
// `npm install` through the prepare script, or `npm run build`). Without dist/, or with
// RISK_FROM_SOURCE=1, it runs the TypeScript sources through tsx (development only: slower).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_FLAGS, tuning } from './tuning.js';

const MIN_MAJOR = 22;
const self = fileURLToPath(import.meta.url);
const root = join(dirname(self), '..');
const major = Number(process.versions.node.split('.')[0]);

// Started through its #! line (`risk`, `npx risk`) the program already has the game's flags
// (tuning.js), so the game, whose first screen a person waits for, starts without re-executing
// itself (~50 ms); other commands re-execute themselves as they need.
const args = process.argv.slice(2);
const { flags: TUNING, retune } = tuning(args, process.execArgv, process.env);

if (major < MIN_MAJOR) {
  const candidates = [join(root, 'node_modules', 'node', 'bin', 'node'), join(root, '..', 'node', 'bin', 'node')];
  const bundled = candidates.find((path) => existsSync(path));
  if (bundled === undefined || process.env.RISK_NODE_REEXEC === '1') {
    process.stderr.write(
      `risk: needs Node.js ${MIN_MAJOR} or newer, but this is ${process.version}.\n` +
        `Run "npm install" in ${root} (it brings Node 24 as the npm package node@24), or install Node 24.\n`,
    );
    process.exit(1);
  }
  // Loaded only here: node:child_process costs ~8 ms of every start.
  const { spawn } = await import('node:child_process');
  const child = spawn(bundled, [...TUNING, self, ...args], {
    stdio: 'inherit',
    env: { ...process.env, RISK_NODE_REEXEC: '1' },
  });
  // Ctrl-C reaches the child through the terminal's process group; pass on the signals that do not.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal === 'SIGINT' ? 2 : 15)));
  child.on('error', (error) => {
    process.stderr.write(`risk: cannot start ${bundled}: ${error.message}\n`);
    process.exit(1);
  });
} else if (retune && typeof process.execve === 'function') {
  // Node flags can only be given at start: replace this process by one started with them.
  const others = process.execArgv.filter((flag) => !GAME_FLAGS.includes(flag));
  process.execve(process.execPath, [process.execPath, ...others, ...TUNING, self, ...args], {
    ...process.env,
    RISK_NODE_REEXEC: '1',
  });
} else if (process.env.RISK_FROM_SOURCE !== '1' && existsSync(join(root, 'dist', 'cli', 'run.js'))) {
  // V8's code cache of the compiled program (Node 22.1 or newer): later starts skip parsing and
  // compiling the bundle again, ~15% of the CPU time to the menu's first paint. Node keeps it under
  // the temporary directory and checks it against each file's contents (NODE_COMPILE_CACHE=DIR
  // puts it elsewhere, NODE_DISABLE_COMPILE_CACHE=1 turns it off).
  module.enableCompileCache?.();
  await import('../dist/cli/run.js');
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write(
      `risk: ${join(root, 'dist')} is missing: run "npm run build" (or "npm install") in ${root}.\n`,
    );
    process.exit(1);
  }
  // Name the tsconfig: found from the working directory it would be missed outside the project
  // (and with it the JSX settings of the terminal UI).
  register({ tsconfig: join(root, 'tsconfig.json') });
  await import('../src/cli/run.ts');
}
