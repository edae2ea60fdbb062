// risk tournament --store, history, stats, export and replay --plain, run in-process on a temporary database.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../src/cli/export.js';
import { runHistory } from '../../src/cli/history.js';
import { runReplay } from '../../src/cli/replay.js';
import { runStats } from '../../src/cli/stats.js';
import { runTournament } from '../../src/cli/tournament.js';
import { runVerify } from '../../src/cli/verify.js';
import { lineChart, sparkline } from '../../src/views/charts.js';
import { capture, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
beforeAll(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'risk.db');
  const c = capture();
  expect(
    await runTournament(['--bots', 'normal,easy,random', '--games', '6', '--seed', '2', '--store', '--db', db], c.io),
  ).toBe(0);
  expect(c.out()).toContain(`stored 6 games in ${db}`);
}, 60_000);
afterAll(() => tmp.remove());

describe('store commands', { timeout: 60_000 }, () => {
  it('risk history lists the stored games, newest first, with their outcome', () => {
    const c = capture();
    expect(runHistory(['--db', db], c.io)).toBe(0);
    const lines = c.out().trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^\s+6\s+\S+ \S+\s+tournament\s+\d+\s+.*won by (normal #1|easy #2|random #3)$/);
    const json = capture();
    expect(runHistory(['--db', db, '--json', '--limit', '2'], json.io)).toBe(0);
    expect(
      json
        .out()
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([6, 5]);
  });

  it("risk stats: per player and per bot kind, win rate over time, a game's charts; --json agrees with the games", () => {
    const c = capture();
    expect(runStats(['--db', db], c.io)).toBe(0);
    const text = c.out();
    for (const heading of [
      '6 finished games',
      'Players',
      'Bot kinds',
      'Win rate over time',
      'Game 6: armies per player',
      'Game 6: territories per player',
    ]) {
      expect(text).toContain(heading);
    }
    const json = capture();
    expect(runStats(['--db', db, '--json'], json.io)).toBe(0);
    const report = JSON.parse(json.out());
    expect(report.finished).toBe(6);
    const wins = report.byBotKind.reduce((n: number, s: { wins: number }) => n + s.wins, 0);
    expect(wins).toBe(6);
    for (const s of report.byBotKind) {
      expect(s.games).toBe(6);
      expect(s.winRateOverTime).toHaveLength(6);
      expect(s.luck).toBeCloseTo(s.armiesLostExpected - s.armiesLost, 9);
    }
    // Territories taken and lost balance across the players (the board is fully claimed).
    const taken = report.byPlayer.reduce((n: number, s: { territoriesTaken: number }) => n + s.territoriesTaken, 0);
    const lost = report.byPlayer.reduce((n: number, s: { territoriesLost: number }) => n + s.territoriesLost, 0);
    expect(taken).toBe(lost);
    expect(report.game.id).toBe(6);
    expect(report.game.series.territories.at(-1).reduce((a: number, b: number) => a + b, 0)).toBe(42);
  });

  it('risk export writes a transcript that risk verify passes clean', async () => {
    const file = join(tmp.dir, 'game-3.jsonl');
    const c = capture();
    expect(runExport(['3', '--db', db, '--output', file], c.io)).toBe(0);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toContain('"dir":"note"');
    const v = capture();
    expect(await runVerify([file], v.io)).toBe(0);
    expect(v.out()).toContain('violations: 0');
    expect(v.out()).toMatch(/winner: player \d/);
  });

  it('risk replay --plain tells the stored game turn by turn', async () => {
    const c = capture();
    expect(await runReplay(['2', '--db', db, '--plain'], c.io)).toBe(0);
    expect(c.out()).toMatch(/^game 2 \(tournament/);
    expect(c.out()).toContain('-- turn 1');
    expect(c.out()).toMatch(/wins/);
  });

  it.each([
    [runExport, ['99']],
    [runExport, []],
    [runExport, ['3', '--session', '0']],
    [runExport, ['3', '--session', '2']],
    [runStats, ['--game', 'x']],
    [runStats, ['--kind', 'chess']],
    [runHistory, ['--limit', '0']],
  ] as const)('bad input gets a clear error, not a crash: %#', async (run, args) => {
    const c = capture();
    const code = await (run as (a: string[], io: ReturnType<typeof capture>['io']) => number | Promise<number>)(
      [...args, '--db', db],
      c.io,
    );
    expect(code).toBeGreaterThan(0);
    expect(c.err()).toMatch(/^risk (export|stats|history): \S/);
  });

  it('an unreadable database is reported, not thrown', () => {
    const c = capture();
    expect(runHistory(['--db', tmp.dir], c.io)).toBe(1); // a folder, not a database
    expect(c.err()).toMatch(/cannot open the game database/);
  });

  it('a --db that does not exist is reported (a typo), not created empty', async () => {
    const missing = join(tmp.dir, 'gmaes.db');
    const commands: [string, (io: ReturnType<typeof capture>['io']) => number | Promise<number>][] = [
      ['history', (io) => runHistory(['--db', missing], io)],
      ['stats', (io) => runStats(['--db', missing], io)],
      ['replay', (io) => runReplay(['--db', missing, '--plain', '1'], io)],
      ['export', (io) => runExport(['--db', missing, '1'], io)],
    ];
    for (const [name, run] of commands) {
      const c = capture();
      expect(await run(c.io), name).toBe(1);
      expect(c.err(), name).toBe(
        `risk ${name}: no game database at ${missing} (check the path; --db names an existing file)\n`,
      );
    }
    expect(existsSync(missing)).toBe(false);
  });
});

describe('charts', () => {
  it('sparklines scale between the bounds given', () => {
    expect(sparkline([0, 0.5, 1], 10, { min: 0, max: 1 })).toBe('▁▅█');
    expect(
      sparkline(
        Array.from({ length: 100 }, (_, i) => i),
        10,
      ),
    ).toHaveLength(10);
  });

  it('a line chart marks each player and labels its axes', () => {
    const lines = lineChart(
      't',
      [
        { label: 'Ann', values: [0, 10] },
        { label: 'Bea', values: [10, 0] },
      ],
      { width: 2, height: 3, xRange: [1, 2] },
    );
    expect(lines).toEqual(['t', '10 ┤▲●', '   ┤  ', ' 0 ┤●▲', '   └──', '    12', '    ● Ann   ▲ Bea']);
  });
});
