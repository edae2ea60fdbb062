// `risk export GAME`: a stored game in the transcript format, for `risk verify` and sharing.
import { writeFileSync } from 'node:fs';
import { exportTranscript } from '../controller/store/export.js';
import { EXIT_USAGE, parseCommandArgs, type CommandIO } from './io.js';
import { DB_OPTION, DB_USAGE, openStoreFrom } from './store-args.js';

const USAGE = `usage: risk export <game> [--output FILE] [--db FILE]
  <game>          its number in risk history, or its id
  --output FILE   write there (default: standard output)
${DB_USAGE}
`;

export function runExport(args: string[], io: CommandIO): number {
  const parsed = parseCommandArgs(args, { allowPositionals: true, options: { ...DB_OPTION, output: { type: 'string', short: 'o' } } });
  if (!parsed.ok || parsed.positionals.length !== 1) {
    io.err(`risk export: ${parsed.ok ? 'name one game (risk history lists them)' : parsed.reason}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const opened = openStoreFrom(parsed.values);
  if (!opened.ok) {
    io.err(`risk export: ${opened.reason}\n`);
    return 1;
  }
  try {
    const found = opened.store.find(parsed.positionals[0]!);
    if (!found.ok) {
      io.err(`risk export: ${found.reason}\n`);
      return 1;
    }
    const exported = exportTranscript(found.game, opened.store.lines(found.game.id));
    if (!exported.ok) {
      io.err(`risk export: ${exported.reason}\n`);
      return 1;
    }
    const output = parsed.values.output;
    if (typeof output === 'string') {
      try {
        writeFileSync(output, exported.text);
      } catch (error) {
        io.err(`risk export: cannot write ${output}: ${(error as Error).message}\n`);
        return 1;
      }
    } else io.out(exported.text);
    return 0;
  } finally {
    opened.store.close();
  }
}
