// Game records: every message a peer sent or processed, in the transcript format that
// `risk verify` reads (one JSON object per line: t, conn, dir, raw).
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Recorder {
  /** A line received from player `from`, recorded when it is processed. */
  incoming(from: number, line: string): void;
  /** A line this peer sent to everyone. */
  outgoing(line: string): void;
  /** Takes back the last incoming line: it was not processed yet after all. */
  unrecord(): void;
  /** A fact about the game that no message carries (who recorded it, rollbacks). */
  note(fact: Record<string, unknown>): void;
  close(): void;
  readonly path: string | null;
}

/** Where records go by default: $XDG_DATA_HOME/p2p-risk/games (or ~/.local/share/…). */
export function defaultRecordDir(): string {
  const base = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'p2p-risk', 'games');
}

export function defaultRecordPath(gameId: string, me: number): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return join(defaultRecordDir(), `${stamp}-${gameId}-p${me}.jsonl`);
}

/** Writes records to a file, buffered; flushed every 200 lines and on close. */
export function fileRecorder(path: string): Recorder {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
  const started = performance.now();
  let buffer: string[] = [];
  // The latest incoming line stays apart until the next record: it may be taken back.
  let tentative: string | null = null;
  const settle = () => {
    if (tentative !== null) buffer.push(tentative);
    tentative = null;
  };
  const flush = () => {
    settle();
    if (buffer.length === 0) return;
    appendFileSync(path, buffer.join(''));
    buffer = [];
  };
  const format = (conn: number, dir: string, raw: string) =>
    `${JSON.stringify({ t: Math.round(performance.now() - started) / 1000, conn, dir, raw })}\n`;
  const write = (conn: number, dir: string, raw: string) => {
    settle();
    buffer.push(format(conn, dir, raw));
    if (buffer.length >= 200) flush();
  };
  return {
    path,
    incoming: (from, line) => {
      settle();
      tentative = format(from, 'in', line);
    },
    outgoing: (line) => write(-1, 'out', line),
    unrecord: () => {
      tentative = null;
    },
    // A note goes before a line still being processed: a rollback note precedes the move replacing it.
    note: (fact) => buffer.push(format(-1, 'note', JSON.stringify(fact))),
    close: flush,
  };
}
