import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { battleOdds, conquerTable, rollOutcomes } from '../../src/model/odds.js';

// ---------------------------------------------------------------------------------------------
// Tiny exact fraction helper (BigInt), for an independent oracle.

interface Frac {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function frac(n: bigint, d = 1n): Frac {
  const g = gcd(n, d);
  return g === 0n ? { n: 0n, d: 1n } : { n: n / g, d: d / g };
}

const ZERO = frac(0n);
const add = (x: Frac, y: Frac): Frac => frac(x.n * y.d + y.n * x.d, x.d * y.d);
const mul = (x: Frac, y: Frac): Frac => frac(x.n * y.n, x.d * y.d);

/** Accurate conversion (absolute error ~1e-30 for the small values used here). */
function toNumber(x: Frac): number {
  const SCALE = 10n ** 30n;
  return Number((x.n * SCALE) / x.d) / 1e30;
}

// Single-roll distribution, enumerated independently of the module: map attacker losses -> Frac.
function oracleRoll(ad: number, dd: number): { la: number; ld: number; p: Frac }[] {
  const counts = new Map<number, bigint>();
  const total = 6 ** (ad + dd);
  const pairs = Math.min(ad, dd);
  for (let code = 0; code < total; code++) {
    const faces: number[] = [];
    let c = code;
    for (let i = 0; i < ad + dd; i++) {
      faces.push((c % 6) + 1);
      c = Math.floor(c / 6);
    }
    const att = faces.slice(0, ad).sort((x, y) => y - x);
    const def = faces.slice(ad).sort((x, y) => y - x);
    let la = 0;
    for (let i = 0; i < pairs; i++) if (att[i]! <= def[i]!) la++;
    counts.set(la, (counts.get(la) ?? 0n) + 1n);
  }
  return [...counts].map(([la, count]) => ({ la, ld: pairs - la, p: frac(count, BigInt(total)) }));
}

interface OracleResult {
  readonly win: Frac;
  readonly att: Frac;
  readonly def: Frac;
}

const memo = new Map<string, OracleResult>();
function oracle(a: number, d: number): OracleResult {
  if (d === 0) return { win: frac(1n), att: frac(BigInt(a)), def: ZERO };
  if (a === 1) return { win: ZERO, att: frac(1n), def: frac(BigInt(d)) };
  const key = `${a},${d}`;
  const hit = memo.get(key);
  if (hit) return hit;
  let win = ZERO;
  let att = ZERO;
  let def = ZERO;
  for (const { la, ld, p } of oracleRoll(Math.min(3, a - 1), Math.min(2, d))) {
    const next = oracle(a - la, d - ld);
    win = add(win, mul(p, next.win));
    att = add(att, mul(p, next.att));
    def = add(def, mul(p, next.def));
  }
  const result = { win, att, def };
  memo.set(key, result);
  return result;
}

// ---------------------------------------------------------------------------------------------

function prob(ad: number, dd: number, attackerLosses: number): number {
  const o = rollOutcomes(ad, dd).find((x) => x.attackerLosses === attackerLosses);
  return o?.probability ?? 0;
}

describe('rollOutcomes', () => {
  it('matches the known exact counts', () => {
    // 3 vs 2
    expect(prob(3, 2, 0)).toBe(2890 / 7776);
    expect(prob(3, 2, 2)).toBe(2275 / 7776);
    expect(prob(3, 2, 1)).toBe(2611 / 7776);
    // 1 vs 1, 2 vs 1, 3 vs 1
    expect(prob(1, 1, 0)).toBe(15 / 36);
    expect(prob(2, 1, 0)).toBe(125 / 216);
    expect(prob(3, 1, 0)).toBe(855 / 1296);
    // 1 vs 2
    expect(prob(1, 2, 0)).toBe(55 / 216);
    // 2 vs 2
    expect(prob(2, 2, 0)).toBe(295 / 1296);
    expect(prob(2, 2, 2)).toBe(581 / 1296);
    expect(prob(2, 2, 1)).toBe(420 / 1296);
  });

  it('each table sums to 1 and losses add up to the compared pairs', () => {
    for (let ad = 1; ad <= 3; ad++) {
      for (let dd = 1; dd <= 2; dd++) {
        const outcomes = rollOutcomes(ad, dd);
        const sum = outcomes.reduce((s, o) => s + o.probability, 0);
        expect(sum).toBeCloseTo(1, 15);
        for (const o of outcomes) expect(o.attackerLosses + o.defenderLosses).toBe(Math.min(ad, dd));
      }
    }
  });

  it('rejects invalid dice counts', () => {
    expect(() => rollOutcomes(0, 1)).toThrow(RangeError);
    expect(() => rollOutcomes(4, 1)).toThrow(RangeError);
    expect(() => rollOutcomes(1, 3)).toThrow(RangeError);
    expect(() => rollOutcomes(1.5, 1)).toThrow(RangeError);
  });

  it('returns copies, so callers cannot corrupt the cache', () => {
    const first = rollOutcomes(3, 2);
    first.length = 0;
    expect(rollOutcomes(3, 2)).toHaveLength(3);
  });
});

describe('battleOdds against the exact rational oracle', () => {
  it('agrees for all A, D in 1..12 to within 1e-12', () => {
    for (let a = 1; a <= 12; a++) {
      for (let d = 1; d <= 12; d++) {
        const exact = oracle(a, d);
        const got = battleOdds(a, d);
        expect(Math.abs(got.conquerProbability - toNumber(exact.win))).toBeLessThan(1e-12);
        expect(Math.abs(got.expectedAttackerLeft - toNumber(exact.att))).toBeLessThan(1e-12);
        expect(Math.abs(got.expectedDefenderLeft - toNumber(exact.def))).toBeLessThan(1e-12);
      }
    }
  });

  it('4 vs 2 (three attacking dice against two defenders)', () => {
    const exact = toNumber(oracle(4, 2).win);
    const got = battleOdds(4, 2);
    expect(Math.abs(got.conquerProbability - exact)).toBeLessThan(1e-12);
    expect(got.conquerProbability).toBeCloseTo(0.656, 3); // the classic published table value
    expect(got.firstRoll).toEqual({ attackerDice: 3, defenderDice: 2, outcomes: rollOutcomes(3, 2) });
  });

  it('conquerTable agrees with battleOdds', () => {
    const table = conquerTable(12, 12);
    for (let a = 1; a <= 12; a++) {
      expect(table.get(a, 0)).toBe(1);
      for (let d = 1; d <= 12; d++) {
        const o = battleOdds(a, d);
        expect(table.get(a, d)).toBe(o.conquerProbability);
        expect(table.expectedAttackerLeft(a, d)).toBe(o.expectedAttackerLeft);
        expect(table.expectedDefenderLeft(a, d)).toBe(o.expectedDefenderLeft);
      }
    }
    expect(() => table.get(13, 1)).toThrow(RangeError);
    expect(() => table.get(0, 1)).toThrow(RangeError);
  });

  it('large uncached sizes agree with a full table', () => {
    // 600 > the shared cache size, so this goes through the rolling-row path.
    const big = battleOdds(600, 7);
    const table = conquerTable(600, 7);
    expect(big.conquerProbability).toBe(table.get(600, 7));
    expect(big.expectedAttackerLeft).toBe(table.expectedAttackerLeft(600, 7));
    const wide = battleOdds(5, 600);
    const table2 = conquerTable(5, 600);
    expect(wide.conquerProbability).toBe(table2.get(5, 600));
    expect(wide.expectedDefenderLeft).toBe(table2.expectedDefenderLeft(5, 600));
  });
});

describe('battleOdds edge cases and validation', () => {
  it('A = 1 cannot attack', () => {
    const o = battleOdds(1, 5);
    expect(o).toEqual({
      attackerArmies: 1,
      defenderArmies: 5,
      conquerProbability: 0,
      expectedAttackerLeft: 1,
      expectedDefenderLeft: 5,
      firstRoll: null,
    });
  });

  it('rejects non-integers and out-of-range counts', () => {
    expect(() => battleOdds(2.5, 1)).toThrow(RangeError);
    expect(() => battleOdds(2, 1.5)).toThrow(RangeError);
    expect(() => battleOdds(0, 1)).toThrow(RangeError);
    expect(() => battleOdds(2, 0)).toThrow(RangeError);
    expect(() => battleOdds(Number.NaN, 1)).toThrow(RangeError);
    expect(() => battleOdds(10_001, 1)).toThrow(RangeError);
  });

  it('200 vs 200 gives finite values in range', () => {
    const o = battleOdds(200, 200);
    expect(Number.isFinite(o.conquerProbability)).toBe(true);
    expect(o.conquerProbability).toBeGreaterThanOrEqual(0);
    expect(o.conquerProbability).toBeLessThanOrEqual(1);
    expect(o.expectedAttackerLeft).toBeGreaterThanOrEqual(1);
    expect(o.expectedAttackerLeft).toBeLessThanOrEqual(200);
    expect(o.expectedDefenderLeft).toBeGreaterThanOrEqual(0);
    expect(o.expectedDefenderLeft).toBeLessThanOrEqual(200);
  });
});

describe('battleOdds properties', () => {
  // Mathematically monotone; a tiny slack absorbs double rounding where values are ~1.
  const EPS = 1e-14;
  const armies = fc.integer({ min: 1, max: 60 });

  it('conquer probability is non-decreasing in A and non-increasing in D', () => {
    fc.assert(
      fc.property(armies, armies, armies, (a, d, step) => {
        const base = battleOdds(a, d).conquerProbability;
        expect(battleOdds(a + step, d).conquerProbability).toBeGreaterThanOrEqual(base - EPS);
        expect(battleOdds(a, d + step).conquerProbability).toBeLessThanOrEqual(base + EPS);
      }),
    );
  });

  it('outputs stay within their bounds', () => {
    fc.assert(
      fc.property(armies, armies, (a, d) => {
        const o = battleOdds(a, d);
        expect(o.conquerProbability).toBeGreaterThanOrEqual(0);
        expect(o.conquerProbability).toBeLessThanOrEqual(1);
        expect(o.expectedAttackerLeft).toBeGreaterThanOrEqual(1 - EPS);
        expect(o.expectedAttackerLeft).toBeLessThanOrEqual(a + EPS);
        expect(o.expectedDefenderLeft).toBeGreaterThanOrEqual(0);
        expect(o.expectedDefenderLeft).toBeLessThanOrEqual(d + EPS);
      }),
    );
  });
});
