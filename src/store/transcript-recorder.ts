// Game records: every message a peer sent or processed, in the transcript format that
// `risk verify` reads (one JSON object per line: t, conn, dir, raw).
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StepNumbers } from '../core/contract.js';
import type { Action } from '../model/index.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import { dataDir } from './data-dir.js';

/** `A`: the game's moves (the classic game's by default). */
export interface Recorder<A = Action> {
  /** A line received from player `from`, recorded when it is processed. */
  incoming(from: number, line: string): void;
  /** A line this peer sent. */
  outgoing(line: string): void;
  /** A fact about the game that no message carries (who recorded it, its players, how it ended). */
  note(fact: Record<string, unknown>): void;
  /** Makes everything recorded so far durable (called at least once per turn). */
  sync(): void;
  close(): void;
  readonly path: string | null;
  /** An entry applied to the game, with its dice round's numbers (the game store keeps these; files need not). */
  step?(action: A, numbers: StepNumbers | null): void;
  /** The last `count` steps were undone. */
  unstep?(count: number): void;
}

/**
 * The lines of a record that a rejoining player is sent (SessionConfig.history): those sent and
 * processed, in order; no notes (a note may hold this peer's secret dice number).
 */
export function historyLines(records: readonly { readonly dir?: unknown; readonly raw?: unknown }[]): string[] {
  return records
    .filter((r) => (r.dir === 'in' || r.dir === 'out') && typeof r.raw === 'string')
    .map((r) => r.raw as string);
}

/** historyLines of a record file. */
export function recordFileLines(path: string): string[] {
  const records: { dir?: unknown; raw?: unknown }[] = [];
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (text === '') continue;
    try {
      records.push(JSON.parse(text) as { dir?: unknown; raw?: unknown });
    } catch {
      // The line being written when the record was read: the next request reads it whole.
    }
  }
  return historyLines(records);
}

/** Where records go by default: games/ in the data folder (data-dir.ts). */
export function defaultRecordDir(): string {
  return join(dataDir(), 'games');
}

export function defaultRecordPath(gameId: string, me: number): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // The game id comes from the host: only letters, digits, - and _ go into the file's name, so
  // that no id names another folder (../) or a name Windows refuses (: * ? < > | and backslash).
  const id = gameId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return join(defaultRecordDir(), `${stamp}-${id}-p${me}.jsonl`);
}

/**
 * Writes records to a file, each line as it happens (a crash loses at most the line being
 * written); sync() and close() make them durable with fsync.
 */
export function fileRecorder(path: string): Recorder {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  const started = performance.now();
  let open = true;
  const write = (conn: number, dir: string, raw: string) => {
    if (!open) return;
    writeSync(fd, `${JSON.stringify({ t: Math.round(performance.now() - started) / 1000, conn, dir, raw })}\n`);
  };
  const sync = () => {
    if (!open) return;
    try {
      fsyncSync(fd);
    } catch {
      // A file system without fsync (some pipes and tmpfs): the lines are written all the same.
    }
  };
  return {
    path,
    incoming: (from, line) => write(from, 'in', line),
    outgoing: (line) => write(-1, 'out', line),
    note: (fact) => write(-1, 'note', JSON.stringify(fact)),
    sync,
    close() {
      if (!open) return;
      sync();
      open = false;
      closeSync(fd);
    },
  };
}

/** Keeps a record in memory as transcript lines (tests and benchmarks audit it without a file). */
export function memoryRecorder(): Recorder & { readonly lines: TranscriptLine[] } {
  const lines: TranscriptLine[] = [];
  const started = performance.now();
  const add = (conn: number, dir: TranscriptLine['dir'], raw: string) =>
    lines.push({ line: lines.length + 1, t: Math.round(performance.now() - started) / 1000, conn, dir, raw });
  return {
    path: null,
    lines,
    incoming: (from, line) => add(from, 'in', line),
    outgoing: (line) => add(-1, 'out', line),
    note: (fact) => add(-1, 'note', JSON.stringify(fact)),
    sync: () => {},
    close: () => {},
  };
}
