// The seam between the replica and a game's rules: everything the replica asks of a game (who
// decides, what a move does, when dice are drawn, who is still in, what peers compare) goes
// through a MeshGame, so the machinery of lines, acks, votes and proofs is the same for every
// game played on the mesh. The classic game is the first implementation.
import {
  type Action,
  apply,
  CHECK_DICE,
  classicBoard,
  type Dice,
  decisionBy,
  drawStep,
  type GameEvent,
  type GameState,
  maxDefendDice,
  needsDice,
  type OptionsInput,
  startGame,
  wonOnBoard,
} from '../../model/index.js';
import { fromAction, type Message, type MessageAction } from '../../protocol/messages.js';
import { roundIdFor } from '../dice-round.js';
import { stateHash } from './hashes.js';
import { classicMoveOf } from './lines.js';

/** Where a player stands: in the game (neither flag), out by the rules, or out by the peers. */
export interface Standing {
  readonly id: number;
  /** Made neutral by the peers (proof or votes); its lines no longer count. */
  readonly neutral: boolean;
  /** Out by the rules (it lost); it may still judge silence as an observer. */
  readonly eliminated: boolean;
}

export type Stepped<S, E> = { ok: true; state: S; events: readonly E[] } | { ok: false; reason: string };

export interface MeshGame<S, A, E> {
  /** The game at its start for `players` seats. */
  start(players: number): S;
  /** Every seat's standing, by player number. */
  standings(state: S): readonly Standing[];
  over(state: S): boolean;
  /** The game's phase, by name (for diagnostics; the classic secret rounds ask for theirs). */
  phase(state: S): string;
  /** The player whose move comes next, or null when the next step is a draw no seat decides. */
  decisionBy(state: S): number | null;
  /** The draw that comes next (a dice round decides it), or null. */
  drawStep(state: S): A | null;
  /** Whether this move needs a dice round before it can be applied. */
  needsDice(state: S, action: A): boolean;
  apply(state: S, action: A, dice: Dice): Stepped<S, E>;
  /** Whether a move is legal here (applied with dice that decide nothing). */
  check(state: S, action: A): { ok: true } | { ok: false; reason: string };
  /** The step that makes a player neutral (silent, proven to cheat, or gone). */
  neutralise(player: number): A;
  /** What every peer must agree on after each step. */
  stateHash(state: S): string;
  /** Won by the rules rather than by the others leaving. */
  wonOnBoard(state: S): boolean;
  winner(state: S): number | null;
  /** The id of the dice round about to start for the point `index` (one rule: core/dice-round.ts). */
  roundId(state: S, index: number): number;
  /** A decision due from a neutral seat that its speaker makes for it (classic: its defence), or null. */
  neutralMove(state: S, player: number): A | null;
  /** The player whose attack a neutral seat's move answers (classic: the attacker), or null. */
  attackerOf(state: S): number | null;
  /** The sequenced move a wire message carries (its ack_id aside), or null for any other message. */
  moveOf(message: Message): A | null;
  /** The wire message of a seat's move at sequence point `index`, sent by player `by`. */
  messageOf(move: A, index: number, by: number): Message;
  /** Whether this step (with its events) ends a turn or the game: the record is made durable then. */
  endsTurn(action: A, events: readonly E[]): boolean;
}

export const isIn = (s: Standing) => !s.neutral && !s.eliminated;

/** The classic game (with its variants and house rules) on the mesh. */
export function classicGame(rules: Omit<OptionsInput, 'players'> = {}): MeshGame<GameState, Action, GameEvent> {
  return {
    start(players) {
      const started = startGame(classicBoard(), { ...rules, players });
      if (!started.ok) throw new Error(started.reason);
      return started.value;
    },
    standings: (state) => state.players,
    over: (state) => state.phase === 'over',
    phase: (state) => state.phase,
    decisionBy,
    drawStep,
    needsDice,
    apply(state, action, dice) {
      const result = apply(state, action, dice);
      return result.ok ? { ok: true, state: result.state, events: result.events } : result;
    },
    check(state, action) {
      const result = apply(state, action, CHECK_DICE);
      return result.ok ? { ok: true } : result;
    },
    neutralise: (player) => ({ command: 'timeout', player }),
    stateHash,
    wonOnBoard,
    winner: (state) => state.winner,
    roundId: (state, index) => roundIdFor(state.phase, index),
    neutralMove(state, player) {
      if (state.phase !== 'defend' || !state.players[player]?.neutral) return null;
      return { command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) };
    },
    attackerOf: (state) => (state.phase === 'defend' ? state.current : null),
    moveOf: classicMoveOf,
    messageOf: (move, index, by) => fromAction(move as MessageAction, index, by),
    endsTurn: (_action, events) => events.some((e) => e.type === 'turn_started' || e.type === 'game_over'),
  };
}
