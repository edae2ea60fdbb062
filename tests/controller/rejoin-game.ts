// A native game over in-memory links (fake timers) in which one peer drops out mid-game and comes
// back with its key (protocol-spec/resume.md, Rejoin): shared by the rejoin tests of three peers and
// of two. Peer `dropper`'s process dies (or, `how: 'split'`, only its links close) right after its
// `dropAfter`-th line of command `dropOn` left it.
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import {
  featuresFrom,
  LOCKSTEP_FEATURES,
  PIPELINING_FEATURES,
  type SessionEvent,
  type SessionResult,
} from '../../src/core/contract.js';
import type { Link } from '../../src/net/link.js';
import { memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import { seal, unseal } from '../../src/protocol/signing.js';
import { MeshSession, type SessionConfig } from '../../src/sessions/mesh-session.js';
import { historyLines, memoryRecorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce } from '../support/signature-cache.js';
import { withSend } from './mesh-game.js';
import { classicSeatBack } from './seat-back.js';

export const ACK_MS = 10_000;
export const MOVE_MS = 20_000;
/** A commitment per dice round (the games these tests replay were seeded for it); `chains` adds dice_chains. */
const PER_ROUND = LOCKSTEP_FEATURES.filter((f) => f !== 'dice_chains');

/** Vitest's fake clock for every test of the file. */
export function fakeClockInEveryTest() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export interface Peer {
  session: MeshSession;
  recorder: ReturnType<typeof memoryRecorder>;
  events: SessionEvent[];
  result: SessionResult | null;
  /** Virtual time at which the session finished. */
  endedAt: number | null;
}

/** Runs virtual time in small steps until `until` holds or the bound is reached. */
export async function runUntil(until: () => boolean, maxMs: number) {
  const started = Date.now();
  for (let step = 0; step < 200_000 && !until() && Date.now() - started < maxMs; step++)
    await vi.advanceTimersByTimeAsync(50);
}

export const neutralised = (events: SessionEvent[], player: number) =>
  events.some((e) => e.type === 'neutral' && e.player === player);

export interface RejoinGameOptions {
  readonly players: number;
  readonly seed: number;
  /** Names the game (`NAME-SEED`): its id is signed into every line. */
  readonly name: string;
  readonly dropper: number;
  readonly dropAfter: number;
  readonly dropOn?: string;
  readonly rules?: Record<string, unknown>;
  /** 'dies' (default): its session stops too; 'split': only the links close, both sides go on. */
  readonly how?: 'dies' | 'split';
  /** Dice from hash chains (dice_chains) instead of a commitment per round. */
  readonly chains?: boolean;
  /** Moves on the one unsettled entry (pipelining). */
  readonly pipelining?: boolean;
  /**
   * Its last acknowledgements of moves before it drops out (this many) go out under signatures that
   * do not match: a rogue's, which a peer of a game of two takes unchecked (native.md, step 6).
   */
  readonly badAcks?: number;
  /** The same with its dice reveals (with `chains`: a reveal that fits its chain is taken unchecked too). */
  readonly badReveals?: number;
  /** Rewrites what one peer hands a rejoining player. */
  readonly tamper?: { readonly player: number; readonly history: (lines: string[]) => string[] };
  /** A player that takes the rejoining seat's new link and never reads it (so never answers). */
  readonly unanswered?: number;
}

export async function startRejoinGame(options: RejoinGameOptions) {
  const {
    players: count,
    seed,
    dropper: R,
    dropAfter,
    dropOn = 'acknowledgement',
    rules,
    how = 'dies',
    tamper,
  } = options;
  const features = featuresFrom([
    ...(options.chains ? LOCKSTEP_FEATURES : PER_ROUND),
    ...(options.pipelining ? PIPELINING_FEATURES : []),
  ]);
  // Each good signature is checked once for all the in-process peers (see mesh-game.ts).
  const mesh = await memoryMesh(count, seed, checkedOnce());
  const gameId = `${options.name}-${seed}`;
  const players = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId }));
  const numbers = (i: number, tag: string) => {
    let n = 0;
    return () => Uint8Array.from(createHash('sha256').update(`${seed} ${i} ${tag} ${n++}`).digest());
  };
  const seatOf = (i: number) =>
    botSeat(createBot('normal', seededDice(seed * 100 + i)), seededDice(seed * 1000 + i), { deadlineMs: 60_000 });
  const common = {
    players,
    gameId,
    features,
    ...(rules ? { rules } : {}),
    ackTimeoutMs: ACK_MS,
    moveTimeoutMs: MOVE_MS,
  };
  const peers: Peer[] = [];
  // What each peer was told of a rejoining player's addresses (onRejoinAddresses).
  const told: [number, number, readonly string[]][] = [];
  let droppedAt: number | null = null;
  const drop = () => {
    if (droppedAt !== null) return;
    droppedAt = Date.now();
    queueMicrotask(() => {
      if (how === 'dies') peers[R]!.session.stop();
      for (const link of mesh.links[R]!.values()) link.close();
    });
  };
  const track = (peer: Peer) =>
    void peer.session.run().then((r) => {
      peer.result = r;
      peer.endedAt = Date.now();
    });
  const newPeer = (me: number, links: Map<number, Link>, extra: Partial<SessionConfig>) => {
    const recorder = memoryRecorder();
    const events: SessionEvent[] = [];
    const history = () => historyLines(recorder.lines);
    const session = new MeshSession({
      ...common,
      me,
      links,
      seat: seatOf(me),
      keyring: mesh.keyrings[me]!,
      recorder,
      secretNumbers: numbers(me, 'first'),
      history: tamper?.player === me ? () => tamper.history(history()) : history,
      onRejoinAddresses: (player, addresses) => told.push([me, player, addresses]),
      onEvent: (event) => events.push(event),
      ...extra,
    });
    const peer: Peer = { session, recorder, events, result: null, endedAt: null };
    track(peer);
    return peer;
  };
  for (let i = 0; i < count; i++) {
    let links = mesh.links[i]!;
    if (i === R) {
      links = new Map(
        [...links].map(([to, link]) => {
          let sent = 0;
          return [
            to,
            withSend(link, (line) => {
              if (droppedAt !== null && how === 'dies') return;
              const sealed = unseal(line);
              const bad =
                (options.badAcks !== undefined &&
                  sent >= dropAfter - options.badAcks &&
                  sealed?.inner.startsWith('{"command":"acknowledgement"') &&
                  sealed.inner.includes('"author_sig"')) ||
                (options.badReveals !== undefined &&
                  sent >= dropAfter - options.badReveals &&
                  sealed?.inner.startsWith('{"command":"roll_number"'));
              link.send(bad ? seal(sealed!.inner, sealed!.by, randomBytes(64).toString('hex')) : line);
              if (line.includes(`\\"command\\":\\"${dropOn}\\"`) && ++sent === dropAfter) drop();
            }),
          ] as const;
        }),
      );
    }
    peers.push(newPeer(i, links, {}));
  }

  /** R comes back: new links to the others (accepted there by its key), its history checked, a new session. */
  const rejoin = async () => {
    const other = R === 0 ? 1 : 0;
    const back = await classicSeatBack({
      me: R,
      peerIds: mesh.peerIds,
      keyring: mesh.keyrings[R]!,
      common,
      own: peers[R]!.recorder.lines,
      missions: peers[R]!.session.current.missions,
      accept: (player, link) =>
        player === options.unanswered ? { ok: true } : peers[player]!.session.rejoinLink(R, link),
      timeoutMs: 5_000,
      // Where it listens now; one address names another peer's key, and is not sent.
      addresses: [`/ip4/10.0.0.9/tcp/7000/p2p/${mesh.peerIds[R]}`, `/ip4/10.0.0.9/tcp/7001/p2p/${mesh.peerIds[other]}`],
    });
    const { accepted, rejoined } = back;
    if (back.rejoin === null) return { accepted, rejoined, peer: null };
    const peer = newPeer(R, back.links, { secretNumbers: numbers(R, 'again'), rejoin: back.rejoin });
    return { accepted, rejoined, peer };
  };
  /** Rejoins while the clock runs (the answers are awaited with timers). */
  const rejoinRunning = async () => {
    let out: Awaited<ReturnType<typeof rejoin>> | undefined;
    const pending = rejoin().then((v) => void (out = v));
    await runUntil(() => out !== undefined, 60_000);
    await pending;
    return out!;
  };
  return {
    peers,
    told,
    peerIds: mesh.peerIds,
    rejoin: rejoinRunning,
    droppedAt: () => droppedAt,
    isDropped: () => droppedAt !== null,
    stop: () => peers.forEach((p) => p.session.stop()),
  };
}

export type RejoinGame = Awaited<ReturnType<typeof startRejoinGame>>;

/** The dropped peer takes its seat back: every other peer accepts its new link and its history checks out. */
export async function takeSeatBack(game: RejoinGame) {
  const { accepted, rejoined, peer } = await game.rejoin();
  expect(accepted).toEqual(Array.from({ length: game.peers.length - 1 }, () => ({ ok: true })));
  expect(rejoined.ok, rejoined.ok ? '' : rejoined.reason).toBe(true);
  if (!rejoined.ok || peer === null) throw new Error('the seat was not taken back');
  return { rejoined, back: peer };
}
