// Save and resume for local games: a local game stores every move; resuming replays the stored
// moves to the exact state where it stopped and goes on storing into the same game.
import { classicBoard, type GameState } from '../../model/index.js';
import { LocalSession, type LocalSessionSetup } from '../local-session.js';
import type { History } from '../resume.js';
import type { Seat } from '../seat.js';
import { replaySteps, takesSequencePoint } from './replay.js';
import { type GameKind, type GameMeta, type GameStore, RESUMABLE_KINDS, type StoredGame } from './store.js';

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

/** Sequence points a resume may go back (protocol/resume.ts MAX_RESUME_HASHES). */
const RESUME_DEPTH = 4;

/**
 * This player's stored record of a networked native game offered for resume (controller/resume.ts):
 * its state at its last few sequence points. `me` and `peerId`: this player's seat in the offer and
 * its key, which must be the stored seat's.
 */
export function storedHistory(
  store: GameStore,
  offer: { readonly game_id: string; readonly players: readonly { readonly peer_id: string }[] },
  me: number,
): { ok: true; game: StoredGame; history: History } | { ok: false; reason: string } {
  const found = store.find(`${offer.game_id}-p${me}`);
  if (!found.ok) return { ok: false, reason: `game ${offer.game_id} is not stored here for seat ${me}` };
  const game = found.game;
  if (game.profile !== 'native' || !NETWORK_KINDS.includes(game.kind))
    return { ok: false, reason: `game ${offer.game_id} is not a native networked game` };
  if (game.status === 'finished') return { ok: false, reason: `game ${offer.game_id} is finished` };
  if (game.players.length !== offer.players.length)
    return {
      ok: false,
      reason: `game ${offer.game_id} has ${game.players.length} players here, not ${offer.players.length}`,
    };
  const seat = game.players.findIndex((p, i) => (p.peerId ?? '') !== offer.players[i]!.peer_id);
  if (seat >= 0) return { ok: false, reason: `seat ${seat} of game ${offer.game_id} belongs to another key here` };
  const states: GameState[] = [];
  let points = 0;
  let latest: GameState | null = null;
  const replay = replaySteps(game, (step, before, _events, after) => {
    if (takesSequencePoint(step.action, before)) {
      if (latest !== null) states.push(latest);
      points++;
    }
    latest = after;
  });
  if (!replay.ok) return { ok: false, reason: `game ${offer.game_id} cannot be replayed here: ${replay.reason}` };
  if (latest === null) return { ok: false, reason: `game ${offer.game_id} has no stored moves here` };
  states.push(latest);
  // states[k] is the state after the last step that left k points applied: the state at point k.
  return { ok: true, game, history: { index: points, states: states.slice(-RESUME_DEPTH) } };
}

const NETWORK_KINDS: readonly GameKind[] = ['network', 'bot'];
