// A game session on the cs3099 profile: plain TCP in a star. Clients talk only to the host; the
// host re-sends every client message unchanged to every other client, so all peers see one order
// of messages (cs3099-observed.md §1). Every peer still checks every move and rolls every die:
// that is the star replica's job (core/star/star.ts), the code `risk verify` replays our records with.
// This session moves the lines, keeps the timers and takes the local decisions: acknowledgements,
// the host's timeouts and refusals, a client's wait for the host's verdict, the seat's moves.

import { HOST, StarCore } from '../core/star/star.js';
import { decisionBy, type GameState, isActive, maxDefendDice, type OptionsInput } from '../model/index.js';
import type { Link } from '../net/link.js';
import { ackIdAfter } from '../protocol/ack-ids.js';
import { decodeLine, encodeLine } from '../protocol/codec.js';
import { fromAction, type Message, type MessageAction, toAction } from '../protocol/messages.js';
import { CS3099_RULES } from '../protocol/profiles.js';
import type { Recorder } from '../store/transcript-recorder.js';
import type { SessionEvent, SessionPlayer, SessionResult } from './mesh-session.js';
import type { Seat } from './seat.js';

export interface StarConfig {
  readonly me: number;
  readonly role: 'host' | 'client';
  /**
   * The players by their ids on the wire. The game numbers them 0…N−1 in ascending id order (the
   * order of the first-player draw); a class host that does not play may number its clients from 1.
   */
  readonly players: readonly SessionPlayer[];
  /** Client: the host's player id, or null for a host that does not play (its lines carry player_id null). Default 0. */
  readonly host?: number | null;
  /** Host: a link to each client. Client: the link to the host (player 0). */
  readonly links: ReadonlyMap<number, Link>;
  readonly seat: Seat;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** Client: how long the host may stay silent before this peer gives the game up. Default 2 × move + ack timeout. */
  readonly hostSilenceMs?: number;
  readonly recorder?: Recorder;
  /**
   * The recorded class peer's card-draw bug (§7: once a player has captured, it draws at every later
   * fortify). 'detect' (default) follows it from the first move that is legal only under it;
   * 'never' holds every peer to the rules.
   */
  readonly drawQuirk?: 'detect' | 'never';
  /**
   * The territory-card bonus (core/star/card-bonus.ts): 'either' (default) takes a deploy that follows
   * the first class peer's reading or the rulebook's; 'rulebook' holds every peer to the rulebook's.
   */
  readonly cardBonus?: 'either' | 'rulebook';
  readonly onEvent?: (event: SessionEvent) => void;
  /** This peer's secret dice numbers (default: 32 random bytes each); tests replay games with a seeded source. */
  readonly secretNumbers?: () => Uint8Array;
}

/** Who sent a line of a host that does not play (its player_id is null). */
const NO_SEAT = -1;

/**
 * Messages whose acknowledgement the host enforces. The recorded class peer acks an attack only once
 * its battle is rolled (after the defender's move) and never acks defend or attack_capture (§8), so
 * those are left out: enforcing them would expel a peer for its pace or its quirk.
 */
const ACK_ENFORCED: ReadonlySet<string> = new Set([
  'setup',
  'play_cards',
  'deploy',
  'fortify',
  'timeout',
  'leave_game',
]);

interface AwaitedAcks {
  readonly ackId: number;
  readonly command: string;
  readonly waiting: Set<number>;
  readonly timer: NodeJS.Timeout;
}

export class StarSession {
  /** The game as this peer has processed it: the same replica `risk verify` replays the record with. */
  private readonly core: StarCore;
  private ackCounter = 0;
  private deciding = false;
  private finished = false;
  private failure: string | null = null;
  private moveTimer: NodeJS.Timeout | null = null;
  private roundTimer: NodeJS.Timeout | null = null;
  private hostWatch: NodeJS.Timeout | null = null;
  private readonly awaitedAcks: AwaitedAcks[] = [];
  private readonly violations: { player: number; reason: string }[] = [];
  /**
   * Client: a client's cheat seen in the one order, not yet punished. The host relays a move before
   * it checks it and sends its `timeout` naming the cheater right after; a host that plays on
   * without doing so has accepted the cheat, and this peer leaves.
   */
  private unpunished: { player: number; reason: string; timer: NodeJS.Timeout } | null = null;
  /** Who sent messages under each ack id, and the players seen acking their own (the 2015 implementation does, §8). */
  private readonly ackAuthors = new Map<number, Set<number>>();
  private readonly selfAckers = new Set<number>();
  private closingFortifySent = false;
  private endTimer: NodeJS.Timeout | null = null;
  /** Host, game over: closes the links and returns the result once the last acks are in (or overdue). */
  private closing: (() => void) | null = null;
  /** The message being sent is the winner's closing fortify: every connected player, beaten ones too, should ack it. */
  private closingMessage = false;
  private resolve!: (result: SessionResult) => void;
  private readonly done: Promise<SessionResult>;
  /** This peer's seat, and the host's (null: it does not play). Seats are the game's player numbers. */
  private readonly me: number;
  private readonly hostSeat: number | null;
  /** Wire id of each seat; null when they are the same (always so with our host). */
  private readonly wireIds: readonly number[] | null;
  private readonly seats: ReadonlyMap<number, number>;

  constructor(private readonly config: StarConfig) {
    const ids = config.players.map((p) => p.id).sort((a, b) => a - b);
    this.wireIds = ids.every((id, seat) => id === seat) ? null : ids;
    this.seats = new Map(ids.map((id, seat) => [id, seat]));
    this.me = this.seats.get(config.me) ?? config.me;
    const host = config.role === 'host' ? config.me : config.host === undefined ? HOST : config.host;
    this.hostSeat = host === null ? null : (this.seats.get(host) ?? host);
    this.core = new StarCore({
      me: this.me,
      hostSeat: this.hostSeat,
      role: config.role,
      players: config.players.length,
      ...(config.rules === undefined ? {} : { rules: config.rules }),
      drawQuirk: config.drawQuirk ?? 'detect',
      cardBonus: config.cardBonus ?? 'either',
      ...(config.secretNumbers === undefined ? {} : { secretNumbers: config.secretNumbers }),
    });
    this.done = new Promise((resolve) => (this.resolve = resolve));
  }

  get current(): GameState {
    return this.core.current;
  }

  private get state(): GameState {
    return this.core.current;
  }

  /** The wire id of a seat (the same number unless a host that does not play numbered its clients otherwise). */
  playerId(seat: number): number {
    return this.wireIds?.[seat] ?? seat;
  }

  /** A message with its player ids (player_id, a timeout's payload) mapped between the wire and the seats. */
  private mapIds(message: Message, to: 'seats' | 'wire'): Message {
    if (this.wireIds === null) return message;
    // An id that names no player stays out of the seats' range, so it still names no player.
    const map = (id: number) =>
      to === 'wire' ? (this.wireIds![id] ?? id) : (this.seats.get(id) ?? this.wireIds!.length + id);
    const mapped = { ...message } as Message & { player_id?: number | null; payload: unknown };
    if (typeof mapped.player_id === 'number' && mapped.player_id >= 0) mapped.player_id = map(mapped.player_id);
    if (mapped.command === 'timeout' && typeof mapped.payload === 'number') mapped.payload = map(mapped.payload);
    return mapped;
  }

  /** Why the game could not go on for this peer (the host went away), if it could not. */
  get problem(): string | null {
    return this.failure;
  }

  run(): Promise<SessionResult> {
    const recorder = this.config.recorder;
    if (recorder) {
      // The audit replays the record with the same replica: it needs who hosted and how draws were judged.
      recorder.note({
        me: this.me,
        profile: 'cs3099',
        rules: { ...CS3099_RULES, ...this.config.rules },
        host: this.hostSeat,
        drawQuirk: this.config.drawQuirk ?? 'detect',
        cardBonus: this.config.cardBonus ?? 'either',
      });
      recorder.incoming(
        0,
        encodeLine({
          command: 'players_joined',
          payload: [...this.config.players]
            .sort((a, b) => a.id - b.id)
            .map((p, seat) => [seat, p.name, ''] as [number, string, string]),
        }).trimEnd(),
      );
      recorder.incoming(
        0,
        encodeLine({ command: 'initialise_game', payload: { version: 1, supported_features: [] } }).trimEnd(),
      );
    }
    for (const [player, link] of this.config.links) {
      link.onLine((line) => this.receive(player, line));
      link.onClose(() => this.linkClosed(player));
    }
    this.watchHost();
    this.step();
    return this.done;
  }

  stop() {
    this.finish();
  }

  /** Leaves the game: tells the others (who make this player neutral), then stops. */
  leave(reason = 'left the game') {
    if (this.finished) return;
    this.sendOut({
      command: 'leave_game',
      payload: { response: 0, message: reason, receive_updates: false },
      player_id: this.me,
      ack_id: this.ackCounter++,
    });
    this.finish();
  }

  // ---- input ----

  private receive(linkPlayer: number, line: string) {
    if (this.finished) {
      // After the game, the host still counts the acks of its last messages before it closes.
      if (this.closing === null) return;
      const late = decodeLine(line);
      if (late.ok && !('ignored' in late) && late.message.command === 'acknowledgement') {
        const acker = late.message.player_id;
        this.acknowledged(typeof acker === 'number' ? acker : linkPlayer, late.message.payload);
      }
      return;
    }
    const decoded = decodeLine(line);
    if (!decoded.ok) {
      this.emit({
        type: 'info',
        text: `ignored a malformed line from ${this.config.role === 'host' ? `player ${linkPlayer}` : 'the host'}: ${decoded.reason}`,
      });
      return;
    }
    if ('ignored' in decoded) return;
    const raw = line;
    const message = this.mapIds(decoded.message, 'seats');
    if (message !== decoded.message) line = encodeLine(message).trimEnd();
    const claimed = 'player_id' in message ? message.player_id : undefined;
    this.watchHost();
    if (this.config.role === 'host') {
      // A client speaks only for itself; the host relays what it accepts to everyone else.
      if (claimed !== undefined && claimed !== null && claimed !== linkPlayer) {
        this.violation(linkPlayer, `sent ${message.command} claiming to be player ${claimed}`);
        return;
      }
      if (message.command === 'timeout') {
        // Relayed, the others could not tell it from the host's own: refused here, never passed on.
        this.violation(
          linkPlayer,
          `sent a timeout for player ${message.payload}; only the host (player ${HOST}) may time a player out`,
        );
        this.step();
        return;
      }
      for (const [player, link] of this.config.links) if (player !== linkPlayer) link.send(raw);
      if ('ack_id' in message && message.ack_id !== undefined)
        this.expectAcks(linkPlayer, message.command, message.ack_id);
    }
    // A line without player_id is the host's: a client hears only the host.
    const from =
      typeof claimed === 'number' ? claimed : this.config.role === 'host' ? linkPlayer : (this.hostSeat ?? NO_SEAT);
    this.config.recorder?.incoming(from, line);
    this.process(from, message, line);
    this.step();
  }

  private linkClosed(player: number) {
    if (this.finished) {
      // A player gone after the game acks nothing more.
      for (const awaited of this.awaitedAcks) awaited.waiting.delete(player);
      this.settleAcks();
      return;
    }
    // The game is over here and this peer only waits for the winner's closing fortify (step): a link
    // closed now (a winner that sends none and closes) ends it, with its winner; it is no failure.
    if (this.state.phase === 'over') return this.finish();
    if (this.config.role === 'client') {
      this.failure = 'the host closed the connection';
      this.emit({ type: 'info', text: this.failure });
      this.finish();
      return;
    }
    const p = this.state.players[player];
    if (p && isActive(p)) {
      this.emit({ type: 'info', text: `player ${player} disconnected` });
      this.hostTimeout(player, 'disconnected');
      this.step();
    }
  }

  // ---- processing, in the one order every peer sees ----

  private process(from: number, message: Message, line: string, own = false) {
    // Class peers acknowledge every message that carries an ack_id (§8), leave_game included.
    if (message.command !== 'acknowledgement' && 'ack_id' in message && message.ack_id !== undefined) {
      // A neutral player's defend is sent by the host for it (§ Timeouts): the host is its author.
      const hostSpeaks = message.command === 'defend' && this.state.players[from]?.neutral === true;
      this.authored(hostSpeaks ? (this.hostSeat ?? NO_SEAT) : from, message.ack_id);
      if (!own) this.sendOut({ command: 'acknowledgement', payload: message.ack_id, player_id: this.me });
    }
    if (
      this.unpunished !== null &&
      !own &&
      from !== this.unpunished.player &&
      !['acknowledgement', 'timeout', 'leave_game'].includes(message.command)
    ) {
      const { player, reason } = this.unpunished;
      return this.leaveOverCheat(
        `player ${player} cheated (${reason}) and the host played on (${message.command} from player ${from}) instead of timing it out`,
      );
    }
    if (message.command === 'acknowledgement') {
      // Only an id nobody else used: ids collide when the host's timeout and a move cross, and our
      // peers' acks of the host's line would then look like acks of their own.
      const authors = this.ackAuthors.get(message.payload);
      if (from !== this.me && authors?.size === 1 && authors.has(from)) this.selfAckers.add(from);
      this.acknowledged(from, message.payload);
      return;
    }
    this.core.receive(from, message, line);
    this.drain();
  }

  /** Carries out what the replica asks for, in order (handling one may ask for more). */
  private drain() {
    for (let effects = this.core.take(); effects.length > 0; effects = this.core.take()) {
      for (const effect of effects) {
        switch (effect.type) {
          case 'send':
            this.sendOut(effect.message);
            break;
          case 'event':
            if (effect.event.type === 'neutral') this.neutralised(effect.event.player);
            this.emit(effect.event);
            break;
          case 'violation':
            this.violation(effect.player, effect.reason);
            break;
          case 'round':
            if (effect.stage === 'over') this.clearRoundTimer();
            else this.armRoundTimer();
            break;
          case 'moved':
            this.clearMoveTimer();
            break;
          case 'verdict':
            if (this.unpunished?.player === effect.player) {
              clearTimeout(this.unpunished.timer);
              this.unpunished = null;
            }
            break;
          case 'quirk-draw':
          case 'card-bonus':
            break; // followed in the replica; only the audit reports it
        }
      }
    }
  }

  /** The host times out whoever a dice round is still waiting for. */
  private armRoundTimer() {
    if (this.config.role !== 'host') return;
    this.clearRoundTimer();
    this.roundTimer = setTimeout(() => {
      this.roundTimer = null;
      const waits = this.core.roundWaitsFor();
      if (waits === null || this.finished) return;
      for (const p of waits.players)
        this.hostTimeout(p, `no dice ${waits.stage} within ${this.config.moveTimeoutMs} ms`);
      this.step();
    }, this.config.moveTimeoutMs);
  }

  private clearRoundTimer() {
    if (this.roundTimer) clearTimeout(this.roundTimer);
    this.roundTimer = null;
  }

  // ---- neutral players, timeouts and violations ----

  /** A player made neutral in the one order: whatever the host was timing or awaiting from it is over. */
  private neutralised(player: number) {
    // The move timer was armed for the state before; step() arms a fresh one for whoever is awaited now.
    this.clearMoveTimer();
    for (const awaited of this.awaitedAcks) awaited.waiting.delete(player);
    this.settleAcks();
  }

  /** Applies a neutralisation this peer decided (the host's timeout, sent just before). */
  private neutralise(player: number, reason: string) {
    this.core.neutralise(player, reason);
    this.drain();
  }

  /**
   * A move that breaks the rules: the host makes its author neutral for everyone (the offending line
   * went out to the others before, so each can check the reason for itself). A client never stays
   * silent about a cheat the host does not punish: it leaves with the reason (leaveOverCheat).
   */
  private violation(player: number, reason: string) {
    this.violations.push({ player, reason });
    this.emit({ type: 'violation', player, reason, evidence: [] });
    if (this.config.role === 'host') {
      this.hostTimeout(player, reason);
      return;
    }
    const p = this.state.players[player];
    // The host's own cheat, or a line from no player (only the host can send one): nobody will punish it.
    if (player === this.hostSeat || p === undefined)
      return this.leaveOverCheat(
        `the host${this.hostSeat === null ? '' : ` (player ${this.playerId(this.hostSeat)})`} cheated: ${reason}`,
      );
    // A player already out (its late lines are still relayed): the host has dealt with it.
    if (!isActive(p) || this.unpunished !== null) return;
    const timer = setTimeout(() => {
      if (this.unpunished?.player !== player) return;
      this.leaveOverCheat(
        `player ${player} cheated (${reason}) and the host did not time it out within ${this.config.ackTimeoutMs} ms`,
      );
    }, this.config.ackTimeoutMs);
    this.unpunished = { player, reason, timer };
  }

  /** Client: the host let a cheat stand (or is the cheat). Tells everyone why, leaves, and the game ends for this peer. */
  private leaveOverCheat(reason: string) {
    if (this.finished) return;
    this.failure = `${reason}; left the game`;
    this.emit({ type: 'info', text: this.failure });
    this.leave(reason);
  }

  private hostTimeout(player: number, reason: string) {
    const p = this.state.players[player];
    if (this.config.role !== 'host' || p === undefined || !isActive(p) || player === this.me) return;
    const message: Message = {
      command: 'timeout',
      payload: player,
      player_id: this.me,
      ack_id: this.ackCounter++,
    };
    this.sendOut(message);
    this.emit({ type: 'info', text: `player ${player} timed out: ${reason}` });
    this.neutralise(player, reason);
  }

  // ---- acting ----

  private step(): void {
    if (this.finished) return;
    if (this.state.phase === 'over') {
      // Class peers learn that a turn, and so the game, is over from the fortify that ends it (§8).
      if (this.state.winner === this.me && !this.closingFortifySent) {
        this.closingFortifySent = true;
        this.closingMessage = true;
        this.sendOut(fromAction({ command: 'fortify', player: this.me, payload: null }, this.ackCounter++, this.me));
        this.closingMessage = false;
      }
      // A peer that lost (host or client) waits a little for the winner's fortify, to acknowledge it
      // like class peers do.
      if (this.state.winner !== null && this.state.winner !== this.me && !this.core.closingFortifySeen) {
        this.endTimer ??= setTimeout(() => this.finish(), this.config.ackTimeoutMs);
        return;
      }
      this.finish();
      return;
    }
    if (this.core.busy) return;
    if (this.state.phase === 'first_player' || this.state.phase === 'shuffle_deck') {
      this.core.startDraw();
      this.drain();
      this.step();
      return;
    }
    const awaited = decisionBy(this.state);
    if (awaited === null) return;
    if (this.state.players[awaited]!.neutral) {
      if (this.config.role === 'host' && this.state.phase === 'defend') {
        this.send({
          command: 'defend',
          player: awaited,
          payload: maxDefendDice(this.state, this.state.pendingAttack!.to),
        });
      }
      return;
    }
    if (awaited === this.me) {
      if (!this.deciding) this.decide();
      return;
    }
    if (this.config.role === 'host' && this.moveTimer === null) {
      const snapshot = this.state;
      this.moveTimer = setTimeout(() => {
        this.moveTimer = null;
        if (this.finished) return;
        if (this.state === snapshot) this.hostTimeout(awaited, `did not move within ${this.config.moveTimeoutMs} ms`);
        this.step();
      }, this.config.moveTimeoutMs);
    }
  }

  private decide() {
    this.deciding = true;
    const snapshot = this.state;
    // The game as the peers this move must satisfy see it (the class draw quirk's view, where that
    // puts this peer elsewhere in its turn): the replica's rule.
    this.config.seat
      .decide(this.core.decisionView(this.selfAckers.size > 0), this.me)
      .then((action) => {
        this.deciding = false;
        if (this.finished || this.state !== snapshot) return this.step();
        // A move every other peer can follow (both draw views, both card-bonus readings): the replica's rule.
        const own = this.core.ownMove(action, this.selfAckers.size > 0);
        for (const text of own.notes) this.emit({ type: 'info', text });
        this.send(own.action as MessageAction);
      })
      .catch((error: Error) => {
        this.deciding = false;
        this.emit({ type: 'info', text: `this seat failed to decide: ${error.message}` });
      });
  }

  /** Sends one of this peer's moves and applies it here, as every other peer will. */
  private send(action: MessageAction) {
    const message = fromAction(toAction(fromAction(action)), this.ackCounter, this.me);
    const line = this.sendOut(message);
    this.process(message.player_id ?? this.me, message, line, true);
    this.step();
  }

  private sendOut(message: Message): string {
    const line = encodeLine(message).trimEnd();
    this.config.recorder?.outgoing(line);
    const wire = this.wireIds === null ? line : encodeLine(this.mapIds(message, 'wire')).trimEnd();
    for (const link of this.config.links.values()) link.send(wire);
    if (message.command !== 'acknowledgement' && 'ack_id' in message && message.ack_id !== undefined) {
      // The host's timeouts are not processed as lines: their ids are noted here.
      this.authored(this.me, message.ack_id);
      if (this.config.role === 'host') this.expectAcks(this.me, message.command, message.ack_id);
    }
    this.watchHost();
    return line;
  }

  /** `player` sent a message under `ackId`: later messages take higher ids, within a signed 32-bit integer. */
  private authored(player: number, ackId: number) {
    this.ackCounter = ackIdAfter(this.ackCounter, ackId);
    const authors = this.ackAuthors.get(ackId) ?? new Set<number>();
    this.ackAuthors.set(ackId, authors.add(player));
  }

  // ---- acknowledgements (host) and a silent host (client) ----

  /** Host: every other active client must acknowledge `command` within the ack timeout, or it is timed out. */
  private expectAcks(author: number, command: string, ackId: number) {
    if (!ACK_ENFORCED.has(command) || this.finished) return;
    const waiting = new Set(
      this.state.players
        .filter(
          (p) =>
            (this.closingMessage ? !p.neutral : isActive(p)) &&
            p.id !== author &&
            p.id !== this.me &&
            this.config.links.get(p.id)?.closed === false,
        )
        .map((p) => p.id),
    );
    if (waiting.size === 0) return;
    const timer = setTimeout(() => {
      const index = this.awaitedAcks.indexOf(entry);
      if (index >= 0) this.awaitedAcks.splice(index, 1);
      if (this.finished) {
        if (this.awaitedAcks.length === 0) this.closing?.();
        return;
      }
      for (const player of waiting)
        this.hostTimeout(
          player,
          `did not acknowledge ${command} (ack_id ${ackId}) within ${this.config.ackTimeoutMs} ms`,
        );
      this.step();
    }, this.config.ackTimeoutMs);
    const entry: AwaitedAcks = { ackId, command, waiting, timer };
    this.awaitedAcks.push(entry);
  }

  /** Ack ids repeat among class peers (§8), so an ack counts for every awaited message with its id. */
  private acknowledged(player: number, ackId: number) {
    if (this.config.role !== 'host') return;
    for (const awaited of this.awaitedAcks) if (awaited.ackId === ackId) awaited.waiting.delete(player);
    this.settleAcks();
  }

  /** Drops the messages every awaited player has acked; after the game, closes once none is left. */
  private settleAcks() {
    for (const awaited of [...this.awaitedAcks]) {
      if (awaited.waiting.size > 0) continue;
      clearTimeout(awaited.timer);
      this.awaitedAcks.splice(this.awaitedAcks.indexOf(awaited), 1);
    }
    if (this.finished && this.awaitedAcks.length === 0) this.closing?.();
  }

  /**
   * Client: (re)starts the wait for the host. The host times out anyone it waits for within the move
   * timeout and then speaks, so a host silent for much longer than that has gone away.
   */
  private watchHost() {
    if (this.config.role !== 'client' || this.finished) return;
    if (this.hostWatch) clearTimeout(this.hostWatch);
    const silenceMs = this.config.hostSilenceMs ?? 2 * this.config.moveTimeoutMs + this.config.ackTimeoutMs;
    this.hostWatch = setTimeout(() => {
      this.hostWatch = null;
      if (this.finished) return;
      this.failure = `the host sent nothing for ${silenceMs} ms; gave the game up`;
      this.emit({ type: 'info', text: this.failure });
      this.leave(`the host sent nothing for ${silenceMs} ms`);
    }, silenceMs);
  }

  private emit(event: SessionEvent) {
    this.config.onEvent?.(event);
  }

  private finish() {
    if (this.finished) return;
    this.finished = true;
    this.clearMoveTimer();
    this.clearRoundTimer();
    if (this.hostWatch) clearTimeout(this.hostWatch);
    if (this.endTimer) clearTimeout(this.endTimer);
    if (this.unpunished) clearTimeout(this.unpunished.timer);
    this.config.recorder?.close();
    const result: SessionResult = { state: this.state, winner: this.state.winner, violations: this.violations };
    // Class peers keep their sockets open after the game: ours closes its own, or the process lives on.
    const close = () => {
      this.closing = null;
      for (const awaited of this.awaitedAcks.splice(0)) clearTimeout(awaited.timer);
      for (const link of this.config.links.values()) link.close();
      this.resolve(result);
    };
    if (this.config.role === 'host' && this.state.phase === 'over' && this.awaitedAcks.length > 0) this.closing = close;
    else close();
  }

  private clearMoveTimer() {
    if (this.moveTimer) clearTimeout(this.moveTimer);
    this.moveTimer = null;
  }
}
