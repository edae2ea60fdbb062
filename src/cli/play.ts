// `risk` and `risk play`: the game for people. The Ink terminal UI when stdin and stdout are a
// terminal; plain text lines (stdin commands) with --plain, in pipes, or for screen readers.
import { userInfo } from 'node:os';
import { colorWanted } from '../views/theme.js';
import { parseStart, runPlain, type PlainStart } from '../views/plain.js';
import type { Screen } from '../views/app.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';
import { DEFAULT_LAUNCH, realLauncher, type LauncherOptions } from './launcher.js';
import { RULE_FLAGS, RULE_USAGE, rulesFromFlags } from './rule-flags.js';

export const PLAY_USAGE = `usage: risk [play] [quick | host | join <address> | hotseat [names…]] [options]
  (no choice: the main menu)
  --plain             plain text lines and typed commands, no cursor movement (automatic
                      when stdin or stdout is not a terminal); "help" lists the commands
  --name NAME         your name (default: your login name)
  --players N         host: 2–6 players, you included (default 4)
  --port P            host: TCP port (default 7475, or any free port if that is taken; a port
                      given here must be free)
  --key FILE          keep this peer identity in FILE between runs (default: a new identity
                      for each run, so two programs on one machine can play each other)
  --listen ADDR       address to listen on (default 0.0.0.0: others can join; 127.0.0.1: this machine only)
  --move-timeout S    host: seconds a player may think before being made neutral (default 300)
  --bot-delay MS      pause before each bot move so you can follow it (default 250)
  --defend-by-hand    choose your defence dice when attacked (default: the most dice, at once;
                      also a setting in the game's help, key ?)
  --seed S            seed for the bots and the hot-seat dice (default: random)
  --no-record         do not record networked games (default: recorded for risk verify)
  --no-color          no colours (also: NO_COLOR=1)
  --game risc         RISC, the simultaneous-orders game, against bots (risk play --game risc --help)
House rules (host and hot seat; joiners play the host's rules):
${RULE_USAGE}`;

const OPTIONS = {
  plain: { type: 'boolean' },
  name: { type: 'string' },
  players: { type: 'string' },
  port: { type: 'string' },
  key: { type: 'string' },
  listen: { type: 'string' },
  'move-timeout': { type: 'string' },
  'bot-delay': { type: 'string' },
  seed: { type: 'string' },
  'no-record': { type: 'boolean' },
  'defend-by-hand': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...RULE_FLAGS,
} as const;

function loginName(): string {
  try {
    const name = userInfo().username;
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : 'Player';
  } catch {
    return 'Player';
  }
}

/** `command`: how the user called it, for messages ("risk play", or "risk" for the menu). */
export async function runPlay(args: string[], io: CommandIO, command = 'risk play'): Promise<number> {
  const usage = (reason: string) => usageError(io, command, reason, PLAY_USAGE);
  const game = takeGame(args);
  if (game.game === 'risc') return (await import('./risc-play.js')).runRiscPlay(game.rest, io);
  if (game.game !== 'classic') return usage(`--game "${game.game}": the games are classic and risc`);
  const parsed = parseCommand(game.rest, io, { command, usage: PLAY_USAGE, allowPositionals: true, options: OPTIONS });
  if (!parsed.ok) return parsed.exit;
  const v = parsed.values;
  const settings = playSettings(v, parsed.positionals);
  if (typeof settings === 'string') return settings === 'quit' ? 0 : usage(settings);
  const { name, start } = settings;
  const launcher = realLauncher(settings.launch);
  const color = colorWanted() && v['no-color'] !== true;
  const terminal = Boolean(process.stdout.isTTY && process.stdin.isTTY);

  let code: number;
  if (v.plain || !terminal) {
    code = await runPlain({ launcher, input: process.stdin, out: io.out, color: color && Boolean(process.stdout.isTTY), defaultName: name, start });
  } else {
    const { runTerminalUi } = await import('../views/run-ui.js');
    await runTerminalUi({ launcher, defaultName: name, start: firstScreen(start), color });
    code = 0;
  }
  return code;
}

export interface PlaySettings {
  readonly name: string;
  readonly start: PlainStart;
  readonly launch: LauncherOptions;
}

/** What `risk play` was asked for: the player's name, where to begin, how to start games; or a usage problem ('quit': nothing to do). */
export function playSettings(v: Record<string, unknown>, given: readonly string[]): PlaySettings | string {
  const number = (name: string, fallback: number, min: number, max: number): number | string => {
    const text = v[name] as string | undefined;
    if (text === undefined) return fallback;
    return parseInteger(text, min, max) ?? `--${name} "${text}" must be a whole number from ${min} to ${max}`;
  };
  const players = number('players', 4, 2, 6);
  const port = number('port', DEFAULT_LAUNCH.port, 0, 65535);
  const moveTimeout = number('move-timeout', DEFAULT_LAUNCH.moveTimeoutMs / 1000, 5, 86_400);
  const botDelay = number('bot-delay', DEFAULT_LAUNCH.botDelayMs, 0, 10_000);
  const seed = number('seed', -1, 0, 2 ** 32 - 1);
  for (const value of [players, port, moveTimeout, botDelay, seed]) if (typeof value === 'string') return value;
  const name = ((v.name as string | undefined) ?? loginName()).trim().slice(0, 32) || 'Player';
  if (v.key !== undefined && (v.key as string).trim() === '') return '--key needs a file name';
  const rules = rulesFromFlags(v as Record<string, string | boolean | undefined>);
  if (!rules.ok) return rules.reason;

  // "risk --plain play quick" reaches here with the command word still in place.
  const positionals = given[0] === 'play' ? given.slice(1) : given;
  let start: PlainStart = { kind: 'menu' };
  if (positionals.length > 0) {
    const choice = parseStart(positionals, name);
    if (choice === 'quit') return 'quit';
    if (choice === 'rules') start = { kind: 'menu' };
    else if (typeof choice === 'string') return choice;
    else start = choice.kind === 'host' && positionals.length === 1 ? { kind: 'host', players: players as number } : choice;
  }
  // "play hotseat" alone opens the form; with names the game starts.
  if (start.kind === 'hotseat' && positionals.length === 1) start = { kind: 'hotseat', players: start.players, form: true };

  const launch: LauncherOptions = {
    ...DEFAULT_LAUNCH,
    listen: (v.listen as string | undefined) ?? DEFAULT_LAUNCH.listen,
    port: port as number,
    // A port the player chose must be that port; the default may fall back to any free one.
    strictPort: v.port !== undefined,
    moveTimeoutMs: (moveTimeout as number) * 1000,
    botDelayMs: botDelay as number,
    record: v['no-record'] !== true,
    defendByHand: v['defend-by-hand'] === true,
    // A new identity per run unless asked: a shared key file makes two programs one peer.
    ...(v.key !== undefined ? { keyPath: v.key as string } : {}),
    ...(Object.keys(rules.value).length > 0 ? { rules: rules.value } : {}),
    ...(seed !== -1 ? { seed: seed as number } : {}),
  };
  return { name, start, launch };
}

/** The terminal UI's first screen: "play host|join|hotseat" go straight in, as the help says. */
export function firstScreen(start: PlainStart): Screen | 'quick' {
  switch (start.kind) {
    case 'menu':
      return { kind: 'menu' };
    case 'quick':
      return 'quick';
    case 'host':
      return { kind: 'host', players: start.players, open: true };
    case 'join':
      return { kind: 'join', address: start.address, join: true };
    case 'hotseat':
      return { kind: 'hotseat', players: start.players, start: start.form !== true };
  }
}

/** Takes --game out of the arguments: RISC has its own options, so it is chosen before parsing. */
function takeGame(args: string[]): { game: string; rest: string[] } {
  const at = args.findIndex((a) => a === '--game' || a.startsWith('--game='));
  if (at < 0) return { game: 'classic', rest: args };
  const inline = args[at]!.startsWith('--game=');
  const game = inline ? args[at]!.slice('--game='.length) : (args[at + 1] ?? '');
  return { game, rest: [...args.slice(0, at), ...args.slice(at + (inline ? 1 : 2))] };
}
