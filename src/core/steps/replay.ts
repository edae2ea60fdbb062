// Replaying a stored game's steps through the rules engine: resume, replay and statistics all
// start from here, so they agree with what was played.
import {
  type Action,
  apply,
  CHECK_DICE,
  classicBoard,
  type Dice,
  drawStep,
  type GameEvent,
  type GameState,
  type OptionsInput,
  startGame,
} from '../../model/index.js';
import { type DiceKind, decodeNumbers, diceFromNumbers, isDrawStep, type RoundNumbers } from './dice.js';

export interface StoredStep {
  readonly seq: number;
  readonly action: Action;
  readonly numbers: RoundNumbers | null;
}

export interface ReplaySource {
  readonly playerCount: number;
  readonly rules: Omit<OptionsInput, 'players'>;
  readonly dice: DiceKind;
  readonly steps: readonly StoredStep[];
}

export type StepVisitor = (step: StoredStep, before: GameState, events: readonly GameEvent[], after: GameState) => void;

export type ReplayResult =
  | { ok: true; state: GameState /** Player moves applied (the next move's index). */; index: number }
  | { ok: false; reason: string; seq: number | null };

export function parseStep(seq: number, action: string, numbers: Uint8Array | string | null): StoredStep {
  return { seq, action: JSON.parse(action) as Action, numbers: numbers === null ? null : decodeNumbers(numbers) };
}

export function replaySteps(source: ReplaySource, visit?: StepVisitor): ReplayResult {
  const started = startGame(classicBoard(), { ...source.rules, players: source.playerCount });
  if (!started.ok) return { ok: false, reason: started.reason, seq: null };
  return replayFrom({ state: started.value, index: 0 }, source.steps, source.dice, visit);
}

/** `steps` replayed from `start` (a state and the sequence points applied to reach it). */
export function replayFrom(
  start: { readonly state: GameState; readonly index: number },
  steps: readonly StoredStep[],
  diceKind: DiceKind,
  visit?: StepVisitor,
): ReplayResult {
  let index = start.index;
  const replayed = applySteps(apply, start.state, steps, diceKind === 'mt19937', (step, before, events, after) => {
    visit?.(step, before, events, after);
    if (takesSequencePoint(step.action, before)) index++;
  });
  if (!replayed.ok) {
    const step = steps[replayed.at]!;
    return {
      ok: false,
      reason: `step ${step.seq} (${step.action.command}) does not apply: ${replayed.reason}`,
      seq: step.seq,
    };
  }
  return { ok: true, state: replayed.state, index };
}

/**
 * Steps applied in turn by a game's rules (`apply`: the classic engine's, or a MeshGame's), each
 * with the dice its round's numbers give (a step without numbers rolls no dice); `at`: the position
 * in `steps` of the one that does not apply.
 */
export function applySteps<S, A, E, T extends { readonly action: A; readonly numbers: RoundNumbers | null }>(
  apply: (
    state: S,
    action: A,
    dice: Dice,
  ) => { ok: true; state: S; events: readonly E[] } | { ok: false; reason: string },
  start: S,
  steps: readonly T[],
  mtDice: boolean,
  visit: (step: T, before: S, events: readonly E[], after: S) => void,
): { ok: true; state: S } | { ok: false; reason: string; at: number } {
  let state = start;
  for (const [at, step] of steps.entries()) {
    const dice = step.numbers === null ? CHECK_DICE : diceFromNumbers(step.numbers, mtDice ? 'mt19937' : 'hash_chain');
    const result = apply(state, step.action, dice);
    if (!result.ok) return { ok: false, reason: result.reason, at };
    visit(step, state, result.events, result.state);
    state = result.state;
  }
  return { ok: true, state };
}

/**
 * Whether a step is a player move in the game's one sequence: draw steps are not, nor is a player
 * made neutral during the opening draws (a networked replica does that before any move has a point).
 */
export function takesSequencePoint(action: Action, before: GameState): boolean {
  if (isDrawStep(action)) return false;
  return !(action.command === 'timeout' && drawStep(before) !== null);
}

/**
 * Whether a step of a networked game takes a point: its secret rounds' results (the capitals
 * revealed, the missions dealt) are applied by the replica without one, as the opening draws are.
 * (A local game asks its players for capitals as a move: takesSequencePoint.)
 */
export function takesNetworkPoint(action: Action, before: GameState): boolean {
  if (action.command === 'choose_capitals' || action.command === 'deal_missions') return false;
  return takesSequencePoint(action, before);
}
