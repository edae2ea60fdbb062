// RISC games in the game database, in-process on a temporary database: a game against bots stored
// as it is played, then listed by risk history, counted by risk stats, told by risk replay
// --plain, written back by risk export (which risk verify finds clean); a game left before its
// end resumed from the menu's launcher and played to its end; a database from before RISC games.
import { join } from 'node:path';
import { generateKeyPair } from '@libp2p/crypto/keys';
import { peerIdFromPrivateKey } from '@libp2p/peer-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiscBotKind } from '../../src/ai/risc/bots.js';
import { runExport } from '../../src/cli/export.js';
import { runHistory } from '../../src/cli/history.js';
import { DEFAULT_LAUNCH } from '../../src/cli/launch-kit.js';
import { runReplay } from '../../src/cli/replay.js';
import { riscLauncher } from '../../src/cli/risc-launcher.js';
import { runStats } from '../../src/cli/stats.js';
import { runVerify } from '../../src/cli/verify.js';
import { riscHeader } from '../../src/core/risc/record.js';
import type { RiscState } from '../../src/model/risc/index.js';
import { keepKey } from '../../src/net/identity.js';
import type { RiscSeat } from '../../src/sessions/risc-local.js';
import { keptKeysDir } from '../../src/store/kept-keys.js';
import { storeRecorder } from '../../src/store/recorder.js';
import { storeRisc } from '../../src/store/risc-games.js';
import { migrate } from '../../src/store/schema.js';
import { sqlite } from '../../src/store/sqlite.js';
import { GameStore } from '../../src/store/store.js';
import type { RiscEnd } from '../../src/views/risc/match.js';
import { capture, menuOptions, openStore, tempDir } from './helpers.js';

/** A person who places evenly and orders nothing, and leaves once the game reaches `leaveAt`. */
function idle(leaveAt = Number.POSITIVE_INFINITY): RiscSeat {
  return {
    name: 'Ann',
    kind: 'human',
    place: async () => [],
    orders: async (state: RiscState) => (state.turn >= leaveAt ? null : []),
  };
}

const hooks = { onExecuted: () => {}, onNote: () => {} };
const terms = { startUnits: 30, turnLimit: 100 };

let tmp: ReturnType<typeof tempDir>;
let db: string;
let finished: RiscEnd;
beforeAll(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'risk.db');
  const launcher = riscLauncher({ ...DEFAULT_LAUNCH, storePath: db }, 7);
  finished = await launcher.local({ name: 'Ann', players: 3, bot: 'hard' as RiscBotKind, terms }).play(idle(), hooks);
});
afterAll(() => tmp.remove());

describe('RISC games in the game database', { timeout: 60_000 }, () => {
  it('risk history lists a finished game against bots as RISC, with its winner and turns', () => {
    expect(finished.how).toBe('over');
    expect(finished.notes.join('\n')).toMatch(/stored as game #1/);
    const c = capture();
    expect(runHistory(['--db', db], c.io)).toBe(0);
    const winner = finished.state!.players[finished.state!.winner!]!.name;
    expect(c.out()).toMatch(
      new RegExp(
        `\\s1 .* RISC quick\\s+${finished.state!.turn - 1}\\s+Ann, Ada \\(bot\\) \\(hard\\), Bab.*won by ${winner.replace(/[()]/g, '\\$&')}`,
      ),
    );
    const json = capture();
    runHistory(['--db', db, '--json'], json.io);
    expect(JSON.parse(json.out().trim().split('\n')[0]!)).toMatchObject({
      game: 'risc',
      kind: 'quick',
      status: 'finished',
    });
  });

  it('risk stats counts it under RISC: wins, turns, territories taken and lost, battles, units lost', () => {
    const c = capture();
    expect(runStats(['--db', db], c.io)).toBe(0);
    expect(c.out()).toMatch(/RISC: 1 finished game \(1 stored\)/);
    expect(c.out()).toMatch(
      /RISC players\n\s+who\s+games\s+wins\s+win rate\s+avg turns\s+taken\s+lost\s+battles\s+units lost/,
    );
    expect(c.out()).toMatch(/Ann\s+1\s+0\s+0\.0%/);
    // The game's charts (units and territories per turn) come from its stored series.
    expect(c.out()).toContain('Game 1: armies per player');
    const json = capture();
    runStats(['--db', db, '--json'], json.io);
    const report = JSON.parse(json.out());
    expect(report.risc).toMatchObject({ games: 1, finished: 1 });
    const hard = report.risc.byBotKind.find((b: { who: string }) => b.who === 'hard');
    expect(hard).toMatchObject({ games: 1, wins: 1 });
    expect(hard.territoriesTaken).toBeGreaterThan(0);
    expect(report.finished).toBe(0); // no classic games
  });

  it('risk replay --plain tells the stored game turn by turn; risk export writes its record, which risk verify finds clean', async () => {
    const told = capture();
    expect(await runReplay(['1', '--plain', '--db', db], told.io)).toBe(0);
    expect(told.out()).toMatch(/^RISC game 1 \(quick, .*\): Ann, Ada \(bot\), Babbage \(bot\)\n/);
    expect(told.out()).toContain('Everyone has placed their units.');
    expect(told.out()).toMatch(/Turn 1:\n/);
    expect(told.out()).toMatch(/⚔ \w+/);
    expect(told.out()).toMatch(/\(bot\) wins\.\n$/);
    const file = join(tmp.dir, 'game-1.jsonl');
    expect(runExport(['1', '--output', file, '--db', db], capture().io)).toBe(0);
    const verified = capture();
    expect(await runVerify([file], verified.io)).toBe(0);
    expect(verified.out()).toContain('(RISC)');
    expect(verified.out()).toContain('violations: 0');
    expect(verified.out()).toContain(`turns executed: ${finished.state!.turn - 1}`);
  });

  it('a game left before its end is listed, resumed where it stopped, played to its end, and verifies whole', async () => {
    const launcher = riscLauncher({ ...DEFAULT_LAUNCH, storePath: db }, 11);
    const left = await launcher.local({ name: 'Ann', players: 2, bot: 'normal', terms }).play(idle(4), hooks);
    expect(left.how).toBe('left');
    const saved = launcher.saved!();
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const game = saved.games.find((g) => g.players.includes('Ann (you)'))!;
    expect(game).toMatchObject({ turn: 4, players: ['Ann (you)', 'Ada (bot)'] });
    const resumed = launcher.resume!(game.id);
    if (!resumed.ok) throw new Error(resumed.reason);
    expect(resumed.match.notes).toContain(`Resumed RISC game #${game.id} at turn 4.`);
    const turns: number[] = [];
    const end = await resumed.match.play(idle(), { ...hooks, onExecuted: (_s, turn) => turns.push(turn) });
    expect(end.how).toBe('over');
    expect(turns[0]).toBe(4); // goes on with turn 4, not from the start
    expect(launcher.saved!()).toMatchObject({ ok: true, games: [] });
    // Resuming it again is refused: it is finished.
    expect(launcher.resume!(game.id)).toEqual({ ok: false, reason: `game #${game.id} is finished` });
    const file = join(tmp.dir, `game-${game.id}.jsonl`);
    expect(runExport([String(game.id), '--output', file, '--db', db], capture().io)).toBe(0);
    const verified = capture();
    expect(await runVerify([file], verified.io)).toBe(0);
    expect(verified.out()).toContain('violations: 0');
    expect(verified.out()).toContain(`turns executed: ${end.state!.turn - 1}`);
  });

  it('refuses to resume what is not a RISC game against bots, saying why', () => {
    const launcher = riscLauncher({ ...DEFAULT_LAUNCH, storePath: db }, 1);
    expect(launcher.resume!(999)).toMatchObject({ ok: false, reason: /no stored game "999"/ });
    expect(launcher.resume!(1)).toEqual({ ok: false, reason: 'game #1 is finished' });
  });
});

describe('a networked RISC game this player dropped out of, in the menu', () => {
  it('is listed to take the seat back; going on dials the others with the kept key, and says why it could not', async () => {
    const dir = tempDir();
    try {
      const path = join(dir.dir, 'jo.db');
      const store = openStore(path);
      const keys = await Promise.all([0, 1].map(() => generateKeyPair('Ed25519')));
      const ids = keys.map((k) => peerIdFromPrivateKey(k).toString());
      // Jo's key is kept beside the database (as the menu keeps it); player 0 listens on a closed port.
      const kept = keepKey(keptKeysDir(store)!, keys[1]!);
      if (!kept.ok) throw new Error(kept.reason);
      const opened = storeRisc(store, {
        kind: 'network',
        uid: 'gone-p1',
        me: 1,
        players: [
          { name: 'Hana', peerId: ids[0]!, addresses: [`/ip4/127.0.0.1/tcp/1/p2p/${ids[0]}`] },
          { name: 'Jo', peerId: ids[1]!, addresses: [] },
        ],
      });
      if (!opened.ok) throw new Error(opened.reason);
      storeRecorder(opened.stored.handle).note({
        me: 1,
        profile: 'native',
        gameId: 'gone',
        features: ['mt19937_dice', 'bound_commitments', 'state_hash_acks', 'signed_messages'],
        rules: {},
        players: ids.map((peerId, id) => ({ id, name: ['Hana', 'Jo'][id], peerId })),
        ackTimeoutMs: 20_000,
        moveTimeoutMs: 40_000,
        risc: { startUnits: 30, turnLimit: 50 },
      });
      opened.stored.record(riscHeader('gone', ['Hana', 'Jo'], { startUnits: 30, turnLimit: 50 }));
      store.close();
      const launcher = riscLauncher(menuOptions(path), 3);
      const saved = launcher.saved!();
      expect(saved).toEqual({
        ok: true,
        games: [expect.objectContaining({ id: opened.stored.handle.id, players: ['Hana', 'Jo (you)'], rejoin: true })],
      });
      const started = launcher.resume!(opened.stored.handle.id);
      if (!started.ok) throw new Error(started.reason);
      expect(started.match.me).toBe(1);
      expect(started.match.terms).toEqual({ startUnits: 30, turnLimit: 50 });
      const end = await started.match.play(idle(), hooks);
      expect(end.how).toBe('broken');
      expect(end.reason).toMatch(
        new RegExp(
          `^cannot rejoin game #${opened.stored.handle.id}: no other player could be reached \\(.*ECONNREFUSED`,
        ),
      );
    } finally {
      dir.remove();
    }
  });
});

describe('a database from before RISC games', () => {
  it('migrates to version 6: its games are classic, RISC ones can be stored next to them', () => {
    const t = tempDir();
    try {
      const path = join(t.dir, 'old.db');
      const raw = new (sqlite().DatabaseSync)(path);
      expect(migrate(raw, 5)).toMatchObject({ ok: true, to: 5 });
      raw.exec("INSERT INTO games (uid, kind, started_at) VALUES ('old', 'hotseat', '2024-01-01T00:00:00Z')");
      raw.close();
      const opened = GameStore.open(path);
      if (!opened.ok) throw new Error(opened.reason);
      const store = opened.store;
      expect(store.schemaVersion).toBe(6);
      expect(store.games().map((g) => [g.uid, g.game])).toEqual([['old', 'classic']]);
      expect(store.games({ game: 'risc' })).toEqual([]);
      store.close();
    } finally {
      t.remove();
    }
  });
});
