// A game with every seat on this machine and no network (hot seat): like playLocalGame, but the
// seats answer asynchronously (people at the keyboard), and it reports events the way a
// networked session does, so the same views can show it.

import { applyStep, freshNumbers, isDrawStep, type NumberSource } from '../core/steps/dice.js';
import {
  type Action,
  apply,
  type Board,
  capitalChoosers,
  checkCapitalChoice,
  type Dice,
  decisionBy,
  drawStep,
  type GameState,
  maxDefendDice,
  missionClaimDue,
  type OptionsInput,
  startGame,
} from '../model/index.js';
import type { GameHandle } from '../store/store.js';
import type { SessionEvent } from './mesh-session.js';
import type { Seat } from './seat.js';

export interface LocalSessionSetup {
  readonly board: Board;
  readonly rules?: Omit<OptionsInput, 'players'>;
  /** One seat per player, in seat order. */
  readonly seats: readonly Seat[];
  readonly dice: Dice;
  readonly onEvent?: (event: SessionEvent) => void;
  /**
   * Store every move here as it is played. The dice then come from one fresh number per player
   * and round (as in a networked game), so the stored game replays exactly and exports verifiably.
   */
  readonly record?: GameHandle;
  readonly numbers?: NumberSource;
  /** Go on from a stored game: its replayed state and the number of player moves in it. */
  readonly resume?: { readonly state: GameState; readonly index: number };
}

export interface LocalSessionResult {
  readonly state: GameState;
  readonly winner: number | null;
  /** True when the game was stopped before anyone won. */
  readonly stopped: boolean;
}

export class LocalSession {
  private state: GameState;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Player moves applied so far (draw steps not counted): the networked session's move index. */
  private index = 0;

  constructor(private readonly setup: LocalSessionSetup) {
    if (setup.resume) {
      if (setup.resume.state.options.players !== setup.seats.length) {
        throw new Error(
          `${setup.seats.length} seats for a stored game of ${setup.resume.state.options.players} players`,
        );
      }
      this.state = setup.resume.state;
      this.index = setup.resume.index;
      return;
    }
    const started = startGame(setup.board, { ...setup.rules, players: setup.seats.length });
    if (!started.ok) throw new Error(started.reason);
    this.state = started.value;
  }

  get current(): GameState {
    return this.state;
  }

  /** Plays until someone wins or stop() is called. A seat's refused move is reported and asked again. */
  async run(): Promise<LocalSessionResult> {
    while (this.state.phase !== 'over' && !this.stopped) {
      const actor = decisionBy(this.state);
      let action: Action;
      const claim = missionClaimDue(this.state);
      if (claim !== null) action = claim;
      else if (this.state.phase === 'capitals') {
        const capitals = await this.collectCapitals();
        if (capitals === null) break;
        action = { command: 'choose_capitals', payload: capitals };
      } else if (actor === null) action = drawStep(this.state)!;
      else if (this.state.players[actor]!.neutral) {
        // Only a defence can fall to a neutral player: it rolls the most dice.
        action = { command: 'defend', player: actor, payload: maxDefendDice(this.state, this.state.pendingAttack!.to) };
      } else {
        const asked = this.state;
        const answer = await Promise.race([this.setup.seats[actor]!.decide(asked, actor), this.stopping()]);
        if (answer === null || this.stopped) break;
        action = answer;
      }
      this.play(action, actor);
    }
    if (this.state.phase === 'over') this.setup.record?.finish({ winner: this.state.winner, turns: this.state.turn });
    // Stopped: the stored game stays open, to be resumed.
    else this.setup.record?.close();
    return { state: this.state, winner: this.state.winner, stopped: this.state.phase !== 'over' };
  }

  /** Each player's secret capital, asked in turn (hot seat hides the board between players); null when stopped. */
  private async collectCapitals(): Promise<number[] | null> {
    const asked = this.state;
    const capitals = asked.players.map(() => -1);
    for (const p of capitalChoosers(asked)) {
      for (;;) {
        const answer = await Promise.race([this.setup.seats[p]!.decide({ ...asked, current: p }, p), this.stopping()]);
        if (answer === null || this.stopped) return null;
        if (this.state !== asked) return this.state.phase === 'capitals' ? this.collectCapitals() : null;
        const problem =
          answer.command === 'choose_capital'
            ? checkCapitalChoice(asked, p, answer.payload)
            : `expected a capital, got ${answer.command}`;
        if (problem === null) {
          capitals[p] = (answer as { payload: number }).payload;
          break;
        }
        this.setup.onEvent?.({ type: 'info', text: `refused player ${p}'s capital: ${problem}` });
      }
    }
    return capitals;
  }

  /** A player leaves: neutral from now on (keeps territories, takes no turns). */
  leave(player: number) {
    this.play({ command: 'leave_game', player }, player);
  }

  stop() {
    this.stopped = true;
    this.wake?.();
  }

  private play(action: Action, actor: number | null) {
    const record = this.setup.record;
    let result;
    if (record) {
      const stepped = applyStep(this.state, action, this.index, this.setup.numbers ?? freshNumbers);
      result = stepped.result;
      // Stored before the screen hears of it: what a player saw is on disk.
      if (result.ok) record.step(action, stepped.numbers);
    } else result = apply(this.state, action, this.setup.dice);
    if (result.ok && !isDrawStep(action)) this.index++;
    if (!result.ok) {
      this.setup.onEvent?.({
        type: 'info',
        text: `refused ${actor === null ? 'draw' : `player ${actor}'s move`}: ${result.reason}`,
      });
      return;
    }
    this.state = result.state;
    for (const event of result.events) this.setup.onEvent?.({ type: 'game', event, state: this.state });
  }

  private stopping(): Promise<null> {
    return new Promise((resolve) => {
      this.wake = () => resolve(null);
    });
  }
}
