// A stored game as frames to step through: the state after each step and what happened in it,
// and the keys of the replay screen as pure functions (tested without a terminal).

import { replaySteps } from '../core/steps/replay.js';
import type { GameState } from '../model/index.js';
import type { StoredGame } from '../store/store.js';
import { describeGameEvent } from './event-text.js';

export interface Frame {
  readonly state: GameState;
  /** What this step did, in words (several lines for a battle and its conquest). */
  readonly lines: readonly string[];
}

export type Frames = { ok: true; frames: Frame[]; names: string[] } | { ok: false; reason: string };

export function framesOf(game: StoredGame): Frames {
  if (game.steps.length === 0) return { ok: false, reason: `game ${game.id} has no stored moves to replay` };
  const names = game.players.map((p) => p.name);
  const name = (p: number) => names[p] ?? `player ${p}`;
  const frames: Frame[] = [];
  const replay = replaySteps(game, (_step, _before, events, after) => {
    const lines = events.map((e) => describeGameEvent(e, after, name)).filter((l): l is string => l !== null);
    frames.push({ state: after, lines });
  });
  if (!replay.ok) return { ok: false, reason: `game ${game.id} cannot be replayed: ${replay.reason}` };
  return { ok: true, frames, names };
}

export interface ReplayPosition {
  readonly at: number;
  readonly playing: boolean;
  /** Steps per second while playing. */
  readonly speed: number;
  /** Digits typed for a jump to a turn (after "t"), or null. */
  readonly turnEntry: string | null;
}

export const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250] as const;
export const START: ReplayPosition = { at: 0, playing: false, speed: 10, turnEntry: null };

/** The first frame of turn `turn` (or the last frame, if the game never got there). */
export function frameOfTurn(frames: readonly Frame[], turn: number): number {
  const index = frames.findIndex((f) => f.state.turn >= turn);
  return index === -1 ? frames.length - 1 : index;
}

export type ReplayKey =
  | 'next'
  | 'back'
  | 'nextTurn'
  | 'backTurn'
  | 'first'
  | 'last'
  | 'play'
  | 'faster'
  | 'slower'
  | 'turn'
  | 'digit'
  | 'enter'
  | 'escape'
  | 'erase';

export function pressReplayKey(
  frames: readonly Frame[],
  pos: ReplayPosition,
  key: ReplayKey,
  digit = '',
): ReplayPosition {
  const last = frames.length - 1;
  const clamp = (at: number) => Math.max(0, Math.min(last, at));
  if (pos.turnEntry !== null) {
    if (key === 'digit') return { ...pos, turnEntry: (pos.turnEntry + digit).slice(0, 6) };
    if (key === 'erase') return { ...pos, turnEntry: pos.turnEntry.slice(0, -1) };
    if (key === 'enter')
      return pos.turnEntry === ''
        ? { ...pos, turnEntry: null }
        : { ...pos, at: frameOfTurn(frames, Number(pos.turnEntry)), turnEntry: null, playing: false };
    if (key === 'escape') return { ...pos, turnEntry: null };
    return pos;
  }
  const turn = frames[pos.at]!.state.turn;
  switch (key) {
    case 'next':
      return { ...pos, at: clamp(pos.at + 1), playing: false };
    case 'back':
      return { ...pos, at: clamp(pos.at - 1), playing: false };
    case 'nextTurn':
      return { ...pos, at: frameOfTurn(frames, turn + 1), playing: false };
    case 'backTurn': {
      // To the start of this turn, or of the one before when already there.
      const start = frameOfTurn(frames, turn);
      return { ...pos, at: start < pos.at ? start : frameOfTurn(frames, Math.max(0, turn - 1)), playing: false };
    }
    case 'first':
      return { ...pos, at: 0, playing: false };
    case 'last':
      return { ...pos, at: last, playing: false };
    case 'play':
      return { ...pos, playing: !pos.playing && pos.at < last };
    case 'faster':
      return {
        ...pos,
        speed: SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(pos.speed as (typeof SPEEDS)[number]) + 1)]!,
      };
    case 'slower':
      return { ...pos, speed: SPEEDS[Math.max(0, SPEEDS.indexOf(pos.speed as (typeof SPEEDS)[number]) - 1)]! };
    case 'turn':
      return { ...pos, turnEntry: '', playing: false };
    default:
      return pos;
  }
}

/** One tick of play: the next frame, stopping at the end. */
export function tick(frames: readonly Frame[], pos: ReplayPosition): ReplayPosition {
  if (!pos.playing) return pos;
  const at = Math.min(frames.length - 1, pos.at + 1);
  return { ...pos, at, playing: at < frames.length - 1 };
}
