// A stored networked RISC game's history at this seat (protocol-spec/resume.md, RISC games): its
// records of signed lines, one a session, replayed in order. Resume proves it, and a seat that
// rejoins a resumed session starts the session's replay where the resume agreed.

import { nativeHeader, recordSteps } from '../audit/native-record.js';
import type { RejoinStep } from '../audit/rejoin-start.js';
import { riscReplayed } from '../audit/risc-mesh.js';
import { gameResumeHash } from '../core/native/hashes.js';
import { type RiscMeshState, type RiscMove, riscGame } from '../core/risc/mesh-game.js';
import { type RiscHeader, riscHeader } from '../core/risc/record.js';
import { applySteps } from '../core/steps/replay.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import { recordOf, sessionsOf } from '../store/network-games.js';
import type { GameStore } from '../store/store.js';

/** A stored RISC game's whole history at this seat: every entry it applied, from the game's start. */
export interface RiscHistory {
  /** The game's RISC record header (its first session's id and terms). */
  readonly header: RiscHeader;
  readonly steps: readonly RejoinStep<RiscMove>[];
  /** The state after each number of entries (states[0]: the start), and the sequence points each holds. */
  readonly states: readonly RiscMeshState[];
  readonly points: readonly number[];
  /** The resume hash of each of those states. */
  hash(entries: number): string;
}

/**
 * The history a stored networked RISC game's records of signed lines give: each session's record
 * (the last one kept of it: a seat that rejoined stored the record it went on with) replayed by this
 * seat's mute replica, each resumed session from the state the one before reaches where it resumed,
 * which must have the hash every player proved there.
 */
export function storedRiscHistory(
  lines: readonly { t: number; conn: number; dir: string; raw: string }[],
): { ok: true; history: RiscHistory } | { ok: false; reason: string } {
  const records = new Map<string, TranscriptLine[]>();
  for (const session of sessionsOf(lines)) {
    const record = recordOf(session);
    const id = nativeHeader(record)?.gameId;
    if (id !== undefined) records.set(id, record);
  }
  const sessions = [...records.values()];
  const first = sessions[0] === undefined ? null : nativeHeader(sessions[0]);
  if (first === null || first.risc === undefined)
    return { ok: false, reason: 'its record of signed lines (session id, terms) is not stored' };
  const players = [...first.players].sort((a, b) => a.id - b.id).map((p) => p.name);
  const terms = { game: first.gameId, players, ...first.risc };
  const game = riscGame(terms);
  const steps: RejoinStep<RiscMove>[] = [];
  const states: RiscMeshState[] = [game.start(players.length)];
  const points: number[] = [0];
  const extend = (more: readonly RejoinStep<RiscMove>[]) =>
    applySteps(game.apply, states.at(-1)!, more, true, (step, before, _events, after) => {
      steps.push(step);
      states.push(after);
      points.push(points.at(-1)! + (game.drawStep(before) === null ? 1 : 0));
    });
  for (const [n, record] of sessions.entries()) {
    const header = nativeHeader(record)!;
    const from = header.resumedFrom;
    if (n > 0) {
      // A resumed session goes on from the agreed state: the entries after it never settled.
      if (from === undefined || from.gameId !== first.gameId)
        return { ok: false, reason: `its record of session ${header.gameId} does not continue game ${first.gameId}` };
      if (from.index > steps.length || gameResumeHash(game, states[from.index]!) !== from.hash)
        return {
          ok: false,
          reason: `its records do not reach the state session ${header.gameId} resumed from (entry ${from.index})`,
        };
      steps.length = from.index;
      states.length = points.length = from.index + 1;
    }
    const continues = n === 0 ? null : { state: states.at(-1)!, index: points.at(-1)! };
    const replayed = recordSteps(record, header, game, continues, riscReplayed(terms, continues));
    if (replayed.state === null)
      return {
        ok: false,
        reason: `its record of session ${header.gameId} cannot be replayed: ${replayed.violations[0]?.reason ?? 'no reason given'}`,
      };
    const applied = extend(replayed.steps);
    if (!applied.ok) return { ok: false, reason: `entry ${steps.length + 1} does not apply: ${applied.reason}` };
  }
  return {
    ok: true,
    history: {
      header: riscHeader(first.gameId, players, first.risc),
      steps,
      states,
      points,
      hash: (entries) => gameResumeHash(game, states[entries]!),
    },
  };
}

/**
 * The seats not expelled (neutral) at the last entry of this seat's stored copy of RISC game
 * `gameId`, in seat order: the players a resume needs. Null: not stored here, or not replayable.
 */
export function riscActiveSeatsOf(store: GameStore, gameId: string, me: number): number[] | null {
  const found = store.find(`${gameId}-p${me}`);
  if (!found.ok) return null;
  const told = storedRiscHistory(store.lines(found.game.id));
  if (!told.ok) return null;
  const last = told.history.states.at(-1)!;
  return found.game.players.map((_, p) => p).filter((p) => last.risc.expelled[p] !== true);
}
