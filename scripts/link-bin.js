// postinstall: npm links the bins of dependencies into node_modules/.bin but not the project's
// own; link `risk` there too, so ./node_modules/.bin/risk works in a clone like in an install.
import { existsSync, lstatSync, mkdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const binDir = join(root, 'node_modules', '.bin');
if (existsSync(join(root, 'node_modules'))) {
  mkdirSync(binDir, { recursive: true });
  const link = join(binDir, 'risk');
  try {
    if (lstatSync(link, { throwIfNoEntry: false })) unlinkSync(link);
    symlinkSync(join('..', '..', 'bin', 'risk.js'), link);
  } catch (error) {
    console.warn(`could not link node_modules/.bin/risk: ${error.message}`);
  }
}
