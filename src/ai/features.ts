// Features of a player's standing, from which the hard bot's evaluation estimates each player's
// chance to win. Computed from plain arrays so the bot can score positions it only imagines (the
// board after a plan) as cheaply as real ones; the bot scores thousands a turn, so the scoring
// path reuses its buffers instead of allocating, and loops by index (a `for…of` allocates an
// iterator result per step until the code is optimised, and a bot peer plays its game cold).
import { type Board, setValue, territoryArmies } from '../model/index.js';

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
  /** Capital and Secret Mission games: how near a player is to the variant's win, 0 to 1 (0 when not known). */
  readonly objective?: ((player: number, owner: ArrayLike<number>, armies: ArrayLike<number>) => number) | undefined;
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
  'objective',
] as const;

export const FEATURE_COUNT = FEATURE_NAMES.length;

/** features[p * FEATURE_COUNT + k]: feature k of player p (zeros for players out of the game). */
export function features(s: Snapshot): Float64Array {
  const out = new Float64Array(s.active.length * FEATURE_COUNT);
  fill(s, out);
  return out;
}

let scratch = new Float64Array(0);
let stats = new Float64Array(0);

/** Each active player's chance to win under the evaluation weights (a softmax over the players). */
export function winChances(s: Snapshot, weights: readonly number[]): Float64Array {
  const n = s.active.length;
  if (scratch.length < n * FEATURE_COUNT) scratch = new Float64Array(n * FEATURE_COUNT);
  const f = scratch;
  fill(s, f);
  const chances = new Float64Array(n);
  let top = -Infinity;
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    let z = 0;
    for (let k = 0; k < FEATURE_COUNT; k++) z += weights[k]! * f[p * FEATURE_COUNT + k]!;
    chances[p] = z;
    if (z > top) top = z;
  }
  let sum = 0;
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    chances[p] = Math.exp(chances[p]! - top);
    sum += chances[p]!;
  }
  for (let p = 0; p < n; p++) chances[p]! /= sum;
  return chances;
}

/** Per-player tallies, one row of `n` each, in the reused `stats` buffer. */
const Row = {
  Armies: 0,
  Territories: 1,
  Biggest: 2,
  Thin: 3,
  Outgunned: 4,
  BorderArmies: 5,
  BorderThreat: 6,
  Bonus: 7,
  Income: 8,
  Count: 9,
} as const;

function fill(s: Snapshot, out: Float64Array): void {
  const { board, owner, armies } = s;
  const n = s.active.length;
  const size = owner.length;
  if (stats.length < Row.Count * n) stats = new Float64Array(Row.Count * n);
  const st = stats;
  st.fill(0, 0, Row.Count * n);
  out.fill(0, 0, n * FEATURE_COUNT);
  let total = 0;
  for (let t = 0; t < size; t++) {
    const o = owner[t]!;
    if (o < 0) continue;
    const a = armies[t]!;
    st[Row.Armies * n + o]! += a;
    st[Row.Territories * n + o]!++;
    total += a;
    if (a > st[Row.Biggest * n + o]!) st[Row.Biggest * n + o] = a;
    let enemy = 0;
    const around = board.adjacency[t]!;
    for (let i = 0; i < around.length; i++) {
      const nb = around[i]!;
      const other = owner[nb]!;
      if (other !== o && other >= 0 && s.active[other] && armies[nb]! > enemy) enemy = armies[nb]!;
    }
    if (enemy > 0) {
      if (a === 1) st[Row.Thin * n + o]!++;
      if (enemy > a) st[Row.Outgunned * n + o]!++;
      st[Row.BorderArmies * n + o]! += a;
      st[Row.BorderThreat * n + o]! += enemy;
    }
  }
  for (let k = 0; k < board.continents.length; k++) {
    const c = board.continents[k]!;
    const holder = owner[c.territories[0]!]!;
    if (holder < 0) continue;
    let whole = true;
    for (let i = 0; i < c.territories.length; i++) {
      if (owner[c.territories[i]!] !== holder) {
        whole = false;
        break;
      }
    }
    if (whole) st[Row.Bonus * n + holder]! += c.value;
  }
  let activeCount = 0;
  let incomeTotal = 0;
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    activeCount++;
    const income = territoryArmies(st[Row.Territories * n + p]!) + st[Row.Bonus * n + p]!;
    st[Row.Income * n + p] = income;
    incomeTotal += income;
  }
  const meanArmies = Math.max(1, total / Math.max(1, activeCount));
  const set = setValue(s.setsTraded);
  for (let p = 0; p < n; p++) {
    if (!s.active[p]) continue;
    const f = p * FEATURE_COUNT;
    const territories = st[Row.Territories * n + p]!;
    const share = st[Row.Armies * n + p]! / Math.max(1, total);
    out[f] = share;
    out[f + 1] = territories / size;
    out[f + 2] = st[Row.Income * n + p]! / Math.max(1, incomeTotal);
    out[f + 3] = st[Row.Bonus * n + p]! / 10;
    out[f + 4] = Math.min(3, (s.cards[p]! * set) / 3 / meanArmies);
    out[f + 5] = s.cards[p]! / 5;
    out[f + 6] = st[Row.Biggest * n + p]! / Math.max(1, total);
    out[f + 7] = st[Row.Thin * n + p]! / Math.max(1, territories);
    out[f + 8] = st[Row.Outgunned * n + p]! / Math.max(1, territories);
    out[f + 9] = Math.min(5, st[Row.BorderThreat * n + p]! / (st[Row.BorderArmies * n + p]! + 1));
    out[f + 10] = territories <= 3 ? 1 : 0;
    out[f + 11] = p === s.toMove ? 1 : 0;
    out[f + 12] = ((p - s.toMove + n) % n) / n;
    out[f + 13] = activeCount === 2 ? share : 0;
    out[f + 14] = s.objective ? s.objective(p, owner, armies) : 0;
  }
}
