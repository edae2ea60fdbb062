// The RISC auditor: replays a RISC record line by line through the same replica every peer runs,
// checking every commitment, every order's legality, every dice commitment and every recorded
// board; reports the violations with their line numbers and the final state. Pure: text in, report out.

import { type RiscHeader, RiscHeaderSchema, RiscRecordLineSchema } from '../core/risc/record.js';
import { type RecordedViolation, RiscReplica } from '../core/risc/replica.js';
import type { RiscState } from '../model/risc/index.js';

export interface RiscAudit {
  readonly header: RiscHeader['payload'] | null;
  readonly linesRead: number;
  readonly turnsExecuted: number;
  readonly diceRounds: number;
  readonly rolls: number;
  readonly violations: readonly RecordedViolation[];
  /** Null when the record has no valid header. */
  readonly state: RiscState | null;
  /** Where the game stood when the record ended. */
  readonly stoppedAt: string | null;
}

export function auditRiscRecord(text: string): RiscAudit {
  const violations: RecordedViolation[] = [];
  let replica: RiscReplica | null = null;
  let linesRead = 0;
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const lineNo = i + 1;
    if (raw.trim() === '') continue;
    linesRead++;
    const bad = (reason: string) => violations.push({ line: lineNo, player: null, kind: 'record', reason });
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      bad('not JSON');
      continue;
    }
    if (replica === null) {
      const header = RiscHeaderSchema.safeParse(value);
      if (!header.success) {
        bad(
          `the first line must be the risc_game header: ${header.error.issues[0]!.path.join('.') || '(line)'}: ${header.error.issues[0]!.message}`,
        );
        break;
      }
      const started = RiscReplica.start(header.data);
      if (!started.ok) {
        bad(started.reason);
        break;
      }
      replica = started.value;
      continue;
    }
    const line = RiscRecordLineSchema.safeParse(value);
    if (!line.success) {
      const issue = line.error.issues[0]!;
      const player = (value as { player_id?: unknown })?.player_id;
      violations.push({
        line: lineNo,
        player: typeof player === 'number' ? player : null,
        kind: 'record',
        reason: `${issue.path.join('.') || '(line)'}: ${issue.message}`,
      });
      continue;
    }
    violations.push(...replica.apply(line.data, lineNo).violations);
  }
  if (replica === null) {
    return {
      header: null,
      linesRead,
      turnsExecuted: 0,
      diceRounds: 0,
      rolls: 0,
      violations: violations.length ? violations : [{ line: 1, player: null, kind: 'record', reason: 'empty record' }],
      state: null,
      stoppedAt: null,
    };
  }
  const round = replica.round;
  return {
    header: replica.header.payload,
    linesRead,
    turnsExecuted: replica.turnsExecuted,
    diceRounds: replica.diceRounds,
    rolls: replica.rolls,
    violations,
    state: replica.state,
    stoppedAt: round === null ? null : `${round.stage} of turn ${round.turn}`,
  };
}
