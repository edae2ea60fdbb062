// Exact odds of a chain of conquests by one stack: it takes the first territory, moves all but one
// army in, attacks the next from there, and so on. Both sides always roll the most dice.
//
// The battle tables in src/model/odds.ts give the odds of one battle; a chain needs the whole
// distribution of the armies left after each conquest, so the probability mass is pushed forward
// through the (attackers, defenders) grid of each battle in turn. Cost O(attackers · Σ defenders).
import { rollTransitions } from '../model/odds.js';

export interface ChainOdds {
  /** Probability of taking every territory of the chain. */
  readonly success: number;
  /** Probability of taking the first territory (a card, if it is the turn's first capture). */
  readonly first: number;
  /** Expected territories taken (counting partial chains). */
  readonly expectedTaken: number;
  /** Expected armies standing in the last territory, given success. */
  readonly expectedLeft: number;
  /** Expected armies the stack loses over the whole attempt (success or not). */
  readonly expectedLosses: number;
}

let grid = new Float64Array(1024);

/** Most grid cells (attackers × defenders) worked through exactly; bigger battles are scaled down. */
const BUDGET = 20_000;

/**
 * Odds for a stack of `attackers` armies (one stays in each territory it leaves) against the
 * territories holding `defenders` armies, taken in this order. Exact up to BUDGET cells; beyond,
 * both sides are scaled down alike (at that size the odds hang mostly on the ratio) and the
 * army counts of the answer scaled back up.
 */
export function chainOdds(attackers: number, defenders: readonly number[]): ChainOdds {
  const steps = chainSteps(attackers, defenders);
  return (
    steps[steps.length - 1] ?? { success: 1, first: 1, expectedTaken: 0, expectedLeft: attackers, expectedLosses: 0 }
  );
}

/**
 * The odds of every prefix of the chain: entry k is the chain cut after its (k+1)th territory (one
 * pass over the chain; a stack that stops there never fights the rest). Scaled as chainOdds is.
 */
export function chainSteps(attackers: number, defenders: readonly number[]): ChainOdds[] {
  let total = 0;
  for (const d of defenders) total += d;
  if (attackers * total <= BUDGET) return exactChain(attackers, defenders);
  const k = Math.sqrt(BUDGET / (attackers * total));
  const scaled = exactChain(
    Math.max(2, Math.round(attackers * k)),
    defenders.map((d) => Math.max(1, Math.round(d * k))),
  );
  return scaled.map((o) => ({ ...o, expectedLeft: o.expectedLeft / k, expectedLosses: o.expectedLosses / k }));
}

function exactChain(attackers: number, defenders: readonly number[]): ChainOdds[] {
  // Outcomes of dice combination k = (attackerDice - 1) * 2 + (defenderDice - 1) at start[k] .. start[k + 1] - 1.
  const { start, la, ld, pr } = rollTransitions();
  const steps: ChainOdds[] = [];
  let dist = new Float64Array(attackers + 1);
  dist[attackers] = 1;
  let alive = 1;
  let expectedTaken = 0;
  let expectedLosses = 0;
  let top = attackers;
  let first = -1;
  for (const d of defenders) {
    if (alive < 1e-12 || top < 2) {
      const last = steps[steps.length - 1];
      steps.push({
        success: 0,
        first: Math.max(0, first),
        expectedTaken,
        expectedLeft: 0,
        expectedLosses: last?.expectedLosses ?? 0,
      });
      alive = 0;
      continue;
    }
    const stride = d + 1;
    const cells = (top + 1) * stride;
    if (grid.length < cells) grid = new Float64Array(Math.max(cells, grid.length * 2));
    grid.fill(0, 0, cells);
    for (let m = 2; m <= top; m++) grid[m * stride + d] = dist[m]!;
    // Every roll lowers attackers or defenders, so this order sees each cell after all its inflows.
    for (let dd = d; dd >= 1; dd--) {
      for (let m = top; m >= 2; m--) {
        const mass = grid[m * stride + dd]!;
        if (mass === 0) continue;
        const ad = m - 1 < 3 ? m - 1 : 3;
        const k = (ad - 1) * 2 + (dd < 2 ? 0 : 1);
        for (let j = start[k]!; j < start[k + 1]!; j++) {
          const flow = mass * pr[j]!;
          grid[(m - la[j]!) * stride + dd - ld[j]!]! += flow;
          expectedLosses += flow * la[j]!;
        }
      }
    }
    const next = new Float64Array(top);
    let conquered = 0;
    let left = 0;
    for (let m = 2; m <= top; m++) {
      const mass = grid[m * stride]!;
      next[m - 1] = mass; // all but one move into the conquered territory
      conquered += mass;
      left += (m - 1) * mass;
    }
    expectedTaken += conquered;
    if (first < 0) first = conquered;
    alive = conquered;
    dist = next;
    top -= 1;
    steps.push({
      success: alive,
      first,
      expectedTaken,
      expectedLeft: alive > 0 ? left / alive : 0,
      expectedLosses,
    });
  }
  return steps;
}
