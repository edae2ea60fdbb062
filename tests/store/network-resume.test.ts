// Networked resume (protocol-spec/resume.md) on in-memory links and fake timers: three peers play
// a stored native game until it is cut off; later the same three keys meet again, the host offers
// the stored game, every peer proves it holds the same history, and play goes on from the agreed
// point with fresh dice rounds in a new session, to one winner that every peer's store replays to.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { verifyTranscript } from '../../src/audit/verify.js';
import { verifyChain } from '../../src/audit/verify-chain.js';
import { runVerify } from '../../src/cli/verify.js';
import { featuresFrom, NATIVE_FEATURES, type SessionResult } from '../../src/core/contract.js';
import { resumeHash, stateHash } from '../../src/core/native/hashes.js';
import { replaySteps } from '../../src/core/steps/replay.js';
import type { Link } from '../../src/net/link.js';
import { memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import { commonPoint, parseResumeMessage } from '../../src/protocol/resume.js';
import { lineDigest, seal } from '../../src/protocol/signing.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { MeshSession } from '../../src/sessions/mesh-session.js';
import { negotiateResume, type Resumed } from '../../src/sessions/resume.js';
import {
  type NetworkResume,
  resumeOverRoster,
  storedHistory,
  storedMissionDeal,
} from '../../src/sessions/resume-net.js';
import { storeRecorder, storeSession, teeRecorder } from '../../src/store/recorder.js';
import type { GameStore } from '../../src/store/store.js';
import { memoryRecorder, type Recorder } from '../../src/store/transcript-recorder.js';
import { settleOnClock } from '../support/fake-clock.js';
import { checkedOnce } from '../support/signature-cache.js';
import { openStore } from './helpers.js';

const PLAYERS = 3;
/** A seat's secret numbers from a seed: the dice and the mission deal replay exactly. */
const seededNumbers = (me: number, tag: string) => {
  let n = 0;
  return () => Uint8Array.from(createHash('sha256').update(`${me} ${tag} ${n++}`).digest());
};
const GAME = 'resume-me';
const features = featuresFrom([...NATIVE_FEATURES]);
const seat = (me: number, seed: number) =>
  botSeat(createBot('normal', seededDice(seed * 100 + me)), seededDice(seed * 1000 + me), { deadlineMs: 60_000 });

let store: GameStore;
beforeEach(() => {
  store = openStore(':memory:');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  store.close();
});

/** Runs the clock until every promise has settled (bounded). */
const settle = <T>(promises: Promise<T>[], limitMs = 5_000_000) => settleOnClock(promises, limitMs);

/**
 * The first part of the game: played and stored by every peer, then cut off at `turn`, or, with
 * 'mission deal', when player 0 receives the first `deal_unlock` (the deal half done).
 */
async function playUntilCut(turn: number | 'mission deal', rules?: { variant: 'capital' | 'mission' }) {
  const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
  const players = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId }));
  const stored = players.map((_, me) =>
    storeSession(store, {
      kind: 'bot',
      gameId: GAME,
      me,
      features,
      ...(rules ? { rules } : {}),
      players: players.map((p) => ({ ...p, botKind: 'normal' })),
    }),
  );
  const records = players.map(() => memoryRecorder());
  // The game runs on microtasks alone (bots answer at once): every machine goes down together
  // just after player 0 sees turn `turn` begin.
  let cut = false;
  const cutAll = () => {
    if (cut) return;
    cut = true;
    queueMicrotask(() => {
      for (const s of sessions) s.stop();
    });
  };
  const sessions: MeshSession[] = players.map(
    (_, me) =>
      new MeshSession({
        me,
        players,
        links: mesh.links[me]!,
        seat: seat(me, 1),
        gameId: GAME,
        features,
        keyring: mesh.keyrings[me]!,
        ackTimeoutMs: 2000,
        moveTimeoutMs: 5000,
        ...(rules ? { rules } : {}),
        // A Secret Mission game replays exactly (its seeds make a mission claimed after the resume).
        ...(rules?.variant === 'mission' ? { secretNumbers: seededNumbers(me, 'first') } : {}),
        recorder: teeRecorder(stored[me]!.recorder, {
          ...records[me]!,
          incoming: (from, line) => {
            records[me]!.incoming(from, line);
            if (me === 0 && turn === 'mission deal' && line.includes('deal_unlock')) cutAll();
          },
        }),
        onEvent: (event) => {
          stored[me]!.onEvent(event);
          if (
            me === 0 &&
            typeof turn === 'number' &&
            event.type === 'game' &&
            event.event.type === 'turn_started' &&
            event.event.turn >= turn
          )
            cutAll();
        },
      }),
  );
  const results = await settle(sessions.map((s) => s.run()));
  results.forEach((r, me) => stored[me]!.finish(r));
  return { players, results, records: records.map((r) => r.lines) };
}

function offerFor(players: readonly { id: number; name: string; peerId: string }[], session: string) {
  return {
    game_id: GAME,
    session_id: session,
    players: players.map((p) => ({ id: p.id, name: p.name, peer_id: p.peerId })),
  };
}

type Players = Awaited<ReturnType<typeof playUntilCut>>['players'];
type Mesh = Awaited<ReturnType<typeof memoryMesh>>;

/** Every player resumes the stored game over the roster of the lobby `session` (what `risk bot --resume` does). */
async function resumeAll(players: Players, mesh: Mesh, session: string): Promise<NetworkResume[]> {
  const again = await settle(
    players.map((_, me) =>
      resumeOverRoster(
        store,
        { me, gameId: session, players, links: mesh.links[me]!, keyring: mesh.keyrings[me]! },
        { gameId: GAME, host: me === 0, timeoutMs: 10_000 },
      ),
    ),
  );
  return again.map((r) => {
    if (!r.ok) throw new Error(r.reason);
    return r.resumed;
  });
}

/** Plays the resumed session to its end; each player's stored game is finished with its result. */
async function playResumed(
  players: Players,
  mesh: Mesh,
  session: string,
  resumed: readonly Pick<NetworkResume, 'recorder' | 'resume' | 'finish'>[],
  options: {
    rules?: { variant: 'capital' | 'mission' };
    secrets?: string;
    records?: readonly Recorder[];
    /** The bots' seed (3 unless said). */
    seats?: number;
  } = {},
): Promise<SessionResult[]> {
  const sessions = players.map(
    (_, me) =>
      new MeshSession({
        me,
        players,
        links: mesh.links[me]!,
        seat: seat(me, options.seats ?? 3),
        gameId: session,
        features,
        ...(options.rules ? { rules: options.rules } : {}),
        keyring: mesh.keyrings[me]!,
        ackTimeoutMs: 2000,
        moveTimeoutMs: 5000,
        ...(options.secrets ? { secretNumbers: seededNumbers(me, options.secrets) } : {}),
        recorder: options.records ? teeRecorder(resumed[me]!.recorder, options.records[me]!) : resumed[me]!.recorder,
        resume: resumed[me]!.resume,
      }),
  );
  const results: SessionResult[] = await settle(sessions.map((s) => s.run()));
  results.forEach((r, me) => resumed[me]!.finish(r));
  return results;
}

/** Every seat negotiates the resume of the stored game over `mesh` (each over `linksOf(me)`), player 0 offering it. */
function everyoneResumes(
  mesh: Awaited<ReturnType<typeof memoryMesh>>,
  players: Parameters<typeof offerFor>[0],
  session: string,
  linksOf: (me: number) => ReadonlyMap<number, Link> = (me) => mesh.links[me]!,
) {
  return settle(
    players.map((_, me) =>
      negotiateResume({
        me,
        links: linksOf(me),
        keyring: mesh.keyrings[me]!,
        ...(me === 0 ? { offer: offerFor(players, session) } : {}),
        lookup: (offer) => storedHistory(store, offer, me),
        timeoutMs: 10_000,
      }),
    ),
  );
}

describe('networked resume', { timeout: 240_000 }, () => {
  it.each([[undefined], [{ variant: 'capital' as const }], [{ variant: 'mission' as const }]])(
    'the same keys meet again, agree on the stored history, and play the game on to one winner (%j)',
    async (rules) => {
      const { players, results: cut, records: firstRecords } = await playUntilCut(4, rules);
      expect(cut.every((r) => r.outcome === 'stopped')).toBe(true);
      for (const me of [0, 1, 2]) {
        const found = store.find(`${GAME}-p${me}`);
        expect(found.ok && found.game.status).toBe('stopped');
      }

      const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
      expect(mesh.peerIds).toEqual(players.map((p) => p.peerId));
      const session = `${GAME}.r1`;
      const agreed = await everyoneResumes(mesh, players, session);
      const ok = agreed.map((a) => {
        if (!a.ok) throw new Error(a.reason);
        return a;
      });
      // One point, one state, for everyone; it is where the first part stopped (or a point before it).
      expect(new Set(ok.map((a) => `${a.index} ${a.hash}`)).size).toBe(1);
      expect(ok.every((a) => a.sessionId === session && a.gameId === GAME)).toBe(true);
      expect(resumeHash(ok[0]!.state)).toBe(ok[0]!.hash);
      expect(ok[0]!.state.turn).toBeGreaterThanOrEqual(4);

      // Play on: each peer's stored game goes on from the agreed point (a peer that was one move
      // ahead gives that move back: it never settled).
      const handles = players.map((_, me) => {
        const found = store.find(`${GAME}-p${me}`);
        if (!found.ok) throw new Error(found.reason);
        const handle = store.continueGame(found.game.id);
        const history = storedHistory(store, offerFor(players, session), me);
        if (!history.ok) throw new Error(history.reason);
        for (let i = history.history.index; i > ok[me]!.index; i--) handle.unstep();
        return handle;
      });
      // A Secret Mission game: each seat's mission deal, rebuilt from its stored first session.
      const missionDeals = players.map((_, me) => {
        if (rules?.variant !== 'mission') return {};
        const found = store.find(`${GAME}-p${me}`);
        if (!found.ok) throw new Error(found.reason);
        const deal = storedMissionDeal(store, found.game, mesh.keyrings[me]!);
        if (!deal.ok) throw new Error(deal.reason);
        expect(found.game.steps.length).toBeGreaterThan(0);
        expect(ok[me]!.state.missionDeck[deal.driver.card!]).toBe(ok[me]!.state.missions[me]);
        return { missionDeal: deal.driver };
      });
      const records = players.map(() => memoryRecorder());
      const starts = players.map((_, me) => ({
        recorder: storeRecorder(handles[me]!, { lines: false }),
        resume: {
          state: ok[me]!.state,
          index: ok[me]!.index,
          from: { gameId: GAME, index: ok[me]!.index, hash: ok[me]!.hash },
          ...missionDeals[me],
        },
        finish: (r: SessionResult) => handles[me]!.finish({ winner: r.winner, turns: r.state.turn }),
      }));
      const results = await playResumed(players, mesh, session, starts, {
        ...(rules ? { rules } : {}),
        ...(rules?.variant === 'mission' ? { secrets: 'again' } : {}),
        records,
        seats: 2,
      });
      const winner = results[0]!.winner;
      expect(winner).not.toBeNull();
      expect(results.every((r) => r.outcome === 'conquest' && r.winner === winner)).toBe(true);
      if (rules?.variant === 'mission') {
        // The winner claimed its mission in the resumed session, with a proof from the first session's
        // deal that every other peer checked (and the audits below check again).
        const claims = records.map((r) => r.lines.filter((l) => l.raw.includes('deal_claim')).length);
        expect(claims.every((n) => n > 0)).toBe(true);
        for (const r of results) expect(r.state.missionsRevealed[winner!]).toBe(true);
      }
      // The resumed session's record says what it continues; risk verify says it cannot audit it alone.
      const audit = verifyTranscript(records[1]!.lines, { lenient: false });
      expect(audit.violations.map((v) => v.reason)).toEqual([
        `this record continues game ${GAME} from move ${ok[1]!.index} (a resumed session): it can only be audited from the state the earlier record reaches there; give the earlier record first (risk verify EARLIER THIS)`,
      ]);
      // With the first session's record before it, each peer's two records audit clean to the winner.
      for (const me of [0, 1, 2]) {
        const [first, second] = verifyChain([firstRecords[me]!, records[me]!.lines]);
        expect(first!.violations).toEqual([]);
        expect(second!.violations).toEqual([]);
        expect(second!.truncated).toBe(false);
        // (An audit knows no mission that was not claimed; the live peer knows its own.)
        if (rules?.variant === 'mission') expect(stateHash(second!.state!)).toBe(stateHash(results[me]!.state));
        else expect(second!.state).toEqual(results[me]!.state);
      }
      // A first record cut in half never reaches the resume point; a resumed record whose header
      // names another state there does not continue this first record.
      const half = firstRecords[1]!.slice(0, firstRecords[1]!.length / 2);
      expect(verifyChain([half, records[1]!.lines])[1]!.violations[0]!.reason).toBe(
        `the record before it never reaches move ${ok[1]!.index}, where this session resumed`,
      );
      const header = records[1]!.lines.findIndex((x) => x.dir === 'note');
      const otherHash = records[1]!.lines.map((l, i) =>
        i === header ? { ...l, raw: l.raw.replace(ok[1]!.hash, '0'.repeat(64)) } : l,
      );
      expect(verifyChain([firstRecords[1]!, otherHash])[1]!.violations[0]!.reason).toBe(
        `the record before it reaches another state at move ${ok[1]!.index} than the one this session resumed from`,
      );
      // The records the wrong way round: the first one is not a resumed session.
      // risk verify takes the two files in order.
      const dir = mkdtempSync(join(tmpdir(), 'risk-resume-'));
      const write = (name: string, lines: readonly TranscriptLine[]) => {
        const path = join(dir, name);
        writeFileSync(
          path,
          lines.map(({ t, conn, dir: d, raw }) => `${JSON.stringify({ t, conn, dir: d, raw })}\n`).join(''),
        );
        return path;
      };
      const files = [write('first.jsonl', firstRecords[1]!), write('second.jsonl', records[1]!.lines)];
      let out = '';
      const io = { out: (t: string) => void (out += t), err: (t: string) => void (out += t) };
      expect(await runVerify(files, io)).toBe(0);
      expect(out.match(/violations: 0/g)?.length).toBe(2);
      expect(await runVerify([files[1]!], io)).toBe(1);
      rmSync(dir, { recursive: true, force: true });
      expect(verifyChain([records[1]!.lines, firstRecords[1]!])[1]!.violations[0]!.reason).toMatch(
        /not a resumed session/,
      );
      // Every peer's store now holds the whole game: both parts replay to the same end.
      for (const me of [0, 1, 2]) {
        const found = store.find(`${GAME}-p${me}`);
        if (!found.ok) throw new Error(found.reason);
        expect(found.game.status).toBe('finished');
        const replay = replaySteps(found.game);
        if (!replay.ok) throw new Error(replay.reason);
        expect(replay.state).toEqual(results[me]!.state);
      }
    },
  );

  it('refuses, at every peer, a resume where one player holds another history or another key', async () => {
    const { players } = await playUntilCut(3);
    // Player 2's store lost its last five moves: it is further behind than a resume may go back.
    const p2 = store.find(`${GAME}-p2`);
    if (!p2.ok) throw new Error(p2.reason);
    const handle = store.continueGame(p2.game.id);
    for (let i = 0; i < 5; i++) handle.unstep();
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const run = (offer: ReturnType<typeof offerFor>) =>
      settle(
        players.map((_, me) =>
          negotiateResume({
            me,
            links: mesh.links[me]!,
            keyring: mesh.keyrings[me]!,
            ...(me === 0 ? { offer } : {}),
            lookup: (o) => storedHistory(store, o, me),
            timeoutMs: 10_000,
          }),
        ),
      );
    const behind: Resumed[] = await run(offerFor(players, `${GAME}.r1`));
    for (const verdict of behind) {
      expect(verdict.ok).toBe(false);
      if (!verdict.ok)
        expect(verdict.reason).toMatch(/moves ahead of player \d, whose stored game stops at move \d+|differs/);
    }
    // An offer that gives seat 1 to another key: every peer's store knows better, and refuses.
    const wrong = offerFor(players, `${GAME}.r2`);
    wrong.players[1] = { ...wrong.players[1]!, peer_id: players[2]!.peerId };
    const refused: Resumed[] = await run(wrong);
    expect(refused).toEqual(
      [0, 1, 2].map(() => ({ ok: false, reason: 'seat 1 of game resume-me belongs to another key here' })),
    );
  });

  // A peer that resumed first plays on, and may hand on another player's line of the game to a peer
  // still in the handshake: that line is the game's, kept for it, not a handshake line signed by
  // the wrong player (the chaos runs' stop then resume found it failing there, the others resuming).
  it("keeps for the game another player's line handed on during the handshake, and every peer resumes", async () => {
    const { players } = await playUntilCut(3);
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const session = `${GAME}.r3`;
    const inner = JSON.stringify({ command: 'acknowledgement', payload: 7, player_id: 0 });
    const handedOn = seal(inner, 0, mesh.keyrings[0]!.sign(lineDigest(session, inner)));
    mesh.links[1]!.get(2)!.send(handedOn);
    const agreed = await everyoneResumes(mesh, players, session);
    expect(agreed.map((a) => (a.ok ? 'ok' : a.reason))).toEqual(['ok', 'ok', 'ok']);
    const kept: string[] = [];
    mesh.links[2]!.get(1)!.onLine((line) => kept.push(line));
    // (After it, resume lines handed on late: the game ignores them.)
    expect(kept[0]).toBe(handedOn);
  });

  // The chaos runs' stop then resume: a rogue that sent its lines twice split the honest peers (the
  // ones that read its state twice refused, "stated its history twice"; the others resumed).
  it('takes a resume line delivered twice as one: every peer resumes', async () => {
    const { players } = await playUntilCut(3);
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const twice = (links: ReadonlyMap<number, Link>) =>
      new Map(
        [...links].map(([p, link]) => [
          p,
          {
            ...link,
            get closed() {
              return link.closed;
            },
            send: (line: string) => {
              link.send(line);
              link.send(line);
            },
          },
        ]),
      );
    const session = `${GAME}.r4`;
    // The host and player 1 send every line twice.
    const agreed = await everyoneResumes(mesh, players, session, (me) =>
      me < 2 ? twice(mesh.links[me]!) : mesh.links[me]!,
    );
    expect(agreed.map((a) => (a.ok ? 'ok' : a.reason))).toEqual(['ok', 'ok', 'ok']);
  });

  // The chaos runs' stop then resume: a rogue whose state was lost, late or spoilt on its link to one
  // honest peer split them (that one timed out or failed, the others resumed and played on without
  // it). Every checked resume line is handed on, so what reached one player reaches them all.
  it.each([
    ['lost', (_line: string): string | null => null],
    ['spoilt', (line: string): string | null => line.replace('resume_state', 'resume_stata')],
  ])('resumes at every peer when player 1 state is %s on its link to player 2', async (_how, spoil) => {
    const { players } = await playUntilCut(3);
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const toTwo = mesh.links[1]!.get(2)!;
    const links1 = new Map(mesh.links[1]!);
    links1.set(2, {
      ...toTwo,
      get closed() {
        return toTwo.closed;
      },
      send: (line: string) => {
        const sent = line.includes('resume_state') ? spoil(line) : line;
        if (sent !== null) toTwo.send(sent);
      },
    });
    const session = `${GAME}.r5`;
    const agreed = await everyoneResumes(mesh, players, session, (me) => (me === 1 ? links1 : mesh.links[me]!));
    expect(agreed.map((a) => (a.ok ? 'ok' : a.reason))).toEqual(['ok', 'ok', 'ok']);
  });

  it('resumes over a new lobby roster (what risk bot --resume does), the stored games playing again', async () => {
    const { players } = await playUntilCut(3);
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const session = 'lobby-session-2';
    const rosters = players.map((_, me) => ({
      me,
      gameId: session,
      players,
      links: mesh.links[me]!,
      keyring: mesh.keyrings[me]!,
    }));
    // A joiner asked to resume another game refuses the offer, and nobody plays.
    const mixed = await settle(
      rosters.map((roster, me) =>
        resumeOverRoster(store, roster, {
          gameId: me === 2 ? 'another-game' : GAME,
          host: me === 0,
          timeoutMs: 10_000,
        }),
      ),
    );
    expect(mixed.map((m) => m.ok)).toEqual([false, false, false]);
    expect(mixed[2]).toEqual({ ok: false, reason: `the host offers game ${GAME}, not another-game` });

    const fresh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const resumed = await resumeAll(players, fresh, session);
    expect(new Set(resumed.map((r) => r.index)).size).toBe(1);
    expect(store.games().map((g) => g.status)).toEqual(['playing', 'playing', 'playing']);
    const results = await playResumed(players, fresh, session, resumed);
    const winner = results[0]!.winner;
    expect(winner).not.toBeNull();
    for (const summary of store.games()) {
      expect(summary).toMatchObject({ status: 'finished', winner });
      const found = store.find(String(summary.id));
      if (!found.ok) throw new Error(found.reason);
      const replay = replaySteps(found.game);
      expect(replay.ok && replay.state.winner).toBe(winner);
    }
  });

  it('resumes a Secret Mission game over a new lobby roster: each peer rebuilds its mission deal from its store', async () => {
    const rules = { variant: 'mission' as const };
    const { players } = await playUntilCut(3, rules);
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const session = 'lobby-session-m';
    const resumed = await resumeAll(players, mesh, session);
    // Each seat's deal holds its own card: the mission its stored state knows.
    for (const [me, r] of resumed.entries()) {
      const card = r.resume.missionDeal?.card;
      expect(card).toBeDefined();
      expect(r.resume.state.missionDeck[card!]).toBe(r.resume.state.missions[me]);
    }
    const results = await playResumed(players, mesh, session, resumed, { rules, secrets: 'lobby' });
    const winner = results[0]!.winner;
    expect(winner).not.toBeNull();
    expect(results.every((r) => r.winner === winner && r.violations.length === 0)).toBe(true);
    for (const summary of store.games()) expect(summary).toMatchObject({ status: 'finished', winner });
  });

  it('resumes a Secret Mission game stopped during its mission deal: the new session deals again', async () => {
    const rules = { variant: 'mission' as const };
    const cut = await playUntilCut('mission deal', rules);
    for (const r of cut.results) {
      expect(r.state.phase).toBe('deal_missions');
      expect(r.state.missions).toEqual([]);
    }
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const session = 'lobby-session-d';
    const resumed = await resumeAll(cut.players, mesh, session);
    for (const r of resumed) {
      expect(r.resume.state.phase).toBe('deal_missions');
      expect(r.resume.missionDeal).toBeUndefined();
    }
    const records = cut.players.map(() => memoryRecorder());
    const results = await playResumed(cut.players, mesh, session, resumed, { rules, secrets: 'dealt again', records });
    const winner = results[0]!.winner;
    expect(winner).not.toBeNull();
    expect(results.every((r) => r.winner === winner && r.violations.length === 0)).toBe(true);
    for (const me of [0, 1, 2]) {
      // Dealt in the new session: every seat holds a mission, and its record has the whole deal.
      expect(results[me]!.state.missions).toHaveLength(PLAYERS);
      expect(records[me]!.lines.some((l) => l.raw.includes('deal_accept'))).toBe(true);
      const [first, second] = verifyChain([cut.records[me]!, records[me]!.lines]);
      expect(first!.violations).toEqual([]);
      expect(second!.violations).toEqual([]);
      expect(second!.truncated).toBe(false);
      expect(stateHash(second!.state!)).toBe(stateHash(results[me]!.state));
    }
    for (const summary of store.games()) expect(summary).toMatchObject({ status: 'finished', winner });
  });

  it("refuses to resume a Secret Mission game when a peer's store lost the numbers of its mission key", async () => {
    const { players } = await playUntilCut(3, { variant: 'mission' });
    const found = store.find(`${GAME}-p2`);
    if (!found.ok) throw new Error(found.reason);
    store.db
      .prepare(`DELETE FROM lines WHERE game_id = ? AND dir = 'note' AND raw LIKE '%"secret"%'`)
      .run(found.game.id);
    const mesh = await memoryMesh(PLAYERS, 5, checkedOnce());
    const verdicts = await settle(
      players.map((_, me) =>
        resumeOverRoster(
          store,
          { me, gameId: 'lobby-session-n', players, links: mesh.links[me]!, keyring: mesh.keyrings[me]! },
          { gameId: GAME, host: me === 0, timeoutMs: 10_000 },
        ),
      ),
    );
    expect(verdicts.map((v) => v.ok)).toEqual([false, false, false]);
    for (const v of verdicts)
      if (!v.ok)
        expect(v.reason).toMatch(
          /a Secret Mission game whose missions cannot go on: .*this seat's record does not keep the random numbers of its key/,
        );
  });

  it('checks the shape of every resume message and finds the common point', () => {
    const hash = (c: string) => c.repeat(64);
    expect(
      parseResumeMessage({
        command: 'resume_state',
        payload: { session_id: 's', index: 3, hashes: [hash('a')] },
        player_id: 1,
      }).ok,
    ).toBe(true);
    expect(
      parseResumeMessage({
        command: 'resume_state',
        payload: { session_id: 's', index: -1, hashes: [hash('a')] },
        player_id: 1,
      }),
    ).toEqual({
      ok: false,
      reason: 'resume_state: payload.index: an index must be ≥ 0',
    });
    expect(
      parseResumeMessage({
        command: 'resume_state',
        payload: { session_id: 's', index: 1, hashes: Array(5).fill(hash('a')) },
        player_id: 1,
      }).ok,
    ).toBe(false);
    expect(
      parseResumeMessage({
        command: 'resume_game',
        payload: { game_id: 'g/../x', session_id: 's', players: [] },
        player_id: 0,
      }).ok,
    ).toBe(false);
    expect(parseResumeMessage({ command: 'attack' }).ok).toBe(false);
    const at = (index: number, ...hashes: string[]) => ({ index, hashes });
    expect(
      commonPoint(
        new Map([
          [0, at(10, hash('a'), hash('b'))],
          [1, at(9, hash('a'))],
        ]),
      ),
    ).toEqual({ ok: true, index: 9, hash: hash('a') });
    expect(
      commonPoint(
        new Map([
          [0, at(10, hash('b'))],
          [1, at(10, hash('c'))],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/player 1's stored game differs from player 0's at move 10/),
    });
    expect(
      commonPoint(
        new Map([
          [0, at(12, hash('b'))],
          [1, at(10, hash('c'))],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'player 0 is 2 moves ahead of player 1, whose stored game stops at move 10: too far to go back there',
    });
  });
});
