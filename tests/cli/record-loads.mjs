// Preloaded (node --import) by conventions.test.ts: at exit, writes every module URL the process
// loaded, one per line, to the file named by RISK_TEST_LOADS_FILE.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  load(url, context, next) {
    loaded.add(url);
    return next(url, context);
  },
});
process.on('exit', () => writeFileSync(process.env.RISK_TEST_LOADS_FILE, [...loaded].join('\n')));
