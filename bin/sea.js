// Entry of the single executable (npm run dist): what bin/risk.js does, for a program that is
// its own Node. The program is the same code-split ES module bundle as dist/cli/, kept as the
// executable's assets (cli/run.js, cli/chunk-….js) and loaded through module hooks as
// sea:/cli/… URLs, chunk by chunk as it imports them: `risk --version` loads the entry alone.
// Node's own command line is not read in an executable; the flags a command wants (tuning.js)
// come through `--node-options=…`, which it takes for Node (the blob's execArgvExtension "cli").
import module from 'node:module';
import { getAsset } from 'node:sea';
import { tuning } from './tuning.js';

const NODE_OPTIONS = '--node-options=';
const SCHEME = 'sea:';
const args = process.argv.slice(2);
if (process.env.RISK_NODE_REEXEC === '1' && args[0]?.startsWith(NODE_OPTIONS)) {
  // Left to the program by a Node that predates execArgvExtension (macOS arm64's is 24.0.0):
  // it runs without the flags.
  process.argv.splice(2, 1);
  args.shift();
}
const { flags, retune } = tuning(args, process.execArgv, process.env);
if (retune && typeof process.execve === 'function') {
  const options = flags.length > 0 ? [`${NODE_OPTIONS}${flags.join(' ')}`] : [];
  process.execve(process.execPath, [process.execPath, ...options, ...args], {
    ...process.env,
    RISK_NODE_REEXEC: '1',
  });
} else {
  module.registerHooks({
    resolve(specifier, context, next) {
      const inside = context.parentURL?.startsWith(SCHEME) && /^\.\.?\//.test(specifier);
      if (!inside && !specifier.startsWith(SCHEME)) return next(specifier, context);
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    },
    load(url, context, next) {
      if (!url.startsWith(SCHEME)) return next(url, context);
      return { source: getAsset(new URL(url).pathname.slice(1), 'utf8'), format: 'module', shortCircuit: true };
    },
  });
  // As bin/risk.js: V8's code cache of the program, kept by Node under the temporary directory.
  module.enableCompileCache?.();
  import(`${SCHEME}/cli/run.js`);
}
