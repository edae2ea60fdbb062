// Entry point of the `risk` program (bin/risk.js loads the compiled form, bin/sea.js the single
// executable's): runs main with the process's arguments and streams. main.ts stays importable by
// tests without running anything.
import { main } from './main.js';

const argv = process.argv.slice(2);
const code = await main(argv, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
if (argv[0] === undefined || argv[0] === 'play' || argv[0] === 'replay' || argv[0].startsWith('-')) {
  // A game's peers may still be closing their connections: they must not keep the program open.
  setTimeout(() => process.exit(code), 2000).unref();
}
