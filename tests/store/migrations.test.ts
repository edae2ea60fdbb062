import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTournament } from '../../src/cli/tournament.js';
import { loadResumable, resumedLocalSession } from '../../src/sessions/local-resume.js';
import { migrate, SCHEMA_VERSION } from '../../src/store/schema.js';
import { isSqliteExperimentalWarning, sqlite } from '../../src/store/sqlite.js';
import { GameStore } from '../../src/store/store.js';
import { botSeats, openStore, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
let path: string;
beforeEach(() => {
  tmp = tempDir();
  path = join(tmp.dir, 'old.db');
});
afterEach(() => tmp.remove());

/** Writes an old database from its SQL, in one transaction (500 inserts, one file sync instead of 500). */
function writeDatabase(sql: string) {
  const db = new (sqlite().DatabaseSync)(path);
  db.exec('BEGIN');
  db.exec(sql);
  db.exec('COMMIT');
  db.close();
}

describe('schema migrations', { timeout: 60_000 }, () => {
  it('brings a version 1 database up to date, keeping its games and computing the statistics it lacked', async () => {
    writeDatabase(readFileSync(new URL('../fixtures/store-v1.sql', import.meta.url), 'utf8'));
    const opened = GameStore.open(path);
    if (!opened.ok) throw new Error(opened.reason);
    const store = opened.store;
    try {
      expect(store.schemaVersion).toBe(SCHEMA_VERSION);
      const games = store.games();
      expect(games.map((g) => g.status).sort()).toEqual(['finished', 'playing']);
      const finished = games.find((g) => g.status === 'finished')!;
      // Version 1 rows left out the rules that were defaults then: a two-player game was a duel.
      for (const g of games) {
        const found = store.find(String(g.id));
        if (!found.ok) throw new Error(found.reason);
        expect(found.game.rules).toMatchObject({ twoPlayer: 'duel', setup: 'claim', territoryBonusPerTurn: 'any' });
      }
      const stats = store.db
        .prepare('SELECT seat, final_territories, battles FROM player_stats WHERE game_id = ? ORDER BY seat')
        .all(finished.id) as {
        seat: number;
        final_territories: number;
        battles: number;
      }[];
      expect(stats).toHaveLength(2);
      expect(stats[finished.winner!]!.final_territories).toBe(42);
      expect(stats[0]!.battles).toBeGreaterThan(0);
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM game_series').get()).toEqual({ n: 1 });

      // The unfinished game from the old version still resumes, and finishes with statistics.
      const playing = games.find((g) => g.status === 'playing')!;
      const resumable = loadResumable(store, String(playing.id));
      if (!resumable.ok) throw new Error(resumable.reason);
      const result = await resumedLocalSession(store, resumable, botSeats(['normal', 'normal'], 5)).run();
      expect(result.winner).not.toBeNull();
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM player_stats WHERE game_id = ?').get(playing.id)).toEqual({
        n: 2,
      });
    } finally {
      store.close();
    }
  });

  it('writes out the rules of version 2 rows by when they were played: pre-1993 unless a row names a 1993 option', () => {
    writeDatabase(readFileSync(new URL('../fixtures/store-v1.sql', import.meta.url), 'utf8'));
    const db = new (sqlite().DatabaseSync)(path);
    expect(migrate(db, 2)).toEqual({ ok: true, from: 1, to: 2 });
    db.exec(`INSERT INTO games (id, uid, kind, started_at, rules) VALUES (3, 'after-1993', 'hotseat', '2026-11-24', '{"variant":"domination","fortify":"connected"}');
      INSERT INTO players (game_id, seat, name) VALUES (3, 0, 'Ann'), (3, 1, 'Bea');`);
    db.close();
    const store = openStore(path);
    try {
      const rules = (id: number) => {
        const found = store.find(String(id));
        if (!found.ok) throw new Error(found.reason);
        return found.game.rules;
      };
      expect(rules(1)).toMatchObject({ twoPlayer: 'duel', eliminationTrade: 'any', fortify: 'adjacent' });
      expect(rules(3)).toMatchObject({ twoPlayer: 'neutral', eliminationTrade: 'to_four', fortify: 'connected' });
      // The finished game got its statistics once, in version 3.
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM player_stats WHERE game_id = 1').get()).toEqual({ n: 2 });
    } finally {
      store.close();
    }
  });

  it('refuses a database from a newer version of the program, saying so', () => {
    writeDatabase('PRAGMA user_version = 99;');
    const opened = GameStore.open(path);
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.reason).toContain('schema version 99, newer than this program');
  });

  it('migrates a new database once when several workers open it at the same moment', async () => {
    // risk tournament --workers N --store on a database that does not exist yet: every worker
    // opens it at once, and each used to run migration 1 on its own ("table games already exists").
    for (const round of [1, 2, 3]) {
      const fresh = join(tmp.dir, `fresh-${round}.db`);
      let err = '';
      const io = { out: () => {}, err: (t: string) => void (err += t) };
      const code = await runTournament(
        ['--bots', 'random,random', '--games', '4', '--workers', '4', '--turn-cap', '30', '--store', '--db', fresh],
        io,
      );
      expect(err).toBe('');
      expect(code).toBe(0);
      const opened = GameStore.open(fresh);
      if (!opened.ok) throw new Error(opened.reason);
      expect(opened.store.schemaVersion).toBe(SCHEMA_VERSION);
      opened.store.close();
    }
  });

  it('says clearly when the file is not a database', () => {
    writeDatabase('');
    const bad = join(tmp.dir, 'not-a-db');
    writeFileSync(bad, 'hello, this is not sqlite at all '.repeat(40));
    const opened = GameStore.open(bad);
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.reason).toMatch(/not-a-db.*not a database|cannot open the game database/);
  });
});

describe('loading node:sqlite', () => {
  it('drops only the SQLite ExperimentalWarning (Node 22 prints it at load), not other warnings', () => {
    expect(
      isSqliteExperimentalWarning(
        'SQLite is an experimental feature and might change at any time',
        'ExperimentalWarning',
      ),
    ).toBe(true);
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature', { type: 'ExperimentalWarning' })).toBe(
      true,
    );
    expect(isSqliteExperimentalWarning('WASI is an experimental feature', 'ExperimentalWarning')).toBe(false);
    expect(isSqliteExperimentalWarning('sqlite file is large', 'Warning')).toBe(false);
  });
});
