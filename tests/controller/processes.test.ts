// Separate `risk bot` processes on 127.0.0.1: a whole game, and one process killed mid-game.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyRecord } from './records.js';

const launcher = fileURLToPath(new URL('../../bin/risk.js', import.meta.url));

interface Peer {
  child: ChildProcess;
  events: Record<string, unknown>[];
  stderr: string;
  exit: Promise<number | null>;
  waitFor(test: (e: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>>;
}

const started: Peer[] = [];
afterEach(() => {
  for (const p of started.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

function bot(args: string[]): Peer {
  const child = spawn(process.execPath, [launcher, 'bot', ...args, '--json', '--ack-timeout', '2', '--move-timeout', '10'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim()) events.push(JSON.parse(line));
    }
    for (const w of [...waiters]) w();
  });
  const peer: Peer = {
    child,
    events,
    stderr: '',
    exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    waitFor(test, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out; last events: ${JSON.stringify(events.slice(-3))} stderr: ${peer.stderr}`)), timeoutMs);
        const check = () => {
          const found = events.find(test);
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
  child.stderr!.on('data', (chunk: Buffer) => (peer.stderr += chunk.toString()));
  started.push(peer);
  return peer;
}

async function fourBots(dir: string) {
  const host = bot(['host', '--listen', '127.0.0.1', '--port', '0', '--players', '4', '--bot', 'normal', '--name', 'host', '--record', join(dir, 'p0.jsonl')]);
  const hosting = await host.waitFor((e) => e.type === 'hosting', 30_000);
  const address = (hosting.addresses as string[])[0]!;
  const joiners: Peer[] = [];
  for (let i = 1; i < 4; i++) {
    const joiner = bot(['join', address, '--bot', 'normal', '--name', `bot${i}`, '--record', join(dir, `p${i}.jsonl`)]);
    await host.waitFor((e) => e.type === 'joined' && e.player === i, 30_000);
    joiners.push(joiner);
  }
  return [host, ...joiners];
}

describe('risk bot processes', () => {
  it('four processes play a whole game to a winner', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-procs-'));
    const peers = await fourBots(dir);
    const codes = await Promise.all(peers.map((p) => p.exit));
    expect(codes, peers.map((p) => p.stderr).join('\n')).toEqual([0, 0, 0, 0]);
    const winners = peers.map((p) => p.events.find((e) => e.type === 'winner')?.player);
    expect(new Set(winners).size).toBe(1);
    for (let i = 0; i < 4; i++) expect(verifyRecord(join(dir, `p${i}.jsonl`)).violations).toEqual([]);
  }, 180_000);

  it('a process killed mid-game (SIGKILL) becomes neutral and the others finish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-kill-'));
    const peers = await fourBots(dir);
    const victim = peers[2]!;
    await victim.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 4, 60_000);
    victim.child.kill('SIGKILL');
    const survivors = peers.filter((p) => p !== victim);
    const codes = await Promise.all(survivors.map((p) => p.exit));
    expect(codes, survivors.map((p) => p.stderr).join('\n')).toEqual([0, 0, 0]);
    for (const p of survivors) {
      expect(p.events.some((e) => e.type === 'neutral' && e.player === 2)).toBe(true);
      const winner = p.events.find((e) => e.type === 'winner');
      expect(winner?.player).not.toBe(2);
    }
    for (const i of [0, 1, 3]) {
      const report = verifyRecord(join(dir, `p${i}.jsonl`));
      expect(report.violations).toEqual([]);
      expect(report.state!.players[2]!.neutral).toBe(true);
    }
  }, 180_000);
});
