// What a peer keeps for input nobody reads is bounded: a link is closed once its unread lines pass
// MAX_UNREAD_LINES or MAX_UNREAD_CHARS, and a stranger's libp2p stream is closed within seconds.
import { afterEach, describe, expect, it } from 'vitest';
import { PeerNode } from '../../src/net/libp2p-node.js';
import { LineReader, type Link, MAX_UNREAD_CHARS, MAX_UNREAD_LINES } from '../../src/net/link.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import { hostLobby } from '../../src/sessions/lobby.js';

const flush = () => new Promise((r) => setTimeout(r, 0));
const closedWithin = (link: Link, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    link.onClose(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe('unread input is bounded', () => {
  it('a link nobody reads is closed after MAX_UNREAD_LINES lines, and keeps none of them', async () => {
    const [mine, theirs] = memoryLinkPair('me', 'stranger');
    for (let i = 0; i <= MAX_UNREAD_LINES; i++) theirs.send('{}');
    await flush();
    expect(mine.closed).toBe(true);
    const seen: string[] = [];
    mine.onLine((line) => seen.push(line));
    expect(seen).toEqual([]);
  });

  it('a link nobody reads is closed once its unread lines pass MAX_UNREAD_CHARS', async () => {
    const [mine, theirs] = memoryLinkPair('me', 'stranger');
    const line = 'x'.repeat(60_000);
    const count = Math.ceil(MAX_UNREAD_CHARS / line.length) + 1;
    expect(count).toBeLessThan(MAX_UNREAD_LINES);
    for (let i = 0; i < count; i++) theirs.send(line);
    await flush();
    expect(mine.closed).toBe(true);
  });

  it('a line reader that is not asked closes its link at the same limits', async () => {
    const [mine, theirs] = memoryLinkPair('me', 'member');
    const reader = new LineReader(mine);
    const line = 'y'.repeat(60_000);
    for (let i = 0; i < Math.ceil(MAX_UNREAD_CHARS / line.length) + 1; i++) theirs.send(line);
    await flush();
    expect(mine.closed).toBe(true);
    const next = await reader.next(10);
    expect(next.ok).toBe(false);
  });

  it('below the limits nothing is lost', async () => {
    const [mine, theirs] = memoryLinkPair('me', 'member');
    for (let i = 0; i < 100; i++) theirs.send(`{"n":${i}}`);
    await flush();
    const reader = new LineReader(mine);
    for (let i = 0; i < 100; i++) expect(await reader.next(10)).toEqual({ ok: true, line: `{"n":${i}}` });
    expect(mine.closed).toBe(false);
  });
});

describe('strangers over libp2p (127.0.0.1)', () => {
  const nodes: PeerNode[] = [];
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });

  it('a stranger that floods a hosting peer is cut off and the lobby goes on', async () => {
    const host = await PeerNode.start({ host: '127.0.0.1', port: 0 });
    const stranger = await PeerNode.start({ host: '127.0.0.1', port: 0 });
    nodes.push(host, stranger);
    const abort = new AbortController();
    const lobby = hostLobby(host, {
      players: 3,
      name: 'host',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 10_000,
      signal: abort.signal,
    });
    const dialled = await stranger.dial(host.addresses()[0]!);
    expect(dialled.ok).toBe(true);
    if (!dialled.ok) return;
    const closed = closedWithin(dialled.link, 15_000);
    // 8 MiB of lines that are not messages, well past what a peer keeps unread.
    const junk = 'z'.repeat(64 * 1024 - 1);
    for (let i = 0; i < 128 && !dialled.link.closed; i++) {
      dialled.link.send(junk);
      if (i % 16 === 15) await new Promise((r) => setTimeout(r, 10));
    }
    expect(await closed).toBe(true);
    abort.abort();
    const result = await lobby;
    expect(result.ok).toBe(false);
  }, 30_000);

  it('a stream nobody claims is closed within seconds', async () => {
    const idle = await PeerNode.start({ host: '127.0.0.1', port: 0 });
    const stranger = await PeerNode.start({ host: '127.0.0.1', port: 0 });
    nodes.push(idle, stranger);
    const dialled = await stranger.dial(idle.addresses()[0]!);
    expect(dialled.ok).toBe(true);
    if (!dialled.ok) return;
    dialled.link.send('{"command":"join_game"}');
    expect(await closedWithin(dialled.link, 15_000)).toBe(true);
  }, 30_000);
});
