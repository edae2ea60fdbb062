// Rejoin (protocol-spec/resume.md): one peer of a three-peer native game drops out mid-game (its
// process stops, its links close) and comes back with its key over new links before the others'
// timeout votes make it neutral. In-memory links, fake timers: everything bounded in virtual time.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { dealRecordOf, restoreMissionDeal } from '../../src/controller/core/mission-deal.js';
import { auditNativeRecord, nativeHeader } from '../../src/controller/core/replay.js';
import { stateHash } from '../../src/controller/core/replica.js';
import {
  featuresFrom,
  NATIVE_FEATURES,
  type SessionEvent,
  type SessionResult,
} from '../../src/controller/core/types.js';
import type { Link } from '../../src/controller/net/link.js';
import { memoryLinkPair, memoryMesh } from '../../src/controller/net/memory.js';
import { memoryRecorder } from '../../src/controller/recorder.js';
import { committedSecrets, rejoinGame } from '../../src/controller/rejoin.js';
import { MAX_REJOINS, MeshSession } from '../../src/controller/session.js';
import { verifyTranscript } from '../../src/controller/verify.js';
import { seededDice } from '../../src/protocol/random.js';
import type { DealDriver } from '../../src/protocol/secret-deal.js';
import { withSend } from './mesh-game.js';

const R = 2;
const ACK_MS = 10_000;
const MOVE_MS = 20_000;
const features = featuresFrom([...NATIVE_FEATURES]);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Peer {
  session: MeshSession;
  recorder: ReturnType<typeof memoryRecorder>;
  events: SessionEvent[];
  result: SessionResult | null;
}

/** Runs virtual time in small steps until `until` holds or the bound is reached. */
async function runUntil(until: () => boolean, maxMs: number) {
  const started = Date.now();
  for (let step = 0; step < 200_000 && !until() && Date.now() - started < maxMs; step++)
    await vi.advanceTimersByTimeAsync(50);
}

/**
 * A three-peer game in which peer R's process stops right after it sent its `dropAfterAck`-th
 * acknowledgement (nothing later leaves it). `tamper` rewrites what one peer hands a rejoining player.
 */
async function startGame(
  seed: number,
  dropAfterAck: number,
  tamper?: { player: number; history: (lines: string[]) => string[] },
  dropOn = 'acknowledgement',
  rules?: { readonly variant: 'capital' | 'mission' },
) {
  const mesh = await memoryMesh(3, seed);
  const gameId = `rejoin-${seed}`;
  const players = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId }));
  const numbers = (i: number, tag: string) => {
    let n = 0;
    return () => Uint8Array.from(createHash('sha256').update(`${seed} ${i} ${tag} ${n++}`).digest());
  };
  const seatOf = (i: number) =>
    botSeat(createBot('normal', seededDice(seed * 100 + i)), seededDice(seed * 1000 + i), { deadlineMs: 60_000 });
  const peers: Peer[] = [];
  // What each peer was told of a rejoining player's addresses (onRejoinAddresses).
  const told: [number, number, readonly string[]][] = [];
  let dropped = false;
  const drop = () => {
    if (dropped) return;
    dropped = true;
    // The process dies: no line leaves it any more, its session stops, its links close.
    queueMicrotask(() => {
      peers[R]!.session.stop();
      for (const link of mesh.links[R]!.values()) link.close();
    });
  };
  for (let i = 0; i < 3; i++) {
    let links = mesh.links[i]!;
    if (i === R) {
      links = new Map(
        [...links].map(([to, link]) => {
          let acks = 0;
          return [
            to,
            withSend(link, (line) => {
              if (dropped) return;
              link.send(line);
              if (line.includes(`\\"command\\":\\"${dropOn}\\"`) && ++acks === dropAfterAck) drop();
            }),
          ] as const;
        }),
      );
    }
    const recorder = memoryRecorder();
    const events: SessionEvent[] = [];
    const history = () => recorder.lines.filter((l) => l.dir === 'in' || l.dir === 'out').map((l) => l.raw);
    const session = new MeshSession({
      me: i,
      players,
      links,
      seat: seatOf(i),
      gameId,
      features,
      keyring: mesh.keyrings[i]!,
      ...(rules ? { rules } : {}),
      ackTimeoutMs: ACK_MS,
      moveTimeoutMs: MOVE_MS,
      recorder,
      secretNumbers: numbers(i, 'first'),
      history: tamper?.player === i ? () => tamper.history(history()) : history,
      onRejoinAddresses: (player, addresses) => told.push([i, player, addresses]),
      onEvent: (event) => events.push(event),
    });
    peers.push({ session, recorder, events, result: null });
  }
  for (const peer of peers) void peer.session.run().then((r) => void (peer.result = r));

  /** R comes back: new links to the others (accepted there by its key), its history checked, a new session. */
  const rejoin = async () => {
    const links = new Map<number, Link>();
    const accepted: ({ ok: true } | { ok: false; reason: string })[] = [];
    for (const other of [0, 1]) {
      const [atOther, atR] = memoryLinkPair(mesh.peerIds[other]!, mesh.peerIds[R]!);
      accepted.push(peers[other]!.session.rejoinLink(R, atOther));
      links.set(other, atR);
    }
    const audited = auditNativeRecord(peers[R]!.recorder.lines, nativeHeader(peers[R]!.recorder.lines)!).steps;
    // As a store keeps them: a mission deal's step with this seat's own mission (the others' records have none).
    const own = peers[R]!.session.current.missions;
    const stored = audited.map((step) =>
      step.action.command === 'deal_missions' ? { ...step, action: { ...step.action, payload: own } } : step,
    );
    const setup = {
      me: R,
      players,
      gameId,
      features,
      keyring: mesh.keyrings[R]!,
      ...(rules ? { rules } : {}),
      ackTimeoutMs: ACK_MS,
      moveTimeoutMs: MOVE_MS,
      links,
      stored,
      secrets: committedSecrets(peers[R]!.recorder.lines, R),
      timeoutMs: 5_000,
      // Where it listens now; one address names another peer's key, and is not sent.
      addresses: [`/ip4/10.0.0.9/tcp/7000/p2p/${mesh.peerIds[R]}`, `/ip4/10.0.0.9/tcp/7001/p2p/${mesh.peerIds[0]}`],
    };
    const rejoined = await rejoinGame(setup);
    if (!rejoined.ok) return { accepted, rejoined, peer: null };
    // A Secret Mission game: R's mission deal, rebuilt from its own record (as rejoin-net does from its store).
    let missionDeal: DealDriver | undefined;
    if (rules?.variant === 'mission') {
      const deal = restoreMissionDeal(dealRecordOf(peers[R]!.recorder.lines), { me: R, auth: mesh.keyrings[R]! });
      if (!deal.ok) throw new Error(deal.reason);
      missionDeal = deal.driver;
    }
    const recorder = memoryRecorder();
    const events: SessionEvent[] = [];
    const session = new MeshSession({
      me: R,
      players,
      links,
      seat: seatOf(R),
      gameId,
      features,
      keyring: mesh.keyrings[R]!,
      ...(rules ? { rules } : {}),
      ackTimeoutMs: ACK_MS,
      moveTimeoutMs: MOVE_MS,
      recorder,
      secretNumbers: numbers(R, 'again'),
      history: () => recorder.lines.filter((l) => l.dir === 'in' || l.dir === 'out').map((l) => l.raw),
      onEvent: (event) => events.push(event),
      rejoin: {
        state: rejoined.state,
        index: rejoined.index,
        lines: rejoined.lines,
        ...(rejoined.secret ? { secret: rejoined.secret } : {}),
        ...(missionDeal ? { missionDeal } : {}),
      },
    });
    const peer: Peer = { session, recorder, events, result: null };
    void session.run().then((r) => void (peer.result = r));
    return { accepted, rejoined, peer };
  };
  /** Rejoins while the clock runs (the answers are awaited with timers). */
  const rejoinRunning = async () => {
    let out: Awaited<ReturnType<typeof rejoin>> | undefined;
    const pending = rejoin().then((v) => void (out = v));
    await runUntil(() => out !== undefined, 60_000);
    await pending;
    return out!;
  };
  return {
    peers,
    told,
    peerIds: mesh.peerIds,
    rejoin: rejoinRunning,
    isDropped: () => dropped,
    stop: () => peers.forEach((p) => p.session.stop()),
  };
}

const neutralised = (events: SessionEvent[], player: number) =>
  events.some((e) => e.type === 'neutral' && e.player === player);

/** The three finish with one winner and one final state; every record audits clean. */
function expectOneOutcome(results: (SessionResult | null)[], records: Parameters<typeof verifyTranscript>[0][]) {
  for (const r of results) expect(r, 'a peer did not finish').not.toBeNull();
  const [first, ...rest] = results as SessionResult[];
  expect(['conquest', 'forfeit']).toContain(first!.outcome);
  for (const r of rest) {
    expect(r.winner).toBe(first!.winner);
    expect(stateHash(r.state)).toBe(stateHash(first!.state));
  }
  for (const record of records) {
    const audit = verifyTranscript(record, { lenient: false });
    expect(audit.violations).toEqual([]);
    expect(audit.truncated).toBe(false);
    expect(audit.state!.winner).toBe(first!.winner);
  }
}

type Game = Awaited<ReturnType<typeof startGame>>;

/** The two that stayed and the one back play to the end: one winner, one state, clean records. */
async function playOnToOneOutcome(game: Game, back: NonNullable<Awaited<ReturnType<Game['rejoin']>>['peer']>) {
  await runUntil(() => [game.peers[0]!.result, game.peers[1]!.result, back.result].every((r) => r !== null), 3_600_000);
  game.stop();
  back.session.stop();
  expectOneOutcome(
    [game.peers[0]!.result, game.peers[1]!.result, back.result],
    [game.peers[0]!.recorder.lines, game.peers[1]!.recorder.lines, back.recorder.lines],
  );
}

describe('a dropped peer rejoins the running game', () => {
  it('takes its seat back before the votes complete; all three finish on one outcome', async () => {
    const game = await startGame(3, 40);
    await runUntil(game.isDropped, 600_000);
    expect(game.isDropped()).toBe(true);
    // A moment later (the others have noticed, voted once, and wait): R comes back.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(neutralised(game.peers[0]!.events, R)).toBe(false);
    const { accepted, rejoined, peer } = await game.rejoin();
    expect(accepted).toEqual([{ ok: true }, { ok: true }]);
    expect(rejoined.ok, rejoined.ok ? '' : rejoined.reason).toBe(true);
    const back = peer!;
    await playOnToOneOutcome(game, back);
    for (const p of [game.peers[0]!, game.peers[1]!, back]) expect(neutralised(p.events, R)).toBe(false);
    expect(game.peers[R]!.result!.outcome).toBe('stopped');
    // The others saw it come back, and the votes against it lapsed.
    expect(game.peers[0]!.events.some((e) => e.type === 'info' && /votes against it lapse/.test(e.text))).toBe(true);
    // Each was told where it listens now (only the address of its own key).
    const at = [`/ip4/10.0.0.9/tcp/7000/p2p/${game.peerIds[R]}`];
    expect(game.told.sort()).toEqual([
      [0, R, at],
      [1, R, at],
    ]);
  }, 600_000);

  it('a Capital game: takes its seat back after the capitals were revealed; all three finish on one outcome', async () => {
    // Dropped after its 200th acknowledgement: setup and the capitals' round are over.
    const game = await startGame(3, 200, undefined, 'acknowledgement', { variant: 'capital' });
    await runUntil(game.isDropped, 600_000);
    expect(game.isDropped()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    const { accepted, rejoined, peer } = await game.rejoin();
    expect(accepted).toEqual([{ ok: true }, { ok: true }]);
    expect(rejoined.ok, rejoined.ok ? '' : rejoined.reason).toBe(true);
    if (!rejoined.ok) return;
    expect(rejoined.state.capitals.filter((c) => c >= 0)).toHaveLength(3);
    const back = peer!;
    await playOnToOneOutcome(game, back);
    for (const p of [game.peers[0]!, game.peers[1]!, back]) expect(neutralised(p.events, R)).toBe(false);
  }, 600_000);

  it('a Secret Mission game: takes its seat back after the deal, its mission deal rebuilt from its record; all three finish on one outcome', async () => {
    const game = await startGame(3, 40, undefined, 'acknowledgement', { variant: 'mission' });
    await runUntil(game.isDropped, 600_000);
    expect(game.isDropped()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    const { accepted, rejoined, peer } = await game.rejoin();
    expect(accepted).toEqual([{ ok: true }, { ok: true }]);
    expect(rejoined.ok, rejoined.ok ? '' : rejoined.reason).toBe(true);
    if (!rejoined.ok) return;
    // The others' records know no mission; its rebuilt deal gives the seat back its own, and only that.
    expect(rejoined.state.missions).toEqual([null, null, null]);
    const back = peer!;
    const own = game.peers[R]!.session.current.missions[R];
    expect(own).not.toBeNull();
    expect(back.session.current.missions[R]).toBe(own);
    await playOnToOneOutcome(game, back);
    for (const p of [game.peers[0]!, game.peers[1]!, back]) expect(neutralised(p.events, R)).toBe(false);
    // The game was won by a mission claimed after the rejoin, checked by all three.
    const winner = back.result!.winner!;
    for (const p of [game.peers[0]!, game.peers[1]!, back]) expect(p.result!.state.missionsRevealed[winner]).toBe(true);
    expect(back.recorder.lines.filter((l) => l.raw.includes('deal_claim'))).toHaveLength(1);
  }, 600_000);

  it('finishes the dice round it had committed to when it dropped, with the number its record kept', async () => {
    // R stops right after its 30th dice commitment: the round waits for its reveal.
    const game = await startGame(3, 30, undefined, 'roll_hash');
    await runUntil(game.isDropped, 600_000);
    expect(game.isDropped()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    const { accepted, rejoined, peer } = await game.rejoin();
    expect(accepted).toEqual([{ ok: true }, { ok: true }]);
    expect(rejoined.ok, rejoined.ok ? '' : rejoined.reason).toBe(true);
    if (!rejoined.ok) return;
    expect(rejoined.secret).toBeDefined();
    const back = peer!;
    await playOnToOneOutcome(game, back);
    for (const p of [game.peers[0]!, game.peers[1]!, back]) expect(neutralised(p.events, R)).toBe(false);
  }, 600_000);

  it('refuses a false history by its own signatures and rejoins with an honest one', async () => {
    // Peer 0 alters the state hash in one of peer 1's acknowledgements: peer 1's signature no longer matches.
    const tamper = {
      player: 0,
      history: (lines: string[]) => {
        const at = lines.findIndex((l) => l.includes('"by":1') && l.includes('\\"state_hash\\":\\"'));
        if (at < 0) return lines; // the test fails below: nothing was altered
        const sealed = JSON.parse(lines[at]!) as { signed: string; by: number; sig: string };
        const inner = JSON.parse(sealed.signed) as { state_hash: string };
        inner.state_hash = `${inner.state_hash[0] === '0' ? '1' : '0'}${inner.state_hash.slice(1)}`;
        return lines.with(at, JSON.stringify({ ...sealed, signed: JSON.stringify(inner) }));
      },
    };
    const game = await startGame(3, 40, tamper);
    await runUntil(game.isDropped, 600_000);
    await vi.advanceTimersByTimeAsync(1_000);
    const { rejoined, peer } = await game.rejoin();
    expect(rejoined.ok, rejoined.ok ? '' : rejoined.reason).toBe(true);
    if (!rejoined.ok) return;
    expect(rejoined.from).toBe(1);
    expect(rejoined.notes.join('\n')).toMatch(/p0: line \d+ of its history does not match player 1's signature/);
    const back = peer!;
    await playOnToOneOutcome(game, back);
  }, 600_000);

  it('takes a seat back a bounded number of times (each costs the others a send of their record)', async () => {
    const game = await startGame(4, 1_000_000);
    // At the start: a game of bots on fake timers may finish within one step of the clock.
    const mesh = await memoryMesh(3, 4);
    const answers = Array.from({ length: MAX_REJOINS + 1 }, () => {
      const [atHost] = memoryLinkPair(mesh.peerIds[0]!, mesh.peerIds[R]!);
      return game.peers[0]!.session.rejoinLink(R, atHost);
    });
    game.stop();
    expect(answers.slice(0, MAX_REJOINS)).toEqual(Array(MAX_REJOINS).fill({ ok: true }));
    expect(answers[MAX_REJOINS]).toEqual({ ok: false, reason: `seat ${R} has rejoined ${MAX_REJOINS} times already` });
  }, 600_000);

  it('is refused once the seat was made neutral', async () => {
    const game = await startGame(3, 40);
    await runUntil(game.isDropped, 600_000);
    await runUntil(() => neutralised(game.peers[0]!.events, R) && neutralised(game.peers[1]!.events, R), 600_000);
    expect(neutralised(game.peers[0]!.events, R)).toBe(true);
    const { accepted, rejoined } = await game.rejoin();
    expect(accepted[0]).toEqual({
      ok: false,
      reason: 'player 2 was made neutral already: its seat cannot be taken back',
    });
    expect(rejoined.ok).toBe(false);
    if (rejoined.ok) return;
    expect(rejoined.reason).toMatch(/refused: player 2 was made neutral already/);
    // The two others play on to the end without it.
    await runUntil(() => game.peers[0]!.result !== null && game.peers[1]!.result !== null, 3_600_000);
    game.stop();
    expect(game.peers[0]!.result!.winner).toBe(game.peers[1]!.result!.winner);
  }, 600_000);
});
