// The table: everything a game screen shows, kept outside React so that sessions, seats and
// views meet in one place. Sessions report events here; human seats wait here for the player;
// the screen subscribes and draws the latest snapshot.
import { maxDefendDice, type Action, type GameEvent, type GameState } from '../model/index.js';
import type { SessionEvent } from '../controller/session.js';
import { describeSessionEvent } from './event-text.js';
import { onlyAnswer } from './turn-input.js';

export type PlayerKind = 'you' | 'human' | 'bot' | 'remote';

export interface TablePlayer {
  readonly id: number;
  readonly name: string;
  readonly kind: PlayerKind;
}

export type BattleEvent = Extract<GameEvent, { type: 'battle' }>;

export interface LogEntry {
  readonly id: number;
  readonly text: string;
  readonly tone: 'game' | 'battle' | 'alert' | 'info';
  readonly battle?: BattleEvent;
}

export interface PendingDecision {
  readonly id: number;
  readonly state: GameState;
  readonly player: number;
}

export interface LastBattle {
  readonly id: number;
  readonly battle: BattleEvent;
  /** The state right after the roll (territory names, armies left). */
  readonly state: GameState;
  readonly conquered: boolean;
}

export type TableMode = 'quick' | 'network' | 'hotseat';

/** What each player did, for the game-over summary. */
export interface PlayerStats {
  readonly battles: number;
  readonly conquests: number;
  /** Turn in which the player was knocked out, or null. */
  readonly outInTurn: number | null;
}

export interface TableView {
  readonly mode: TableMode;
  readonly players: readonly TablePlayer[];
  readonly state: GameState | null;
  readonly log: readonly LogEntry[];
  readonly lastBattle: LastBattle | null;
  readonly decision: PendingDecision | null;
  readonly stats: readonly PlayerStats[];
  /** Set once the game has ended for this table (a winner, or stopped). */
  readonly over: { readonly winner: number | null; readonly reason: string | null } | null;
}

export interface TableOptions {
  readonly mode: TableMode;
  readonly players: readonly TablePlayer[];
  /** The computer's choice for a setup placement, when a player asks to place the rest automatically. */
  readonly autoPlace?: (state: GameState, player: number) => Action;
  /** Leaves or stops the game (networked: tells the other peers). */
  readonly onQuit?: () => Promise<void>;
}

const LOG_KEEP = 300;

export class Table {
  private snapshot: TableView;
  private readonly listeners = new Set<() => void>();
  private waiting: { id: number; resolve: (action: Action) => void } | null = null;
  private nextId = 1;
  private readonly autoSetup = new Set<number>();
  private readonly autoDefend = new Set<number>();
  private quitting: Promise<void> | null = null;

  constructor(private readonly options: TableOptions) {
    const stats = options.players.map(() => ({ battles: 0, conquests: 0, outInTurn: null }));
    this.snapshot = { mode: options.mode, players: options.players, state: null, log: [], lastBattle: null, decision: null, stats, over: null };
  }

  get view(): TableView {
    return this.snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): TableView => this.snapshot;

  nameOf = (player: number): string => {
    const p = this.snapshot.players.find((x) => x.id === player);
    // The two-player game's neutral army takes the seat after the players': no one sits there.
    if (p === undefined) return this.snapshot.state?.neutralArmy === player ? 'Neutral' : `player ${player}`;
    return p.kind === 'you' ? `${p.name} (you)` : p.name;
  };

  private update(change: Partial<TableView>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  /** A session's event: logged, and the state shown moves on. */
  record = (event: SessionEvent): void => {
    const text = describeSessionEvent(event, this.nameOf);
    const change: { -readonly [K in keyof TableView]?: TableView[K] } = {};
    if (event.type === 'game') {
      change.state = event.state;
      if (event.event.type === 'battle') {
        change.lastBattle = { id: this.nextId++, battle: event.event, state: event.state, conquered: false };
      }
      if (event.event.type === 'conquered' && this.snapshot.lastBattle) {
        change.lastBattle = { ...this.snapshot.lastBattle, conquered: true, state: event.state };
      }
      change.stats = countStats(this.snapshot.stats, event.event, event.state);
      if (event.event.type === 'game_over') change.over = { winner: event.event.winner, reason: null };
    }
    if (event.type === 'neutral' && this.waiting && this.snapshot.decision?.player === event.player) {
      // This seat timed out or left: its question is moot.
      this.waiting = null;
      change.decision = null;
    }
    if (text !== null) {
      const tone = event.type === 'violation' || event.type === 'neutral' ? 'alert' : event.type === 'info' ? 'info' : event.type === 'game' && event.event.type === 'battle' ? 'battle' : 'game';
      const entry: LogEntry = { id: this.nextId++, text, tone, ...(event.type === 'game' && event.event.type === 'battle' ? { battle: event.event } : {}) };
      change.log = [...this.snapshot.log, entry].slice(-LOG_KEEP);
    }
    this.update(change);
  };

  /** A line of information that is not a game event (connection news, errors). */
  note = (text: string, tone: LogEntry['tone'] = 'info'): void => {
    this.update({ log: [...this.snapshot.log, { id: this.nextId++, text, tone }].slice(-LOG_KEEP) });
  };

  /** Shows the state before any event arrives (the game's start). */
  show = (state: GameState): void => {
    if (this.snapshot.state === null) this.update({ state });
  };

  /** A human seat's question: resolves when the player has finished the move on screen. */
  ask = (state: GameState, player: number): Promise<Action> => {
    const forced = onlyAnswer({ state, player });
    if (forced !== null) return Promise.resolve(forced);
    if (state.phase === 'setup' && this.autoSetup.has(player) && this.options.autoPlace) {
      return Promise.resolve(this.options.autoPlace(state, player));
    }
    if (state.phase === 'defend' && this.autoDefend.has(player)) {
      return Promise.resolve({ command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) });
    }
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.waiting = { id, resolve };
      this.update({ decision: { id, state, player }, state });
    });
  };

  /** The player's move for the decision on screen. Stale answers (a decision already gone) are dropped. */
  answer = (decisionId: number, action: Action): void => {
    if (this.waiting === null || this.waiting.id !== decisionId) return;
    const { resolve } = this.waiting;
    this.waiting = null;
    this.update({ decision: null });
    resolve(action);
  };

  /** From now on the computer places this player's setup armies; answers the question on screen too. */
  placeRestAutomatically = (player: number): void => {
    this.autoSetup.add(player);
    const decision = this.snapshot.decision;
    if (decision && decision.player === player && decision.state.phase === 'setup' && this.options.autoPlace) {
      this.answer(decision.id, this.options.autoPlace(decision.state, player));
    }
  };

  defendAutomatically = (player: number): void => {
    this.autoDefend.add(player);
  };

  /** The game ended or stopped for this table. */
  end = (winner: number | null, reason: string | null = null): void => {
    if (this.snapshot.over === null || reason !== null) this.update({ over: { winner, reason }, decision: null });
    this.waiting = null;
  };

  /** Leaves the game (once): tells the others when networked, stops what this table started. */
  quit = (): Promise<void> => {
    this.quitting ??= (this.options.onQuit?.() ?? Promise.resolve()).catch(() => {});
    return this.quitting;
  };
}

function countStats(stats: readonly PlayerStats[], event: GameEvent, state: GameState): readonly PlayerStats[] {
  const bump = (player: number, change: (s: PlayerStats) => PlayerStats) => stats.map((s, i) => (i === player ? change(s) : s));
  switch (event.type) {
    case 'battle':
      return bump(event.attacker, (s) => ({ ...s, battles: s.battles + 1 }));
    case 'conquered':
      return bump(event.player, (s) => ({ ...s, conquests: s.conquests + 1 }));
    case 'eliminated':
      return bump(event.player, (s) => ({ ...s, outInTurn: state.turn }));
    default:
      return stats;
  }
}
