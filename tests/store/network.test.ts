// A networked native game (the mesh session over in-memory links, on fake timers) recorded to the
// store by every peer: the exported record passes risk verify, the outcome and statistics land in
// the database, and so do the steps (every move and dice round) that replay and statistics use —
// stored as played, or derived from the signed lines of a game stored with lines only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { featuresFrom, NATIVE_FEATURES, type SessionResult } from '../../src/core/contract.js';
import { replaySteps } from '../../src/core/steps/replay.js';
import { memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import { MeshSession } from '../../src/sessions/mesh-session.js';
import { deriveSteps } from '../../src/store/derive.js';
import { exportTranscript } from '../../src/store/export.js';
import { storeSession, teeRecorder } from '../../src/store/recorder.js';
import { SCHEMA_VERSION } from '../../src/store/schema.js';
import { gatherStats } from '../../src/store/stats.js';
import type { GameStore, StoredGame } from '../../src/store/store.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { framesOf } from '../../src/views/replay.js';
import { checkedOnce } from '../support/signature-cache.js';
import { auditExported, openStore, tempDir } from './helpers.js';

let store: GameStore;
beforeEach(() => {
  store = openStore(':memory:');
});
afterEach(() => {
  store.close();
  vi.useRealTimers();
});

async function playStored(players: number, seed: number, into: GameStore = store) {
  const mesh = await memoryMesh(players, undefined, checkedOnce());
  const gameId = `stored-${seed}`;
  const features = featuresFrom([...NATIVE_FEATURES]);
  const names = Array.from({ length: players }, (_, id) => ({ id, name: `p${id}`, peerId: mesh.peerIds[id]! }));
  const stored = names.map((_, me) =>
    storeSession(into, {
      kind: 'bot',
      gameId,
      me,
      features,
      players: names.map((p) => ({ ...p, botKind: 'normal' })),
    }),
  );
  const files = names.map(() => memoryRecorder());
  const sessions = names.map(
    (_, me) =>
      new MeshSession({
        me,
        players: names,
        links: mesh.links[me]!,
        seat: botSeat(createBot('normal', seededDice(seed * 100 + me)), seededDice(seed * 1000 + me), {
          deadlineMs: 60_000,
        }),
        gameId,
        features,
        keyring: mesh.keyrings[me]!,
        ackTimeoutMs: 2000,
        moveTimeoutMs: 5000,
        recorder: teeRecorder(files[me]!, stored[me]!.recorder),
        onEvent: (event) => stored[me]!.onEvent(event),
      }),
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const results: (SessionResult | null)[] = names.map(() => null);
  try {
    sessions.forEach((s, me) => void s.run().then((r) => (results[me] = r)));
    for (let step = 0; step < 100_000 && results.some((r) => r === null); step++) await vi.advanceTimersByTimeAsync(50);
  } finally {
    for (const s of sessions) s.stop();
    vi.useRealTimers();
  }
  results.forEach((r, me) => {
    if (r === null) throw new Error(`peer ${me} hung`);
    stored[me]!.finish(r);
  });
  return { results: results as SessionResult[], stored, files, peerIds: mesh.peerIds };
}

describe('networked games in the store', { timeout: 120_000 }, () => {
  it("stores every peer's record of a 3-peer native game; each export passes risk verify", async () => {
    const { results, stored, files, peerIds } = await playStored(3, 7);
    const winner = results[0]!.winner;
    expect(winner).not.toBeNull();
    for (const [me, session] of stored.entries()) {
      const found = store.find(session.handle.uid);
      if (!found.ok) throw new Error(found.reason);
      const game = found.game;
      expect(game).toMatchObject({ kind: 'bot', status: 'finished', winner, me, profile: 'native' });
      expect(game.players.map((p) => p.peerId)).toEqual(peerIds);
      // The store holds the same lines as the record file would.
      expect(store.lines(game.id).map((l) => [l.dir, l.conn, l.raw])).toEqual(
        files[me]!.lines.map((l) => [l.dir, l.conn, l.raw]),
      );
      const { problems, report } = auditExported(store, game);
      expect(problems).toEqual([]);
      expect(report.violations).toEqual([]);
      expect(report.truncated).toBe(false);
      expect(report.recordedEnd?.winner).toBe(winner);
      expect(report.state?.winner).toBe(winner);
      expect(report.roundsVerified).toBeGreaterThan(2);
    }
    // Statistics from the sessions' events: three finished records, one winner each.
    const stats = gatherStats(store);
    expect(stats.finished).toBe(3);
    const normal = stats.byBotKind.find((s) => s.who === 'normal')!;
    expect(normal).toMatchObject({ games: 3, wins: 3 });
    const byName = new Map(stats.byPlayer.map((s) => [s.who, s]));
    expect(byName.get(`p${winner}`)!.wins).toBe(3);
    const taken = stats.byPlayer.reduce((n, s) => n + s.territoriesTaken, 0);
    const lost = stats.byPlayer.reduce((n, s) => n + s.territoriesLost, 0);
    expect(taken).toBeGreaterThan(0);
    expect(lost).toBeLessThanOrEqual(taken);
    expect(stats.byPlayer.every((s) => s.battles > 0)).toBe(true);
  });

  it('stores the steps each peer applied: the game replays to its end, the same for every peer', async () => {
    const { results, stored } = await playStored(3, 8);
    const winner = results[0]!.winner;
    expect(winner).not.toBeNull();
    const games = stored.map((s) => {
      const found = store.find(s.handle.uid);
      if (!found.ok) throw new Error(found.reason);
      return found.game;
    });
    const actions = (g: StoredGame) => g.steps.map((s) => JSON.stringify(s.action));
    for (const game of games) {
      expect(game.steps.length).toBeGreaterThan(100);
      // Every peer applied the same steps with the same dice.
      expect(actions(game)).toEqual(actions(games[0]!));
      const replay = replaySteps(game);
      if (!replay.ok) throw new Error(replay.reason);
      expect(replay.state.phase).toBe('over');
      expect(replay.state.winner).toBe(winner);
      expect(replay.state).toEqual(results[game.me!]!.state);
      const frames = framesOf(game);
      if (!frames.ok) throw new Error(frames.reason);
      expect(frames.frames.at(-1)!.lines.join('\n')).toMatch(/wins/);
    }
    // The statistics come from the replayed steps: the per-turn series reaches the last turn.
    const series = store.db.prepare('SELECT series FROM game_series WHERE game_id = ?').get(games[0]!.id) as {
      series: string;
    };
    const turns = (JSON.parse(series.series) as { turns: number[] }).turns;
    expect(turns.at(-1)).toBe(results[0]!.state.turn);
  });

  it('derives the steps of a game stored with its lines only from those signed lines', async () => {
    const { stored } = await playStored(3, 9);
    const uid = stored[1]!.handle.uid;
    const before = store.find(uid);
    if (!before.ok) throw new Error(before.reason);
    const id = before.game.id;
    const statsOf = () =>
      store.db.prepare('SELECT * FROM player_stats WHERE game_id = ? ORDER BY seat').all(id) as unknown[];
    const stats = statsOf();
    expect(stats).toHaveLength(3);
    expect(deriveSteps(store.db, id)).toEqual({ ok: false, reason: `game ${id} has its steps already` });
    // As a game stored before sessions stored steps: lines only.
    store.db.prepare('DELETE FROM steps WHERE game_id = ?').run(id);
    store.db.prepare('DELETE FROM player_stats WHERE game_id = ?').run(id);
    expect(deriveSteps(store.db, id)).toEqual({ ok: true, steps: before.game.steps.length });
    const after = store.find(uid);
    if (!after.ok) throw new Error(after.reason);
    const hex = (g: StoredGame) =>
      g.steps.map((s) => [
        JSON.stringify(s.action),
        s.numbers?.map(([p, n]) => `${p}:${Buffer.from(n).toString('hex')}`),
      ]);
    expect(hex(after.game)).toEqual(hex(before.game));
    expect(statsOf()).toEqual(stats);
  });

  it('migration 4 derives the steps and statistics of the native games an older version stored', async () => {
    const tmp = tempDir();
    try {
      const path = `${tmp.dir}/old.db`;
      const file = openStore(path);
      const { stored } = await playStored(2, 10, file);
      const counts = (s: GameStore) =>
        s.db
          .prepare(
            'SELECT g.uid, (SELECT COUNT(*) FROM steps WHERE game_id = g.id) AS steps, (SELECT COUNT(*) FROM player_stats WHERE game_id = g.id) AS stats FROM games g ORDER BY g.id',
          )
          .all();
      const played = counts(file);
      expect(played).toHaveLength(2);
      // What schema version 3 kept of a networked game: its lines, not its steps nor, for a game
      // whose peer left early, any statistics.
      file.db.exec('DELETE FROM steps; DELETE FROM player_stats; DELETE FROM game_series; PRAGMA user_version = 3');
      file.close();
      const reopened = openStore(path);
      try {
        expect(reopened.schemaVersion).toBe(SCHEMA_VERSION);
        expect(counts(reopened)).toEqual(played);
        const found = reopened.find(stored[0]!.handle.uid);
        if (!found.ok) throw new Error(found.reason);
        expect(framesOf(found.game).ok).toBe(true);
      } finally {
        reopened.close();
      }
    } finally {
      tmp.remove();
    }
  });

  it('keeps a peer that stopped early as a stopped game, its lines still exported', async () => {
    const mesh = await memoryMesh(2, undefined, checkedOnce());
    const features = featuresFrom([...NATIVE_FEATURES]);
    const names = [0, 1].map((id) => ({ id, name: `p${id}`, peerId: mesh.peerIds[id]! }));
    const stored = storeSession(store, { kind: 'network', gameId: 'cut-short', me: 0, features, players: names });
    const session = new MeshSession({
      me: 0,
      players: names,
      links: mesh.links[0]!,
      seat: botSeat(createBot('normal', seededDice(1)), seededDice(2), { deadlineMs: 60_000 }),
      gameId: 'cut-short',
      features,
      keyring: mesh.keyrings[0]!,
      ackTimeoutMs: 2000,
      moveTimeoutMs: 5000,
      recorder: stored.recorder,
      onEvent: stored.onEvent,
    });
    const result = session.run();
    session.stop();
    stored.finish(await result);
    const found = store.find('cut-short');
    if (!found.ok) throw new Error(found.reason);
    expect(found.game.status).toBe('stopped');
    const exported = exportTranscript(found.game, store.lines(found.game.id));
    expect(exported.ok).toBe(true);
    if (exported.ok)
      expect(JSON.parse(JSON.parse(exported.text.split('\n')[0]!).raw)).toMatchObject({
        profile: 'native',
        me: 0,
        gameId: 'cut-short',
      });
    expect(gatherStats(store).finished).toBe(0);
  });
});
