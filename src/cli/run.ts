// Entry point of the `risk` program (bin/risk.js loads the compiled form, bin/sea.js the single
// executable): runs main with the process's arguments and streams. main.ts stays importable by
// tests without running anything. No top-level await: the single executable's bundle is CommonJS.
import { main } from './main.js';

const argv = process.argv.slice(2);
void main(argv, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
  if (argv[0] === undefined || argv[0] === 'play' || argv[0] === 'replay' || argv[0].startsWith('-')) {
    // A game's peers may still be closing their connections: they must not keep the program open.
    setTimeout(() => process.exit(code), 2000).unref();
  }
});
