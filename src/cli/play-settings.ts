// What `risk play` was asked for, from its parsed arguments: the player's name, the first screen
// and how the launcher starts games. Loaded by play.ts after the arguments are checked.
import { isIPv4 } from 'node:net';
import { userInfo } from 'node:os';
import type { Screen } from '../views/app.js';
import { type PlainStart, parseStart } from '../views/plain.js';
import { defaultSettings, type Settings } from '../views/settings.js';
import { parseInteger } from './io.js';
import { DEFAULT_LAUNCH, type LauncherOptions } from './launcher.js';
import { rulesFromFlags } from './rule-flags.js';

export function loginName(): string {
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
  /** The settings this run plays with: the file's, with the command line's flags over them. */
  readonly settings: Settings;
}

/**
 * What `risk play` was asked for: the player's name, where to begin, how to start games; or a
 * usage problem ('quit': nothing to do). `file`: the player's settings, which the flags override.
 */
export function playSettings(
  v: Record<string, unknown>,
  given: readonly string[],
  file: Settings = defaultSettings(loginName()),
): PlaySettings | string {
  const number = (name: string, fallback: number, min: number, max: number): number | string => {
    const text = v[name] as string | undefined;
    if (text === undefined) return fallback;
    return parseInteger(text, min, max) ?? `--${name} "${text}" must be a whole number from ${min} to ${max}`;
  };
  const players = number('players', 4, 2, 6);
  const port = number('port', DEFAULT_LAUNCH.port, 0, 65535);
  const moveTimeout = number('move-timeout', file.moveTimeoutSeconds, 5, 86_400);
  const botDelay = number('bot-delay', DEFAULT_LAUNCH.botDelayMs, 0, 10_000);
  const seed = number('seed', -1, 0, 2 ** 32 - 1);
  for (const value of [players, port, moveTimeout, botDelay, seed]) if (typeof value === 'string') return value;
  const name = ((v.name as string | undefined) ?? file.name).trim().slice(0, 32) || 'Player';
  if (v.key !== undefined && (v.key as string).trim() === '') return '--key needs a file name';
  const listen = v.listen as string | undefined;
  // The peers listen on IPv4 (libp2p's /ip4/ addresses): anything else fails there, in its words.
  if (listen !== undefined && !isIPv4(listen))
    return `--listen "${listen}" must be an IPv4 address of this machine, e.g. 0.0.0.0 (all) or 127.0.0.1`;
  const flagged = rulesFromFlags(v as Record<string, string | boolean | undefined>);
  if (!flagged.ok) return flagged.reason;
  // Each rule given on the command line over the one in the settings.
  const rules = { ...file.rules, ...flagged.value };

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
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
    ...(seed !== -1 ? { seed: seed as number } : {}),
    bot: file.bot,
  };
  return { name, start, launch, settings: { ...file, name, moveTimeoutSeconds: moveTimeout as number, rules } };
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
    // The terminal UI chooses a saved game and how it goes on in its Resume list.
    case 'saved':
    case 'resume':
    case 'rejoin':
      return { kind: 'resume' };
  }
}
