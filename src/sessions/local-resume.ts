// Save and resume for local games: a local game stores every move; resuming replays the stored
// moves to the exact state where it stopped and goes on storing into the same game.

import { replaySteps } from '../core/steps/replay.js';
import { classicBoard, type GameState } from '../model/index.js';
import { type GameMeta, type GameStore, RESUMABLE_KINDS, type StoredGame } from '../store/store.js';
import { LocalSession, type LocalSessionSetup } from './local-session.js';
import type { Seat } from './seat.js';

export type Resumable = { ok: true; game: StoredGame; state: GameState; index: number } | { ok: false; reason: string };

/** Finds a stored local game that can go on, and replays it. */
export function loadResumable(store: GameStore, ref: string): Resumable {
  const found = store.find(ref);
  if (!found.ok) return found;
  const game = found.game;
  if (!RESUMABLE_KINDS.includes(game.kind))
    return { ok: false, reason: `game ${game.id} is a ${game.kind} game: only local games can be resumed here` };
  if (game.status !== 'playing')
    return { ok: false, reason: `game ${game.id} is ${game.status}: there is nothing to resume` };
  const replay = replaySteps(game);
  if (!replay.ok) return { ok: false, reason: `game ${game.id} cannot be replayed: ${replay.reason}` };
  return { ok: true, game, state: replay.state, index: replay.index };
}

type SessionOptions = Omit<LocalSessionSetup, 'board' | 'seats' | 'dice' | 'record' | 'resume' | 'rules'>;

/** A new local game, stored as it is played. */
export function storedLocalSession(
  store: GameStore,
  meta: GameMeta,
  seats: readonly Seat[],
  options: SessionOptions = {},
): LocalSession {
  const handle = store.openGame({ ...meta, dice: 'mt19937' });
  // The dice come from stored numbers; this source is never drawn from.
  const session = new LocalSession({
    board: classicBoard(),
    rules: meta.rules,
    seats,
    dice: unusedDice,
    record: handle,
    ...options,
  });
  return session;
}

/** Goes on with a stored local game. `seats` in the game's seat order. */
export function resumedLocalSession(
  store: GameStore,
  resumable: Extract<Resumable, { ok: true }>,
  seats: readonly Seat[],
  options: SessionOptions = {},
): LocalSession {
  const handle = store.continueGame(resumable.game.id);
  return new LocalSession({
    board: classicBoard(),
    rules: resumable.game.rules,
    seats,
    dice: unusedDice,
    record: handle,
    resume: { state: resumable.state, index: resumable.index },
    ...options,
  });
}

const unusedDice = {
  die: () => {
    throw new Error('a stored local game rolls from its round numbers');
  },
  below: () => {
    throw new Error('a stored local game rolls from its round numbers');
  },
  shuffle: () => {
    throw new Error('a stored local game rolls from its round numbers');
  },
};
