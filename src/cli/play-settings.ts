// What `risk play` was asked for, from its parsed arguments: the player's name, the first screen
// and how the launcher starts games. Loaded by play.ts after the arguments are checked.
import { userInfo } from 'node:os';
import type { Screen } from '../views/app.js';
import { type PlainStart, parseStart } from '../views/plain.js';
import { parseInteger } from './io.js';
import { DEFAULT_LAUNCH, type LauncherOptions } from './launcher.js';
import { rulesFromFlags } from './rule-flags.js';

function loginName(): string {
  try {
    const name = userInfo().username;
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : 'Player';
  } catch {
    return 'Player';
  }
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
    else
      start =
        choice.kind === 'host' && positionals.length === 1 ? { kind: 'host', players: players as number } : choice;
  }
  // "play hotseat" alone opens the form; with names the game starts.
  if (start.kind === 'hotseat' && positionals.length === 1)
    start = { kind: 'hotseat', players: start.players, form: true };

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
