// Whole native games between in-process peers over in-memory links, on whatever clock runs:
// vitest's fake timers in tests (memory-game.ts), real timers in bench/chaos.ts. One peer may be a rogue.
import { createHash } from 'node:crypto';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { type VerifyReport, verifyTranscript } from '../../src/audit/verify.js';
import { verifyChain } from '../../src/audit/verify-chain.js';
import {
  featuresFrom,
  LOCKSTEP_FEATURES,
  NATIVE_FEATURES,
  pipelineWindow,
  type SessionEvent,
  type SessionResult,
} from '../../src/core/contract.js';
import { messageHashOf, parentAfter, stateHash } from '../../src/core/native/hashes.js';
import { classicMoveOf, sealMessage } from '../../src/core/native/lines.js';
import type { GameState, OptionsInput } from '../../src/model/index.js';
import type { Link } from '../../src/net/link.js';
import { memoryMesh } from '../../src/net/memory.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { seededDice } from '../../src/protocol/random.js';
import { type Keyring, unseal } from '../../src/protocol/signing.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { MeshSession, type SessionConfig } from '../../src/sessions/mesh-session.js';
import { REJOIN_TIMEOUT_MS, rejoinFromStore } from '../../src/sessions/rejoin-net.js';
import { type NetworkResume, resumeOverRoster } from '../../src/sessions/resume-net.js';
import { resumeHostOf } from '../../src/sessions/resume-seats.js';
import type { Seat } from '../../src/sessions/seat.js';
import { storeSession, teeRecorder } from '../../src/store/recorder.js';
import { GameStore } from '../../src/store/store.js';
import { historyLines, memoryRecorder, type Recorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce, signingOnce } from '../support/signature-cache.js';
import {
  type Answer,
  classicSeatBack,
  memoryStoreEndpoint,
  type SeatBackReport,
  timedOutOnReturn,
} from './seat-back.js';
import type { TableBackReport } from './table-back.js';

export interface RogueContext {
  readonly me: number;
  readonly gameId: string;
  readonly keyring: Keyring;
  readonly players: number;
  /** The game as the rogue's own session holds it now (a rogue may time its attack by it). */
  readonly state: () => GameState;
  /** Whether the game pipelines (a move's signature then covers its parent: sealMessage). */
  readonly pipelining: boolean;
  /** Whether a move's parent is the history hash of the entry before it (pipelining_two), not its message hash. */
  readonly historyHashes: boolean;
  /**
   * Signs a line the rogue forges as its session signs its own: a move without `parent` gets, with
   * pipelining, the parent the rogue's session holds before the move's point (a move without one
   * is another history's, judged nowhere: the forgery would be no attack).
   */
  readonly sign: (message: Message) => string;
}

/** The same link with another `send` (how rogues and faults rewrite what a peer sends). */
export function withSend(link: Link, send: (line: string) => void): Link {
  return {
    remotePeer: link.remotePeer,
    get closed() {
      return link.closed;
    },
    onLine: (listener) => link.onLine(listener),
    unread: (lines) => link.unread(lines),
    onClose: (listener) => link.onClose(listener),
    close: () => link.close(),
    send,
  };
}

/**
 * The parent a move for each point names, as one peer holds it, read off the lines its session
 * sends (its acknowledgements and its own moves carry their parent and tell the next point's).
 */
function parentsSent(me: number, chained: boolean) {
  const parents = new Map<number, string>();
  return {
    note(line: string) {
      const sealed = unseal(line);
      // Only its own lines: those it hands on may be another history's.
      if (sealed?.by !== me) return;
      const decoded = decodeLine(sealed.inner);
      const m = decoded.ok && 'message' in decoded ? decoded.message : null;
      if (m === null || !('parent' in m) || m.parent === undefined) return;
      const point = m.command === 'acknowledgement' ? m.payload : m.ack_id;
      const hash = m.command === 'acknowledgement' ? m.message_hash : messageHashOf(point ?? 0, classicMoveOf(m));
      if (point === undefined || hash === undefined) return;
      parents.set(point, m.parent);
      parents.set(point + 1, parentAfter(chained, m.parent, hash));
    },
    of: (point: number) => parents.get(point),
  };
}

/** Every link with another `send`, made for each destination player from its honest link. */
export function withSends(
  links: ReadonlyMap<number, Link>,
  sendTo: (player: number, link: Link) => (line: string) => void,
): Map<number, Link> {
  return new Map([...links].map(([player, link]) => [player, withSend(link, sendTo(player, link))]));
}

/** Rewrites one peer's traffic: given its honest links, the links its session uses. */
export type Rogue = (links: Map<number, Link>, context: RogueContext) => Map<number, Link>;

export interface MemoryGameOptions {
  readonly players: number;
  readonly seed?: number;
  readonly ackTimeoutMs?: number;
  readonly moveTimeoutMs?: number;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly rogue?: { readonly player: number; readonly links: Rogue };
  /** An honest peer whose links fail (e.g. it crashes part-way). */
  readonly crash?: { readonly player: number; readonly links: Rogue };
  /** Seats other than bots (e.g. a silent seat). */
  readonly seats?: ReadonlyMap<number, Seat>;
  /** Virtual time after which the game counts as hung. */
  readonly maxVirtualMs?: number;
  /** The features agreed (default PER_ROUND_DICE: the games these tests replay were seeded for it). */
  readonly features?: readonly string[];
  /** Every line arrives this many (virtual) ms after it is sent, as over a slow network. */
  readonly delayMs?: number;
  /** An honest peer whose process dies mid-game and that takes its seat back (SeatDrop). */
  readonly rejoin?: SeatDrop;
  /** The whole table stops mid-game and every player resumes it later (TableStop). */
  readonly resume?: TableStop;
}

/**
 * Every player stops mid-game (its session stops, its links close, as when everyone quits), and
 * later they all meet again over a new mesh and resume the stored game (protocol-spec/resume.md,
 * Resume) through the program's resumeOverRoster, each from its own store; the rogue too, its links
 * misbehaving still.
 */
export interface TableStop {
  /** The table stops right after the `after`-th line left any peer, counted from the first acknowledgement on. */
  readonly after: number;
  /** They meet again this long after the stop. */
  readonly backAfterMs: number;
  /** Players that do not come back: the others resume without them (one neutral where they resume may stay away). */
  readonly absent?: readonly number[];
  /**
   * Then an honest seat's process dies in the resumed session and takes its seat back from its
   * store (rejoinFromStore, as the terminal menu does: dialling the addresses its store keeps).
   */
  readonly rejoin?: SeatDrop;
}

/** An honest peer whose process dies mid-game and takes its seat back (protocol-spec/resume.md, Rejoin). */
export interface SeatDrop {
  readonly player: number;
  /**
   * It drops out (its session stops, its links close, nothing more leaves it) right after its
   * `after`-th line left it, counted from its first acknowledgement on (a seat that dropped out
   * before the first move cannot rejoin: resume.md).
   */
  readonly after: number;
  /**
   * It drops out only once a line for which this holds has left it (to player `to`), from its
   * `after`-th line on. (This and `lost`: a seat of the game, not of a resumed session.)
   */
  readonly at?: (line: string, to: number) => boolean;
  /** Lines for which this holds are lost on the way to player `to` (its link there went down first). */
  readonly lost?: (line: string, to: number) => boolean;
  /** It takes its seat back this long after it dropped out. */
  readonly backAfterMs: number;
  /** The seat its new process plays (default: a bot seeded otherwise than before). */
  readonly seat?: Seat;
}

/**
 * A peer's links until its process dies: `onDrop` is called right after its `after`-th line
 * (counted from its first acknowledgement on) left it, and nothing leaves it after that.
 */
export function droppingLinks(
  links: ReadonlyMap<number, Link>,
  after: number,
  onDrop: () => void,
  at?: SeatDrop['at'],
  lost?: SeatDrop['lost'],
): Map<number, Link> {
  let sent = 0;
  let acknowledged = false;
  let dropped = false;
  return withSends(links, (to, link) => (line) => {
    if (dropped) return;
    if (lost?.(line, to) !== true) link.send(line);
    acknowledged ||= line.includes('\\"command\\":\\"acknowledgement\\"');
    if (acknowledged && ++sent >= after && (at === undefined || at(line, to))) {
      dropped = true;
      onDrop();
    }
  });
}

/** How long a resume's handshake waits (as `risk bot --resume` does: cli/bot.ts resumeTimeoutMs). */
const RESUME_TIMEOUT_MS = (ackTimeoutMs: number) => Math.max(10_000, ackTimeoutMs * 5);

/** A store in memory, as a peer's own (one per peer: a resume reads it back). */
function openedStore(): GameStore {
  const opened = GameStore.open(':memory:');
  if (!opened.ok) throw new Error(opened.reason);
  return opened.store;
}

/** Every native feature but dice_chains and pipelining: a commitment per dice round, lockstep. */
export const PER_ROUND_DICE: readonly string[] = LOCKSTEP_FEATURES.filter((f) => f !== 'dice_chains');

export interface MemoryGame {
  readonly results: (SessionResult | null)[];
  readonly audits: VerifyReport[];
  /** Each peer's record, as `risk verify` reads it. */
  readonly records: TranscriptLine[][];
  readonly events: SessionEvent[][];
  /** Each peer's state hash at the start of every turn, by turn number (a move undone after an
   * equivocation may start a turn twice: the later start counts). */
  readonly turnHashes: Map<number, string>[];
  /** What became of the seat that dropped out and came back (options.rejoin); null without one. */
  readonly seatBack: SeatBackReport | null;
  /** What became of the table that stopped and met again (options.resume); null without one. */
  readonly tableBack: TableBackReport | null;
  readonly virtualMs: number;
}

export interface RunningGame {
  /** Filled in as peers finish; null while a peer still plays. */
  readonly results: (SessionResult | null)[];
  /** Resolves when every peer has finished. */
  readonly done: Promise<void>;
  stop(): void;
  /** How far each peer has got: its events and record lines so far (a stalled peer stops counting). */
  progress(): number[];
  /** A peer's replica as it stands (for diagnosing a hang): where it is and what it waits for. */
  internals(peer: number): Record<string, unknown>;
  /** Resolves when a finished peer has seen every other connected peer acknowledge the end (MeshSession.settled). */
  settled(peer: number, maxMs?: number): Promise<void>;
  /** The results so far, with every record audited. */
  finish(): Omit<MemoryGame, 'virtualMs'>;
}

/** Starts every peer of a game; the caller runs the clock. */
export async function startMemoryGame(options: MemoryGameOptions): Promise<RunningGame> {
  const { players, seed = 1 } = options;
  const verified = checkedOnce();
  const mesh = await memoryMesh(players, seed, verified);
  const gameId = `memory-${seed}`;
  const keyrings = mesh.keyrings.map((ring, i) => signingOnce(ring, mesh.peerIds[i]!));
  // RISK_ALL_FEATURES=1: a game given no features plays every native feature (the default game)
  // instead of the lockstep features its seed was chosen for: a way to hunt what those tests miss.
  const features = featuresFrom(options.features ?? (process.env.RISK_ALL_FEATURES ? NATIVE_FEATURES : PER_ROUND_DICE));
  const recorders = Array.from({ length: players }, () => memoryRecorder());
  const events: SessionEvent[][] = Array.from({ length: players }, () => []);
  const turnHashes: Map<number, string>[] = Array.from({ length: players }, () => new Map());
  const sessions: MeshSession[] = [];
  const roster = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId }));
  const terms = {
    players: roster,
    gameId,
    features,
    ackTimeoutMs: options.ackTimeoutMs ?? 2000,
    moveTimeoutMs: options.moveTimeoutMs ?? 5000,
    ...(options.rules ? { rules: options.rules } : {}),
  };
  const pipelining = features.pipelining === true;
  /** What peer `i`'s session speaks through, given its honest links (any of them, e.g. a returning seat's new one). */
  const speaksThrough = (i: number, sessionId = gameId): ((honest: Map<number, Link>) => Map<number, Link>) => {
    const rogue =
      options.rogue?.player === i ? options.rogue.links : options.crash?.player === i ? options.crash.links : undefined;
    const delayMs = options.delayMs;
    const delayed = (links: Map<number, Link>) =>
      delayMs === undefined
        ? links
        : withSends(links, (_, link) => (line) => setTimeout(() => link.send(line), delayMs));
    if (rogue === undefined) return delayed;
    const parents = parentsSent(i, pipelineWindow(features) === 2);
    const context: RogueContext = {
      me: i,
      gameId: sessionId,
      keyring: keyrings[i]!,
      players,
      state: () => sessions[i]!.current,
      pipelining,
      historyHashes: pipelineWindow(features) === 2,
      sign: (message: Message) => {
        const point = 'ack_id' in message && message.command !== 'acknowledgement' ? message.ack_id : undefined;
        const parent = pipelining && point !== undefined && !('parent' in message) ? parents.of(point) : undefined;
        const signed = parent === undefined ? message : ({ ...message, parent } as Message);
        return sealMessage(sessionId, signed, i, keyrings[i]!, undefined, pipelining).line;
      },
    };
    // The rogue's session speaks through an observer that notes its history (for `sign`).
    return (honest) =>
      withSends(rogue(delayed(honest), context), (_, link) => (line) => {
        parents.note(line);
        link.send(line);
      });
  };
  const speakers = Array.from({ length: players }, (_, i) => speaksThrough(i));
  const results: (SessionResult | null)[] = Array.from({ length: players }, () => null);
  let allDone = () => {};
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const finished = (i: number, result: SessionResult) => {
    results[i] = result;
    if (results.every((r) => r !== null)) allDone();
  };
  const tableStop = options.resume;
  // With a table stop, every peer keeps its game in a store of its own, as the program's peers do:
  // a resume reads it back (resumeOverRoster).
  const stores = tableStop ? roster.map(() => openedStore()) : [];
  const stored = stores.map((store, i) =>
    storeSession(store, {
      kind: 'bot',
      gameId,
      me: i,
      features,
      ...(options.rules ? { rules: options.rules } : {}),
      // Where each player listened, as a lobby gives it: a rejoin from the store dials there.
      players: roster.map((p) => ({ ...p, botKind: 'normal', addresses: [memoryAddress(0, p.id)] })),
    }),
  );
  /**
   * Starts peer `i`'s session (again, for a seat that comes back: `again`; in the session that
   * resumed the stored game after a table stop: `resumed`).
   */
  const start = (
    i: number,
    links: Map<number, Link>,
    again?: NonNullable<SessionConfig['rejoin']>,
    resumed?: { readonly sessionId: string; readonly resumed: NetworkResume },
    /** A seat back in the resumed session from its store (rejoinFromStore): that session's id, and its stored game's recorder. */
    fromStore?: { readonly sessionId: string; readonly recorder: Recorder },
  ) => {
    const seat =
      (again ? (options.rejoin ?? options.resume?.rejoin)?.seat : resumed ? undefined : options.seats?.get(i)) ??
      botSeat(
        createBot('normal', seededDice(seed * 100 + i + (again ? 50 : resumed ? 70 : 0))),
        seededDice(seed * 1000 + i),
        { deadlineMs: 60_000 },
      );
    // Seeded dice numbers and keys: a game replays exactly (a returning seat's process draws others).
    const tag = again ? `${i} again` : resumed ? `${i} resumed` : `${i}`;
    let n = 0;
    const recorder = resumed
      ? teeRecorder(resumed.resumed.recorder, recorders[i]!)
      : fromStore
        ? teeRecorder(fromStore.recorder, recorders[i]!)
        : stored[i]
          ? teeRecorder(stored[i]!.recorder, recorders[i]!)
          : recorders[i]!;
    const session = new MeshSession({
      ...terms,
      ...(resumed ? { gameId: resumed.sessionId, resume: resumed.resumed.resume } : {}),
      ...(fromStore ? { gameId: fromStore.sessionId } : {}),
      me: i,
      links,
      seat,
      keyring: keyrings[i]!,
      recorder,
      secretNumbers: () => Uint8Array.from(createHash('sha256').update(`${seed} ${tag} ${n++}`).digest()),
      // As the program's peers do: its record, for a player that drops out and rejoins.
      history: resumed ? resumed.resumed.history : () => historyLines(recorders[i]!.lines),
      onEvent: (event) => {
        if (!resumed && !fromStore) stored[i]?.onEvent(event);
        events[i]!.push(event);
        if (event.type === 'game' && event.event.type === 'turn_started')
          turnHashes[i]!.set(event.event.turn, stateHash(event.state));
      },
      ...(again ? { rejoin: again } : {}),
    });
    sessions[i] = session;
    return session;
  };
  // A seat that drops out: of the game, or (options.resume.rejoin) of the session that resumed it.
  const drop = options.rejoin ?? options.resume?.rejoin;
  const seatBack: SeatBackReport | null = drop
    ? { player: drop.player, droppedAt: null, accepted: [], rejoined: null }
    : null;
  /** The dropped seat comes back over new links, through the program's rejoin (classicSeatBack). */
  const comeBack = async (R: number, killed: Promise<SessionResult>) => {
    const back = await classicSeatBack({
      me: R,
      peerIds: mesh.peerIds,
      keyring: keyrings[R]!,
      common: terms,
      own: recorders[R]!.lines,
      missions: sessions[R]!.current.missions,
      // Each other peer's end speaks as that peer does (a rogue's misbehaves there too).
      accept: (player, link) => sessions[player]!.rejoinLink(R, speakers[player]!(new Map([[R, link]])).get(R)!),
      timeoutMs: REJOIN_TIMEOUT_MS,
    });
    seatBack!.accepted = back.accepted;
    seatBack!.rejoined = back.rejoined.ok
      ? { ok: true, index: back.rejoined.index }
      : { ok: false, reason: back.rejoined.reason };
    if (back.rejoin === null) return finished(R, await killed);
    // Its new process keeps a new record (what `risk verify` reads of the rejoined session).
    recorders[R] = memoryRecorder();
    void start(R, speakers[R]!(back.links), back.rejoin)
      .run()
      .then((r) => {
        seatBack!.timedOutOnReturn = timedOutOnReturn(recorders[R]!.lines, R);
        finished(R, r);
      });
  };
  const tableBack: TableBackReport | null = tableStop
    ? { stoppedAt: null, answers: roster.map(() => null), firstRecords: [] }
    : null;
  // After stop(): no session starts any more (a resume still negotiating ends unplayed).
  let halted = false;
  const again: Link[] = [];
  /** Each peer's result in the session before the table stopped. */
  const firstResults: (SessionResult | null)[] = roster.map(() => null);
  const others = new Set([options.rogue?.player, options.crash?.player]);
  /** Every player meets again over a new mesh and resumes the stored game from its own store. */
  const resumeAll = async () => {
    const mesh2 = await memoryMesh(players, seed, verified);
    again.push(...mesh2.links.flatMap((links) => [...links.values()]));
    const sessionId = `${gameId}.r1`;
    const absent = new Set(tableStop!.absent ?? []);
    // The new lobby's addresses: the stores keep them for those that came back (an absent player's stay as they were).
    const present = roster.filter((p) => !absent.has(p.id)).map((p) => ({ ...p, addresses: [memoryAddress(1, p.id)] }));
    const back = tableStop!.rejoin;
    // The lobby's host: the lowest seat not neutral in the store of the lowest honest peer there.
    const judge = present.find((p) => !others.has(p.id))?.id ?? present[0]!.id;
    const host = resumeHostOf(stores[judge]!, gameId, judge) ?? 0;
    for (let i = 0; i < players; i++) {
      tableBack!.firstRecords[i] = recorders[i]!.lines;
      recorders[i] = memoryRecorder();
      // The turns a resume gives back are played again: their later start counts.
      turnHashes[i]!.clear();
      if (absent.has(i)) {
        for (const link of mesh2.links[i]!.values()) link.close();
        finished(i, firstResults[i]!);
        continue;
      }
      const links = speaksThrough(i, sessionId)(new Map([...mesh2.links[i]!].filter(([p]) => !absent.has(p))));
      void resumeOverRoster(
        stores[i]!,
        { me: i, host, gameId: sessionId, players: present, links, keyring: keyrings[i]! },
        { gameId, host: i === host, timeoutMs: RESUME_TIMEOUT_MS(terms.ackTimeoutMs) },
      ).then((answer) => {
        tableBack!.answers[i] = answer.ok ? { ok: true, index: answer.resumed.index } : answer;
        if (!answer.ok || halted) return finished(i, firstResults[i]!);
        // The seat that drops out of the resumed session: its session stops, its links close, and it
        // comes back from its store a moment later.
        const dropping =
          back?.player === i
            ? droppingLinks(links, back.after, () => {
                seatBack!.droppedAt = Date.now();
                listening.delete(i);
                queueMicrotask(() => {
                  sessions[i]!.stop();
                  for (const link of mesh2.links[i]!.values()) link.close();
                  setTimeout(() => void backFromStore(i, sessionId, killed), back.backAfterMs);
                });
              })
            : links;
        const session = start(i, dropping, undefined, { sessionId, resumed: answer.resumed });
        listening.set(i, session);
        const killed = session.run();
        void killed.then((r) => {
          // A process that died finishes nothing: its store stays as it was, for its rejoin.
          if (back?.player === i && seatBack!.droppedAt !== null) return;
          answer.resumed.finish(r);
          finished(i, r);
        });
      });
    }
  };
  /** The resumed session of each peer whose process runs (one that dropped out does not), by player: a dial reaches it. */
  const listening = new Map<number, MeshSession>();
  /**
   * A seat that dropped out of the resumed session comes back as the terminal menu takes it back:
   * rejoinFromStore from its own store, dialling the addresses the store keeps (no address given).
   * A dial reaches a player's resumed session at the address its lobby gave; nobody answers at any
   * other (an absent player's, stored from the first lobby), and such a dial gives up only after its timeout.
   */
  const backFromStore = async (R: number, sessionId: string, killed: Promise<SessionResult>) => {
    const accepted: Answer[] = [];
    const endpoint = await memoryStoreEndpoint({
      seed,
      me: R,
      peerIds: mesh.peerIds,
      peer: (player) => (halted ? undefined : listening.get(player)),
      // The other peer's end speaks as that peer does (a rogue's misbehaves there too).
      speak: (player, link) => speaksThrough(player, sessionId)(new Map([[R, link]])).get(R)!,
      accepted,
      links: again,
    });
    const answer = await rejoinFromStore(stores[R]!, `${gameId}-p${R}`, endpoint, null, REJOIN_TIMEOUT_MS);
    seatBack!.accepted = accepted;
    seatBack!.rejoined = answer.ok
      ? { ok: true, index: answer.rejoined.rejoin.index }
      : { ok: false, reason: answer.reason };
    if (!answer.ok || halted) return finished(R, await killed);
    const rejoined = answer.rejoined;
    // Its new process keeps a new record (what `risk verify` reads of the rejoined session).
    recorders[R] = memoryRecorder();
    const session = start(R, speaksThrough(R, sessionId)(rejoined.links), rejoined.rejoin, undefined, {
      sessionId: rejoined.gameId,
      recorder: rejoined.recorder,
    });
    listening.set(R, session);
    void session.run().then((r) => {
      seatBack!.timedOutOnReturn = timedOutOnReturn(recorders[R]!.lines, R);
      rejoined.finish(r);
      finished(R, r);
    });
  };
  /** Every session stops at once, and every link closes (everyone quits); they meet again later. */
  const stopTable = () => {
    tableBack!.stoppedAt = Date.now();
    results.fill(null);
    queueMicrotask(() => {
      for (const s of sessions) s.stop();
      for (const links of mesh.links) for (const link of links.values()) link.close();
    });
  };
  let tableLines = 0;
  let tableAcknowledged = false;
  /** A peer's links until the table stops: it stops after the table's `after`-th line, unless an honest peer has ended. */
  const tableLinks = (links: Map<number, Link>) =>
    withSends(links, (_, link) => (line) => {
      if (tableBack!.stoppedAt !== null) return;
      link.send(line);
      tableAcknowledged ||= line.includes('\\"command\\":\\"acknowledgement\\"');
      if (!tableAcknowledged || ++tableLines !== tableStop!.after) return;
      if (firstResults.every((r, j) => r === null || others.has(j))) stopTable();
    });
  if (tableStop)
    for (let i = 0; i < players; i++)
      void start(i, tableLinks(speakers[i]!(mesh.links[i]!)))
        .run()
        .then((r) => {
          firstResults[i] = r;
          stored[i]!.finish(r);
          if (tableBack!.stoppedAt === null) return finished(i, r);
          if (firstResults.some((x) => x === null)) return;
          // The game ended for an honest peer before the stop reached it: judged as a game without one.
          if (firstResults.some((x, j) => !others.has(j) && x!.outcome !== 'stopped')) {
            tableBack!.stoppedAt = null;
            return firstResults.forEach((x, j) => finished(j, x!));
          }
          setTimeout(() => void resumeAll(), tableStop.backAfterMs);
        });
  for (let i = 0; i < players && !tableStop; i++) {
    if (drop?.player !== i) {
      void start(i, speakers[i]!(mesh.links[i]!))
        .run()
        .then((r) => finished(i, r));
      continue;
    }
    // Its process dies: the session stops, its links close, nothing more leaves it.
    const links = droppingLinks(
      speakers[i]!(mesh.links[i]!),
      drop.after,
      () => {
        seatBack!.droppedAt = Date.now();
        queueMicrotask(() => {
          sessions[i]!.stop();
          for (const link of mesh.links[i]!.values()) link.close();
          setTimeout(() => void comeBack(i, killed), drop.backAfterMs);
        });
      },
      drop.at,
      drop.lost,
    );
    const killed = start(i, links).run();
    void killed.then((r) => {
      if (seatBack!.droppedAt === null) finished(i, r);
    });
  }
  return {
    results,
    done,
    stop: () => {
      halted = true;
      for (const s of sessions) s.stop();
      for (const link of again) link.close();
    },
    progress: () => recorders.map((r, i) => r.lines.length + events[i]!.length),
    internals: (peer) => sessions[peer]!.diagnostics(),
    settled: (peer, maxMs) => sessions[peer]!.settled(maxMs),
    finish: () => {
      // A peer that resumed: its records in order (verifyChain, as `risk verify EARLIER LATER`),
      // whatever either audit found; one that did not: its record before the stop.
      const records = recorders.map((r, i) =>
        tableBack?.stoppedAt != null && tableBack.answers[i]?.ok !== true
          ? (tableBack.firstRecords[i] ?? r.lines)
          : r.lines,
      );
      const audits = records.map((lines, i): VerifyReport => {
        const first = tableBack?.firstRecords[i];
        if (first === undefined || tableBack?.answers[i]?.ok !== true)
          return verifyTranscript(lines, { lenient: false, verified });
        const [before, after] = verifyChain([first, lines]);
        return { ...after!, violations: [...before!.violations, ...after!.violations] };
      });
      return { results, audits, records, events, turnHashes, seatBack, tableBack };
    },
  };
}

/** The honest peers finished with one winner and one state; returns that winner. */
export function honestAgreement(
  game: Pick<MemoryGame, 'results' | 'turnHashes'>,
  honest: readonly number[],
): { winner: number | null; hash: string } {
  const finished = honest.map((i) => game.results[i]);
  if (finished.some((r) => r === null))
    throw new Error(`an honest peer hung: ${finished.map((r) => (r === null ? 'hung' : r!.outcome)).join(', ')}`);
  const first = finished[0]!;
  for (const r of finished) {
    if (r!.winner !== first.winner) {
      throw new Error(
        `honest peers disagree on the winner: ${finished.map((x) => `${x!.winner} (${x!.outcome}${x!.reason ? `: ${x!.reason}` : ''})`).join(', ')}`,
      );
    }
    if (stateHash(r!.state) !== stateHash(first.state)) throw new Error('honest peers disagree on the final state');
  }
  // Every turn both saw began from the same state.
  const [a, ...others] = honest.map((i) => game.turnHashes[i]!);
  for (const b of others) {
    for (const [turn, hash] of a!)
      if (b.has(turn) && b.get(turn) !== hash)
        throw new Error(`honest peers disagree on the state at the start of turn ${turn}`);
  }
  return { winner: first.winner, hash: stateHash(first.state) };
}

/** Where player `id` listened in the lobby of session `session` (0: the first, 1: the resumed one), as a store keeps it. */
const memoryAddress = (session: number, id: number) => `memory:r${session}:p${id}`;
