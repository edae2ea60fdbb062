// Features of a player's standing, from which the hard bot's learned evaluation estimates each
// player's chance to win. Computed from plain arrays so the bot can score positions it only
// imagines (the board after a plan) as cheaply as real ones.
import { type Board, setValue } from '../model/index.js';

/** A position as the evaluation sees it: the board, hands by size, and who moves next. */
export interface Snapshot {
  readonly board: Board;
  readonly owner: ArrayLike<number>;
  readonly armies: ArrayLike<number>;
  /** Cards held, per player. */
  readonly cards: ArrayLike<number>;
  /** Takes turns (not neutral, not out), per player. */
  readonly active: ArrayLike<boolean>;
  readonly setsTraded: number;
  /** The player whose turn starts next. */
  readonly toMove: number;
}

export const FEATURE_NAMES = [
  'armyShare',
  'territoryShare',
  'incomeShare',
  'bonus',
  'cardArmies',
  'cards',
  'biggestStack',
  'thin',
  'outgunned',
  'pressure',
  'fewTerritories',
  'toMove',
  'order',
  'armyShareDuel',
] as const;

export const FEATURE_COUNT = FEATURE_NAMES.length;

/** features[p * FEATURE_COUNT + k]: feature k of player p (zeros for players out of the game). */
export function features(s: Snapshot): Float64Array {
  const { board, owner, armies } = s;
  const n = s.active.length;
  const size = owner.length;
  const out = new Float64Array(n * FEATURE_COUNT);
  const armyCount = new Float64Array(n);
  const territories = new Float64Array(n);
  const biggest = new Float64Array(n);
  const thin = new Float64Array(n);
  const outgunned = new Float64Array(n);
  const borderArmies = new Float64Array(n);
  const borderThreat = new Float64Array(n);
  let total = 0;
  for (let t = 0; t < size; t++) {
    const o = owner[t]!;
    if (o < 0) continue;
    const a = armies[t]!;
    armyCount[o]! += a;
    territories[o]!++;
    total += a;
    if (a > biggest[o]!) biggest[o] = a;
    let enemy = 0;
    for (const nb of board.adjacency[t]!) {
      const other = owner[nb]!;
      if (other !== o && other >= 0 && s.active[other] && armies[nb]! > enemy) enemy = armies[nb]!;
    }
    if (enemy > 0) {
      if (a === 1) thin[o]!++;
      if (enemy > a) outgunned[o]!++;
      borderArmies[o]! += a;
      borderThreat[o]! += enemy;
    }
  }
  const bonus = new Float64Array(n);
  for (const c of board.continents) {
    const holder = owner[c.territories[0]!]!;
    if (holder >= 0 && c.territories.every((t) => owner[t] === holder)) bonus[holder]! += c.value;
  }
  let activeCount = 0;
  let incomeTotal = 0;
  const income = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    activeCount++;
    income[p] = Math.max(3, Math.floor(territories[p]! / 3)) + bonus[p]!;
    incomeTotal += income[p]!;
  }
  const meanArmies = Math.max(1, total / Math.max(1, activeCount));
  const set = setValue(s.setsTraded);
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    const f = p * FEATURE_COUNT;
    const share = armyCount[p]! / Math.max(1, total);
    out[f] = share;
    out[f + 1] = territories[p]! / size;
    out[f + 2] = income[p]! / Math.max(1, incomeTotal);
    out[f + 3] = bonus[p]! / 10;
    out[f + 4] = Math.min(3, (s.cards[p]! * set) / 3 / meanArmies);
    out[f + 5] = s.cards[p]! / 5;
    out[f + 6] = biggest[p]! / Math.max(1, total);
    out[f + 7] = thin[p]! / Math.max(1, territories[p]!);
    out[f + 8] = outgunned[p]! / Math.max(1, territories[p]!);
    out[f + 9] = Math.min(5, borderThreat[p]! / (borderArmies[p]! + 1));
    out[f + 10] = territories[p]! <= 3 ? 1 : 0;
    out[f + 11] = p === s.toMove ? 1 : 0;
    out[f + 12] = ((p - s.toMove + n) % n) / n;
    out[f + 13] = activeCount === 2 ? share : 0;
  }
  return out;
}

/** Each active player's chance to win under the evaluation weights (a softmax over the players). */
export function winChances(s: Snapshot, weights: readonly number[]): Float64Array {
  const f = features(s);
  const n = s.active.length;
  const chances = new Float64Array(n);
  let sum = 0;
  let top = -Infinity;
  const logits = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    let z = 0;
    for (let k = 0; k < FEATURE_COUNT; k++) z += weights[k]! * f[p * FEATURE_COUNT + k]!;
    logits[p] = z;
    if (z > top) top = z;
  }
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    chances[p] = Math.exp(logits[p]! - top);
    sum += chances[p]!;
  }
  for (let p = 0; p < n; p++) chances[p]! /= sum;
  return chances;
}
