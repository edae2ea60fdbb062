// Our cs3099 client under a class host that does not play (its lines carry player_id null, and it
// may number its clients from 1): two of our clients (`risk bot join`) play a whole game through the
// relaying test host of tests/support/class-referee.ts over 127.0.0.1 and agree on the winner.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import { parseTranscript } from '../../src/protocol/transcript.js';
import type { SessionEvent } from '../../src/sessions/mesh-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { StarSession } from '../../src/sessions/star-session.js';
import { type OurRun, runOurs } from '../support/against-class-peer.js';
import { ClassReferee } from '../support/class-referee.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const dir = mkdtempSync(join(tmpdir(), 'class-nonplaying-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function client(seed: number, address: string) {
  const record = join(dir, `client-${seed}-${Math.random().toString(36).slice(2)}.jsonl`);
  const run: OurRun = runOurs(
    { ourRole: 'client', seed, bot: 'normal', extraArgs: ['--record', record] } as Parameters<typeof runOurs>[0],
    address,
  );
  const out = { run, record, exit: null as number | null };
  void run.exit.then((code) => (out.exit = code));
  return out;
}

describe('our client under a class host that does not play', () => {
  it.each([0, 1])(
    'clients numbered from %i: two of our clients play a whole game to one winner and exit 0',
    async (firstId) => {
      const host = await ClassReferee.start({ players: 2, firstId, maxMs: 150_000 });
      try {
        const address = `127.0.0.1:${host.port}`;
        const a = client(41, address);
        for (let i = 0; i < 200 && host.lines.length === 0; i++) await sleep(10);
        const b = client(42, address);
        for (let i = 0; i < 6000 && (a.exit === null || b.exit === null); i++) await sleep(25);
        expect(await host.finished).toBe('closed');
        expect([a.exit, b.exit]).toEqual([0, 0]);
        const winner = (o: typeof a) => o.run.events.find((e) => e.type === 'winner')?.player;
        expect(winner(a)).toEqual(expect.any(Number));
        expect(winner(b)).toBe(winner(a));
        // Each record audits clean: the star replica replays it under a host that names nobody.
        for (const o of [a, b]) {
          const parsed = parseTranscript(readFileSync(o.record, 'utf8'));
          if (!parsed.ok) throw new Error(parsed.reason);
          const report = verifyTranscript(parsed.lines, { lenient: false });
          expect(report.violations).toEqual([]);
          expect(report.state?.winner).toEqual(expect.any(Number));
          expect(report.battles).toBeGreaterThan(0);
        }
        // Each knows it plays seat 0 or 1 of a 2-player game, whatever the host's numbering.
        const starts = [a, b].map((o) => o.run.events.find((e) => e.type === 'start')!);
        expect(starts.map((s) => s.me).sort()).toEqual([0, 1]);
        // On the wire our clients keep the host's numbering; the host's own lines name no player.
        const fromClients = host.lines
          .filter((l) => l.dir === 'in')
          .map((l) => JSON.parse(l.raw) as { command: string; player_id?: number });
        expect(fromClients.some((m) => m.command === 'roll_hash')).toBe(true);
        expect(fromClients.some((m) => m.command === 'attack')).toBe(true);
        for (const m of fromClients)
          if (m.command !== 'join_game') expect([firstId, firstId + 1]).toContain(m.player_id);
        const hostOwn = host.lines.filter((l) => l.dir === 'out' && /"command":"(ping|ready)"/.test(l.raw));
        expect(hostOwn.length).toBe(4);
        for (const l of hostOwn) expect(JSON.parse(l.raw).player_id).toBeNull();
      } finally {
        await host.stop();
      }
    },
    200_000,
  );
});

describe('a timeout from a host that does not play', () => {
  const silent: Seat = { kind: 'silent', decide: () => new Promise(() => {}) };

  function client(host: number | null) {
    const [hostEnd, clientEnd] = memoryLinkPair('host', 'client');
    const events: SessionEvent[] = [];
    const session = new StarSession({
      me: 2,
      role: 'client',
      players: [1, 2, 3].map((id) => ({ id, name: `p${id}` })),
      ...(host === null ? { host: null } : {}),
      links: new Map<number, Link>([[0, clientEnd]]),
      seat: silent,
      ackTimeoutMs: 1000,
      moveTimeoutMs: 5000,
      onEvent: (event) => events.push(event),
    });
    void session.run();
    const received: Record<string, unknown>[] = [];
    hostEnd.onLine((line) => received.push(JSON.parse(line) as Record<string, unknown>));
    return { session, events, received, send: (m: object) => hostEnd.send(JSON.stringify(m)) };
  }

  it('names no player and is applied; player ids map to seats 0…N−1 and back', async () => {
    const c = client(null);
    c.send({ command: 'timeout', payload: 3, player_id: null, ack_id: 7 });
    await sleep(10);
    // Wire id 3 is the third player: seat 2.
    expect(c.session.current.players[2]!.neutral).toBe(true);
    expect(c.events.filter((e) => e.type === 'violation')).toEqual([]);
    // Its acknowledgement and its dice commitment go out under its wire id, 2.
    expect(c.received).toContainEqual({ command: 'acknowledgement', payload: 7, player_id: 2 });
    expect(c.received.find((m) => m.command === 'roll_hash')?.player_id).toBe(2);
    c.session.stop();
  });

  it('is refused from a host that plays, as before', async () => {
    const c = client(1);
    c.send({ command: 'timeout', payload: 3, player_id: null, ack_id: 7 });
    await sleep(10);
    expect(c.session.current.players[2]!.neutral).toBe(false);
    expect(c.events.filter((e) => e.type === 'violation')).toEqual([
      expect.objectContaining({ reason: expect.stringMatching(/without player_id/) }),
    ]);
    c.session.stop();
  });
});
