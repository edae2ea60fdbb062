// The web view's server: the page and its WebSocket on 127.0.0.1 only, at a random port, behind a
// secret token in the URL. Every request and the socket need the token (a request without it is
// refused: another user of this machine, or a web site the player visits, cannot read or drive the
// seat); the socket also needs this server's own origin and host (no other site's page, no DNS
// rebinding). The page loads its one script and one style sheet from here and nothing from
// anywhere else, under a strict Content-Security-Policy.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Board } from '../../model/index.js';
import type { Table } from '../table.js';
import type { PageAssets } from './page-assets.js';
import type { WebFront } from './web-front.js';
import { readCommand, type ServerMessage } from './wire.js';

export interface WebServer {
  /** The page's address, with its token: the one thing to give the browser. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface WebServerOptions {
  readonly front: WebFront;
  readonly assets: PageAssets;
  /** 0 (default): any free port. */
  readonly port?: number;
  /** The secret in the URL (default: 128 random bits). */
  readonly token?: string;
  /** How often at most the page is sent the game's changes while bots play (default 40 ms). */
  readonly frameMs?: number;
}

const HOST = '127.0.0.1';
/** The largest message the page may send: a RISC order set is far smaller. */
const MAX_MESSAGE = 64 * 1024;

function sameSecret(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pageHtml(token: string): string {
  const t = encodeURIComponent(token);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Risk</title>
<link rel="stylesheet" href="/app.css?t=${escapeHtml(t)}">
<script type="module" src="/app.js?t=${escapeHtml(t)}"></script>
</head>
<body>
<div id="root"><p class="boot">Loading the game…</p></div>
<noscript>This page needs JavaScript (its own, from this program: nothing is loaded from elsewhere).</noscript>
</body>
</html>
`;
}

/** The page's headers: nothing but this server's own script, styles and socket. */
function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `connect-src ws://${HOST}:${port}`,
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

interface Client {
  readonly socket: WebSocket;
  /** The table whose story this page has (undefined: nothing sent yet), and the last entry of it sent. */
  table: Table | null | undefined;
  lastLog: number;
  board: Board | null;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { front, assets } = options;
  const token = options.token ?? randomBytes(16).toString('base64url');
  const frameMs = options.frameMs ?? 40;
  const clients = new Set<Client>();
  let port = 0;

  const allowedHosts = () => [`${HOST}:${port}`, `localhost:${port}`];

  const refuse = (response: ServerResponse, status: number, text: string) => {
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders(port) });
    response.end(`${text}\n`);
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${HOST}`);
    if (!allowedHosts().includes(request.headers.host ?? ''))
      return refuse(response, 421, 'risk: this page is served to 127.0.0.1 only');
    if (!sameSecret(url.searchParams.get('t'), token))
      return refuse(
        response,
        403,
        'risk: this page needs its secret: open the whole address that risk printed (it ends with ?t=…)',
      );
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'risk: only GET here');
    const send = (type: string, body: Buffer | string) => {
      response.writeHead(200, { 'Content-Type': type, ...securityHeaders(port) });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    switch (url.pathname) {
      case '/':
        return send('text/html; charset=utf-8', pageHtml(token));
      case '/app.js':
        return send('text/javascript; charset=utf-8', assets.script);
      case '/app.css':
        return send('text/css; charset=utf-8', assets.style);
      default:
        return refuse(response, 404, 'risk: no such page');
    }
  };

  const server = createServer(onRequest);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', `http://${HOST}`);
    const origin = request.headers.origin;
    const ok =
      url.pathname === '/ws' &&
      allowedHosts().includes(request.headers.host ?? '') &&
      (origin === undefined || allowedHosts().some((h) => origin === `http://${h}`)) &&
      sameSecret(url.searchParams.get('t'), token);
    if (!ok) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => connected(ws));
  });

  const message = (client: Client): ServerMessage => {
    const table = front.table();
    const fresh = table !== client.table;
    if (fresh) {
      client.table = table;
      client.lastLog = 0;
    }
    const log = table === null ? [] : table.view.log.filter((e) => e.id > client.lastLog);
    client.lastLog = log.at(-1)?.id ?? client.lastLog;
    const board = table?.view.state?.board ?? null;
    const newBoard = board !== null && board !== client.board;
    if (newBoard) client.board = board;
    return {
      type: 'view',
      screen: front.view(),
      defaults: front.defaults,
      log,
      fresh,
      ...(newBoard ? { board } : {}),
    };
  };

  const sendTo = (client: Client, payload: ServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(payload));
  };

  // The page is sent the latest screen at most once a frame: bots at full speed change it far more often.
  let timer: NodeJS.Timeout | null = null;
  let lastFlush = 0;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    lastFlush = Date.now();
    for (const client of clients) sendTo(client, message(client));
  };
  const schedule = () => {
    if (timer !== null) return;
    timer = setTimeout(flush, Math.max(0, lastFlush + frameMs - Date.now()));
  };
  const unsubscribe = front.subscribe(schedule);

  const connected = (socket: WebSocket) => {
    const client: Client = { socket, table: undefined, lastLog: 0, board: null };
    clients.add(client);
    sendTo(client, message(client));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return sendTo(client, { type: 'refused', reason: 'the page sends text messages only' });
      const read = readCommand(data.toString());
      if (!read.ok) return sendTo(client, { type: 'refused', reason: read.reason });
      void front.handle(read.command).then(
        (result) => {
          if (!result.ok) sendTo(client, { type: 'refused', reason: result.reason });
          // A player's move is answered at once, not at the next frame.
          flush();
        },
        (error: Error) => sendTo(client, { type: 'refused', reason: `that failed: ${error.message}` }),
      );
    });
    socket.on('close', () => clients.delete(client));
    socket.on('error', () => clients.delete(client));
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://${HOST}:${port}/?t=${encodeURIComponent(token)}`,
    port,
    async close() {
      unsubscribe();
      // The pages are told the program stopped, then the sockets close.
      flush();
      if (timer !== null) clearTimeout(timer);
      for (const client of clients) client.socket.close(1001, 'risk stopped');
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
