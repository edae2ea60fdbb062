// The cs3099 star peer driven through its contract alone: lines and `now` in, effects out; no
// session, link or timer (core/star/star-peer.ts). A host and its clients are wired by hand here.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import type { Effect, SessionEvent } from '../../src/core/contract.js';
import { StarPeer } from '../../src/core/star/star-peer.js';
import { seededDice } from '../../src/protocol/random.js';

const ACK = 1000;
const MOVE = 5000;

function peer(me: number, players: number, extra: { hostSilenceMs?: number } = {}): StarPeer {
  let n = 0;
  return new StarPeer({
    me,
    role: me === 0 ? 'host' : 'client',
    players: Array.from({ length: players }, (_, id) => ({ id, name: `p${id}` })),
    links: me === 0 ? Array.from({ length: players - 1 }, (_, i) => i + 1) : [0],
    ackTimeoutMs: ACK,
    moveTimeoutMs: MOVE,
    secretNumbers: () => Uint8Array.from(createHash('sha256').update(`star-peer ${me} ${n++}`).digest()),
    ...extra,
  });
}

const events = (effects: readonly Effect[]): SessionEvent[] =>
  effects.flatMap((e) => (e.type === 'event' ? [e.event] : []));
const sent = (effects: readonly Effect[]) =>
  effects.flatMap((e) =>
    e.type === 'send' ? [{ to: e.to, message: JSON.parse(e.line) as Record<string, unknown> }] : [],
  );

/** A host (peer 0) and its clients, each line delivered at once; each seat a seeded bot; time moves only by deadlines. */
function star(players: number, seed: number) {
  const peers = Array.from({ length: players }, (_, me) => peer(me, players));
  const bots = peers.map((_, me) => createBot('normal', seededDice(seed + me)));
  const seen: Effect[][] = peers.map(() => []);
  let now = 0;
  const pump = () => {
    for (let moved = true; moved; ) {
      moved = false;
      for (const [me, p] of peers.entries()) {
        const effects = p.drain();
        if (effects.length > 0) moved = true;
        seen[me]!.push(...effects);
        for (const e of effects) {
          if (e.type !== 'send') continue;
          const to = me === 0 ? (e.to === null ? [...peers.keys()].filter((q) => q !== 0) : [e.to]) : [0];
          for (const q of to) peers[q]!.receive(me === 0 ? 0 : me, e.line, now);
        }
        const due = p.decisionDue;
        if (due !== null) {
          p.decide(due.index, bots[me]!.decide(due.state, p.seat), now);
          moved = true;
        }
      }
    }
  };
  const run = (maxSteps: number) => {
    for (const p of peers) p.start(now);
    for (let i = 0; i < maxSteps && peers.some((p) => p.finished === null); i++) {
      pump();
      const wake = peers.map((p) => p.wakeAt).filter((t): t is number => t !== null);
      if (wake.length === 0) break;
      now = Math.max(now, Math.min(...wake));
      for (const p of peers) if (p.wakeAt !== null && p.wakeAt <= now) p.tick(now);
    }
    pump();
  };
  return { peers, seen, run };
}

describe('the star peer through its contract', () => {
  it('a host and two clients fed each other’s lines reach one winner, blame nobody, and record the header first', () => {
    const game = star(3, 5);
    game.run(2000);
    const results = game.peers.map((p) => p.finished);
    expect(results.every((r) => r !== null)).toBe(true);
    expect(new Set(results.map((r) => r!.winner)).size).toBe(1);
    expect(results[0]!.winner).not.toBeNull();
    for (const effects of game.seen) {
      expect(events(effects).filter((e) => e.type === 'violation' || e.type === 'neutral')).toEqual([]);
      const first = effects[0];
      expect(first?.type === 'record' && first.dir === 'note' && JSON.parse(first.line).profile).toBe('cs3099');
    }
  }, 60_000);

  it('the host refuses a client line that speaks for another player: it times the client out, relaying nothing', () => {
    const host = peer(0, 3);
    host.start(0);
    host.drain();
    host.receive(1, `{"command":"roll_hash","payload":"${'ab'.repeat(32)}","player_id":2}`, 10);
    const effects = host.drain();
    expect(events(effects)).toContainEqual({
      type: 'violation',
      player: 1,
      reason: "player 1's line roll_hash claims to be player 2's",
      evidence: [],
    });
    expect(sent(effects)).toContainEqual({
      to: null,
      message: { command: 'timeout', payload: 1, player_id: 0, ack_id: 0 },
    });
    expect(sent(effects).filter((s) => s.to === 2)).toEqual([]);
  });

  it('the host times out a client silent in a dice round when the round’s deadline comes, not before', () => {
    const host = peer(0, 3);
    host.start(100);
    host.drain();
    expect(host.wakeAt).toBe(100 + MOVE);
    host.tick(100 + MOVE - 1);
    expect(host.drain()).toEqual([]);
    host.tick(100 + MOVE);
    const effects = host.drain();
    // Both timed out, then the host rolls the opening draw alone.
    expect(
      sent(effects)
        .map((s) => s.message.command)
        .slice(0, 2),
    ).toEqual(['timeout', 'timeout']);
    expect(
      events(effects)
        .filter((e) => e.type === 'neutral')
        .map((e) => (e as { player: number }).player),
    ).toEqual([1, 2]);
  });

  it('a client whose host stays silent gives the game up at its deadline: it leaves, says why, and ends', () => {
    const client = peer(1, 2, { hostSilenceMs: 7000 });
    client.start(0);
    client.drain();
    client.receive(0, '{"command":"acknowledgement","payload":0,"player_id":0}', 3000);
    expect(client.wakeAt).toBe(10_000);
    client.tick(10_000);
    const effects = client.drain();
    expect(sent(effects).map((s) => s.message.command)).toEqual(['leave_game']);
    expect(client.problem).toBe('the host sent nothing for 7000 ms; gave the game up');
    expect(client.finished).not.toBeNull();
    expect(client.wakeAt).toBeNull();
  });
});
