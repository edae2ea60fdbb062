// Networked resume of a RISC game (protocol-spec/resume.md, RISC games) on in-memory links and fake
// timers: three RISC bots play a stored game until every peer stops at once (at a turn boundary, or
// mid-round after some commitments); later the same keys meet again, the host offers the stored
// game, every peer proves its history by resume hashes, and play goes on from the agreed point in a
// new session to one outcome that every peer's stored RISC record audits clean to.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { botRiscSeat } from '../../src/ai/risc/seat.js';
import { auditRiscRecord } from '../../src/audit/risc.js';
import { verifyRiscChain } from '../../src/audit/risc-mesh.js';
import { riscRecording } from '../../src/cli/risc-kit.js';
import { runVerify } from '../../src/cli/verify.js';
import type { RiscMeshState } from '../../src/core/risc/mesh-game.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair, memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import type { MeshSession } from '../../src/sessions/mesh-session.js';
import { negotiateResume, type Resumed } from '../../src/sessions/resume.js';
import { resumeOffer } from '../../src/sessions/resume-net.js';
import { storedRiscHistory } from '../../src/sessions/risc-history.js';
import { playRiscOverLinks, RISC_FEATURE, type RiscNetResult, type RiscRoster } from '../../src/sessions/risc-net.js';
import { riscRejoinFromStore } from '../../src/sessions/risc-rejoin.js';
import { type RiscStoreResume, riscResumeOverRoster } from '../../src/sessions/risc-resume.js';
import { chancesOf, recordOf, sessionsOf } from '../../src/store/network-games.js';
import { riscRecordText, type StoredRisc, storeRisc } from '../../src/store/risc-games.js';
import { gatherStats } from '../../src/store/stats.js';
import type { GameStore } from '../../src/store/store.js';
import { settleOnClock } from '../support/fake-clock.js';
import { checkedOnce } from '../support/signature-cache.js';
import { capture, openStore, tempDir } from './helpers.js';

const GAME = 'risc-resume';
const SESSION = `${GAME}.r1`;
const PLAYERS = 3;

let store: GameStore;
beforeEach(() => {
  store = openStore(':memory:');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  store.close();
});

type Mesh = Awaited<ReturnType<typeof memoryMesh>>;
/** When player 0 stops every peer: at the start of `turn`, or as it receives `line` from player `from`. */
type Stop = (turn: number, line: string | null, from?: number) => boolean;

/** Runs the clock until every promise has settled (bounded). */
const settle = <T>(promises: Promise<T>[], limitMs = 3_600_000) => settleOnClock(promises, limitMs, 100);

function rosterOf(mesh: Mesh, me: number, gameId: string, links: Map<number, Link> = mesh.links[me]!) {
  return {
    me,
    players: mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId, addresses: [] })),
    links,
    gameId,
    features: [RISC_FEATURE],
    ackTimeoutMs: 10_000,
    moveTimeoutMs: 20_000,
    keyring: mesh.keyrings[me]!,
    risc: { startUnits: 30, turnLimit: 8 },
  } satisfies RiscRoster;
}

/**
 * Plays one session of the game from every seat, each stored in `db` as `risk bot --store` stores it;
 * `stopWhen` (seen by player 0) stops every peer at once. `resumed`: the seats' resumes, to go on.
 */
async function playSession(
  db: GameStore,
  mesh: Mesh,
  seed: number,
  stopWhen: Stop | null,
  resumed?: readonly RiscStoreResume[],
  atOnce = false,
  /** A seat whose process dies as turn `turn` begins (its session stops, its links close); or that is away (turn null). */
  gone?: { readonly player: number; readonly turn: number | null },
) {
  const sessions: MeshSession<RiscMeshState, never, never>[] = [];
  const byPlayer = new Map<number, MeshSession<RiscMeshState, never, never>>();
  let stopped = false;
  const stopAll = () => {
    if (stopped) return;
    stopped = true;
    // At once: the others may be an entry behind player 0 (or ahead); else as each finishes what it is at.
    if (atOnce) sessions.forEach((s) => s.stop());
    else queueMicrotask(() => sessions.forEach((s) => s.stop()));
  };
  let turn = 0;
  const crash = () => {
    if (gone?.turn == null || turn < gone.turn || !byPlayer.has(gone.player)) return;
    const dying = byPlayer.get(gone.player)!;
    byPlayer.delete(gone.player);
    queueMicrotask(() => {
      dying.stop();
      for (const link of mesh.links[gone.player]!.values()) link.close();
    });
  };
  const present = mesh.peerIds.map((_, me) => me).filter((me) => gone?.turn !== null || me !== gone.player);
  const runs = present.map((me) => {
    const links = new Map([...mesh.links[me]!].filter(([p]) => present.includes(p)));
    const roster = rosterOf(mesh, me, resumed ? SESSION : GAME, links);
    let stored: StoredRisc;
    if (resumed) stored = resumed[me]!.stored;
    else {
      const opened = storeRisc(db, {
        kind: 'bot',
        uid: `${GAME}-p${me}`,
        me,
        players: roster.players.map((p) => ({ name: p.name, peerId: p.peerId, addresses: [] })),
      });
      if (!opened.ok) throw new Error(opened.reason);
      stored = opened.stored;
    }
    const recording = riscRecording(null, { store: db, game: stored }, resumed?.[me]);
    const transcript = recording.transcript!;
    const dice = seededDice(seed * 100 + me + (resumed ? 50 : 0));
    return playRiscOverLinks(roster, {
      seat: botRiscSeat(`p${me}`, 'easy', dice),
      secret: () => Uint8Array.from({ length: 32 }, () => dice.below(256)),
      ...recording,
      transcript: {
        ...transcript,
        incoming: (from, line) => {
          transcript.incoming(from, line);
          if (me === 0 && stopWhen?.(turn, line, from)) stopAll();
        },
      },
      onExecuted: (_state, executed) => {
        if (me !== 0) return;
        turn = executed + 1;
        crash();
        if (stopWhen?.(turn, null)) stopAll();
      },
      onSession: (session) => {
        sessions.push(session as never);
        byPlayer.set(me, session as never);
      },
    }).then((result) => {
      if (result.ok) stored.finish(result.state);
      return result;
    });
  });
  return settle(runs);
}

/** Every seat resumes over the new lobby's links (what `risk bot --resume --game risc` does). */
function resumeAll(db: GameStore | readonly GameStore[], mesh: Mesh) {
  return settle(
    mesh.peerIds.map((_, me) =>
      riscResumeOverRoster(Array.isArray(db) ? db[me]! : (db as GameStore), rosterOf(mesh, me, SESSION), {
        gameId: GAME,
        host: me === 0,
        timeoutMs: 10_000,
      }),
    ),
  );
}

const ok = (results: readonly RiscNetResult[]) =>
  results.map((r) => {
    if (!r.ok) throw new Error(r.reason);
    return r;
  });

/** Each seat's stored game: status, and its RISC record's audit. */
function storedAudit(me: number) {
  const found = store.find(`${GAME}-p${me}`);
  if (!found.ok) throw new Error(found.reason);
  const text = riscRecordText(found.game, store.lines(found.game.id));
  if (!text.ok) throw new Error(text.reason);
  return { game: found.game, audit: auditRiscRecord(text.text), lines: store.lines(found.game.id) };
}

/** The entries each seat's stored game holds. */
const storedEntries = () =>
  [0, 1, 2].map((me) => {
    const history = storedRiscHistory(storedAudit(me).lines);
    if (!history.ok) throw new Error(history.reason);
    return history.history.steps.length;
  });

/** Cut, resumed, played to the end: every peer on one outcome, every store audits clean. */
async function cutAndResume(seed: number, stopWhen: Stop, atOnce = false) {
  const mesh = await memoryMesh(PLAYERS, seed, checkedOnce());
  const cut = ok(await playSession(store, mesh, seed, stopWhen, undefined, atOnce));
  expect(cut.every((r) => r.state.phase !== 'over')).toBe(true);
  for (const me of [0, 1, 2]) {
    const { game } = storedAudit(me);
    expect(game.status).toBe('stopped');
    expect(chancesOf(store, game).resume).toBeNull();
  }
  const before = storedEntries();
  const again = await memoryMesh(PLAYERS, seed, checkedOnce());
  const resumed = (await resumeAll(store, again)).map((r) => {
    if (!r.ok) throw new Error(r.reason);
    return r.resumed;
  });
  expect(new Set(resumed.map((r) => `${r.entries} ${r.resume.from.hash}`)).size).toBe(1);
  expect(resumed[0]!.entries).toBe(Math.min(...before));
  const end = ok(await playSession(store, again, seed, null, resumed));
  for (const result of end) {
    expect(result.found).toEqual([]);
    expect(result.state).toEqual(end[0]!.state);
  }
  expect(end[0]!.state.phase).toBe('over');
  for (const me of [0, 1, 2]) {
    const { game, audit, lines } = storedAudit(me);
    expect(game.status).toBe('finished');
    expect(game.session).toBe(SESSION);
    // One RISC record across both sessions, under the game's first id: it audits clean to the same end.
    expect(audit.header?.game).toBe(GAME);
    expect(audit.violations).toEqual([]);
    expect(audit.state).toEqual(end[0]!.state);
    // Its records of signed lines replay too: the resumed one from the state every player proved.
    const history = storedRiscHistory(lines);
    if (!history.ok) throw new Error(history.reason);
    expect(history.history.states.at(-1)!.risc).toEqual(end[0]!.state);
    // And audit one after another, as `risk verify EARLIER LATER` reads them: every session clean, to the same end.
    const chain = verifyRiscChain(sessionsOf(lines).map(recordOf));
    expect(chain).toHaveLength(2);
    expect(chain.flatMap((a) => a.violations)).toEqual([]);
    expect(chain.at(-1)!.state).toEqual(end[0]!.state);
  }
  // Its statistics are told from the whole record, both sessions.
  const stats = gatherStats(store, { game: 'risc' });
  expect(stats.finished).toBe(3);
  expect(Math.min(...stats.byPlayer.map((s) => s.battles))).toBeGreaterThan(0);
  return { resumed, end, before };
}

/** Player 0 stops every peer as turn 3 begins. */
const AT_TURN_3: Stop = (turn, line) => line === null && turn >= 3;
/** … or as it receives player 1's commitment in turn 3 or later (players 0 and 1 committed, 2 not). */
const MID_ROUND: Stop = (turn, line, from) => turn >= 3 && from === 1 && line?.includes('risc_commit') === true;

/** The resume hashes a seat states, from its store (as riscResumeOverRoster's lookup does). */
function statedHistory(db: GameStore, me: number) {
  const found = db.find(`${GAME}-p${me}`);
  if (!found.ok) throw new Error(found.reason);
  const told = storedRiscHistory(db.lines(found.game.id));
  if (!told.ok) throw new Error(told.reason);
  const { steps, states, hash } = told.history;
  const window = [steps.length - 3, steps.length - 2, steps.length - 1, steps.length];
  return { index: steps.length, states: window.map((at) => states[at]!), hashes: window.map(hash) };
}

describe('networked RISC resume', { timeout: 240_000 }, () => {
  // A player expelled before the stop (here gone silent, voted out) keeps the game only to where it
  // went: the others resume without it, the session with no link to it, and finish on one outcome.
  it('a seat voted out before the stop stays away: the others resume without it and play on to one outcome', async () => {
    const seed = 1;
    const cut = await playSession(
      store,
      await memoryMesh(PLAYERS, seed, checkedOnce()),
      seed,
      (turn, line) => line === null && turn >= 5,
      undefined,
      false,
      { player: 2, turn: 2 },
    );
    for (const me of [0, 1]) {
      const r = cut[me]!;
      expect(r.ok && r.state.phase !== 'over' && r.state.expelled[2]).toBe(true);
    }
    const again = await memoryMesh(PLAYERS, seed, checkedOnce());
    const away = (me: number) => new Map([...again.links[me]!].filter(([p]) => p !== 2));
    const resumed = (
      await settle(
        [0, 1].map((me) =>
          riscResumeOverRoster(store, rosterOf(again, me, SESSION, away(me)), {
            gameId: GAME,
            host: me === 0,
            timeoutMs: 10_000,
          }),
        ),
      )
    ).map((r) => {
      if (!r.ok) throw new Error(r.reason);
      return r.resumed;
    });
    expect(resumed[0]!.entries).toBe(resumed[1]!.entries);
    expect(resumed[0]!.players.map((p) => p.id)).toEqual([0, 1, 2]);
    const end = ok(await playSession(store, again, seed, null, resumed, false, { player: 2, turn: null }));
    expect(end).toHaveLength(2);
    expect(end[1]!.state).toEqual(end[0]!.state);
    expect(end[0]!.state.phase).toBe('over');
    expect(end[0]!.state.expelled[2]).toBe(true);
    for (const me of [0, 1]) {
      const { game, audit } = storedAudit(me);
      expect(game.status).toBe('finished');
      expect(audit.state).toEqual(end[0]!.state);
      for (const v of audit.violations) expect(v.player).toBe(2);
    }
  });

  it('stopped at a turn boundary: the same keys agree on the stored history and play it on to one outcome', async () => {
    const { resumed } = await cutAndResume(1, AT_TURN_3);
    expect(resumed[0]!.resume.state.risc.turn).toBeGreaterThanOrEqual(3);
    // Its records of signed lines, one per session, are audited one after another (risk verify EARLIER LATER).
    const dir = tempDir();
    try {
      const files = sessionsOf(storedAudit(0).lines).map((session, i) => {
        const file = join(dir.dir, `session-${i}.jsonl`);
        const records = session.filter((l) => l.dir !== 'risc');
        writeFileSync(
          file,
          records.map((l) => `${JSON.stringify({ t: l.t, conn: l.conn, dir: l.dir, raw: l.raw })}\n`).join(''),
        );
        return file;
      });
      expect(files).toHaveLength(2);
      const out = capture();
      expect(await runVerify(files, out.io)).toBe(0);
      expect(out.out().match(/violations: 0/g)).toHaveLength(2);
      // The second alone cannot be audited: it starts where the first left off.
      const alone = capture();
      expect(await runVerify([files[1]!], alone.io)).toBe(1);
      expect(alone.out()).toMatch(
        /a resumed session\): it can only be audited from the state the earlier records reach/,
      );
      // Nor given twice: the first session is no resumed one.
      const twice = capture();
      expect(await runVerify([files[0]!, files[0]!], twice.io)).toBe(1);
      expect(twice.out()).toMatch(/this record does not continue RISC game/);
    } finally {
      dir.remove();
    }
  });

  it('stopped mid-round after some commitments: the seats that committed reveal what they sealed, the others commit', async () => {
    const { resumed } = await cutAndResume(2, MID_ROUND);
    // Player 0 had committed for the open round: it reveals the orders its record sealed.
    const round = resumed[0]!.resume.state.round!;
    expect(round.game).toBe(GAME);
    expect(round.commits[0]).toBeDefined();
    expect(resumed[0]!.resume.move?.command).toBe('risc_reveal');
  });

  it('stopped an entry apart: the seats ahead give back the turn they executed, which is executed again with fresh dice', async () => {
    const { resumed, before } = await cutAndResume(3, (turn, line) => line === null && turn >= 4, true);
    // Player 0 had executed turn 3 (it stopped everyone on seeing it); a seat behind had not.
    expect(Math.max(...before)).toBeGreaterThan(Math.min(...before));
    expect(resumed[0]!.resume.state.risc.turn).toBe(3);
  });

  it('is refused, saying why, by a seat whose record lost the orders it sealed for the open round', async () => {
    ok(await playSession(store, await memoryMesh(PLAYERS, 2, checkedOnce()), 2, MID_ROUND));
    // Player 0's record lost the notes of its sealed orders (its commitment is in every history).
    const { game } = storedAudit(0);
    store.db.prepare("DELETE FROM lines WHERE game_id = ? AND dir = 'note' AND raw LIKE '%risc_sealed%'").run(game.id);
    const results = await resumeAll(store, await memoryMesh(PLAYERS, 2, checkedOnce()));
    const why =
      'this seat committed to its orders for turn 3 before the game stopped and its record does not keep what it sealed (its orders and their salt): it cannot reveal them';
    expect(results).toEqual([
      { ok: false, reason: why },
      { ok: false, reason: `player 0 cannot resume: ${why}` },
      { ok: false, reason: `player 0 cannot resume: ${why}` },
    ]);
    // Nobody's stored game went on.
    expect([0, 1, 2].map((me) => storedAudit(me).game.session)).toEqual([null, null, null]);
  });

  it('names a seat that states a false hash, and a seat whose stored game differs', async () => {
    const mesh = await memoryMesh(PLAYERS, 1, checkedOnce());
    ok(await playSession(store, mesh, 1, AT_TURN_3));
    const again = await memoryMesh(PLAYERS, 1, checkedOnce());
    const players = again.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId }));
    // Player 1 states another hash for its last entry than its store gives.
    const verdicts: Resumed<RiscMeshState>[] = await settle(
      [0, 1, 2].map((me) =>
        negotiateResume<RiscMeshState>({
          me,
          links: again.links[me]!,
          keyring: again.keyrings[me]!,
          ...(me === 0 ? { offer: resumeOffer(GAME, SESSION, players) } : {}),
          lookup: () => {
            const stated = statedHistory(store, me);
            const hashes = me === 1 ? [...stated.hashes.slice(0, -1), '0'.repeat(64)] : stated.hashes;
            return { ok: true, history: { ...stated, hashes } };
          },
          timeoutMs: 10_000,
        }),
      ),
    );
    const index = statedHistory(store, 0).index;
    for (const verdict of verdicts)
      expect(verdict).toEqual({
        ok: false,
        reason: `player 1's stored game differs from player 0's at move ${index}: not the same history`,
      });
    // Player 2's store holds another game under the same id and keys (its bots rolled otherwise).
    const other = openStore(':memory:');
    try {
      ok(await playSession(other, mesh, 7, AT_TURN_3));
      expect(statedHistory(other, 2).index).toBe(index);
      const results = await resumeAll([store, store, other], await memoryMesh(PLAYERS, 1, checkedOnce()));
      for (const result of results)
        expect(result).toEqual({
          ok: false,
          reason: `player 2's stored game differs from player 0's at move ${index}: not the same history`,
        });
    } finally {
      other.close();
    }
  });
});

describe('networked RISC resume, then rejoin', { timeout: 240_000 }, () => {
  it('a seat that drops out of the resumed session takes its seat back in it; all three finish on one outcome', async () => {
    const seed = 1;
    const DROPPER = 2;
    ok(await playSession(store, await memoryMesh(PLAYERS, seed, checkedOnce()), seed, AT_TURN_3));
    const again = await memoryMesh(PLAYERS, seed, checkedOnce());
    const resumed = (await resumeAll(store, again)).map((r) => {
      if (!r.ok) throw new Error(r.reason);
      return r.resumed;
    });
    // The resumed session: player 2's process dies as turn 5 begins (its session stops, its links close).
    const sessions: MeshSession<RiscMeshState, never, never>[] = [];
    let dropped = false;
    const runs = again.peerIds.map((_, me) => {
      const stored = resumed[me]!.stored;
      const dice = seededDice(seed * 100 + me + 50);
      return playRiscOverLinks(rosterOf(again, me, SESSION), {
        seat: botRiscSeat(`p${me}`, 'easy', dice),
        secret: () => Uint8Array.from({ length: 32 }, () => dice.below(256)),
        ...riscRecording(null, { store, game: stored }, resumed[me]),
        onExecuted: (_state, executed) => {
          if (me !== 0 || dropped || executed + 1 < 5) return;
          dropped = true;
          sessions[DROPPER]!.stop();
          for (const link of again.links[DROPPER]!.values()) link.close();
        },
        onSession: (session) => (sessions[me] = session as never),
      }).then((result) => {
        if (result.ok && me !== DROPPER) stored.finish(result.state);
        return result;
      });
    });
    for (let t = 0; t < 3_600_000 && !dropped; t += 100) await vi.advanceTimersByTimeAsync(100);
    expect(dropped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    // It comes back with its key and its store: new links, each taken by the other's session.
    const privateKey = await generateKeyPairFromSeed(
      'Ed25519',
      createHash('sha256').update(`memory-mesh ${seed} ${DROPPER}`).digest(),
    );
    const endpoint = {
      peerId: again.peerIds[DROPPER]!,
      privateKey,
      dial: async (address: string) => {
        const other = again.peerIds.findIndex((id) => address.endsWith(id));
        const [far, near] = memoryLinkPair(again.peerIds[other]!, again.peerIds[DROPPER]!);
        const taken = sessions[other]!.rejoinLink(DROPPER, far);
        return taken.ok ? { ok: true as const, link: near } : { ok: false as const, reason: taken.reason };
      },
    };
    const at = (me: number) => `/memory/${again.peerIds[me]}`;
    const pending = riscRejoinFromStore(store, `${GAME}-p${DROPPER}`, endpoint, [at(0), at(1)], 10_000);
    const back = (await settle([pending]))[0]!;
    if (!back.ok) throw new Error(back.reason);
    const { rejoined } = back;
    expect(rejoined.resumed?.from.gameId).toBe(GAME);
    const dice = seededDice(seed * 100 + DROPPER + 70);
    const returned = playRiscOverLinks(rejoined.roster as never, {
      seat: botRiscSeat(`p${DROPPER}`, 'easy', dice),
      secret: () => Uint8Array.from({ length: 32 }, () => dice.below(256)),
      ...riscRecording(null, { store, game: rejoined.stored }, rejoined),
    }).then((result) => {
      if (result.ok) rejoined.stored.finish(result.state);
      return result;
    });
    const [first, second, , third] = await settle([...runs, returned]);
    const end = ok([first!, second!, third!]);
    for (const result of end) {
      expect(result.found).toEqual([]);
      expect(result.neutral).toEqual([]);
      expect(result.state).toEqual(end[0]!.state);
    }
    expect(end[0]!.state.phase).toBe('over');
    // Its store: one RISC record across the resume and the rejoin, and its records of signed lines
    // (the first session's, then the one it went on with in the resumed session) audit in order.
    const { audit, lines } = storedAudit(DROPPER);
    expect(audit.violations).toEqual([]);
    expect(audit.state).toEqual(end[0]!.state);
    const chain = verifyRiscChain(sessionsOf(lines).map(recordOf));
    expect(chain.flatMap((a) => a.violations)).toEqual([]);
    expect(chain.at(-1)!.state).toEqual(end[0]!.state);
    // The record it went on with covers the resumed session from its start, as player 0's does.
    const host = verifyRiscChain(sessionsOf(storedAudit(0).lines).map(recordOf));
    expect(chain.at(-1)!.steps.length).toBe(host.at(-1)!.steps.length);
  });
});
