// RISC bots: pure functions from the state to a placement or a turn's orders. "easy" spreads its
// units and attacks at random; "normal" masses units on the front, moves the rear up, and attacks
// only with a clear majority, several territories joining into one force; "hard" (press.ts) picks
// the weakest opponent and presses it with just enough force where its odds are good, so that games
// end.
import { type RiscOrder, territoriesOf } from '../../model/risc/index.js';
import { pressingBot } from './press.js';
import { enemiesNextTo, frontDistance, frontOrAll, legalOnly, type RiscBot, threat } from './reading.js';

export type { RiscBot } from './reading.js';

/** Weakest first: each beats the one before it (tests/ai/risc, risk tournament --game risc). */
export const RISC_BOT_KINDS = ['easy', 'normal', 'hard'] as const;
export type RiscBotKind = (typeof RISC_BOT_KINDS)[number];

/** "easy, normal and hard", for messages. */
export const RISC_BOT_LIST = `${RISC_BOT_KINDS.slice(0, -1).join(', ')} and ${RISC_BOT_KINDS.at(-1)}`;

export function isRiscBotKind(kind: string): kind is RiscBotKind {
  return (RISC_BOT_KINDS as readonly string[]).includes(kind);
}

export function createRiscBot(kind: RiscBotKind): RiscBot {
  return kind === 'easy' ? easyBot : kind === 'normal' ? normalBot : pressingBot;
}

/** Random spread, random moves and attacks: legal but aimless. */
export const easyBot: RiscBot = {
  kind: 'easy',
  place(state, player, rng) {
    const mine = territoriesOf(state, player);
    const units = new Map(mine.map((t) => [t, 0]));
    for (let i = 0; i < state.startUnits; i++) {
      const t = mine[rng.below(mine.length)]!;
      units.set(t, units.get(t)! + 1);
    }
    return [...units].map(([territory, n]) => ({ territory, units: n }));
  },
  orders(state, player, rng) {
    const orders: RiscOrder[] = [];
    for (const t of territoriesOf(state, player)) {
      const have = state.units[t]!;
      if (have < 2 || rng.below(2) === 0) continue;
      const units = 1 + rng.below(have - 1);
      const enemies = enemiesNextTo(state, player, t);
      if (enemies.length > 0 && rng.below(3) > 0)
        orders.push({ kind: 'attack', from: t, to: enemies[rng.below(enemies.length)]!, units });
      else {
        const friends = state.board.adjacency[t]!.filter((n) => state.owner[n] === player);
        if (friends.length > 0) orders.push({ kind: 'move', from: t, to: friends[rng.below(friends.length)]!, units });
      }
    }
    return orders;
  },
};

export const normalBot: RiscBot = {
  kind: 'normal',
  place(state, player, rng) {
    const { mine, front: targets } = frontOrAll(state, player);
    // Mass most units on a few front territories (concentration wins d20 battles of attrition).
    const order = [...targets].sort(
      (a, b) => enemiesNextTo(state, player, b).length - enemiesNextTo(state, player, a).length || rng.below(3) - 1,
    );
    const chosen = order.slice(0, Math.max(1, Math.ceil(order.length / 2)));
    const units = new Map(mine.map((t) => [t, 0]));
    for (let i = 0; i < state.startUnits; i++) {
      const t = chosen[i % chosen.length]!;
      units.set(t, units.get(t)! + 1);
    }
    return [...units].map(([territory, n]) => ({ territory, units: n }));
  },
  orders(state, player) {
    const mine = territoriesOf(state, player);
    const spare = new Map(mine.map((t) => [t, state.units[t]!]));
    const orders: RiscOrder[] = [];
    // 1. Attacks: weakest adjacent enemy territories first, with everything that can reach them,
    //    if the force clearly outnumbers the defenders (each roll is slightly in the defender's favour).
    const targets = [...new Set(mine.flatMap((t) => enemiesNextTo(state, player, t)))].sort(
      (a, b) => state.units[a]! - state.units[b]!,
    );
    for (const target of targets) {
      const sources = state.board.adjacency[target]!.filter((n) => state.owner[n] === player && spare.get(n)! > 0);
      const defenders = state.units[target]!;
      const need = Math.ceil(defenders * 1.6) + 2;
      const keepHome = (t: number) => Math.min(spare.get(t)!, Math.floor(threat(state, player, t) / 3));
      const available = sources.reduce((s, t) => s + spare.get(t)! - keepHome(t), 0);
      if (available < need) continue;
      for (const t of sources) {
        const units = spare.get(t)! - keepHome(t);
        if (units <= 0) continue;
        orders.push({ kind: 'attack', from: t, to: target, units });
        spare.set(t, spare.get(t)! - units);
      }
    }
    // 2. Moves: units in the rear go to the front territory facing the most enemy units.
    const dist = frontDistance(state, player);
    const front = mine.filter((t) => dist.get(t) === 0);
    if (front.length > 0) {
      const hottest = [...front].sort((a, b) => threat(state, player, b) - threat(state, player, a) || a - b)[0]!;
      for (const t of mine) {
        const n = spare.get(t)!;
        if (dist.get(t) === 0 || n === 0 || dist.get(t) === undefined) continue;
        orders.push({ kind: 'move', from: t, to: hottest, units: n });
        spare.set(t, 0);
      }
    }
    return legalOnly(state, player, orders);
  },
};
