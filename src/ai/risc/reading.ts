// What the RISC bots read off the board: enemies next to a territory, the front, the threat to a
// territory, and the legal part of a set of orders.
import type { Dice } from '../../model/dice.js';
import { checkOrders, type Placement, type RiscOrder, type RiscState, territoriesOf } from '../../model/risc/index.js';

export interface RiscBot {
  readonly kind: string;
  place(state: RiscState, player: number, rng: Dice): Placement[];
  orders(state: RiscState, player: number, rng: Dice): RiscOrder[];
}

export const enemiesNextTo = (state: RiscState, player: number, t: number) =>
  state.board.adjacency[t]!.filter((n) => state.owner[n] !== player);

/** A player's territories, and those of them on the front (all of them when none touches an enemy). */
export function frontOrAll(state: RiscState, player: number): { mine: number[]; front: number[] } {
  const mine = territoriesOf(state, player);
  const front = mine.filter((t) => enemiesNextTo(state, player, t).length > 0);
  return { mine, front: front.length > 0 ? front : mine };
}

/** Distance (in own territories) from each own territory to the nearest own territory touching an enemy. */
export function frontDistance(state: RiscState, player: number): Map<number, number> {
  const mine = territoriesOf(state, player);
  const dist = new Map<number, number>();
  const queue: number[] = [];
  for (const t of mine) {
    if (enemiesNextTo(state, player, t).length > 0) {
      dist.set(t, 0);
      queue.push(t);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i]!;
    for (const n of state.board.adjacency[t]!) {
      if (state.owner[n] === player && !dist.has(n)) {
        dist.set(n, dist.get(t)! + 1);
        queue.push(n);
      }
    }
  }
  return dist;
}

/** Sum of enemy units next to t: what may come at it next turn. */
export const threat = (state: RiscState, player: number, t: number) =>
  enemiesNextTo(state, player, t).reduce((s, n) => s + state.units[n]!, 0);

/** Moves stay inside one connected own region; drops any order the rules refuse (e.g. into a cut-off pocket). */
export function legalOnly(state: RiscState, player: number, orders: readonly RiscOrder[]): RiscOrder[] {
  return orders.filter(
    (o, i) => checkOrders(state, player, [...orders.slice(0, i).filter((p) => p.from === o.from), o]).ok,
  );
}
