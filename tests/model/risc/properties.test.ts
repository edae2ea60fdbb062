// RISC invariants: after every turn, units = before − one per combat roll + one per territory;
// accepted orders never move more units out of a territory than stood there.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRiscBot } from '../../../src/ai/risc/bots.js';
import {
  checkOrders,
  executePlacement,
  executeTurn,
  type RiscOrder,
  type RiscState,
  riscMap,
  startRisc,
} from '../../../src/model/risc/index.js';
import { seededDice } from '../../../src/protocol/random.js';

const total = (s: RiscState) => s.units.reduce((a, b) => a + b, 0);

function placed(players: number, seed: number): RiscState {
  const started = startRisc(
    riscMap(),
    Array.from({ length: players }, (_, i) => `p${i}`),
  );
  if (!started.ok) throw new Error(started.reason);
  const bot = createRiscBot('easy');
  const rng = seededDice(seed);
  return executePlacement(
    started.value,
    started.value.players.map((p) => bot.place(started.value, p.id, rng)),
  ).state;
}

describe('RISC properties', () => {
  it('conserves units except combat losses and the +1 growth, over whole random games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 2 ** 31 }), (players, seed) => {
        let state = placed(players, seed);
        expect(total(state)).toBe(players * state.startUnits);
        const rng = seededDice(seed + 1);
        const dice = seededDice(seed + 2);
        const bots = state.players.map((p) => createRiscBot(p.id % 2 === 0 ? 'easy' : 'hard'));
        for (let turn = 0; turn < 60 && state.phase === 'orders'; turn++) {
          const s = state;
          const orders = bots.map((b, p) => (s.lost[p] ? [] : b.orders(s, p, rng)));
          const { state: next, events } = executeTurn(s, orders, dice);
          const rolls = events.reduce((n, e) => n + (e.kind === 'battle' ? e.rolls : 0), 0);
          expect(total(next)).toBe(total(s) - rolls + s.board.territories.length);
          expect(next.units.every((u) => Number.isInteger(u) && u >= 1)).toBe(true);
          state = next;
        }
      }),
      { numRuns: 25 },
    );
  });

  it('never lets a unit be used twice: any accepted order set leaves no territory below zero before growth', () => {
    const state = placed(3, 11);
    const n = state.board.territories.length;
    const order = fc.record({
      kind: fc.constantFrom<'move' | 'attack'>('move', 'attack'),
      from: fc.integer({ min: 0, max: n - 1 }),
      to: fc.integer({ min: 0, max: n - 1 }),
      units: fc.integer({ min: 0, max: 12 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.array(order, { maxLength: 12 }), (player, orders: RiscOrder[]) => {
        const ok = checkOrders(state, player, orders).ok;
        const leaving = new Map<number, number>();
        for (const o of orders) leaving.set(o.from, (leaving.get(o.from) ?? 0) + o.units);
        const overdrawn = [...leaving].some(([t, u]) => u > state.units[t]!);
        if (overdrawn) expect(ok).toBe(false);
        if (!ok) return;
        const { state: next, events } = executeTurn(
          state,
          state.players.map((p) => (p.id === player ? orders : [])),
          seededDice(1),
        );
        const rolls = events.reduce((k, e) => k + (e.kind === 'battle' ? e.rolls : 0), 0);
        expect(next.units.every((u) => u >= 1)).toBe(true);
        expect(total(next)).toBe(total(state) - rolls + n);
      }),
      { numRuns: 400 },
    );
  });
});
