// Game options: one typed object, every field with a documented default (the 1993 rules).

/** What wins the game: world domination (default), Capital Risk, or Secret Mission Risk. */
export type Variant = 'domination' | 'capital' | 'mission';

export interface GameOptions {
  /** Seats in the game, 2–6 (people or bots; a two-player game's neutral army is not a seat). */
  readonly players: number;
  /** Armies each player places in setup. Default by player count: 2→40, 3→35, 4→30, 5→25, 6→20. */
  readonly startingArmies: number;
  /**
   * 'claim' (default): players claim territories in turn. 'random': territories are dealt at random.
   * The two-player game with a neutral army always deals at random (the 1993 rule).
   */
  readonly setup: 'claim' | 'random';
  /**
   * Two players only: 'neutral' (default, 1993) adds a neutral army that holds a third of the
   * board and never attacks; 'duel' is the class-style game of two with no neutral.
   */
  readonly twoPlayer: 'neutral' | 'duel';
  /** What wins: 'domination' (default), 'capital' or 'mission'. */
  readonly variant: Variant;
  /**
   * Capital Risk: enemy capitals a player must hold, with their own, to win. Default: all of them
   * with 2–4 players, 3 with 5–6 players (classic.md); the seed's house rule is 2.
   */
  readonly capitalsToWin: number;
  /** Card set values: 'escalating' (default: 4, 6, 8, 10, 12, 15, then +5) or 'fixed' (6 infantry, 8 cavalry, 10 artillery, 10 one of each). */
  readonly cardValues: 'escalating' | 'fixed';
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
  /** How many +2 territory bonuses one turn can earn: 'one' (default, 1993: at most 2 extra armies a turn) or 'any' (cs3099 peers). */
  readonly territoryBonusPerTurn: 'one' | 'any';
  /**
   * After taking cards by elimination: trade only while holding more than 4 ('to_four', default,
   * 1993), or trade any number of sets that leaves 4 or fewer ('any', cs3099 peers).
   */
  readonly eliminationTrade: 'to_four' | 'any';
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

/** The house rules a person chooses at setup, with their values (defaults first). */
export const HOUSE_RULES = {
  variant: ['domination', 'capital', 'mission'],
  setup: ['claim', 'random'],
  fortify: ['adjacent', 'connected'],
  cardValues: ['escalating', 'fixed'],
  twoPlayer: ['neutral', 'duel'],
} as const satisfies Partial<Record<keyof GameOptions, readonly string[]>>;

export type HouseRules = Pick<GameOptions, keyof typeof HOUSE_RULES>;

/** Enemy capitals needed to win by default: every other player's with up to 4 players, 3 with 5–6. */
export function defaultCapitalsToWin(players: number): number {
  return players <= 4 ? players - 1 : 3;
}

/** Whether a game with these options has the 1993 neutral army (two players, 'neutral'). */
export function hasNeutralArmy(options: Pick<GameOptions, 'players' | 'twoPlayer'>): boolean {
  return options.players === 2 && options.twoPlayer === 'neutral';
}

const CHOICES: Readonly<Record<string, readonly (string | number)[]>> = {
  ...HOUSE_RULES,
  forcedTradeAt: [5, 6],
  territoryBonus: ['placed', 'deploy'],
  territoryBonusCards: ['one', 'each'],
  territoryBonusPerTurn: ['one', 'any'],
  eliminationTrade: ['to_four', 'any'],
  emptyDeck: ['reshuffle', 'none'],
};

export function resolveOptions(input: OptionsInput): { ok: true; value: GameOptions } | { ok: false; reason: string } {
  const { players } = input;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return { ok: false, reason: `players must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${players}` };
  }
  for (const [key, values] of Object.entries(CHOICES)) {
    const value = (input as Record<string, unknown>)[key];
    if (value !== undefined && !values.includes(value as string)) {
      return { ok: false, reason: `${key} must be one of ${values.join(', ')}, got ${JSON.stringify(value)}` };
    }
  }
  const startingArmies = input.startingArmies ?? STARTING_ARMIES[players]!;
  if (!Number.isInteger(startingArmies) || startingArmies < 1) {
    return { ok: false, reason: `startingArmies must be a positive integer, got ${startingArmies}` };
  }
  const capitalsToWin = input.capitalsToWin ?? defaultCapitalsToWin(players);
  if (!Number.isInteger(capitalsToWin) || capitalsToWin < 1 || capitalsToWin > players - 1) {
    return {
      ok: false,
      reason: `capitalsToWin must be an integer from 1 to ${players - 1} (the other players' capitals), got ${capitalsToWin}`,
    };
  }
  const twoPlayer = input.twoPlayer ?? 'neutral';
  const neutral = hasNeutralArmy({ players, twoPlayer });
  return {
    ok: true,
    value: {
      players,
      startingArmies,
      setup: neutral ? 'random' : (input.setup ?? 'claim'),
      twoPlayer,
      variant: input.variant ?? 'domination',
      capitalsToWin,
      cardValues: input.cardValues ?? 'escalating',
      forcedTradeAt: input.forcedTradeAt ?? 5,
      fortify: input.fortify ?? 'adjacent',
      territoryBonus: input.territoryBonus ?? 'placed',
      territoryBonusCards: input.territoryBonusCards ?? 'one',
      territoryBonusPerTurn: input.territoryBonusPerTurn ?? 'one',
      eliminationTrade: input.eliminationTrade ?? 'to_four',
      emptyDeck: input.emptyDeck ?? 'reshuffle',
    },
  };
}
