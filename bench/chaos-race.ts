// One game of bench:chaos watched to its end (done when every honest peer has a result, hung when
// no honest peer moved on for stallMs or none had a result after maxMs), the settings every game is
// played with, what a game's watch reports (Outcome), and the dump of a game that went wrong.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassCheatLog } from '../tests/controller/class-chaos-game.js';
import { type SeatBackReport, seatBackVerdict } from '../tests/controller/seat-back.js';
import { type TableBackReport, tableBackVerdict } from '../tests/controller/table-back.js';

export interface Outcome {
  finished: boolean;
  disagreement: string | null;
  /** Why the game hung: no honest peer moved on for STALL_MS, or no result after MAX_MS. */
  hung: 'stalled' | 'slow' | null;
  /** Honest peers the other players voted silent. */
  timedOutHonest: number;
  lostRecords: number;
  blamedHonest: number;
  rogueWonCaught: boolean;
  /**
   * A crash then rejoin (an honest peer drops out and takes its seat back): what became of it (a
   * failed rejoin is a fault, `rejoinFailure` says why); null in a game without one.
   */
  rejoin: 'back' | 'voted-out' | 'out' | 'not-dropped' | 'after-end' | 'failed' | null;
  rejoinFailure: string | null;
  /** Both: the table stopped and resumed, then the crash then rejoin came in the resumed session. */
  resumedRejoin: boolean;
  /**
   * A stop then resume (the whole table stops, every player resumes later): what became of it (a
   * resume that split the honest peers or left one without an answer is a fault, `resumeFailure`
   * says why; refused at every honest peer, `resumeRefusal` says the first one's reason); null in a
   * game without one.
   */
  resume: 'resumed' | 'refused' | 'not-stopped' | 'failed' | null;
  resumeFailure: string | null;
  resumeRefusal: string | null;
  /** A class (cs3099) game: the rogue caught, timed out for silence only (the protocol's limit), or neither. */
  classVerdict?: 'caught' | 'silence' | 'untouched';
  /** A class game: the class cheats its rogue performed (class-chaos-game.ts). */
  classCheats?: ClassCheatLog;
  kind: string;
  index: number;
}

/** How games are played (the same in every worker). */
export interface ChaosSettings {
  readonly seed: number;
  readonly noDrops: boolean;
  readonly ackMs: number;
  readonly moveMs: number;
  readonly stallMs: number;
  readonly maxMs: number;
  /** Where what each honest peer of a hung game last did is written, and how many record lines of each. */
  readonly dump: string;
  readonly dumpLines: number;
  /** Classic domination games with default rules only (the games of runs before every game joined). */
  readonly classicOnly?: boolean;
}

export type Race = 'done' | 'stalled' | 'slow';

/** Polls every 50 ms until `done()`, or until `progress()` (a count that grows as honest peers move) stands still too long. */
export function raceToEnd(
  settings: Pick<ChaosSettings, 'stallMs' | 'maxMs'>,
  done: () => boolean,
  progress: () => number,
): Promise<Race> {
  const started = performance.now();
  return new Promise((resolve) => {
    let last = -1;
    let lastMoved = started;
    const check = setInterval(() => {
      const now = performance.now();
      const moved = progress();
      if (moved !== last) [last, lastMoved] = [moved, now];
      const verdict = done()
        ? 'done'
        : now - lastMoved > settings.stallMs
          ? 'stalled'
          : now - started > settings.maxMs
            ? 'slow'
            : null;
      if (verdict === null) return;
      clearInterval(check);
      resolve(verdict);
    }, 50);
  });
}

/** A game's outcome before it is judged: finished or hung, nothing found yet. */
export function raceOutcome(raced: Race, kind: string, index: number): Outcome {
  return {
    finished: raced === 'done',
    disagreement: null,
    hung: raced === 'done' ? null : raced,
    lostRecords: 0,
    blamedHonest: 0,
    timedOutHonest: 0,
    rogueWonCaught: false,
    rejoin: null,
    rejoinFailure: null,
    resumedRejoin: false,
    resume: null,
    resumeFailure: null,
    resumeRefusal: null,
    kind,
    index,
  };
}

/**
 * Notes what became of a game's seat that dropped out and came back (seatBackVerdict); returns
 * that seat when it is not in the game again (voted out or out already before it came back, or
 * its rejoin failed), else null.
 */
export function noteSeatBack(outcome: Outcome, report: SeatBackReport | null): number | null {
  if (report === null) return null;
  const verdict = seatBackVerdict(report);
  outcome.rejoin = typeof verdict === 'object' ? 'failed' : verdict;
  if (typeof verdict === 'object') outcome.rejoinFailure = verdict.failed;
  return outcome.rejoin === 'back' || outcome.rejoin === 'not-dropped' ? null : report.player;
}

/** Notes what became of a game's table that stopped and met again (tableBackVerdict). */
export function noteTableBack(outcome: Outcome, report: TableBackReport | null, honest: readonly number[]) {
  if (report === null) return;
  const verdict = tableBackVerdict(report, honest);
  if (typeof verdict === 'string') outcome.resume = verdict;
  else if ('failed' in verdict) {
    outcome.resume = 'failed';
    outcome.resumeFailure = verdict.failed;
  } else {
    outcome.resume = 'refused';
    outcome.resumeRefusal = verdict.refused[0] ?? null;
  }
}

/** A peer's whole record as `risk verify` reads it. */
export interface DumpedRecord {
  readonly peer: number;
  readonly lines: readonly { readonly t: number; readonly conn: number; readonly dir: string; readonly raw: string }[];
}

/** Writes `game-<index>.txt` (what went wrong, for whoever hunts the cause) and each record beside it. */
export function writeDump(
  settings: ChaosSettings,
  index: number,
  text: readonly string[],
  records: readonly DumpedRecord[],
) {
  mkdirSync(settings.dump, { recursive: true });
  for (const { peer, lines } of records)
    writeFileSync(
      join(settings.dump, `game-${index}-p${peer}.jsonl`),
      lines.map(({ t, conn, dir, raw }) => `${JSON.stringify({ t, conn, dir, raw })}\n`).join(''),
    );
  writeFileSync(join(settings.dump, `game-${index}.txt`), `${text.join('\n')}\n`);
}
