// The class transport: plain TCP, one JSON object per line (cs3099-observed.md §1).
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { LineSplitter } from '../protocol/codec.js';
import { type Link, LinkEvents } from './link.js';

/** The two line dialects of the class protocol (cs3099-observed.md §1): a bare message, or the late-course envelope. */
export type Dialect = 'bare' | 'wrapped';

/**
 * Which of the two line dialects a line is in (cs3099-observed.md §1): a bare message, or the
 * late-course envelope `{"message": "<inner line>", "signature"?: …}`; null when it is neither.
 */
export function lineDialect(line: string): Dialect | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if ('command' in value) return 'bare';
  return 'message' in value ? 'wrapped' : null;
}

/**
 * `line` in `dialect`: a bare line wrapped in the envelope, or an envelope's inner line taken out.
 * Relayed lines pass through here too, so a client reads every line in its own dialect whatever
 * the author speaks. A line that is neither goes out as it is.
 */
export function inDialect(line: string, dialect: Dialect): string {
  if (dialect === 'bare' && line.startsWith('{"command"')) return line; // ours: no need to parse
  const current = lineDialect(line);
  if (current === null || current === dialect) return line;
  if (dialect === 'wrapped') return JSON.stringify({ message: line, signature: '' });
  const inner = (JSON.parse(line) as { message: unknown }).message;
  return typeof inner === 'string' ? inner : JSON.stringify(inner);
}

/**
 * A link over a TCP socket. Lines go out in the dialect the peer last spoke; before it has said
 * anything, in `first` (bare by default: the recorded 2015 peer cannot read the envelope, and a
 * peer that wants it speaks first, with join_game, unless it is the host a joiner dials).
 */
export function socketLink(socket: Socket, first: Dialect = 'bare'): Link {
  const events = new LinkEvents();
  const splitter = new LineSplitter();
  let dialect = first;
  socket.setNoDelay(true);
  events.onOverflow = () => socket.destroy();
  socket.on('data', (chunk: Buffer) => {
    for (const item of splitter.push(chunk)) {
      if (!item.ok) events.line(JSON.stringify({ command: '__bad_line__', payload: item.reason }));
      else if (item.line.trim() !== '') {
        dialect = lineDialect(item.line) ?? dialect;
        events.line(item.line);
      }
    }
  });
  socket.on('error', (error) => events.close(error.message));
  socket.on('close', () => events.close(null));
  const remotePeer = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
  return {
    remotePeer,
    send(line: string) {
      if (events.closed || socket.destroyed) return;
      const text = inDialect(line.endsWith('\n') ? line.slice(0, -1) : line, dialect);
      socket.write(`${text}\n`);
    },
    onLine: (listener) => events.onLine(listener),
    unread: (lines) => events.unread(lines),
    onClose: (listener) => events.onClose(listener),
    close() {
      if (events.closed) return;
      socket.end();
      setTimeout(() => socket.destroy(), 200).unref();
      events.close(null);
    },
    get closed() {
      return events.closed;
    },
  };
}

export interface TcpListener {
  readonly port: number;
  readonly host: string;
  onLink(listener: (link: Link) => void): void;
  close(): Promise<void>;
}

export function listenTcp(host: string, port: number): Promise<TcpListener> {
  return new Promise((resolve, reject) => {
    let listener: ((link: Link) => void) | null = null;
    const pending: Link[] = [];
    const sockets = new Set<Socket>();
    const server: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      const link = socketLink(socket);
      if (listener) listener(link);
      else pending.push(link);
    });
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : port;
      resolve({
        port: bound,
        host,
        onLink(l) {
          listener = l;
          for (const link of pending.splice(0)) l(link);
        },
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Connects to host:port (IPv4, [IPv6] or a name); the link speaks `dialect` until the other side has spoken. */
export function dialTcp(
  address: string,
  timeoutMs = 10_000,
  dialect: Dialect = 'bare',
): Promise<{ ok: true; link: Link } | { ok: false; reason: string }> {
  const match = /^(?:\[([0-9a-fA-F:]+)\]|([^:\s]+)):(\d{1,5})$/.exec(address.trim());
  if (!match || Number(match[3]) === 0 || Number(match[3]) > 65535) {
    return Promise.resolve({
      ok: false,
      reason: `"${address}" is not an address: use host:port, e.g. 192.168.1.20:7475`,
    });
  }
  const host = match[1] ?? match[2]!;
  const port = Number(match[3]);
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ ok: false, reason: `cannot reach ${address}: no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ ok: true, link: socketLink(socket, dialect) });
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: `cannot reach ${address}: ${error.message}` });
    });
  });
}

/**
 * The dialect each host address was found to speak, for the life of this process (the game
 * launcher joins many games in one): a joiner offers it first next time.
 */
const FOUND_DIALECTS = new Map<string, Dialect>();

/** The lobby's view of plain TCP: no peer identity, and players talk only through the host. */
export class TcpEndpoint {
  readonly peerId = '';
  readonly mesh = false;
  constructor(
    private readonly listener: TcpListener | null,
    /** Where the dialects found per host address are kept (tests give their own). */
    readonly dialects: Map<string, Dialect> = FOUND_DIALECTS,
  ) {}

  /** host:port for each address others can reach (every IPv4 interface when listening on 0.0.0.0). */
  addresses(): string[] {
    if (!this.listener) return [];
    const { host, port } = this.listener;
    if (host !== '0.0.0.0') return [`${host}:${port}`];
    const ips = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i !== undefined && i.family === 'IPv4')
      .sort((a, b) => Number(a!.internal) - Number(b!.internal))
      .map((i) => i!.address);
    return (ips.length > 0 ? ips : ['127.0.0.1']).map((ip) => `${ip}:${port}`);
  }

  onLink(listener: (link: Link) => void) {
    this.listener?.onLink(listener);
  }

  dial(address: string, timeoutMs?: number, options: { readonly dialect?: Dialect } = {}) {
    return dialTcp(address, timeoutMs, options.dialect);
  }
}
