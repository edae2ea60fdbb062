// The game state: plain data, replaced (never mutated) by the reducer.
import type { Board } from './board.js';
import { type GameOptions, hasNeutralArmy } from './options.js';

export type Phase =
  | 'first_player' // a random draw picks who starts
  | 'shuffle_deck' // a random draw orders the deck
  | 'deal_missions' // Secret Mission Risk: each player gets a mission card
  | 'deal' // 'random' setup only: territories dealt at random
  | 'setup' // claiming, then placing the starting armies, one army per action
  | 'capitals' // Capital Risk: every player's secret capital choice, revealed at once
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
  /** Who took the last territory of an eliminated player (a "destroy" mission asks who). */
  readonly eliminatedBy: number | null;
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
  /** Seat of the two-player game's neutral army (never a person or bot), or -1. */
  readonly neutralArmy: number;
  /** Placements made so far in the current setup turn (the neutral-army game places 2 own, then 1 neutral). */
  readonly setupStep: number;
  /** A +2 territory bonus was earned this turn (the 1993 limit: at most one a turn). */
  readonly bonusThisTurn: boolean;
  /** Capital Risk: each player's capital territory, -1 for none; empty until revealed. */
  readonly capitals: readonly number[];
  /** Secret Mission Risk: the mission cards in this game's deck (classic.md order, see missions.ts). */
  readonly missionDeck: readonly number[];
  /**
   * Each player's mission card as this replica knows it, or null when it is not known here (another
   * peer's secret until claimed). Offline, every mission is known; empty until dealt.
   */
  readonly missions: readonly (number | null)[];
  /** Missions shown to everyone (claimed). */
  readonly missionsRevealed: readonly boolean[];
}

export function newGame(board: Board, options: GameOptions): GameState {
  const territoryCount = board.territories.length;
  // The neutral army takes the seat after the players': it keeps territories and takes no turns.
  const neutralArmy = hasNeutralArmy(options) ? options.players : -1;
  const seats = options.players + (neutralArmy >= 0 ? 1 : 0);
  return {
    board,
    options,
    phase: 'first_player',
    players: Array.from({ length: seats }, (_, id) => ({
      id,
      cards: [],
      neutral: id === neutralArmy,
      eliminated: false,
      eliminatedBy: null,
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
    neutralArmy,
    setupStep: 0,
    bonusThisTurn: false,
    capitals: [],
    missionDeck: [],
    missions: [],
    missionsRevealed: [],
  };
}

/**
 * The state every peer shares: missions not yet revealed are hidden (each peer knows only its
 * own). Hash this, not the state, when replicas must agree.
 */
export function sharedState(state: GameState): GameState {
  if (state.missions.every((m, i) => m === null || state.missionsRevealed[i])) return state;
  return { ...state, missions: state.missions.map((m, i) => (state.missionsRevealed[i] ? m : null)) };
}
