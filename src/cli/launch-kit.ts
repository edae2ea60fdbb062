// What the parts of the launcher share: the options and seed of this run, bot seats, and the
// game database (opened on first use).
import type { BotKind } from '../ai/registry.js';
import { type ReplaySource, replaySteps } from '../core/steps/replay.js';
import type { Action, GameState } from '../model/index.js';
import type { Rules } from '../protocol/rules.js';
import type { Seat } from '../sessions/seat.js';
import type { GameStore } from '../store/store.js';
import type { Table } from '../views/table.js';

export interface LauncherOptions {
  /** Address to listen on when hosting or joining: 0.0.0.0 (classmates can join) or 127.0.0.1. */
  readonly listen: string;
  /** Port to host on; if taken, any free port (unless `strictPort`). */
  readonly port: number;
  /** The port was chosen explicitly (--port): when it is taken, say so instead of taking another. */
  readonly strictPort?: boolean;
  /** Networked games: how long a player may think before being made neutral. */
  readonly moveTimeoutMs: number;
  readonly ackTimeoutMs: number;
  /** A pause before each bot move after the setup, so a person can follow the bots' turns. */
  readonly botDelayMs: number;
  /** Write a record of networked games (for risk verify). */
  readonly record: boolean;
  /**
   * Where this player's peer identity is kept between games; none: a new identity for each run, so
   * two programs on one machine (or on machines sharing a home directory) never share one.
   */
  readonly keyPath?: string;
  /** Seed for bots, hot-seat dice and automatic placement; random by default. */
  readonly seed?: number;
  /** The game database for hot-seat games (saved move by move, resumable); default $RISK_DB or the data directory. Not used without `record`. */
  readonly storePath?: string;
  /** House rules chosen on the command line: the default for hosting and hot seat. */
  readonly rules?: Rules;
  /** People here choose their defence dice by hand (default: the most dice, without asking). */
  readonly defendByHand?: boolean;
  /** The bots of a quick game and of a lobby's empty seats (settings; default normal). */
  readonly bot?: 'easy' | 'normal' | 'hard';
}

export const DEFAULT_LAUNCH: LauncherOptions = {
  listen: '0.0.0.0',
  port: 7475,
  moveTimeoutMs: 5 * 60_000,
  ackTimeoutMs: 10_000,
  botDelayMs: 250,
  record: true,
};

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
 * A join's refusal as soon as it is known, before any lobby screen: the host refused or could not
 * be reached (the endpoint is closed then); null once the host accepted.
 */
export async function refusedAtOnce<R extends { readonly ok: boolean }>(
  result: Promise<R>,
  acceptance: Promise<null>,
  opened: { close(): Promise<unknown> },
): Promise<Extract<R, { ok: false }> | null> {
  const early = await Promise.race([result, acceptance]);
  if (early === null || early.ok) return null;
  await opened.close();
  return early as Extract<R, { ok: false }>;
}

/**
 * A stored game going on at a new table: the table hears its moves so far first, so that its
 * history and every player's battles and conquests go on from where they were.
 */
export function retell(table: Table, game: ReplaySource): void {
  replaySteps(game, (_step, _before, events, after) => {
    for (const event of events) table.record({ type: 'game', event, state: after });
  });
}
