// Separate `risk bot` processes on 127.0.0.1: a whole game, and one process killed mid-game.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type BotProcess, killBots, startBot } from '../support/bot-process.js';
import { verifyRecord } from './records.js';

afterEach(killBots);

function bot(args: string[]): BotProcess {
  return startBot([...args, '--ack-timeout', '2', '--move-timeout', '10']);
}

async function fourBots(dir: string) {
  const host = bot([
    'host',
    '--listen',
    '127.0.0.1',
    '--port',
    '0',
    '--players',
    '4',
    '--bot',
    'normal',
    '--name',
    'host',
    '--record',
    join(dir, 'p0.jsonl'),
  ]);
  const hosting = await host.waitFor((e) => e.type === 'hosting', 30_000);
  const address = (hosting.addresses as string[])[0]!;
  const joiners: BotProcess[] = [];
  for (let i = 1; i < 4; i++) {
    const joiner = bot(['join', address, '--bot', 'normal', '--name', `bot${i}`, '--record', join(dir, `p${i}.jsonl`)]);
    await host.waitFor((e) => e.type === 'joined' && e.player === i, 30_000);
    joiners.push(joiner);
  }
  return [host, ...joiners];
}

/** No Node stack trace or uncaught error in a process's error output. */
const expectNoCrash = (peer: BotProcess) =>
  expect(peer.stderr).not.toMatch(/^\s+at |Uncaught|Unhandled|TypeError|ReferenceError/m);

describe('risk bot processes', () => {
  it('SIGKILL and SIGTERM mid-game: both become neutral, the killed peer leaves cleanly, the other two finish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-kill-'));
    const peers = await fourBots(dir);
    const [killed, stopped] = [peers[2]!, peers[3]!];
    await killed.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 4, 60_000);
    killed.child.kill('SIGKILL');
    await stopped.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 8, 60_000);
    stopped.child.kill('SIGTERM');
    expect(await stopped.exit).toBe(143);
    expectNoCrash(stopped);
    // Its own record is complete, closed, and ends with its leaving.
    const own = verifyRecord(join(dir, 'p3.jsonl'));
    expect(own.truncated).toBe(false);
    expect(own.recordedEnd?.outcome).toBe('left');
    expect(own.violations).toEqual([]);
    const survivors = [peers[0]!, peers[1]!];
    const codes = await Promise.all(survivors.map((p) => p.exit));
    expect(codes, survivors.map((p) => p.stderr).join('\n')).toEqual([0, 0]);
    const winners = survivors.map((p) => p.events.find((e) => e.type === 'winner')?.player);
    expect(winners[0]).toBe(winners[1]);
    for (const p of survivors) {
      expectNoCrash(p);
      for (const gone of [2, 3]) expect(p.events.some((e) => e.type === 'neutral' && e.player === gone)).toBe(true);
      expect([0, 1]).toContain(p.events.find((e) => e.type === 'winner')?.player);
    }
    for (const i of [0, 1]) {
      const report = verifyRecord(join(dir, `p${i}.jsonl`));
      expect(report.violations).toEqual([]);
      expect(report.state!.players[2]!.neutral).toBe(true);
      expect(report.state!.players[3]!.neutral).toBe(true);
    }
  }, 240_000);

  it('a process paused past the timeouts (SIGSTOP, then SIGCONT) never claims the game; the others finish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-pause-'));
    const peers = await fourBots(dir);
    const paused = peers[1]!;
    await paused.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 4, 60_000);
    paused.child.kill('SIGSTOP');
    const others = peers.filter((p) => p !== paused);
    await Promise.all(others.map((p) => p.waitFor((e) => e.type === 'neutral' && e.player === 1, 90_000)));
    paused.child.kill('SIGCONT');
    const codes = await Promise.all(others.map((p) => p.exit));
    expect(
      codes,
      others
        .map((p) => `${p.stderr}${JSON.stringify(p.events.filter((e) => e.type !== 'battle').slice(-8))}`)
        .join('\n'),
    ).toEqual([0, 0, 0]);
    const winners = others.map((p) => p.events.find((e) => e.type === 'winner')?.player);
    expect(new Set(winners).size).toBe(1);
    expect(winners[0]).not.toBe(1);
    // The paused peer learns it was made neutral (or lost contact): no win, a non-zero exit.
    const pausedCode = await Promise.race([
      paused.exit,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 60_000)),
    ]);
    expect(pausedCode).not.toBe(0);
    expect(pausedCode).not.toBe('running');
    expect(paused.events.some((e) => e.type === 'winner')).toBe(false);
    expectNoCrash(paused);
    for (const i of [0, 2, 3]) {
      const report = verifyRecord(join(dir, `p${i}.jsonl`));
      expect(report.violations).toEqual([]);
      expect(report.state!.players[1]!.neutral).toBe(true);
    }
    const own = verifyRecord(join(dir, 'p1.jsonl'));
    expect(own.state?.winner ?? null).not.toBe(1);
  }, 240_000);
});
