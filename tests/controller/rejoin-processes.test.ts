// Rejoin with real `risk bot` processes on 127.0.0.1: one of three is killed (SIGKILL) mid-game and
// started again with `--rejoin GAME --store --key FILE` before the others' votes make it neutral.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killBots, startBot } from '../support/bot-process.js';
import { verifyRecord } from './records.js';

afterEach(killBots);

const bot = startBot;

/** A TCP port that was free a moment ago (the joiner that the rejoining peer dials listens on it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

describe('risk bot join --rejoin', () => {
  it('a peer killed mid-game comes back with its key and store; all three finish on one winner', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-rejoin-'));
    const common = ['--listen', '127.0.0.1', '--bot', 'normal'];
    const host = bot([
      'host',
      ...common,
      '--port',
      '0',
      '--players',
      '3',
      '--key',
      join(dir, 'k0'),
      '--record',
      join(dir, 'p0.jsonl'),
      // Long enough for a process to start again before the votes complete.
      '--ack-timeout',
      '20',
      '--move-timeout',
      '40',
    ]);
    const address = ((await host.waitFor((e) => e.type === 'hosting', 30_000)).addresses as string[])[0]!;
    const port1 = await freePort();
    const other = bot([
      'join',
      address,
      ...common,
      '--port',
      String(port1),
      '--key',
      join(dir, 'k1'),
      '--record',
      join(dir, 'p1.jsonl'),
    ]);
    await host.waitFor((e) => e.type === 'joined' && e.player === 1, 30_000);
    const db = join(dir, 'r.db');
    const mine = ['--key', join(dir, 'k2'), '--store', '--db', db];
    const dropped = bot(['join', address, ...common, '--port', '0', ...mine, '--record', join(dir, 'p2.jsonl')]);
    const stored = await dropped.waitFor((e) => e.type === 'store', 60_000);
    await dropped.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 4, 60_000);
    dropped.child.kill('SIGKILL');
    await dropped.exit;
    const back = bot([
      'join',
      '--rejoin',
      stored.uid as string,
      ...common,
      '--port',
      '0',
      ...mine,
      '--record',
      join(dir, 'p2-again.jsonl'),
      address,
      `127.0.0.1:${port1}`,
    ]);
    const peers = [host, other, back];
    const codes = await Promise.all(peers.map((p) => p.exit));
    expect(
      codes,
      peers
        .map((p) => `${p.stderr}${JSON.stringify(p.events.filter((e) => e.type !== 'battle').slice(-6))}`)
        .join('\n'),
    ).toEqual([0, 0, 0]);
    const winners = peers.map((p) => p.events.find((e) => e.type === 'winner')?.player);
    expect(new Set(winners).size).toBe(1);
    for (const p of peers) expect(p.events.some((e) => e.type === 'neutral' && e.player === 2)).toBe(false);
    expect(back.events.some((e) => e.type === 'rejoin' && /took .* history/.test(e.text as string))).toBe(true);
    for (const file of ['p0.jsonl', 'p1.jsonl', 'p2-again.jsonl']) {
      const report = verifyRecord(join(dir, file));
      expect(report.violations, file).toEqual([]);
      expect(report.truncated, file).toBe(false);
      expect(report.state!.winner, file).toBe(winners[0]);
    }
  }, 240_000);
});
