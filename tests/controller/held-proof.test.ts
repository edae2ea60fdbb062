// A rogue keeps one honest peer from settling a point (it withholds its acknowledgement there),
// then sends every peer an illegal move for the next point. The peer that settled the point proves
// the cheat and proposes the rogue's neutralisation; the held-back peer holds the illegal move in
// line already, and must still find the proof in the proposal (found by bench:chaos, seed 11, game
// 88: the held-back peer waited for the rogue for ever while the other finished alone).
import { describe, expect, it } from 'vitest';
import { sealMessage } from '../../src/core/native/lines.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';
import { type Rogue, withSends } from './mesh-game.js';

const ROGUE = 1;
const HONEST = [0, 2];
const VICTIM = 0;

/**
 * After one of its own moves (point 3 or later) it claims the next point, another player's, with a
 * timeout, and withholds its acknowledgement of its own move from the victim.
 */
const withholdsThenCheats: Rogue = (links, context) => {
  let target: number | null = null;
  return withSends(links, (player, link) => (line) => {
    const sealed = unseal(line);
    const decoded = sealed === null ? null : decodeLine(sealed.inner);
    const message = decoded?.ok && 'message' in decoded ? decoded.message : null;
    if (message?.command === 'acknowledgement' && message.payload === target && player === VICTIM) return;
    link.send(line);
    if (message === null || message.command === 'acknowledgement' || !('ack_id' in message)) return;
    const index = message.ack_id;
    if (index === undefined || index < 3 || (target !== null && index !== target)) return;
    target = index;
    const timeout = { command: 'timeout' as const, payload: VICTIM, player_id: ROGUE, ack_id: index + 1 };
    link.send(sealMessage(context.gameId, timeout, context.me, context.keyring).line);
  });
};

describe('a proof shown for a move held in line', () => {
  it('neutralises the rogue at the peer it kept from settling the point before', async () => {
    const game = await playMemoryGame({ players: 3, seed: 11, rogue: { player: ROGUE, links: withholdsThenCheats } });
    const { winner } = honestAgreement(game, HONEST);
    expect(winner).not.toBeNull();
    expect(winner).not.toBe(ROGUE);
    for (const i of HONEST) {
      const result = game.results[i]!;
      expect(result.outcome).toBe('conquest');
      expect(result.state.players[ROGUE]!.neutral).toBe(true);
      expect(result.state.players.filter((p) => p.id !== ROGUE && p.neutral)).toEqual([]);
      expect(result.violations.map((v) => v.player)).toEqual([ROGUE]);
      expect(result.violations[0]!.reason).toMatch(/sent a timeout for p0; silence is settled by votes/);
      const audit = game.audits[i]!;
      expect(audit.truncated).toBe(false);
      for (const v of audit.violations) expect(v.player).toBe(ROGUE);
      expect(audit.state!.winner).toBe(winner);
    }
  }, 120_000);
});
