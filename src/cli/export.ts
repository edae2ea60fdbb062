// `risk export GAME`: a stored game in the transcript format (a RISC game: its RISC record), for
// `risk verify` and sharing.
import { writeFileSync } from 'node:fs';
import { exportTranscript } from '../store/export.js';
import { riscRecordText } from '../store/risc-games.js';
import { type CommandIO, parseCommand } from './io.js';
import { DB_OPTION, DB_USAGE, loadNamedGame } from './store-args.js';

const USAGE = `usage: risk export <game> [--output FILE] [--db FILE]
  <game>          its number in risk history, or its id (a RISC game exports its RISC record)
  --output FILE   write there (default: standard output)
${DB_USAGE}
`;

export function runExport(args: string[], io: CommandIO): number {
  const parsed = parseCommand(args, io, {
    command: 'risk export',
    usage: USAGE,
    allowPositionals: true,
    options: { ...DB_OPTION, output: { type: 'string', short: 'o' } },
  });
  if (!parsed.ok) return parsed.exit;
  const named = loadNamedGame('export', parsed, USAGE, io);
  if (!named.ok) return named.code;
  // A RISC game exports its record (risk verify reads it as it reads a RISC record file).
  const exported =
    named.game.game === 'risc' ? riscRecordText(named.game, named.lines) : exportTranscript(named.game, named.lines);
  if (!exported.ok) {
    io.err(`risk export: ${exported.reason}\n`);
    return 1;
  }
  const output = parsed.ok ? parsed.values.output : undefined;
  if (typeof output === 'string') {
    try {
      writeFileSync(output, exported.text);
    } catch (error) {
      io.err(`risk export: cannot write ${output}: ${(error as Error).message}\n`);
      return 1;
    }
  } else io.out(exported.text);
  return 0;
}
