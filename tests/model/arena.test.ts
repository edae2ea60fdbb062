import { describe, expect, it } from 'vitest';
import { runArena } from '../../src/ai/arena.js';
import { randomBot } from '../../src/ai/random.js';

describe('offline games between random-legal bots', () => {
  const run = (seed: number) =>
    runArena({ players: 4, games: 8, seed, turnCap: 3000, seatBot: (_g, _s, rng) => randomBot(rng) });

  it('reach a winner, and the same seed plays the same games', () => {
    const a = run(5);
    const b = run(5);
    expect(a.cappedGames).toBe(0);
    expect(a.winsBySeat.reduce((x, y) => x + y, 0)).toBe(8);
    expect({ ...a, seconds: 0, gamesPerSecond: 0 }).toEqual({ ...b, seconds: 0, gamesPerSecond: 0 });
    const c = run(6);
    expect([c.meanTurns, c.meanBattles]).not.toEqual([a.meanTurns, a.meanBattles]);
  });
});
