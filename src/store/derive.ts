// Steps for networked games stored with their lines only (before sessions stored steps, or by a
// peer that stored lines alone): a mute replica reads the recorded signed lines in the order the
// peer processed them (audit/native-record.ts, the code `risk verify` audits with) and gives back every
// entry the peer applied, with the numbers of its dice round. Replay and statistics then work as
// for any game with steps.

import { auditNativeRecord, nativeHeader } from '../audit/native-record.js';
import { encodeNumbers } from '../core/steps/dice.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import { gamesWithoutSteps, registerStepDeriver } from './schema.js';
import type { Database } from './sqlite.js';
import { writeSummary } from './summary.js';

export type Derived = { ok: true; steps: number } | { ok: false; reason: string };

/** Derives and stores game `id`'s steps from its lines (a game that has steps already is left alone). */
export function deriveSteps(db: Database, id: number): Derived {
  const has = db.prepare('SELECT COUNT(*) AS n FROM steps WHERE game_id = ?').get(id) as { n: number };
  if (has.n > 0) return { ok: false, reason: `game ${id} has its steps already` };
  const rows = db.prepare('SELECT t, dir, conn, raw FROM lines WHERE game_id = ? ORDER BY seq').all(id) as {
    t: number;
    dir: TranscriptLine['dir'];
    conn: number;
    raw: string;
  }[];
  if (rows.length === 0) return { ok: false, reason: `game ${id} has no recorded lines` };
  const lines: TranscriptLine[] = rows.map((r, i) => ({ line: i + 1, t: r.t, dir: r.dir, conn: r.conn, raw: r.raw }));
  const header = nativeHeader(lines);
  if (header === null) return { ok: false, reason: `game ${id} is not a native record (no steps can be derived)` };
  const audit = auditNativeRecord(lines, header);
  const insert = db.prepare('INSERT INTO steps (game_id, seq, action, numbers) VALUES (?, ?, ?, ?)');
  audit.steps.forEach((step, seq) =>
    insert.run(id, seq, JSON.stringify(step.action), step.numbers === null ? null : encodeNumbers(step.numbers)),
  );
  const status = db.prepare('SELECT status FROM games WHERE id = ?').get(id) as { status: string } | undefined;
  if (status?.status === 'finished') writeSummary(db, id);
  return { ok: true, steps: audit.steps.length };
}

/** Migration 4: the steps of every stored native networked game that has lines but no steps. */
export function deriveMissingSteps(db: Database): number {
  let derived = 0;
  for (const id of gamesWithoutSteps(db)) if (deriveSteps(db, id).ok) derived++;
  return derived;
}

// Whoever loads this module can run migration 4; the menu opens the store without it (see schema.ts).
registerStepDeriver(deriveMissingSteps);
