// The database schema as numbered migrations. PRAGMA user_version holds how many have run; each
// migration runs in its own transaction, so a crash mid-migration leaves the previous version.
import { writeOutStoredRules } from './rules.js';
import type { Database } from './sqlite.js';
import { backfillSummaries } from './summary.js';

export interface Migration {
  readonly version: number;
  readonly describe: string;
  readonly up: (db: Database) => void;
}

const sql = (text: string) => (db: Database) => db.exec(text);

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    describe: 'games, players, the transcript lines and the applied steps of each game',
    up: sql(`
      CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        profile TEXT NOT NULL DEFAULT 'native',
        dice TEXT NOT NULL DEFAULT 'mt19937',
        started_at TEXT NOT NULL,
        finished_at TEXT,
        rules TEXT NOT NULL DEFAULT '{}',
        me INTEGER,
        status TEXT NOT NULL DEFAULT 'playing',
        winner INTEGER,
        turns INTEGER
      );
      CREATE INDEX games_started ON games (started_at);
      CREATE TABLE players (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        peer_id TEXT,
        bot_kind TEXT,
        PRIMARY KEY (game_id, seat)
      ) WITHOUT ROWID;
      CREATE TABLE lines (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        t REAL NOT NULL,
        dir TEXT NOT NULL,
        conn INTEGER NOT NULL,
        raw TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
      ) WITHOUT ROWID;
      CREATE TABLE steps (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        numbers TEXT, -- a blob of (seat, 32-byte number) per player; JSON text in older rows
        PRIMARY KEY (game_id, seq)
      ) WITHOUT ROWID;
    `),
  },
  {
    version: 2,
    describe: 'per-player statistics and the per-turn armies and territories of each finished game',
    up: (db) => {
      db.exec(`
        CREATE TABLE player_stats (
          game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
          seat INTEGER NOT NULL,
          territories_taken INTEGER NOT NULL,
          territories_lost INTEGER NOT NULL,
          sets_traded INTEGER NOT NULL,
          battles INTEGER NOT NULL,
          armies_lost INTEGER NOT NULL,
          armies_lost_expected REAL NOT NULL,
          final_territories INTEGER NOT NULL,
          final_armies INTEGER NOT NULL,
          PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID;
        CREATE TABLE game_series (
          game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
          series TEXT NOT NULL
        );
      `);
      // Games finished before this version get their statistics in version 3, once their rules are written out.
    },
  },
  {
    version: 3,
    describe: 'the rules of every stored game written out; statistics for the finished games that lack them',
    up: (db) => {
      // Rows used to leave out the rules that were defaults, and the defaults changed with the 1993
      // variants (a two-player game now has a neutral army): older games replay by their own rules.
      writeOutStoredRules(db);
      backfillSummaries(db);
    },
  },
  {
    version: 4,
    describe: 'steps (moves and dice) of the networked games stored with their lines only, derived from those lines',
    up: (db) => {
      // Sessions now store their steps as they play; older native records get theirs from a mute
      // replica over their signed lines, and the finished ones their statistics from those steps.
      if (gamesWithoutSteps(db).length === 0) return;
      if (stepDeriver === null) throw new NeedsDeriver();
      stepDeriver(db);
    },
  },
  {
    version: 5,
    describe: "the players' dial addresses of a networked game, and the session a resumed game goes on in",
    up: (db) => {
      // A JSON array of multiaddrs per seat, as the lobby gave them: rejoin and resume dial them.
      addColumn(db, 'players', 'addresses', 'TEXT');
      // Set when a networked game is resumed: the id of the new session its later steps belong to
      // (its stored lines stay the first session's).
      addColumn(db, 'games', 'session', 'TEXT');
    },
  },
  {
    version: 6,
    describe: 'which game each stored game is: classic (with its variants) or RISC',
    up: (db) => {
      // A RISC game keeps its record lines (dir 'risc'), no steps: risk history, stats, replay and
      // export read those; the classic resume, rejoin and statistics leave it alone.
      addColumn(db, 'games', 'game', "TEXT NOT NULL DEFAULT 'classic'");
    },
  },
];

/** Adds a column unless the table has it (a database whose version was set back by hand may). */
function addColumn(db: Database, table: string, column: string, type: string) {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export type MigrateResult = { ok: true; from: number; to: number } | { ok: false; reason: string };

/**
 * Migration 4 derives steps with the replica core (store/derive.ts, which registers itself here).
 * The menu must start without the wire code, so it opens the store without it: when old networked
 * games need their steps, the database then stays at version 3 until a command that has the
 * deriver (risk stats, history, replay, export, bot) opens it.
 */
let stepDeriver: ((db: Database) => void) | null = null;

export function registerStepDeriver(derive: (db: Database) => void) {
  stepDeriver = derive;
}

class NeedsDeriver extends Error {}

/** Native networked games stored with their lines but without steps. */
export function gamesWithoutSteps(db: Database): number[] {
  const rows = db
    .prepare(
      `SELECT id FROM games WHERE profile = 'native'
         AND EXISTS (SELECT 1 FROM lines l WHERE l.game_id = games.id)
         AND NOT EXISTS (SELECT 1 FROM steps s WHERE s.game_id = games.id)`,
    )
    .all() as { id: number }[];
  return rows.map((r) => r.id);
}

/** The schema version a database is at (PRAGMA user_version). */
export const userVersion = (db: Database) =>
  (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

/** Brings the database up to `target` (default: the latest version). */
export function migrate(db: Database, target = SCHEMA_VERSION): MigrateResult {
  const from = userVersion(db);
  if (from > SCHEMA_VERSION) {
    return {
      ok: false,
      reason: `the database has schema version ${from}, newer than this program's ${SCHEMA_VERSION}: update p2p-risk`,
    };
  }
  for (const m of MIGRATIONS) {
    if (m.version <= from || m.version > target) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      // Another process may have opened the same new database at the same moment and run it already.
      if (userVersion(db) >= m.version) {
        db.exec('COMMIT');
        continue;
      }
      m.up(db);
      db.exec(`PRAGMA user_version = ${m.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      if (error instanceof NeedsDeriver) return { ok: true, from, to: m.version - 1 };
      return { ok: false, reason: `migration to version ${m.version} failed: ${(error as Error).message}` };
    }
  }
  return { ok: true, from, to: Math.max(from, target) };
}
