// The "hard" RISC bot: it presses for a win. Each turn it picks the weakest opponent it borders,
// takes every enemy territory it can take with good odds using just enough units (cheapest first,
// the weakest opponent's first), keeps some units home where a large enemy stack could strike, and
// marches everything else to the front facing its next targets. The more it leads, and the longer
// the game, the lower the odds it accepts, so that games between careful players still end.
import { type Placement, type RiscOrder, type RiscState, territoriesOf, unitsOf } from '../../model/risc/index.js';
import { attackersFor } from './odds.js';
import { enemiesNextTo, frontDistance, frontOrAll, legalOnly, type RiscBot } from './reading.js';

/** The odds it wants for an attack, lower when it leads and as turns go by. */
function wantedChance(state: RiscState, player: number): number {
  const mine = unitsOf(state, player);
  const strongest = Math.max(
    ...state.players.filter((p) => p.id !== player && !state.lost[p.id]).map((p) => unitsOf(state, p.id)),
    1,
  );
  const lead = mine / strongest;
  const base = lead >= 1.5 ? 0.55 : lead >= 1.15 ? 0.65 : 0.75;
  return Math.max(0.5, base - Math.max(0, state.turn - 30) * 0.004);
}

/** Opponents by weakness: fewest units first (the one to press). */
function weakness(state: RiscState, player: number): Map<number, number> {
  const others = state.players.filter((p) => p.id !== player && !state.lost[p.id]);
  const ranked = [...others].sort((a, b) => unitsOf(state, a.id) - unitsOf(state, b.id) || a.id - b.id);
  return new Map(ranked.map((p, i) => [p.id, i]));
}

/** The biggest single enemy stack next to t: what one player could throw at it. */
const biggestNeighbour = (state: RiscState, player: number, t: number) =>
  Math.max(0, ...enemiesNextTo(state, player, t).map((n) => state.units[n]!));

export const pressingBot: RiscBot = {
  kind: 'hard',
  place(state, player, rng) {
    const { mine, front: targets } = frontOrAll(state, player);
    // Two on every front territory, the rest on the two that touch the most enemy territories.
    const units = new Map(mine.map((t) => [t, 0]));
    let left = state.startUnits;
    for (const t of targets) {
      const n = Math.min(2, left);
      units.set(t, units.get(t)! + n);
      left -= n;
    }
    const order = [...targets].sort(
      (a, b) => enemiesNextTo(state, player, b).length - enemiesNextTo(state, player, a).length || rng.below(3) - 1,
    );
    const chosen = order.slice(0, 2);
    for (let i = 0; left > 0; i++, left--)
      units.set(chosen[i % chosen.length]!, units.get(chosen[i % chosen.length]!)! + 1);
    return [...units].map(([territory, n]): Placement => ({ territory, units: n }));
  },
  orders(state, player) {
    const mine = territoriesOf(state, player);
    const spare = new Map(mine.map((t) => [t, state.units[t]!]));
    const reserve = (t: number) => Math.min(spare.get(t)!, Math.floor(biggestNeighbour(state, player, t) * 0.25));
    const chance = wantedChance(state, player);
    const rank = weakness(state, player);
    const orders: RiscOrder[] = [];

    // 1. Attacks: the weakest opponent's territories first, then the cheapest to take.
    const targets = [...new Set(mine.flatMap((t) => enemiesNextTo(state, player, t)))].sort(
      (a, b) => rank.get(state.owner[a]!)! - rank.get(state.owner[b]!)! || state.units[a]! - state.units[b]! || a - b,
    );
    for (const target of targets) {
      const sources = state.board.adjacency[target]!.filter((n) => state.owner[n] === player);
      const free = (t: number) => Math.max(0, spare.get(t)! - reserve(t));
      const available = sources.reduce((s, t) => s + free(t), 0);
      // Units that move in may defend it: ask for a little more than stands there now.
      const defenders = state.units[target]! + 1;
      const need = attackersFor(defenders, chance, available);
      if (need === null) continue;
      // A margin on top, when there is one: a surer win keeps more units alive for the next battle.
      let send = Math.min(available, Math.ceil(need * 1.15) + 1);
      for (const t of [...sources].sort((a, b) => free(b) - free(a))) {
        const units = Math.min(free(t), send);
        if (units <= 0) continue;
        orders.push({ kind: 'attack', from: t, to: target, units });
        spare.set(t, spare.get(t)! - units);
        send -= units;
      }
    }

    // 2. Moves: the rear marches to the front territory facing the next target (the weakest
    //    opponent's most reachable territory), else the one facing the biggest threat.
    const dist = frontDistance(state, player);
    const front = mine.filter((t) => dist.get(t) === 0);
    if (front.length > 0) {
      const score = (t: number) => {
        const enemies = enemiesNextTo(state, player, t);
        const best = Math.min(...enemies.map((n) => rank.get(state.owner[n]!)!));
        const weakest = Math.min(
          ...enemies.filter((n) => rank.get(state.owner[n]!) === best).map((n) => state.units[n]!),
        );
        return best * 1000 + weakest;
      };
      const stage = [...front].sort((a, b) => score(a) - score(b) || a - b)[0]!;
      for (const t of mine) {
        const n = spare.get(t)!;
        const d = dist.get(t);
        // Front territories hold what they have; the rear sends everything.
        if (d === undefined || d === 0 || n === 0) continue;
        orders.push({ kind: 'move', from: t, to: stage, units: n });
        spare.set(t, 0);
      }
    }
    return legalOnly(state, player, orders);
  },
};
