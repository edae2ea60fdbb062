// A game session on the native full mesh: it drives the replica core (core/native/replica.ts) with the
// links, the clock and this machine's seats through the one session driver (core-driver.ts). The
// rules of play, dice, proof and timeouts all live in the core; this file adds rejoin and the header.

import { rejoinNotes } from '../audit/rejoin-start.js';
import {
  featureNames,
  type ReplicaConfig,
  type SessionEvent,
  type SessionFeatures,
  type SessionPlayer,
  type SessionResult,
  type TakenEntry,
} from '../core/contract.js';
import type { MeshGame } from '../core/native/game.js';
import type { DealRecord } from '../core/native/mission-deal.js';
import { Replica } from '../core/native/replica.js';
import type { Action, GameEvent, GameState, OptionsInput } from '../model/index.js';
import type { Link } from '../net/link.js';
import { decodeLine } from '../protocol/codec.js';
import { bytesToHex, secretNumber } from '../protocol/commitment.js';
import { encodeRejoin, historyChunks, isRejoinLine, ownAddresses, parseRejoinLine } from '../protocol/rejoin.js';
import type { DealDriver } from '../protocol/secret-deal.js';
import { type Keyring, unseal } from '../protocol/signing.js';
import type { Recorder } from '../store/transcript-recorder.js';
import { CoreDriver } from './core-driver.js';
import type { Seat } from './seat.js';

export {
  featuresFrom,
  LOCKSTEP_FEATURES,
  NATIVE_FEATURES,
  type Outcome,
  type SessionEvent,
  type SessionFeatures,
  type SessionPlayer,
  type SessionResult,
} from '../core/contract.js';
export { stateHash } from '../core/native/hashes.js';

/**
 * `S`, `A`, `E`: the game's state, moves and events (the classic game's by default); another game
 * comes with its MeshGame (`game`). Resume is the classic game's; rejoin any game's.
 */
export interface SessionConfig<S = GameState, A = Action, E = GameEvent> {
  readonly me: number;
  /** The game's rules as the replica asks them (core/native/game.ts); default: the classic game with `rules`. */
  readonly game?: MeshGame<S, A, E>;
  readonly players: readonly (SessionPlayer & { readonly peerId?: string })[];
  /** A link to every other player. */
  readonly links: ReadonlyMap<number, Link>;
  /** The seat played on this machine. */
  readonly seat: Seat<S, A>;
  readonly gameId: string;
  readonly features: SessionFeatures;
  /** This peer's signing key and every player's public key (signed_messages). */
  readonly keyring?: Keyring;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly recorder?: Recorder<A>;
  readonly onEvent?: (event: SessionEvent<S, E>) => void;
  /** See ReplicaConfig.secretNumbers (tests). */
  readonly secretNumbers?: () => Uint8Array;
  /** Go on with a stored game from an agreed point (see ReplicaConfig.resume and sessions/resume.ts). */
  readonly resume?: {
    readonly state: S;
    readonly index: number;
    readonly from: ResumedFrom;
    /** A Secret Mission game: its deal rebuilt from the stored record (core/native/mission-deal.ts). */
    readonly missionDeal?: DealDriver;
  };
  /**
   * This peer's record of the session so far (the signed lines it sent and processed, in order):
   * what it hands a player that rejoins (protocol-spec/resume.md, Rejoin). Without it a rejoin is refused.
   */
  readonly history?: () => readonly string[];
  /**
   * A player that rejoins says where it listens now (the `rejoin` message's addresses, only those
   * naming no other peer's id): e.g. for the store, so that a later rejoin or resume finds it there.
   */
  readonly onRejoinAddresses?: (player: number, addresses: readonly string[]) => void;
  /**
   * Take this seat back in the running session (sessions/rejoin.ts): start from the checked
   * state at point `index` and read the checked history's `lines` before anything else.
   */
  readonly rejoin?: {
    readonly state: S;
    readonly index: number;
    readonly lines: readonly string[];
    /**
     * The secret number this seat committed to in the running dice round before it dropped out, if
     * it did; during the capitals' round, the salt of the capital it had committed to.
     */
    readonly secret?: Uint8Array;
    /** Dice chains: the seed of the chain this seat committed to last (ReplicaConfig.chainSeed). */
    readonly chainSeed?: Uint8Array;
    /** Capital Risk: the capital this seat committed to before it dropped out: it is chosen again, unasked. */
    readonly capital?: number;
    /**
     * The moves this seat signed for points from the checked history's end on, which the history
     * lacks (sessions/rejoin.ts owedMoves): each is its seat's answer when that point's decision
     * is due, unasked, so it goes out as the same signed line. Each `move` is the game's (`A`): a
     * rejoin's start is typed apart from the game, as its `state` is.
     */
    readonly moves?: readonly { readonly index: number; readonly move: unknown }[];
    /** Pipelining: the message hash of the entry before `index` (ReplicaConfig.resume.parent). */
    readonly parent?: string;
    /** The entries just before `index` as the checked history took them (ReplicaConfig.resume.taken). */
    readonly taken?: readonly TakenEntry[];
    /**
     * Whose history the seat took and its lines as checked: the record keeps them, so that its
     * audit starts where this session did (audit/rejoin-start.ts).
     */
    readonly history?: { readonly from: number; readonly lines: readonly string[] };
    /** A Secret Mission game: the deal `missionDeal` was rebuilt from, kept in the record for its audit. */
    readonly dealRecord?: DealRecord;
    /** The session resumed a stored game: its record says so, to be audited from there (verify-chain). */
    readonly from?: ResumedFrom;
    /** A Secret Mission game: this seat's deal rebuilt from its stored record (core/native/mission-deal.ts). */
    readonly missionDeal?: DealDriver;
  };
}

/** What a resumed session's record says it continues. */
export interface ResumedFrom {
  /** The id of the game as first played (its records hold the moves before the resume). */
  readonly gameId: string;
  readonly index: number;
  readonly hash: string;
}

/**
 * Where the replica starts when a session goes on from a stored state (resume or rejoin). The
 * replica's config names the classic state; the replica reads any game's through its MeshGame.
 */
function startOf<S>(from: {
  state: S;
  index: number;
  missionDeal?: DealDriver;
  parent?: string;
  taken?: readonly TakenEntry[];
}): ReplicaConfig['resume'] {
  return {
    state: from.state as unknown as GameState,
    index: from.index,
    ...(from.missionDeal ? { missionDeal: from.missionDeal } : {}),
    ...(from.parent !== undefined ? { parent: from.parent } : {}),
    ...(from.taken !== undefined ? { taken: from.taken } : {}),
  };
}

/** How long a finished peer keeps its links once every other has acknowledged the end (settled). */
export const END_LINGER_MS = 1500;

/** Times one seat may take its seat back in a game (each costs the others a send of their record). */
export const MAX_REJOINS = 8;

export class MeshSession<S = GameState, A extends { readonly command: string } = Action, E = GameEvent> {
  private readonly replica: Replica<S, A, E>;
  private readonly driver: CoreDriver<S, A, E>;
  /** Links whose rejoin request was answered: one record per link (it may be long). */
  private readonly answered = new WeakSet<Link>();
  /** How many times each seat took its seat back here. */
  private readonly rejoins = new Map<number, number>();
  /** A capital this seat committed to before it rejoined, not yet chosen again (config.rejoin.capital). */
  private keptCapital: number | undefined;
  /** The moves this seat signed before it rejoined, not yet made again (config.rejoin.moves), by point. */
  private keptMoves: { readonly index: number; readonly move: unknown }[];
  private readonly done: Promise<SessionResult<S>>;

  constructor(private readonly config: SessionConfig<S, A, E>) {
    this.replica = new Replica<S, A, E>(
      {
        me: config.me,
        players: config.players.map((p) => ({ id: p.id, name: p.name })),
        gameId: config.gameId,
        features: config.features,
        ackTimeoutMs: config.ackTimeoutMs,
        moveTimeoutMs: config.moveTimeoutMs,
        ...(config.rules ? { rules: config.rules } : {}),
        ...(config.keyring ? { keyring: config.keyring } : {}),
        secretNumbers: this.numbers(config),
        // Only a peer that can send its record can take a player back: the others stop at once.
        rejoinGraceMs: config.history !== undefined ? Math.max(config.moveTimeoutMs, config.ackTimeoutMs) : 0,
        ...(config.resume ? { resume: startOf(config.resume) } : {}),
        ...(config.rejoin ? { resume: startOf(config.rejoin) } : {}),
        ...(config.rejoin?.chainSeed ? { chainSeed: config.rejoin.chainSeed } : {}),
      },
      config.game,
    );
    this.keptCapital = config.rejoin?.capital;
    this.keptMoves = [...(config.rejoin?.moves ?? [])].sort((a, b) => a.index - b.index);
    let resolve!: (result: SessionResult<S>) => void;
    this.done = new Promise((r) => (resolve = r));
    this.driver = new CoreDriver<S, A, E>({
      core: this.replica,
      links: config.links,
      seat: config.seat,
      player: () => config.me,
      ...(config.recorder ? { recorder: config.recorder } : {}),
      ...(config.onEvent ? { onEvent: config.onEvent } : {}),
      // Open after the end: a peer behind may still ask for lines (settled).
      closeLinksAtEnd: false,
      intercept: (player, link, line) => {
        if (!isRejoinLine(line)) return false;
        this.answerRejoin(player, link, line);
        return true;
      },
      answerFirst: (due) => this.keptCapitalChoice(due.state) ?? this.keptMove(due.index),
      onFinish: resolve,
    });
  }

  /**
   * This seat's secret dice numbers. Each is noted in this peer's own record before its commitment
   * leaves: a process that dies mid-round can then finish the round when it rejoins (the others are
   * sent only the record's in and out lines, never its notes).
   */
  private numbers(config: SessionConfig<S, A, E>): () => Uint8Array {
    const fresh = config.secretNumbers ?? secretNumber;
    let carried = config.rejoin?.secret ?? null;
    return () => {
      const number = carried ?? fresh();
      carried = null;
      config.recorder?.note({ secret: bytesToHex(number) });
      return number;
    };
  }

  /** Where the replica stands and what it waits for (Replica.diagnostics): for finding out why a game hangs. */
  diagnostics(): Record<string, unknown> {
    return this.replica.diagnostics();
  }

  get current(): S {
    return this.replica.current;
  }

  /** Plays the game to the end; resolves with this peer's outcome. Never rejects for a peer's fault. */
  run(): Promise<SessionResult<S>> {
    const { recorder, rules, features } = this.config;
    recorder?.note({
      me: this.config.me,
      profile: 'native',
      gameId: this.config.gameId,
      features: featureNames(features),
      rules: rules ?? {},
      players: this.config.players.map((p) => ({ id: p.id, name: p.name, peerId: p.peerId ?? '' })),
      ackTimeoutMs: this.config.ackTimeoutMs,
      moveTimeoutMs: this.config.moveTimeoutMs,
      ...(this.config.resume ? { resumedFrom: this.config.resume.from } : {}),
      ...(this.config.rejoin?.from ? { resumedFrom: this.config.rejoin.from } : {}),
      ...(this.config.rejoin ? { rejoined: { index: this.config.rejoin.index } } : {}),
    });
    const rejoin = this.config.rejoin;
    if (rejoin?.history)
      for (const note of rejoinNotes({
        ...rejoin.history,
        taken: (rejoin.taken ?? []).filter((t) => t.line !== '').map((t) => t.line),
        ...(rejoin.dealRecord ? { missionDeal: rejoin.dealRecord } : {}),
      }))
        recorder?.note(note);
    // A rejoining seat reads the checked history first: the game as far as the others took it.
    for (const line of this.config.rejoin?.lines ?? []) {
      const by = unseal(line)?.by;
      const from = by !== undefined && this.config.links.has(by) ? by : this.config.me;
      this.replica.receive(from, line, Date.now(), false);
    }
    this.driver.start();
    // This seat's acknowledgement that set its rejoin point may have left it for some players only
    // as its process died: one it missed would wait for it (an observer, awaited by nobody, until the
    // others are too far ahead to hand it on). It is sent again as the history holds it (the same
    // signed line: a peer that has it drops it as seen).
    const last = rejoin ? ownAcknowledgement(rejoin.lines, this.config.me, rejoin.index - 1) : null;
    if (last !== null) for (const link of this.driver.links.values()) link.send(last);
    // A resumed game's seat with no link (a player neutral where it resumed, that stayed away) is
    // gone from the start: nobody waits for it (its deal key at a Secret Mission game's end).
    if (this.config.resume)
      for (const p of this.config.players)
        if (p.id !== this.config.me && !this.config.links.has(p.id))
          this.driver.act((core, now) => core.linkClosed(p.id, now));
    return this.done;
  }

  /**
   * A player that dropped out opened a new link with its key to take its seat back
   * (protocol-spec/resume.md, Rejoin). The link replaces the old one if it comes from the seat's
   * key; the player's `rejoin` request on it is answered with this peer's record, or refused.
   */
  rejoinLink(player: number, link: Link): { ok: true } | { ok: false; reason: string } {
    const seat = this.config.players.find((p) => p.id === player);
    const refuse = (reason: string) => {
      link.send(
        encodeRejoin({
          command: 'rejoin_refuse',
          payload: { game_id: this.config.gameId, reason },
          player_id: this.config.me,
        }),
      );
      link.close();
      return { ok: false as const, reason };
    };
    if (seat === undefined || player === this.config.me) return refuse(`there is no other seat ${player} in this game`);
    if (seat.peerId === undefined || seat.peerId !== link.remotePeer)
      return refuse(`the link comes from ${link.remotePeer}, not from the key of seat ${player}`);
    const problem = this.rejoinProblem(player);
    if (problem !== null) return refuse(problem);
    // Each rejoin costs this peer a read and a send of its whole record: a seat gets a few.
    const times = (this.rejoins.get(player) ?? 0) + 1;
    if (times > MAX_REJOINS) return refuse(`seat ${player} has rejoined ${MAX_REJOINS} times already`);
    this.rejoins.set(player, times);
    this.driver.relink(player, link);
    this.driver.act((_core, now) => this.replica.relinked(player, now));
    return { ok: true };
  }

  /** Why `player` cannot take its seat back here, or null. */
  private rejoinProblem(player: number): string | null {
    const record = this.replica.standingOf(player);
    if (record?.neutral) return `player ${player} was made neutral already: its seat cannot be taken back`;
    if (record?.eliminated) return `player ${player} is out of the game`;
    if (this.replica.finished !== null) return 'the game is over for this peer';
    if (this.config.history === undefined) return 'this peer keeps no record of the game to send';
    return null;
  }

  /** A `rejoin` request: this peer's record in chunks, or why not. Other rejoin frames mean nothing here. */
  private answerRejoin(player: number, link: Link, line: string) {
    const parsed = parseRejoinLine(line);
    if (!parsed.ok || parsed.message.command !== 'rejoin' || this.answered.has(link)) return;
    this.answered.add(link);
    const gameId = this.config.gameId;
    const refuse = (reason: string) =>
      link.send(
        encodeRejoin({ command: 'rejoin_refuse', payload: { game_id: gameId, reason }, player_id: this.config.me }),
      );
    if (parsed.message.player_id !== player)
      return refuse(`the request names player ${parsed.message.player_id}, not ${player}`);
    if (parsed.message.payload.game_id !== gameId)
      return refuse(`this peer plays game ${gameId}, not ${parsed.message.payload.game_id}`);
    const problem = this.rejoinProblem(player);
    if (problem !== null) return refuse(problem);
    const addresses = ownAddresses(parsed.message.payload.addresses ?? [], link.remotePeer);
    if (addresses.length > 0) this.config.onRejoinAddresses?.(player, addresses);
    this.config.onEvent?.({
      type: 'info',
      text: `player ${player} rejoins: sending it this peer's record of the game`,
    });
    // No line leaves unchecked: an ack this peer took unchecked goes only if its signature matches.
    const chunks = historyChunks(gameId, this.config.me, this.replica.handOnLines(this.config.history!()));
    if (!chunks.ok) return refuse(chunks.reason);
    for (const chunk of chunks.chunks) link.send(encodeRejoin(chunk));
  }

  /** Leaves the game: tells everyone, then stops. */
  leave(reason?: string) {
    this.driver.act((core, now) => core.leave(now, reason));
  }

  /**
   * After the game: resolves once every other player still connected has acknowledged the last
   * point (or closed its link), or after `maxMs` (default two ack timeouts). Close the network only
   * then: a peer still reading the end of the game would lose it to a closed connection.
   */
  settled(maxMs = 2 * this.config.ackTimeoutMs): Promise<void> {
    const until = Date.now() + maxMs;
    // Acked is not finished: a peer that acknowledged the end may still be reading a third one's
    // last lines, or ask this peer for them (answerAfterEnd). The links stay open a little longer.
    const linger = Math.min(END_LINGER_MS, this.config.ackTimeoutMs);
    return new Promise((resolve) => {
      const check = () => {
        const waiting = this.replica.awaitingEnd().filter((p) => this.driver.links.get(p)?.closed === false);
        if (waiting.length === 0) setTimeout(resolve, Math.max(0, Math.min(linger, until - Date.now())));
        else if (Date.now() >= until) resolve();
        else setTimeout(check, 50);
      };
      check();
    });
  }

  /** Stops without a result for the others (tests, and errors outside the game). */
  stop() {
    this.driver.act((core) => core.stop());
  }

  /**
   * Back during the capitals' round after it had committed: the same capital, and (the salt being
   * the first secret number, config.rejoin.secret) the same commitment: one version for everyone.
   * Chosen once the checked history is read, so the record keeps the lines in the order played.
   * (Capital Risk only: the classic game.)
   */
  private keptCapitalChoice(state: S): A | undefined {
    const kept = this.keptCapital;
    if (kept === undefined || (state as unknown as GameState).phase !== 'capitals') return undefined;
    this.keptCapital = undefined;
    const capital: Action = { command: 'choose_capital', player: this.config.me, payload: kept };
    return capital as unknown as A;
  }

  /**
   * The move this seat signed for point `index` before it rejoined, made again as it was: the same
   * move on the same entry is the same signed line (a player that holds it drops it as seen), where
   * a move decided afresh would be a second one for that point, proof against this seat. Asked
   * once: a move refused here is another history's, and the seat decides.
   */
  private keptMove(index: number): A | undefined {
    while (this.keptMoves.length > 0 && this.keptMoves[0]!.index < index) this.keptMoves.shift();
    if (this.keptMoves[0]?.index !== index) return undefined;
    return this.keptMoves.shift()!.move as A;
  }
}

/** This seat's signed acknowledgement of point `index` among `lines` (a checked history), or null. */
function ownAcknowledgement(lines: readonly string[], me: number, index: number): string | null {
  if (index < 0) return null;
  for (const line of lines) {
    if (!line.includes('acknowledgement')) continue;
    const sealed = unseal(line);
    const decoded = sealed?.by === me ? decodeLine(sealed.inner) : null;
    const message = decoded?.ok && 'message' in decoded ? decoded.message : null;
    if (message?.command === 'acknowledgement' && message.payload === index) return line;
  }
  return null;
}
