// Auditing a networked game that was resumed (protocol-spec/resume.md): its records in order, the
// first session's and then each resumed session's. A resumed session starts from the state the
// earlier record reaches at the agreed point, so that record is audited first, the state there is
// checked against the hash every player proved at the resume, and the next record goes on from it.

import { featuresFrom } from '../core/contract.js';
import { resumeHash } from '../core/native/hashes.js';
import { type DealRecord, dealRecordOf } from '../core/native/mission-deal.js';
import { replayFrom, takesNetworkPoint } from '../core/steps/replay.js';
import type { GameState } from '../model/index.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import { auditNativeRecord, type Continued, type NativeAudit, nativeHeader } from './native-record.js';
import type { VerifyReport } from './verify.js';

/** One audit per record, in the order given; a record that does not continue the one before says why. */
export function verifyChain(records: readonly (readonly TranscriptLine[])[]): VerifyReport[] {
  const reports: VerifyReport[] = [];
  let before: {
    audit: NativeAudit;
    gameId: string;
    start: Continued | null;
    mtDice: boolean;
    /** The mission deal of a Secret Mission game, from the record that dealt it. */
    deal: DealRecord | undefined;
  } | null = null;
  for (const lines of records) {
    const header = nativeHeader(lines);
    if (header === null) {
      reports.push(refused('not a native record of this program: only those can be resumed'));
      before = null;
      continue;
    }
    let start: Continued | null = null;
    const from = header.resumedFrom;
    if (before !== null) {
      const problem =
        from === undefined
          ? 'this record is not a resumed session, so it does not continue the record before it'
          : from.gameId !== before.gameId
            ? `this record continues game ${from.gameId}, the record before it is of game ${before.gameId}`
            : null;
      if (problem !== null) {
        reports.push(refused(problem));
        before = null;
        continue;
      }
      const state = stateAtPoint(before.audit, before.start, from!.index, before.mtDice);
      if (state === null) {
        reports.push(refused(`the record before it never reaches move ${from!.index}, where this session resumed`));
        before = null;
        continue;
      }
      if (resumeHash(state) !== from!.hash) {
        reports.push(
          refused(
            `the record before it reaches another state at move ${from!.index} than the one this session resumed from`,
          ),
        );
        before = null;
        continue;
      }
      start = { state, index: from!.index, ...(before.deal ? { missionDeal: before.deal } : {}) };
    }
    const audit = auditNativeRecord(lines, header, start);
    reports.push({ ...audit, lostStepAt: null });
    const mtDice = featuresFrom(header.features).mtDice;
    // The deal is in the first session's record; a later session goes on with it.
    const dealt: DealRecord | null = start === null ? dealRecordOf(lines, header.gameId) : null;
    const deal: DealRecord | undefined =
      dealt === null ? start?.missionDeal : dealt.lines.length > 0 ? dealt : undefined;
    before = { audit, gameId: from?.gameId ?? header.gameId, start, mtDice, deal };
  }
  return reports;
}

/**
 * The state after `index` sequence points of an audited record: its steps replayed from where the
 * record started, up to the last step that leaves `index` points applied (the resume's "state at
 * point k", as sessions/resume-net.ts storedHistory takes it).
 */
function stateAtPoint(audit: NativeAudit, start: Continued | null, index: number, mtDice: boolean): GameState | null {
  if (audit.initial === null) return null;
  const from = { state: audit.initial, index: start?.index ?? 0 };
  let found: GameState | null = from.index === index ? from.state : null;
  let points = from.index;
  const steps = audit.steps.map((step, seq) => ({ seq, ...step }));
  const replayed = replayFrom(from, steps, mtDice ? 'mt19937' : 'hash_chain', (step, before, _events, after) => {
    if (takesNetworkPoint(step.action, before)) points++;
    if (points === index) found = after;
  });
  return replayed.ok ? found : null; // the audit applied every step: a record this program made replays
}

function refused(reason: string): VerifyReport {
  return {
    players: [],
    firstPlayer: null,
    deck: null,
    roundsVerified: 0,
    battles: 0,
    actionsChecked: 0,
    violations: [{ line: 1, player: null, kind: 'message', reason }],
    state: null,
    lostStepAt: null,
  };
}
