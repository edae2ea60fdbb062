// The odds shown on the attack screen: exact, from the single-roll distributions of model/odds.ts.
// The defender is assumed to roll the most dice (the default for people and what the bots do).
import { rollOutcomes } from '../model/odds.js';

/**
 * Probability of taking the territory when attacking with the most dice until it falls or the
 * attacking territory is down to `stopAt` armies (1: to the end). `armies` counts every army in
 * the attacking territory, the one that stays home included.
 */
export function conquerChance(armies: number, defenders: number, stopAt = 1): number {
  if (defenders <= 0) return 1;
  const floor = Math.max(1, stopAt);
  if (armies <= floor) return 0;
  // Attack states a ∈ (floor, armies], d ∈ [1, defenders]; rows by a, filled from the bottom up.
  const width = defenders + 1;
  const chance = new Float64Array((armies + 1) * width);
  for (let a = floor + 1; a <= armies; a++) {
    chance[a * width] = 1;
    for (let d = 1; d <= defenders; d++) {
      let p = 0;
      for (const o of rollOutcomes(Math.min(3, a - 1), Math.min(2, d))) {
        const na = a - o.attackerLosses;
        const nd = d - o.defenderLosses;
        p += o.probability * (nd <= 0 ? 1 : na <= floor ? 0 : chance[na * width + nd]!);
      }
      chance[a * width + d] = p;
    }
  }
  return chance[armies * width + defenders]!;
}

/** One roll with these dice against the most defending dice: each outcome and its probability. */
export function rollChances(
  attackDice: number,
  defenders: number,
): { attackerLosses: number; defenderLosses: number; probability: number }[] {
  return rollOutcomes(attackDice, Math.min(2, defenders)).map((o) => ({ ...o }));
}

/** "73%", "<1%", ">99%" */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return '<1%';
  if (p < 1 && p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}
