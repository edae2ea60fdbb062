// The native replica driven through its contract alone (tests/core/harness.ts): lines and `now` in,
// effects out; no session, link or timer. What each effect means is the contract's (core/contract.ts).
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/core/native/hashes.js';
import { sealMessage } from '../../src/core/native/lines.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { unseal } from '../../src/protocol/signing.js';
import { coreMesh, eventsOf } from './harness.js';

const messageOf = (line: string): Message | null => {
  const sealed = unseal(line);
  const decoded = sealed === null ? null : decodeLine(sealed.inner);
  return decoded?.ok && 'message' in decoded ? decoded.message : null;
};

describe('the native replica through its contract', () => {
  it('three replicas fed each other’s lines reach one winner and one state, and blame nobody', async () => {
    const mesh = await coreMesh({ players: 3, seed: 21 });
    mesh.run();
    const results = mesh.replicas.map((r) => r.finished!);
    expect(results.map((r) => r.outcome)).toEqual(['conquest', 'conquest', 'conquest']);
    expect(new Set(results.map((r) => r.winner)).size).toBe(1);
    expect(new Set(results.map((r) => stateHash(r.state))).size).toBe(1);
    for (const effects of mesh.effects) {
      expect(effects.filter((e) => e.type === 'cut')).toEqual([]);
      expect(eventsOf(effects).filter((e) => e.type === 'violation')).toEqual([]);
      // Every step applied here is one of the game's: the store keeps the game as these steps.
      expect(effects.filter((e) => e.type === 'step').length).toBeGreaterThan(50);
    }
  }, 120_000);

  it('unsigned lines are a fault of the link they came on, never proof: the link is cut, nobody is blamed', async () => {
    const mesh = await coreMesh({ players: 2, seed: 3 });
    const replica = mesh.replicas[0]!;
    replica.drain();
    for (let i = 0; i < 64; i++) replica.receive(1, `{"command":"acknowledgement","payload":${i},"player_id":1}`, 0);
    const effects = replica.drain();
    expect(effects.filter((e) => e.type === 'cut')).toEqual([
      { type: 'cut', player: 1, reason: 'too many unusable lines (sent a line that is not signed)' },
    ]);
    expect(effects.some((e) => e.type === 'event' && e.event.type === 'violation')).toBe(false);
    expect(effects.some((e) => e.type === 'step')).toBe(false);
  });

  it('a signed illegal move is proof every other replica finds alone: its author is made neutral and loses', async () => {
    const mesh = await coreMesh({
      players: 3,
      seed: 5,
      // Player 1's attacks, rewritten to attack a territory from itself, signed by it (its first is
      // its last: it is made neutral for it).
      rewrite: (from, _to, line) => {
        const m = messageOf(line);
        if (from !== 1 || m?.command !== 'attack') return [line];
        const illegal: Message = { ...m, payload: [m.payload[0], m.payload[0], m.payload[2]] };
        return [sealMessage(mesh.gameId, illegal, 1, mesh.keyrings[1]!).line];
      },
    });
    mesh.run();
    for (const i of [0, 2]) {
      const result = mesh.replicas[i]!.finished!;
      expect(result.violations.map((v) => v.player)).toEqual([1]);
      expect(result.state.players[1]!.neutral).toBe(true);
      expect(result.winner).not.toBe(1);
      // The neutralisation took a point of the sequence, as a `timeout` step.
      expect(mesh.effects[i]!.some((e) => e.type === 'step' && e.action.command === 'timeout')).toBe(true);
    }
    expect(mesh.replicas[0]!.finished!.winner).toBe(mesh.replicas[2]!.finished!.winner);
  }, 120_000);

  it('a player that goes silent is voted out by the others when its time is up, and the game goes on', async () => {
    const mesh = await coreMesh({ players: 3, seed: 8, idle: new Set([2]) });
    const at = mesh.run();
    for (const i of [0, 1]) {
      const result = mesh.replicas[i]!.finished!;
      expect(result.state.players[2]!.neutral).toBe(true);
      expect(result.violations).toEqual([]);
      expect(['conquest', 'forfeit']).toContain(result.outcome);
      // Two stages of votes, each a signed line sent to everyone.
      const votes = mesh.effects[i]!.filter((e) => e.type === 'send' && messageOf(e.line)?.command === 'timeout_vote');
      expect(votes.length).toBeGreaterThanOrEqual(1);
    }
    expect(at).toBeGreaterThan(0); // only the clock could bring the votes
  }, 120_000);
});
