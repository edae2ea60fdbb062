import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BotKind } from '../../src/ai/registry.js';
import { positionInSeat, wilson } from '../../src/ai/tournament.js';
import { runTournament } from '../../src/cli/tournament.js';
import { runOnWorkers } from '../../src/cli/tournament-pool.js';

async function run(args: string[]) {
  let out = '';
  let err = '';
  const code = await runTournament(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** The results of a --json run, without the timings. */
async function results(args: string[]) {
  const result = await run([...args, '--json']);
  expect(result.code).toBe(0);
  const { seconds, gamesPerSecond, workers, ...rest } = JSON.parse(result.out);
  expect(seconds).toBeGreaterThan(0);
  expect(gamesPerSecond).toBeGreaterThan(0);
  void workers;
  return rest;
}

describe('risk tournament', () => {
  it.each([
    [[], /--bots is required/],
    [['--bots', 'hard,expert'], /unknown bot "expert"/],
    [['--bots', 'hard'], /names 1 bots; a game seats 2 to 6/],
    [['--bots', 'easy,easy,easy,easy,easy,easy,easy'], /names 7 bots/],
    [['--bots', 'easy,easy', '--games', '0'], /--games "0" must be a whole number from 1/],
    [['--bots', 'easy,easy', '--workers', '0'], /--workers "0"/],
    [['--bots', 'easy,easy', '--seed', '-1'], /--seed/],
    [['--bots', 'easy,easy', '--seed', '4294967296'], /--seed "4294967296"/],
    [['--bots', 'easy,easy', '--turn-cap', 'x'], /--turn-cap "x"/],
    [['--bots', 'easy,easy', '--fast'], /risk tournament: unknown option --fast\.\n/],
  ])('bad arguments %j: usage on stderr, exit 2', async (args, message) => {
    const result = await run(args as string[]);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toMatch(message as RegExp);
    expect(result.err).toMatch(/usage: risk tournament --bots/);
  });

  it('a tiny --json run: games rounded up to a multiple of the bots, every game counted', async () => {
    const r = await results(['--bots', 'easy,random', '--games', '3', '--seed', '4']);
    expect(r.requestedGames).toBe(3);
    expect(r.games).toBe(4);
    expect(r.fairShare).toBe(0.5);
    expect(r.standings.map((s: { kind: string }) => s.kind)).toEqual(['easy', 'random']);
    const wins = r.standings.reduce((sum: number, s: { wins: number }) => sum + s.wins, 0);
    expect(wins + r.cappedGames).toBe(4);
    for (const s of r.standings)
      expect(s.low).toBeLessThanOrEqual(s.winRate), expect(s.high).toBeGreaterThanOrEqual(s.winRate);
    expect(await results(['--bots', 'easy,random', '--games', '3', '--seed', '4'])).toEqual(r);
  });

  it('the text report names the rounding and the games stopped at the turn cap', async () => {
    const result = await run(['--bots', 'normal,easy,random', '--games', '2', '--seed', '1', '--turn-cap', '3']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/2 games asked for, rounded up to 3/);
    expect(result.out).toMatch(/stopped at the turn cap \(3\) without a winner: 3/);
    expect(result.out).toMatch(/ 1 {2}normal +0 +0\.0% +0\.0%–56\.2% +33\.3%/);
  });

  // Each worker compiles the TypeScript sources through tsx first: seconds on a busy machine.
  it('worker threads give the same results as one thread', { timeout: 60_000 }, async () => {
    const args = ['--bots', 'hard,normal,easy,random', '--games', '8', '--seed', '3'];
    expect(await results([...args, '--workers', '3'])).toEqual(await results(args));
  });

  it('a worker that fails is reported as an error, not a hang', () => {
    const result = runOnWorkers({ bots: ['no-such-bot' as BotKind, 'easy'], games: 2, seed: 1, turnCap: 10 }, 2);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/a worker failed: .*TypeError/);
  });

  it('is wired into the risk command', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const result = spawnSync(
      process.execPath,
      [`${root}bin/risk.js`, 'tournament', '--bots', 'random,easy', '--games', '2', '--json'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).games).toBe(2);
    const help = spawnSync(process.execPath, [`${root}bin/risk.js`, '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(help.stdout).toMatch(/risk tournament --bots/);
  });
});

describe('tournament arithmetic', () => {
  it('rotates the seats so that every bot sits in every seat once per round of games', () => {
    for (const players of [2, 4, 6]) {
      for (let position = 0; position < players; position++) {
        const seats = Array.from({ length: players }, (_, game) =>
          Array.from({ length: players }, (_, seat) => seat).find(
            (seat) => positionInSeat(game, seat, players) === position,
          ),
        );
        expect(new Set(seats).size).toBe(players);
      }
    }
  });

  it('Wilson intervals', () => {
    const [low, high] = wilson(5, 10);
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});
