// The game state: plain data, replaced (never mutated) by the reducer.
import type { Board } from './board.js';
import type { GameOptions } from './options.js';

export type Phase =
  | 'first_player' // a random draw picks who starts
  | 'shuffle_deck' // a random draw orders the deck
  | 'deal' // 'random' setup only: territories dealt at random
  | 'setup' // claiming, then placing the starting armies, one army per action
  | 'cards' // start of a turn (or after an elimination): play_cards
  | 'deploy' // place the armies due
  | 'attack' // attack, or fortify to end the turn
  | 'defend' // the defender chooses 1 or 2 dice; the battle is rolled
  | 'capture' // the attacker moves armies into the captured territory
  | 'over';

export interface PlayerState {
  readonly id: number;
  readonly cards: readonly number[];
  /** Left or timed out: keeps territories and armies, takes no turns, defends with the most dice. */
  readonly neutral: boolean;
  /** Lost every territory after the setup. */
  readonly eliminated: boolean;
  /** Starting armies not yet placed during setup. */
  readonly reserve: number;
}

export interface PendingAttack {
  readonly from: number;
  readonly to: number;
  readonly dice: number;
}

export interface PendingCapture {
  readonly from: number;
  readonly to: number;
  /** Armies that must move in at least: the dice rolled in the conquering roll. */
  readonly minimum: number;
}

export interface GameState {
  readonly board: Board;
  readonly options: GameOptions;
  readonly phase: Phase;
  readonly players: readonly PlayerState[];
  /** Owner of each territory, -1 while unclaimed. */
  readonly owner: readonly number[];
  readonly armies: readonly number[];
  /** Seat that took the first setup placement and the first turn; -1 until drawn. */
  readonly firstPlayer: number;
  /** Seat whose setup placement or turn it is. */
  readonly current: number;
  /** Turns begun so far (0 during setup). */
  readonly turn: number;
  /** Draw pile, top first. */
  readonly deck: readonly number[];
  /** Traded cards, waiting to be reshuffled when the pile runs out. */
  readonly discards: readonly number[];
  /** Sets traded so far by all players: drives the set values. */
  readonly setsTraded: number;
  /** Armies still to place in the deploy phase. */
  readonly toDeploy: number;
  readonly capturedThisTurn: boolean;
  readonly pendingAttack: PendingAttack | null;
  readonly pendingCapture: PendingCapture | null;
  /** The cards phase was entered mid-turn after an elimination (trade down to 4, then deploy, then attack). */
  readonly eliminationTrade: boolean;
  readonly winner: number | null;
}

export function newGame(board: Board, options: GameOptions): GameState {
  const territoryCount = board.territories.length;
  return {
    board,
    options,
    phase: 'first_player',
    players: Array.from({ length: options.players }, (_, id) => ({
      id,
      cards: [],
      neutral: false,
      eliminated: false,
      reserve: options.startingArmies,
    })),
    owner: Array<number>(territoryCount).fill(-1),
    armies: Array<number>(territoryCount).fill(0),
    firstPlayer: -1,
    current: -1,
    turn: 0,
    deck: [],
    discards: [],
    setsTraded: 0,
    toDeploy: 0,
    capturedThisTurn: false,
    pendingAttack: null,
    pendingCapture: null,
    eliminationTrade: false,
    winner: null,
  };
}
