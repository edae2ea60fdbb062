// `risk verify`'s audit of a recorded game: it picks the record's profile and replays the record by
// a mute replica of the core that plays that profile, which finds every violation. No rule is
// written here.
//   - this project's native records (a header note): the native replica (native-record.ts), playing
//     RISC for a networked RISC game's record (risc-mesh.ts; `risk verify` reports it as RISC);
//   - our own cs3099 star records (a header note): the star replica of the recording peer (star-record.ts);
//   - a local game as `risk export` writes it: the stored steps' replay (exported-record.ts);
//   - a proxy's recording of a class game: a star replica that plays no seat (star-record.ts).

import type { VerifiedSignatures } from '../protocol/signing.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import { auditExportedRecord } from './exported-record.js';
import { type AuditSummary, type AuditViolation, auditNativeRecord, nativeHeader } from './native-record.js';
import type { RiscMeshHeader } from './risc-mesh.js';
import { auditRecording, auditStarRecord, starHeader } from './star-record.js';

export type ViolationKind = 'message' | 'impersonation' | 'commitment' | 'rules' | 'card-draw-bug' | 'outcome';

export type Violation = AuditViolation<ViolationKind>;

export interface VerifyOptions {
  /**
   * Follow the recorded peer's known card-draw bug (§7: after its first capture it draws a card at
   * every later fortify) so the replay stays in step; each such draw is still reported.
   */
  readonly lenient: boolean;
  /** Signatures already checked in this process (several records of one game audited together). */
  readonly verified?: VerifiedSignatures;
}

export interface VerifyReport extends AuditSummary<ViolationKind> {
  /** Line from which the replay could no longer follow the recording, if it lost step. */
  readonly lostStepAt: number | null;
  /** Native records: the record stops before the game ended for its peer (a crash, not a cheat). */
  readonly truncated?: boolean;
  /** Native records: how the record says the game ended. */
  readonly recordedEnd?: { readonly outcome: string; readonly winner: number | null } | null;
}

/** The header of a networked RISC game's record (a native record that names RISC terms), or null. */
export function riscMeshHeader(lines: readonly TranscriptLine[]): RiscMeshHeader | null {
  const header = nativeHeader(lines);
  return header?.risc === undefined ? null : (header as RiscMeshHeader);
}

export function verifyTranscript(lines: readonly TranscriptLine[], verifyOptions: VerifyOptions): VerifyReport {
  const native = nativeHeader(lines);
  // A RISC game's record is reported as RISC (auditRiscMeshRecord); this report is the classic game's.
  if (native?.risc !== undefined)
    return {
      players: native.players.map((p) => ({ id: p.id, name: p.name })),
      firstPlayer: null,
      deck: null,
      roundsVerified: 0,
      battles: 0,
      actionsChecked: 0,
      violations: [
        {
          line: 1,
          player: null,
          kind: 'message',
          reason: "a networked RISC game's record: audit it on its own (risk verify FILE), as a RISC game",
        },
      ],
      state: null,
      lostStepAt: null,
    };
  if (native !== null) return { ...auditNativeRecord(lines, native, null, verifyOptions.verified), lostStepAt: null };
  const star = starHeader(lines);
  if (star !== null) return auditStarRecord(lines, star);
  // A peer's lines (in/out) without a header of their own: a local game as `risk export` writes it.
  if (lines.some((l) => l.dir === 'in' || l.dir === 'out')) return auditExportedRecord(lines);
  return auditRecording(lines, verifyOptions.lenient);
}
