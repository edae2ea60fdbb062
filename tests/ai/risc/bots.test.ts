// RISC bots: always legal, and the hard bot clearly beats the easy one (bounded: 20 short games).
import { describe, expect, it } from 'vitest';
import { playRiscGame, riscMatch } from '../../../src/ai/risc/arena.js';
import { createRiscBot, RISC_BOT_KINDS } from '../../../src/ai/risc/bots.js';
import { checkOrders, checkPlacement, executePlacement, riscMap, startRisc } from '../../../src/model/risc/index.js';
import { seededDice } from '../../../src/protocol/random.js';

describe('RISC bots', () => {
  it.each(RISC_BOT_KINDS)('%s places and orders legally for 2, 3 and 4 players', (kind) => {
    const bot = createRiscBot(kind);
    for (const n of [2, 3, 4]) {
      const started = startRisc(
        riscMap(),
        Array.from({ length: n }, (_, i) => `p${i}`),
      );
      if (!started.ok) throw new Error(started.reason);
      const rng = seededDice(n);
      const placements = started.value.players.map((p) => bot.place(started.value, p.id, rng));
      placements.forEach((pl, p) =>
        expect(checkPlacement(started.value, p, pl)).toEqual({ ok: true, value: undefined }),
      );
      const state = executePlacement(started.value, placements).state;
      for (const p of state.players) expect(checkOrders(state, p.id, bot.orders(state, p.id, rng)).ok).toBe(true);
    }
  });

  it('hard beats easy clearly: at least 17 of 20 two-player games, seats rotated', () => {
    const { wins, capped } = riscMatch(['hard', 'easy'], 20, 1, 200);
    expect(wins[0]).toBeGreaterThanOrEqual(17);
    expect(wins[0]! + wins[1]! + capped).toBe(20);
  });

  it('reaches a winner in 3- and 4-player games between bots', () => {
    for (const kinds of [
      ['hard', 'easy', 'hard'],
      ['easy', 'hard', 'easy', 'hard'],
    ] as const) {
      const result = playRiscGame(kinds, 7, 300);
      expect(result.winner).not.toBeNull();
      expect(result.final.owner.every((o) => o === result.winner)).toBe(true);
    }
  });
});
