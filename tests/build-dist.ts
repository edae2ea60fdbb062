// vitest global setup: builds dist/ from src/ (scripts/build.mjs) before the tests run.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const build = `${root}scripts/build.mjs`;
  execFileSync(process.execPath, [build], { cwd: root, stdio: 'inherit' });
}
