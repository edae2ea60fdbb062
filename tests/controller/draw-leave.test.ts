// A leave_game in a draw no seat decides (the classic opening draws, a RISC turn's execution). A
// rogue revealed its number to one peer and sent the others its leave_game: they made it neutral
// at once and drew without its number while the first drew with it, and the game split (an honest
// player was then blamed for two moves, or voted out). A leave in the draws now waits for the
// draws' end, like a proof: the round goes on with the leaver's number, handed on to those that
// lack it (or the leaver is voted silent), and its neutralisation takes the next point.
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { revealsToSomeLeavesToOthers } from './dice-rogues.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';
import { playRiscMemoryGame } from './risc-memory-game.js';

const HONEST = [0, 2, 3];
/** A fresh rogue for each game (it counts its reveals). */
const rogue = () => ({ player: 1, links: revealsToSomeLeavesToOthers(2, [0]) });

describe('a rogue reveals to one peer and leaves to the others, in a draw', () => {
  it('the deck draw of a classic game: one draw, one game, the rogue alone made neutral', async () => {
    const game = await playMemoryGame({ players: 4, seed: 3, features: [...NATIVE_FEATURES], rogue: rogue() });
    const { winner } = honestAgreement(game, HONEST);
    expect(winner).not.toBe(1);
    for (const i of HONEST) {
      const result = game.results[i]!;
      expect(result.state.players.filter((p) => p.neutral).map((p) => p.id)).toEqual([1]);
      expect(result.violations).toEqual([]);
      expect(game.audits[i]!.truncated).toBe(false);
      expect(game.audits[i]!.violations).toEqual([]);
    }
  }, 120_000);

  it("a RISC turn's execution: one board, the rogue alone made neutral", async () => {
    const game = await playRiscMemoryGame({ players: 4, seed: 3, rogue: rogue() });
    const results = HONEST.map((i) => {
      const result = game.results[i];
      if (result === null || result === undefined || !result.ok)
        throw new Error(`peer ${i}: ${JSON.stringify(result)}`);
      return result;
    });
    for (const result of results) {
      expect(result.state.winner).not.toBe(1);
      expect(result.state.winner).toBe(results[0]!.state.winner);
      expect(result.state.owner).toEqual(results[0]!.state.owner);
      expect(result.neutral).toEqual([1]);
      expect(result.found).toEqual([]);
    }
  }, 120_000);
});
