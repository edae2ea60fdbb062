// Who a resume needs, as this peer's store tells (protocol-spec/resume.md, Resume): the players not
// neutral at its latest point, and who hosts (the lowest of them). Apart from the handshake's wire
// code, so that the menu's list of stored games loads none of it.
import { replaySteps } from '../core/steps/replay.js';
import type { GameStore, StoredGame } from '../store/store.js';

/** Seats a resumed game may have (protocol/resume.ts MAX_RESUME_PLAYERS, not imported: it loads zod). */
const MAX_SEATS = 16;

/** This peer's seat in networked game `gameId` as its store keeps it (its copy `<id>-p<seat>`), or null. */
export function storedSeatOf(store: GameStore, gameId: string): number | null {
  for (let seat = 0; seat < MAX_SEATS; seat++) if (store.find(`${gameId}-p${seat}`).ok) return seat;
  return null;
}

/** The seats of a stored classic game not neutral at its last step, in seat order; null: it does not replay. */
export function activeSeats(game: StoredGame): number[] | null {
  const replay = replaySteps(game);
  if (!replay.ok) return null;
  return game.players.map((_, seat) => seat).filter((seat) => replay.state.players[seat]?.neutral !== true);
}

/**
 * The seats not neutral at the latest point of this seat's stored copy of classic game `gameId`:
 * the players a resume needs (a neutral one may stay away). Null: not stored here, or not replayable.
 */
export function activeSeatsOf(store: GameStore, gameId: string, me: number): number[] | null {
  const found = store.find(`${gameId}-p${me}`);
  return found.ok ? activeSeats(found.game) : null;
}

/**
 * Who hosts the resume of stored game `gameId`, as this seat's store tells: the lowest seat not
 * neutral at its latest point (player 0 unless it was made neutral). Null: not stored here, or not
 * replayable.
 */
export function resumeHostOf(store: GameStore, gameId: string, me: number): number | null {
  return activeSeatsOf(store, gameId, me)?.[0] ?? null;
}
