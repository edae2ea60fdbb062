// The web view's server over real sockets on 127.0.0.1: nothing without the token (pages, files,
// the WebSocket), nothing for another site's page or another host name, a strict Content-Security-
// Policy, and the page's commands checked (a bad one is refused, said back, and nothing moves).
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PageAssets } from '../../../src/views/web/page-assets.js';
import { startWebServer, type WebServer } from '../../../src/views/web/server.js';
import { WebFront } from '../../../src/views/web/web-front.js';
import type { ServerMessage } from '../../../src/views/web/wire.js';
import { fakeLauncher } from '../ink-helpers.js';

const ASSETS: PageAssets = { script: Buffer.from('console.log("page")'), style: Buffer.from('body{}') };
const DEFAULTS = { name: 'Ann', rules: {}, bot: 'easy' as const, moveTimeoutSeconds: 60, players: 4 };
const TOKEN = 'secret-of-the-seat';

let running: WebServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function serve(): Promise<{ server: WebServer; front: WebFront }> {
  const front = new WebFront({
    launcher: fakeLauncher(),
    defaults: DEFAULTS,
    start: { kind: 'menu' },
    onQuit: () => {},
  });
  const server = await startWebServer({ front, assets: ASSETS, token: TOKEN });
  running = server;
  return { server, front };
}

function get(port: number, path: string, host = `127.0.0.1:${port}`) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A socket's first message, or how it was refused. */
function socket(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ ws: WebSocket; first: ServerMessage } | { refused: string }>((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('message', (data) => resolve({ ws, first: JSON.parse(data.toString()) as ServerMessage }));
    ws.once('unexpected-response', (_req, res) => resolve({ refused: String(res.statusCode) }));
    ws.once('error', (error) => resolve({ refused: error.message }));
  });
}

describe('the web view server', () => {
  it('listens on 127.0.0.1 only, at the URL it prints, with the token in it', async () => {
    const { server } = await serve();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?t=${TOKEN}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('refuses every request without the token, or with a wrong one; serves the page with it, under a strict CSP', async () => {
    const { server } = await serve();
    for (const path of ['/', '/app.js', '/app.css', '/?t=wrong', '/app.js?t=secret-of-the-sea', '/favicon.ico']) {
      const refused = await get(server.port, path);
      expect(refused.status, path).toBe(403);
      expect(refused.body).not.toContain('console.log');
    }
    const page = await get(server.port, `/?t=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<script type="module" src="/app.js?t=${TOKEN}"></script>`);
    // No script or style of its own in the page, nothing from elsewhere.
    expect(page.body).not.toMatch(/<script>|<style|https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src ws://127.0.0.1:${server.port}`);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const script = await get(server.port, `/app.js?t=${TOKEN}`);
    expect(script).toMatchObject({ status: 200, body: 'console.log("page")' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('answers only to its own host name (no DNS rebinding)', async () => {
    const { server } = await serve();
    expect((await get(server.port, `/?t=${TOKEN}`, `evil.example:${server.port}`)).status).toBe(421);
    expect((await get(server.port, `/?t=${TOKEN}`, `localhost:${server.port}`)).status).toBe(200);
  });

  it('the WebSocket needs the token and this server’s own origin; then it sends the screen', async () => {
    const { server } = await serve();
    const base = `ws://127.0.0.1:${server.port}/ws`;
    expect(await socket(base)).toEqual({ refused: '403' });
    expect(await socket(`${base}?t=wrong`)).toEqual({ refused: '403' });
    expect(await socket(`${base}?t=${TOKEN}`, { origin: 'http://evil.example' })).toEqual({ refused: '403' });
    const open = await socket(`${base}?t=${TOKEN}`, { origin: `http://127.0.0.1:${server.port}` });
    if (!('ws' in open)) throw new Error(`refused: ${open.refused}`);
    expect(open.first).toMatchObject({ type: 'view', screen: { kind: 'menu' }, defaults: DEFAULTS, fresh: true });
    open.ws.close();
  });

  it('a command the page should not send is refused and said back; the screen stays', async () => {
    const { server, front } = await serve();
    const open = await socket(`ws://127.0.0.1:${server.port}/ws?t=${TOKEN}`);
    if (!('ws' in open)) throw new Error(`refused: ${open.refused}`);
    const replies: ServerMessage[] = [];
    open.ws.on('message', (data) => replies.push(JSON.parse(data.toString()) as ServerMessage));
    open.ws.send('not json');
    open.ws.send(
      JSON.stringify({ type: 'answer', decision: 1, action: { command: 'attack', player: 0, payload: [1, 2] } }),
    );
    open.ws.send(JSON.stringify({ type: 'lobby-start' }));
    await expect.poll(() => replies.filter((r) => r.type === 'refused').length).toBe(3);
    expect(replies.filter((r) => r.type === 'refused').map((r) => (r as { reason: string }).reason)).toEqual([
      'a message from the page is not JSON',
      expect.stringMatching(/^a message from the page: action\.payload/),
      'no lobby is open',
    ]);
    expect(front.view()).toEqual({ kind: 'menu', notice: null });
    open.ws.close();
  });
});
