// A rogue commits to one number for some peers and another for the rest, in one dice round (the
// opening draws or a battle), signing both: every honest peer must see it before it uses the round.
// And one that names made-up commitments in its reveal must not stop the game or split it.
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { falseNames, twoVersions } from './dice-rogues.js';
import { honestAgreement, type MemoryGame, playMemoryGame } from './memory-game.js';
import { PER_ROUND_DICE } from './mesh-game.js';

const HONEST = [0, 2, 3];

/** One outcome the rogue did not win; no honest peer neutral or blamed; records whole. */
function onlyTheRogueLoses(game: MemoryGame) {
  const { winner } = honestAgreement(game, HONEST);
  expect(winner).not.toBe(1);
  for (const i of HONEST) {
    const result = game.results[i]!;
    expect(result.state.players.filter((p) => p.neutral && p.id !== 1)).toEqual([]);
    for (const v of result.violations) expect(v.player).toBe(1);
    expect(game.audits[i]!.truncated).toBe(false);
    for (const v of game.audits[i]!.violations) expect(v.player).toBe(1);
  }
}

describe('a rogue signs two commitments for one dice round (a commitment per round)', () => {
  // Rounds 1 and 2 are the opening draws (first player, deck); 12 and 30 are battles. With dice
  // chains a player commits once per chain: a second chain tip is in dice-chain-rogues.test.ts.
  it.each([
    [1, [0]],
    [2, [0]],
    [2, [2, 3]],
    [12, [0]],
    [30, [2, 3]],
  ])(
    'round %i: another commitment and number to %j',
    async (nth, fooled) => {
      const game = await playMemoryGame({
        players: 4,
        seed: 3,
        features: PER_ROUND_DICE,
        rogue: { player: 1, links: twoVersions(nth, fooled) },
      });
      onlyTheRogueLoses(game);
      for (const i of HONEST) {
        const result = game.results[i]!;
        expect(result.state.players[1]!.neutral).toBe(true);
        expect(result.violations.some((v) => /signed two dice commitments/.test(v.reason))).toBe(true);
      }
    },
    600_000,
  );
});

describe('a rogue names made-up commitments in its reveal', () => {
  it.each([
    [2, [0]],
    [12, [0, 2, 3]],
    [30, [3]],
  ])(
    'round %i: to %j',
    async (nth, fooled) => {
      onlyTheRogueLoses(
        await playMemoryGame({
          players: 4,
          seed: 3,
          features: [...NATIVE_FEATURES],
          rogue: { player: 1, links: falseNames(nth, fooled) },
        }),
      );
    },
    600_000,
  );
});
