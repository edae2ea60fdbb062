// `risk verify` of every peer's own record of a 4-player cs3099 star game in which one player is timed
// out (issue 11): the host's record and the clients' blame nobody but the timed-out player, and the
// audit (the star replica replaying the record) ends in the state the peer ended in.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { verifyTranscript } from '../../src/audit/verify.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { type SessionEvent, type SessionResult, stateHash } from '../../src/sessions/mesh-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { StarSession } from '../../src/sessions/star-session.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { withSend } from './mesh-game.js';

const ACK_MS = 1000;
const MOVE_MS = 5000;
const PLAYERS = 4;

const bot = (seed: number): Seat =>
  botSeat(createBot('normal', seededDice(seed)), seededDice(seed + 1000), { deadlineMs: 60_000 });
/** A seat that plays `moves` moves and then never decides again. */
const stopsAfter = (seat: Seat, moves: number): Seat => {
  let left = moves;
  return { kind: 'stops', decide: (s, p) => (left-- > 0 ? seat.decide(s, p) : new Promise(() => {})) };
};

/** A link that passes on what this side sends until `cut()` says otherwise. */
function cuttable(link: Link, cut: (line: string) => boolean): Link {
  return withSend(link, (line) => {
    if (!cut(line)) link.send(line);
  });
}

async function advanceUntil(done: () => boolean, maxMs: number, stepMs = 200) {
  for (let t = 0; t < maxMs && !done(); t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type Fault = 'silent-seat' | 'mute-dice' | 'mute-all';

async function game(seed: number, fault: Fault, after: number) {
  const victim = 3;
  const recorders = Array.from({ length: PLAYERS }, () => memoryRecorder());
  const hostLinks = new Map<number, Link>();
  const sessions: StarSession[] = [];
  const results: (SessionResult | null)[] = Array(PLAYERS).fill(null);
  const events: SessionEvent[][] = Array.from({ length: PLAYERS }, () => []);
  let victimLines = 0;
  const muted = (line: string) => {
    if (fault === 'silent-seat') return false;
    if (fault === 'mute-dice' && !line.includes('"roll_')) return false;
    return ++victimLines > after;
  };
  const players = Array.from({ length: PLAYERS }, (_, id) => ({ id, name: `p${id}` }));
  const start = (me: number, links: Map<number, Link>, seat: Seat) => {
    const session = new StarSession({
      me,
      role: me === 0 ? 'host' : 'client',
      players,
      links,
      seat,
      ackTimeoutMs: ACK_MS,
      moveTimeoutMs: MOVE_MS,
      recorder: recorders[me]!,
      // Seeded dice numbers: with the seeded bots, fake timers and in-memory links a game replays exactly.
      secretNumbers: (() => {
        let n = 0;
        return () => Uint8Array.from(createHash('sha256').update(`${seed} ${me} ${n++}`).digest());
      })(),
      onEvent: (e) => events[me]!.push(e),
    });
    sessions[me] = session;
    void session.run().then((r) => (results[me] = r));
  };
  const clientLinks: Map<number, Link>[] = [];
  for (let c = 1; c < PLAYERS; c++) {
    const [h, cl] = memoryLinkPair('host', `c${c}`);
    hostLinks.set(c, h);
    clientLinks[c] = new Map([[0, c === victim ? cuttable(cl, muted) : cl]]);
  }
  start(0, hostLinks, bot(seed));
  for (let c = 1; c < PLAYERS; c++) {
    const seat = c === victim && fault === 'silent-seat' ? stopsAfter(bot(seed + c), after) : bot(seed + c);
    start(c, clientLinks[c]!, seat);
  }
  await advanceUntil(() => results.every((r, i) => r !== null || i === victim), 24 * 3_600_000, 1000);
  for (const s of sessions) s.stop();
  return { recorders, results, events, victim };
}

describe('the audit of a 4-player star game with a timed-out player', () => {
  it.each([
    ['silent-seat', 1, 5],
    ['silent-seat', 2, 20],
    ['mute-dice', 3, 8],
    ['mute-dice', 4, 30],
    ['mute-all', 5, 40],
    ['mute-all', 6, 200],
    // Games in which the host speaks for the neutral player (its defend) and ack ids cross: our
    // peers took each other for the 2015 peer and traded by its card-draw quirk, until self-acks
    // were told apart (star-session.ts, authored()).
    ['silent-seat', 13, 15],
    ['mute-dice', 43, 20],
  ] as const)(
    '%s (seed %i, after %i): the honest peers agree, and each one’s record blames only the timed-out player',
    async (fault, seed, after) => {
      const { recorders, results, events, victim } = await game(seed, fault, after);
      const neutral = events[0]!.flatMap((e) => (e.type === 'neutral' ? [e.player] : []));
      expect(neutral).toEqual([victim]);
      const honest = [0, 1, 2].map((p) => results[p]!);
      for (const r of honest) {
        expect(r.winner).not.toBeNull();
        expect(r.winner).toBe(honest[0]!.winner);
        expect(stateHash(r.state)).toBe(stateHash(honest[0]!.state));
      }
      for (const p of [0, 1, 2]) {
        const report = verifyTranscript(recorders[p]!.lines, { lenient: false });
        // The host's record is the one the bug was in: it holds the host's own timeouts and relays.
        const blamed = report.violations.filter((v) => v.player !== victim);
        expect({ p, blamed }).toEqual({ p, blamed: [] });
        expect(report.lostStepAt).toBeNull();
        // The audit ends where the peer's game ended.
        expect(stateHash(report.state!)).toBe(stateHash(results[p]!.state));
        expect(report.battles).toBeGreaterThan(0);
      }
    },
    120_000,
  );
});

describe('the audit of a star record finds what the peer would have found', () => {
  /** The host’s record of a whole 4-player game of ours (seeded, so the same game every time). */
  async function hostRecord() {
    const { recorders, results } = await game(7, 'silent-seat', Number.POSITIVE_INFINITY);
    expect(results[0]!.winner).not.toBeNull();
    return recorders[0]!.lines;
  }
  /** The record with the first line matching `test` changed. */
  function tampered(
    lines: readonly TranscriptLine[],
    test: (m: Record<string, unknown>, l: TranscriptLine) => boolean,
    change: (m: Record<string, unknown>) => void,
    conn?: number,
  ) {
    const index = lines.findIndex((l) => test(JSON.parse(l.raw) as Record<string, unknown>, l));
    const message = JSON.parse(lines[index]!.raw) as Record<string, unknown>;
    change(message);
    const copy = [...lines];
    copy[index] = { ...lines[index]!, raw: JSON.stringify(message), ...(conn === undefined ? {} : { conn }) };
    return { lines: copy, line: lines[index]!.line };
  }

  it('an untouched record is clean', async () => {
    const report = verifyTranscript(await hostRecord(), { lenient: false });
    expect(report.violations).toEqual([]);
    expect(report.roundsVerified).toBe(report.battles + 2);
    expect(report.deck).toHaveLength(44);
  }, 60_000);

  it('a client’s reveal that does not match its commitment', async () => {
    const { lines, line } = tampered(
      await hostRecord(),
      (m, l) => l.dir === 'in' && m.command === 'roll_number' && m.player_id === 2,
      (m) => {
        m.payload = `00${(m.payload as string).slice(2)}`;
      },
    );
    expect(verifyTranscript(lines, { lenient: false }).violations[0]).toEqual({
      line,
      player: 2,
      kind: 'commitment',
      reason: 'revealed a dice number that does not match its commitment',
    });
  }, 60_000);

  it('a move out of turn, a line speaking for another player, and a timeout from a client', async () => {
    const record = await hostRecord();
    const isSetupOf1 = (m: Record<string, unknown>, l: TranscriptLine) =>
      l.dir === 'in' && m.command === 'setup' && m.player_id === 1;
    const setup = tampered(
      record,
      isSetupOf1,
      (m) => {
        m.player_id = 2;
      },
      2,
    );
    expect(verifyTranscript(setup.lines, { lenient: false }).violations[0]).toMatchObject({
      line: setup.line,
      player: 2,
      kind: 'rules',
      reason: expect.stringMatching(/^sent setup out of turn: it is player 1's decision$/),
    });
    const spoofed = tampered(record, isSetupOf1, (m) => {
      m.player_id = 2;
    });
    expect(verifyTranscript(spoofed.lines, { lenient: false }).violations[0]).toEqual({
      line: spoofed.line,
      player: 1,
      kind: 'impersonation',
      reason: "player 1's line setup claims to be player 2's",
    });
    const timeout = tampered(record, isSetupOf1, (m) => {
      m.command = 'timeout';
      m.payload = 2;
    });
    const report = verifyTranscript(timeout.lines, { lenient: false });
    expect(report.violations[0]).toMatchObject({
      line: timeout.line,
      player: 1,
      reason: expect.stringMatching(/only the host \(player 0\) may time a player out/),
    });
  }, 60_000);
});
