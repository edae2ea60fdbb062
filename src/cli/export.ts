// `risk export GAME`: a stored game in the transcript format (a RISC game: its RISC record), for
// `risk verify` and sharing.
import { writeFileSync } from 'node:fs';
import { exportTranscript } from '../store/export.js';
import { riscRecordText } from '../store/risc-games.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';
import { DB_OPTION, DB_USAGE, loadNamedGame } from './store-args.js';

const USAGE = `usage: risk export <game> [--session N] [--output FILE] [--db FILE]
  <game>          its number in risk history, or its id (a RISC game exports its RISC record)
  --session N     a resumed networked game: the record of its Nth session (default 1, the
                  first); risk verify FIRST SECOND… audits the sessions' records in order
  --output FILE   write there (default: standard output)
${DB_USAGE}
`;

export function runExport(args: string[], io: CommandIO): number {
  const parsed = parseCommand(args, io, {
    command: 'risk export',
    usage: USAGE,
    allowPositionals: true,
    options: { ...DB_OPTION, output: { type: 'string', short: 'o' }, session: { type: 'string' } },
  });
  if (!parsed.ok) return parsed.exit;
  const sessionText = parsed.values.session as string | undefined;
  const session = sessionText === undefined ? 1 : parseInteger(sessionText, 1, 10_000);
  if (session === null)
    return usageError(io, 'risk export', `--session "${sessionText}" must be a session number from 1`, USAGE);
  const named = loadNamedGame('export', parsed, USAGE, io);
  if (!named.ok) return named.code;
  // A RISC game exports its record (risk verify reads it as it reads a RISC record file), one across its resumes.
  if (named.game.game === 'risc' && sessionText !== undefined)
    return usageError(io, 'risk export', 'a RISC game has one record across its resumes: no --session', USAGE);
  const exported =
    named.game.game === 'risc'
      ? riscRecordText(named.game, named.lines)
      : exportTranscript(named.game, named.lines, session);
  if (!exported.ok) {
    io.err(`risk export: ${exported.reason}\n`);
    return 1;
  }
  // A resumed game's later sessions are records of their own: said, so that nobody audits half of it unawares.
  const sessions = 'sessions' in exported ? (exported.sessions ?? 1) : 1;
  if (sessions > 1)
    io.err(
      `risk export: game ${named.game.id} was resumed: this is the record of its session ${session} of ${sessions}${session < sessions ? ` (--session ${session + 1} writes the next)` : ''}; risk verify FIRST SECOND… audits them in order\n`,
    );
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
}
