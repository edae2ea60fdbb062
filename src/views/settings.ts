// The player's profile: what every run would otherwise ask again (name, colours, dice, bots, move
// timeout, house rules). Kept as JSON by the cli (settings-file.ts), edited in the menu's Settings,
// and overridden for one run by the command line's flags. Checked by hand, not with zod: the menu's
// first paint loads no zod (bench:startup).
import { type GameOptions, HOUSE_RULES } from '../model/index.js';
import type { Rules } from '../protocol/rules.js';
import { PLAYER_COLORS } from './theme.js';

export type PlayerColor = (typeof PLAYER_COLORS)[number];
export const BOT_KINDS = ['easy', 'normal', 'hard'] as const;
export type BotChoice = (typeof BOT_KINDS)[number];

export interface Settings {
  /** Your name in games. */
  readonly name: string;
  /** The colour your seat shows in on your screen (it swaps with the seat that has it); null: your seat's own. */
  readonly color: PlayerColor | null;
  /** Colours on (NO_COLOR and --no-color still turn them off). */
  readonly colors: boolean;
  /** Your battles' dice tumble for a moment before they settle. */
  readonly diceAnimation: boolean;
  /** The bots of a quick game, of a lobby's empty seats and of a new hot-seat row. */
  readonly bot: BotChoice;
  /** How long a player may think when you host, before being made neutral. */
  readonly moveTimeoutSeconds: number;
  /** The house rules your Host and Hot-seat forms start from (defaults left out). */
  readonly rules: Rules;
}

export const MOVE_TIMEOUTS = [30, 60, 120, 300, 600, 1800, 3600] as const;
export const MOVE_TIMEOUT_RANGE = [5, 86_400] as const;

export function defaultSettings(name: string): Settings {
  return { name, color: null, colors: true, diceAnimation: true, bot: 'normal', moveTimeoutSeconds: 300, rules: {} };
}

/** "5 min", "30 s", "1 h". */
export function secondsText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The house rules of a settings file, each value one the forms offer. */
function rulesFrom(value: unknown): Checked<Rules> {
  if (value === undefined) return { ok: true, value: {} };
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, reason: '"rules" must be an object, e.g. {"variant": "capital"}' };
  const rules: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'capitalsToWin') {
      if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 5)
        return { ok: false, reason: '"rules.capitalsToWin" must be a whole number from 1 to 5' };
      rules[key] = v;
      continue;
    }
    const choices = (HOUSE_RULES as Record<string, readonly string[]>)[key];
    if (choices === undefined)
      return {
        ok: false,
        reason: `"rules.${key}" is not a house rule (they are ${[...Object.keys(HOUSE_RULES), 'capitalsToWin'].join(', ')})`,
      };
    if (!choices.includes(v as string))
      return { ok: false, reason: `"rules.${key}" must be ${choices.join(' or ')}, not ${JSON.stringify(v)}` };
    rules[key] = v;
  }
  return { ok: true, value: rules as Partial<GameOptions> as Rules };
}

/**
 * A settings file's contents, checked: every field optional (missing ones take the defaults),
 * every given one valid; or the first thing wrong, in words.
 */
export function settingsFrom(json: unknown, defaults: Settings): Checked<Settings> {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return { ok: false, reason: 'it must hold one JSON object, e.g. {"name": "Ann"}' };
  const o = json as Record<string, unknown>;
  const known = ['name', 'color', 'colors', 'diceAnimation', 'bot', 'moveTimeoutSeconds', 'rules'];
  const unknown = Object.keys(o).find((k) => !known.includes(k));
  if (unknown !== undefined)
    return { ok: false, reason: `"${unknown}" is not a setting (they are ${known.join(', ')})` };
  if (o.name !== undefined && (typeof o.name !== 'string' || o.name.trim() === '' || o.name.length > 32))
    return { ok: false, reason: '"name" must be a name of 1 to 32 characters' };
  if (o.color !== undefined && o.color !== null && !PLAYER_COLORS.includes(o.color as PlayerColor))
    return { ok: false, reason: `"color" must be ${PLAYER_COLORS.join(', ')} or null (your seat's own)` };
  for (const key of ['colors', 'diceAnimation'])
    if (o[key] !== undefined && typeof o[key] !== 'boolean')
      return { ok: false, reason: `"${key}" must be true or false` };
  if (o.bot !== undefined && !BOT_KINDS.includes(o.bot as BotChoice))
    return { ok: false, reason: `"bot" must be ${BOT_KINDS.join(', ')}` };
  const [low, high] = MOVE_TIMEOUT_RANGE;
  const timeout = o.moveTimeoutSeconds;
  if (timeout !== undefined && (!Number.isInteger(timeout) || (timeout as number) < low || (timeout as number) > high))
    return { ok: false, reason: `"moveTimeoutSeconds" must be a whole number from ${low} to ${high}` };
  const rules = rulesFrom(o.rules);
  if (!rules.ok) return rules;
  return {
    ok: true,
    value: {
      name: typeof o.name === 'string' ? o.name.trim() : defaults.name,
      color: o.color === undefined ? defaults.color : (o.color as PlayerColor | null),
      colors: (o.colors as boolean | undefined) ?? defaults.colors,
      diceAnimation: (o.diceAnimation as boolean | undefined) ?? defaults.diceAnimation,
      bot: (o.bot as BotChoice | undefined) ?? defaults.bot,
      moveTimeoutSeconds: (timeout as number | undefined) ?? defaults.moveTimeoutSeconds,
      rules: rules.value,
    },
  };
}
