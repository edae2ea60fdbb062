import { describe, expect, it } from 'vitest';
import { chainOdds, chainSteps } from '../../src/ai/chain-odds.js';
import { battleOdds } from '../../src/model/odds.js';

describe('chain odds', () => {
  it('one territory: the exact battle odds of the model', () => {
    for (const [a, d] of [
      [2, 1],
      [4, 2],
      [10, 7],
      [30, 25],
      [3, 12],
    ] as const) {
      const chain = chainOdds(a, [d]);
      const battle = battleOdds(a, d);
      expect(chain.success).toBeCloseTo(battle.conquerProbability, 12);
      expect(chain.first).toBeCloseTo(battle.conquerProbability, 12);
      expect(chain.expectedLosses).toBeCloseTo(a - battle.expectedAttackerLeft, 12);
    }
  });

  it('two one-army territories with three armies: win the first roll (2 dice against 1), then 1 die against 1', () => {
    // Losing the first roll leaves two armies: the capture then moves in the last spare one and the chain stops.
    const odds = chainOdds(3, [1, 1]);
    expect(odds.success).toBeCloseTo((125 / 216) * (15 / 36), 12);
    expect(odds.expectedLeft).toBeCloseTo(1, 12); // the two armies left take the second: one moves in
  });

  it('big battles are scaled down, and stay close to the exact odds', () => {
    expect(Math.abs(chainOdds(300, [200]).success - battleOdds(300, 200).conquerProbability)).toBeLessThan(0.05);
    expect(chainOdds(1, [1]).success).toBe(0);
    expect(chainOdds(5, []).success).toBe(1);
  });

  it('the steps of a chain are the odds of each of its prefixes, from one pass', () => {
    for (const [a, chain] of [
      [12, [1, 1, 3, 2, 1]],
      [5, [2, 1, 1, 1]],
      [300, [40, 60, 10]],
    ] as const) {
      const steps = chainSteps(a, chain);
      expect(steps).toHaveLength(chain.length);
      steps.forEach((step, k) => {
        const prefix = chainOdds(a, chain.slice(0, k + 1));
        if (a * chain.reduce((x, y) => x + y, 0) <= 20_000) {
          for (const key of ['success', 'first', 'expectedTaken', 'expectedLeft', 'expectedLosses'] as const)
            expect(step[key]).toBeCloseTo(prefix[key], 12);
        } else expect(Math.abs(step.success - prefix.success)).toBeLessThan(0.05);
      });
      expect(steps[1]!.success).toBeLessThanOrEqual(steps[0]!.success);
    }
  });
});
