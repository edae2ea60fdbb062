// Rejoin with real `risk bot` processes on 127.0.0.1: one peer is killed (SIGKILL) mid-game and
// started again with `--rejoin GAME --store --key FILE` before the others' votes make it neutral (in
// a game of three), or within the rejoin window of the one left (a game of two: protocol-spec/resume.md).
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { botRiscSeat } from '../../src/ai/risc/seat.js';
import { auditRiscMeshRecord } from '../../src/audit/risc-mesh.js';
import { riscMeshHeader } from '../../src/audit/verify.js';
import { riscLauncher } from '../../src/cli/risc-launcher.js';
import { seededDice } from '../../src/protocol/random.js';
import { parseTranscript } from '../../src/protocol/transcript.js';
import type { RiscMatch } from '../../src/views/risc/match.js';
import { menuOptions } from '../store/helpers.js';
import { type BotProcess, killBots, startBot } from '../support/bot-process.js';
import { verifyRecord } from './records.js';

afterEach(killBots);

const common = ['--listen', '127.0.0.1', '--bot', 'normal'];

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

/** The host of a game of `players` (with `rules`: e.g. a variant), recording to p0.jsonl; its address. */
async function startHost(dir: string, players: number, rules: readonly string[] = [], bot = common) {
  const host = startBot([
    'host',
    ...bot,
    ...rules,
    '--port',
    '0',
    '--players',
    String(players),
    '--key',
    join(dir, 'k0'),
    '--record',
    join(dir, 'p0.jsonl'),
    // Long enough for a process to start again before the votes complete (or the window closes),
    // also on a loaded machine: at 20 s a start-up and audit under load 16+ sometimes came too late.
    // No timeout runs out in the game itself, so a longer one costs the test no time.
    '--ack-timeout',
    '45',
    '--move-timeout',
    '60',
  ]);
  const address = ((await host.waitFor((e) => e.type === 'hosting', 30_000)).addresses as string[])[0]!;
  return { host, address };
}

/**
 * Seat `seat` joins with a store, is killed at turn 4 and comes back with `--rejoin`, dialing
 * `dial` (the host first). Its records are pSEAT.jsonl and pSEAT-again.jsonl.
 */
async function killedAndBack(
  dir: string,
  seat: number,
  dial: readonly string[],
  bot = common,
  killed = (e: Record<string, unknown>) => e.type === 'turn_started' && (e.turn as number) >= 4,
): Promise<BotProcess> {
  const mine = ['--key', join(dir, `k${seat}`), '--store', '--db', join(dir, 'r.db')];
  const dropped = startBot(['join', dial[0]!, ...bot, '--port', '0', ...mine, '--record', join(dir, `p${seat}.jsonl`)]);
  const stored = await dropped.waitFor((e) => e.type === 'store', 60_000);
  await dropped.waitFor(killed, 60_000);
  dropped.child.kill('SIGKILL');
  await dropped.exit;
  const again = ['--record', join(dir, `p${seat}-again.jsonl`)];
  return startBot(['join', '--rejoin', stored.uid as string, ...bot, '--port', '0', ...mine, ...again, ...dial]);
}

/** Every peer exits 0 on one winner, the seat that came back is never neutral, every record verifies. */
async function expectOneWinner(dir: string, peers: BotProcess[], back: BotProcess, seat: number, files: string[]) {
  const codes = await Promise.all(peers.map((p) => p.exit));
  expect(
    codes,
    peers.map((p) => `${p.stderr}${JSON.stringify(p.events.filter((e) => e.type !== 'battle').slice(-6))}`).join('\n'),
  ).toEqual(peers.map(() => 0));
  const winners = peers.map((p) => p.events.find((e) => e.type === 'winner')?.player);
  expect(winners[0]).toBeDefined();
  expect(new Set(winners).size).toBe(1);
  for (const p of peers) expect(p.events.some((e) => e.type === 'neutral' && e.player === seat)).toBe(false);
  expect(back.events.some((e) => e.type === 'rejoin' && /took .* history/.test(e.text as string))).toBe(true);
  for (const file of files) {
    const report = verifyRecord(join(dir, file));
    expect(report.violations, file).toEqual([]);
    expect(report.truncated, file).toBe(false);
    expect(report.state!.winner, file).toBe(winners[0]);
  }
}

describe('risk bot join --rejoin', () => {
  // A Secret Mission game: the seat that comes back also rebuilds its mission deal from its store.
  it('a Secret Mission game: a peer killed mid-game comes back with its key and store; all three finish on one winner', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-rejoin-'));
    const { host, address } = await startHost(dir, 3, ['--variant', 'mission']);
    const port1 = await freePort();
    const other = startBot([
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
    const back = await killedAndBack(dir, 2, [address, `127.0.0.1:${port1}`]);
    await expectOneWinner(dir, [host, other, back], back, 2, ['p0.jsonl', 'p1.jsonl', 'p2-again.jsonl']);
    expect(
      back.events.some((e) => e.type === 'rejoin' && /Secret Mission deal was rebuilt/.test(e.text as string)),
    ).toBe(true);
    const again = verifyRecord(join(dir, 'p2-again.jsonl')).state!;
    expect(again.options.variant).toBe('mission');
    expect(again.missions).toHaveLength(3);
  }, 240_000);

  it('a game of two: the joiner killed mid-game comes back within the window; both finish on one winner', async () => {
    // The host, cut off from everyone, waits the rejoin window instead of ending at once.
    const dir = mkdtempSync(join(tmpdir(), 'risk-rejoin-duo-'));
    const { host, address } = await startHost(dir, 2);
    const back = await killedAndBack(dir, 1, [address]);
    await expectOneWinner(dir, [host, back], back, 1, ['p0.jsonl', 'p1-again.jsonl']);
  }, 240_000);

  it('a RISC game of two hosted from the menu: a risk bot killed mid-game comes back with --game risc, killed again and comes back from the menu; one outcome', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-rejoin-risc-'));
    // The menu's record files go under the temporary directory too.
    const xdg = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = dir;
    try {
      const timeouts = { moveTimeoutMs: 40_000, ackTimeoutMs: 20_000 };
      const terms = { startUnits: 30, turnLimit: 14 };
      const opened = await riscLauncher(menuOptions(join(dir, 'host.db'), timeouts), 1).host(
        { players: 2, name: 'Hana', terms },
        () => {},
      );
      if (!opened.ok) throw new Error(opened.reason);
      const address = opened.lobby.addresses.find((a) => a.includes('127.0.0.1'))!;
      const notes: string[] = [];
      const play = (match: RiscMatch, name: string, seed: number, told: string[]) => {
        told.push(...match.notes);
        return match.play(botRiscSeat(name, 'easy', seededDice(seed)), {
          onExecuted: () => {},
          onNote: (note) => told.push(note),
        });
      };
      const hosted = opened.lobby.started.then((started) => {
        if (!started.ok) throw new Error(started.reason);
        return play(started.match, 'Hana', 1, notes);
      });
      // Back with `risk bot join --rejoin GAME --game risc`, then killed again later in the game.
      const risc = ['--listen', '127.0.0.1', '--game', 'risc', '--bot', 'easy'];
      const back = await killedAndBack(dir, 1, [address], risc, (e) => e.type === 'turn' && (e.turn as number) >= 3);
      await back.waitFor((e) => e.type === 'turn' && (e.turn as number) >= 6, 60_000);
      back.child.kill('SIGKILL');
      await back.exit;
      expect(back.events.some((e) => e.type === 'rejoin' && /took .* history/.test(e.text as string))).toBe(true);
      // The menu, on that player's database and key, lists the game and takes the seat back.
      const menu = riscLauncher(menuOptions(join(dir, 'r.db'), { ...timeouts, keyPath: join(dir, 'k1') }), 2);
      const saved = menu.saved!();
      if (!saved.ok) throw new Error(saved.reason);
      expect(saved.games).toEqual([expect.objectContaining({ rejoin: true })]);
      const resumed = menu.resume!(saved.games[0]!.id);
      if (!resumed.ok) throw new Error(resumed.reason);
      const mine: string[] = [];
      const [end, again] = await Promise.all([hosted, play(resumed.match, 'easy', 2, mine)]);
      expect([end.how, again.how], again.reason).toEqual(['over', 'over']);
      expect(again.state).toEqual(end.state);
      expect([end.violations, again.violations]).toEqual([[], []]);
      // The host took the seat back twice (its record sent), and made nobody neutral.
      expect(notes.filter((n) => n === 'easy connects again to take their seat back')).toHaveLength(2);
      expect([...notes, ...mine].filter((n) => /is out of the game/.test(n))).toEqual([]);
      const recordOf = (told: string[]) =>
        told.find((n) => n.startsWith('recording this game to '))!.slice('recording this game to '.length);
      for (const file of [recordOf(notes), recordOf(mine)]) {
        const parsed = parseTranscript(readFileSync(file, 'utf8'));
        if (!parsed.ok) throw new Error(parsed.reason);
        const audit = auditRiscMeshRecord(parsed.lines, riscMeshHeader(parsed.lines)!);
        expect(audit.violations, file).toEqual([]);
        expect(audit.state, file).toEqual(end.state);
      }
    } finally {
      if (xdg === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = xdg;
    }
  }, 240_000);
});
