// A peer that finds cheating never goes silent (issue 12): our host times the cheater out right
// after relaying its line, so every other peer can check the reason itself; our client waits for
// that verdict and, when the host lets a cheat stand (or is the cheater), sends `leave_game` with
// the reason and `risk bot join` exits 1 saying why. Real games over 127.0.0.1 against rogue and
// honest class peers (tests/support/class-peer.ts), and the client's rules on in-memory links.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import { parseTranscript } from '../../src/protocol/transcript.js';
import type { SessionEvent, SessionResult } from '../../src/sessions/mesh-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { StarSession } from '../../src/sessions/star-session.js';
import { type OurRun, runOurs } from '../support/against-class-peer.js';
import { ClassPeer, type ClassPeerOutcome, NO_QUIRKS } from '../support/class-peer.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---- the client's rules, on in-memory links and fake timers ----------------------------------

describe('our client and a cheat it sees', () => {
  const ACK_MS = 1000;
  const silent: Seat = { kind: 'silent', decide: () => new Promise(() => {}) };
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function client() {
    const [hostEnd, clientEnd] = memoryLinkPair('host', 'client');
    const received: Record<string, unknown>[] = [];
    hostEnd.onLine((line) => received.push(JSON.parse(line) as Record<string, unknown>));
    const events: SessionEvent[] = [];
    const session = new StarSession({
      me: 1,
      role: 'client',
      players: [0, 1, 2].map((id) => ({ id, name: `p${id}` })),
      links: new Map<number, Link>([[0, clientEnd]]),
      seat: silent,
      ackTimeoutMs: ACK_MS,
      moveTimeoutMs: 5000,
      onEvent: (event) => events.push(event),
    });
    const out = { session, events, received, result: null as SessionResult | null, host: hostEnd };
    void session.run().then((r) => (out.result = r));
    return { ...out, send: (m: object) => hostEnd.send(JSON.stringify(m)), get: () => out };
  }
  // Every peer is in the first-player dice round at the start: a move now is a cheat.
  const cheat = { command: 'deploy', payload: [[3, 1]], player_id: 2, ack_id: 5 };
  const leaves = (received: Record<string, unknown>[]) => received.filter((m) => m.command === 'leave_game');

  it('plays on when the host times the cheater out right after relaying its line', async () => {
    const c = client();
    c.send(cheat);
    c.send({ command: 'timeout', payload: 2, player_id: 0, ack_id: 6 });
    await vi.advanceTimersByTimeAsync(3 * ACK_MS);
    expect(c.session.current.players[2]!.neutral).toBe(true);
    expect(leaves(c.received)).toEqual([]);
    expect(c.session.problem).toBeNull();
    expect(c.get().result).toBeNull();
    c.session.stop();
  });

  it('leaves with the reason when the host does not time the cheater out within the ack timeout', async () => {
    const c = client();
    c.send(cheat);
    await vi.advanceTimersByTimeAsync(ACK_MS - 10);
    expect(leaves(c.received)).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    const [leave] = leaves(c.received);
    expect(leave).toMatchObject({ player_id: 1, payload: { response: 0, receive_updates: false } });
    const reason = (leave!.payload as { message: string }).message;
    expect(reason).toMatch(/^player 2 cheated \(sent deploy during a dice round\) and the host did not time it out/);
    expect(c.session.problem).toBe(`${reason}; left the game`);
    expect(c.get().result).not.toBeNull();
    expect(c.host.closed).toBe(true);
  });

  it('leaves at once when the host plays on as if the cheat stood', async () => {
    const c = client();
    c.send(cheat);
    c.send({ command: 'roll_hash', payload: 'ab'.repeat(32), player_id: 0 });
    await vi.advanceTimersByTimeAsync(1);
    expect((leaves(c.received)[0]!.payload as { message: string }).message).toMatch(
      /^player 2 cheated \(.*\) and the host played on \(roll_hash from player 0\)/,
    );
  });

  it('leaves at once when the host itself cheats, naming it; blames nobody else', async () => {
    const c = client();
    c.send({ ...cheat, player_id: 0 });
    await vi.advanceTimersByTimeAsync(1);
    expect((leaves(c.received)[0]!.payload as { message: string }).message).toBe(
      'the host (player 0) cheated: sent deploy during a dice round',
    );
    expect(c.get().result!.violations).toEqual([{ player: 0, reason: 'sent deploy during a dice round' }]);
  });

  it('does not leave over the late lines of a player the host already made neutral', async () => {
    const c = client();
    c.send({ command: 'timeout', payload: 2, player_id: 0, ack_id: 4 });
    c.send(cheat);
    await vi.advanceTimersByTimeAsync(3 * ACK_MS);
    expect(leaves(c.received)).toEqual([]);
    c.session.stop();
  });
});

// ---- real games against rogue class peers ---------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'class-cheating-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ours {
  readonly run: OurRun;
  readonly record: string;
  exit: number | null;
}

function ours(role: 'host' | 'client', seed: number, address: string | null, extra: { players?: number } = {}): Ours {
  const record = join(dir, `${role}-${seed}-${Math.random().toString(36).slice(2)}.jsonl`);
  const run = runOurs(
    {
      ourRole: role,
      seed,
      ...(extra.players ? { players: extra.players } : {}),
      extraArgs: ['--record', record],
    } as Parameters<typeof runOurs>[0],
    address,
  );
  const o: Ours = { run, record, exit: null };
  void run.exit.then((code) => (o.exit = code));
  return o;
}

/** The players our peer's own record blames, by `risk verify`. */
function blamedInRecord(path: string): number[] {
  const parsed = parseTranscript(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.reason);
  const report = verifyTranscript(parsed.lines, { lenient: true });
  expect(report.lostStepAt).toBeNull();
  return [...new Set(report.violations.filter((v) => v.kind !== 'card-draw-bug').map((v) => v.player ?? -1))];
}

const winnerOf = (o: Ours) => {
  const e = o.run.events.find((x) => x.type === 'winner');
  return typeof e?.player === 'number' ? e.player : null;
};
const violationsOf = (o: Ours) =>
  o.run.events.filter((e) => e.type === 'violation').map((e) => ({ player: e.player, reason: e.reason }));

async function until(check: () => boolean, ms: number) {
  for (let t = 0; t < ms && !check(); t += 25) await sleep(25);
}

describe('our host, a rogue class client and our client (3 players)', () => {
  it.each([
    ['extra-armies', /^illegal deploy: /],
    ['bad-reveal', /^revealed a dice number that does not match its commitment$/],
  ] as const)(
    'a rogue that cheats with %s is timed out right after its line is relayed; the honest peers finish and agree',
    async (cheat, reason) => {
      let rogue: ClassPeer | null = null;
      try {
        const host = ours('host', 11, null, { players: 3 });
        await until(() => host.run.address() !== null, 5000);
        const address = host.run.address()!;
        rogue = await ClassPeer.start({
          role: 'client',
          address,
          seed: 22,
          name: 'Rogue',
          quirks: NO_QUIRKS,
          cheat,
          cheatFromTurn: 2,
          stallMs: 20_000,
          maxMs: 150_000,
          quietTurns: 0,
        });
        await until(() => rogue!.me >= 0, 5000);
        const client = ours('client', 12, address);
        const r = await rogue.finished;
        await until(() => host.exit !== null && client.exit !== null, 120_000);

        expect(rogue.me).toBe(1);
        expect(r.cheated).toBe(true);
        expect(r.status).toBe('expelled');
        // Our host and client finish with the same winner.
        expect([host.exit, client.exit]).toEqual([0, 0]);
        expect(winnerOf(host)).not.toBeNull();
        expect(winnerOf(client)).toBe(winnerOf(host));
        // Each saw the cheat first and blames nobody else (the rogue's lines already on their way when
        // it was timed out are refused too).
        for (const seen of [violationsOf(host), violationsOf(client)]) {
          expect(seen[0]).toEqual({ player: 1, reason: expect.stringMatching(reason) });
          expect(seen.every((v) => v.player === 1)).toBe(true);
        }
        const neutral = host.run.events.filter((e) => e.type === 'neutral' && typeof e.reason === 'string');
        expect(neutral).toEqual([expect.objectContaining({ player: 1, reason: expect.stringMatching(reason) })]);
        // The cheat went to our client before the verdict: the line, then the host's timeout naming it.
        expect(client.run.events.some((e) => e.type === 'info' && /left the game/.test(String(e.text)))).toBe(false);
      } finally {
        await rogue?.stop();
      }
    },
    200_000,
  );
});

describe('our client facing a rogue class host', () => {
  it.each([
    ['extra-armies', /illegal deploy: /],
    ['bad-reveal', /revealed a dice number that does not match its commitment/],
  ] as const)(
    'a host that cheats with %s: our client sends leave_game with the reason and exits 1 saying why',
    async (cheat, reason) => {
      const host = await ClassPeer.start({
        role: 'host',
        seed: 31,
        quirks: { ...NO_QUIRKS, readyWaitsFullAckTimeout: false },
        cheat,
        cheatFromTurn: 1,
        stallMs: 20_000,
        maxMs: 120_000,
        quietTurns: 0,
      });
      try {
        const client = ours('client', 32, `127.0.0.1:${host.port}`);
        const outcome: ClassPeerOutcome = await host.finished;
        await until(() => client.exit !== null, 10_000);
        expect(outcome.cheated).toBe(true);
        expect(client.exit).toBe(1);
        const stderr = client.run.stderr();
        expect(stderr).toMatch(/^risk bot: the host \(player 0\) cheated: .*; left the game\n$/);
        expect(stderr).toMatch(reason);
        // The class host was told, with the reason, in a leave_game (and so stopped: the other player left).
        expect(outcome.status).toBe('opponent-left');
        const leave = host.lines
          .filter((l) => l.dir === 'in')
          .map((l) => JSON.parse(l.raw) as Record<string, unknown>)
          .find((m) => m.command === 'leave_game');
        expect((leave!.payload as { message: string }).message).toMatch(reason);
        expect(violationsOf(client).map((v) => v.player)).toEqual([0]);
        expect(blamedInRecord(client.record)).toEqual([0]);
      } finally {
        await host.stop();
      }
    },
    150_000,
  );
});
