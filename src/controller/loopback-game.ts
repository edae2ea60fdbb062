// A game among several peers in this one process, over real libp2p on 127.0.0.1: the Quick game,
// tests and benchmarks. Peer 0 hosts; the others join in order.
import { hostLobby, joinLobby, type Roster } from './lobby.js';
import type { Link } from './net/link.js';
import { PeerNode } from './net/libp2p-node.js';
import { sessionFor } from './peer-game.js';
import type { Recorder } from './recorder.js';
import type { Seat } from './seat.js';
import { NATIVE_FEATURES, type MeshSession, type SessionEvent, type SessionResult } from './session.js';
import type { OptionsInput } from '../model/index.js';

export interface LoopbackPeer {
  readonly name: string;
  readonly seat: Seat;
  readonly recorder?: Recorder;
  /** Test hook: replace this peer's links once the mesh is built (an adversary rewrites its traffic). */
  readonly wrapLinks?: (links: Map<number, Link>, roster: Roster) => Map<number, Link>;
}

export interface LoopbackOptions {
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly onEvent?: (peer: number, event: SessionEvent) => void;
}

export interface LoopbackGame {
  readonly sessions: readonly MeshSession[];
  readonly rosters: readonly Roster[];
  /** Resolves when every session has finished. */
  readonly results: Promise<SessionResult[]>;
  /** Each peer's own result. */
  readonly each: readonly Promise<SessionResult>[];
  /** Stops every session and peer (safe to call more than once). */
  stop(): Promise<void>;
}

export async function startLoopbackGame(peers: readonly LoopbackPeer[], options: LoopbackOptions): Promise<LoopbackGame> {
  const nodes = await Promise.all(peers.map(() => PeerNode.start({ host: '127.0.0.1', port: 0 })));
  const stopNodes = () => Promise.all(nodes.map((n) => n.stop().catch(() => {}))).then(() => {});
  try {
    const host = hostLobby(nodes[0]!, {
      players: peers.length,
      name: peers[0]!.name,
      features: [...NATIVE_FEATURES],
      ackTimeoutMs: options.ackTimeoutMs,
      moveTimeoutMs: options.moveTimeoutMs,
    });
    const address = nodes[0]!.addresses()[0]!;
    const joins = [];
    // One at a time, so players get ids in the order given.
    for (let i = 1; i < peers.length; i++) {
      const joined = joinLobby(nodes[i]!, address, { name: peers[i]!.name, features: [...NATIVE_FEATURES], startTimeoutMs: 30_000 });
      joins.push(joined);
      await waitUntil(() => nodes[0]!.node.getConnections().length >= i, 5000);
    }
    const lobbies = await Promise.all([host, ...joins]);
    const rosters: Roster[] = [];
    for (const lobby of lobbies) {
      if (!lobby.ok) throw new Error(lobby.reason);
      rosters.push(lobby.roster);
    }
    const sessions = rosters.map((roster, i) => {
      const spec = peers[i]!;
      const links = spec.wrapLinks ? spec.wrapLinks(roster.links, roster) : roster.links;
      return sessionFor({ ...roster, links }, {
        seat: spec.seat,
        ...(spec.recorder ? { recorder: spec.recorder } : {}),
        ...(options.rules ? { rules: options.rules } : {}),
        ...(options.onEvent ? { onEvent: (event: SessionEvent) => options.onEvent!(i, event) } : {}),
      });
    });
    const each = sessions.map((s) => s.run());
    return {
      sessions,
      rosters,
      results: Promise.all(each),
      each,
      async stop() {
        for (const s of sessions) s.stop();
        await stopNodes();
      },
    };
  } catch (error) {
    await stopNodes();
    throw error;
  }
}

async function waitUntil(test: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}
