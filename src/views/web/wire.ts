// What the page and the `risk` process say to each other over the page's WebSocket. The page's
// commands are checked here with zod (the page is a view, but whatever reaches the socket is
// input like any other); what the process sends the page is typed only (it trusts its own view).
// The page imports the types of this file, never its values: zod stays out of the page's bundle.
import { z } from 'zod';
import { RISC_BOT_KINDS } from '../../ai/risc/bots.js';
import type { Board, GameState } from '../../model/index.js';
import type { Placement, RiscOrder, RiscState } from '../../model/risc/index.js';
import { MAX_START_UNITS, MAX_TURN_LIMIT } from '../../protocol/risc-terms.js';
import type { Rules } from '../../protocol/rules.js';
import { RulesSchema } from '../../protocol/rules.js';
import type { BattleEvent, LogEntry, TableView } from '../table.js';

// ---- from the page ----

const nat = z.int().min(0).max(10_000);
const seat = z.int().min(0).max(6);
const name = z.string().trim().min(1, { error: 'a name is needed' }).max(32);
const bot = z.enum(['easy', 'normal', 'hard']);
const triple = z.tuple([nat, nat, nat]);
/** A saved game's number in the game database. */
const gameId = z.int().min(1).max(2_147_483_647);
const address = z.string().trim().min(1).max(300);

/** The moves a person makes on the page: the model's actions a seat may answer with. */
export const PageActionSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('setup'), player: seat, payload: nat }).strict(),
  z.object({ command: z.literal('choose_capital'), player: seat, payload: nat }).strict(),
  z
    .object({
      command: z.literal('play_cards'),
      player: seat,
      payload: z.union([z.null(), z.object({ cards: z.array(z.array(nat).length(3)).min(1).max(4) }).strict()]),
    })
    .strict(),
  z
    .object({
      command: z.literal('deploy'),
      player: seat,
      payload: z
        .array(z.tuple([nat, z.int().min(1).max(10_000)]))
        .min(1)
        .max(42),
    })
    .strict(),
  z.object({ command: z.literal('attack'), player: seat, payload: triple }).strict(),
  z.object({ command: z.literal('defend'), player: seat, payload: z.int().min(1).max(2) }).strict(),
  z.object({ command: z.literal('attack_capture'), player: seat, payload: triple }).strict(),
  z.object({ command: z.literal('fortify'), player: seat, payload: z.union([z.null(), triple]) }).strict(),
]);

const HotSeatPlayerSchema = z.object({ name, kind: z.enum(['human', 'easy', 'normal', 'hard']) }).strict();

export const PageCommandSchema = z.discriminatedUnion('type', [
  // The menu.
  z.object({ type: z.literal('quick'), name: name.optional(), bot: bot.optional() }).strict(),
  z
    .object({ type: z.literal('hotseat'), players: z.array(HotSeatPlayerSchema).min(2).max(6), rules: RulesSchema })
    .strict(),
  z
    .object({
      type: z.literal('host'),
      name,
      players: z.int().min(2).max(6),
      rules: RulesSchema,
      moveTimeoutSeconds: z.int().min(5).max(86_400),
    })
    .strict(),
  z.object({ type: z.literal('join'), name, address }).strict(),
  z.object({ type: z.literal('risc'), name, players: z.int().min(2).max(4), bot: z.enum(RISC_BOT_KINDS) }).strict(),
  z
    .object({
      type: z.literal('risc-host'),
      name,
      players: z.int().min(2).max(4),
      startUnits: z.int().min(1).max(MAX_START_UNITS),
      turnLimit: z.int().min(1).max(MAX_TURN_LIMIT).nullable(),
    })
    .strict(),
  z.object({ type: z.literal('risc-join'), name, address }).strict(),
  z.object({ type: z.literal('stats') }).strict(),
  // Saved games: the list, a local one going on, a networked one hosted again, joined or rejoined.
  z.object({ type: z.literal('saved') }).strict(),
  z.object({ type: z.literal('resume'), id: gameId }).strict(),
  z
    .object({
      type: z.literal('resume-network'),
      id: gameId,
      action: z.enum(['host', 'join', 'rejoin']),
      // join: its host's address (without: the one stored with the game).
      address: address.optional(),
    })
    .strict()
    .refine((c) => c.address === undefined || c.action === 'join', {
      error: 'only join takes an address',
      path: ['address'],
    }),
  z.object({ type: z.literal('menu') }).strict(),
  z.object({ type: z.literal('quit') }).strict(),
  // The lobby.
  z.object({ type: z.literal('lobby-start') }).strict(),
  z.object({ type: z.literal('lobby-bots'), bot: bot.optional() }).strict(),
  // A game.
  z.object({ type: z.literal('answer'), decision: z.int().min(0), action: PageActionSchema }).strict(),
  z
    .object({
      type: z.literal('blitz'),
      decision: z.int().min(0),
      from: nat,
      to: nat,
      stopAt: z.int().min(1).max(10_000),
    })
    .strict(),
  z.object({ type: z.literal('auto-setup'), player: seat }).strict(),
  z.object({ type: z.literal('auto-defend'), player: seat }).strict(),
  z.object({ type: z.literal('autopilot'), on: z.boolean() }).strict(),
  z.object({ type: z.literal('defend-by-hand'), on: z.boolean() }).strict(),
  z.object({ type: z.literal('leave') }).strict(),
  // RISC.
  z
    .object({
      type: z.literal('risc-place'),
      turn: z.int().min(0),
      placement: z.array(z.object({ territory: nat, units: nat }).strict()).max(100),
    })
    .strict(),
  z
    .object({
      type: z.literal('risc-orders'),
      turn: z.int().min(1),
      orders: z
        .array(
          z
            .object({ kind: z.enum(['move', 'attack']), from: nat, to: nat, units: z.int().min(1).max(10_000) })
            .strict(),
        )
        .max(200),
    })
    .strict(),
]);

export type PageCommand = z.output<typeof PageCommandSchema>;

/** A command from the page, or why it is not one (said back to the page). */
export function readCommand(text: string): { ok: true; command: PageCommand } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'a message from the page is not JSON' };
  }
  const parsed = PageCommandSchema.safeParse(json);
  if (parsed.success) return { ok: true, command: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, reason: `a message from the page: ${issue.path.join('.') || '(root)'}: ${issue.message}` };
}

// ---- to the page ----

/** The game state without its board (sent once, in `board`). */
export type WireState = Omit<GameState, 'board'>;

/** One game's table as the page gets it: the Table's view without what the page already holds. */
export interface WireTable extends Omit<TableView, 'state' | 'log' | 'decision' | 'lastBattle' | 'dueSince'> {
  readonly state: WireState | null;
  readonly decision: { readonly id: number; readonly player: number } | null;
  readonly lastBattle: { readonly id: number; readonly battle: BattleEvent; readonly conquered: boolean } | null;
  /** When the move now due times out (this machine's clock, ms since 1970), or null. */
  readonly dueAt: number | null;
  readonly canAutoPlay: boolean;
  /** Territories and armies of each seated player at the start of each turn (the last: now), for the charts. */
  readonly series: Series;
}

export interface Series {
  readonly turns: readonly number[];
  readonly territories: readonly (readonly number[])[];
  readonly armies: readonly (readonly number[])[];
}

export interface LobbyView {
  /** Which game the lobby gathers players for. */
  readonly game: 'classic' | 'risc';
  readonly hosting: boolean;
  /** Addresses others join with (host:port first), hosting only. */
  readonly addresses: readonly string[];
  readonly players: readonly { readonly id: number; readonly name: string }[];
  /** Seats of the game (hosting), or null (joining: the host's count is not told). */
  readonly seats: number | null;
  /** The rules in words (the host's, for a joiner, once told; RISC: its terms). */
  readonly rules: readonly string[];
  readonly news: readonly string[];
  /**
   * The saved game this lobby resumes, or null (a new game). A resumed game starts once every player
   * still in it is there: nobody starts it early, and bots take no seat.
   */
  readonly resume: number | null;
}

/** A saved game as the page's Resume list shows it. */
export interface SavedRow {
  readonly id: number;
  /** When, who, how far (views/saved-games.ts's gameLine). */
  readonly line: string;
  /** A networked game, or null (a local one: it goes on where it stopped). */
  readonly network: null | {
    /** Its state in a word or two, and what it offers or why nothing. */
    readonly note: string;
    /** Each way on: possible (null), or why not. */
    readonly actions: { readonly rejoin: string | null; readonly host: string | null; readonly join: string | null };
    /** Where its host could be reached, as stored (the join field starts with it), or null. */
    readonly hostAddress: string | null;
  };
}

export interface SavedView {
  readonly rows: readonly SavedRow[];
  /** Why the saved games cannot be listed (no database, --no-record, a damaged file), or null. */
  readonly problem: string | null;
  /** What became of the saved game asked for when risk started (risk play resume N --web), or null. */
  readonly notice: string | null;
}

export interface RiscView {
  readonly state: RiscState;
  /** This page's player. */
  readonly you: number;
  /** What the page is asked now, for which round (the turn; 0: the placement). */
  readonly asking: { readonly kind: 'place' | 'orders'; readonly turn: number } | null;
  /** The orders (or placement) this player committed for the round being played, once committed. */
  readonly committed: {
    readonly turn: number;
    readonly orders: readonly RiscOrder[];
    readonly placement: readonly Placement[];
  } | null;
  readonly story: readonly string[];
  /** The end in words, once over. */
  readonly over: string | null;
}

export type ScreenView =
  | { readonly kind: 'menu'; readonly notice: string | null }
  | { readonly kind: 'starting'; readonly what: string }
  | { readonly kind: 'failed'; readonly reason: string; readonly advice: string }
  | { readonly kind: 'lobby'; readonly lobby: LobbyView }
  /** `id`: which game (a new one starts afresh on the page). */
  | { readonly kind: 'game'; readonly id: number; readonly table: WireTable }
  | { readonly kind: 'risc'; readonly risc: RiscView }
  | { readonly kind: 'stats'; readonly lines: readonly string[] }
  /** The saved games to go on with. */
  | ({ readonly kind: 'saved' } & SavedView)
  /** The program stopped: the page can be closed. */
  | { readonly kind: 'closed' };

export interface Defaults {
  readonly name: string;
  readonly rules: Rules;
  readonly bot: 'easy' | 'normal' | 'hard';
  readonly moveTimeoutSeconds: number;
  readonly players: number;
}

export type ServerMessage =
  | {
      readonly type: 'view';
      readonly screen: ScreenView;
      readonly defaults: Defaults;
      /** The game's story: entries after the ones already sent to this page (all of it when `fresh`). */
      readonly log: readonly LogEntry[];
      readonly fresh: boolean;
      /** The board of the game shown, when this page does not have it yet. */
      readonly board?: Board;
    }
  /** A command that could not be carried out, and why. */
  | { readonly type: 'refused'; readonly reason: string };
