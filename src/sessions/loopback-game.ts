// A game among several peers in this one process, over real libp2p on 127.0.0.1: the Quick game,
// tests and benchmarks. Peer 0 hosts; the others join in order.

import type { OptionsInput } from '../model/index.js';
import { PeerNode } from '../net/libp2p-node.js';
import type { Link } from '../net/link.js';
import { listenTcp, TcpEndpoint, type TcpListener } from '../net/tcp.js';
import type { Recorder } from '../store/transcript-recorder.js';
import { hostLobby, joinLobby, type LobbyEndpoint, type Roster } from './lobby.js';
import { LOCKSTEP_FEATURES, NATIVE_FEATURES, type SessionEvent, type SessionResult } from './mesh-session.js';
import type { Seat } from './seat.js';
import { type GameSession, sessionFor } from './session-factory.js';

export interface LoopbackPeer {
  readonly name: string;
  readonly seat: Seat;
  readonly recorder?: Recorder;
  /** Test hook: replace this peer's links once the mesh is built (an adversary rewrites its traffic). */
  readonly wrapLinks?: (links: Map<number, Link>, roster: Roster) => Map<number, Link>;
}

export interface LoopbackOptions {
  /** 'native' (default): libp2p full mesh. 'cs3099': plain TCP through the host. */
  readonly profile?: 'native' | 'cs3099';
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly rules?: Omit<OptionsInput, 'players'>;
  /** Native: offer no pipelining (every move waits for the one before to settle); for comparisons. */
  readonly lockstep?: boolean;
  readonly onEvent?: (peer: number, event: SessionEvent) => void;
}

export interface LoopbackGame {
  readonly sessions: readonly GameSession[];
  readonly rosters: readonly Roster[];
  /** Resolves when every session has finished. */
  readonly results: Promise<SessionResult[]>;
  /** Each peer's own result. */
  readonly each: readonly Promise<SessionResult>[];
  /** Stops every session and peer (safe to call more than once). */
  stop(): Promise<void>;
}

export async function startLoopbackGame(
  peers: readonly LoopbackPeer[],
  options: LoopbackOptions,
): Promise<LoopbackGame> {
  const cs3099 = options.profile === 'cs3099';
  let listener: TcpListener | null = null;
  let nodes: PeerNode[] = [];
  let endpoints: LobbyEndpoint[];
  if (cs3099) {
    listener = await listenTcp('127.0.0.1', 0);
    endpoints = peers.map((_, i) => new TcpEndpoint(i === 0 ? listener : null));
  } else {
    nodes = await Promise.all(peers.map(() => PeerNode.start({ host: '127.0.0.1', port: 0 })));
    endpoints = nodes;
  }
  let rosters: Roster[] = [];
  const shutdown = async () => {
    for (const roster of rosters) for (const link of roster.links.values()) link.close();
    await Promise.all(nodes.map((n) => n.stop().catch(() => {})));
    await listener?.close();
  };
  try {
    const features = cs3099 ? [] : [...(options.lockstep === true ? LOCKSTEP_FEATURES : NATIVE_FEATURES)];
    let joined = 0;
    const host = hostLobby(endpoints[0]!, {
      players: peers.length,
      name: peers[0]!.name,
      features,
      ackTimeoutMs: options.ackTimeoutMs,
      moveTimeoutMs: options.moveTimeoutMs,
      // Native: the rules ride in the lobby handshake, and each session plays its roster's rules.
      ...(options.rules && !cs3099 ? { rules: options.rules } : {}),
      onEvent: (event) => {
        if (event.type === 'joined') joined++;
      },
    });
    const address = endpoints[0]!.addresses()[0]!;
    const joins = [];
    // One at a time, so players get ids in the order given.
    for (let i = 1; i < peers.length; i++) {
      joins.push(joinLobby(endpoints[i]!, address, { name: peers[i]!.name, features, startTimeoutMs: 30_000 }));
      await waitUntil(() => joined >= i, 5000);
    }
    const lobbies = await Promise.all([host, ...joins]);
    for (const lobby of lobbies) {
      if (!lobby.ok) throw new Error(lobby.reason);
      rosters.push(lobby.roster);
    }
    const sessions: GameSession[] = rosters.map((roster, i) => {
      const spec = peers[i]!;
      const links = spec.wrapLinks ? spec.wrapLinks(roster.links, roster) : roster.links;
      const common = {
        ...(spec.recorder ? { recorder: spec.recorder } : {}),
        ...(options.onEvent ? { onEvent: (event: SessionEvent) => options.onEvent!(i, event) } : {}),
      };
      const profile = cs3099
        ? {
            profile: 'cs3099' as const,
            role: roster.me === 0 ? ('host' as const) : ('client' as const),
            ...(options.rules ? { rules: options.rules } : {}),
          }
        : { profile: 'native' as const };
      return sessionFor({ ...roster, links }, profile, { seat: spec.seat, ...common });
    });
    const each = sessions.map((s) => s.run());
    return {
      sessions,
      rosters,
      results: Promise.all(each),
      each,
      async stop() {
        for (const s of sessions) s.stop();
        await shutdown();
      },
    };
  } catch (error) {
    await shutdown();
    rosters = [];
    throw error;
  }
}

async function waitUntil(test: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}
