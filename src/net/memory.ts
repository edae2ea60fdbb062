// Links inside one process: a full mesh of in-memory channels, for session tests on fake timers
// and for the chaos benchmark. Lines arrive in order, one microtask after they are sent.
import { createHash } from 'node:crypto';
import { generateKeyPair, generateKeyPairFromSeed } from '@libp2p/crypto/keys';
import { peerIdFromPrivateKey } from '@libp2p/peer-id';
import { gameKeyring } from '../protocol/peer-keys.js';
import type { Keyring, VerifiedSignatures } from '../protocol/signing.js';
import { type Link, LinkEvents } from './link.js';

interface End {
  readonly events: LinkEvents;
  peer: End | null;
}

/** Two links joined back to back. */
export function memoryLinkPair(nameA: string, nameB: string): [Link, Link] {
  const a: End = { events: new LinkEvents(), peer: null };
  const b: End = { events: new LinkEvents(), peer: null };
  a.peer = b;
  b.peer = a;
  const link = (end: End, remotePeer: string): Link => ({
    remotePeer,
    send(line) {
      if (end.events.closed) return;
      const other = end.peer!;
      queueMicrotask(() => other.events.line(line));
    },
    onLine: (listener) => end.events.onLine(listener),
    unread: (lines) => end.events.unread(lines),
    onClose: (listener) => end.events.onClose(listener),
    close() {
      if (end.events.closed) return;
      end.events.close(null);
      const other = end.peer!;
      queueMicrotask(() => other.events.close('the other side closed'));
    },
    get closed() {
      return end.events.closed;
    },
  });
  return [link(a, nameB), link(b, nameA)];
}

export interface MemoryMesh {
  /** links[i] holds player i's link to every other player. */
  readonly links: Map<number, Link>[];
  readonly peerIds: readonly string[];
  readonly keyrings: readonly Keyring[];
}

/**
 * A full mesh of `players` peers, each with an Ed25519 identity and a keyring for the game. With a
 * `seed` the identities are derived from it, so a game replays exactly (signatures included).
 */
export async function memoryMesh(players: number, seed?: number, verified?: VerifiedSignatures): Promise<MemoryMesh> {
  const keyFor = (i: number) =>
    seed === undefined
      ? generateKeyPair('Ed25519')
      : generateKeyPairFromSeed('Ed25519', createHash('sha256').update(`memory-mesh ${seed} ${i}`).digest());
  const keys = await Promise.all(Array.from({ length: players }, (_, i) => keyFor(i)));
  const peerIds = keys.map((k) => peerIdFromPrivateKey(k).toString());
  const links = Array.from({ length: players }, () => new Map<number, Link>());
  for (let i = 0; i < players; i++) {
    for (let j = i + 1; j < players; j++) {
      const [ij, ji] = memoryLinkPair(peerIds[i]!, peerIds[j]!);
      links[i]!.set(j, ij);
      links[j]!.set(i, ji);
    }
  }
  const ids = new Map(peerIds.map((id, i) => [i, id]));
  const keyrings = keys.map((k) => {
    const ring = gameKeyring(k, ids, verified);
    if (ring === null) throw new Error('Ed25519 keys always make a keyring');
    return ring;
  });
  return { links, peerIds, keyrings };
}
