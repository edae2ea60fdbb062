// Test-only: a cs3099 peer that behaves on the wire like one of the two 2015 class implementations
// recorded in tests/fixtures/cs3099, quirks included (cs3099-observed.md §3–§8, §10, §11 and the
// interop recordings): the Java one (peterjosling/risk, JAVA_2015_QUIRKS; the `interop-*`
// recordings) or a second, independent one (SECOND_2015_QUIRKS; the `interop-ac-*` recordings). It
// plays real TCP on 127.0.0.1 as the host of a game of `players` (2 by default: the Java host
// starts as soon as one client joined), relaying every client's line to the others, or as a
// client, with a simple greedy AI.
//
// Every loop is bounded: a game stops itself after `maxMs` or `maxLines`, a silent opponent is a
// stall after `stallMs`, and stop() closes the listener and every socket.
import { createHash } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import {
  type Action,
  apply,
  attackOptions,
  CHECK_DICE,
  classicBoard,
  type Dice,
  decisionBy,
  type GameState,
  maxAttackDice,
  maxDefendDice,
  pendingAfterNeutral,
  setsInHand,
  startGame,
} from '../../src/model/index.js';
import { CARD_BONUS_READINGS, CS3099_RULES } from '../../src/protocol/profiles.js';
import { cs3099Dice, hashChainStream, seededDice } from '../../src/protocol/random.js';

/** Behaviours of the recorded class implementation; each can be turned off to get a well-behaved peer. */
export interface ClassQuirks {
  /** §7/§11: after a player's first capture, a card is drawn at every later fortify of theirs (the flag is never reset). */
  readonly drawAfterFirstCapture: boolean;
  /** It acknowledges only the commands a player's move queue handles (setup, play_cards, deploy, attack, fortify, ready, timeout, leave_game): never defend or attack_capture. */
  readonly ackOnlyTopLevel: boolean;
  /** Right after its own acked command it sends the acknowledgement of it itself. */
  readonly selfAcks: boolean;
  /** Its ack-id counter ignores the ids of the defends and captures it receives, so ids collide and repeat. */
  readonly collidingAckIds: boolean;
  /** It never closes a socket when the game is over. */
  readonly neverClose: boolean;
  /** `[0,0,0]` for a fortify that moves nothing. */
  readonly zeroFortify: boolean;
  /** accept_join_game spells the timeouts `acknowledgementTimeout` / `commandTimeout`. */
  readonly camelCaseTimeouts: boolean;
  /** players_joined entries as `[id, name]` instead of the recorded `[id, name, ""]`. */
  readonly pairPlayersJoined: boolean;
  /** The winner still ends its winning turn with a (harmless) fortify, as every recorded win does. */
  readonly fortifyAfterWin: boolean;
  /** It learns that the game is over only from the fortify that ends the winning turn. */
  readonly endOnlyAtFortify: boolean;
  /** A wrapped `{"message": …}` line kills its reader: it reads nothing more. */
  readonly bareLinesOnly: boolean;
  /** As host it waits the whole acknowledgement timeout after `ready` before `initialise_game` (game a: 2 s). */
  readonly readyWaitsFullAckTimeout: boolean;
  /** join_game says `"supported_versions":[1.0]` (a Java float). */
  readonly floatVersions: boolean;
  /**
   * Not the recorded peer: it sends every line in the late-course envelope `{"message": "<line>", "signature": ""}`
   * (two other class implementations do, §1). Use with bareLinesOnly off: those accept both forms.
   */
  readonly wrapLines: boolean;
  /** Not the recorded peer: the mirror of bareLinesOnly, a bare line kills its reader (a peer that wants the envelope). */
  readonly wrappedLinesOnly: boolean;
  /**
   * An illegal move or a dice number that does not match its hash, from another player, kills its
   * game loop (the recorded peer throws). Off: it notes the cheat (`cheatsSeen`), ignores the line
   * and waits for the host's `timeout` naming the cheater, as a checking peer would.
   */
  readonly crashOnIllegalMove: boolean;
  /**
   * The territory-card bonus as the recorded games have it: +2 for each traded card showing an own
   * territory, in every trade. Off: the rulebook's, +2 once a turn (seed 001's appendix; the
   * second class implementation's reading).
   */
  readonly bonusPerCard: boolean;
  /** It acknowledges an attack only once its battle is rolled (the Java peer); off: on receipt, like every other line. */
  readonly ackAttackAfterRoll: boolean;
  /** Its ack ids are drawn at random below 2^31 (the second implementation: 1578421405, 13529705, …), the ready's too. */
  readonly randomAckIds: boolean;
  /** Its envelope is `{"message": "<line>\n"}`, the inner line ending in a newline, with no signature (the second implementation). */
  readonly envelopeWithNewline: boolean;
  /** Its dice hashes and numbers in UPPER case hex. */
  readonly upperHex: boolean;
  /** As host it sends every player, the newcomer included, to every client at each join. */
  readonly playersJoinedEveryone: boolean;
  /** As host its lobby lines (accept_join_game, players_joined, initialise_game) carry its player_id, 0. */
  readonly hostIdOnLobbyLines: boolean;
  /**
   * The lobby of 3 or more players as the second implementation runs it. Its client acknowledges
   * `ready` only once every other player's ping came (the host's, with the count, and each other
   * client's, passed on by the host), then waits for every other client's acknowledgement of
   * `ready`: a ping then kills its lobby (interop-ac-3p-we-join-ping.jsonl). Its host passes each
   * client's ping and acknowledgement on to the others, sends `ready` once every client pinged,
   * and a ping after that kills its lobby.
   */
  readonly waitsForEveryPing: boolean;
  /**
   * After another player's trade that earned the +2 for a card of its own territory, its deploy
   * must place at least 2 armies on one such territory (the rulebook: "you must place both those
   * armies onto that particular territory"); its own deploys do so.
   */
  readonly checksBonusPlacement: boolean;
  /**
   * A move its model refuses: it sends `leave_game` with the reason alone as payload, no ack_id
   * ("Received invalid move. Disconnecting"), and closes (interop-ac-client-rejects-our-card-bonus.jsonl).
   * Takes precedence over crashOnIllegalMove.
   */
  readonly leaveOnIllegalMove: boolean;
}

/** The recorded 2015 implementation. */
export const JAVA_2015_QUIRKS: ClassQuirks = {
  drawAfterFirstCapture: true,
  ackOnlyTopLevel: true,
  selfAcks: true,
  collidingAckIds: true,
  neverClose: true,
  zeroFortify: true,
  camelCaseTimeouts: true,
  pairPlayersJoined: false,
  fortifyAfterWin: true,
  endOnlyAtFortify: true,
  bareLinesOnly: true,
  readyWaitsFullAckTimeout: true,
  floatVersions: true,
  wrapLines: false,
  wrappedLinesOnly: false,
  crashOnIllegalMove: true,
  bonusPerCard: true,
  ackAttackAfterRoll: true,
  randomAckIds: false,
  envelopeWithNewline: false,
  upperHex: false,
  playersJoinedEveryone: false,
  hostIdOnLobbyLines: false,
  waitsForEveryPing: false,
  checksBonusPlacement: false,
  leaveOnIllegalMove: false,
};

/** A well-behaved class peer: the protocol as written, nothing else. */
export const NO_QUIRKS: ClassQuirks = {
  drawAfterFirstCapture: false,
  ackOnlyTopLevel: false,
  selfAcks: false,
  collidingAckIds: false,
  neverClose: false,
  zeroFortify: false,
  camelCaseTimeouts: false,
  pairPlayersJoined: false,
  fortifyAfterWin: false,
  endOnlyAtFortify: false,
  bareLinesOnly: false,
  readyWaitsFullAckTimeout: false,
  floatVersions: false,
  wrapLines: false,
  wrappedLinesOnly: false,
  crashOnIllegalMove: false,
  bonusPerCard: false,
  ackAttackAfterRoll: false,
  randomAckIds: false,
  envelopeWithNewline: false,
  upperHex: false,
  playersJoinedEveryone: false,
  hostIdOnLobbyLines: false,
  waitsForEveryPing: false,
  checksBonusPlacement: false,
  leaveOnIllegalMove: false,
};

/**
 * The second, independently written 2015 class implementation of the `interop-ac-*` recordings
 * (its bots call themselves AC-GREEDY, AC-ANGRY, …) with its shipped settings: it reads and writes
 * only the `{"message": "<line>\n"}` envelope and closes on a bare join_game; the rulebook's card
 * bonus, placed on its territory; random ack ids; acks of every line on receipt, itself never;
 * UPPER case hex; players_joined of everyone as [id, name] pairs; the lobby of 3 or more players
 * as above; a bare-string leave_game on a move it refuses. It stops reading when a capture ends
 * the game (no closing fortify, none awaited) and keeps its sockets open. (Its recorded host,
 * set to speak bare lines, announced ack 100 s and move 200 s: the tests give shorter timeouts.)
 */
export const SECOND_2015_QUIRKS: ClassQuirks = {
  ...NO_QUIRKS,
  neverClose: true,
  pairPlayersJoined: true,
  floatVersions: true,
  wrapLines: true,
  wrappedLinesOnly: true,
  envelopeWithNewline: true,
  randomAckIds: true,
  upperHex: true,
  playersJoinedEveryone: true,
  hostIdOnLobbyLines: true,
  waitsForEveryPing: true,
  checksBonusPlacement: true,
  leaveOnIllegalMove: true,
};

/** Chooses the peer's next action when the model says it must act; `null` means it has nothing more to say (a scripted replay ran out). */
export type ClassPolicy = (state: GameState, me: number) => Action | null;

export interface ClassPeerOptions {
  readonly role: 'host' | 'client';
  /** Client: the host to dial, `host:port`. */
  readonly address?: string;
  readonly name?: string;
  /** Seeds the AI's choices and the dice numbers it reveals. */
  readonly seed: number;
  readonly quirks?: Partial<ClassQuirks>;
  /** Host: the players of its game, itself included (2–6). Default 2. */
  readonly players?: number;
  /** Host: the timeouts it announces, in seconds (recorded: 2 and 30). */
  readonly ackTimeoutS?: number;
  readonly moveTimeoutS?: number;
  /** No line from the other side for this long while the game is not over: a stall. Default 20 s. */
  readonly stallMs?: number;
  /** The whole game, start to end. Default 180 s. */
  readonly maxMs?: number;
  /** Lines in and out. Default 200 000. */
  readonly maxLines?: number;
  /** Pause before each of its own moves. Default 0. */
  readonly thinkMs?: number;
  /** Attacks per turn before it fortifies. Default 60. */
  readonly maxAttacksPerTurn?: number;
  /** Chance (0–1) that a turn has no attack at all, so turns without a capture (and quirk draws) happen. Default 0.25. */
  readonly quietTurns?: number;
  /** Replaces the greedy AI (a scripted replay uses the recorded moves). */
  readonly policy?: ClassPolicy;
  /**
   * A rogue peer: from its turn `cheatFromTurn` (default 1) on it cheats once, by deploying more
   * armies than it has ('extra-armies') or revealing a dice number that does not match its hash
   * ('bad-reveal'). Its own model goes on as if it had played fair.
   */
  readonly cheat?: 'extra-armies' | 'bad-reveal';
  readonly cheatFromTurn?: number;
  /** Replaces the seeded dice numbers (a scripted replay reveals the recorded ones). */
  readonly numbers?: () => Uint8Array;
  /** Replaces its random ack ids (randomAckIds; a scripted replay uses the recorded ones). */
  readonly ackIds?: () => number;
}

export type ClassPeerStatus =
  | 'playing'
  | 'won'
  | 'lost'
  /** Its game loop died on something it received (it stops responding; the socket stays open). */
  | 'crashed'
  /** The host sent `timeout` naming it. */
  | 'expelled'
  /** It left the game over a move its model refused (leaveOnIllegalMove). */
  | 'left'
  /** The other player left or was timed out: the 2-player game cannot go on for it. */
  | 'opponent-left'
  | 'rejected'
  /** Nothing arrived for `stallMs` while it waited. */
  | 'stalled'
  | 'disconnected'
  /** maxMs or maxLines ran out. */
  | 'bounded'
  | 'stopped';

export interface ClassPeerOutcome {
  readonly status: ClassPeerStatus;
  /** Its player id (-1 if it never got one). */
  readonly me: number;
  readonly winner: number | null;
  readonly reason: string;
  /** Cards its model dealt under the draw quirk, in order. */
  readonly quirkDraws: readonly { readonly player: number; readonly card: number }[];
  /** Turns begun in its model. */
  readonly turns: number;
  /** Cheats it saw from other players (with crashOnIllegalMove off), in order. */
  readonly cheatsSeen: readonly { readonly player: number; readonly reason: string }[];
  /** Whether it cheated (a rogue peer). */
  readonly cheated: boolean;
}

export interface WireLine {
  readonly dir: 'in' | 'out';
  readonly raw: string;
  /** Host: the player at the other end of the connection (-1 before it joined; absent for a line to every client). */
  readonly player?: number;
  /** Milliseconds since the peer started. */
  readonly at: number;
}

const TOP_LEVEL = new Set(['ready', 'setup', 'play_cards', 'deploy', 'attack', 'fortify', 'timeout', 'leave_game']);
const GAME_MOVES = new Set(['setup', 'play_cards', 'deploy', 'attack', 'defend', 'attack_capture', 'fortify']);

type Json = Record<string, unknown>;

/** One TCP connection: the host's, or (host side) a client's. */
interface Conn {
  readonly socket: Socket;
  buffer: string;
  /** Host side: the client's player id once it joined, else -1. */
  player: number;
  /** Its reader died on a line it could not take: nothing more is read from it. */
  dead: boolean;
}

interface Round {
  readonly hashes: Map<number, string>;
  readonly numbers: Map<number, Uint8Array>;
  mine: Uint8Array | null;
  revealed: boolean;
}

export class ClassPeer {
  readonly lines: WireLine[] = [];
  readonly finished: Promise<ClassPeerOutcome>;
  /** Host: the port it listens on. */
  port = 0;
  me = -1;
  state: GameState | null = null;
  /** When (ms since start) a connection first closed, by either side; null while all are open, and when stop() closed them. */
  closedAt: number | null = null;
  /** Host: when (ms since start) each client's connection closed, by its player id. */
  readonly closedAtOf = new Map<number, number>();

  private readonly quirks: ClassQuirks;
  private readonly started = Date.now();
  private readonly rng: Dice;
  private resolve!: (outcome: ClassPeerOutcome) => void;
  private outcome: ClassPeerOutcome | null = null;
  private server: Server | null = null;
  /** Client: the one connection, to the host. Host: one per client. */
  private conns: Conn[] = [];
  private readonly ackIds: Dice;
  private timers = new Set<NodeJS.Timeout>();
  private stallTimer: NodeJS.Timeout | null = null;
  private names = new Map<number, string>();
  private nextAckId = 0;
  private lastReceivedAckId = -1;
  private round: Round | null = null;
  private pendingDefend: Action | null = null;
  /** The ack of an attack is due once its battle is rolled (and, for its own attack, after the capture). */
  private attackAckDue: { id: number; self: boolean } | null = null;
  private everCaptured = new Set<number>();
  private quirkDraws: { player: number; card: number }[] = [];
  private attacksThisTurn = 0;
  private quietTurn = false;
  private acting = false;
  private gameOverSeen = false;
  /** Lobby: the ack id of `ready`; who answered the ping and acknowledged `ready` (waitsForEveryPing: seen, as a client). */
  private readyId: number | null = null;
  private readonly pinged = new Set<number>();
  private readonly readied = new Set<number>();
  /** Client (waitsForEveryPing): a `ready` that came before every ping, acknowledged once they are in. */
  private readyWaiting: number | null = null;
  /** After a trade that earned the +2 (checksBonusPlacement): the trader and the territories its deploy must put 2 on one of. */
  private bonusDue: { player: number; territories: number[] } | null = null;
  private stopping = false;
  private numberCount = 0;
  /** The number of players: the host's option; a client's, from the host's ping (a 2-player game until then). */
  private playerCount: number;
  private cheatsSeen: { player: number; reason: string }[] = [];
  private staleDice = new Map<number, { hash: boolean }>();
  private cheated = false;

  private constructor(private readonly options: ClassPeerOptions) {
    this.quirks = { ...JAVA_2015_QUIRKS, ...options.quirks };
    this.rng = seededDice(options.seed);
    this.ackIds = seededDice(options.seed ^ 0xac1d);
    this.playerCount = options.role === 'host' ? (options.players ?? 2) : 2;
    this.finished = new Promise((resolve) => (this.resolve = resolve));
    this.later(() => this.end('bounded', `the game did not end within ${this.maxMs} ms`), this.maxMs);
  }

  /** Starts listening (host) or connects and asks to join (client). */
  static async start(options: ClassPeerOptions): Promise<ClassPeer> {
    const peer = new ClassPeer(options);
    if (options.role === 'host') await peer.listen();
    else await peer.connect(options.address ?? '');
    return peer;
  }

  private get maxMs() {
    return this.options.maxMs ?? 180_000;
  }

  /** Host: the clients that have joined so far. */
  get clients(): number {
    return this.joined().length;
  }

  get current(): ClassPeerOutcome {
    return this.outcome ?? this.snapshot('playing', '');
  }

  /** Ends the game if it is still on, closes every socket and the listener. */
  async stop(): Promise<ClassPeerOutcome> {
    this.stopping = true;
    this.end('stopped', 'stopped by the test');
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.stallTimer) clearTimeout(this.stallTimer);
    for (const conn of this.conns) conn.socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((r) => server.close(() => r()));
    return this.outcome!;
  }

  // ---- transport -------------------------------------------------------------------------

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const server = createServer((socket) => {
        if (this.state !== null || this.joined().length >= this.playerCount - 1) {
          // The Java host is full once its one client joined (and has started the game).
          socket.end(`${this.wire(JSON.stringify({ command: 'reject_join_game', payload: 'Game in progress' }))}\n`);
          return;
        }
        this.attach(socket);
      });
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        this.server = server;
        resolve();
      });
    });
  }

  private connect(address: string): Promise<void> {
    const at = address.lastIndexOf(':');
    const host = address.slice(0, at);
    const port = Number(address.slice(at + 1));
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host, port }, () => {
        socket.off('error', reject);
        this.attach(socket);
        const versions = this.quirks.floatVersions ? '[1.0]' : '[1]';
        const name = JSON.stringify(this.options.name ?? 'ClientAI');
        this.sendRaw(
          `{"command":"join_game","payload":{"supported_versions":${versions},"supported_features":[],"name":${name}}}`,
        );
        resolve();
      });
      socket.once('error', reject);
    });
  }

  /** Host: the clients that joined. */
  private joined(): Conn[] {
    return this.conns.filter((c) => c.player >= 0);
  }

  private attach(socket: Socket) {
    const conn: Conn = { socket, buffer: '', player: -1, dead: false };
    this.conns.push(conn);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(conn, chunk.toString('utf8')));
    socket.on('error', () => {});
    const closed = () => {
      if (this.stopping) return;
      if (this.options.role === 'host' && conn.player < 0) {
        // One that never joined (closed on a line it could not read): the lobby goes on.
        this.conns = this.conns.filter((c) => c !== conn);
        return;
      }
      const at = Date.now() - this.started;
      if (this.closedAt === null) this.closedAt = at;
      if (conn.player >= 0 && !this.closedAtOf.has(conn.player)) this.closedAtOf.set(conn.player, at);
      this.end('disconnected', 'the other side closed the connection');
    };
    socket.on('end', closed);
    socket.on('close', closed);
    this.armStall();
  }

  private onData(conn: Conn, text: string) {
    conn.buffer += text;
    for (let nl = conn.buffer.indexOf('\n'); nl >= 0; nl = conn.buffer.indexOf('\n')) {
      const raw = conn.buffer.slice(0, nl).replace(/\r$/, '');
      conn.buffer = conn.buffer.slice(nl + 1);
      if (raw.trim() === '' || conn.dead) continue;
      this.log('in', raw, conn);
      this.armStall();
      if (this.outcome === null) this.receive(conn, raw);
    }
  }

  private log(dir: 'in' | 'out', raw: string, conn: Conn | null) {
    const player = this.options.role === 'host' && conn !== null ? { player: conn.player } : {};
    this.lines.push({ dir, raw, at: Date.now() - this.started, ...player });
    if (this.lines.length >= (this.options.maxLines ?? 200_000))
      this.end('bounded', `${this.lines.length} lines exchanged without an end`);
  }

  /** A line in this peer's dialect. */
  private wire(raw: string): string {
    if (!this.quirks.wrapLines) return raw;
    return this.quirks.envelopeWithNewline
      ? JSON.stringify({ message: `${raw}\n` })
      : JSON.stringify({ message: raw, signature: '' });
  }

  /** Sends a line to `to`, or to every connection (the host: every client that joined; a client: the host). */
  private sendRaw(raw: string, to: Conn | null = null) {
    if (this.outcome !== null && this.outcome.status !== 'won' && this.outcome.status !== 'left') return;
    const line = this.wire(raw);
    const targets = (to !== null ? [to] : this.options.role === 'host' ? this.joined() : this.conns).filter(
      (c) => !c.socket.destroyed,
    );
    if (targets.length === 0) return;
    // A line to every client is logged once.
    this.log('out', line, to !== null || this.options.role === 'client' ? targets[0]! : null);
    for (const conn of targets) conn.socket.write(`${line}\n`);
  }

  private send(message: Json, to: Conn | null = null) {
    this.sendRaw(JSON.stringify(message), to);
  }

  /** The next ack id of its own. */
  private newAckId(): number {
    if (!this.quirks.randomAckIds) return this.nextAckId++;
    return this.options.ackIds?.() ?? this.ackIds.below(2 ** 31);
  }

  private later(fn: () => void, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private armStall() {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    const ms = this.options.stallMs ?? 20_000;
    this.stallTimer = setTimeout(() => {
      if (this.acting) return this.armStall();
      this.end('stalled', `nothing from the other side for ${ms} ms while waiting for ${this.waitingFor()}`);
    }, ms);
  }

  private waitingFor(): string {
    const state = this.state;
    if (state === null) return 'the lobby or the first dice round';
    if (this.round !== null)
      return `dice numbers (have ${this.round.hashes.size} hashes, ${this.round.numbers.size} numbers)`;
    if (state.phase === 'over') return `the turn-ending fortify of the winner (player ${state.winner})`;
    return `player ${decisionBy(state)} to ${state.phase}`;
  }

  // ---- ending ------------------------------------------------------------------------------

  private snapshot(status: ClassPeerStatus, reason: string): ClassPeerOutcome {
    return {
      status,
      me: this.me,
      winner: this.state?.winner ?? null,
      reason,
      quirkDraws: [...this.quirkDraws],
      cheatsSeen: [...this.cheatsSeen],
      cheated: this.cheated,
      turns: this.state?.turn ?? 0,
    };
  }

  private end(status: ClassPeerStatus, reason: string) {
    if (this.outcome !== null) return;
    this.outcome = this.snapshot(status, reason);
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.resolve(this.outcome);
    // The recorded peer keeps its sockets open after the game; a well-behaved one closes.
    if ((status === 'won' || status === 'lost') && !this.quirks.neverClose) {
      this.later(() => {
        for (const conn of this.conns) conn.socket.end();
      }, 100);
    }
  }

  /** Its game loop dies: nothing more is sent or read, the socket stays open (what the Java peer does on an exception). */
  private crash(reason: string) {
    for (const conn of this.conns) conn.dead = true;
    this.end('crashed', reason);
  }

  // ---- receiving ---------------------------------------------------------------------------

  private receive(conn: Conn, raw: string, inEnvelope = false): void {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      this.crash(`not JSON: ${raw.slice(0, 80)}`);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.crash(`not a JSON object: ${raw.slice(0, 80)}`);
      return;
    }
    const message = value as Json;
    if (typeof message.command === 'string' && this.quirks.wrappedLinesOnly && !inEnvelope) {
      if (this.options.role === 'host' && conn.player < 0) {
        // A joiner's bare join_game: it closes that connection at once, the lobby goes on
        // (interop-ac-host-refuses-bare-join.jsonl).
        conn.dead = true;
        conn.socket.destroy();
        return;
      }
      this.crash('a bare line killed its reader (it wants the {"message": …} envelope)');
      return;
    }
    if (typeof message.command !== 'string') {
      if ('message' in message && this.quirks.bareLinesOnly)
        this.crash('a wrapped {"message": …} line killed its reader');
      else if ('message' in message && typeof message.message === 'string')
        this.receive(conn, message.message.replace(/\n$/, ''), true);
      else this.crash(`no command in ${raw.slice(0, 80)}`);
      return;
    }
    const ackId = typeof message.ack_id === 'number' ? message.ack_id : null;
    if (ackId !== null) {
      this.lastReceivedAckId = ackId;
      if (!this.quirks.collidingAckIds || TOP_LEVEL.has(message.command))
        this.nextAckId = Math.max(this.nextAckId, ackId + 1);
    }
    const from = typeof message.player_id === 'number' ? message.player_id : null;
    // A star host passes every line of a client on to the others once the game is on.
    if (this.options.role === 'host' && conn.player >= 0 && this.state !== null)
      for (const other of this.joined()) if (other !== conn) this.sendRaw(JSON.stringify(message), other);
    switch (message.command) {
      case 'join_game':
        this.joinRequested(conn, message);
        return;
      case 'accept_join_game': {
        const p = (message.payload ?? {}) as Json;
        this.me = Number(p.player_id);
        return;
      }
      case 'reject_join_game':
        this.end('rejected', String(message.payload));
        return;
      case 'players_joined':
        for (const entry of (message.payload ?? []) as unknown[][]) this.names.set(Number(entry[0]), String(entry[1]));
        return;
      case 'ping':
        if (this.options.role === 'host') this.pingAnswered(conn);
        else this.pingCame(from, message.payload);
        return;
      case 'ready':
        if (ackId === null) return;
        if (this.quirks.waitsForEveryPing && !this.everyPingIn()) this.readyWaiting = ackId;
        else this.ackReady(ackId);
        return;
      case 'initialise_game':
        if (this.quirks.waitsForEveryPing && this.state === null && !this.everyReadyAckIn())
          this.crash('initialise_game before every other player acknowledged ready');
        else this.initialise();
        return;
      case 'acknowledgement':
        if (this.state === null) this.readyAcknowledged(conn, from, message.payload);
        return;
      case 'roll_hash':
        this.rollHash(from, message.payload);
        return;
      case 'roll_number':
        this.rollNumber(from, message.payload);
        return;
      case 'timeout': {
        if (ackId !== null) this.ack(ackId);
        if (message.payload === this.me) this.end('expelled', `the host timed it out (player_id ${String(from)})`);
        else if (!this.playsOnWithout(Number(message.payload)))
          this.end('opponent-left', `player ${String(message.payload)} was timed out`);
        return;
      }
      case 'leave_game':
        if (ackId !== null) this.ack(ackId);
        if (from === null || !this.playsOnWithout(from))
          this.end('opponent-left', `player ${String(from)} left: ${JSON.stringify(message.payload)}`);
        return;
      default:
        if (GAME_MOVES.has(message.command)) this.move(message, from, ackId);
      // Unknown commands are ignored (§2).
    }
  }

  /**
   * Another player timed out or left. In a game of three or more it becomes neutral and the game goes
   * on; false when the game cannot go on for this peer (two players: the recorded behaviour).
   */
  private playsOnWithout(player: number): boolean {
    const state = this.state;
    if (state === null || state.players.length <= 2 || !Number.isInteger(player)) return false;
    const result = apply(state, { command: 'timeout', player }, CHECK_DICE);
    if (!result.ok) return true; // already neutral, or no such player: nothing changes
    this.state = result.state;
    if (this.round !== null) {
      this.round.hashes.delete(player);
      this.round.numbers.delete(player);
      if (this.pendingDefend !== null) this.pendingDefend = pendingAfterNeutral(this.state, this.pendingDefend, player);
      const needed = this.pendingDefend !== null || ['first_player', 'shuffle_deck'].includes(this.state.phase);
      if (!needed) {
        // Lines of the dropped round may still come from the others (as in the star session).
        for (const p of this.active()) if (p !== this.me) this.staleDice.set(p, { hash: !this.round.hashes.has(p) });
        this.round = null;
      } else {
        this.maybeReveal();
        if (this.round !== null) this.maybeRoll();
      }
    }
    this.afterChange();
    return true;
  }

  /** A line from another player that breaks the rules: the recorded peer's loop dies; a checking peer notes it. */
  private illegal(from: number, reason: string, ackId: number | null = null) {
    if (this.quirks.leaveOnIllegalMove) {
      this.end('left', `player ${from}: ${reason}`);
      this.send({ player_id: this.me, payload: 'Received invalid move. Disconnecting', command: 'leave_game' });
      for (const conn of this.conns) conn.socket.end();
      return;
    }
    if (this.quirks.crashOnIllegalMove) return this.crash(reason);
    // Acknowledged on receipt like any line, then ignored.
    if (ackId !== null) this.ack(ackId);
    this.cheatsSeen.push({ player: from, reason });
  }

  private ack(id: number) {
    this.send({ command: 'acknowledgement', payload: id, player_id: this.me });
  }

  // ---- the lobby (§3) ------------------------------------------------------------------------

  private joinRequested(conn: Conn, message: Json) {
    if (this.options.role !== 'host' || conn.player >= 0) return;
    const payload = (message.payload ?? {}) as Json;
    const versions = payload.supported_versions as unknown[] | undefined;
    if (!Array.isArray(versions) || versions[0] !== 1) {
      this.send({ command: 'reject_join_game', payload: 'Must support version 1' }, conn);
      return this.end('rejected', `join_game without version 1 first: ${JSON.stringify(versions)}`);
    }
    const id = this.joined().length + 1;
    conn.player = id;
    this.me = 0;
    this.names.set(0, this.options.name ?? 'HostAI');
    this.names.set(id, String(payload.name ?? `player ${id}`));
    const ack = this.options.ackTimeoutS ?? 2;
    const move = this.options.moveTimeoutS ?? 30;
    const timeouts = this.quirks.camelCaseTimeouts
      ? { acknowledgementTimeout: ack, commandTimeout: move, player_id: id }
      : { player_id: id, acknowledgement_timeout: ack, move_timeout: move };
    const hostId = this.quirks.hostIdOnLobbyLines ? { player_id: 0 } : {};
    this.send({ command: 'accept_join_game', payload: timeouts, ...hostId }, conn);
    const entry = (p: number) =>
      this.quirks.pairPlayersJoined ? [p, this.names.get(p)!] : [p, this.names.get(p)!, ''];
    const everyone = [...this.names.keys()].sort((a, b) => a - b);
    if (this.quirks.playersJoinedEveryone) {
      this.send({ command: 'players_joined', payload: everyone.map(entry), ...hostId });
    } else {
      this.send({ command: 'players_joined', payload: everyone.filter((p) => p !== id).map(entry) }, conn);
      for (const other of this.joined())
        if (other !== conn) this.send({ command: 'players_joined', payload: [entry(id)] }, other);
    }
    if (this.joined().length === this.playerCount - 1)
      this.send({ command: 'ping', player_id: 0, payload: this.playerCount });
  }

  /** Host: a client answered the ping. Once every client has, `ready` goes out. */
  private pingAnswered(conn: Conn) {
    if (this.state !== null || conn.player < 0) return;
    if (this.readyId !== null) {
      if (this.quirks.waitsForEveryPing)
        this.crash(`a ping from player ${conn.player} where it waits for ready acknowledgements`);
      return;
    }
    this.pinged.add(conn.player);
    if (this.quirks.waitsForEveryPing)
      for (const other of this.joined())
        if (other !== conn) this.send({ command: 'ping', payload: null, player_id: conn.player }, other);
    if (this.joined().every((c) => this.pinged.has(c.player))) this.sendReady();
  }

  /** Client: a ping came, the host's (with the count) or (waitsForEveryPing) another client's, passed on. */
  private pingCame(from: number | null, payload: unknown) {
    if (typeof payload === 'number' && payload > 0) {
      this.playerCount = payload;
      this.pinged.add(from ?? 0);
      this.send({ command: 'ping', player_id: this.me, payload: null });
    } else if (this.quirks.waitsForEveryPing && from !== null && from !== this.me) {
      if (this.readyId !== null)
        return this.crash(`a ping from player ${from} where it waits for ready acknowledgements`);
      this.pinged.add(from);
    } else return;
    if (this.readyWaiting !== null && this.everyPingIn()) {
      const id = this.readyWaiting;
      this.readyWaiting = null;
      this.ackReady(id);
    }
  }

  /** Client: every other player's ping is in (the host's and each other client's). */
  private everyPingIn(): boolean {
    return this.pinged.size >= this.playerCount - 1;
  }

  /** Client: every other client has acknowledged `ready` (the host passes the acknowledgements on). */
  private everyReadyAckIn(): boolean {
    return this.readied.size >= this.playerCount - 2;
  }

  private ackReady(id: number) {
    this.readyId = id;
    this.ack(id);
  }

  /** An acknowledgement before the game: of `ready`, from a client (host) or passed on from another (client). */
  private readyAcknowledged(conn: Conn, from: number | null, payload: unknown) {
    if (this.options.role === 'client') {
      if (from !== null && from !== this.me && from !== 0) this.readied.add(from);
      return;
    }
    if (this.readyId === null || payload !== this.readyId || conn.player < 0) return;
    this.readied.add(conn.player);
    if (this.quirks.waitsForEveryPing)
      for (const other of this.joined())
        if (other !== conn) this.send({ command: 'acknowledgement', payload, player_id: conn.player }, other);
  }

  private sendReady() {
    if (this.state !== null || this.readyId !== null) return;
    const id = this.quirks.randomAckIds ? this.newAckId() : 0;
    this.readyId = id;
    this.send({ command: 'ready', payload: null, ack_id: id, player_id: 0 });
    this.nextAckId = 1;
    const waitMs = (this.options.ackTimeoutS ?? 2) * 1000;
    const deadline = Date.now() + waitMs;
    this.acting = true; // waiting on its own timer is no stall of the other side
    const poll = () => {
      if (this.outcome !== null) return;
      const allAcked = this.joined().every((c) => this.readied.has(c.player));
      if (Date.now() >= deadline || (!this.quirks.readyWaitsFullAckTimeout && allAcked)) {
        this.acting = false;
        this.armStall();
        const hostId = this.quirks.hostIdOnLobbyLines ? { player_id: 0 } : {};
        this.send({ command: 'initialise_game', payload: { version: 1, supported_features: [] }, ...hostId });
        this.initialise();
      } else this.later(poll, 20);
    };
    this.later(poll, 20);
  }

  private initialise() {
    if (this.state !== null) return;
    const bonus = this.quirks.bonusPerCard ? CARD_BONUS_READINGS.pool : CARD_BONUS_READINGS.rulebook;
    const started = startGame(classicBoard(), { ...CS3099_RULES, ...bonus, players: this.playerCount });
    if (!started.ok) return this.crash(started.reason);
    this.state = started.value;
    // The host's counter starts again at 0 for the game (game a: ready 0, then setup 0).
    if (this.options.role === 'host') this.nextAckId = 0;
    this.startRound();
  }

  // ---- dice rounds (§6) --------------------------------------------------------------------

  private active(): number[] {
    return this.state!.players.filter((p) => !p.neutral && !p.eliminated).map((p) => p.id);
  }

  private startRound() {
    if (this.round !== null) return;
    if (!this.active().includes(this.me)) {
      // Eliminated (or neutral): it follows the round without a number of its own.
      this.round = { hashes: new Map(), numbers: new Map(), mine: null, revealed: true };
      return;
    }
    const mine = this.options.numbers ? this.options.numbers() : this.seededNumber();
    this.round = { hashes: new Map([[this.me, sha256Hex(mine)]]), numbers: new Map(), mine, revealed: false };
    this.send({ command: 'roll_hash', payload: this.hex(sha256Hex(mine)), player_id: this.me });
    this.maybeReveal();
  }

  /** Hex in its case. */
  private hex(lower: string): string {
    return this.quirks.upperHex ? lower.toUpperCase() : lower;
  }

  private seededNumber(): Uint8Array {
    return createHash('sha256')
      .update(`class-peer ${this.options.seed} ${this.numberCount++}`)
      .digest();
  }

  private rollHash(from: number | null, payload: unknown) {
    if (this.state === null) return this.crash('roll_hash before initialise_game');
    if (from === null || typeof payload !== 'string') return this.crash(`bad roll_hash from ${String(from)}`);
    if (!this.active().includes(from)) return; // a neutral player's late line
    const owed = this.staleDice.get(from);
    if (owed?.hash) {
      owed.hash = false;
      return;
    }
    this.staleDice.delete(from);
    this.startRound();
    this.round!.hashes.set(from, payload.toLowerCase());
    this.maybeReveal();
  }

  private maybeReveal() {
    const round = this.round!;
    if (round.revealed || !this.active().every((p) => round.hashes.has(p))) return;
    round.revealed = true;
    round.numbers.set(this.me, round.mine!);
    // A rogue's cheat: a number other than the one it committed to (its own model keeps the true one).
    const shown = this.cheatNow('bad-reveal') ? this.seededNumber() : round.mine!;
    this.send({ command: 'roll_number', payload: this.hex(Buffer.from(shown).toString('hex')), player_id: this.me });
    this.maybeRoll();
  }

  private rollNumber(from: number | null, payload: unknown) {
    const round = this.round;
    if (from !== null && this.staleDice.has(from) && (round === null || !round.hashes.has(from))) return;
    if (from !== null && this.state !== null && !this.active().includes(from)) return; // not a participant
    if (round === null || from === null || typeof payload !== 'string')
      return this.crash(`unexpected roll_number from ${String(from)}`);
    const bytes = Buffer.from(payload, 'hex');
    if (sha256Hex(bytes) !== round.hashes.get(from))
      return this.illegal(from, `player ${from}'s number does not match its hash`);
    round.numbers.set(from, bytes);
    this.maybeRoll();
  }

  private maybeRoll() {
    const round = this.round!;
    if (!round.revealed || !this.active().every((p) => round.numbers.has(p))) return;
    this.round = null;
    const seed = new Uint8Array(32);
    for (const n of round.numbers.values()) for (let i = 0; i < 32; i++) seed[i]! ^= n[i]!;
    const dice = cs3099Dice(hashChainStream(seed));
    const state = this.state!;
    let action: Action;
    if (state.phase === 'first_player') action = { command: 'first_player' };
    else if (state.phase === 'shuffle_deck') action = { command: 'shuffle_deck' };
    else if (this.pendingDefend !== null) action = this.pendingDefend;
    else return this.crash('a dice round with nothing to roll for');
    this.pendingDefend = null;
    const result = apply(state, action, dice);
    if (!result.ok) return this.crash(`the rolled ${action.command} failed: ${result.reason}`);
    this.state = result.state;
    if (action.command === 'first_player') return this.startRound();
    if (action.command === 'defend' && this.attackAckDue !== null && !this.attackAckDue.self) {
      this.ack(this.attackAckDue.id);
      this.attackAckDue = null;
    }
    this.afterChange();
  }

  // ---- moves -------------------------------------------------------------------------------

  private move(message: Json, from: number | null, ackId: number | null) {
    const state = this.state;
    if (state === null) return this.crash(`${String(message.command)} before the game started`);
    const command = message.command as string;
    if (state.phase === 'over') {
      // The winner's turn-ending fortify: now the recorded peer knows the game is over.
      if (command === 'fortify' && from === state.winner) {
        if (ackId !== null) this.ack(ackId);
        this.gameOverSeen = true;
        return this.end(state.winner === this.me ? 'won' : 'lost', `player ${state.winner} owns every territory`);
      }
      return;
    }
    const expected = decisionBy(state);
    if (from === null || from !== expected) {
      const reason = `${command} from player ${String(from)} while player ${String(expected)} must act (${state.phase})`;
      return from === null ? this.crash(reason) : this.illegal(from, reason, ackId);
    }
    const action = toModelAction(command, from, message.payload);
    if (action === null) return this.crash(`unreadable ${command} payload ${JSON.stringify(message.payload)}`);
    if (action.command === 'play_cards' && action.payload !== null) {
      const hands = state.players.map((p) => p.cards);
      for (const card of action.payload.cards.flat()) {
        if (hands[this.me]!.includes(card))
          return this.crash(`player ${from} traded card ${card}, which my deck model says I hold`);
        if (!hands[from]!.includes(card))
          return this.crash(`player ${from} traded card ${card}, which my deck model says it does not hold`);
      }
    }
    const ackNow = ackId !== null && (!this.quirks.ackOnlyTopLevel || TOP_LEVEL.has(command));
    if (action.command === 'defend') {
      const check = apply(state, action, CHECK_DICE);
      if (!check.ok) return this.illegal(from, `defend: ${check.reason}`, ackId);
      if (ackNow) this.ack(ackId);
      this.pendingDefend = action;
      this.startRound();
      return;
    }
    const result = this.applyWithQuirk(state, action);
    if (!result.ok) return this.illegal(from, `${command}: ${result.reason}`, ackId);
    if (ackNow) {
      // The recorded peer acknowledges an attack once its battle has been rolled.
      if (action.command === 'attack' && this.quirks.ackAttackAfterRoll) this.attackAckDue = { id: ackId, self: false };
      else this.ack(ackId);
    }
    this.afterChange();
  }

  /** Applies an action, then the draw quirk after a fortify, as the recorded peer's model does. */
  private applyWithQuirk(state: GameState, action: Action): { ok: true } | { ok: false; reason: string } {
    const capturedBefore = state.capturedThisTurn;
    const due = this.bonusDue;
    if (action.command === 'deploy' && due !== null && due.player === action.player) {
      const on = (t: number) => action.payload.reduce((n, [where, armies]) => n + (where === t ? armies : 0), 0);
      if (!due.territories.some((t) => on(t) >= 2))
        return {
          ok: false,
          reason: `the 2 armies for a traded card of its own territory must be placed on ${due.territories.join(' or ')}`,
        };
    }
    const result = apply(state, action, CHECK_DICE);
    if (!result.ok) return result;
    if (action.command === 'deploy') this.bonusDue = null;
    const traded = result.events.find((e) => e.type === 'cards_traded');
    if (this.quirks.checksBonusPlacement && traded?.type === 'cards_traded' && traded.bonusTerritories.length > 0) {
      // The rulebook: "you must place both those armies onto that particular territory" (any one it shows).
      const player = traded.player;
      const shown = traded.sets.flat().filter((c) => c < state.owner.length && state.owner[c] === player);
      this.bonusDue = { player, territories: shown };
    }
    let next = result.state;
    if (action.command === 'fortify') {
      const player = action.player;
      if (capturedBefore) this.everCaptured.add(player);
      else if (this.quirks.drawAfterFirstCapture && this.everCaptured.has(player) && next.deck.length > 0) {
        const card = next.deck[0]!;
        this.quirkDraws.push({ player, card });
        next = {
          ...next,
          deck: next.deck.slice(1),
          players: next.players.map((p) => (p.id === player ? { ...p, cards: [...p.cards, card] } : p)),
        };
      }
      this.attacksThisTurn = 0;
    }
    this.state = next;
    return { ok: true };
  }

  private afterChange() {
    const state = this.state!;
    if (state.phase === 'over') {
      if (state.winner === this.me) return this.finishWin();
      if (!this.quirks.endOnlyAtFortify) return this.end('lost', `player ${state.winner} owns every territory`);
      return; // it waits for the winner's fortify
    }
    if (decisionBy(state) === this.me && this.round === null && !this.acting) {
      this.acting = true;
      this.later(() => this.act(), this.options.thinkMs ?? 0);
    }
  }

  private finishWin() {
    if (this.gameOverSeen) return;
    this.gameOverSeen = true;
    this.flushSelfAttackAck();
    if (this.quirks.fortifyAfterWin) {
      const id = this.newAckId();
      this.send({
        command: 'fortify',
        payload: this.quirks.zeroFortify ? [0, 0, 0] : null,
        ack_id: id,
        player_id: this.me,
      });
      if (this.quirks.selfAcks) this.ack(id);
    }
    this.end('won', `player ${this.me} owns every territory`);
  }

  private flushSelfAttackAck() {
    if (this.attackAckDue?.self) {
      if (this.quirks.selfAcks) this.ack(this.attackAckDue.id);
      this.attackAckDue = null;
    }
  }

  private act() {
    this.acting = false;
    if (this.outcome !== null || this.state === null) return;
    const state = this.state;
    if (decisionBy(state) !== this.me || this.round !== null) return;
    const action = this.options.policy ? this.options.policy(state, this.me) : this.choose(state);
    if (action === null) return; // a scripted replay has nothing more to say
    const isCapture = action.command === 'attack_capture';
    if (!isCapture) this.flushSelfAttackAck();
    let id: number;
    if (isCapture && this.quirks.collidingAckIds) id = Math.max(this.nextAckId, this.lastReceivedAckId + 1);
    else id = this.newAckId();
    let payload = wirePayload(action, this.quirks);
    if (action.command === 'deploy' && this.cheatNow('extra-armies')) {
      // A rogue's cheat: three armies more than it has, on the wire only.
      payload = [...(payload as [number, number][]), [action.payload[0]![0], 3]];
    }
    this.send({ command: action.command, payload, ack_id: id, player_id: this.me });
    if (action.command === 'defend') {
      const check = apply(state, action, CHECK_DICE);
      if (!check.ok) return this.crash(`its own defend was refused: ${check.reason}`);
      this.pendingDefend = action;
      this.startRound();
      return;
    }
    const result = this.applyWithQuirk(state, action);
    if (!result.ok) return this.crash(`its own ${action.command} was refused: ${result.reason}`);
    if (action.command === 'attack') {
      this.attacksThisTurn++;
      this.attackAckDue = { id, self: true };
    } else if (this.quirks.selfAcks && TOP_LEVEL.has(action.command)) this.ack(id);
    if (isCapture) this.flushSelfAttackAck();
    this.afterChange();
  }

  /** A rogue cheats once, at the first chance of its kind from turn `cheatFromTurn` on. */
  private cheatNow(kind: 'extra-armies' | 'bad-reveal'): boolean {
    if (this.options.cheat !== kind || this.cheated || this.state === null) return false;
    if (this.state.turn < (this.options.cheatFromTurn ?? 1)) return false;
    this.cheated = true;
    return true;
  }

  // ---- the AI: greedy and legal under its own model -----------------------------------------

  private pick<T>(items: readonly T[]): T {
    return items[this.rng.below(items.length)]!;
  }

  private choose(state: GameState): Action {
    const me = this.me;
    const board = state.board;
    const mine = (t: number) => state.owner[t] === me;
    const border = state.owner.map((_, t) => t).filter((t) => mine(t) && board.adjacency[t]!.some((n) => !mine(n)));
    switch (state.phase) {
      case 'setup': {
        const free = state.owner.map((o, t) => (o === -1 ? t : -1)).filter((t) => t >= 0);
        if (free.length > 0) {
          const near = free.filter((t) => board.adjacency[t]!.some(mine));
          return {
            command: 'setup',
            player: me,
            payload: this.pick(near.length > 0 && this.rng.below(3) > 0 ? near : free),
          };
        }
        return {
          command: 'setup',
          player: me,
          payload: this.pick(border.length > 0 ? border : state.owner.map((_, t) => t).filter(mine)),
        };
      }
      case 'cards': {
        const hand = state.players[me]!.cards;
        const sets = setsInHand(board, hand);
        const forced = state.eliminationTrade || hand.length >= state.options.forcedTradeAt;
        if (sets.length === 0 || (!forced && this.rng.below(2) !== 0))
          return { command: 'play_cards', player: me, payload: null };
        // One set, or as many as it takes to hold 4 cards or fewer (after taking a beaten player's cards).
        const traded = [sets[0]!];
        let left = hand.filter((c) => !sets[0]!.includes(c));
        for (let more = setsInHand(board, left)[0]; forced && left.length > 4 && more !== undefined; ) {
          traded.push(more);
          left = left.filter((c) => !more!.includes(c));
          more = setsInHand(board, left)[0];
        }
        return { command: 'play_cards', player: me, payload: { cards: traded } };
      }
      case 'deploy': {
        this.quietTurn = this.rng.below(1000) < (this.options.quietTurns ?? 0.25) * 1000;
        const targets = border.length > 0 ? border : state.owner.map((_, t) => t).filter(mine);
        // The +2 for a traded card of its own territory go on that territory.
        const bonus = this.bonusDue?.player === me ? [[this.bonusDue.territories[0]!, 2] as const] : [];
        return {
          command: 'deploy',
          player: me,
          payload: [
            ...bonus,
            ...Array.from({ length: state.toDeploy - 2 * bonus.length }, () => [this.pick(targets), 1] as const),
          ],
        };
      }
      case 'attack': {
        const max = this.options.maxAttacksPerTurn ?? 60;
        const options = attackOptions(state).filter(
          ([f, t]) => state.armies[f]! >= state.armies[t]! + 2 || state.armies[f]! >= 4,
        );
        if (options.length > 0 && this.attacksThisTurn < max && !this.quietTurn) {
          options.sort(
            ([f1, t1], [f2, t2]) => state.armies[f2]! - state.armies[t2]! - (state.armies[f1]! - state.armies[t1]!),
          );
          const [from, to] = options[0]!;
          return { command: 'attack', player: me, payload: [from, to, maxAttackDice(state, from)] };
        }
        return { command: 'fortify', player: me, payload: this.fortifyMove(state) };
      }
      case 'capture': {
        const { from, to, minimum } = state.pendingCapture!;
        return {
          command: 'attack_capture',
          player: me,
          payload: [from, to, Math.max(minimum, state.armies[from]! - 1)],
        };
      }
      case 'defend':
        return { command: 'defend', player: me, payload: maxDefendDice(state, state.pendingAttack!.to) };
      default:
        throw new Error(`class peer: nothing to choose in phase ${state.phase}`);
    }
  }

  /** Moves the armies of an interior territory to a neighbour on the front, or nothing. */
  private fortifyMove(state: GameState): [number, number, number] | null {
    const me = this.me;
    const adj = state.board.adjacency;
    const mine = (t: number) => state.owner[t] === me;
    for (let from = 0; from < state.owner.length; from++) {
      if (!mine(from) || state.armies[from]! < 2 || adj[from]!.some((n) => !mine(n))) continue;
      const to = adj[from]!.find((n) => adj[n]!.some((m) => !mine(m)));
      if (to !== undefined) return [from, to, state.armies[from]! - 1];
    }
    return null;
  }
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function wirePayload(action: Action, quirks: ClassQuirks): unknown {
  switch (action.command) {
    case 'play_cards':
      return action.payload === null ? null : { cards: action.payload.cards.map((s) => [...s]), armies: -1 };
    case 'fortify':
      return action.payload === null ? (quirks.zeroFortify ? [0, 0, 0] : null) : [...action.payload];
    case 'setup':
    case 'defend':
      return action.payload;
    case 'deploy':
      return action.payload.map((e) => [...e]);
    case 'attack':
    case 'attack_capture':
      return [...action.payload];
    default:
      return null;
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isTriple = (v: unknown): v is [number, number, number] => Array.isArray(v) && v.length === 3 && v.every(isInt);

/** A received move as a model action, as the recorded peer reads it; null when it cannot be read. */
export function toModelAction(command: string, player: number, payload: unknown): Action | null {
  switch (command) {
    case 'setup':
    case 'defend':
      return isInt(payload) ? { command, player, payload } : null;
    case 'play_cards': {
      if (payload === null) return { command, player, payload: null };
      const p = payload as { cards?: unknown; armies?: unknown };
      if (!Array.isArray(p.cards) || !p.cards.every((s) => Array.isArray(s) && s.every(isInt))) return null;
      const cards = p.cards as number[][];
      return { command, player, payload: isInt(p.armies) && p.armies !== -1 ? { cards, armies: p.armies } : { cards } };
    }
    case 'deploy':
      return Array.isArray(payload) && payload.every((e) => Array.isArray(e) && e.length === 2 && e.every(isInt))
        ? { command, player, payload: payload as [number, number][] }
        : null;
    case 'attack':
    case 'attack_capture':
      return isTriple(payload) ? { command, player, payload } : null;
    case 'fortify':
      if (payload === null) return { command, player, payload: null };
      return isTriple(payload) ? { command, player, payload: payload[2] === 0 ? null : payload } : null;
    default:
      return null;
  }
}
