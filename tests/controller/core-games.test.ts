// Native games on the replica core over in-memory links and fake timers.
import { describe, expect, it } from 'vitest';
import { honestAgreement, playMemoryGame } from './memory-game.js';

describe('native games on in-memory links', () => {
  it.each([2, 3, 4, 6])(
    '%i peers reach a winner, agree, and every record audits clean',
    async (players) => {
      const game = await playMemoryGame({ players, seed: players });
      const all = Array.from({ length: players }, (_, i) => i);
      const { winner } = honestAgreement(game, all);
      expect(winner).not.toBeNull();
      for (const r of game.results) expect(r!.outcome).toBe('conquest');
      for (const audit of game.audits) {
        expect(audit.violations).toEqual([]);
        expect(audit.truncated).toBe(false);
        expect(audit.state!.winner).toBe(winner);
        expect(audit.roundsVerified).toBeGreaterThanOrEqual(audit.battles + 2);
      }
    },
    600_000,
  );
});
