// A rogue keeps one honest peer from settling a point (it withholds its acknowledgements from there
// on, until that peer can build on no more unsettled entries), then sends every peer an illegal move
// for the next point. The peer that settled the point proves
// the cheat and proposes the rogue's neutralisation; the held-back peer holds the illegal move in
// line already, and must still find the proof in the proposal (found by bench:chaos, seed 11, game
// 88: the held-back peer waited for the rogue for ever while the other finished alone).
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';
import { type Rogue, withSends } from './mesh-game.js';

/** Every native feature, the game players get (the rogue reads its window from them; lockstep passes too). */
const FEATURES = [...NATIVE_FEATURES];
const ROGUE = 1;
const HONEST = [0, 2];
const VICTIM = 0;

/**
 * From the first move of its first turn it withholds its acknowledgements from the victim, and once
 * the victim's window of unsettled entries is full (lockstep: that move; pipelining: one more of its
 * moves; pipelining_two: two), it claims the next point with a timeout (signed over the parent it
 * holds, as an honest peer signs a move: without one the line is another history's, judged nowhere).
 */
const withholdsThenCheats: Rogue = (links, context) => {
  const window = context.pipelining ? (context.historyHashes ? 2 : 1) : 0;
  let from: number | null = null;
  return withSends(links, (player, link) => (line) => {
    const sealed = unseal(line);
    const decoded = sealed === null ? null : decodeLine(sealed.inner);
    const message = decoded?.ok && 'message' in decoded ? decoded.message : null;
    if (message?.command === 'acknowledgement' && from !== null && message.payload >= from && player === VICTIM) return;
    link.send(line);
    if (message === null || message.command === 'acknowledgement' || !('ack_id' in message)) return;
    const index = message.ack_id;
    if (index === undefined || sealed?.by !== ROGUE) return;
    if (from === null && message.command === 'play_cards') from = index;
    if (from === null || index !== from + window) return;
    link.send(context.sign({ command: 'timeout', payload: VICTIM, player_id: ROGUE, ack_id: index + 1 }));
  });
};

describe('a proof shown for a move held in line', () => {
  it('neutralises the rogue at the peer it kept from settling the point before', async () => {
    const game = await playMemoryGame({
      players: 3,
      seed: 11,
      features: FEATURES,
      rogue: { player: ROGUE, links: withholdsThenCheats },
    });
    const { winner } = honestAgreement(game, HONEST);
    expect(winner).not.toBeNull();
    expect(winner).not.toBe(ROGUE);
    // The victim held the cheat in line: it proposed nothing itself, and took the proof from the other's proposal.
    const expels = (dir: string) =>
      game.records[VICTIM]!.filter((l) => l.dir === dir && unseal(l.raw)?.inner.startsWith('{"command":"expel"'));
    expect(expels('out')).toEqual([]);
    expect(expels('in').length).toBeGreaterThan(0);
    for (const i of HONEST) {
      const result = game.results[i]!;
      expect(['conquest', 'forfeit']).toContain(result.outcome);
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
