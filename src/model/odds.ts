// Exact Risk battle odds. Pure functions, no I/O, no randomness.
//
// Rules modelled: the attacking territory holds A armies, one of which must stay home, so the
// attacker rolls min(3, A - 1) dice; the defending territory holds D armies and rolls min(2, D)
// dice. Both sides always roll as many dice as allowed. Dice are sorted descending and compared
// pairwise (min of the two dice counts pairs); ties go to the defender; each lost pair costs that
// side one army. Rolls repeat until D = 0 (conquered) or A = 1 (the attack has failed).
//
// The battle is an absorbing Markov chain on (a, d); every roll strictly lowers a + d, so the
// absorption probabilities and expected end states are filled in by dynamic programming in order
// of increasing a and d — exact up to double rounding (no sampling).

/** Largest army count accepted by `battleOdds`. Cost is O(A·D) time (about 1e8 states at the
 * limit, roughly 1–2 s) and O(D) memory for sizes beyond the shared cache. */
export const MAX_ARMIES = 10_000;

/** Largest number of cells ((maxA + 1) · (maxD + 1)) a `conquerTable` may hold; each cell costs
 * 24 bytes (conquer probability and both expectations), so the limit is about 100 MB. */
export const MAX_TABLE_CELLS = 1 << 22;

export interface RollOutcome {
  readonly attackerLosses: number;
  readonly defenderLosses: number;
  readonly probability: number;
}

export interface FirstRoll {
  readonly attackerDice: number;
  readonly defenderDice: number;
  readonly outcomes: RollOutcome[];
}

export interface BattleOdds {
  readonly attackerArmies: number;
  readonly defenderArmies: number;
  /** Probability that the defender is wiped out (D reaches 0). */
  readonly conquerProbability: number;
  /** Expected armies in the attacking territory when the fight ends, counting the one that stays
   * home and before any move-in. Always in [1, A]. */
  readonly expectedAttackerLeft: number;
  /** Expected defender armies at the end (0 when conquered). Always in [0, D]. */
  readonly expectedDefenderLeft: number;
  /** Dice and single-roll distribution of the first roll; null when A = 1 (no attack possible). */
  readonly firstRoll: FirstRoll | null;
}

/** Precomputed odds for every (a, d) with 1 ≤ a ≤ maxA and 0 ≤ d ≤ maxD. Lookups are O(1). */
export interface ConquerTable {
  readonly maxA: number;
  readonly maxD: number;
  /** Conquer probability for (a, d); 1 when d = 0, 0 when a = 1 and d ≥ 1. */
  get(a: number, d: number): number;
  expectedAttackerLeft(a: number, d: number): number;
  expectedDefenderLeft(a: number, d: number): number;
}

// ---------------------------------------------------------------------------------------------
// Single roll

const rollCache = new Map<number, readonly RollOutcome[]>();

function checkDice(attackerDice: number, defenderDice: number): void {
  if (!Number.isInteger(attackerDice) || attackerDice < 1 || attackerDice > 3) {
    throw new RangeError(`attackerDice must be an integer 1–3, got ${attackerDice}`);
  }
  if (!Number.isInteger(defenderDice) || defenderDice < 1 || defenderDice > 2) {
    throw new RangeError(`defenderDice must be an integer 1–2, got ${defenderDice}`);
  }
}

function enumerateRoll(attackerDice: number, defenderDice: number): readonly RollOutcome[] {
  const n = attackerDice + defenderDice;
  const total = 6 ** n;
  const pairs = Math.min(attackerDice, defenderDice);
  const counts = new Array<number>(pairs + 1).fill(0); // indexed by attacker losses
  // Only each side's two highest dice are ever compared (the defender rolls two at most): they are
  // kept as the dice are read, with no array to sort (this runs 10,836 times, in the first
  // battle a bot thinks about).
  for (let code = 0; code < total; code++) {
    let c = code;
    let att1 = 0;
    let att2 = 0;
    for (let i = 0; i < attackerDice; i++) {
      const die = (c % 6) + 1;
      c = (c - (c % 6)) / 6;
      if (die > att1) {
        att2 = att1;
        att1 = die;
      } else if (die > att2) att2 = die;
    }
    let def1 = 0;
    let def2 = 0;
    for (let i = 0; i < defenderDice; i++) {
      const die = (c % 6) + 1;
      c = (c - (c % 6)) / 6;
      if (die > def1) {
        def2 = def1;
        def1 = die;
      } else if (die > def2) def2 = die;
    }
    let attackerLosses = att1 <= def1 ? 1 : 0;
    if (pairs === 2 && att2 <= def2) attackerLosses++;
    counts[attackerLosses]!++;
  }
  const outcomes: RollOutcome[] = [];
  for (let la = 0; la <= pairs; la++) {
    const count = counts[la]!;
    if (count === 0) continue;
    outcomes.push(Object.freeze({ attackerLosses: la, defenderLosses: pairs - la, probability: count / total }));
  }
  return Object.freeze(outcomes);
}

/** Exact distribution of one roll with the given dice (attacker 1–3, defender 1–2), by
 * enumerating all 6^(a+d) outcomes. Sorted by attacker losses ascending; probabilities sum to 1. */
export function rollOutcomes(attackerDice: number, defenderDice: number): RollOutcome[] {
  checkDice(attackerDice, defenderDice);
  const key = attackerDice * 4 + defenderDice;
  let table = rollCache.get(key);
  if (table === undefined) {
    table = enumerateRoll(attackerDice, defenderDice);
    rollCache.set(key, table);
  }
  return table.slice();
}

// Flat transition tables for the DP: for dice combination k = (ad - 1) * 2 + (dd - 1), outcomes
// start[k] .. start[k + 1] - 1 hold (attacker losses, defender losses, probability). Built on the
// first odds asked for: enumerating the 10,836 rolls costs ~10 ms that a program's start (the
// menu, which only shows odds during a game) should not pay.
export interface RollTransitions {
  readonly start: Int32Array;
  readonly la: Int32Array;
  readonly ld: Int32Array;
  readonly pr: Float64Array;
}
let transitionTables: RollTransitions | null = null;

/** The outcomes of every dice combination in flat arrays, for loops that must not allocate. */
export function rollTransitions(): RollTransitions {
  if (transitionTables !== null) return transitionTables;
  const start = new Int32Array(7);
  const la: number[] = [];
  const ld: number[] = [];
  const pr: number[] = [];
  for (let ad = 1; ad <= 3; ad++) {
    for (let dd = 1; dd <= 2; dd++) {
      start[(ad - 1) * 2 + (dd - 1)] = la.length;
      for (const o of rollOutcomes(ad, dd)) {
        la.push(o.attackerLosses);
        ld.push(o.defenderLosses);
        pr.push(o.probability);
      }
    }
  }
  start[6] = la.length;
  transitionTables = { start, la: Int32Array.from(la), ld: Int32Array.from(ld), pr: Float64Array.from(pr) };
  return transitionTables;
}

// ---------------------------------------------------------------------------------------------
// Dynamic programming kernel

/**
 * Fills rows a = 1..maxA of three flat arrays (conquer probability, expected attacker left,
 * expected defender left) with stride maxD + 1 (column d = 0..maxD). With `rolling`, only four
 * rows are stored and row a lives in slot a & 3 — enough, since a roll costs at most 3 armies;
 * the arrays then hold the results for rows maxA - 3..maxA. No allocation inside the loops.
 */
function fill(P: Float64Array, EA: Float64Array, ED: Float64Array, maxA: number, maxD: number, rolling: boolean): void {
  const stride = maxD + 1;
  const mask = rolling ? 3 : 0x7fffffff;
  const { start, la, ld, pr } = rollTransitions();
  for (let a = 1; a <= maxA; a++) {
    const row = (a & mask) * stride;
    // d = 0: the defender is gone.
    P[row] = 1;
    EA[row] = a;
    ED[row] = 0;
    if (a === 1) {
      for (let d = 1; d <= maxD; d++) {
        P[row + d] = 0;
        EA[row + d] = 1;
        ED[row + d] = d;
      }
      continue;
    }
    const ad = a - 1 < 3 ? a - 1 : 3;
    for (let d = 1; d <= maxD; d++) {
      const k = (ad - 1) * 2 + (d < 2 ? 0 : 1);
      const end = start[k + 1]!;
      let p = 0;
      let ea = 0;
      let ed = 0;
      for (let j = start[k]!; j < end; j++) {
        const idx = ((a - la[j]!) & mask) * stride + (d - ld[j]!);
        const q = pr[j]!;
        p += q * P[idx]!;
        ea += q * EA[idx]!;
        ed += q * ED[idx]!;
      }
      P[row + d] = p;
      EA[row + d] = ea;
      ED[row + d] = ed;
    }
  }
}

class Grid {
  readonly stride: number;
  readonly P: Float64Array;
  readonly EA: Float64Array;
  readonly ED: Float64Array;
  constructor(
    readonly maxA: number,
    readonly maxD: number,
  ) {
    this.stride = maxD + 1;
    const cells = (maxA + 1) * this.stride;
    this.P = new Float64Array(cells);
    this.EA = new Float64Array(cells);
    this.ED = new Float64Array(cells);
    fill(this.P, this.EA, this.ED, maxA, maxD, false);
  }
}

// A shared full table, grown on demand, serves repeated queries of moderate size in O(1).
const CACHE_LIMIT = 512;
let shared: Grid | null = null;

function sharedGrid(a: number, d: number): Grid {
  if (shared !== null && a <= shared.maxA && d <= shared.maxD) return shared;
  const grow = (need: number, have: number) => Math.min(CACHE_LIMIT, Math.max(need, have * 2, 64));
  shared = new Grid(grow(a, shared?.maxA ?? 0), grow(d, shared?.maxD ?? 0));
  return shared;
}

function checkArmies(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min || value > MAX_ARMIES) {
    throw new RangeError(`${name} must be an integer ${min}–${MAX_ARMIES}, got ${value}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * Exact odds of attacking with A armies against D until one side is done.
 * Requires integers 1 ≤ A ≤ MAX_ARMIES and 1 ≤ D ≤ MAX_ARMIES, otherwise throws RangeError.
 * A = 1 means no attack is possible: conquer probability 0, expectations A and D, firstRoll null.
 * Cost: O(1) after the first call for A, D ≤ 512 (shared cache); O(A·D) time and O(D) memory
 * beyond that (~1–2 s at 10000 × 10000).
 */
export function battleOdds(attackerArmies: number, defenderArmies: number): BattleOdds {
  checkArmies('attackerArmies', attackerArmies, 1);
  checkArmies('defenderArmies', defenderArmies, 1);
  const A = attackerArmies;
  const D = defenderArmies;
  let conquerProbability: number;
  let expectedAttackerLeft: number;
  let expectedDefenderLeft: number;
  if (A <= CACHE_LIMIT && D <= CACHE_LIMIT) {
    const g = sharedGrid(A, D);
    const i = A * g.stride + D;
    conquerProbability = g.P[i]!;
    expectedAttackerLeft = g.EA[i]!;
    expectedDefenderLeft = g.ED[i]!;
  } else {
    const stride = D + 1;
    const P = new Float64Array(4 * stride);
    const EA = new Float64Array(4 * stride);
    const ED = new Float64Array(4 * stride);
    fill(P, EA, ED, A, D, true);
    const i = (A & 3) * stride + D;
    conquerProbability = P[i]!;
    expectedAttackerLeft = EA[i]!;
    expectedDefenderLeft = ED[i]!;
  }
  let firstRoll: FirstRoll | null = null;
  if (A >= 2) {
    const attackerDice = Math.min(3, A - 1);
    const defenderDice = Math.min(2, D);
    firstRoll = { attackerDice, defenderDice, outcomes: rollOutcomes(attackerDice, defenderDice) };
  }
  return {
    attackerArmies: A,
    defenderArmies: D,
    conquerProbability,
    expectedAttackerLeft,
    expectedDefenderLeft,
    firstRoll,
  };
}

/**
 * Odds for every 1 ≤ a ≤ maxA, 0 ≤ d ≤ maxD at once, for bots that look up many pairs.
 * Requires integers maxA ≥ 1, maxD ≥ 0 with (maxA + 1)(maxD + 1) ≤ MAX_TABLE_CELLS; lookups outside
 * the table throw RangeError. Tables up to 512 × 512 share one cached grid; larger ones cost
 * O(maxA·maxD) time and 24 bytes per cell.
 */
export function conquerTable(maxA: number, maxD: number): ConquerTable {
  checkArmies('maxA', maxA, 1);
  checkArmies('maxD', maxD, 0);
  if ((maxA + 1) * (maxD + 1) > MAX_TABLE_CELLS) {
    throw new RangeError(`conquerTable(${maxA}, ${maxD}) exceeds ${MAX_TABLE_CELLS} cells`);
  }
  const g = maxA <= CACHE_LIMIT && maxD <= CACHE_LIMIT ? sharedGrid(maxA, maxD) : new Grid(maxA, maxD);
  const { stride, P, EA, ED } = g;
  const index = (a: number, d: number): number => {
    if (!Number.isInteger(a) || !Number.isInteger(d) || a < 1 || a > maxA || d < 0 || d > maxD) {
      throw new RangeError(`(${a}, ${d}) is outside the table 1..${maxA} × 0..${maxD}`);
    }
    return a * stride + d;
  };
  return Object.freeze({
    maxA,
    maxD,
    get: (a: number, d: number) => P[index(a, d)]!,
    expectedAttackerLeft: (a: number, d: number) => EA[index(a, d)]!,
    expectedDefenderLeft: (a: number, d: number) => ED[index(a, d)]!,
  });
}
