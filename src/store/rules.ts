// The rules a stored game was played by. Replay, resume, statistics and export all read them from
// the game's row, so a row must not depend on the defaults of the program reading it: new games are
// stored with every rule written out, and migration 3 writes out the rules of older rows as they
// were when those games were played.
import { type OptionsInput, resolveOptions } from '../model/index.js';
import type { Database } from './sqlite.js';

export type StoredRules = Omit<OptionsInput, 'players'>;

/**
 * The defaults before the 1993 variants: a two-player game is a duel with no neutral army, any
 * number of +2 territory bonuses a turn, and any trade after an elimination that leaves 4 or fewer.
 * Every game stored by schema versions 1 and 2 was played by these, unless its row says otherwise.
 */
export const PRE_1993_RULES: Required<Omit<StoredRules, 'startingArmies' | 'capitalsToWin'>> = {
  setup: 'claim',
  twoPlayer: 'duel',
  variant: 'domination',
  cardValues: 'escalating',
  forcedTradeAt: 5,
  fortify: 'adjacent',
  territoryBonus: 'placed',
  territoryBonusCards: 'one',
  territoryBonusPerTurn: 'any',
  eliminationTrade: 'any',
  emptyDeck: 'reshuffle',
};

/** The defaults the 1993 variants came with (what rows naming one of their options were played by). */
const FIRST_1993_RULES: typeof PRE_1993_RULES = {
  ...PRE_1993_RULES,
  twoPlayer: 'neutral',
  territoryBonusPerTurn: 'one',
  eliminationTrade: 'to_four',
};

/** Options that did not exist before the 1993 variants: a row naming one was written after they came. */
const OPTIONS_SINCE_1993 = [
  'twoPlayer',
  'variant',
  'capitalsToWin',
  'cardValues',
  'territoryBonusPerTurn',
  'eliminationTrade',
] as const;

/** `rules` with every rule this program would play written out (as given when they do not resolve). */
export function writtenOutRules(rules: StoredRules | undefined, players: number): StoredRules {
  const resolved = resolveOptions({ ...rules, players });
  if (!resolved.ok) return rules ?? {};
  const { players: _players, ...written } = resolved.value;
  return written;
}

/** Migration 3: the rules of every game stored before it, written out as they were when it was played. */
export function writeOutStoredRules(db: Database) {
  const rows = db.prepare('SELECT id, rules FROM games').all() as { id: number; rules: string }[];
  const update = db.prepare('UPDATE games SET rules = ? WHERE id = ?');
  for (const row of rows) {
    let stored: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(row.rules);
      stored = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as never) : {};
    } catch {
      stored = {};
    }
    // Rows written between the 1993 variants' arrival and this migration name their house rules.
    const defaults = OPTIONS_SINCE_1993.some((key) => key in stored) ? FIRST_1993_RULES : PRE_1993_RULES;
    update.run(JSON.stringify({ ...defaults, ...stored }), row.id);
  }
}
