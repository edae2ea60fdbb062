// One peer of a cs3099 star game, as a pure object on the core contract (core/contract.ts): lines
// and the time in, effects out. Clients talk only to the host; the host re-sends every client
// message unchanged to every other client, so all peers see one order of messages
// (cs3099-observed.md §1). Every peer checks every move and rolls every die (the star replica,
// star.ts, the code `risk verify` replays our records with); this peer adds the rules of the
// profile's talk: acknowledgements, the host's timeouts and refusals, a client's wait for the
// host's verdict and for the host itself, the end of the game. It opens no socket and sets no
// timer: a driver (sessions/star-session.ts) moves the lines, keeps one timer at wakeAt and asks the seat.

import {
  type Action,
  decisionBy,
  type GameState,
  isActive,
  maxDefendDice,
  type OptionsInput,
} from '../../model/index.js';
import { ackIdAfter } from '../../protocol/ack-ids.js';
import { decodeLine, encodeLine } from '../../protocol/codec.js';
import { fromAction, type Message, type MessageAction, toAction } from '../../protocol/messages.js';
import { CS3099_RULES } from '../../protocol/profiles.js';
import type { Core, Effect, SessionEvent, SessionPlayer, SessionResult } from '../contract.js';
import { type DeadlineId, Deadlines } from './deadlines.js';
import { HOST, impersonation, StarCore } from './star.js';

export interface StarPeerConfig {
  readonly me: number;
  readonly role: 'host' | 'client';
  /**
   * The players by their ids on the wire. The game numbers them 0…N−1 in ascending id order (the
   * order of the first-player draw); a class host that does not play may number its clients from 1.
   */
  readonly players: readonly SessionPlayer[];
  /** Client: the host's player id, or null for a host that does not play (its lines carry player_id null). Default 0. */
  readonly host?: number | null;
  /** The players this peer has a link to, in the driver's order. Host: each client. Client: the host. */
  readonly links: readonly number[];
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** Client: how long the host may stay silent before this peer gives the game up. Default 2 × move + ack timeout. */
  readonly hostSilenceMs?: number;
  /**
   * The recorded class peer's card-draw bug (§7: once a player has captured, it draws at every later
   * fortify). 'detect' (default) follows it from the first move that is legal only under it;
   * 'never' holds every peer to the rules.
   */
  readonly drawQuirk?: 'detect' | 'never';
  /**
   * The territory-card bonus (card-bonus.ts): 'either' (default) takes a deploy that follows the
   * first class peer's reading or the rulebook's; 'rulebook' holds every peer to the rulebook's.
   */
  readonly cardBonus?: 'either' | 'rulebook';
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
  readonly deadline: DeadlineId;
}

export class StarPeer implements Core {
  /** The game as this peer has processed it: the same replica `risk verify` replays the record with. */
  private readonly core: StarCore;
  private readonly deadlines = new Deadlines();
  private effects: Effect[] = [];
  /** The time of the call being handled. */
  private now = 0;
  private ackCounter = 0;
  /** The decision this peer's seat is asked for, until it is made (decide). */
  private due: { readonly index: number; readonly state: GameState } | null = null;
  /** The game's state objects seen by decisionDue, numbered: a decision is for the state it was asked on. */
  private decisionIndex = 0;
  private decisionState: GameState | null = null;
  private ended = false;
  private result: SessionResult | null = null;
  private failure: string | null = null;
  private moveDeadline: DeadlineId | null = null;
  private roundDeadline: DeadlineId | null = null;
  private hostWatch: DeadlineId | null = null;
  private endDeadline: DeadlineId | null = null;
  private readonly awaitedAcks: AwaitedAcks[] = [];
  private readonly closedLinks = new Set<number>();
  private readonly violations: { player: number; reason: string }[] = [];
  /**
   * Client: a client's cheat seen in the one order, not yet punished. The host relays a move before
   * it checks it and sends its `timeout` naming the cheater right after; a host that plays on
   * without doing so has accepted the cheat, and this peer leaves.
   */
  private unpunished: { player: number; reason: string; deadline: DeadlineId } | null = null;
  /** Who sent messages under each ack id, and the players seen acking their own (the 2015 implementation does, §8). */
  private readonly ackAuthors = new Map<number, Set<number>>();
  private readonly selfAckers = new Set<number>();
  private closingFortifySent = false;
  /** Host, game over: the result waits for the last acks (or their deadlines). */
  private closing = false;
  /** The message being sent is the winner's closing fortify: every connected player, beaten ones too, should ack it. */
  private closingMessage = false;
  /** This peer's seat, and the host's (null: it does not play). Seats are the game's player numbers. */
  private readonly me: number;
  private readonly hostSeat: number | null;
  /** Wire id of each seat; null when they are the same (always so with our host). */
  private readonly wireIds: readonly number[] | null;
  private readonly seats: ReadonlyMap<number, number>;

  constructor(private readonly config: StarPeerConfig) {
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
    // The record's header, first: the audit replays the record with the same replica, and needs who
    // hosted and how draws were judged. Lines already waiting on a link may be read before start.
    this.note({
      me: this.me,
      profile: 'cs3099',
      rules: { ...CS3099_RULES, ...config.rules },
      host: this.hostSeat,
      drawQuirk: config.drawQuirk ?? 'detect',
      cardBonus: config.cardBonus ?? 'either',
    });
    const joined = [...config.players]
      .sort((a, b) => a.id - b.id)
      .map((p, seat) => [seat, p.name, ''] as [number, string, string]);
    this.record('in', 0, encodeLine({ command: 'players_joined', payload: joined }).trimEnd());
    this.record(
      'in',
      0,
      encodeLine({ command: 'initialise_game', payload: { version: 1, supported_features: [] } }).trimEnd(),
    );
  }

  get current(): GameState {
    return this.core.current;
  }

  private get state(): GameState {
    return this.core.current;
  }

  /** This peer's seat (the game's number for it). */
  get seat(): number {
    return this.me;
  }

  /** Why the game could not go on for this peer (the host went away), if it could not. */
  get problem(): string | null {
    return this.failure;
  }

  /** How the game ended for this peer, once it has (the host's, after the last acks are in or overdue). */
  get finished(): SessionResult | null {
    return this.result;
  }

  /** When tick must next be called, or null. */
  get wakeAt(): number | null {
    return this.result === null ? this.deadlines.wakeAt : null;
  }

  /** The decision this peer's seat is to make now, on the game as the peers it must satisfy see it. */
  get decisionDue(): { readonly index: number; readonly state: GameState } | null {
    return this.due;
  }

  /** What the driver must do now, in order; each effect is returned once. */
  drain(): Effect[] {
    const effects = this.effects;
    this.effects = [];
    return effects;
  }

  /** The wire id of a seat (the same number unless a host that does not play numbered its clients otherwise). */
  playerId(seat: number): number {
    return this.wireIds?.[seat] ?? seat;
  }

  /** Starts the game: the first step (the opening draw's dice round, or this seat's move). */
  start(now: number) {
    this.now = now;
    this.watchHost();
    this.step();
  }

  /** Runs what is due by `now` (one deadline a call; wakeAt tells when the next is due). */
  tick(now: number) {
    this.now = now;
    this.deadlines.fireOne(now);
  }

  /** Stops from outside: the game ends here as it stands. */
  stop() {
    this.finish();
  }

  /** Leaves the game: tells the others (who make this player neutral), then stops. */
  leave(now: number, reason = 'left the game') {
    this.now = now;
    if (this.ended) return;
    this.sendOut({
      command: 'leave_game',
      payload: { response: 0, message: reason, receive_updates: false },
      player_id: this.me,
      ack_id: this.ackCounter++,
    });
    this.finish();
  }

  /** A line from the peer at the other end of `link` (a client hears only the host). */
  receive(link: number, line: string, now: number) {
    this.now = now;
    if (this.ended) {
      // After the game, the host still counts the acks of its last messages before it closes.
      if (!this.closing) return;
      const late = decodeLine(line);
      if (late.ok && !('ignored' in late) && late.message.command === 'acknowledgement') {
        const acker = late.message.player_id;
        this.acknowledged(typeof acker === 'number' ? acker : link, late.message.payload);
      }
      return;
    }
    const decoded = decodeLine(line);
    if (!decoded.ok) {
      this.emit({
        type: 'info',
        text: `ignored a malformed line from ${this.config.role === 'host' ? `player ${link}` : 'the host'}: ${decoded.reason}`,
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
      const claim = impersonation(link, message);
      if (claim !== null) {
        this.violation(link, claim);
        // The timeout may have ended a dice round (its player dropped out): the game goes on from here.
        this.step();
        return;
      }
      if (message.command === 'timeout') {
        // Relayed, the others could not tell it from the host's own: refused here, never passed on.
        this.violation(
          link,
          `sent a timeout for player ${message.payload}; only the host (player ${HOST}) may time a player out`,
        );
        this.step();
        return;
      }
      for (const player of this.config.links)
        if (player !== link) this.effects.push({ type: 'send', line: raw, to: player });
      if ('ack_id' in message && message.ack_id !== undefined) this.expectAcks(link, message.command, message.ack_id);
    }
    // A line without player_id is the host's: a client hears only the host.
    const from =
      typeof claimed === 'number' ? claimed : this.config.role === 'host' ? link : (this.hostSeat ?? NO_SEAT);
    this.record('in', from, line);
    this.process(from, message, line);
    this.step();
  }

  /** The link to `player` closed. */
  linkClosed(player: number, now: number) {
    this.now = now;
    this.closedLinks.add(player);
    if (this.ended) {
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

  /**
   * This peer's seat chose `chosen` for decision `index` (decisionDue). A decision for a game that
   * has moved on since is dropped (the seat is asked again).
   */
  decide(index: number, chosen: Action, now: number) {
    this.now = now;
    if (this.due === null || this.due.index !== index) return;
    this.due = null;
    if (this.ended || this.state !== this.decisionState) return this.step();
    // A move every other peer can follow (both draw views, both card-bonus readings): the replica's rule.
    const own = this.core.ownMove(chosen, this.selfAckers.size > 0);
    for (const text of own.notes) this.emit({ type: 'info', text });
    this.send(own.action as MessageAction);
  }

  /** The seat could not decide: it is asked again at the next step. */
  undecided(index: number, reason: string) {
    if (this.due === null || this.due.index !== index) return;
    this.due = null;
    this.emit({ type: 'info', text: `this seat failed to decide: ${reason}` });
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
    this.carryOut();
  }

  /** Carries out what the replica asks for, in order (handling one may ask for more). */
  private carryOut() {
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
            if (effect.stage === 'over') this.clearRoundDeadline();
            else this.armRoundDeadline();
            break;
          case 'moved':
            this.clearMoveDeadline();
            break;
          case 'verdict':
            if (this.unpunished?.player === effect.player) {
              this.deadlines.cancel(this.unpunished.deadline);
              this.unpunished = null;
            }
            break;
          case 'quirk-draw':
          case 'draw-model':
          case 'card-bonus':
            break; // followed in the replica; only the audit reports it
        }
      }
    }
  }

  /** The host times out whoever a dice round is still waiting for. */
  private armRoundDeadline() {
    if (this.config.role !== 'host') return;
    this.clearRoundDeadline();
    this.roundDeadline = this.deadlines.set(this.now + this.config.moveTimeoutMs, () => {
      this.roundDeadline = null;
      const waits = this.core.roundWaitsFor();
      if (waits === null || this.ended) return;
      for (const p of waits.players)
        this.hostTimeout(p, `no dice ${waits.stage} within ${this.config.moveTimeoutMs} ms`);
      this.step();
    });
  }

  private clearRoundDeadline() {
    this.deadlines.cancel(this.roundDeadline);
    this.roundDeadline = null;
  }

  // ---- neutral players, timeouts and violations ----

  /** A player made neutral in the one order: whatever the host was timing or awaiting from it is over. */
  private neutralised(player: number) {
    // The move deadline was set for the state before; step() sets a fresh one for whoever is awaited now.
    this.clearMoveDeadline();
    for (const awaited of this.awaitedAcks) awaited.waiting.delete(player);
    this.settleAcks();
  }

  /** Applies a neutralisation this peer decided (the host's timeout, sent just before). */
  private neutralise(player: number, reason: string) {
    this.core.neutralise(player, reason);
    this.carryOut();
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
    const deadline = this.deadlines.set(this.now + this.config.ackTimeoutMs, () => {
      if (this.unpunished?.player !== player) return;
      this.leaveOverCheat(
        `player ${player} cheated (${reason}) and the host did not time it out within ${this.config.ackTimeoutMs} ms`,
      );
    });
    this.unpunished = { player, reason, deadline };
  }

  /** Client: the host let a cheat stand (or is the cheat). Tells everyone why, leaves, and the game ends for this peer. */
  private leaveOverCheat(reason: string) {
    if (this.ended) return;
    this.failure = `${reason}; left the game`;
    this.emit({ type: 'info', text: this.failure });
    this.leave(this.now, reason);
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
    if (this.ended) return;
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
        this.endDeadline ??= this.deadlines.set(this.now + this.config.ackTimeoutMs, () => this.finish());
        return;
      }
      this.finish();
      return;
    }
    if (this.core.busy) return;
    if (this.state.phase === 'first_player' || this.state.phase === 'shuffle_deck') {
      this.core.startDraw();
      this.carryOut();
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
      if (this.due === null) this.ask();
      return;
    }
    if (this.config.role === 'host' && this.moveDeadline === null) {
      const snapshot = this.state;
      this.moveDeadline = this.deadlines.set(this.now + this.config.moveTimeoutMs, () => {
        this.moveDeadline = null;
        if (this.ended) return;
        if (this.state === snapshot) this.hostTimeout(awaited, `did not move within ${this.config.moveTimeoutMs} ms`);
        this.step();
      });
    }
  }

  /** Asks this peer's seat for its move, on the game as the peers this move must satisfy see it (the class draw quirk's view). */
  private ask() {
    if (this.decisionState !== this.state) {
      this.decisionState = this.state;
      this.decisionIndex++;
    }
    this.due = { index: this.decisionIndex, state: this.core.decisionView(this.selfAckers.size > 0) };
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
    this.record('out', this.me, line);
    const wire = this.wireIds === null ? line : encodeLine(this.mapIds(message, 'wire')).trimEnd();
    this.effects.push({ type: 'send', line: wire, to: null });
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
    if (!ACK_ENFORCED.has(command) || this.ended) return;
    const waiting = new Set(
      this.state.players
        .filter(
          (p) =>
            (this.closingMessage ? !p.neutral : isActive(p)) &&
            p.id !== author &&
            p.id !== this.me &&
            this.config.links.includes(p.id) &&
            !this.closedLinks.has(p.id),
        )
        .map((p) => p.id),
    );
    if (waiting.size === 0) return;
    const deadline = this.deadlines.set(this.now + this.config.ackTimeoutMs, () => {
      const index = this.awaitedAcks.indexOf(entry);
      if (index >= 0) this.awaitedAcks.splice(index, 1);
      if (this.ended) {
        if (this.awaitedAcks.length === 0) this.close();
        return;
      }
      for (const player of waiting)
        this.hostTimeout(
          player,
          `did not acknowledge ${command} (ack_id ${ackId}) within ${this.config.ackTimeoutMs} ms`,
        );
      this.step();
    });
    const entry: AwaitedAcks = { ackId, command, waiting, deadline };
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
      this.deadlines.cancel(awaited.deadline);
      this.awaitedAcks.splice(this.awaitedAcks.indexOf(awaited), 1);
    }
    if (this.ended && this.closing && this.awaitedAcks.length === 0) this.close();
  }

  /**
   * Client: (re)starts the wait for the host. The host times out anyone it waits for within the move
   * timeout and then speaks, so a host silent for much longer than that has gone away.
   */
  private watchHost() {
    if (this.config.role !== 'client' || this.ended) return;
    this.deadlines.cancel(this.hostWatch);
    const silenceMs = this.config.hostSilenceMs ?? 2 * this.config.moveTimeoutMs + this.config.ackTimeoutMs;
    this.hostWatch = this.deadlines.set(this.now + silenceMs, () => {
      this.hostWatch = null;
      if (this.ended) return;
      this.failure = `the host sent nothing for ${silenceMs} ms; gave the game up`;
      this.emit({ type: 'info', text: this.failure });
      this.leave(this.now, `the host sent nothing for ${silenceMs} ms`);
    });
  }

  private emit(event: SessionEvent) {
    this.effects.push({ type: 'event', event });
  }

  private record(dir: 'in' | 'out', from: number, line: string) {
    this.effects.push({ type: 'record', dir, from, line });
  }

  private note(fact: Record<string, unknown>) {
    this.effects.push({ type: 'record', dir: 'note', from: this.me, line: JSON.stringify(fact) });
  }

  private finish() {
    if (this.ended) return;
    this.ended = true;
    this.due = null;
    this.clearMoveDeadline();
    this.clearRoundDeadline();
    this.deadlines.cancel(this.hostWatch);
    this.deadlines.cancel(this.endDeadline);
    if (this.unpunished) this.deadlines.cancel(this.unpunished.deadline);
    // Class peers keep their sockets open after the game: the host waits for the acks of its last messages.
    if (this.config.role === 'host' && this.state.phase === 'over' && this.awaitedAcks.length > 0) this.closing = true;
    else this.close();
  }

  /** The game is over for this peer: its result (the driver closes the links). */
  private close() {
    if (this.result !== null) return;
    this.closing = false;
    this.awaitedAcks.splice(0);
    this.deadlines.clear();
    this.result = { state: this.state, winner: this.state.winner, violations: this.violations };
  }

  private clearMoveDeadline() {
    this.deadlines.cancel(this.moveDeadline);
    this.moveDeadline = null;
  }
}
