// The cs3099 star session's timers and timeouts, on in-memory links and vitest's fake timers: who may
// time a player out, the host's move timer after a neutralisation, a client facing a silent host,
// and the acknowledgement timeout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { decisionBy } from '../../src/model/index.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import { MAX_ACK_ID } from '../../src/protocol/ack-ids.js';
import { seededDice } from '../../src/protocol/random.js';
import type { SessionEvent, SessionResult } from '../../src/sessions/mesh-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { StarSession } from '../../src/sessions/star-session.js';
import { withSend } from './mesh-game.js';

const ACK_MS = 1000;
const MOVE_MS = 5000;

const bot = (seed: number): Seat =>
  botSeat(createBot('normal', seededDice(seed)), seededDice(seed + 1000), { deadlineMs: 60_000 });
const silent: Seat = { kind: 'silent', decide: () => new Promise(() => {}) };
/** A seat that thinks for `ms` of virtual time: long enough for an ack timer to run out meanwhile. */
const slow = (seat: Seat, ms: number): Seat => ({
  kind: `slow ${seat.kind}`,
  decide: (state, player) => new Promise((resolve) => setTimeout(() => resolve(seat.decide(state, player)), ms)),
});

interface Peer {
  readonly session: StarSession;
  readonly events: SessionEvent[];
  result: SessionResult | null;
}

function peer(me: number, players: number, links: Map<number, Link>, seat: Seat, hostSilenceMs?: number): Peer {
  const events: SessionEvent[] = [];
  const session = new StarSession({
    me,
    role: me === 0 ? 'host' : 'client',
    players: Array.from({ length: players }, (_, id) => ({ id, name: `p${id}` })),
    links,
    seat,
    ackTimeoutMs: ACK_MS,
    moveTimeoutMs: MOVE_MS,
    ...(hostSilenceMs === undefined ? {} : { hostSilenceMs }),
    onEvent: (event) => events.push(event),
  });
  const p: Peer = { session, events, result: null };
  void session.run().then((result) => (p.result = result));
  return p;
}

/** A scripted end of a link: what it received, parsed, and a way to send raw lines. */
function scripted(link: Link) {
  const received: Record<string, unknown>[] = [];
  link.onLine((line) => received.push(JSON.parse(line) as Record<string, unknown>));
  return { received, send: (message: object) => link.send(JSON.stringify(message)) };
}

/** A link that passes on everything this side sends except what `drop` picks. */
function dropping(link: Link, drop: (line: string) => boolean): Link {
  return withSend(link, (line) => {
    if (!drop(line)) link.send(line);
  });
}

const neutralised = (events: SessionEvent[]) =>
  events.flatMap((e) => (e.type === 'neutral' ? [{ player: e.player, reason: e.reason }] : []));
const violations = (events: SessionEvent[]) =>
  events.flatMap((e) => (e.type === 'violation' ? [{ player: e.player, reason: e.reason }] : []));

/** Moves virtual time on in small steps until `done` holds or `maxMs` have passed. */
async function advanceUntil(done: () => boolean, maxMs: number, stepMs = 50) {
  for (let t = 0; t < maxMs && !done(); t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('who may time a player out', () => {
  it.each([
    ['without player_id', { command: 'timeout', payload: 2, ack_id: 0 }, 0, /without player_id/],
    ['from a client', { command: 'timeout', payload: 2, player_id: 2, ack_id: 0 }, 2, /only the host \(player 0\)/],
  ])('a client refuses a timeout %s, with the reason', async (_, line, blamed, reason) => {
    const [hostEnd, clientEnd] = memoryLinkPair('host', 'client');
    const host = scripted(hostEnd);
    const client = peer(1, 3, new Map([[0, clientEnd]]), silent);
    host.send(line);
    await vi.advanceTimersByTimeAsync(10);
    expect(violations(client.events)).toEqual([{ player: blamed, reason: expect.stringMatching(reason) }]);
    expect(client.session.current.players[2]!.neutral).toBe(false);
    client.session.stop();
  });

  it('a client accepts the same timeout from the host', async () => {
    const [hostEnd, clientEnd] = memoryLinkPair('host', 'client');
    const host = scripted(hostEnd);
    const client = peer(1, 3, new Map([[0, clientEnd]]), silent);
    host.send({ command: 'timeout', payload: 2, player_id: 0, ack_id: 0 });
    await vi.advanceTimersByTimeAsync(10);
    expect(violations(client.events)).toEqual([]);
    expect(client.session.current.players[2]!.neutral).toBe(true);
    // and acknowledges it
    expect(host.received).toContainEqual({ command: 'acknowledgement', payload: 0, player_id: 1 });
    client.session.stop();
  });

  it.each([
    ['with its own player_id', { command: 'timeout', payload: 2, player_id: 1, ack_id: 0 }],
    ['without player_id', { command: 'timeout', payload: 2, ack_id: 0 }],
  ])('the host refuses a client’s timeout %s, does not pass it on, and times the sender out', async (_, line) => {
    const [h1, c1] = memoryLinkPair('host', 'c1');
    const [h2, c2] = memoryLinkPair('host', 'c2');
    const one = scripted(c1);
    const two = scripted(c2);
    const host = peer(
      0,
      3,
      new Map([
        [1, h1],
        [2, h2],
      ]),
      bot(1),
    );
    one.send(line);
    await vi.advanceTimersByTimeAsync(10);
    expect(violations(host.events)).toEqual([
      { player: 1, reason: expect.stringMatching(/timeout for player 2; only the host \(player 0\)/) },
    ]);
    expect(neutralised(host.events).map((n) => n.player)).toEqual([1]);
    expect(host.session.current.players[2]!.neutral).toBe(false);
    const timeouts = two.received.filter((m) => m.command === 'timeout');
    expect(timeouts).toEqual([{ command: 'timeout', payload: 1, player_id: 0, ack_id: expect.any(Number) }]);
    host.session.stop();
  });
});

describe('the host’s move timer', () => {
  it('is armed again after another player is made neutral, so a silent player is still timed out', async () => {
    const [h1, c1] = memoryLinkPair('host', 'c1');
    const [h2, c2] = memoryLinkPair('host', 'c2');
    const host = peer(
      0,
      3,
      new Map([
        [1, h1],
        [2, h2],
      ]),
      bot(7),
    );
    const clients = [peer(1, 3, new Map([[0, c1]]), silent), peer(2, 3, new Map([[0, c2]]), silent)];
    const awaitedClient = () => {
      const awaited = decisionBy(host.session.current);
      return awaited === 1 || awaited === 2 ? awaited : null;
    };
    // The silent clients still roll their dice; setup soon waits for one of them.
    await advanceUntil(() => awaitedClient() !== null, MOVE_MS / 2, 10);
    const awaited = awaitedClient();
    expect(awaited).not.toBeNull();
    // The other one drops out while the host's timer for the awaited one runs.
    const other = awaited === 1 ? 2 : 1;
    (other === 1 ? c1 : c2).close();
    await vi.advanceTimersByTimeAsync(10);
    expect(neutralised(host.events)).toEqual([{ player: other, reason: 'disconnected' }]);
    await vi.advanceTimersByTimeAsync(MOVE_MS + 100);
    expect(neutralised(host.events)).toContainEqual({ player: awaited, reason: `did not move within ${MOVE_MS} ms` });
    host.session.stop();
    for (const c of clients) c.session.stop();
  });
});

describe('a client facing a silent host', () => {
  it('gives the game up with a clear reason and tells the host it leaves', async () => {
    const [hostEnd, clientEnd] = memoryLinkPair('host', 'client');
    const host = scripted(hostEnd);
    const client = peer(1, 2, new Map([[0, clientEnd]]), bot(3), 8000);
    await vi.advanceTimersByTimeAsync(7900);
    expect(client.result).toBeNull();
    expect(client.session.problem).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(client.result).not.toBeNull();
    expect(client.session.problem).toBe('the host sent nothing for 8000 ms; gave the game up');
    expect(host.received.at(-1)).toMatchObject({
      command: 'leave_game',
      payload: { message: 'the host sent nothing for 8000 ms' },
      player_id: 1,
    });
  });

  it('waits by default twice the move timeout and once the ack timeout, counted from the host’s last line', async () => {
    const [hostEnd, clientEnd] = memoryLinkPair('host', 'client');
    const host = scripted(hostEnd);
    const client = peer(1, 2, new Map([[0, clientEnd]]), bot(3));
    const silenceMs = 2 * MOVE_MS + ACK_MS;
    await vi.advanceTimersByTimeAsync(silenceMs - 500);
    // Any line from the host counts as a sign of life.
    host.send({ command: 'acknowledgement', payload: 0, player_id: 0 });
    await vi.advanceTimersByTimeAsync(silenceMs - 100);
    expect(client.result).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(client.session.problem).toBe(`the host sent nothing for ${silenceMs} ms; gave the game up`);
  });
});

describe('the acknowledgement timeout', () => {
  it('times out a client that never acknowledges', async () => {
    const [h1, c1] = memoryLinkPair('host', 'c1');
    const host = peer(0, 2, new Map([[1, h1]]), slow(bot(11), 2 * ACK_MS));
    const client = peer(
      1,
      2,
      new Map([[0, dropping(c1, (line) => line.includes('"acknowledgement"'))]]),
      slow(bot(12), 2 * ACK_MS),
    );
    await advanceUntil(() => neutralised(host.events).length > 0, 3 * MOVE_MS);
    expect(neutralised(host.events)).toEqual([
      {
        player: 1,
        reason: expect.stringMatching(new RegExp(`^did not acknowledge \\w+ \\(ack_id \\d+\\) within ${ACK_MS} ms$`)),
      },
    ]);
    host.session.stop();
    client.session.stop();
  });

  it('leaves alone clients that acknowledge: a whole game ends with a winner and no timeout', async () => {
    const [h1, c1] = memoryLinkPair('host', 'c1');
    const [h2, c2] = memoryLinkPair('host', 'c2');
    // Seats that think for longer than the ack timeout, so that ack timers run out if acks are missed.
    const host = peer(
      0,
      3,
      new Map([
        [1, h1],
        [2, h2],
      ]),
      slow(bot(21), 2 * ACK_MS),
    );
    const clients = [
      peer(1, 3, new Map([[0, c1]]), slow(bot(22), 2 * ACK_MS)),
      peer(2, 3, new Map([[0, c2]]), slow(bot(23), 2 * ACK_MS)),
    ];
    await advanceUntil(() => [host, ...clients].every((p) => p.result !== null), 24 * 3_600_000, 1000);
    expect(neutralised(host.events)).toEqual([]);
    expect(host.result?.winner).not.toBeNull();
    for (const c of clients) expect(c.result?.winner).toBe(host.result?.winner);
  }, 60_000);
});

/** A link that also keeps what this side sends, parsed. */
function spied(link: Link): { link: Link; sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  return {
    sent,
    link: {
      ...dropping(link, (line) => (sent.push(JSON.parse(line) as Record<string, unknown>), false)),
      get closed() {
        return link.closed;
      },
    },
  };
}

describe('the end of a game', () => {
  it('the winner ends its winning turn with a fortify, the loser acks it, and both close their connection', async () => {
    const [h1, c1] = memoryLinkPair('host', 'c1');
    const host = spied(h1);
    const client = spied(c1);
    const peers = [peer(0, 2, new Map([[1, host.link]]), bot(31)), peer(1, 2, new Map([[0, client.link]]), bot(32))];
    await advanceUntil(() => peers.every((p) => p.result !== null), 3_600_000, 200);
    const winner = peers[0]!.result?.winner;
    expect(winner === 0 || winner === 1).toBe(true);
    expect(peers[1]!.result?.winner).toBe(winner);
    const [won, lost] = winner === 0 ? [host.sent, client.sent] : [client.sent, host.sent];
    const moves = won.filter((m) => m.command !== 'acknowledgement');
    const closing = moves.at(-1)!;
    expect(closing).toMatchObject({ command: 'fortify', payload: null, player_id: winner, ack_id: expect.any(Number) });
    expect(moves.at(-2)!.command).toBe('attack_capture');
    expect(lost).toContainEqual({ command: 'acknowledgement', payload: closing.ack_id, player_id: 1 - winner! });
    await vi.advanceTimersByTimeAsync(10);
    expect(h1.closed && c1.closed).toBe(true);
  }, 60_000);
});

describe('a winner that closes its connection without the closing fortify', () => {
  it('ends the game at the loser with the winner, not as a failure', async () => {
    const [h1, c1] = memoryLinkPair('host', 'c1');
    const peers: Peer[] = [];
    // Each side, once the game is over there, sends no closing fortify and closes its link at once.
    const closesAtTheEnd = (link: Link, me: number) =>
      withSend(link, (line) => {
        if (peers[me]?.session.current.phase !== 'over') return link.send(line);
        if (!/"command":"fortify"/.test(line)) return link.send(line);
        queueMicrotask(() => link.close());
      });
    peers.push(peer(0, 2, new Map([[1, closesAtTheEnd(h1, 0)]]), bot(31)));
    peers.push(peer(1, 2, new Map([[0, closesAtTheEnd(c1, 1)]]), bot(32)));
    await advanceUntil(() => peers.every((p) => p.result !== null), 3_600_000, 200);
    const winner = peers[0]!.result?.winner;
    expect(winner === 0 || winner === 1).toBe(true);
    expect(peers[1]!.result?.winner).toBe(winner);
    for (const p of peers) {
      expect(p.session.problem).toBeNull();
      expect(p.events.some((e) => e.type === 'neutral')).toBe(false);
    }
  }, 60_000);
});

describe('acknowledgement ids', () => {
  it('stay a signed 32-bit integer after a peer used the largest one (a class peer draws its ids at random)', async () => {
    const [h1, c1] = memoryLinkPair('host', 'c1');
    const [h2, c2] = memoryLinkPair('host', 'c2');
    const one = scripted(c1);
    const two = scripted(c2);
    const host = peer(
      0,
      3,
      new Map([
        [1, h1],
        [2, h2],
      ]),
      silent,
    );
    // Client 1 leaves under the largest id; client 2 never commits to the first-player round.
    one.send({ command: 'leave_game', payload: 'bye', player_id: 1, ack_id: MAX_ACK_ID });
    await advanceUntil(() => two.received.some((m) => m.command === 'timeout'), MOVE_MS * 2);
    const timeout = two.received.find((m) => m.command === 'timeout');
    expect(timeout).toMatchObject({ payload: 2, player_id: 0 });
    expect(timeout!.ack_id).toBe(0);
    expect(neutralised(host.events).map((n) => n.player)).toEqual([1, 2]);
    host.session.stop();
  });
});
