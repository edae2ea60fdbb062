// `risk play --game risc` and `risk verify` on RISC records, through the real launcher.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runBot } from '../../src/cli/bot.js';
import { runHistory } from '../../src/cli/history.js';
import { runPlay } from '../../src/cli/play.js';
import { runTournament } from '../../src/cli/tournament.js';
import { runVerify } from '../../src/cli/verify.js';
import { killBots, startBot } from '../support/bot-process.js';

afterEach(killBots);

const root = fileURLToPath(new URL('../..', import.meta.url));
const launcher = `${root}bin/risk.js`;

/** `risk` with a data folder of its own (its game database and records stay out of the home folder). */
function risk(args: string[], input = '') {
  const data = mkdtempSync(join(tmpdir(), 'risc-data-'));
  const result = spawnSync(process.execPath, [launcher, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, NO_COLOR: '1', XDG_DATA_HOME: data, RISK_DB: '' },
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A command in this process, its output captured. */
async function inProcess(
  run: (args: string[], io: { out(t: string): void; err(t: string): void }) => number | Promise<number>,
  args: string[],
) {
  let out = '';
  let err = '';
  const code = await run(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('risk play --game risc', () => {
  it('plays a whole game in plain text from piped lines, records it, and risk verify finds it clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risc-'));
    const file = join(dir, 'game.jsonl');
    const played = risk(
      ['play', '--game', 'risc', '--players', '2', '--bot', 'hard', '--seed', '3', '--name', 'Ann', '--record', file],
      `auto\n${'d\n'.repeat(300)}`,
    );
    expect(played.err).toBe('');
    expect(played.code).toBe(0);
    expect(played.out).toContain('RISC: Ann against 1 hard bot.');
    expect(played.out).toMatch(/Ada \(bot\) wins, holding every territory\.|You win!/);
    const verified = await inProcess(runVerify, [file]);
    expect(verified.code).toBe(0);
    expect(verified.out).toContain('(RISC)');
    expect(verified.out).toContain('violations: 0');
    expect(verified.out).toMatch(/winner: player \d/);
    const json = JSON.parse((await inProcess(runVerify, ['--json', file])).out);
    expect(json).toMatchObject({ game: 'risc', violations: [] });

    // a reveal changed after the game: exit 1 and the line named
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const at = lines.findIndex((l) => l.includes('"risc_reveal"') && l.includes('"stage":"placement"'));
    lines[at] = lines[at]!.replace(/"units":(\d+)/, (_, n) => `"units":${Number(n) + 1}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const tampered = await inProcess(runVerify, [file]);
    expect(tampered.code).toBe(1);
    expect(tampered.out).toContain(`line ${at + 1}, player`);
    expect(tampered.out).toContain('reveal-mismatch');
  }, 60_000);

  it.each([
    [['--players', '5'], /--players "5" must be 2, 3 or 4/],
    [['--bot', 'brutal'], /the RISC bots are easy, normal and hard/],
    [['--seed', 'x'], /--seed "x"/],
    [['chess'], /"chess" is not a RISC choice/],
    [['join'], /join needs the host address/],
    [['host', '--record', 'x.jsonl'], /--record names the record of a game against bots/],
    [['host', '--resume', '3'], /--resume N hosts a stopped networked game again by itself/],
    [['--turn-limit', 'soon'], /--turn-limit "soon"/],
    [['--frobnicate'], /^risk: unknown option --frobnicate\.\n/],
  ])('bad arguments %j: usage and exit 2', async (args, reason) => {
    const result = await inProcess(runPlay, ['--game', 'risc', ...args]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(reason);
    expect(result.err).toContain('usage: risk play [host | join <address>] --game risc');
  });

  it('an unknown game is a usage error', async () => {
    const result = await inProcess(runPlay, ['--game=chess']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/the games are classic and risc/);
  });
});

describe('risk tournament --game risc', () => {
  it('plays seeded games, seats rotated: how they ended, turns p50/p99, wins per seat and per bot', async () => {
    const args = ['--game', 'risc', '--bots', 'hard,normal,easy', '--games', '6', '--seed', '4'];
    const text = await inProcess(runTournament, args);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/RISC tournament: 6 games, 3 players \(hard, normal, easy\), seed 4, turn limit 100/);
    expect(text.out).toMatch(/ended: 6 of 6 \(\d+ by conquest, \d+ at the turn limit/);
    expect(text.out).toMatch(/turns: p50 \d+, p99 \d+, max \d+/);
    expect(text.out).toMatch(/wins per seat: seat 0 \d+, seat 1 \d+, seat 2 \d+/);
    const json = JSON.parse((await inProcess(runTournament, [...args, '--json'])).out);
    expect(json).toMatchObject({ game: 'risc', games: 6, ended: 6, turnLimit: 100 });
    expect(json.winsBySeat.reduce((a: number, b: number) => a + b, 0) + json.draws).toBe(6);
    expect(json.winsByPosition.reduce((a: number, b: number) => a + b, 0)).toBe(
      json.winsBySeat.reduce((a: number, b: number) => a + b, 0),
    );
    // The same seed gives the same games.
    expect(JSON.parse((await inProcess(runTournament, [...args, '--json'])).out).turns).toEqual(json.turns);
  });

  it.each([
    [['--bots', 'hard'], /a RISC game seats 2 to 4/],
    [['--bots', 'hard,brutal'], /"brutal" is not a RISC bot/],
    [['--bots', 'hard,hard', '--turn-limit', '0'], /--turn-limit "0"/],
  ])('bad arguments %j: usage and exit 2', async (args, reason) => {
    const result = await inProcess(runTournament, ['--game', 'risc', ...args]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(reason);
  });
});

describe('risk bot host|join --game risc (libp2p on 127.0.0.1)', () => {
  it('a host and a joiner play RISC to one winner; both records verify clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risc-bot-'));
    let hostOut = '';
    let announced!: (address: string) => void;
    const address = new Promise<string>((resolve) => (announced = resolve));
    const hostIo = {
      out: (t: string) => {
        hostOut += t;
        for (const line of t.split('\n').filter(Boolean)) {
          const event = JSON.parse(line) as { type: string; addresses?: string[] };
          if (event.type === 'hosting') announced(event.addresses![0]!);
        }
      },
      err: (t: string) => (hostOut += t),
    };
    const hostRecord = join(dir, 'host.jsonl');
    const joinRecord = join(dir, 'join.jsonl');
    const host = runBot(
      [
        'host',
        '--game',
        'risc',
        '--players',
        '2',
        '--port',
        '0',
        '--listen',
        '127.0.0.1',
        '--seed',
        '5',
        '--record',
        hostRecord,
        '--json',
      ],
      hostIo,
    );
    const joined = inProcess(runBot, [
      'join',
      '--game',
      'risc',
      '--bot',
      'easy',
      '--seed',
      '3',
      '--record',
      joinRecord,
      await address,
    ]);
    const [hostCode, joiner] = await Promise.all([host, joined]);
    expect(hostCode).toBe(0);
    expect(joiner.err).toBe('');
    expect(joiner.code).toBe(0);
    const events = hostOut
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; player?: number });
    const winner = events.find((e) => e.type === 'winner')!.player;
    expect(events.filter((e) => e.type === 'turn').length).toBeGreaterThan(1);
    expect(joiner.out).toContain(`winner: ${winner === 0 ? 'hard' : 'easy'} (player ${winner})`);
    for (const file of [hostRecord, joinRecord]) {
      const verified = await inProcess(runVerify, [file]);
      expect(verified.code).toBe(0);
      expect(verified.out).toContain('violations: 0');
      expect(verified.out).toContain(`winner: player ${winner}`);
    }
  }, 90_000);

  it('three processes (a host and two joiners, hard bots) play to one agreed winner within 60 s; the records verify and the stored game is listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risc-three-'));
    const db = join(dir, 'risk.db');
    const record = (i: number) => join(dir, `p${i}.jsonl`);
    const host = startBot([
      'host',
      '--game',
      'risc',
      '--players',
      '3',
      '--port',
      '0',
      '--listen',
      '127.0.0.1',
      '--seed',
      '1',
      '--record',
      record(0),
      '--store',
      '--db',
      db,
    ]);
    const hosting = await host.waitFor((e) => e.type === 'hosting', 20_000);
    const address = (hosting.addresses as string[])[0]!;
    const joiners = [1, 2].map((i) =>
      startBot([
        'join',
        '--game',
        'risc',
        '--seed',
        String(i + 1),
        '--name',
        `bot${i}`,
        '--record',
        record(i),
        address,
      ]),
    );
    // The joiners are told the RISC terms, not the classic house rules.
    for (const j of joiners) {
      const terms = await j.waitFor((e) => e.type === 'terms' || e.type === 'rules', 20_000);
      expect(terms).toMatchObject({ type: 'terms', terms: { startUnits: 30, turnLimit: 100 } });
    }
    // The whole game, from the lobby on, within 60 s.
    const winners = await Promise.all([host, ...joiners].map((p) => p.waitFor((e) => e.type === 'winner', 60_000)));
    for (const p of [host, ...joiners]) expect(await p.exit).toBe(0);
    expect(new Set(winners.map((w) => w.player)).size).toBe(1);
    for (const i of [0, 1, 2]) {
      const verified = await inProcess(runVerify, [record(i)]);
      expect(verified.code).toBe(0);
      expect(verified.out).toContain('violations: 0');
      expect(verified.out).toContain(`winner: player ${winners[0]!.player}`);
    }
    const history = await inProcess(runHistory, ['--db', db]);
    expect(history.out).toMatch(/RISC bot\s+\d+\s+hard \(hard\), bot[12], bot[12]\s+won by/);
  }, 90_000);

  it.each([
    [['host', '--game', 'chess', '--players', '2'], 'unknown game "chess": choose classic or risc'],
    [
      ['host', '--game', 'risc', '--players', '2', '--bot', 'brutal'],
      '--bot "brutal": the RISC bots are easy, normal and hard',
    ],
    [['join', '--game', 'risc', '--profile', 'cs3099', '127.0.0.1:1'], 'RISC is played on the native profile only'],
  ])('%j is a usage error', async (args, reason) => {
    const result = await inProcess(runBot, args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(reason);
  });
});
