// The hard bot's look-ahead: the board a plan would leave behind — if it succeeds, and if it
// fails — scored by the learned evaluation as our chance to win when the next player starts.
import { type GameState, isActive, nextSeat } from '../model/index.js';
import { type Snapshot, winChances } from './features.js';
import type { Leg } from './plan.js';

/**
 * Evaluation weights, in the order of FEATURE_NAMES (features.ts). Fitted by conditional-logit
 * (softmax) regression on the features of every active player at the start of every turn of about
 * 3,000 offline games between an earlier, price-driven hard bot and normal bots (2 to 6 seats),
 * labelled with the eventual winner: held-out log-loss 0.91 against 1.20 for a uniform guess. A
 * refit on this bot's own games played worse (it then rewards side effects of its own style), and
 * nudging single weights in tournaments gained nothing beyond noise, so these stay.
 */
export const EVALUATION_WEIGHTS: readonly number[] = [
  0.7735, 3.0357, 0.3512, 0.4064, 0.7672, 1.9837, 3.2318, 0.007, -1.4217, -0.1037, 0.086, 0.0524, -0.8512, 0.6764,
];

export interface Imagined extends Snapshot {
  readonly owner: number[];
  readonly armies: number[];
  readonly cards: number[];
  readonly active: boolean[];
}

/** The position as it stands, with `toMove` the next to start a turn. */
export function imagine(state: GameState, toMove: number): Imagined {
  return {
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

export function chanceOf(s: Snapshot, me: number, weights: readonly number[] = EVALUATION_WEIGHTS): number {
  return winChances(s, weights)[me]!;
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
  weights?: readonly number[],
): number {
  let success = 1;
  for (const leg of legs) success *= leg.odds.success;
  const won = chanceOf(afterLegs(base, me, legs, true, earnsCard), me, weights);
  if (success > 0.999) return won;
  const lost = chanceOf(afterLegs(base, me, legs, false, earnsCard), me, weights);
  return success * won + (1 - success) * lost;
}
