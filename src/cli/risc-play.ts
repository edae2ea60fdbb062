// `risk play [host | join <address>] --game risc`: RISC for people — against bots on this machine,
// or hosting or joining a networked game (people on their own machines, bots to fill seats) — in
// the Ink UI on a terminal or in plain text.
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { isRiscBotKind, RISC_BOT_KINDS, RISC_BOT_LIST } from '../ai/risc/bots.js';
import { DEFAULT_START_UNITS, DEFAULT_TURN_LIMIT } from '../model/risc/index.js';
import { MAX_START_UNITS, MAX_TURN_LIMIT, type RiscTerms } from '../protocol/risc-terms.js';
import type { RiscStart } from '../views/risc/match.js';
import { colorWanted } from '../views/theme.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';
import { DEFAULT_LAUNCH } from './launch-kit.js';
import type { RiscLaunchOptions } from './risc-kit.js';

export const RISC_PLAY_USAGE = `usage: risk play [host | join <address>] --game risc [options]
  RISC: everyone orders at once, in secret (commit, then reveal); d20 battles.
  (no choice: you against bots on this machine; host: people and bots join you over the
  network; join: the address the host shows)
  --players N         2–4 players, you included (default 3)
  --bot KIND          the bots you play against: ${RISC_BOT_KINDS.join(', ')} (default hard)
  --name NAME         your name (default: your login name)
  --start-units N     units each player places at the start (default ${DEFAULT_START_UNITS}; host)
  --turn-limit T      the agreed turn limit, or none (default ${DEFAULT_TURN_LIMIT}; host): after it the most
                      territories wins, then the most units; else a draw
  --seed S            seed for the bots and the dice (default: random)
  --record FILE       against bots: write the game's record (for risk verify FILE); networked
                      games are recorded under games/ in the data folder anyway
  --no-record         no record and nothing stored in the game database
  --resume GAME       go on with stored RISC game GAME against bots (its number in risk history),
                      take your seat back in a networked one you dropped out of, or resume a
                      networked one every player stopped: host it again (your seat hosts it)
                      or join its host (join <address> --resume GAME)
  --port P            host: TCP port (default 7475, or any free one if that is taken)
  --listen ADDR       address to listen on (default 0.0.0.0; 127.0.0.1: this machine only)
  --key FILE          keep this peer identity in FILE (default: a new one for each run)
  --move-timeout S    host: seconds each round waits for a player's orders (default 300)
  --plain             plain text lines (automatic when stdin or stdout is not a terminal)
  --web               in your browser (against bots, --resume, host or join): a page on
                      127.0.0.1 at a secret address (printed)
  --no-browser        with --web: print the address only, open no browser
  --no-color          no colours (also: NO_COLOR=1)
`;

export const RISC_PLAY_OPTIONS = {
  players: { type: 'string' },
  bot: { type: 'string' },
  name: { type: 'string' },
  'start-units': { type: 'string' },
  'turn-limit': { type: 'string' },
  seed: { type: 'string' },
  record: { type: 'string' },
  'no-record': { type: 'boolean' },
  resume: { type: 'string' },
  port: { type: 'string' },
  listen: { type: 'string' },
  key: { type: 'string' },
  'move-timeout': { type: 'string' },
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
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const [choice, address, ...extra] =
    parsed.positionals[0] === 'play' ? parsed.positionals.slice(1) : parsed.positionals;
  if (choice !== undefined && choice !== 'host' && choice !== 'join')
    return usage(`"${choice}" is not a RISC choice: say host, join <address>, or nothing (against bots)`);
  if (choice === 'join' && address === undefined)
    return usage('join needs the host address (host:port, as the host shows it)');
  if ((choice === 'host' && address !== undefined) || extra.length > 0)
    return usage(`unexpected "${[address, ...extra].filter(Boolean).join(' ')}"`);
  const number = (name: string, fallback: number, min: number, max: number): number | string => {
    const text = v[name] as string | undefined;
    if (text === undefined) return fallback;
    return parseInteger(text, min, max) ?? `--${name} "${text}" must be a whole number from ${min} to ${max}`;
  };
  const players = number('players', 3, 2, 4);
  if (typeof players === 'string') return usage(`--players "${v.players}" must be 2, 3 or 4`);
  const bot = (v.bot as string | undefined) ?? 'hard';
  if (!isRiscBotKind(bot)) return usage(`--bot "${bot}": the RISC bots are ${RISC_BOT_LIST}`);
  const startUnits = number('start-units', DEFAULT_START_UNITS, 1, MAX_START_UNITS);
  const seed = number('seed', randomBytes(4).readUInt32BE(0), 0, 2 ** 32 - 1);
  const port = number('port', DEFAULT_LAUNCH.port, 0, 65535);
  const moveTimeout = number('move-timeout', 300, 5, 86_400);
  const resume = v.resume === undefined ? null : number('resume', 0, 1, Number.MAX_SAFE_INTEGER);
  for (const value of [startUnits, seed, port, moveTimeout, resume]) if (typeof value === 'string') return usage(value);
  const limitText = (v['turn-limit'] as string | undefined) ?? String(DEFAULT_TURN_LIMIT);
  const turnLimit = limitText === 'none' ? null : parseInteger(limitText, 1, MAX_TURN_LIMIT);
  if (turnLimit === null && limitText !== 'none')
    return usage(`--turn-limit "${limitText}" must be a whole number from 1 to ${MAX_TURN_LIMIT}, or none`);
  // join <address> --resume N: the host of stopped networked game N offers it again at that address.
  if (resume !== null && choice === 'host')
    return usage('--resume N hosts a stopped networked game again by itself when your seat hosts it: no host');
  if (v.record !== undefined && choice !== undefined)
    return usage('--record names the record of a game against bots; networked games are recorded under games/');
  if (v.record !== undefined && v['no-record'] === true) return usage('--record and --no-record do not go together');
  const name = ((v.name as string | undefined) ?? loginName()).trim().slice(0, 32) || 'Player';
  const terms: RiscTerms = { startUnits: startUnits as number, turnLimit };
  const start: RiscStart =
    resume !== null
      ? { kind: 'resume', id: resume as number, ...(choice === 'join' ? { address: address! } : {}) }
      : choice === 'host'
        ? { kind: 'host', players: players as number, terms, open: true }
        : choice === 'join'
          ? { kind: 'join', address: address!, join: true }
          : { kind: 'local', players: players as number, bot, terms };

  const options: RiscLaunchOptions = {
    ...DEFAULT_LAUNCH,
    listen: (v.listen as string | undefined) ?? DEFAULT_LAUNCH.listen,
    port: port as number,
    strictPort: v.port !== undefined,
    moveTimeoutMs: (moveTimeout as number) * 1000,
    record: v['no-record'] !== true,
    ...(typeof v.key === 'string' ? { keyPath: v.key } : {}),
    ...(typeof v.record === 'string' ? { recordFile: v.record } : {}),
  };
  if (v.web === true) {
    // The page's menu offers the other games too: the launcher `risk play` makes, whose RISC games
    // are these options' (the record file included) and this seed's.
    const [{ runWeb }, { realLauncher }] = await Promise.all([
      import('../views/web/run-web.js'),
      import('./launcher.js'),
    ]);
    return runWeb({
      launcher: realLauncher({ ...options, seed: seed as number }),
      defaults: { name, rules: {}, bot: 'normal', moveTimeoutSeconds: moveTimeout as number, players: 4 },
      start:
        start.kind === 'resume'
          ? { kind: 'risc-resume', id: start.id! }
          : start.kind === 'host'
            ? { kind: 'risc-host', players: start.players, terms: start.terms }
            : start.kind === 'join'
              ? { kind: 'risc-join', address: start.address }
              : { kind: 'risc', players: start.players, bot: start.bot, terms: start.terms },
      out: io.out,
      err: io.err,
      open: v['no-browser'] !== true && Boolean(process.stdout.isTTY),
    });
  }
  const { riscLauncher } = await import('./risc-launcher.js');
  const launcher = riscLauncher(options, seed as number);
  const terminal = Boolean(process.stdout.isTTY && process.stdin.isTTY);
  if (v.plain === true || !terminal) {
    const { runRiscPlain } = await import('../views/risc/plain.js');
    return runRiscPlain({ launcher, name, start, input: process.stdin, out: io.out });
  }
  const { runRiscUi } = await import('../views/risc/run-risc-ui.js');
  await runRiscUi({ launcher, name, start, color: colorWanted() && v['no-color'] !== true });
  return 0;
}
