// Offline RISC games between bots, straight on the model (no commitments): the tournament behind
// `risk tournament --game risc`, the tests and the benches. A game's outcome depends only on the
// seed, its index and the bot list (seats rotated by the game's index), so results are repeatable.
import {
  DEFAULT_START_UNITS,
  executePlacement,
  executeTurn,
  type RiscMap,
  type RiscState,
  riscMap,
  startRisc,
} from '../../model/risc/index.js';
import { mersenneStream, uniformDice } from '../../protocol/random.js';
import { wilson } from '../tournament.js';
import { createRiscBot, type RiscBotKind } from './bots.js';

export interface RiscGameResult {
  /** The winning seat, or null (a draw at the turn limit, or stopped at the turn cap). */
  readonly winner: number | null;
  /** Turns executed. */
  readonly turns: number;
  /** How it ended: one player holds everything, the agreed turn limit, or stopped at the cap. */
  readonly ending: 'conquest' | 'limit' | 'cap';
  readonly final: RiscState;
}

export interface RiscGameOptions {
  /** Stop without a winner after this many turns (a safety net, not a rule). */
  readonly turnCap?: number;
  /** The turn limit, a rule of the game (see limitWinner). */
  readonly turnLimit?: number | null;
  readonly map?: RiscMap;
}

export function playRiscGame(
  kinds: readonly RiscBotKind[],
  seed: number,
  options: RiscGameOptions | number = {},
): RiscGameResult {
  const {
    turnCap = 1000,
    turnLimit = null,
    map = riscMap(),
  } = typeof options === 'number' ? { turnCap: options } : options;
  const started = startRisc(
    map,
    kinds.map((k, i) => `${k}-${i}`),
    DEFAULT_START_UNITS,
    turnLimit,
  );
  if (!started.ok) throw new Error(started.reason);
  const bots = kinds.map(createRiscBot);
  const rngs = kinds.map((_, i) => uniformDice(mersenneStream([seed >>> 0, i + 1])));
  const dice = uniformDice(mersenneStream([seed >>> 0, 0]));
  let state = executePlacement(
    started.value,
    bots.map((b, i) => b.place(started.value, i, rngs[i]!)),
  ).state;
  while (state.phase === 'orders' && state.turn <= turnCap) {
    const s = state;
    const orders = bots.map((b, i) => (s.lost[i] ? [] : b.orders(s, i, rngs[i]!)));
    state = executeTurn(s, orders, dice).state;
  }
  const conquered = state.phase === 'over' && state.owner.every((o) => o === state.owner[0]);
  return {
    winner: state.winner,
    turns: state.turn - 1,
    ending: conquered ? 'conquest' : state.phase === 'over' ? 'limit' : 'cap',
    final: state,
  };
}

export interface RiscTournamentSetup {
  readonly bots: readonly RiscBotKind[];
  readonly games: number;
  readonly seed: number;
  readonly turnLimit: number | null;
  readonly turnCap: number;
}

export interface RiscTournamentGame {
  readonly game: number;
  /** Seat s holds the bot at list position seats[s]. */
  readonly seats: readonly number[];
  readonly winnerSeat: number | null;
  readonly turns: number;
  readonly ending: RiscGameResult['ending'];
}

export interface RiscTournament {
  readonly games: number;
  /** Games with a result: a conquest or the turn limit (not stopped at the cap). */
  readonly ended: number;
  readonly conquests: number;
  readonly byLimit: number;
  readonly draws: number;
  readonly turns: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly winsBySeat: number[];
  /** By list position in --bots (the bot kinds as given). */
  readonly winsByPosition: number[];
  /** 95% Wilson intervals of each position's win rate. */
  readonly intervals: [number, number][];
  readonly list: readonly RiscTournamentGame[];
}

/** Seat s of game g holds the bot at list position (s + g) mod N, so every bot plays every seat. */
export function riscTournament(setup: RiscTournamentSetup): RiscTournament {
  const n = setup.bots.length;
  const list: RiscTournamentGame[] = [];
  for (let game = 0; game < setup.games; game++) {
    const seats = Array.from({ length: n }, (_, s) => (s + game) % n);
    const result = playRiscGame(
      seats.map((p) => setup.bots[p]!),
      (setup.seed + game) >>> 0,
      { turnCap: setup.turnCap, turnLimit: setup.turnLimit },
    );
    list.push({ game, seats, winnerSeat: result.winner, turns: result.turns, ending: result.ending });
  }
  const winsBySeat = setup.bots.map(() => 0);
  const winsByPosition = setup.bots.map(() => 0);
  for (const g of list) {
    if (g.winnerSeat === null) continue;
    winsBySeat[g.winnerSeat]!++;
    winsByPosition[g.seats[g.winnerSeat]!]!++;
  }
  const ended = list.filter((g) => g.ending !== 'cap');
  const turns = ended.map((g) => g.turns).sort((a, b) => a - b);
  const at = (q: number) => turns[Math.min(turns.length - 1, Math.ceil(q * turns.length) - 1)] ?? 0;
  return {
    games: list.length,
    ended: ended.length,
    conquests: list.filter((g) => g.ending === 'conquest').length,
    byLimit: list.filter((g) => g.ending === 'limit').length,
    draws: list.filter((g) => g.ending === 'limit' && g.winnerSeat === null).length,
    turns: { p50: at(0.5), p99: at(0.99), max: turns.at(-1) ?? 0 },
    winsBySeat,
    winsByPosition,
    intervals: winsByPosition.map((w) => wilson(w, list.length)),
    list,
  };
}
