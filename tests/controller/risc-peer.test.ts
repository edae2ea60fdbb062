// Networked RISC between bot peers over in-memory links: messages delivered late and out of order,
// every peer its own replica; all reach the same winner and every peer's record audits clean. And
// a cheating peer is expelled by every honest peer alike.
import { describe, expect, it } from 'vitest';
import { createRiscBot, type RiscBotKind } from '../../src/ai/risc/bots.js';
import { auditRiscRecord } from '../../src/audit/risc.js';
import { RiscPeer } from '../../src/core/risc/peer.js';
import type { RiscHeader, RiscRecordLine } from '../../src/core/risc/record.js';
import type { RiscState } from '../../src/model/risc/index.js';
import { seededDice } from '../../src/protocol/random.js';
import type { RiscWire } from '../../src/protocol/risc-orders.js';

interface Net {
  peers: RiscPeer[];
  records: RiscRecordLine[][];
  delivered: () => number;
  inFlight: () => number;
}

/** Peers joined by a broadcast bus: each message arrives after 0–2 ms, in order per link, so arrival order across links varies. */
function network(
  kinds: readonly RiscBotKind[],
  seed: number,
  tamper?: (from: number, m: RiscWire) => RiscWire,
  silent: number[] = [],
): Net {
  const header: RiscHeader = {
    command: 'risc_game',
    payload: {
      version: 2,
      game: `net-${seed}`,
      map: 'risc',
      players: kinds.map((k, i) => `${k}${i}`),
      start_units: 30,
      turn_limit: null,
    },
  };
  const delay = seededDice(seed);
  const records: RiscRecordLine[][] = kinds.map(() => []);
  let delivered = 0;
  let inFlight = 0;
  const peers: RiscPeer[] = [];
  const links = new Map<string, RiscWire[]>();
  kinds.forEach((kind, me) => {
    const secrets = seededDice(seed * 97 + me);
    const bot = createRiscBot(kind);
    const rng = seededDice(seed * 31 + me);
    peers.push(
      new RiscPeer({
        header,
        me,
        decide: (state, player) =>
          silent.includes(player)
            ? new Promise(() => {})
            : state.phase === 'placement'
              ? { stage: 'placement', placement: bot.place(state, player, rng) }
              : { stage: 'orders', orders: bot.orders(state, player, rng) },
        send: (message) => {
          const sent = tamper ? tamper(me, message) : message;
          peers.forEach((peer, i) => {
            if (i === me) return;
            // Each link keeps its order (a stream does); links differ in speed, so arrival order across senders varies.
            const link = `${me}>${i}`;
            const queue = links.get(link) ?? [];
            links.set(link, queue);
            queue.push(structuredClone(sent));
            inFlight++;
            setTimeout(() => {
              delivered++;
              inFlight--;
              peer.receive(queue.shift()!);
            }, delay.below(3));
          });
        },
        secret: () => Uint8Array.from({ length: 32 }, () => secrets.below(256)),
        onRecord: (line) => records[me]!.push(line),
      }),
    );
  });
  return { peers, records, delivered: () => delivered, inFlight: () => inFlight };
}

const sameBoard = (a: RiscState, b: RiscState) =>
  a.owner.join() === b.owner.join() && a.units.join() === b.units.join();

describe('networked RISC between bot peers', () => {
  it.each([[['hard', 'easy']], [['hard', 'easy', 'easy']], [['easy', 'hard', 'easy', 'hard']]] as const)(
    '%j reach one winner; every record audits clean',
    async (kinds) => {
      const net = network(kinds, kinds.length);
      net.peers.forEach((p) => p.start());
      const finals = await Promise.all(net.peers.map((p) => p.done));
      const winner = finals[0]!.winner;
      expect(winner).not.toBeNull();
      for (const f of finals) {
        expect(f.winner).toBe(winner);
        expect(sameBoard(f, finals[0]!)).toBe(true);
      }
      for (const [i, peer] of net.peers.entries()) {
        expect(peer.found).toEqual([]);
        const audit = auditRiscRecord(net.records[i]!.map((l) => JSON.stringify(l)).join('\n'));
        expect(audit.violations).toEqual([]);
        expect(audit.state?.winner).toBe(winner);
        expect(audit.diceRounds).toBe(finals[0]!.turn - 1);
      }
    },
    30_000,
  );

  it('expels a peer whose reveal differs from its commitment, on every honest peer alike', async () => {
    // Peer 2 commits to its orders, then on turn 3 reveals one more unit in its first order.
    const net = network(['hard', 'easy', 'hard'], 7, (from, m) => {
      if (
        from !== 2 ||
        m.command !== 'risc_reveal' ||
        m.payload.turn !== 3 ||
        !('orders' in m.payload) ||
        m.payload.orders.length === 0
      )
        return m;
      const changed = structuredClone(m);
      if ('orders' in changed.payload) changed.payload.orders[0]!.units += 1;
      return changed;
    });
    net.peers.forEach((p) => p.start());
    const honest = [net.peers[0]!, net.peers[1]!];
    const finals = await Promise.all(honest.map((p) => p.done));
    for (const peer of honest)
      expect(peer.found).toEqual([expect.objectContaining({ player: 2, kind: 'reveal-mismatch' })]);
    for (const f of finals) expect(f.expelled).toEqual([false, false, true]);
    expect(sameBoard(finals[0]!, finals[1]!)).toBe(true);
    expect(finals[0]!.winner).not.toBeNull();
    // the auditor finds the same violation in an honest peer's record
    const audit = auditRiscRecord(net.records[0]!.map((l) => JSON.stringify(l)).join('\n'));
    expect(audit.violations).toEqual([expect.objectContaining({ player: 2, kind: 'reveal-mismatch' })]);
  }, 30_000);

  it('gives a silent peer the empty order set when the deadline passes, and the others play on to a winner', async () => {
    const net = network(['hard', 'easy', 'easy'], 11, undefined, [2]);
    net.peers.forEach((p) => p.start());
    const honest = [net.peers[0]!, net.peers[1]!];
    let over = false;
    void Promise.all(honest.map((p) => p.done)).then(() => (over = true));
    // The deadline, as the session core would agree on it: when nothing is in flight, the round has timed out.
    for (let i = 0; i < 3000 && !over; i++) {
      await new Promise((r) => setTimeout(r, 2));
      if (net.inFlight() === 0 && !over) honest.forEach((p) => p.expire());
    }
    expect(over).toBe(true);
    const [a, b] = await Promise.all(honest.map((p) => p.done));
    expect(sameBoard(a!, b!)).toBe(true);
    expect(a!.winner).not.toBe(2);
    expect(net.records[0]!.some((l) => l.command === 'risc_timeout' && l.payload.players.includes(2))).toBe(true);
    expect(auditRiscRecord(net.records[0]!.map((l) => JSON.stringify(l)).join('\n')).violations).toEqual([]);
  }, 30_000);
});
