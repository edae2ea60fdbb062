// A game session on the native full mesh. Every peer holds the whole game, validates every
// message with the rules engine, and takes part in every dice round.
//
// Ordering: every game message carries ack_id = its index in the game's one sequence of moves.
// Each peer applies message k, then acknowledges it to every peer with a hash of the message and
// of its resulting state; nobody moves on to k+1 before all of k's acknowledgements are in and
// agree (lockstep). Messages that arrive early wait in a per-sender queue.
import { createHash } from 'node:crypto';
import {
  apply,
  CHECK_DICE,
  classicBoard,
  decisionBy,
  isActive,
  maxDefendDice,
  needsDice,
  pendingAfterNeutral,
  startGame,
  type Action,
  type Dice,
  type GameEvent,
  type GameState,
  type OptionsInput,
} from '../model/index.js';
import { decodeLine, encodeLine } from '../protocol/codec.js';
import { boundCommitment, bytesToHex, combineNumbers, commitment, hexToBytes, secretNumber } from '../protocol/commitment.js';
import { fromAction, isGameMessage, toAction, type GameMessage, type Message, type MessageAction } from '../protocol/messages.js';
import { cs3099Dice, hashChainStream, mersenneStream, uniformDice, wordsFromBytes } from '../protocol/random.js';
import { evidenceOf } from '../protocol/evidence.js';
import type { Link } from './net/link.js';
import type { Recorder } from './recorder.js';
import type { Seat } from './seat.js';

export interface SessionPlayer {
  readonly id: number;
  readonly name: string;
}

export interface SessionFeatures {
  readonly mtDice: boolean;
  readonly boundCommitments: boolean;
  readonly stateHashAcks: boolean;
}

export const NATIVE_FEATURES = ['mt19937_dice', 'bound_commitments', 'state_hash_acks', 'full_mesh'] as const;

export function featuresFrom(names: readonly string[]): SessionFeatures {
  return {
    mtDice: names.includes('mt19937_dice'),
    boundCommitments: names.includes('bound_commitments'),
    stateHashAcks: names.includes('state_hash_acks'),
  };
}

export type SessionEvent =
  | { readonly type: 'game'; readonly event: GameEvent; readonly state: GameState }
  | { readonly type: 'violation'; readonly player: number; readonly reason: string; readonly evidence: readonly string[] }
  | { readonly type: 'neutral'; readonly player: number; readonly reason: string }
  | { readonly type: 'info'; readonly text: string }
  /** A dice round finished: how long it took from this peer's commitment to the last reveal. */
  | { readonly type: 'round'; readonly id: number; readonly participants: number; readonly ms: number };

export interface SessionConfig {
  readonly me: number;
  readonly players: readonly SessionPlayer[];
  /** A link to every other player. */
  readonly links: ReadonlyMap<number, Link>;
  /** The seats played on this machine (usually just `me`). */
  readonly seats: ReadonlyMap<number, Seat>;
  readonly gameId: string;
  readonly features: SessionFeatures;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly recorder?: Recorder;
  readonly onEvent?: (event: SessionEvent) => void;
}

export interface SessionResult {
  readonly state: GameState;
  readonly winner: number | null;
  readonly violations: readonly { readonly player: number; readonly reason: string }[];
}

interface Round {
  readonly number: number;
  participants: number[];
  readonly mine: Uint8Array | null;
  readonly hashes: Map<number, string>;
  readonly numbers: Map<number, Uint8Array>;
  revealed: boolean;
  timer: NodeJS.Timeout | null;
  readonly startedAt: number;
}

interface Applied {
  readonly index: number;
  readonly author: number;
  readonly action: MessageAction;
  readonly messageHash: string;
  readonly stateHash: string;
  readonly before: GameState;
}

interface Ack {
  readonly stateHash: string | null;
  readonly messageHash: string | null;
}

interface Pending {
  readonly index: number;
  readonly author: number;
  action: MessageAction;
  readonly messageHash: string;
  readonly line: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What every peer must agree on: the game state without the board and options they share, and
 * without who is neutral: honest peers may learn of an expulsion a move apart, and neutrality
 * shows in every later move anyway.
 */
export function stateHash(state: GameState): string {
  const { board: _board, options: _options, players, ...rest } = state;
  return sha256(JSON.stringify({ ...rest, players: players.map(({ neutral: _neutral, ...p }) => p) }));
}

const messageHashOf = (index: number, action: MessageAction) => sha256(JSON.stringify([index, action]));

/** The action as every receiver will read it off the wire (e.g. play_cards armies -1 dropped). */
const canonical = (action: MessageAction): MessageAction => toAction(fromAction(action));

export class MeshSession {
  private state: GameState;
  private index = 0;
  private last: Applied | null = null;
  private readonly acks = new Map<number, Map<number, Ack>>();
  /** Who made each recent move, to recognise a second claim to the same index. */
  private readonly taken = new Map<number, { author: number; messageHash: string }>();
  private readonly inbox = new Map<number, { message: Message; line: string }[]>();
  /** Dice messages wait apart, so one for a later round never holds up the moves behind it. */
  private readonly rolls = new Map<number, { message: Message; line: string }[]>();
  private readonly gone = new Set<number>();
  private readonly goneReason = new Map<number, string>();
  private round: Round | null = null;
  /** Rounds abandoned because their move became illegal; their late messages are dropped. */
  private readonly abandoned = new Set<number>();
  private pending: Pending | null = null;
  private deciding = false;
  private moveTimer: NodeJS.Timeout | null = null;
  private ackTimer: NodeJS.Timeout | null = null;
  private pumping = false;
  private finished = false;
  private readonly violations: { player: number; reason: string }[] = [];
  private resolve!: (result: SessionResult) => void;
  private readonly done: Promise<SessionResult>;

  constructor(private readonly config: SessionConfig) {
    const started = startGame(classicBoard(), { ...config.rules, players: config.players.length });
    if (!started.ok) throw new Error(started.reason);
    this.state = started.value;
    this.done = new Promise((resolve) => (this.resolve = resolve));
    for (const player of config.players) {
      this.inbox.set(player.id, []);
      this.rolls.set(player.id, []);
    }
  }

  get current(): GameState {
    return this.state;
  }

  /** Plays the game to the end; resolves with the final state. Never rejects for a peer's fault. */
  run(): Promise<SessionResult> {
    this.recordHeader();
    for (const [player, link] of this.config.links) {
      link.onLine((line) => this.receive(player, line));
      link.onClose((reason) => this.markGone(player, reason ? `disconnected (${reason})` : 'disconnected'));
    }
    this.pump();
    return this.done;
  }

  /** Leaves the game: tells everyone, then stops. */
  leave() {
    this.broadcast({ command: 'leave_game', payload: { response: 0, message: 'left the game', receive_updates: false }, player_id: this.config.me });
    this.finish();
  }

  /** The players and the negotiated game, so a record can be audited on its own. */
  private recordHeader() {
    const recorder = this.config.recorder;
    if (!recorder) return;
    const f = this.config.features;
    const features = [f.mtDice && 'mt19937_dice', f.boundCommitments && 'bound_commitments', f.stateHashAcks && 'state_hash_acks'].filter(
      (x): x is string => typeof x === 'string',
    );
    recorder.note({ me: this.config.me, rules: this.config.rules ?? {} });
    recorder.incoming(0, encodeLine({ command: 'players_joined', payload: this.config.players.map((p) => [p.id, p.name, ''] as [number, string, string]) }).trimEnd());
    recorder.incoming(0, encodeLine({ command: 'initialise_game', payload: { version: 1, supported_features: features, game_id: this.config.gameId } }).trimEnd());
  }

  // ---- input ----

  private receive(from: number, line: string) {
    if (this.finished) return;
    const decoded = decodeLine(line);
    if (!decoded.ok) {
      this.cheat(from, `sent a malformed message: ${decoded.reason.slice(0, 200)}`, [evidenceOf(line)]);
      return;
    }
    if ('ignored' in decoded) return;
    const command = decoded.message.command;
    (command === 'roll_hash' || command === 'roll_number' ? this.rolls : this.inbox).get(from)?.push({ message: decoded.message, line });
    this.pump();
  }

  /**
   * Whose message this is. Another player's id is impersonation, except a defend for a neutral
   * player (the coordinator speaks for it); one for a player not yet neutral here may be early:
   * the sender may have neutralised that player a moment before this peer does.
   */
  private claimOf(from: number, message: Message): 'own' | 'early' | 'impersonation' {
    const claimed = 'player_id' in message ? message.player_id : undefined;
    if (claimed === undefined || claimed === null || claimed === from) return 'own';
    if (message.command !== 'defend') return 'impersonation';
    return this.state.players[claimed]?.neutral === true ? 'own' : 'early';
  }

  private markGone(player: number, reason: string) {
    if (this.finished || this.gone.has(player)) return;
    this.gone.add(player);
    this.goneReason.set(player, reason);
    this.emit({ type: 'info', text: `player ${player} ${reason}` });
    // A dice round cannot wait for it; once it has revealed, its number counts and it goes later.
    const round = this.round;
    if (round !== null && round.participants.includes(player) && !round.numbers.has(player)) {
      this.neutralise(player, reason, { cheat: false, evidence: [] });
    }
    this.pump();
  }

  // ---- the loop ----

  private pump() {
    if (this.pumping || this.finished) return;
    this.pumping = true;
    try {
      let progress = true;
      while (progress && !this.finished) {
        progress = this.drainInbox() || this.step();
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Consumes every queued message that can be handled now. */
  private drainInbox(): boolean {
    let progress = false;
    for (const [from, queue] of [...this.inbox, ...this.rolls]) {
      while (queue.length > 0 && !this.finished) {
        const { message, line } = queue[0]!;
        // A neutral player's messages no longer count; a claim to be someone else is judged in order.
        const claim = this.state.players[from]!.neutral ? 'neutral' : this.claimOf(from, message);
        if (claim === 'early') break;
        if (claim !== 'own') {
          queue.shift();
          if (claim === 'impersonation') this.cheat(from, `sent a message claiming to be player ${(message as { player_id: number }).player_id}`, [line]);
          progress = true;
          continue;
        }
        // Recorded when processed, so a record replays in this peer's order.
        if (message.command !== 'acknowledgement') this.config.recorder?.incoming(from, line);
        const outcome = this.handle(from, message);
        if (outcome !== 'done' && message.command !== 'acknowledgement') this.config.recorder?.unrecord();
        if (outcome === 'wait') break;
        queue.shift();
        progress = true;
      }
    }
    return progress;
  }

  private handle(from: number, message: Message): 'done' | 'wait' | 'dropped' {
    switch (message.command) {
      case 'acknowledgement':
        this.recordAck(from, message.payload, { stateHash: message.state_hash ?? null, messageHash: message.message_hash ?? null });
        return 'done';
      case 'leave_game':
        this.markGone(from, 'left the game');
        return 'done';
      case 'expel':
        this.emit({ type: 'info', text: `player ${from} reports player ${message.payload.player}: ${message.payload.reason}` });
        return 'done';
      case 'roll_hash':
      case 'roll_number':
        return this.handleRoll(from, message);
      default:
        if (!isGameMessage(message)) return 'done';
        return this.handleSequenced(from, message);
    }
  }

  // ---- sequenced game messages ----

  private handleSequenced(from: number, message: GameMessage): 'done' | 'wait' | 'dropped' {
    const index = message.ack_id;
    if (index === undefined) {
      this.cheat(from, `sent ${message.command} without its sequence number (ack_id)`, [encodeLine(message)]);
      return 'done';
    }
    const action = toAction(message);
    if (index < this.index) {
      if (this.maybeTimeoutWins(from, index, action)) return 'done';
      // A second, different move for an index already taken: the sender moved out of turn,
      // whether its message arrived before or after the rightful one.
      const taken = this.taken.get(index);
      if (taken !== undefined && taken.author !== from && taken.messageHash !== messageHashOf(index, action)) {
        this.cheat(from, `sent ${action.command} out of turn: move ${index} was player ${taken.author}'s`, [encodeLine(message)]);
        return 'done';
      }
      return 'dropped'; // a duplicate (two coordinators speaking for the same player)
    }
    if (index > this.index || !this.settled(this.index - 1) || this.pending !== null || this.round !== null) return 'wait';
    const reason = this.authorityProblem(from, action);
    if (reason !== null) {
      this.cheat(from, reason, [encodeLine(message)]);
      return 'done';
    }
    this.accept(from, action, index);
    return 'done';
  }

  /** Why `from` may not send this action now, or null if it may. */
  private authorityProblem(from: number, action: MessageAction): string | null {
    const awaited = decisionBy(this.state);
    if (action.command === 'leave_game') return 'sent leave_game with a sequence number';
    if (action.command === 'timeout') {
      if (awaited !== action.player) return `timed out player ${action.player}, whose decision is not due`;
      if (action.player === from) return 'timed itself out';
      const check = apply(this.state, action, CHECK_DICE);
      return check.ok ? null : `sent an impossible timeout: ${check.reason}`;
    }
    if (awaited === null) return `sent ${action.command} while the game waits for a dice round`;
    const forNeutral = action.command === 'defend' && this.state.players[awaited]!.neutral;
    if (!forNeutral && from !== awaited) return `sent ${action.command} out of turn: it is player ${awaited}'s decision`;
    const check = apply(this.state, action, CHECK_DICE);
    return check.ok ? null : `illegal ${action.command}: ${check.reason}`;
  }

  private accept(author: number, action: MessageAction, index: number) {
    const messageHash = messageHashOf(index, action);
    if (needsDice(this.state, action)) {
      this.pending = { index, author, action, messageHash, line: '' };
      this.startRound();
      return;
    }
    this.commit(author, action, index, messageHash, CHECK_DICE);
  }

  private commit(author: number, action: MessageAction, index: number, messageHash: string, dice: Dice) {
    const before = this.state;
    const result = apply(before, action, dice);
    if (!result.ok) throw new Error(`validated action refused: ${result.reason}`);
    this.state = result.state;
    this.index = index + 1;
    const hash = stateHash(this.state);
    this.last = { index, author, action, messageHash, stateHash: hash, before };
    this.taken.set(index, { author, messageHash });
    this.taken.delete(index - 64);
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
    this.recordAck(this.config.me, index, { stateHash: hash, messageHash });
    this.broadcast({ command: 'acknowledgement', payload: index, player_id: this.config.me, ...this.ackHashes(hash, messageHash) });
    this.clearMoveTimer();
    this.armAckTimer();
  }

  private ackHashes(stateHashValue: string, messageHash: string) {
    return this.config.features.stateHashAcks ? { state_hash: stateHashValue, message_hash: messageHash } : {};
  }

  /** A timeout for a player replaces that player's own move at the same index while it is unsettled. */
  private maybeTimeoutWins(from: number, index: number, action: MessageAction): boolean {
    const last = this.last;
    if (action.command !== 'timeout' || last === null || last.index !== index || this.settled(index)) return false;
    if (last.author !== action.player || last.action.command === 'timeout') return false;
    if (this.authorityOf(from, action, last.before) !== null) return false;
    this.emit({ type: 'info', text: `player ${from}'s timeout of player ${action.player} replaces that player's late move ${index}` });
    this.rollback(last);
    this.commit(from, action, index, messageHashOf(index, action), CHECK_DICE);
    return true;
  }

  private authorityOf(from: number, action: MessageAction, state: GameState): string | null {
    const saved = this.state;
    this.state = state;
    try {
      return this.authorityProblem(from, action);
    } finally {
      this.state = saved;
    }
  }

  private rollback(last: Applied) {
    this.config.recorder?.note({ rollback: last.index });
    this.state = last.before;
    this.index = last.index;
    this.acks.delete(last.index);
    this.last = null;
  }

  // ---- acknowledgements ----

  private recordAck(from: number, index: number, ack: Ack) {
    let byPlayer = this.acks.get(index);
    if (byPlayer === undefined) this.acks.set(index, (byPlayer = new Map()));
    byPlayer.set(from, ack);
    this.checkAgreement(index);
  }

  /** Players whose acknowledgement of every move is awaited. */
  private ackers(): number[] {
    return this.state.players.filter((p) => isActive(p) && p.id !== this.config.me && !this.gone.has(p.id)).map((p) => p.id);
  }

  private settled(index: number): boolean {
    if (index < 0) return true;
    if (this.last === null || index < this.last.index) return true;
    if (index > this.last.index) return false;
    const acks = this.acks.get(index);
    return this.ackers().every((p) => acks?.has(p));
  }

  private checkAgreement(index: number) {
    const last = this.last;
    if (last === null || last.index !== index || !this.config.features.stateHashAcks) return;
    for (const [player, ack] of this.acks.get(index) ?? []) {
      // A neutral player's acknowledgements no longer count (it may have sent them before this peer knew).
      if (player === this.config.me || ack.messageHash === null || !isActive(this.state.players[player]!)) continue;
      if (ack.messageHash !== last.messageHash) {
        // Someone applied a different move `index`: its author told different peers different things.
        const author = last.author;
        if (author === this.config.me) continue;
        this.rollback(last);
        this.cheat(author, `sent different moves ${index} to different players (player ${player} acknowledged another one)`, [
          JSON.stringify(last.action),
        ]);
        return;
      }
      if (ack.stateHash !== last.stateHash) {
        this.cheat(player, `acknowledged move ${index} with a game state that differs from the rules' result`, [
          JSON.stringify({ ack: ack.stateHash, expected: last.stateHash }),
        ]);
      }
    }
  }

  private armAckTimer() {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    const index = this.last?.index;
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null;
      if (this.finished || index === undefined || this.settled(index)) return;
      const missing = this.ackers().filter((p) => !this.acks.get(index)?.has(p));
      for (const p of missing) this.markGone(p, `did not acknowledge move ${index} within ${this.config.ackTimeoutMs} ms`);
    }, this.config.ackTimeoutMs);
  }

  // ---- deciding the next step ----

  private step(): boolean {
    if (this.state.phase === 'over') {
      this.finish();
      return false;
    }
    if (this.round !== null || this.pending !== null || !this.settled(this.index - 1)) return false;
    if (this.state.phase === 'first_player' || this.state.phase === 'shuffle_deck') {
      this.startRound();
      return true;
    }
    const awaited = decisionBy(this.state);
    if (awaited === null) throw new Error(`no decision in phase ${this.state.phase}`);
    const coordinator = this.coordinator(awaited);
    if (this.state.players[awaited]!.neutral) {
      if (coordinator === this.config.me && this.state.phase === 'defend') {
        this.send({ command: 'defend', player: awaited, payload: maxDefendDice(this.state, this.state.pendingAttack!.to) });
        return true;
      }
      return false;
    }
    if (this.gone.has(awaited)) {
      if (coordinator === this.config.me) {
        this.send({ command: 'timeout', player: awaited });
        return true;
      }
      return false;
    }
    const seat = awaited === this.config.me ? this.config.seats.get(awaited) : undefined;
    if (seat !== undefined) {
      if (!this.deciding) this.decide(seat, awaited);
      return false;
    }
    if (coordinator === this.config.me && this.moveTimer === null) this.armMoveTimer(awaited);
    return false;
  }

  /** The peer that speaks for an absent or neutral player: the lowest-numbered active peer still here. */
  private coordinator(except: number): number {
    const candidates = this.state.players.filter((p) => isActive(p) && p.id !== except && !this.gone.has(p.id));
    return candidates.length > 0 ? candidates[0]!.id : -1;
  }

  private decide(seat: Seat, player: number) {
    this.deciding = true;
    const index = this.index;
    const snapshot = this.state;
    seat
      .decide(snapshot, player)
      .then((action) => {
        this.deciding = false;
        if (this.finished || this.index !== index || this.state !== snapshot) return this.pump();
        this.send(action as MessageAction);
      })
      .catch((error: Error) => {
        this.deciding = false;
        this.emit({ type: 'info', text: `seat ${player} failed to decide: ${error.message}` });
        this.pump();
      });
  }

  private armMoveTimer(awaited: number) {
    const index = this.index;
    this.moveTimer = setTimeout(() => {
      this.moveTimer = null;
      if (this.finished || this.index !== index || decisionBy(this.state) !== awaited || this.pending !== null || this.round !== null) return;
      this.emit({ type: 'info', text: `player ${awaited} did not move within ${this.config.moveTimeoutMs} ms` });
      this.send({ command: 'timeout', player: awaited });
    }, this.config.moveTimeoutMs);
  }

  private clearMoveTimer() {
    if (this.moveTimer) clearTimeout(this.moveTimer);
    this.moveTimer = null;
  }

  /** Sends my move for the current index to everyone and applies it here. */
  private send(chosen: MessageAction) {
    const action = canonical(chosen);
    const index = this.index;
    this.broadcast(fromAction(action, index, this.config.me));
    const problem = this.authorityProblem(this.config.me, action);
    if (problem !== null) {
      this.emit({ type: 'info', text: `my own move was refused: ${problem}` });
      return;
    }
    this.accept(this.config.me, action, index);
    this.pump();
  }

  // ---- dice rounds ----

  private startRound() {
    for (const p of this.state.players) {
      if (isActive(p) && this.gone.has(p.id)) this.neutralise(p.id, this.goneReason.get(p.id) ?? 'gone', { cheat: false, evidence: [] });
    }
    if (this.pending === null && this.state.phase !== 'first_player' && this.state.phase !== 'shuffle_deck') return;
    const participants = this.state.players.filter(isActive).map((p) => p.id);
    const number = this.roundId();
    const mine = participants.includes(this.config.me) ? secretNumber() : null;
    this.round = { number, participants, mine, hashes: new Map(), numbers: new Map(), revealed: false, timer: null, startedAt: performance.now() };
    if (mine !== null) {
      const hash = this.config.features.boundCommitments
        ? boundCommitment(mine, { gameId: this.config.gameId, round: number, player: this.config.me })
        : commitment(mine);
      this.round.hashes.set(this.config.me, hash);
      this.broadcast({ command: 'roll_hash', payload: hash, player_id: this.config.me, round: number });
    }
    this.armRoundTimer();
    this.progressRound();
  }

  private armRoundTimer() {
    const round = this.round!;
    if (round.timer) clearTimeout(round.timer);
    round.timer = setTimeout(() => {
      if (this.round !== round || this.finished) return;
      const stage = round.hashes.size < round.participants.length ? round.hashes : round.numbers;
      const silent = round.participants.filter((p) => !stage.has(p));
      const revealing = stage === round.numbers;
      for (const p of silent) {
        this.neutralise(p, `did not ${revealing ? 'reveal' : 'commit to'} its dice number within ${this.config.ackTimeoutMs} ms`, {
          cheat: revealing,
          evidence: [],
        });
      }
      this.pump();
    }, this.config.ackTimeoutMs);
  }

  /** The round about to start: 0 for the first player, 1 for the deck, 2 + k for move k. */
  private roundId(): number {
    if (this.state.phase === 'first_player') return 0;
    if (this.state.phase === 'shuffle_deck') return 1;
    return 2 + (this.pending?.index ?? this.index);
  }

  private handleRoll(from: number, message: Extract<Message, { command: 'roll_hash' | 'roll_number' }>): 'done' | 'wait' | 'dropped' {
    const round = this.round;
    if (this.state.players[from]?.neutral) return 'done';
    if (message.round !== undefined) {
      if (this.abandoned.has(message.round) || message.round < (round?.number ?? this.roundId())) return 'dropped';
      if (round === null || message.round > round.number) return 'wait';
    }
    if (round === null || !round.participants.includes(from)) return 'wait';
    if (message.command === 'roll_hash') {
      if (round.hashes.has(from)) return 'wait'; // the next round's
      round.hashes.set(from, message.payload);
    } else {
      // Reveals count only once every commitment is in (an honest peer waits for them too).
      if (round.hashes.size < round.participants.length || round.numbers.has(from)) return 'wait';
      const number = hexToBytes(message.payload);
      const expected = round.hashes.get(from)!;
      const actual = this.config.features.boundCommitments
        ? boundCommitment(number, { gameId: this.config.gameId, round: round.number, player: from })
        : commitment(number);
      if (actual !== expected) {
        const copied = [...round.hashes].find(([p, h]) => p !== from && h === expected);
        const reason = copied
          ? `copied player ${copied[0]}'s dice commitment`
          : `revealed a dice number that does not match its commitment`;
        this.neutralise(from, reason, { cheat: true, evidence: [JSON.stringify({ commitment: expected, revealed: message.payload, round: round.number })] });
        return 'done';
      }
      round.numbers.set(from, number);
    }
    this.progressRound();
    return 'done';
  }

  private progressRound() {
    const round = this.round;
    if (round === null) return;
    const all = round.participants.length;
    if (round.hashes.size === all && !round.revealed && round.mine !== null) {
      round.revealed = true;
      round.numbers.set(this.config.me, round.mine);
      this.broadcast({ command: 'roll_number', payload: bytesToHex(round.mine), player_id: this.config.me, round: round.number });
      this.armRoundTimer();
    }
    if (round.hashes.size === all && round.numbers.size === all) this.finishRound(round);
  }

  private finishRound(round: Round) {
    if (round.timer) clearTimeout(round.timer);
    this.round = null;
    this.emit({ type: 'round', id: round.number, participants: round.participants.length, ms: performance.now() - round.startedAt });
    const seed = combineNumbers([...round.numbers.values()]);
    const dice = this.config.features.mtDice ? uniformDice(mersenneStream(wordsFromBytes(seed))) : cs3099Dice(hashChainStream(seed));
    const pending = this.pending;
    if (pending !== null) {
      this.pending = null;
      this.commit(pending.author, pending.action, pending.index, pending.messageHash, dice);
      return;
    }
    const drawStep: Action = this.state.phase === 'first_player' ? { command: 'first_player' } : { command: 'shuffle_deck' };
    const result = apply(this.state, drawStep, dice);
    if (!result.ok) throw new Error(`draw step refused: ${result.reason}`);
    this.state = result.state;
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
  }

  // ---- cheating and failure ----

  private cheat(player: number, reason: string, evidence: string[]) {
    this.neutralise(player, reason, { cheat: true, evidence });
    this.pump();
  }

  /**
   * Makes a player neutral here and now and tells everyone why. A dice round goes on without it
   * (its commitment and number no longer count): restarting instead would deadlock peers that
   * noticed a disconnect at different moments.
   */
  private neutralise(player: number, reason: string, how: { cheat: boolean; evidence: readonly string[] }) {
    const record = this.state.players[player];
    if (record === undefined || record.neutral || record.eliminated || player === this.config.me) return;
    if (how.cheat) {
      this.violations.push({ player, reason });
      this.emit({ type: 'violation', player, reason, evidence: how.evidence });
    }
    this.broadcast({ command: 'expel', payload: { player, reason, evidence: [...how.evidence] }, player_id: this.config.me });
    const result = apply(this.state, { command: 'timeout', player }, CHECK_DICE);
    if (!result.ok) return;
    this.state = result.state;
    this.gone.add(player);
    this.emit({ type: 'neutral', player, reason });
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
    if (this.pending !== null) {
      const action = pendingAfterNeutral(this.state, this.pending.action, player);
      if (action === null) this.pending = null;
      else this.pending.action = action;
    }
    const round = this.round;
    if (round === null) return;
    const drawStep = this.state.phase === 'first_player' || this.state.phase === 'shuffle_deck';
    if (this.pending === null && !drawStep) {
      if (round.timer) clearTimeout(round.timer);
      this.abandoned.add(round.number);
      this.round = null;
      return;
    }
    round.participants = round.participants.filter((p) => p !== player);
    round.hashes.delete(player);
    round.numbers.delete(player);
    this.progressRound();
  }

  // ---- output ----

  private broadcast(message: Message) {
    const line = encodeLine(message).trimEnd();
    this.config.recorder?.outgoing(line);
    for (const [player, link] of this.config.links) if (!this.gone.has(player) || player === this.config.me) link.send(line);
  }

  private emit(event: SessionEvent) {
    this.config.onEvent?.(event);
  }

  private finish() {
    if (this.finished) return;
    this.finished = true;
    this.clearMoveTimer();
    if (this.ackTimer) clearTimeout(this.ackTimer);
    if (this.round?.timer) clearTimeout(this.round.timer);
    this.config.recorder?.close();
    this.resolve({ state: this.state, winner: this.state.winner, violations: this.violations });
  }

  /** Stops without a result for the others (tests, and errors outside the game). */
  stop() {
    this.finish();
  }
}

