// Auditing a networked RISC game's record (sessions/risc-net.ts): the recording peer's mute mesh
// replica, playing the RISC game (core/risc/mesh-game.ts), reads the record's signed lines in the
// order the peer processed them, as for a classic native record (native-record.ts). So the
// signatures, acknowledgements, votes and proofs of a RISC game are checked, with every commitment,
// reveal, order and dice round.

import { type RiscMeshState, type RiscMove, type RiscTerms, riscGame } from '../core/risc/mesh-game.js';
import { riscHeader } from '../core/risc/record.js';
import type { RecordedViolation } from '../core/risc/replica.js';
import type { RiscEvent } from '../model/risc/index.js';
import type { VerifiedSignatures } from '../protocol/signing.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import {
  type AuditViolation,
  type Continued,
  feedRecord,
  muteReplicaFor,
  type NativeHeader,
  recordSteps,
  startOfRecord,
} from './native-record.js';
import type { ReplayedGame } from './rejoin-start.js';
import type { RiscAudit } from './risc.js';

/** A native record's header that names RISC terms. */
export type RiscMeshHeader = NativeHeader & { readonly risc: NonNullable<NativeHeader['risc']> };

/** The RISC game of `terms` as a rejoin's replay asks it (rejoin-start.ts): its records audited from `continues`. */
export function riscReplayed(
  terms: RiscTerms,
  continues: Continued<RiscMeshState> | null = null,
): ReplayedGame<RiscMeshState, RiscMove> {
  const game = riscGame(terms);
  const replayed: ReplayedGame<RiscMeshState, RiscMove> = {
    game,
    audit(record, header) {
      const audit = recordSteps(record, header, game, continues, replayed);
      return { state: audit.state, steps: audit.steps, reason: audit.violations[0]?.reason ?? '' };
    },
    // The turn's execution is a draw (no point), and so is a neutralisation while it waits for its dice.
    takesPoint: (_move, before) => game.drawStep(before) === null,
    stepText: (move) => JSON.stringify(move),
  };
  return replayed;
}

/** Replays a networked RISC record (a native record whose header names RISC terms). */
export function auditRiscMeshRecord(
  lines: readonly TranscriptLine[],
  header: RiscMeshHeader,
  verified?: VerifiedSignatures,
): RiscAudit {
  const players = [...header.players].sort((a, b) => a.id - b.id).map((p) => p.name);
  const terms = { game: header.gameId, players, ...header.risc };
  const summary = riscHeader(header.gameId, players, header.risc).payload;
  const resumed = header.resumedFrom;
  const started: ReturnType<typeof muteReplicaFor<RiscMeshState, RiscMove, RiscEvent>> =
    resumed !== undefined
      ? {
          ok: false,
          violation: {
            line: 1,
            player: null,
            kind: 'message',
            reason: `this record continues RISC game ${resumed.gameId} from entry ${resumed.index} (a resumed session): auditing it after the earlier records is not implemented; audit the game's RISC record instead (risk export), one record across the resume`,
          },
        }
      : riscReplica(lines, header, terms, verified);
  if (!started.ok) {
    const { line, player, reason } = started.violation;
    return {
      header: summary,
      linesRead: lines.length,
      turnsExecuted: 0,
      diceRounds: 0,
      rolls: 0,
      violations: [{ line, player, kind: 'record', reason }],
      state: null,
      stoppedAt: null,
    };
  }
  const { replica } = started;
  const violations: RecordedViolation[] = started.violations.map((v) => ({ ...v, kind: 'record' }));
  let executed = 0;
  let rolls = 0;
  const collect = (line: number) => {
    for (const effect of replica.drain()) {
      if (effect.type === 'step' && effect.action.command === 'risc_execute') executed++;
      if (effect.type !== 'event') continue;
      const event = effect.event;
      // What the peer proved (or would have, had it been live): the same rules as live play.
      if (event.type === 'violation')
        violations.push({ line, player: event.player, kind: 'proven', reason: event.reason });
      else if (event.type === 'game' && event.event.kind === 'battle') rolls += event.event.rolls;
    }
  };
  const noted: AuditViolation[] = [];
  feedRecord(lines, header, replica, noted, collect);
  for (const v of noted) violations.push({ ...v, kind: 'record' });
  const { risc, round } = replica.current;
  // The first execution is the placement's; each one after it a turn of orders, with its dice round.
  const turnsExecuted = Math.max(0, executed - 1);
  return {
    header: summary,
    linesRead: lines.length,
    turnsExecuted,
    diceRounds: turnsExecuted,
    rolls,
    violations: violations.sort((a, b) => a.line - b.line),
    state: risc,
    stoppedAt: round === null ? null : `${round.stage} of turn ${round.turn}`,
  };
}

/** The recording peer's mute replica, started where its record starts (a rejoined seat's where its session went on). */
function riscReplica(
  lines: readonly TranscriptLine[],
  header: RiscMeshHeader,
  terms: RiscTerms,
  verified: VerifiedSignatures | undefined,
): ReturnType<typeof muteReplicaFor<RiscMeshState, RiscMove, RiscEvent>> {
  const from = startOfRecord(lines, header, null, riscReplayed(terms), verified);
  return from.ok
    ? muteReplicaFor<RiscMeshState, RiscMove, RiscEvent>(header, from.continues, verified, riscGame(terms))
    : from;
}
