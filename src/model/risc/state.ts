// RISC game state: plain data, one value per turn. Players are seats 0..n-1; player i starts with
// starting group i of the map. A player is "out" when they hold no territory (lost) or were expelled
// for cheating; an expelled player's territories stay on the board, defended but never ordered.
import type { Board, Result } from '../board.js';
import type { RiscMap } from './map.js';

export interface RiscPlayer {
  readonly id: number;
  readonly name: string;
}

export type RiscPhase = 'placement' | 'orders' | 'over';

export interface RiscState {
  readonly board: Board;
  readonly players: readonly RiscPlayer[];
  /** owner[t]: the player holding territory t. */
  readonly owner: readonly number[];
  /** units[t]: units on territory t (may be 0). */
  readonly units: readonly number[];
  readonly phase: RiscPhase;
  /** 0 while placing, then the number of the turn being planned. */
  readonly turn: number;
  /** Units each player places at the start. */
  readonly startUnits: number;
  readonly lost: readonly boolean[];
  readonly expelled: readonly boolean[];
  readonly winner: number | null;
  /** The last turn the players agreed to play (null: none): see limitWinner. */
  readonly turnLimit: number | null;
}

export const DEFAULT_START_UNITS = 30;
/** The turn limit a lobby offers unless its host changes it. */
export const DEFAULT_TURN_LIMIT = 100;
/** The largest terms a lobby may agree (the record's header and the lobby's messages say no more). */
export const MAX_START_UNITS = 10_000;
export const MAX_TURN_LIMIT = 100_000;

export function startRisc(
  map: RiscMap,
  names: readonly string[],
  startUnits = DEFAULT_START_UNITS,
  turnLimit: number | null = null,
): Result<RiscState> {
  const groups = map.groups[names.length];
  if (groups === undefined) {
    const counts = Object.keys(map.groups).join(', ');
    return { ok: false, reason: `this map has starting groups for ${counts} players, not ${names.length}` };
  }
  if (!Number.isInteger(startUnits) || startUnits < 1)
    return { ok: false, reason: `starting units must be a positive whole number, not ${startUnits}` };
  if (turnLimit !== null && (!Number.isInteger(turnLimit) || turnLimit < 1))
    return { ok: false, reason: `the turn limit must be a positive whole number, not ${turnLimit}` };
  const owner = new Array<number>(map.board.territories.length).fill(-1);
  groups.forEach((group, player) => group.forEach((t) => (owner[t] = player)));
  return {
    ok: true,
    value: {
      board: map.board,
      players: names.map((name, id) => ({ id, name })),
      owner,
      units: owner.map(() => 0),
      phase: 'placement',
      turn: 0,
      startUnits,
      lost: names.map(() => false),
      expelled: names.map(() => false),
      winner: null,
      turnLimit,
    },
  };
}

/** Players who still issue orders: neither lost nor expelled. */
export function activePlayers(state: RiscState): number[] {
  return state.players.map((p) => p.id).filter((id) => !state.lost[id] && !state.expelled[id]);
}

export function territoriesOf(state: RiscState, player: number): number[] {
  return state.owner.flatMap((o, t) => (o === player ? [t] : []));
}

export function unitsOf(state: RiscState, player: number): number {
  return state.owner.reduce((sum, o, t) => (o === player ? sum + state.units[t]! : sum), 0);
}

/** Marks a player expelled (a cheater): they issue no more orders; their territories stay. */
export function expel(state: RiscState, player: number): RiscState {
  if (state.expelled[player] || state.phase === 'over') return state;
  const expelled = state.expelled.map((e, i) => e || i === player);
  const next = { ...state, expelled };
  return activePlayers(next).length === 0 ? { ...next, phase: 'over' } : next;
}
