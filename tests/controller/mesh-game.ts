// Whole native games between in-process peers over in-memory links, on whatever clock runs:
// vitest's fake timers in tests (memory-game.ts), real timers in bench/chaos.ts. One peer may be a rogue.
import { createHash } from 'node:crypto';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { type VerifyReport, verifyTranscript } from '../../src/audit/verify.js';
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
import { MeshSession } from '../../src/sessions/mesh-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce, signingOnce } from '../support/signature-cache.js';

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
  for (let i = 0; i < players; i++) {
    const rogue =
      options.rogue?.player === i ? options.rogue.links : options.crash?.player === i ? options.crash.links : undefined;
    const delayMs = options.delayMs;
    const honest =
      delayMs === undefined
        ? mesh.links[i]!
        : new Map(
            [...mesh.links[i]!].map(([p, link]) => [
              p,
              withSend(link, (line) => setTimeout(() => link.send(line), delayMs)),
            ]),
          );
    const pipelining = features.pipelining === true;
    const parents = parentsSent(i, pipelineWindow(features) === 2);
    const sign = (message: Message) => {
      const point = 'ack_id' in message && message.command !== 'acknowledgement' ? message.ack_id : undefined;
      const parent = pipelining && point !== undefined && !('parent' in message) ? parents.of(point) : undefined;
      const signed = parent === undefined ? message : ({ ...message, parent } as Message);
      return sealMessage(gameId, signed, i, keyrings[i]!, undefined, pipelining).line;
    };
    // The rogue's session speaks through an observer that notes its history (for `sign`).
    const links = rogue
      ? withSends(
          rogue(honest, {
            me: i,
            gameId,
            keyring: keyrings[i]!,
            players,
            state: () => sessions[i]!.current,
            pipelining,
            historyHashes: pipelineWindow(features) === 2,
            sign,
          }),
          (_, link) => (line) => {
            parents.note(line);
            link.send(line);
          },
        )
      : honest;
    const seat =
      options.seats?.get(i) ??
      botSeat(createBot('normal', seededDice(seed * 100 + i)), seededDice(seed * 1000 + i), { deadlineMs: 60_000 });
    sessions.push(
      new MeshSession({
        me: i,
        players: mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId })),
        links,
        seat,
        gameId,
        features,
        keyring: keyrings[i]!,
        ackTimeoutMs: options.ackTimeoutMs ?? 2000,
        moveTimeoutMs: options.moveTimeoutMs ?? 5000,
        recorder: recorders[i]!,
        // Seeded dice numbers and keys: a game replays exactly.
        secretNumbers: (() => {
          let n = 0;
          return () => Uint8Array.from(createHash('sha256').update(`${seed} ${i} ${n++}`).digest());
        })(),
        onEvent: (event) => {
          events[i]!.push(event);
          if (event.type === 'game' && event.event.type === 'turn_started')
            turnHashes[i]!.set(event.event.turn, stateHash(event.state));
        },
        ...(options.rules ? { rules: options.rules } : {}),
      }),
    );
  }
  const results: (SessionResult | null)[] = Array.from({ length: players }, () => null);
  const done = Promise.all(sessions.map((s, i) => s.run().then((r) => void (results[i] = r)))).then(() => {});
  return {
    results,
    done,
    stop: () => {
      for (const s of sessions) s.stop();
    },
    progress: () => recorders.map((r, i) => r.lines.length + events[i]!.length),
    internals: (peer) => sessions[peer]!.diagnostics(),
    settled: (peer, maxMs) => sessions[peer]!.settled(maxMs),
    finish: () => ({
      results,
      audits: recorders.map((r) => verifyTranscript(r.lines, { lenient: false, verified })),
      records: recorders.map((r) => r.lines),
      events,
      turnHashes,
    }),
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
