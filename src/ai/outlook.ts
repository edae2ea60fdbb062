// The hard bot's look-ahead: the board a plan would leave behind — if it succeeds, and if it
// fails — scored by the learned evaluation as our chance to win when the next player starts
// (with three players, less what the rivals' next rolls would take from us, and less the gap
// between the two rivals' chances).
import { type GameState, isActive, nextSeat } from '../model/index.js';
import { type Snapshot, winChances } from './features.js';
import type { Leg } from './plan.js';
import { rolledOver } from './rival-rolls.js';

/** Which weights score a position: by the players still in it (and, with two, whether a neutral army holds a third of the board). */
export type EvaluationTable = 'duel' | 'neutral' | 'three' | 'four' | 'more';

export type Evaluations = Readonly<Record<EvaluationTable, readonly number[]>>;

export function tableFor(state: GameState): EvaluationTable {
  let active = 0;
  for (const p of state.players) if (isActive(p)) active++;
  if (active <= 2) return state.neutralArmy >= 0 ? 'neutral' : 'duel';
  return active === 3 ? 'three' : active === 4 ? 'four' : 'more';
}

export interface Imagined extends Snapshot {
  readonly owner: number[];
  readonly armies: number[];
  readonly cards: number[];
  readonly active: boolean[];
}

/** The position as it stands, with `toMove` the next to start a turn. */
export function imagine(state: GameState, toMove: number, objective?: Snapshot['objective']): Imagined {
  return {
    objective,
    board: state.board,
    owner: [...state.owner],
    armies: [...state.armies],
    cards: state.players.map((p) => p.cards.length),
    active: state.players.map(isActive),
    setsTraded: state.setsTraded,
    toMove,
  };
}

/** Who starts the next turn after ours. */
export function nextToMove(state: GameState, me: number): number {
  const next = nextSeat(state, me, isActive);
  return next < 0 ? me : next;
}

/** How the hard bot scores a position: the evaluation's weights, and how much the rivals' rolls into us count. */
export interface Scoring {
  readonly weights: readonly number[];
  /** Subtracted from the chance to win per share of the board the rivals' rolls would take from us (rival-rolls.ts); 0: off. */
  readonly rivalRolls: number;
  /**
   * With two rivals: subtracted from the chance to win per point by which the leading rival's
   * chance stands above the other's (absent or 0: off), so that we hit the leader rather than
   * weaken the other rival for the leader to finish and take its cards.
   */
  readonly leaderGap?: number;
}

export function chanceOf(s: Snapshot, me: number, scoring: Scoring): number {
  const chances = winChances(s, scoring.weights);
  let chance = chances[me]!;
  if (scoring.leaderGap) chance -= scoring.leaderGap * rivalsGap(chances, s.active, me);
  if (scoring.rivalRolls === 0) return chance;
  return chance - (scoring.rivalRolls * rolledOver(s, me)) / s.owner.length;
}

/** How far the leading rival's chance stands above the other's, when exactly two rivals are in (else 0). */
function rivalsGap(chances: Float64Array, active: ArrayLike<boolean>, me: number): number {
  let first = -1;
  let gap = 0;
  let rivals = 0;
  for (let p = 0; p < active.length; p++) {
    if (p === me || !active[p]) continue;
    rivals++;
    if (first < 0) first = p;
    else gap = Math.abs(chances[first]! - chances[p]!);
  }
  return rivals === 2 ? gap : 0;
}

function copy(s: Imagined): Imagined {
  return { ...s, owner: [...s.owner], armies: [...s.armies], cards: [...s.cards], active: [...s.active] };
}

/** Takes `t` for `me` with `armies` standing in it; a player left without territory is out and hands over their cards. */
function take(s: Imagined, me: number, t: number, armies: number): void {
  const loser = s.owner[t]!;
  s.owner[t] = me;
  s.armies[t] = armies;
  if (loser >= 0 && !s.owner.includes(loser)) {
    s.cards[me]! += s.cards[loser]!;
    s.cards[loser] = 0;
    s.active[loser] = false;
  }
}

/**
 * The board after the legs: all taken (`success`), or each stopped part-way, after the number of
 * captures expected when a leg fails. Each stack moves all but one army forward; the turn's card
 * comes with the first capture.
 */
export function afterLegs(
  base: Imagined,
  me: number,
  legs: readonly Leg[],
  success: boolean,
  earnsCard: boolean,
): Imagined {
  const s = copy(base);
  let captured = false;
  for (const leg of legs) {
    const { chain, odds } = leg;
    s.armies[leg.source] = 1;
    if (success) {
      chain.forEach((t, i) => take(s, me, t, i === chain.length - 1 ? Math.max(1, Math.round(odds.expectedLeft)) : 1));
      captured = true;
      continue;
    }
    const failing = 1 - odds.success;
    const taken =
      failing > 1e-9 ? Math.round(Math.max(0, odds.expectedTaken - odds.success * chain.length) / failing) : 0;
    for (let i = 0; i < Math.min(taken, chain.length - 1); i++) take(s, me, chain[i]!, 1);
    if (taken > 0) captured = true;
    // The stack was spent on the territory where it stopped, wearing its defenders down.
    const stop = chain[Math.min(taken, chain.length - 1)]!;
    const spent = Math.max(0, odds.expectedLosses - taken);
    s.armies[stop] = Math.max(1, s.armies[stop]! - Math.round(spent / 2));
  }
  if (captured && earnsCard) s.cards[me]!++;
  return s;
}

/** Expected chance to win after the legs, from the all-or-nothing outcomes weighted by their odds. */
export function legsOutlook(
  base: Imagined,
  me: number,
  legs: readonly Leg[],
  earnsCard: boolean,
  scoring: Scoring,
): number {
  let success = 1;
  for (const leg of legs) success *= leg.odds.success;
  const won = chanceOf(afterLegs(base, me, legs, true, earnsCard), me, scoring);
  if (success > 0.999) return won;
  const lost = chanceOf(afterLegs(base, me, legs, false, earnsCard), me, scoring);
  return success * won + (1 - success) * lost;
}
