// The opening draws (first player, deck) are not points of the sequence: a cheat or a crash in
// them must still leave every honest peer with the same draw. A rogue that shows some peers another
// (signed) reveal, or a peer that crashes after its reveal reached only some: the honest peers agree
// on the draw, play on to one outcome, and blame only the rogue.
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { crashesMidReveal, revealsTwoNumbers } from './dice-rogues.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';

const HONEST = [0, 2, 3];
/** The game players get: every native feature (a chain's reveals in the draws, rounds 0 and 1). */
const FEATURES = [...NATIVE_FEATURES];

describe('a rogue reveals two numbers in the opening draws', () => {
  it.each([
    [1, [0]],
    [2, [0]],
    [2, [2, 3]],
    [2, [0, 2, 3]],
  ])(
    'reveal %i: another number to %j',
    async (nth, fooled) => {
      const game = await playMemoryGame({
        players: 4,
        seed: 3,
        features: FEATURES,
        rogue: { player: 1, links: revealsTwoNumbers(nth, fooled) },
      });
      const { winner } = honestAgreement(game, HONEST);
      expect(winner).not.toBe(1);
      for (const i of HONEST) {
        const result = game.results[i]!;
        // The rogue is expelled on its proof; no honest peer is timed out or blamed.
        expect(result.state.players.filter((p) => p.neutral).map((p) => p.id)).toEqual([1]);
        expect(result.violations.length).toBeGreaterThan(0);
        for (const v of result.violations) expect(v.player).toBe(1);
        expect(game.audits[i]!.truncated).toBe(false);
        for (const v of game.audits[i]!.violations) expect(v.player).toBe(1);
      }
    },
    600_000,
  );
});

describe('a crash during the opening draws', () => {
  it.each([
    [1, [0, 2]],
    [2, [3]],
  ])(
    'reveal %i reaches only %j, then the peer is gone',
    async (nth, reached) => {
      const game = await playMemoryGame({
        players: 4,
        seed: 3,
        features: FEATURES,
        crash: { player: 1, links: crashesMidReveal(nth, reached) },
      });
      const { winner } = honestAgreement(game, HONEST);
      expect(winner).not.toBeNull();
      for (const i of HONEST) {
        expect(game.results[i]!.violations).toEqual([]);
        expect(game.audits[i]!.violations).toEqual([]);
        expect(game.results[i]!.state.players.filter((p) => p.neutral).map((p) => p.id)).toEqual([1]);
      }
    },
    600_000,
  );
});
