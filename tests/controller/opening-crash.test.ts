// The opening draws (first player, deck) are not points of the sequence: a cheat or a crash in
// them must still leave every honest peer with the same draw. A rogue that shows some peers another
// (signed) reveal, or a peer that crashes after its reveal reached only some: the honest peers agree
// on the draw, play on to one outcome, and blame only the rogue.
import { describe, expect, it } from 'vitest';
import { sealMessage } from '../../src/controller/core/replica.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame, type Rogue } from './memory-game.js';
import { withSend } from './mesh-game.js';

/** Sends its `nth` reveal only to `reached`, then closes every link. */
function crashesMidReveal(nth: number, reached: readonly number[]): Rogue {
  let reveals = 0;
  let crashed = false;
  return (links) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          if (crashed) return;
          const sealed = unseal(line);
          const decoded = sealed ? decodeLine(sealed.inner) : null;
          const isReveal = decoded?.ok && 'message' in decoded && decoded.message.command === 'roll_number';
          if (!isReveal) return link.send(line);
          // Each reveal is sent once per link: count it at the lowest link only.
          if (player === Math.min(...links.keys())) reveals++;
          if (reveals < nth) return link.send(line);
          if (reached.includes(player)) link.send(line);
          if (player === Math.max(...links.keys())) {
            crashed = true;
            queueMicrotask(() => {
              for (const l of links.values()) l.close();
            });
          }
        }),
      ]),
    );
}

/** Sends its `nth` reveal with another number (signed all the same) to `fooled`, the true one to the rest. */
function revealsTwoNumbers(nth: number, fooled: readonly number[]): Rogue {
  let reveals = 0;
  return (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          const sealed = unseal(line);
          const decoded = sealed ? decodeLine(sealed.inner) : null;
          if (!decoded?.ok || !('message' in decoded) || decoded.message.command !== 'roll_number')
            return link.send(line);
          if (player === Math.min(...links.keys())) reveals++;
          if (reveals !== nth || !fooled.includes(player)) return link.send(line);
          link.send(
            sealMessage(context.gameId, { ...decoded.message, payload: 'ab'.repeat(32) }, context.me, context.keyring)
              .line,
          );
        }),
      ]),
    );
}

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
        rogue: { player: 1, links: revealsTwoNumbers(nth, fooled) },
      });
      const honest = [0, 2, 3];
      const { winner } = honestAgreement(game, honest);
      expect(winner).not.toBe(1);
      for (const i of honest) {
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
        crash: { player: 1, links: crashesMidReveal(nth, reached) },
      });
      const honest = [0, 2, 3];
      const { winner } = honestAgreement(game, honest);
      expect(winner).not.toBeNull();
      for (const i of honest) {
        expect(game.results[i]!.violations).toEqual([]);
        expect(game.audits[i]!.violations).toEqual([]);
        expect(game.results[i]!.state.players.filter((p) => p.neutral).map((p) => p.id)).toEqual([1]);
      }
    },
    600_000,
  );
});
