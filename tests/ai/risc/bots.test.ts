// RISC bots: always legal; their strengths are ordered (easy < normal < hard, in short seeded
// matches); games between hard bots end, by conquest, without any turn limit.
import { describe, expect, it } from 'vitest';
import { playRiscGame, riscTournament } from '../../../src/ai/risc/arena.js';
import { createRiscBot, RISC_BOT_KINDS } from '../../../src/ai/risc/bots.js';
import { ATTACKER_WINS_FIGHT, attackersFor, takeChance } from '../../../src/ai/risc/odds.js';
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

  it.each([
    [['normal', 'easy'], 18],
    [['hard', 'normal'], 14],
    [['hard', 'easy'], 18],
  ] as const)('%j: the first wins at least %i of 20 two-player games, seats rotated', (bots, least) => {
    const r = riscTournament({ bots, games: 20, seed: 1, turnLimit: null, turnCap: 300 });
    expect(r.ended).toBe(20);
    expect(r.winsByPosition[0]).toBeGreaterThanOrEqual(least);
  });

  it('orders the three in one three-player game: hard wins most, easy least (30 games)', () => {
    const r = riscTournament({ bots: ['hard', 'normal', 'easy'], games: 30, seed: 1, turnLimit: null, turnCap: 300 });
    const [hard, normal, easy] = r.winsByPosition;
    expect(hard).toBeGreaterThan(normal!);
    expect(normal).toBeGreaterThan(easy!);
  });

  it('hard bots press for a win: 3- and 4-player games all end by conquest with no turn limit', () => {
    for (const bots of [
      ['hard', 'hard', 'hard'],
      ['hard', 'hard', 'hard', 'hard'],
    ] as const) {
      const r = riscTournament({ bots, games: 15, seed: 5, turnLimit: null, turnCap: 200 });
      expect(r.conquests).toBe(15);
      expect(r.turns.max).toBeLessThan(100);
      for (const g of r.list) expect(g.winnerSeat).not.toBeNull();
    }
  });

  it('ends a game at the agreed turn limit with its winner (most territories), and says so', () => {
    const result = playRiscGame(['normal', 'normal', 'normal'], 3, { turnLimit: 3 });
    expect(result.ending).toBe('limit');
    expect(result.turns).toBe(3);
    expect(result.final.phase).toBe('over');
    const held = result.final.players.map((p) => result.final.owner.filter((o) => o === p.id).length);
    expect(result.winner === null || held[result.winner] === Math.max(...held)).toBe(true);
  });

  it('a game that stops at the safety cap has no winner and is not counted as ended', () => {
    const r = riscTournament({ bots: ['easy', 'easy'], games: 2, seed: 1, turnLimit: null, turnCap: 2 });
    expect(r.ended).toBe(0);
    expect(r.list.map((g) => g.ending)).toEqual(['cap', 'cap']);
  });
});

describe('RISC battle odds (what the hard bot attacks with)', () => {
  it('one fight: the attacker wins 190 of 400 rolls of two d20 (ties go to the holder)', () => {
    expect(ATTACKER_WINS_FIGHT).toBe(190 / 400);
    expect(takeChance(1, 1)).toBeCloseTo(0.475, 12);
    // Two attackers against one: win the first fight, or lose it and win the second.
    expect(takeChance(2, 1)).toBeCloseTo(0.475 + 0.525 * 0.475, 12);
    expect(takeChance(0, 3)).toBe(0);
    expect(takeChance(3, 0)).toBe(1);
  });

  it('grows with the attackers, falls with the defenders, and needs about 10% more units to be even', () => {
    for (let d = 1; d < 40; d += 7) {
      expect(takeChance(d + 1, d)).toBeGreaterThan(takeChance(d, d));
      expect(takeChance(d, d + 1)).toBeLessThan(takeChance(d, d));
    }
    expect(takeChance(100, 100)).toBeLessThan(0.5);
    expect(takeChance(110, 100)).toBeCloseTo(0.5, 1);
    expect(takeChance(140, 100)).toBeGreaterThan(0.9);
    expect(attackersFor(10, 0.75, 100)).toBe(attackersFor(10, 0.75, 1000));
    expect(attackersFor(10, 0.75, 5)).toBeNull();
    expect(takeChance(attackersFor(10, 0.75, 100)!, 10)).toBeGreaterThanOrEqual(0.75);
  });
});
