// Networked resume of a stored RISC game (protocol-spec/resume.md, RISC games): the classic
// handshake (sessions/resume.ts: the host's offer, every player's resume hashes, one common point)
// over the RISC game's history. A RISC peer's history is read from its records of signed lines, one
// per session (a resumed session's record goes on from the state its resume agreed), replayed by its
// mute replica as rejoin and `risk verify` do. Its index counts every entry, a turn's execution too,
// which takes no sequence point but changes the state. A round open at the agreed point goes on: its
// commitments stay (they bind the game id the round carries), a seat that had committed reveals
// what its record's notes kept, the others commit now; the dice are committed fresh in the new session.

import type { RiscMeshState } from '../core/risc/mesh-game.js';
import { parseRiscLines } from '../core/risc/story.js';
import { storeRecorder } from '../store/recorder.js';
import { continueRisc, riscLinesOf, type StoredRisc } from '../store/risc-games.js';
import type { GameStore, StoredGame } from '../store/store.js';
import type { Recorder } from '../store/transcript-recorder.js';
import { negotiateResume } from './resume.js';
import {
  everySeat,
  offeredGame,
  offerProblem,
  RESUME_DEPTH,
  type ResumeRequest,
  type ResumeRoster,
  type RosterPlayers,
  resumeOffer,
} from './resume-net.js';
import { type RiscHistory, storedRiscHistory } from './risc-history.js';

export { riscActiveSeatsOf } from './risc-history.js';

import { type RiscResumeStart, riscRecordLines } from './risc-net.js';
import { owedReveal } from './risc-rejoin.js';

/** A stored RISC game resumed at this seat: what the session plays on with, and where it is stored. */
export interface RiscStoreResume {
  /** For playRiscOverLinks' `resume`. */
  readonly resume: RiscResumeStart;
  /** The entries the players agreed on (the handshake's index). */
  readonly entries: number;
  /** Every seat, in seat order (the session's players): the lobby's may lack one neutral at the common point. */
  readonly players: RosterPlayers;
  /** What to tell its player: where the game goes on. */
  readonly notes: readonly string[];
  /** The stored game goes on: its RISC record (the lines already stored are not written again) … */
  readonly stored: StoredRisc;
  readonly storedLines: number;
  /** … and its record of signed lines (a new session's, after the ones before). */
  readonly transcript: Recorder;
}

/**
 * Networked resume of a stored RISC game over a new lobby's roster: the host (`host`) offers stored
 * game `gameId`, every player proves its history, and this player's stored game is reopened at the
 * agreed point. The roster's game id is the resumed session's id.
 */
export async function riscResumeOverRoster(
  store: GameStore,
  roster: ResumeRoster,
  options: ResumeRequest,
): Promise<{ ok: true; resumed: RiscStoreResume } | { ok: false; reason: string }> {
  let found: { game: StoredGame; history: RiscHistory } | null = null;
  const seats = everySeat(store, options.gameId, roster.me, roster.players) ?? roster.players;
  const agreed = await negotiateResume<RiscMeshState>({
    me: roster.me,
    links: roster.links,
    ...(roster.host !== undefined ? { host: roster.host } : {}),
    ...(roster.keyring ? { keyring: roster.keyring } : {}),
    ...(options.host ? { offer: resumeOffer(options.gameId, roster.gameId, seats) } : {}),
    timeoutMs: options.timeoutMs,
    lookup: (offered) => {
      const problem = offerProblem(offered, options.gameId, roster.gameId);
      if (problem !== null) return { ok: false, reason: problem };
      const game = offeredGame(store, offered, roster.me, 'risc');
      if (!game.ok) return game;
      const lines = store.lines(game.game.id);
      const told = storedRiscHistory(lines);
      if (!told.ok) return { ok: false, reason: `game ${offered.game_id} cannot be resumed here: ${told.reason}` };
      const history = told.history;
      const entries = history.steps.length;
      const window = Array.from({ length: Math.min(RESUME_DEPTH, entries + 1) }, (_, k) => entries - k).reverse();
      // A seat that committed in a round it may go on from must reveal what it sealed: refused up front, for all to read.
      for (const at of window) {
        const owed = owedReveal(history.states[at]!.round, roster.me, lines, 'the game stopped');
        if (!owed.ok) return owed;
      }
      // Its stored RISC record must be the one its signed lines make (the record `risk verify` audits).
      const kept = riscLinesOf(lines);
      const made = riscRecordLines(history.header, history.steps).map((line) => JSON.stringify(line));
      const differs = kept.findIndex((line, i) => line !== made[i]);
      if (differs >= 0)
        return {
          ok: false,
          reason: `game ${offered.game_id}'s stored RISC record differs at its line ${differs + 1} from what its record of signed lines makes`,
        };
      found = { game: game.game, history };
      // The entry after which each player is expelled (neutral), if it is by the last one.
      const neutralSince = game.game.players.map((_, p) => {
        const at = history.states.findIndex((state) => state.risc.expelled[p] === true);
        return at < 0 ? null : at;
      });
      return {
        ok: true,
        history: {
          index: entries,
          states: window.map((at) => history.states[at]!),
          hashes: window.map(history.hash),
          neutralSince,
        },
      };
    },
  });
  if (!agreed.ok) return agreed;
  const { game, history } = found!;
  const entries = agreed.index;
  const lines = store.lines(game.id);
  const owed = owedReveal(agreed.state.round, roster.me, lines, 'the game stopped');
  if (!owed.ok) return owed; // (checked in the handshake: every state it stated)
  const steps = history.steps.slice(0, entries);
  // Lines past the agreed point (a round's commitments, an execution) never settled: they are taken back.
  const kept = riscLinesOf(lines).slice(0, riscRecordLines(history.header, steps).length);
  const keep = kept.length;
  // The lines kept, parsed: the finished game's statistics are told from the whole record.
  const parsed = parseRiscLines(kept);
  if (!parsed.ok) return { ok: false, reason: `its stored RISC record cannot be read: ${parsed.reason}` };
  const stored = continueRisc(store, game.id, parsed.lines);
  stored.handle.keepLines('risc', keep);
  // Its later lines are the new session's: a rejoin must not take the first session's record for it.
  store.markResumed(
    game.id,
    roster.gameId,
    seats.map((p) => p.addresses ?? []),
  );
  return {
    ok: true,
    resumed: {
      entries,
      players: seats,
      notes: [
        `Every player holds the same history: game #${game.id} goes on from entry ${entries}, ${agreed.state.round === null ? 'its end' : `${agreed.state.round.stage} of turn ${agreed.state.round.turn}`}.`,
      ],
      resume: {
        state: agreed.state,
        index: history.points[entries]!,
        from: { gameId: agreed.gameId, index: entries, hash: agreed.hash },
        steps,
        header: history.header,
        ...(owed.reveal ? { move: owed.reveal } : {}),
      },
      stored,
      storedLines: keep,
      transcript: storeRecorder(stored.handle),
    },
  };
}
