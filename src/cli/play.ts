// `risk` and `risk play`: the game for people. The Ink terminal UI when stdin and stdout are a
// terminal; plain text lines (stdin commands) with --plain, in pipes, or for screen readers.
import { userInfo } from 'node:os';
import { defaultKeyPath } from '../controller/net/identity.js';
import { colorWanted } from '../views/theme.js';
import { parseStart, runPlain, type PlainStart } from '../views/plain.js';
import type { Screen } from '../views/app.js';
import { EXIT_USAGE, parseCommandArgs, parseInteger, type CommandIO } from './io.js';
import { DEFAULT_LAUNCH, realLauncher } from './launcher.js';
import { RULE_FLAGS, RULE_USAGE, rulesFromFlags } from './rule-flags.js';

export const PLAY_USAGE = `usage: risk [play] [quick | host | join <address> | hotseat [names…]] [options]
  (no choice: the main menu)
  --plain             plain text lines and typed commands, no cursor movement (automatic
                      when stdin or stdout is not a terminal); "help" lists the commands
  --name NAME         your name (default: your login name)
  --players N         host: 2–6 players, you included (default 4)
  --port P            host: TCP port (default 7475; if taken, any free port)
  --listen ADDR       address to listen on (default 0.0.0.0: others can join; 127.0.0.1: this machine only)
  --move-timeout S    host: seconds a player may think before being made neutral (default 300)
  --bot-delay MS      pause before each bot move so you can follow it (default 250)
  --seed S            seed for the bots and the hot-seat dice (default: random)
  --no-record         do not record networked games (default: recorded for risk verify)
  --no-color          no colours (also: NO_COLOR=1)
House rules (host and hot seat; joiners play the host's rules):
${RULE_USAGE}`;

const OPTIONS = {
  plain: { type: 'boolean' },
  name: { type: 'string' },
  players: { type: 'string' },
  port: { type: 'string' },
  listen: { type: 'string' },
  'move-timeout': { type: 'string' },
  'bot-delay': { type: 'string' },
  seed: { type: 'string' },
  'no-record': { type: 'boolean' },
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

export async function runPlay(args: string[], io: CommandIO): Promise<number> {
  const usage = (reason: string) => {
    io.err(`risk: ${reason}\n${PLAY_USAGE}`);
    return EXIT_USAGE;
  };
  const parsed = parseCommandArgs(args, { allowPositionals: true, options: OPTIONS });
  if (!parsed.ok) return usage(parsed.reason);
  const v = parsed.values;
  if (v.help) {
    io.out(PLAY_USAGE);
    return 0;
  }
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
  for (const value of [players, port, moveTimeout, botDelay, seed]) if (typeof value === 'string') return usage(value);
  const name = ((v.name as string | undefined) ?? loginName()).trim().slice(0, 32) || 'Player';
  const rules = rulesFromFlags(v);
  if (!rules.ok) return usage(rules.reason);

  // "risk --plain play quick" reaches here with the command word still in place.
  const positionals = parsed.positionals[0] === 'play' ? parsed.positionals.slice(1) : parsed.positionals;
  let start: PlainStart = { kind: 'menu' };
  if (positionals.length > 0) {
    const choice = parseStart(positionals, name);
    if (choice === 'quit') return 0;
    if (choice === 'rules') start = { kind: 'menu' };
    else if (typeof choice === 'string') return usage(choice);
    else start = choice.kind === 'host' && positionals.length === 1 ? { kind: 'host', players: players as number } : choice;
  }

  const launcher = realLauncher({
    ...DEFAULT_LAUNCH,
    listen: (v.listen as string | undefined) ?? DEFAULT_LAUNCH.listen,
    port: port as number,
    moveTimeoutMs: (moveTimeout as number) * 1000,
    botDelayMs: botDelay as number,
    record: v['no-record'] !== true,
    // A person keeps one peer id between games.
    keyPath: defaultKeyPath(),
    ...(Object.keys(rules.value).length > 0 ? { rules: rules.value } : {}),
    ...(seed !== -1 ? { seed: seed as number } : {}),
  });
  const color = colorWanted() && v['no-color'] !== true;
  const terminal = Boolean(process.stdout.isTTY && process.stdin.isTTY);

  let code: number;
  if (v.plain || !terminal) {
    code = await runPlain({ launcher, input: process.stdin, out: io.out, color: color && Boolean(process.stdout.isTTY), defaultName: name, start });
  } else {
    const { runTerminalUi } = await import('../views/run-ui.js');
    const screen: Screen | 'quick' =
      start.kind === 'quick' ? 'quick' : start.kind === 'join' ? { kind: 'join', address: start.address } : start.kind === 'host' ? { kind: 'host' } : start.kind === 'hotseat' ? { kind: 'hotseat', players: start.players } : { kind: 'menu' };
    await runTerminalUi({ launcher, defaultName: name, start: screen, color });
    code = 0;
  }
  return code;
}
