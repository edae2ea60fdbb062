// A rogue commits to one number for some peers and another for the rest, in one dice round (the
// opening draws or a battle), signing both: every honest peer must see it before it uses the round.
import { describe, expect, it } from 'vitest';
import { sealMessage } from '../../src/controller/core/replica.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { boundCommitment, bytesToHex } from '../../src/protocol/commitment.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame, type Rogue } from './memory-game.js';
import { withSend } from './mesh-game.js';

/** In its `nth` round, commits to and reveals another number (both signed) to `fooled`: two valid versions. */
function twoVersions(nth: number, fooled: readonly number[]): Rogue {
  let commits = 0;
  const other = Uint8Array.from({ length: 32 }, (_, i) => i + 7);
  return (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          const sealed = unseal(line);
          const decoded = sealed ? decodeLine(sealed.inner) : null;
          if (!decoded?.ok || !('message' in decoded)) return link.send(line);
          const m = decoded.message;
          if (m.command !== 'roll_hash' && m.command !== 'roll_number') return link.send(line);
          if (m.command === 'roll_hash' && player === Math.min(...links.keys())) commits++;
          if (commits !== nth || !fooled.includes(player)) return link.send(line);
          const payload =
            m.command === 'roll_hash'
              ? boundCommitment(other, { gameId: context.gameId, round: m.round!, player: context.me })
              : bytesToHex(other);
          link.send(sealMessage(context.gameId, { ...m, payload }, context.me, context.keyring).line);
        }),
      ]),
    );
}

describe('a rogue commits to two numbers in the opening draws', () => {
  it.each([
    [1, [0]],
    [2, [0]],
    [2, [2, 3]],
    [12, [0]],
    [30, [2, 3]],
  ])(
    'round %i: another commitment and number to %j',
    async (nth, fooled) => {
      const game = await playMemoryGame({ players: 4, seed: 3, rogue: { player: 1, links: twoVersions(nth, fooled) } });
      const honest = [0, 2, 3];
      const { winner } = honestAgreement(game, honest);
      expect(winner).not.toBe(1);
      for (const i of honest) {
        const result = game.results[i]!;
        expect(result.state.players.filter((p) => p.neutral && p.id !== 1)).toEqual([]);
        for (const v of result.violations) expect(v.player).toBe(1);
        for (const v of game.audits[i]!.violations) expect(v.player).toBe(1);
      }
    },
    600_000,
  );
});

/** In its `nth` round, reveals to `fooled` naming a made-up commitment for another player. */
function falseNames(nth: number, fooled: readonly number[]): Rogue {
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
          const m = decoded.message;
          if (player === Math.min(...links.keys())) reveals++;
          if (reveals !== nth || !fooled.includes(player)) return link.send(line);
          const commitments = (m.commitments ?? []).map(([p, hash]): [number, string] =>
            p === context.me ? [p, hash] : [p, 'cd'.repeat(32)],
          );
          link.send(sealMessage(context.gameId, { ...m, commitments }, context.me, context.keyring).line);
        }),
      ]),
    );
}

describe('a rogue names made-up commitments in its reveal', () => {
  it.each([
    [2, [0]],
    [12, [0, 2, 3]],
    [30, [3]],
  ])(
    'round %i: to %j',
    async (nth, fooled) => {
      const game = await playMemoryGame({ players: 4, seed: 3, rogue: { player: 1, links: falseNames(nth, fooled) } });
      const honest = [0, 2, 3];
      const { winner } = honestAgreement(game, honest);
      expect(winner).not.toBe(1);
      for (const i of honest) {
        const result = game.results[i]!;
        expect(result.state.players.filter((p) => p.neutral && p.id !== 1)).toEqual([]);
        for (const v of result.violations) expect(v.player).toBe(1);
        expect(game.audits[i]!.truncated).toBe(false);
        for (const v of game.audits[i]!.violations) expect(v.player).toBe(1);
      }
    },
    600_000,
  );
});
