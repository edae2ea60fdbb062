// The game store: one SQLite database (WAL) holding every game as it is played. A game is written
// as it happens — a local game's each step its own transaction, a networked game's rows of one turn
// of the event loop one (writeByTurn) — so a crash loses at most the move in flight; a tournament
// batches one transaction per game instead.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { GameAnalysis } from '../core/steps/analysis.js';
import { type DiceKind, encodeNumbers, type RoundNumbers } from '../core/steps/dice.js';
import { parseStep, type ReplaySource, type StoredStep } from '../core/steps/replay.js';
import type { Action, OptionsInput } from '../model/index.js';
import { defaultStorePath } from './paths.js';
import { writtenOutRules } from './rules.js';
import { migrate, userVersion } from './schema.js';
import { type Database, sqlite } from './sqlite.js';
import { writeAnalysis, writeSummary } from './summary.js';

/** quick, hotseat: local games (resumable); network, cs3099, bot: networked peers; tournament: offline bots. */
export type GameKind = 'quick' | 'hotseat' | 'network' | 'cs3099' | 'bot' | 'tournament';
export const RESUMABLE_KINDS: readonly GameKind[] = ['quick', 'hotseat'];

export interface PlayerMeta {
  readonly name: string;
  readonly peerId?: string | null;
  /** The bot kind for a bot seat, null for a person. */
  readonly botKind?: string | null;
  /** A networked player's dial addresses (multiaddrs), as the lobby gave them. */
  readonly addresses?: readonly string[] | null;
}

/** Which game: classic Risk (with its variants) or RISC. */
export type GameName = 'classic' | 'risc';

export interface GameMeta {
  /** The game's id (the network game id); a fresh one when absent. */
  readonly uid?: string;
  /** Default classic. */
  readonly game?: GameName;
  readonly kind: GameKind;
  readonly profile?: 'native' | 'cs3099';
  readonly dice?: DiceKind;
  readonly rules?: Omit<OptionsInput, 'players'>;
  /** The recording player's seat in a networked game. */
  readonly me?: number | null;
  readonly players: readonly PlayerMeta[];
}

export interface Outcome {
  readonly winner: number | null;
  readonly turns: number;
  /** finished: played to the end (or the turn cap); stopped: abandoned, not to be resumed. */
  readonly status?: 'finished' | 'stopped';
}

export interface GameSummary {
  readonly id: number;
  readonly uid: string;
  readonly game: GameName;
  readonly kind: GameKind;
  readonly profile: string;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly status: 'playing' | 'finished' | 'stopped';
  readonly winner: number | null;
  readonly turns: number | null;
  readonly players: readonly (PlayerMeta & { readonly seat: number })[];
  readonly stepCount: number;
  readonly lineCount: number;
  /** A resumed networked game: the session its later steps belong to (null: never resumed, or not known). */
  readonly session: string | null;
  /** The recording player's seat (networked games). */
  readonly me: number | null;
}

export interface StoredGame extends GameSummary, ReplaySource {
  readonly steps: readonly StoredStep[];
}

export type Opened = { ok: true; store: GameStore } | { ok: false; reason: string };

interface GameRow {
  id: number;
  uid: string;
  kind: string;
  profile: string;
  dice: string;
  started_at: string;
  finished_at: string | null;
  rules: string;
  me: number | null;
  status: string;
  winner: number | null;
  turns: number | null;
  session?: string | null;
  game?: string;
}

/** Schema 5 added the players' addresses and the resumed session; a database left at 3 (migration 4 deferred) lacks them. */
const ADDRESSES_VERSION = 5;
/** Schema 6 added which game a stored game is (classic or RISC). */
const GAME_VERSION = 6;

export class GameStore {
  private constructor(
    readonly db: Database,
    readonly path: string,
  ) {}

  /** Opens (creating if needed) and migrates the database. `:memory:` for a throwaway one. */
  static open(path: string = defaultStorePath()): Opened {
    let db: Database;
    try {
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
      db = new (sqlite().DatabaseSync)(path);
      // First: switching a new file to WAL takes a lock that other processes opening it wait for.
      db.exec('PRAGMA busy_timeout = 10000');
      db.exec('PRAGMA journal_mode = WAL');
      // NORMAL in WAL mode: a commit survives the process being killed (not a power cut), without an fsync per move.
      db.exec('PRAGMA synchronous = NORMAL');
      db.exec('PRAGMA foreign_keys = ON');
    } catch (error) {
      return { ok: false, reason: `cannot open the game database ${path}: ${(error as Error).message}` };
    }
    const migrated = migrate(db);
    if (!migrated.ok) {
      db.close();
      return { ok: false, reason: `${path}: ${migrated.reason}` };
    }
    return { ok: true, store: new GameStore(db, path) };
  }

  get schemaVersion(): number {
    return userVersion(this.db);
  }

  /** Whether this database keeps players' addresses and resumed sessions (schema 5). */
  get keepsAddresses(): boolean {
    // The version is settled when the database is opened (its migrations run then).
    this.addressesKept ??= this.schemaVersion >= ADDRESSES_VERSION;
    return this.addressesKept;
  }
  private addressesKept: boolean | null = null;

  /**
   * A networked game goes on in a new session (resume): its id, and the players' addresses in it.
   * Nothing on a database that predates them (it stays usable).
   */
  markResumed(id: number, session: string, addresses: readonly (readonly string[])[]) {
    if (!this.keepsAddresses) return;
    transaction(this.db, () => {
      this.db.prepare('UPDATE games SET session = ? WHERE id = ?').run(session, id);
      addresses.forEach((a, seat) => this.updateAddresses(id, seat, a));
    });
  }

  /**
   * A player of a stored networked game is now reached at `addresses` (it came back from another
   * address or port): a later rejoin or resume dials those. Nothing on a database that predates them.
   */
  updateAddresses(id: number, seat: number, addresses: readonly string[]) {
    if (!this.keepsAddresses) return;
    this.db
      .prepare('UPDATE players SET addresses = ? WHERE game_id = ? AND seat = ?')
      .run(JSON.stringify(addresses), id, seat);
  }

  /** Starts storing a game. `batch`: one transaction for the whole game, committed by finish(). */
  openGame(meta: GameMeta, options: { batch?: boolean } = {}): GameHandle {
    return GameHandle.create(this.db, meta, options.batch === true);
  }

  /** Games, newest first. */
  games(
    filter: { status?: GameSummary['status']; kinds?: readonly GameKind[]; game?: GameName; limit?: number } = {},
  ): GameSummary[] {
    const where: string[] = [];
    const args: (string | number)[] = [];
    // Before schema 6 every stored game is a classic one.
    if (filter.game !== undefined && this.schemaVersion >= GAME_VERSION) {
      where.push('game = ?');
      args.push(filter.game);
    } else if (filter.game === 'risc') return [];
    if (filter.status) {
      where.push('status = ?');
      args.push(filter.status);
    }
    if (filter.kinds) {
      where.push(`kind IN (${filter.kinds.map(() => '?').join(', ')})`);
      args.push(...filter.kinds);
    }
    const sql = `SELECT * FROM games ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY started_at DESC, id DESC ${filter.limit ? `LIMIT ${filter.limit | 0}` : ''}`;
    return (this.db.prepare(sql).all(...args) as unknown as GameRow[]).map((row) => this.summary(row));
  }

  /** A game by its number (as `risk history` shows it) or its id (or a unique start of it). */
  find(ref: string): { ok: true; game: StoredGame } | { ok: false; reason: string } {
    let row: GameRow | undefined;
    if (/^\d+$/.test(ref))
      row = this.db.prepare('SELECT * FROM games WHERE id = ?').get(Number(ref)) as GameRow | undefined;
    if (row === undefined && ref.length > 0) {
      const rows = this.db
        .prepare("SELECT * FROM games WHERE uid = ? OR uid LIKE ? ESCAPE '\\' LIMIT 2")
        .all(ref, `${ref.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as unknown as GameRow[];
      const exact = rows.find((r) => r.uid === ref);
      if (exact) row = exact;
      else if (rows.length > 1)
        return { ok: false, reason: `"${ref}" matches more than one game: give more of its id` };
      else row = rows[0];
    }
    if (row === undefined) return { ok: false, reason: `no stored game "${ref}" (risk history lists them)` };
    const steps = (
      this.db.prepare('SELECT seq, action, numbers FROM steps WHERE game_id = ? ORDER BY seq').all(row.id) as {
        seq: number;
        action: string;
        numbers: Uint8Array | string | null;
      }[]
    ).map((s) => parseStep(s.seq, s.action, s.numbers));
    const summary = this.summary(row);
    const game: StoredGame = {
      ...summary,
      me: row.me,
      rules: JSON.parse(row.rules),
      dice: row.dice as DiceKind,
      steps,
      playerCount: summary.players.length,
    };
    return { ok: true, game };
  }

  /** The recorded transcript lines of a game (networked games), in order. */
  lines(id: number): { t: number; dir: string; conn: number; raw: string }[] {
    return this.db.prepare('SELECT t, dir, conn, raw FROM lines WHERE game_id = ? ORDER BY seq').all(id) as never;
  }

  /** Marks a game as not to be resumed. */
  abandon(id: number) {
    this.db
      .prepare("UPDATE games SET status = 'stopped', finished_at = ? WHERE id = ? AND status = 'playing'")
      .run(new Date().toISOString(), id);
  }

  /** Reopens a stored game to go on adding steps to it (resume); a stopped networked game is playing again. */
  continueGame(id: number): GameHandle {
    this.db
      .prepare("UPDATE games SET status = 'playing', finished_at = NULL WHERE id = ? AND status = 'stopped'")
      .run(id);
    return GameHandle.reopen(this.db, id);
  }

  close() {
    if (!this.db.isOpen) return;
    commitTurn(this.db);
    this.db.close();
  }

  private summary(row: GameRow): GameSummary {
    const columns = this.keepsAddresses ? 'seat, name, peer_id, bot_kind, addresses' : 'seat, name, peer_id, bot_kind';
    const players = (
      this.db.prepare(`SELECT ${columns} FROM players WHERE game_id = ? ORDER BY seat`).all(row.id) as {
        seat: number;
        name: string;
        peer_id: string | null;
        bot_kind: string | null;
        addresses?: string | null;
      }[]
    ).map((p) => ({
      seat: p.seat,
      name: p.name,
      peerId: p.peer_id,
      botKind: p.bot_kind,
      addresses: parseAddresses(p.addresses),
    }));
    const count = (table: string) =>
      (this.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE game_id = ?`).get(row.id) as { n: number }).n;
    return {
      id: row.id,
      uid: row.uid,
      game: row.game === 'risc' ? 'risc' : 'classic',
      kind: row.kind as GameKind,
      profile: row.profile,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      status: row.status as GameSummary['status'],
      winner: row.winner,
      turns: row.turns,
      players,
      stepCount: count('steps'),
      lineCount: count('lines'),
      session: row.session ?? null,
      me: row.me,
    };
  }
}

/**
 * One game being stored. Networked sessions call append() for every line they send or process
 * and step() for every move they apply (with the dice round's numbers); local games only step().
 */
export class GameHandle {
  private readonly started = performance.now();
  private readonly startedAt = new Date().toISOString();
  private done = false;
  private readonly insertStep;
  private readonly insertLine;
  private readonly deleteStep;
  /** Batch mode: the game's rows, written in one short transaction by finish(). */
  private readonly queued: {
    steps: [number, string, Uint8Array | null][];
    lines: [number, number, string, number, string][];
  } | null;

  /** Rows committed once a turn of the event loop (writeByTurn) instead of one transaction each. */
  private byTurn = false;

  private constructor(
    private readonly db: Database,
    private gameId: number,
    readonly uid: string,
    private readonly meta: GameMeta | null,
    private nextStep: number,
    private nextLine: number,
  ) {
    this.insertStep = db.prepare('INSERT INTO steps (game_id, seq, action, numbers) VALUES (?, ?, ?, ?)');
    this.insertLine = db.prepare('INSERT INTO lines (game_id, seq, t, dir, conn, raw) VALUES (?, ?, ?, ?, ?, ?)');
    this.deleteStep = db.prepare('DELETE FROM steps WHERE game_id = ? AND seq = ?');
    this.queued = meta === null ? null : { steps: [], lines: [] };
  }

  /** The game's number in the database (in batch mode: -1 until finish()). */
  get id(): number {
    return this.gameId;
  }

  static create(db: Database, meta: GameMeta, batch: boolean): GameHandle {
    const uid = meta.uid ?? randomBytes(8).toString('hex');
    if (batch) return new GameHandle(db, -1, uid, meta, 0, 0);
    const id = transaction(db, () => insertGame(db, uid, meta));
    return new GameHandle(db, id, uid, null, 0, 0);
  }

  static reopen(db: Database, id: number): GameHandle {
    const row = db.prepare('SELECT uid FROM games WHERE id = ?').get(id) as { uid: string } | undefined;
    if (row === undefined) throw new Error(`no game ${id}`);
    const max = (table: string) =>
      (db.prepare(`SELECT COALESCE(MAX(seq) + 1, 0) AS n FROM ${table} WHERE game_id = ?`).get(id) as { n: number }).n;
    return new GameHandle(db, id, row.uid, null, max('steps'), max('lines'));
  }

  /**
   * From now on the rows this handle writes in one turn of the event loop are one transaction,
   * committed at the turn's end (setImmediate) or, with the rows before it, by a line this peer
   * sends (`out`), which a session records before it hands the line to a link: nothing this peer
   * said is missing from its record, and a killed process loses at most lines taken in (and their
   * steps) whose consequences had not left yet. A commit for each row cost a third of storing it.
   */
  writeByTurn() {
    this.byTurn = true;
  }

  private beginRow() {
    if (this.byTurn) openTurn(this.db);
  }

  /** An applied move (or draw step), with the numbers of the dice round it used. */
  step(action: Action, numbers: RoundNumbers | null) {
    if (this.done) return;
    this.beginRow();
    const row: [number, string, Uint8Array | null] = [
      this.nextStep++,
      JSON.stringify(action),
      numbers === null ? null : encodeNumbers(numbers),
    ];
    if (this.queued) this.queued.steps.push(row);
    else this.insertStep.run(this.gameId, ...row);
  }

  /** Takes back the last step (a networked session's rollback). */
  unstep() {
    if (this.done || this.nextStep === 0) return;
    this.beginRow();
    this.nextStep--;
    if (this.queued) this.queued.steps.pop();
    else this.deleteStep.run(this.gameId, this.nextStep);
  }

  /** A transcript line: `in` from player `conn`, `out` sent by this peer, a `note` (JSON), or a RISC record line. */
  append(direction: 'in' | 'out' | 'note' | 'risc', line: string, conn = -1) {
    // A line after the store closed (a peer stopping by signal) is one the record cannot keep.
    if (this.done || !this.db.isOpen) return;
    this.beginRow();
    const row: [number, number, string, number, string] = [
      this.nextLine++,
      Math.round(performance.now() - this.started) / 1000,
      direction,
      conn,
      line,
    ];
    if (this.queued) this.queued.lines.push(row);
    else this.insertLine.run(this.gameId, ...row);
    if (direction === 'out') commitTurn(this.db);
  }

  /**
   * Keeps only the first `count` lines of `direction` (a resumed RISC game's record lines past the
   * agreed point never settled: sessions/risc-resume.ts); the lines of other directions stay.
   */
  keepLines(direction: 'risc', count: number) {
    if (this.done || this.queued || !this.db.isOpen) return;
    const rows = this.db
      .prepare('SELECT seq FROM lines WHERE game_id = ? AND dir = ? ORDER BY seq')
      .all(this.gameId, direction) as { seq: number }[];
    const drop = this.db.prepare('DELETE FROM lines WHERE game_id = ? AND seq = ?');
    transaction(this.db, () => {
      for (const row of rows.slice(Math.max(0, count))) drop.run(this.gameId, row.seq);
    });
  }

  /**
   * Makes every committed line and step durable against a power cut too (a checkpoint syncs the
   * log); a killed process loses nothing committed even without it.
   */
  sync() {
    if (this.done || this.queued || !this.db.isOpen) return;
    commitTurn(this.db);
    this.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  }

  /**
   * The game ended (or stopped for good): outcome and statistics, replayed from the stored steps
   * or, for a networked game that stores lines only, as its session observed them.
   */
  finish(outcome: Outcome, observed?: GameAnalysis) {
    if (this.done || !this.db.isOpen) return;
    this.done = true;
    const status = outcome.status ?? 'finished';
    transaction(this.db, () => {
      if (this.queued) {
        this.gameId = insertGame(this.db, this.uid, this.meta!, this.startedAt);
        for (const row of this.queued.steps) this.insertStep.run(this.gameId, ...row);
        for (const row of this.queued.lines) this.insertLine.run(this.gameId, ...row);
      }
      this.db
        .prepare('UPDATE games SET status = ?, winner = ?, turns = ?, finished_at = ? WHERE id = ?')
        .run(status, outcome.winner, outcome.turns, new Date().toISOString(), this.gameId);
      if (status === 'finished' && !writeSummary(this.db, this.gameId) && observed)
        writeAnalysis(this.db, this.gameId, observed);
    });
  }

  /** Stops writing without an outcome: the game stays resumable (local games). A batch is dropped. */
  close() {
    if (this.db.isOpen) commitTurn(this.db);
    this.done = true;
  }
}

function insertGame(db: Database, uid: string, meta: GameMeta, startedAt = new Date().toISOString()): number {
  const row = db
    .prepare(
      'INSERT INTO games (uid, kind, profile, dice, started_at, rules, me) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    )
    .get(
      uid,
      meta.kind,
      meta.profile ?? 'native',
      meta.dice ?? 'mt19937',
      startedAt,
      JSON.stringify(writtenOutRules(meta.rules, meta.players.length)),
      meta.me ?? null,
    ) as { id: number };
  const version = userVersion(db);
  if (meta.game !== undefined && meta.game !== 'classic') {
    if (version < GAME_VERSION)
      throw new Error(`a ${meta.game} game needs the game database at version ${GAME_VERSION}`);
    db.prepare('UPDATE games SET game = ? WHERE id = ?').run(meta.game, row.id);
  }
  if (version >= ADDRESSES_VERSION) {
    const player = db.prepare(
      'INSERT INTO players (game_id, seat, name, peer_id, bot_kind, addresses) VALUES (?, ?, ?, ?, ?, ?)',
    );
    meta.players.forEach((p, seat) =>
      player.run(
        row.id,
        seat,
        p.name,
        p.peerId ?? null,
        p.botKind ?? null,
        p.addresses ? JSON.stringify(p.addresses) : null,
      ),
    );
  } else {
    const player = db.prepare('INSERT INTO players (game_id, seat, name, peer_id, bot_kind) VALUES (?, ?, ?, ?, ?)');
    meta.players.forEach((p, seat) => player.run(row.id, seat, p.name, p.peerId ?? null, p.botKind ?? null));
  }
  return row.id;
}

/** A stored address list; anything else (none, or not a list of strings) is no addresses. */
function parseAddresses(text: string | null | undefined): string[] | null {
  if (typeof text !== 'string') return null;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) && list.every((a) => typeof a === 'string') ? list : null;
  } catch {
    return null;
  }
}

/** Databases with a turn's transaction open (writeByTurn), committed at the turn's end or sooner. */
const turns = new Set<Database>();
/** Databases inside transaction(): a row written there is part of it. */
const working = new Set<Database>();

function openTurn(db: Database) {
  if (turns.has(db) || working.has(db)) return;
  db.exec('BEGIN IMMEDIATE');
  turns.add(db);
  if (turns.size === 1) process.once('exit', commitTurns);
  setImmediate(() => commitTurn(db));
}

function commitTurn(db: Database) {
  if (!turns.delete(db)) return;
  if (turns.size === 0) process.removeListener('exit', commitTurns);
  if (db.isOpen) db.exec('COMMIT');
}

/** A process that exits mid-turn (process.exit) keeps the rows of that turn too. */
function commitTurns() {
  for (const db of [...turns]) commitTurn(db);
}

function transaction<T>(db: Database, work: () => T): T {
  commitTurn(db);
  db.exec('BEGIN IMMEDIATE');
  working.add(db);
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  } finally {
    working.delete(db);
  }
}
