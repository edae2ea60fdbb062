// A table that stopped mid-game and met again (protocol-spec/resume.md, Resume): what each player's
// resume came to, and how the chaos runs judge it. The honest peers either all resume or all refuse
// (a rogue still in the game may make them refuse: a resume needs every player not neutral where it
// goes on; one made neutral before the stop cannot); an honest peer with no answer, or honest peers
// that split, one resuming and another refusing, is a fault. Shared by the chaos property and
// bench:chaos (mesh-game.ts TableStop).
import type { TranscriptLine } from '../../src/protocol/transcript.js';

export type ResumeAnswer =
  | { readonly ok: true; readonly index: number }
  | { readonly ok: false; readonly reason: string };

/** What became of a table that stopped and met again (mesh-game.ts TableStop). */
export interface TableBackReport {
  /** The clock when the table stopped; null: the game ended for an honest peer before its stop point. */
  stoppedAt: number | null;
  /** Each peer's answer to the resume (resumeOverRoster), by player; null until it has one. */
  answers: (ResumeAnswer | null)[];
  /** Each peer's record of the session before the stop (the first of its chain, as verifyChain reads it). */
  firstRecords: TranscriptLine[][];
}

/**
 * 'resumed': every honest peer resumed; 'refused': every honest peer refused, each with its reason
 * (`reasons`); 'not-stopped': the game ended before the stop point; else a fault.
 */
export type TableBackVerdict =
  | 'resumed'
  | { readonly refused: readonly string[] }
  | 'not-stopped'
  | { readonly failed: string };

export function tableBackVerdict(report: TableBackReport, honest: readonly number[]): TableBackVerdict {
  if (report.stoppedAt === null) return 'not-stopped';
  const answers = honest.map((i) => [i, report.answers[i] ?? null] as const);
  const silent = answers.filter(([, a]) => a === null).map(([i]) => i);
  if (silent.length > 0) return { failed: `honest peer(s) ${silent.join(', ')} had no answer to the resume` };
  if (answers.every(([, a]) => a!.ok)) return 'resumed';
  const refused = answers.flatMap(([i, a]) => (a!.ok ? [] : [[i, a!.reason] as const]));
  if (refused.length < answers.length)
    return {
      failed: `the resume split the honest peers: ${answers.map(([i, a]) => `peer ${i} ${a!.ok ? 'resumed' : `refused (${a!.reason})`}`).join(', ')}`,
    };
  const unclear = refused.filter(([, reason]) => reason.trim() === '').map(([i]) => i);
  if (unclear.length > 0) return { failed: `honest peer(s) ${unclear.join(', ')} refused the resume without a reason` };
  return { refused: refused.map(([, reason]) => reason) };
}
