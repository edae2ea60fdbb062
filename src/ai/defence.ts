// Border pressure, priced: how likely each of our territories is to fall before our next turn,
// and what falls with it. Used by the hard bot to deploy, move in and fortify.
import { conquerTable, type ConquerTable } from '../model/odds.js';
import { setValue } from '../model/index.js';
import type { Position } from './evaluate.js';

const LIMIT = 400;
let table: ConquerTable | null = null;

/** Conquer probability for a stack of `attackers` (one stays home) against `defenders`, from the shared exact table. */
export function conquerChance(attackers: number, defenders: number): number {
  table ??= conquerTable(LIMIT, LIMIT);
  if (attackers < 2) return 0;
  if (defenders < 1) return 1;
  const a = Math.min(LIMIT, Math.round(attackers));
  const d = Math.min(LIMIT, defenders);
  // Beyond the table, scale both sides down: the odds depend mostly on the ratio at that size.
  if (attackers > LIMIT || defenders > LIMIT) {
    const k = LIMIT / Math.max(attackers, defenders);
    return table.get(Math.max(2, Math.round(attackers * k)), Math.max(1, Math.round(defenders * k)));
  }
  return table.get(a, d);
}

/** Part of its deployment an enemy is assumed to throw at any one border. */
const FOCUS = 0.6;
/** Chance that an enemy who could take a territory tries. */
const AGGRESSION = 0.7;

export interface Defence {
  /** Per territory of ours: the largest stack that could attack it next round (enemy deployment included). */
  readonly threat: readonly number[];
  /** Per territory of ours: what losing it costs, in armies. */
  readonly stake: readonly number[];
}

export function readDefence(position: Position, me: number, cardPrice: number): Defence {
  const { state } = position;
  const size = state.owner.length;
  const potential = position.players.map((p) => {
    if (!p.active) return 0;
    const set = p.cards >= 5 ? setValue(state.setsTraded) : p.cards >= 3 ? 0.5 * setValue(state.setsTraded) : 0;
    return FOCUS * (p.income + set);
  });
  const threat = Array<number>(size).fill(0);
  const stake = Array<number>(size).fill(0);
  const mine = position.players[me]!;
  const lastStand = mine.territories <= 4 ? (mine.cards * cardPrice) / Math.max(1, mine.territories) : 0;
  for (let t = 0; t < size; t++) {
    if (state.owner[t] !== me) continue;
    let big = 0;
    for (const n of state.board.adjacency[t]!) {
      const o = state.owner[n]!;
      if (o === me || o < 0 || !position.players[o]!.active) continue;
      big = Math.max(big, state.armies[n]! + potential[o]!);
    }
    threat[t] = big;
    const c = position.facts.continentOf[t]!;
    const held = position.continentHolder[c] === me ? 2 * state.board.continents.find((k) => k.id === c)!.value : 0;
    stake[t] = 1 + held + lastStand;
  }
  return { threat, stake };
}

/** Expected cost of the armies `armies` standing on our territory t. */
export function exposure(defence: Defence, t: number, armies: number): number {
  const threat = defence.threat[t]!;
  if (threat < 2) return 0;
  return defence.stake[t]! * AGGRESSION * conquerChance(threat, armies);
}
