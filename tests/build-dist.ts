// vitest global setup: compiles src/ to dist/ (tsc -p tsconfig.build.json) before the tests run.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}
