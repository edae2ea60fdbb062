// A game of two with real `risk bot` processes on 127.0.0.1 (protocol-spec/resume.md, A game of
// two): the joiner is killed (SIGKILL) mid-game; the host, cut off from everyone, waits the rejoin
// window instead of ending at once, and the joiner comes back with `--rejoin GAME --store --key`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killBots, startBot } from '../support/bot-process.js';
import { verifyRecord } from './records.js';

afterEach(killBots);

describe('risk bot join --rejoin, a game of two', () => {
  it('the joiner killed mid-game comes back within the window; both finish on one winner', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-rejoin-duo-'));
    const common = ['--listen', '127.0.0.1', '--bot', 'normal'];
    const host = startBot([
      'host',
      ...common,
      '--port',
      '0',
      '--players',
      '2',
      '--key',
      join(dir, 'k0'),
      '--record',
      join(dir, 'p0.jsonl'),
      // The window is the longer of the two: long enough for a process to start again.
      '--ack-timeout',
      '20',
      '--move-timeout',
      '40',
    ]);
    const address = ((await host.waitFor((e) => e.type === 'hosting', 30_000)).addresses as string[])[0]!;
    const mine = ['--key', join(dir, 'k1'), '--store', '--db', join(dir, 'r.db')];
    const dropped = startBot(['join', address, ...common, '--port', '0', ...mine, '--record', join(dir, 'p1.jsonl')]);
    const stored = await dropped.waitFor((e) => e.type === 'store', 60_000);
    await dropped.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 4, 60_000);
    dropped.child.kill('SIGKILL');
    await dropped.exit;
    const back = startBot([
      'join',
      '--rejoin',
      stored.uid as string,
      ...common,
      '--port',
      '0',
      ...mine,
      '--record',
      join(dir, 'p1-again.jsonl'),
      address,
    ]);
    const peers = [host, back];
    const codes = await Promise.all(peers.map((p) => p.exit));
    expect(
      codes,
      peers
        .map((p) => `${p.stderr}${JSON.stringify(p.events.filter((e) => e.type !== 'battle').slice(-6))}`)
        .join('\n'),
    ).toEqual([0, 0]);
    const winners = peers.map((p) => p.events.find((e) => e.type === 'winner')?.player);
    expect(winners[0]).toBeDefined();
    expect(winners[1]).toBe(winners[0]);
    for (const p of peers) expect(p.events.some((e) => e.type === 'neutral' && e.player === 1)).toBe(false);
    expect(back.events.some((e) => e.type === 'rejoin' && /took .* history/.test(e.text as string))).toBe(true);
    for (const file of ['p0.jsonl', 'p1-again.jsonl']) {
      const report = verifyRecord(join(dir, file));
      expect(report.violations, file).toEqual([]);
      expect(report.truncated, file).toBe(false);
      expect(report.state!.winner, file).toBe(winners[0]);
    }
  }, 240_000);
});
