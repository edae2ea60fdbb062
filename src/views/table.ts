// The table: everything a game screen shows, kept outside React so that sessions, seats and
// views meet in one place. Sessions report events here; human seats wait here for the player;
// the screen subscribes and draws the latest snapshot.

import {
  type Action,
  attackOptions,
  type GameEvent,
  type GameState,
  maxAttackDice,
  maxDefendDice,
} from '../model/index.js';
import type { SessionEvent } from '../sessions/mesh-session.js';
import { describeSessionEvent } from './event-text.js';
import type { GameEnd } from './game-end.js';
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

/** What each player did, for the game-over summary and the history screen. */
export interface PlayerStats {
  /** Battles this player fought, attacking or defending (as `risk stats` counts them). */
  readonly battles: number;
  /** Battles this player attacked in: their sum is the battles of the game. */
  readonly attacks: number;
  readonly conquests: number;
  /** Turn in which the player was knocked out, or null. */
  readonly outInTurn: number | null;
  /** Territories taken from this player. */
  readonly territoriesLost: number;
  /** Armies this player lost in battle, attacking or defending. */
  readonly armiesLost: number;
  /** Enemy armies this player destroyed in battle. */
  readonly armiesKilled: number;
}

/** "Attack until won or down to N": the attack the table repeats with the most dice by itself. */
export interface Blitz {
  readonly player: number;
  readonly from: number;
  readonly to: number;
  /** Stop when the attacking territory is down to this many armies (at least 1). */
  readonly stopAt: number;
}

export interface TableView {
  readonly mode: TableMode;
  readonly players: readonly TablePlayer[];
  readonly state: GameState | null;
  readonly log: readonly LogEntry[];
  readonly lastBattle: LastBattle | null;
  readonly decision: PendingDecision | null;
  readonly stats: readonly PlayerStats[];
  /** Set once the game has ended for this table: on the board, then with the session's outcome. */
  readonly over: GameEnd | null;
  /** When the move now due became due (the last progress of the game), by the table's clock. */
  readonly dueSince: number | null;
  /** Networked games: how long a player may take for a move before becoming neutral; null: no limit. */
  readonly moveTimeoutMs: number | null;
  /** Players who left, were disconnected or timed out, and why. */
  readonly gone: Readonly<Record<number, string>>;
  /** A local game paused (the help is open): bots wait. */
  readonly paused: boolean;
  /** People here defend by hand; by default the table defends with the most dice for them. */
  readonly defendByHand: boolean;
  readonly blitz: Blitz | null;
  /** People here for whom the computer plays. */
  readonly autopilot: readonly number[];
  /** Capital Risk: the capital each person here chose in secret, until all are revealed. */
  readonly chosenCapitals: Readonly<Record<number, number>>;
  /** A local game kept move by move: leaving it now, Resume in the menu goes on with it. */
  readonly resumable: boolean;
}

export interface TableOptions {
  readonly mode: TableMode;
  readonly players: readonly TablePlayer[];
  /** The computer's choice for a setup placement, when a player asks to place the rest automatically. */
  readonly autoPlace?: (state: GameState, player: number) => Action;
  /** Leaves or stops the game (networked: tells the other peers). */
  readonly onQuit?: () => Promise<void>;
  /** Networked games: the move timeout, for the countdown. */
  readonly moveTimeoutMs?: number;
  /** Ask people here how many dice to defend with (default: the most, without asking). */
  readonly defendByHand?: boolean;
  /** The clock for the countdown (tests give their own). */
  readonly now?: () => number;
  /** The computer's move for a person who lets it play for them (the help's "p"). */
  readonly autoPlay?: (state: GameState, player: number) => Action;
  /** A pause before each of those moves, so the game can be followed (as the bots' pause). */
  readonly autoPlayDelayMs?: number;
}

// The whole game's story stays for the history screen.
const LOG_KEEP = 20_000;

/**
 * Players' names told apart: a name a player earlier in seat order already has gets a number
 * ("Root", "Root 2"). Every peer seats the players alike, so every screen numbers them alike.
 */
export function distinctNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let shown = name;
    for (let n = 2; taken.has(shown.toLowerCase()); n++) shown = `${name} ${n}`;
    taken.add(shown.toLowerCase());
    return shown;
  });
}

/** "player 2", "seat 2" and "2000 ms" in session texts become names and minutes. */
export function withNames(text: string, name: (player: number) => string): string {
  return text
    .replace(/\b(?:player|seat) (\d+)('s)?/g, (_, id: string, s?: string) => `${name(Number(id))}${s ?? ''}`)
    .replace(/\b(\d+) ms\b/g, (_, ms: string) => {
      const seconds = Math.round(Number(ms) / 1000);
      return seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} s`;
    });
}

/** The battles of a game so far: each counted once (a player's `battles` counts both sides). */
export function battlesOf(view: Pick<TableView, 'stats'>): number {
  return view.stats.reduce((n, s) => n + s.attacks, 0);
}

export class Table {
  private snapshot: TableView;
  private readonly listeners = new Set<() => void>();
  private waiting: { id: number; resolve: (action: Action) => void } | null = null;
  private nextId = 1;
  private readonly autoSetup = new Set<number>();
  private readonly autoDefend = new Set<number>();
  private quitting: Promise<void> | null = null;
  /** Set once the session's result is in: nothing later changes how the game ended. */
  private ended = false;
  /** The table's clock (Date.now unless the table was given one). */
  readonly now: () => number;
  private resumed: { promise: Promise<void>; resolve: () => void } | null = null;
  /** False after a catch-up from a record, until the next move: when the move due began is not known here. */
  private dueKnown = true;

  constructor(private readonly options: TableOptions) {
    const stats = options.players.map(() => ({
      battles: 0,
      attacks: 0,
      conquests: 0,
      outInTurn: null,
      territoriesLost: 0,
      armiesLost: 0,
      armiesKilled: 0,
    }));
    this.now = options.now ?? Date.now;
    const shown = distinctNames(options.players.map((p) => p.name));
    this.snapshot = {
      mode: options.mode,
      players: options.players.map((p, i) => ({ ...p, name: shown[i]! })),
      state: null,
      log: [],
      lastBattle: null,
      decision: null,
      stats,
      over: null,
      dueSince: null,
      moveTimeoutMs: options.moveTimeoutMs ?? null,
      gone: {},
      paused: false,
      defendByHand: options.defendByHand ?? false,
      blitz: null,
      autopilot: [],
      chosenCapitals: {},
      resumable: false,
    };
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
    const described = describeSessionEvent(event, this.nameOf);
    const text = described === null ? null : event.type === 'info' ? withNames(described, this.nameOf) : described;
    const change: { -readonly [K in keyof TableView]?: TableView[K] } = {};
    // Why a player is gone, first cause kept: an expulsion for cheating is not "left".
    if (event.type === 'violation')
      change.gone = { ...this.snapshot.gone, [event.player]: `expelled: ${event.reason}` };
    if (event.type === 'neutral' && !/^expelled/.test(this.snapshot.gone[event.player] ?? ''))
      change.gone = { ...this.snapshot.gone, [event.player]: event.reason };
    if (event.type === 'info') {
      // The replicated core names the player: "lost the connection to Bea".
      const lost = /^lost the connection to (.+)$/.exec(event.text)?.[1];
      const named = this.options.players.filter((p) => p.name === lost);
      const who = named.length === 1 ? named[0] : undefined;
      if (who !== undefined && this.snapshot.gone[who.id] === undefined)
        change.gone = { ...this.snapshot.gone, [who.id]: 'disconnected' };
      const left = /^player (\d+) (disconnected|left|.*timed? ?out|did not move)/.exec(event.text);
      if (left)
        change.gone = {
          ...this.snapshot.gone,
          [Number(left[1])]: left[2]!.startsWith('disc')
            ? 'disconnected'
            : left[2]!.startsWith('left')
              ? 'left'
              : 'timed out',
        };
    }
    if (event.type === 'game') {
      change.state = event.state;
      change.dueSince = this.now();
      this.dueKnown = true;
      if (event.event.type === 'battle') {
        change.lastBattle = { id: this.nextId++, battle: event.event, state: event.state, conquered: false };
      }
      if (event.event.type === 'conquered' && this.snapshot.lastBattle) {
        change.lastBattle = { ...this.snapshot.lastBattle, conquered: true, state: event.state };
      }
      change.stats = countStats(
        this.snapshot.stats,
        event.event,
        this.snapshot.lastBattle?.battle ?? null,
        event.state.turn,
      );
      if (event.event.type === 'game_over' && !this.ended)
        change.over = { winner: event.event.winner, outcome: null, reason: null };
    }
    if (event.type === 'neutral' && this.waiting && this.snapshot.decision?.player === event.player) {
      // This seat timed out or left: its question is moot.
      this.waiting = null;
      change.decision = null;
    }
    if (text !== null) {
      const tone =
        event.type === 'violation' || event.type === 'neutral'
          ? 'alert'
          : event.type === 'info'
            ? 'info'
            : event.type === 'game' && event.event.type === 'battle'
              ? 'battle'
              : 'game';
      const entry: LogEntry = {
        id: this.nextId++,
        text,
        tone,
        ...(event.type === 'game' && event.event.type === 'battle' ? { battle: event.event } : {}),
      };
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
    const auto = this.options.autoPlay;
    if (auto && this.snapshot.autopilot.includes(player)) {
      // Through a timer: the game's loop must let the screen draw between the computer's moves.
      return new Promise((resolve) =>
        setTimeout(() => resolve(auto(state, player)), this.options.autoPlayDelayMs ?? 0),
      );
    }
    if (state.phase === 'setup' && this.autoSetup.has(player) && this.options.autoPlace) {
      return Promise.resolve(this.options.autoPlace(state, player));
    }
    if (state.phase === 'defend' && this.autoDefend.has(player)) {
      return Promise.resolve({ command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) });
    }
    if (state.phase === 'defend' && !this.snapshot.defendByHand) {
      return Promise.resolve({ command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) });
    }
    const blitz = this.snapshot.blitz;
    if (blitz !== null && blitz.player === player) {
      const { from, to, stopAt } = blitz;
      const going =
        state.phase === 'attack' &&
        attackOptions(state).some(([a, b]) => a === from && b === to) &&
        state.armies[from]! > stopAt;
      if (going) return Promise.resolve({ command: 'attack', player, payload: [from, to, maxAttackDice(state, from)] });
      this.update({ blitz: null });
    }
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.waiting = { id, resolve };
      this.update({ decision: { id, state, player }, state, dueSince: this.dueKnown ? this.now() : null });
    });
  };

  /** Attack from → to with the most dice until it is won or `from` is down to `stopAt` armies; starts now. */
  startBlitz = (decisionId: number, from: number, to: number, stopAt: number): void => {
    const decision = this.snapshot.decision;
    if (this.waiting === null || decision === null || decision.id !== decisionId || decision.state.phase !== 'attack')
      return;
    this.update({ blitz: { player: decision.player, from, to, stopAt: Math.max(1, stopAt) } });
    this.answer(decisionId, {
      command: 'attack',
      player: decision.player,
      payload: [from, to, maxAttackDice(decision.state, from)],
    });
  };

  /** Whether the computer can play for people here. */
  get canAutoPlay(): boolean {
    return this.options.autoPlay !== undefined;
  }

  /** The computer plays for these people from now on (the move on screen too), or stops. */
  setAutopilot = (players: readonly number[], on: boolean): void => {
    const auto = this.options.autoPlay;
    if (!auto) return;
    const set = new Set(this.snapshot.autopilot);
    for (const p of players) on ? set.add(p) : set.delete(p);
    this.update({ autopilot: [...set] });
    const decision = this.snapshot.decision;
    if (on && decision && players.includes(decision.player))
      this.answer(decision.id, auto(decision.state, decision.player));
  };

  /** The game is kept move by move (a local game with the store open): Resume can go on with it. */
  setResumable = (resumable: boolean): void => {
    this.update({ resumable });
  };

  /** People here decide their defence by hand (true) or the table defends with the most dice (false). */
  setDefendByHand = (byHand: boolean): void => {
    this.update({ defendByHand: byHand });
  };

  /** Local games stop while the player reads the help: bots wait (see whenRunning). */
  pause = (paused: boolean): void => {
    if (this.options.mode === 'network' || paused === this.snapshot.paused) return;
    if (paused) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      this.resumed = { promise, resolve };
    } else {
      this.resumed?.resolve();
      this.resumed = null;
    }
    this.update({ paused });
  };

  /** Resolves at once, or when a paused game goes on. */
  whenRunning = (): Promise<void> => this.resumed?.promise ?? Promise.resolve();

  /** The player's move for the decision on screen. Stale answers (a decision already gone) are dropped. */
  answer = (decisionId: number, action: Action): void => {
    if (this.waiting === null || this.waiting.id !== decisionId) return;
    const { resolve } = this.waiting;
    this.waiting = null;
    this.update({
      decision: null,
      ...(action.command === 'choose_capital'
        ? { chosenCapitals: { ...this.snapshot.chosenCapitals, [action.player]: action.payload } }
        : {}),
    });
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

  /**
   * The game was caught up from the others' records (a rejoin): this machine cannot tell since when
   * the move now due has been waiting, so no countdown shows until the next move is made (the
   * others' countdowns run from when it became due).
   */
  dueUnknown = (): void => {
    this.dueKnown = false;
    this.update({ dueSince: null });
  };

  /** The milliseconds left for the move now due, or null when there is no time limit. */
  timeLeft = (): number | null => {
    const { moveTimeoutMs, dueSince, over } = this.snapshot;
    if (moveTimeoutMs === null || dueSince === null || over !== null) return null;
    return Math.max(0, dueSince + moveTimeoutMs - this.now());
  };

  /** The session ended for this table: how (its outcome) replaces what the board alone said. */
  end = (end: GameEnd): void => {
    if (!this.ended) this.update({ over: end, decision: null });
    this.ended = true;
    this.waiting = null;
  };

  /** Leaves the game (once): tells the others when networked, stops what this table started. */
  quit = (): Promise<void> => {
    this.quitting ??= (this.options.onQuit?.() ?? Promise.resolve()).catch(() => {});
    return this.quitting;
  };
}

function countStats(
  stats: readonly PlayerStats[],
  event: GameEvent,
  lastBattle: BattleEvent | null,
  turn: number,
): readonly PlayerStats[] {
  const bump = (list: readonly PlayerStats[], player: number, change: (s: PlayerStats) => PlayerStats) =>
    list.map((s, i) => (i === player ? change(s) : s));
  switch (event.type) {
    case 'battle': {
      const a = event.attackerLosses;
      const d = event.defenderLosses;
      const attacker = bump(stats, event.attacker, (s) => ({
        ...s,
        battles: s.battles + 1,
        attacks: s.attacks + 1,
        armiesLost: s.armiesLost + a,
        armiesKilled: s.armiesKilled + d,
      }));
      return bump(attacker, event.defender, (s) => ({
        ...s,
        battles: s.battles + 1,
        armiesLost: s.armiesLost + d,
        armiesKilled: s.armiesKilled + a,
      }));
    }
    case 'conquered': {
      const won = bump(stats, event.player, (s) => ({ ...s, conquests: s.conquests + 1 }));
      const loser = lastBattle !== null && lastBattle.to === event.territory ? lastBattle.defender : -1;
      return loser >= 0 ? bump(won, loser, (s) => ({ ...s, territoriesLost: s.territoriesLost + 1 })) : won;
    }
    case 'eliminated':
      return bump(stats, event.player, (s) => ({ ...s, outInTurn: turn }));
    default:
      return stats;
  }
}
