#!/usr/bin/env node
// Launcher for the `risk` command. Plain JavaScript so that it starts on any Node.js: on one
// older than 22 it re-runs itself on the Node 24 that `npm install` put in node_modules, or
// explains what to do; on a recent one it loads the TypeScript sources through tsx.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN_MAJOR = 22;
const self = fileURLToPath(import.meta.url);
const root = join(dirname(self), '..');
const major = Number(process.versions.node.split('.')[0]);

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
  const child = spawn(bundled, [self, ...process.argv.slice(2)], {
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
} else {
  const { register } = await import('tsx/esm/api');
  // Name the tsconfig: found from the working directory it would be missed outside the project
  // (and with it the JSX settings of the terminal UI).
  register({ tsconfig: join(root, 'tsconfig.json') });
  await import('../src/cli/main.ts');
}
