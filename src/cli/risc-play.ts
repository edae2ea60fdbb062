// `risk play --game risc`: one person against RISC bots, in the Ink UI on a terminal or in plain text.
import { randomBytes } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { isRiscBotKind, RISC_BOT_KINDS, type RiscBotKind } from '../ai/risc/bots.js';
import type { RiscRecordLine } from '../core/risc/record.js';
import { DEFAULT_START_UNITS } from '../model/risc/index.js';
import { runRiscPlain } from '../views/risc/plain.js';
import { colorWanted } from '../views/theme.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';

export const RISC_PLAY_USAGE = `usage: risk play --game risc [options]
  RISC: everyone orders at once, in secret (commit, then reveal); d20 combat.
  --players N         2–4 players, you included (default 3)
  --bot KIND          the bots: ${RISC_BOT_KINDS.join(' or ')} (default hard)
  --name NAME         your name (default: your login name)
  --start-units N     units each player places at the start (default ${DEFAULT_START_UNITS})
  --seed S            seed for the bots and the dice (default: random)
  --record FILE       write the game's record (for risk verify FILE)
  --plain             plain text lines (automatic when stdin or stdout is not a terminal)
  --web               in your browser: a page on 127.0.0.1 at a secret address (printed)
  --no-browser        with --web: print the address only, open no browser
  --no-color          no colours (also: NO_COLOR=1)
`;

export const RISC_PLAY_OPTIONS = {
  players: { type: 'string' },
  bot: { type: 'string' },
  name: { type: 'string' },
  'start-units': { type: 'string' },
  seed: { type: 'string' },
  record: { type: 'string' },
  plain: { type: 'boolean' },
  web: { type: 'boolean' },
  'no-browser': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function loginName(): string {
  try {
    const name = userInfo().username;
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : 'Player';
  } catch {
    return 'Player';
  }
}

export async function runRiscPlay(args: string[], io: CommandIO): Promise<number> {
  const usage = (reason: string) => usageError(io, 'risk', reason, RISC_PLAY_USAGE);
  const parsed = parseCommand(args, io, {
    command: 'risk',
    usage: RISC_PLAY_USAGE,
    allowPositionals: true,
    options: RISC_PLAY_OPTIONS,
  });
  if (!parsed.ok) return parsed.exit;
  const v = parsed.values;
  const positionals = parsed.positionals[0] === 'play' ? parsed.positionals.slice(1) : parsed.positionals;
  if (positionals.length > 0)
    return usage(`RISC is played against bots on this machine; "${positionals.join(' ')}" is not a RISC choice`);
  const players = v.players === undefined ? 3 : parseInteger(v.players as string, 2, 4);
  if (players === null) return usage(`--players "${v.players}" must be 2, 3 or 4`);
  const bot = (v.bot as string | undefined) ?? 'hard';
  if (!isRiscBotKind(bot)) return usage(`--bot "${bot}": the RISC bots are ${RISC_BOT_KINDS.join(' and ')}`);
  const startUnits =
    v['start-units'] === undefined ? DEFAULT_START_UNITS : parseInteger(v['start-units'] as string, 1, 10_000);
  if (startUnits === null) return usage(`--start-units "${v['start-units']}" must be a whole number from 1 to 10000`);
  const seed = v.seed === undefined ? randomBytes(4).readUInt32BE(0) : parseInteger(v.seed as string, 0, 2 ** 32 - 1);
  if (seed === null) return usage(`--seed "${v.seed}" must be a whole number from 0 to ${2 ** 32 - 1}`);
  const name = ((v.name as string | undefined) ?? loginName()).trim().slice(0, 32) || 'Player';
  let onRecord: ((line: RiscRecordLine) => void) | undefined;
  const file = v.record as string | undefined;
  if (file !== undefined) {
    try {
      writeFileSync(file, '');
    } catch (error) {
      io.err(`risk: cannot write the record ${file}: ${(error as Error).message}\n`);
      return 1;
    }
    onRecord = (line) => appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
  const game = { name, players, bot: bot as RiscBotKind, seed, startUnits, ...(onRecord ? { onRecord } : {}) };
  if (v.web) {
    // The page's menu offers the other games too: a launcher as `risk play` would make, with this seed.
    const [{ runWeb }, { realLauncher, DEFAULT_LAUNCH }] = await Promise.all([
      import('../views/web/run-web.js'),
      import('./launcher.js'),
    ]);
    return runWeb({
      launcher: realLauncher({ ...DEFAULT_LAUNCH, seed }),
      defaults: { name, rules: {}, bot: 'normal', moveTimeoutSeconds: 300, players: 4 },
      start: { kind: 'risc', ...game },
      out: io.out,
      err: io.err,
      open: v['no-browser'] !== true && Boolean(process.stdout.isTTY),
    });
  }
  const terminal = Boolean(process.stdout.isTTY && process.stdin.isTTY);
  if (v.plain || !terminal) {
    const code = await runRiscPlain({ ...game, input: process.stdin, out: io.out });
    if (file !== undefined) io.out(`record written to ${file} (check it with: risk verify ${file})\n`);
    return code;
  }
  const { runRiscUi } = await import('../views/risc/run-risc-ui.js');
  await runRiscUi({ ...game, color: colorWanted() && v['no-color'] !== true });
  return 0;
}
