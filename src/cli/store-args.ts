// The game database for the store commands: --db PATH, else $RISK_DB, else the user's data directory.
// Commands that open the store can bring old networked games' steps up to date (migration 4).
import { existsSync } from 'node:fs';
import '../store/derive.js';
import { defaultStorePath } from '../store/paths.js';
import { GameStore, type Opened, type StoredGame } from '../store/store.js';
import { type CommandIO, usageError } from './io.js';

export const DB_OPTION = { db: { type: 'string' } } as const;
export const DB_USAGE = `  --db FILE   the game database (default: $RISK_DB, else risk.db in the data folder,
              which risk --help names)`;

export function openStoreFrom(values: Record<string, unknown>): Opened {
  return GameStore.open(typeof values.db === 'string' ? values.db : defaultStorePath());
}

/**
 * The store for a command that only reads it (history, stats, replay, export): a --db FILE that
 * does not exist is most likely a typo, so it is reported, not created empty. The default
 * database may not exist yet: that is "no games yet", as a new store says.
 */
export function openStoreToRead(values: Record<string, unknown>): Opened {
  if (typeof values.db === 'string' && !existsSync(values.db))
    return { ok: false, reason: `no game database at ${values.db} (check the path; --db names an existing file)` };
  return openStoreFrom(values);
}

/**
 * The one stored game a command names (its only positional argument), with its transcript lines;
 * or the exit code after saying what is wrong.
 */
export function loadNamedGame(
  command: string,
  parsed: { ok: true; values: Record<string, unknown>; positionals: string[] },
  usage: string,
  io: CommandIO,
): { ok: true; game: StoredGame; lines: ReturnType<GameStore['lines']> } | { ok: false; code: number } {
  if (parsed.positionals.length !== 1)
    return { ok: false, code: usageError(io, `risk ${command}`, 'name one game (risk history lists them)', usage) };
  const opened = openStoreToRead(parsed.values);
  if (!opened.ok) {
    io.err(`risk ${command}: ${opened.reason}\n`);
    return { ok: false, code: 1 };
  }
  try {
    const found = opened.store.find(parsed.positionals[0]!);
    if (!found.ok) {
      io.err(`risk ${command}: ${found.reason}\n`);
      return { ok: false, code: 1 };
    }
    return { ok: true, game: found.game, lines: opened.store.lines(found.game.id) };
  } finally {
    opened.store.close();
  }
}
