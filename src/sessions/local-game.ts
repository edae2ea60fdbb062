// An offline game: every seat is local and synchronous, dice come from one source.

import { applyStep, isDrawStep, type NumberSource, type RoundNumbers } from '../core/steps/dice.js';
import {
  type Action,
  apply,
  type Board,
  capitalChoosers,
  checkCapitalChoice,
  type Dice,
  decisionBy,
  drawStep,
  type GameEvent,
  type GameState,
  maxDefendDice,
  missionClaimDue,
  type OptionsInput,
  startGame,
} from '../model/index.js';
import type { InstantSeat } from './seat.js';

export interface LocalGameResult {
  readonly state: GameState;
  readonly winner: number | null;
  /** Turns begun. */
  readonly turns: number;
  /** True when the game was stopped at the turn cap without a winner. */
  readonly capped: boolean;
  readonly actions: number;
  readonly battles: number;
}

export interface LocalGameSetup {
  readonly board: Board;
  readonly options: OptionsInput;
  readonly seats: readonly InstantSeat[];
  readonly dice: Dice;
  /** Stop after this many turns (reported as capped). */
  readonly turnCap: number;
  readonly onEvent?: (event: GameEvent, state: GameState) => void;
  readonly onAction?: (action: Action, before: GameState) => void;
  /**
   * Roll from one number per player and round instead of `dice` (as a networked game does), so
   * that the game can be stored and exported verifiably; each applied step is reported.
   */
  readonly rounds?: {
    readonly numbers: NumberSource;
    readonly onStep: (action: Action, numbers: RoundNumbers | null) => void;
  };
}

export function playLocalGame(setup: LocalGameSetup): LocalGameResult {
  const started = startGame(setup.board, setup.options);
  if (!started.ok) throw new Error(started.reason);
  if (setup.seats.length !== started.value.options.players) {
    throw new Error(`${setup.seats.length} seats for ${started.value.options.players} players`);
  }
  let state = started.value;
  let actions = 0;
  let battles = 0;
  let index = 0;
  while (state.phase !== 'over' && state.turn <= setup.turnCap) {
    const actor = decisionBy(state);
    const action = localStep(state) ?? (actor === null ? drawStep(state)! : setup.seats[actor]!.decide(state, actor));
    setup.onAction?.(action, state);
    let result;
    if (setup.rounds) {
      const stepped = applyStep(state, action, index, setup.rounds.numbers);
      result = stepped.result;
      if (result.ok) setup.rounds.onStep(action, stepped.numbers);
      if (!isDrawStep(action)) index++;
    } else result = apply(state, action, setup.dice);
    if (!result.ok) {
      const who = actor === null ? 'draw step' : `${setup.seats[actor]!.kind} bot in seat ${actor}`;
      throw new Error(`${who} chose an illegal action ${JSON.stringify(action)}: ${result.reason}`);
    }
    state = result.state;
    actions++;
    for (const event of result.events) {
      if (event.type === 'battle') battles++;
      setup.onEvent?.(event, state);
    }
  }
  const capped = state.phase !== 'over';
  return { state, winner: state.winner, turns: capped ? setup.turnCap : state.turn, capped, actions, battles };

  /** Steps an offline game takes for its seats: a neutral's defence, the capitals, a completed mission's claim. */
  function localStep(s: GameState): Action | null {
    if (s.phase === 'defend' && s.players[decisionBy(s)!]!.neutral) {
      return { command: 'defend', player: decisionBy(s)!, payload: maxDefendDice(s, s.pendingAttack!.to) };
    }
    if (s.phase === 'capitals') {
      const capitals = s.players.map(() => -1);
      for (const p of capitalChoosers(s)) {
        const choice = setup.seats[p]!.decide({ ...s, current: p }, p);
        const problem =
          choice.command === 'choose_capital' ? checkCapitalChoice(s, p, choice.payload) : `sent ${choice.command}`;
        if (problem !== null)
          throw new Error(`${setup.seats[p]!.kind} bot in seat ${p} chose an illegal capital: ${problem}`);
        capitals[p] = (choice as { payload: number }).payload;
      }
      return { command: 'choose_capitals', payload: capitals };
    }
    return missionClaimDue(s);
  }
}
