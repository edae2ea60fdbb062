// Game options: one typed object, every field with a documented default.

export interface GameOptions {
  /** Seats in the game, 2–6. */
  readonly players: number;
  /** Armies each player places in setup. Default by player count: 2→40, 3→35, 4→30, 5→25, 6→20. */
  readonly startingArmies: number;
  /** 'claim' (default): players claim territories in turn. 'random': territories are dealt at random. */
  readonly setup: 'claim' | 'random';
  /** A player starting a turn with this many cards or more must trade. Default 5 (1993); option 6. */
  readonly forcedTradeAt: 5 | 6;
  /** Fortify between 'adjacent' territories (default, 1993 and cs3099) or any 'connected' pair. */
  readonly fortify: 'adjacent' | 'connected';
  /**
   * Where the +2 armies for a traded card showing an owned territory go: 'placed' on that
   * territory at once (default, 1993), or added to the armies to 'deploy' this turn.
   */
  readonly territoryBonus: 'placed' | 'deploy';
  /** How many of a set's cards can earn the +2: 'one' per set (default, 1993) or 'each' (cs3099 peers). */
  readonly territoryBonusCards: 'one' | 'each';
  /**
   * When the draw pile runs out: 'reshuffle' the traded cards into a new pile (default, 1993), or
   * draw 'none' (the cs3099 peers, whose protocol has no dice round for a reshuffle).
   */
  readonly emptyDeck: 'reshuffle' | 'none';
}

export const STARTING_ARMIES: Readonly<Record<number, number>> = { 2: 40, 3: 35, 4: 30, 5: 25, 6: 20 };
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export type OptionsInput = Partial<GameOptions> & { readonly players: number };

export function resolveOptions(input: OptionsInput): { ok: true; value: GameOptions } | { ok: false; reason: string } {
  const { players } = input;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return { ok: false, reason: `players must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${players}` };
  }
  const startingArmies = input.startingArmies ?? STARTING_ARMIES[players]!;
  if (!Number.isInteger(startingArmies) || startingArmies < 1) {
    return { ok: false, reason: `startingArmies must be a positive integer, got ${startingArmies}` };
  }
  return {
    ok: true,
    value: {
      players,
      startingArmies,
      setup: input.setup ?? 'claim',
      forcedTradeAt: input.forcedTradeAt ?? 5,
      fortify: input.fortify ?? 'adjacent',
      territoryBonus: input.territoryBonus ?? 'placed',
      territoryBonusCards: input.territoryBonusCards ?? 'one',
      emptyDeck: input.emptyDeck ?? 'reshuffle',
    },
  };
}
