// node:sqlite, loaded without its start-up warning: Node 22 marks the module experimental and
// would print an ExperimentalWarning in the middle of the game screen. Other warnings still show.
import { createRequire } from 'node:module';
import type * as Sqlite from 'node:sqlite';

export type Database = Sqlite.DatabaseSync;

let loaded: typeof Sqlite | null = null;

export function sqlite(): typeof Sqlite {
  if (loaded !== null) return loaded;
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (isSqliteExperimentalWarning(warning, rest[0])) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    loaded = createRequire(import.meta.url)('node:sqlite') as typeof Sqlite;
  } finally {
    process.emitWarning = emit;
  }
  return loaded;
}

/** process.emitWarning's arguments for "SQLite is an experimental feature…" (Node 22). */
export function isSqliteExperimentalWarning(warning: string | Error, typeOrOptions?: unknown): boolean {
  const text = typeof warning === 'string' ? warning : warning.message;
  const type =
    typeof typeOrOptions === 'string' ? typeOrOptions : (typeOrOptions as { type?: string } | undefined)?.type;
  const experimental =
    type === 'ExperimentalWarning' || (warning instanceof Error && warning.name === 'ExperimentalWarning');
  return experimental && /sqlite/i.test(text);
}
