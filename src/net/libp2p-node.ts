// The native transport: libp2p over TCP with Noise encryption and yamux (preferred) or mplex
// stream muxing. One stream per link, carrying JSON lines under our own protocol id.
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { noiseCrypto } from './noise-crypto.js';
import './yamux-window.js';
import './libp2p-io.js';
import { generateKeyPair } from '@libp2p/crypto/keys';
import type { PrivateKey, Stream } from '@libp2p/interface';
import { mplex } from '@libp2p/mplex';
import { tcp } from '@libp2p/tcp';
import { type Multiaddr, multiaddr } from '@multiformats/multiaddr';
import { createLibp2p, type Libp2p } from 'libp2p';
import { LineSplitter } from '../protocol/codec.js';
import { type Link, LinkEvents } from './link.js';

export const PROTOCOL_ID = '/p2p-risk/1.0.0';
const DAY_MS = 24 * 60 * 60 * 1000;
/** An inbound link that no lobby or game claims within this time is closed. */
const UNCLAIMED_LINK_MS = 5000;

export interface PeerNodeOptions {
  /** Address to listen on: 0.0.0.0 (default: classmates can join) or 127.0.0.1 in tests. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly privateKey?: PrivateKey;
}

export class PeerNode {
  /** Native games connect every player to every other. */
  readonly mesh = true;
  private linkListener: ((link: Link) => void) | null = null;
  private pending: Link[] = [];

  private constructor(
    readonly node: Libp2p,
    /** The identity key: it also signs this peer's game messages. */
    readonly privateKey: PrivateKey,
  ) {}

  static async start(options: PeerNodeOptions = {}): Promise<PeerNode> {
    const privateKey = options.privateKey ?? (await generateKeyPair('Ed25519'));
    const node = await createLibp2p({
      privateKey,
      addresses: { listen: [`/ip4/${options.host ?? '0.0.0.0'}/tcp/${options.port ?? 0}`] },
      // Games have long quiet spells while people think: keep idle sockets open.
      transports: [tcp({ inboundSocketInactivityTimeout: DAY_MS, outboundSocketInactivityTimeout: DAY_MS })],
      connectionEncrypters: [noise({ crypto: noiseCrypto })],
      streamMuxers: [yamux(), mplex()],
    });
    const peer = new PeerNode(node, privateKey);
    await node.handle(PROTOCOL_ID, (stream, connection) => {
      const link = streamLink(stream, connection.remotePeer.toString());
      if (peer.linkListener) peer.linkListener(link);
      else {
        // Nobody wants links now (between games): a stranger's link is closed, its bytes not kept.
        peer.pending.push(link);
        setTimeout(() => {
          const at = peer.pending.indexOf(link);
          if (at < 0) return;
          peer.pending.splice(at, 1);
          link.close();
        }, UNCLAIMED_LINK_MS).unref();
      }
    });
    return peer;
  }

  get peerId(): string {
    return this.node.peerId.toString();
  }

  /** Full multiaddrs (with /p2p/<peer id>) that others can dial. */
  addresses(): string[] {
    return this.node.getMultiaddrs().map((a) => a.toString());
  }

  /** Inbound links, including any that arrived before a listener was set. */
  onLink(listener: (link: Link) => void) {
    this.linkListener = listener;
    const waiting = this.pending;
    this.pending = [];
    for (const link of waiting) listener(link);
  }

  /** Dials a multiaddr or plain host:port. */
  async dial(address: string, timeoutMs = 10_000): Promise<{ ok: true; link: Link } | { ok: false; reason: string }> {
    const target = parseDialAddress(address);
    if (!target.ok) return target;
    try {
      const stream = await this.node.dialProtocol(target.value, PROTOCOL_ID, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const connection = this.node.getConnections().find((c) => c.streams.includes(stream));
      return { ok: true, link: streamLink(stream, connection?.remotePeer.toString() ?? address) };
    } catch (error) {
      return { ok: false, reason: `cannot reach ${address}: ${(error as Error).message}` };
    }
  }

  async stop(): Promise<void> {
    await this.node.stop();
  }
}

/** A multiaddr as printed by a host, or host:port (IPv4, [IPv6] or a DNS name). */
export function parseDialAddress(address: string): { ok: true; value: Multiaddr } | { ok: false; reason: string } {
  const text = address.trim();
  if (text.startsWith('/')) {
    try {
      return { ok: true, value: multiaddr(text) };
    } catch (error) {
      return { ok: false, reason: `"${text}" is not a valid multiaddr: ${(error as Error).message}` };
    }
  }
  const match = /^(?:\[([0-9a-fA-F:]+)\]|([^:\s]+)):(\d{1,5})$/.exec(text);
  if (!match || Number(match[3]) > 65535 || Number(match[3]) === 0) {
    return {
      ok: false,
      reason: `"${text}" is not an address: use host:port (e.g. 192.168.1.20:7475) or the /ip4/… address the host printed`,
    };
  }
  const port = match[3];
  if (match[1]) return { ok: true, value: multiaddr(`/ip6/${match[1]}/tcp/${port}`) };
  const host = match[2]!;
  const kind = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? 'ip4' : 'dns4';
  return { ok: true, value: multiaddr(`/${kind}/${host}/tcp/${port}`) };
}

function streamLink(stream: Stream, remotePeer: string): Link {
  const events = new LinkEvents();
  const splitter = new LineSplitter();
  const encoder = new TextEncoder();
  stream.inactivityTimeout = DAY_MS;
  events.onOverflow = () => stream.abort(new Error('sent too many unread lines'));
  stream.addEventListener('message', (event) => {
    const data = event.data;
    for (const item of splitter.push(data instanceof Uint8Array ? data : data.subarray())) {
      if (item.ok) {
        if (item.line.trim() !== '') events.line(item.line);
      } else events.line(JSON.stringify({ command: '__bad_line__', payload: item.reason }));
    }
  });
  stream.addEventListener('close', (event) => events.close(event.error ? event.error.message : null));
  // Links are used both ways for a whole game: the other side closing its half ends the link.
  stream.addEventListener('remoteCloseWrite', () => {
    stream.close().catch(() => stream.abort(new Error('closed')));
    events.close('the other side closed the link');
  });
  // Lines sent in one turn of the event loop go out as one frame: a move, its ack and a dice
  // commitment often leave together, and each frame costs a muxer header, an encryption, a write,
  // and at the other end a wake-up, a read and a decryption. Written once the turn is done
  // (setImmediate, not a microtask), so that the seat's move, a promise settled after the
  // acknowledgements that made it due, leaves in the same frame as they do.
  let queued = '';
  const drain = () => {
    const text = queued;
    queued = '';
    if (text === '' || events.closed || stream.status !== 'open') return;
    try {
      stream.send(encoder.encode(text));
    } catch (error) {
      // The stream closed under us (the peer went away): that is a closed link, not a crash.
      events.close((error as Error).message);
    }
  };
  return {
    remotePeer,
    send(line: string) {
      if (events.closed || stream.status !== 'open') return;
      if (queued === '') setImmediate(drain);
      queued += line.endsWith('\n') ? line : `${line}\n`;
    },
    onLine: (listener) => events.onLine(listener),
    unread: (lines) => events.unread(lines),
    onClose: (listener) => events.onClose(listener),
    close() {
      if (events.closed) return;
      drain();
      stream.close().catch(() => stream.abort(new Error('closed')));
      events.close(null);
    },
    get closed() {
      return events.closed;
    },
  };
}
