// Whole native games between in-process peers over in-memory links, on vitest's fake timers:
// a game with timeouts of seconds runs in milliseconds. One peer may be a rogue.
import { vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { stateHash } from '../../src/controller/core/replica.js';
import { featuresFrom, NATIVE_FEATURES, type SessionEvent, type SessionResult } from '../../src/controller/core/types.js';
import type { Link } from '../../src/controller/net/link.js';
import { memoryMesh } from '../../src/controller/net/memory.js';
import { memoryRecorder } from '../../src/controller/recorder.js';
import { MeshSession } from '../../src/controller/session.js';
import type { Seat } from '../../src/controller/seat.js';
import { verifyTranscript, type VerifyReport } from '../../src/controller/verify.js';
import type { OptionsInput } from '../../src/model/index.js';
import type { Keyring } from '../../src/protocol/signing.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { seededDice } from '../../src/protocol/random.js';

export interface RogueContext {
  readonly me: number;
  readonly gameId: string;
  readonly keyring: Keyring;
  readonly players: number;
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
  /** Seats other than bots (e.g. a silent seat). */
  readonly seats?: ReadonlyMap<number, Seat>;
  /** Virtual time after which the game counts as hung. */
  readonly maxVirtualMs?: number;
}

export interface MemoryGame {
  readonly results: (SessionResult | null)[];
  readonly audits: VerifyReport[];
  /** Each peer's record, as `risk verify` reads it. */
  readonly records: TranscriptLine[][];
  readonly events: SessionEvent[][];
  readonly virtualMs: number;
}

export async function playMemoryGame(options: MemoryGameOptions): Promise<MemoryGame> {
  const { players, seed = 1 } = options;
  const mesh = await memoryMesh(players);
  const gameId = `memory-${seed}`;
  const features = featuresFrom([...NATIVE_FEATURES]);
  const recorders = Array.from({ length: players }, () => memoryRecorder());
  const events: SessionEvent[][] = Array.from({ length: players }, () => []);
  const sessions = Array.from({ length: players }, (_, i) => {
    const rogue = options.rogue?.player === i ? options.rogue.links : undefined;
    const links = rogue ? rogue(mesh.links[i]!, { me: i, gameId, keyring: mesh.keyrings[i]!, players }) : mesh.links[i]!;
    const seat = options.seats?.get(i) ?? botSeat(createBot('normal', seededDice(seed * 100 + i)), seededDice(seed * 1000 + i), { deadlineMs: 60_000 });
    return new MeshSession({
      me: i,
      players: mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId })),
      links,
      seat,
      gameId,
      features,
      keyring: mesh.keyrings[i]!,
      ackTimeoutMs: options.ackTimeoutMs ?? 2000,
      moveTimeoutMs: options.moveTimeoutMs ?? 5000,
      recorder: recorders[i]!,
      onEvent: (event) => events[i]!.push(event),
      ...(options.rules ? { rules: options.rules } : {}),
    });
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const results: (SessionResult | null)[] = Array.from({ length: players }, () => null);
  const started = Date.now();
  try {
    sessions.forEach((s, i) => void s.run().then((r) => (results[i] = r)));
    const limit = options.maxVirtualMs ?? 3_600_000;
    // Bounded in virtual time and in steps: a hang ends the loop and shows as a null result.
    for (let step = 0; step < 100_000 && results.some((r) => r === null) && Date.now() - started < limit; step++) {
      await vi.advanceTimersByTimeAsync(50);
    }
    return { results, audits: recorders.map((r) => verifyTranscript(r.lines, { lenient: false })), records: recorders.map((r) => r.lines), events, virtualMs: Date.now() - started };
  } finally {
    for (const s of sessions) s.stop();
    vi.useRealTimers();
  }
}

/** The honest peers finished with one winner and one state; returns that winner. */
export function honestAgreement(game: MemoryGame, honest: readonly number[]): { winner: number | null; hash: string } {
  const finished = honest.map((i) => game.results[i]);
  if (finished.some((r) => r === null)) throw new Error(`an honest peer hung: ${finished.map((r) => (r === null ? 'hung' : r!.outcome)).join(', ')}`);
  const first = finished[0]!;
  for (const r of finished) {
    if (r!.winner !== first.winner) throw new Error(`honest peers disagree on the winner: ${finished.map((x) => x!.winner).join(', ')}`);
    if (stateHash(r!.state) !== stateHash(first.state)) throw new Error('honest peers disagree on the final state');
  }
  return { winner: first.winner, hash: stateHash(first.state) };
}
