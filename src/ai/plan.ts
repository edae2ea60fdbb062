// Attack plans for the hard bot: a goal (take a continent, wipe out a player, break a rival's
// continent, win the turn's card or push on) turned into legs — chains of conquests, each by one stack —
// and rated with the exact chain odds in armies gained and lost.
import { chainOdds, type ChainOdds } from './chain-odds.js';
import type { Position } from './evaluate.js';

export type Goal =
  | { readonly kind: 'continent'; readonly continent: number; readonly targets: readonly number[]; readonly value: number }
  | { readonly kind: 'eliminate'; readonly player: number; readonly targets: readonly number[]; readonly value: number }
  /** Any one of the targets will do. */
  | { readonly kind: 'break'; readonly continent: number; readonly targets: readonly number[]; readonly value: number }
  /** Any one foreign territory next to us: the turn's card, or a step forward. */
  | { readonly kind: 'capture'; readonly targets: readonly number[]; readonly value: number };

export interface Leg {
  readonly source: number;
  /** Territories to take in order, each next to the one before (the first next to the source). */
  readonly chain: readonly number[];
  /** Armies in the source when the leg starts (deployment included). */
  readonly armies: number;
  readonly odds: ChainOdds;
}

export interface Plan {
  readonly goal: Goal;
  readonly legs: readonly Leg[];
  /** Where the armies to deploy go for this plan, or null when it uses none. */
  readonly deployOn: number | null;
  readonly success: number;
  readonly score: number;
}

/** How the hard bot prices what an attack brings, in armies. */
export interface Prices {
  /** A card earned by the first capture of the turn (0 once one is earned). */
  readonly card: number;
  /** Each territory taken: income and a thinner enemy, less the cost of a thin new border. */
  readonly territory: number;
  /** Each enemy army destroyed, by owner (the leader's count more). */
  readonly kill: readonly number[];
}

const needsAll = (goal: Goal) => goal.kind === 'continent' || goal.kind === 'eliminate';

/** The best plan for a goal with `deploy` armies still to place, or null when no stack can reach it. */
export function planFor(position: Position, me: number, goal: Goal, deploy: number, prices: Prices): Plan | null {
  return needsAll(goal) ? planAll(position, me, goal, deploy, prices) : planAny(position, me, goal, deploy, prices);
}

/** Scores legs: success times the goal, plus what each capture and each kill brings, less the armies lost. */
export function scoreLegs(position: Position, goal: Goal, legs: readonly Leg[], prices: Prices): { success: number; score: number } {
  const { state } = position;
  let success = 1;
  let gains = 0;
  let firstCapture = 0;
  for (const leg of legs) {
    success *= leg.odds.success;
    const length = leg.chain.length;
    let kill = 0;
    for (const t of leg.chain) {
      kill += state.armies[t]! * prices.kill[state.owner[t]!]!;
    }
    // Kills scale with how far the leg gets; armies lost are the stack's expected losses.
    const reach = length > 0 ? leg.odds.expectedTaken / length : 0;
    gains += leg.odds.expectedTaken * prices.territory + kill * reach - leg.odds.expectedLosses;
    firstCapture = Math.max(firstCapture, leg.odds.first);
  }
  return { success, score: success * goal.value + gains + firstCapture * prices.card };
}

function planAny(position: Position, me: number, goal: Goal, deploy: number, prices: Prices): Plan | null {
  const { state } = position;
  const targets = new Set(goal.targets);
  let best: Plan | null = null;
  for (const t of goal.targets) {
    for (const s of state.board.adjacency[t]!) {
      if (state.owner[s] !== me) continue;
      const armies = state.armies[s]! + deploy;
      if (armies < 2) continue;
      const legs = [{ source: s, chain: [t], armies, odds: chainOdds(armies, [state.armies[t]!]) }];
      const { success, score } = scoreLegs(position, goal, legs, prices);
      if (best === null || score > best.score) best = { goal, legs, deployOn: deploy > 0 ? s : null, success, score };
    }
  }
  // Two steps, through a territory outside the goal, when no stack touches a target.
  if (best === null && goal.kind === 'break') {
    for (const t of goal.targets) {
      for (const x of state.board.adjacency[t]!) {
        if (state.owner[x] === me || targets.has(x)) continue;
        for (const s of state.board.adjacency[x]!) {
          if (state.owner[s] !== me) continue;
          const armies = state.armies[s]! + deploy;
          if (armies < 3) continue;
          const legs = [{ source: s, chain: [x, t], armies, odds: chainOdds(armies, [state.armies[x]!, state.armies[t]!]) }];
          const { success, score } = scoreLegs(position, goal, legs, prices);
          if (best === null || score > best.score) best = { goal, legs, deployOn: deploy > 0 ? s : null, success, score };
        }
      }
    }
  }
  return best;
}

/** Sources worth trying for a leg: our stacks next to a remaining target, or one step away from one. */
function legSources(position: Position, me: number, remaining: ReadonlySet<number>, used: ReadonlySet<number>): number[] {
  const { state } = position;
  const near = new Set<number>();
  for (const t of remaining) {
    for (const n of state.board.adjacency[t]!) {
      if (state.owner[n] === me) near.add(n);
      else if (!remaining.has(n)) for (const s of state.board.adjacency[n]!) if (state.owner[s] === me) near.add(s);
    }
  }
  return [...near].filter((s) => !used.has(s)).sort((a, b) => state.armies[b]! - state.armies[a]! || a - b);
}

/**
 * The chain one stack would follow from `source` through the remaining targets: next the target
 * with the fewest onward targets (so the walk does not strand any), else a detour through one
 * foreign territory to reach a target.
 */
export function walk(position: Position, me: number, source: number, remaining: ReadonlySet<number>): number[] {
  const { state } = position;
  const chain: number[] = [];
  const taken = new Set<number>();
  let head = source;
  for (;;) {
    let next = -1;
    let bestKey = Infinity;
    for (const t of state.board.adjacency[head]!) {
      if (!remaining.has(t) || taken.has(t)) continue;
      let onward = 0;
      for (const n of state.board.adjacency[t]!) if (remaining.has(n) && !taken.has(n)) onward++;
      const key = onward * 1000 + state.armies[t]!;
      if (key < bestKey) {
        bestKey = key;
        next = t;
      }
    }
    if (next < 0) {
      for (const x of state.board.adjacency[head]!) {
        if (state.owner[x] === me || taken.has(x) || remaining.has(x)) continue;
        if (!state.board.adjacency[x]!.some((y) => remaining.has(y) && !taken.has(y))) continue;
        const key = state.armies[x]!;
        if (key < bestKey) {
          bestKey = key;
          next = x;
        }
      }
    }
    if (next < 0) return chain;
    chain.push(next);
    taken.add(next);
    head = next;
  }
}

const MAX_LEGS = 3;
const SOURCES_TRIED = 3;

function planAll(position: Position, me: number, goal: Goal, deploy: number, prices: Prices): Plan | null {
  const { state } = position;
  const remaining = new Set(goal.targets);
  const used = new Set<number>();
  const legs: Leg[] = [];
  let deployOn: number | null = null;
  let left = deploy;
  while (remaining.size > 0) {
    if (legs.length === MAX_LEGS) return null;
    let best: { leg: Leg; covered: number; key: number } | null = null;
    const sources = legSources(position, me, remaining, used);
    // With armies to deploy, any source can become the big stack: try the ones nearest to the most targets too.
    let tried = 0;
    for (const s of sources) {
      const armies = state.armies[s]! + left;
      if (armies < 2) continue;
      const chain = walk(position, me, s, remaining);
      const covered = chain.filter((t) => remaining.has(t)).length;
      if (covered === 0) continue;
      const odds = chainOdds(armies, chain.map((t) => state.armies[t]!));
      const key = covered + odds.success;
      if (best === null || key > best.key) best = { leg: { source: s, chain, armies, odds }, covered, key };
      if (++tried >= SOURCES_TRIED + (left > 0 ? 3 : 0)) break;
    }
    if (best === null) return null;
    legs.push(best.leg);
    used.add(best.leg.source);
    for (const t of best.leg.chain) remaining.delete(t);
    if (left > 0) deployOn = best.leg.source;
    left = 0;
  }
  const { success, score } = scoreLegs(position, goal, legs, prices);
  return { goal, legs, deployOn, success, score };
}
