// Test helpers: scripted dice and hand-built game states.
import {
  classicBoard,
  type Dice,
  type GameState,
  newGame,
  type OptionsInput,
  type Phase,
  resolveOptions,
} from '../src/model/index.js';

/** Dice that return the given faces (and `below`/`shuffle` results) in order, and fail loudly when they run out. */
export function scriptedDice(
  faces: number[],
  belows: number[] = [],
  shuffles: number[][] = [],
): Dice & { used(): number } {
  let used = 0;
  return {
    die() {
      const face = faces.shift();
      if (face === undefined) throw new Error('scripted dice ran out of faces');
      used++;
      return face;
    },
    below(n) {
      const value = belows.shift();
      if (value === undefined || value >= n) throw new Error(`scripted dice: no below(${n}) value left`);
      return value;
    },
    shuffle(n) {
      const order = shuffles.shift();
      if (order === undefined) return Array.from({ length: n }, (_, i) => i);
      return order;
    },
    used: () => used,
  };
}

export interface Scenario {
  players?: number;
  options?: Partial<OptionsInput>;
  /** Owner of each territory; default: territory t belongs to t % players. */
  owner?: (territory: number) => number;
  /** Armies per territory; default 1, overridden by `armies`. */
  armies?: Record<number, number>;
  phase?: Phase;
  current?: number;
  hands?: Record<number, number[]>;
  deck?: number[];
  discards?: number[];
  toDeploy?: number;
  setsTraded?: number;
  capturedThisTurn?: boolean;
}

/** A game after setup, built by hand. Cards not in a hand or the discards are in the deck. */
export function midGame(s: Scenario = {}): GameState {
  const players = s.players ?? 2;
  const options = resolveOptions({ players, ...s.options });
  if (!options.ok) throw new Error(options.reason);
  const base = newGame(classicBoard(), options.value);
  const ownerOf = s.owner ?? ((t: number) => t % players);
  const owner = base.owner.map((_, t) => ownerOf(t));
  const armies = base.armies.map((_, t) => s.armies?.[t] ?? 1);
  const held = new Set([...Object.values(s.hands ?? {}).flat(), ...(s.discards ?? [])]);
  const deck = s.deck ?? Array.from({ length: 44 }, (_, c) => c).filter((c) => !held.has(c));
  return {
    ...base,
    phase: s.phase ?? 'attack',
    owner,
    armies,
    firstPlayer: 0,
    current: s.current ?? 0,
    turn: 1,
    deck,
    discards: s.discards ?? [],
    setsTraded: s.setsTraded ?? 0,
    toDeploy: s.toDeploy ?? 0,
    capturedThisTurn: s.capturedThisTurn ?? false,
    players: base.players.map((p) => ({ ...p, reserve: 0, cards: s.hands?.[p.id] ?? [] })),
  };
}

/** Deep-freezes a state so any mutation by the reducer throws. */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) frozen((value as Record<string, unknown>)[key]);
  }
  return value;
}
