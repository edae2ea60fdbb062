// What the parts of the launcher share: the options and seed of this run, bot seats, and the
// game database (opened on first use).
import type { BotKind } from '../ai/registry.js';
import type { Seat } from '../controller/seat.js';
import { type ReplaySource, replaySteps } from '../controller/store/replay.js';
import type { GameStore } from '../controller/store/store.js';
import type { Action, GameState } from '../model/index.js';
import type { Table } from '../views/table.js';
import type { LauncherOptions } from './launcher.js';

export interface LaunchKit {
  readonly options: LauncherOptions;
  /** Seed for bots, hot-seat dice and automatic placement. */
  readonly seed: number;
  /** The game database, or null (records off, or it cannot be opened: then the table is told). */
  openStore(table: Table | null): GameStore | null;
  /** A bot seat that waits `options.botDelayMs` before each move, and while the game is paused. */
  botSeat(kind: BotKind, seed: number, running?: () => Promise<void>): Seat;
  /** The computer's move for a person who asked it to (place the rest of the setup, or play for them). */
  autoPlacer(seed: number): (state: GameState, player: number) => Action;
}

// Lets the last acknowledgements leave before the connections close.
export const LINGER_MS = 300;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stored game going on at a new table: the table hears its moves so far first, so that its
 * history and every player's battles and conquests go on from where they were.
 */
export function retell(table: Table, game: ReplaySource): void {
  replaySteps(game, (_step, _before, events, after) => {
    for (const event of events) table.record({ type: 'game', event, state: after });
  });
}
