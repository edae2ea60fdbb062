// Auditing a networked RISC game's record (sessions/risc-net.ts): the recording peer's mute mesh
// replica, playing the RISC game (core/risc/mesh-game.ts), reads the record's signed lines in the
// order the peer processed them, as for a classic native record (native-record.ts). So the
// signatures, acknowledgements, votes and proofs of a RISC game are checked, with every commitment,
// reveal, order and dice round.

import type { MeshGame } from '../core/native/game.js';
import { gameResumeHash } from '../core/native/hashes.js';
import { type RiscMeshState, type RiscMove, type RiscTerms, riscGame } from '../core/risc/mesh-game.js';
import { riscHeader } from '../core/risc/record.js';
import type { RecordedViolation } from '../core/risc/replica.js';
import { applySteps } from '../core/steps/replay.js';
import type { RiscEvent } from '../model/risc/index.js';
import type { VerifiedSignatures } from '../protocol/signing.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import {
  type AuditViolation,
  type Continued,
  feedRecord,
  keepStep,
  muteReplicaFor,
  type NativeHeader,
  nativeHeader,
  recordSteps,
  startOfRecord,
} from './native-record.js';
import type { RejoinStep, ReplayedGame } from './rejoin-start.js';
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
    audit(record, header, verified) {
      const audit = recordSteps(record, header, game, continues, replayed, verified);
      return { state: audit.state, steps: audit.steps, reason: audit.violations[0]?.reason ?? '' };
    },
    // The turn's execution is a draw (no point), and so is a neutralisation while it waits for its dice.
    takesPoint: (_move, before) => game.drawStep(before) === null,
    stepText: (move) => JSON.stringify(move),
  };
  return replayed;
}

/** A networked RISC record's audit, with the entries its peer applied (to go on from where a later session resumed). */
export interface RiscMeshAudit extends RiscAudit {
  readonly steps: readonly RejoinStep<RiscMove>[];
}

/**
 * Replays a networked RISC record (a native record whose header names RISC terms); a resumed
 * session's from `continues`, the state the records before it reach where it resumed (verifyRiscChain).
 */
export function auditRiscMeshRecord(
  lines: readonly TranscriptLine[],
  header: RiscMeshHeader,
  verified?: VerifiedSignatures,
  continues: Continued<RiscMeshState> | null = null,
): RiscMeshAudit {
  const players = [...header.players].sort((a, b) => a.id - b.id).map((p) => p.name);
  const terms = { game: header.gameId, players, ...header.risc };
  const summary = riscHeader(header.gameId, players, header.risc).payload;
  const resumed = header.resumedFrom;
  const started: ReturnType<typeof riscReplica> =
    resumed !== undefined && continues === null
      ? {
          ok: false,
          violation: {
            line: 1,
            player: null,
            kind: 'message',
            reason: `this record continues RISC game ${resumed.gameId} from entry ${resumed.index} (a resumed session): it can only be audited from the state the earlier records reach there; give them first (risk verify EARLIER THIS)`,
          },
        }
      : riscReplica(lines, header, terms, verified, continues);
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
      steps: [],
    };
  }
  const { replica } = started;
  const violations: RecordedViolation[] = started.violations.map((v) => ({ ...v, kind: 'record' }));
  let executed = 0;
  let rolls = 0;
  // A rejoined seat's record covers the game from where it started too: its kept history's entries first.
  const steps: RejoinStep<RiscMove>[] = [...(started.before ?? [])];
  const collect = (line: number) => {
    for (const effect of replica.drain()) {
      keepStep(steps, effect);
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
    steps,
  };
}

/**
 * A resumed networked RISC game's records of signed lines, in order: the first session's, then
 * each resumed session's from the state the ones before reach at the entry it resumed from, which
 * must have the hash every player proved there (protocol-spec/resume.md, RISC games). One audit a record.
 */
export function verifyRiscChain(
  records: readonly (readonly TranscriptLine[])[],
  verified?: VerifiedSignatures,
): RiscMeshAudit[] {
  const audits: RiscMeshAudit[] = [];
  let chain: {
    gameId: string;
    game: MeshGame<RiscMeshState, RiscMove, unknown>;
    states: RiscMeshState[];
    points: number[];
  } | null = null;
  for (const lines of records) {
    const header = nativeHeader(lines);
    const refuse = (reason: string): RiscMeshAudit => {
      chain = null;
      return {
        header: null,
        linesRead: lines.length,
        turnsExecuted: 0,
        diceRounds: 0,
        rolls: 0,
        violations: [{ line: 1, player: null, kind: 'record', reason }],
        state: null,
        stoppedAt: null,
        steps: [],
      };
    };
    if (header?.risc === undefined) {
      audits.push(refuse('not a record of signed lines of a networked RISC game'));
      continue;
    }
    const risc = header as RiscMeshHeader;
    const from = header.resumedFrom;
    let continues: Continued<RiscMeshState> | null = null;
    if (chain !== null) {
      const before: NonNullable<typeof chain> = chain;
      if (from === undefined || from.gameId !== before.gameId) {
        audits.push(refuse(`this record does not continue RISC game ${before.gameId}, the record before it`));
        continue;
      }
      const state = before.states[from.index];
      if (state === undefined || gameResumeHash(before.game, state) !== from.hash) {
        audits.push(
          refuse(`the records before it do not reach the state this session resumed from (entry ${from.index})`),
        );
        continue;
      }
      before.states.length = before.points.length = from.index + 1;
      continues = { state, index: before.points[from.index]! };
    }
    const audit = auditRiscMeshRecord(lines, risc, verified, continues);
    audits.push(audit);
    if (audit.state === null) {
      chain = null;
      continue;
    }
    if (chain === null) {
      const players = [...header.players].sort((a, b) => a.id - b.id).map((p) => p.name);
      const game = riscGame({ game: header.gameId, players, ...header.risc });
      chain = { gameId: header.gameId, game, states: [game.start(players.length)], points: [0] };
    }
    const { game, states, points } = chain;
    // Each entry's state, and the points it holds: the next session names an entry (a turn's execution takes no point).
    const applied = applySteps(game.apply, states.at(-1)!, audit.steps, true, (_step, before, _events, after) => {
      states.push(after);
      points.push(points.at(-1)! + (game.drawStep(before) === null ? 1 : 0));
    });
    if (!applied.ok) chain = null; // the audit applied every step: a record this program made replays
  }
  return audits;
}

/**
 * The recording peer's mute replica, started where its record starts (a rejoined seat's where its
 * session went on), with the entries before that point its record covers (a rejoined seat's kept history).
 */
function riscReplica(
  lines: readonly TranscriptLine[],
  header: RiscMeshHeader,
  terms: RiscTerms,
  verified: VerifiedSignatures | undefined,
  continues: Continued<RiscMeshState> | null,
): ReturnType<typeof muteReplicaFor<RiscMeshState, RiscMove, RiscEvent>> & {
  before?: readonly RejoinStep<RiscMove>[];
} {
  const from = startOfRecord(lines, header, continues, riscReplayed(terms, continues), verified);
  if (!from.ok) return from;
  const started = muteReplicaFor<RiscMeshState, RiscMove, RiscEvent>(header, from.continues, verified, riscGame(terms));
  return from.before ? { ...started, before: from.before.steps } : started;
}
