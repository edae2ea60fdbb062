import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const launcher = `${root}bin/risk.js`;

/** Runs the real `risk` launcher on the Node that runs the tests (24, from node_modules). */
function risk(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, [launcher, ...args], { encoding: 'utf8', env, timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('risk command', () => {
  it('--version and --help', () => {
    expect(risk(['--version'])).toMatchObject({ code: 0, out: '0.1.0\n' });
    const help = risk(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/risk odds <attacking> <defending>/);
  });

  it('an unknown command is a usage error naming it', () => {
    const result = risk(['atack']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/unknown command "atack"/);
  });

  it('odds 4 2: the outcomes of the first roll, and the conquer probability alone on the last line', () => {
    const result = risk(['odds', '4', '2']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/attacker loses 0, defender loses 2: 37\.1656%/); // 2890/7776
    const lines = result.out.trimEnd().split('\n');
    expect(Number(lines.at(-1))).toBeCloseTo(0.65595399980313, 12);
  });

  it.each([
    [['odds']],
    [['odds', '1', '3']],
    [['odds', '4', 'x']],
    [['odds', '4', '2', '9']],
    [['odds', '4', '0']],
    [['odds', '--fast', '4', '2']],
    [['odds', '2.5', '2']],
  ])('odds with bad arguments %j: usage and exit 2', (args) => {
    const result = risk(args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/usage: risk odds/);
  });

  it('simulate --json: same seed, same results', () => {
    const run = () => JSON.parse(risk(['simulate', '--players', '3', '--games', '6', '--seed', '9', '--json']).out);
    const [a, b] = [run(), run()];
    expect(a.games).toBe(6);
    expect(a.winsBySeat.reduce((x: number, y: number) => x + y, 0) + a.cappedGames).toBe(6);
    for (const key of ['winsBySeat', 'meanTurns', 'maxTurns', 'cappedGames', 'meanBattles'])
      expect(a[key]).toEqual(b[key]);
  });

  it('simulate reports games hitting the turn cap instead of hiding them', () => {
    const result = risk(['simulate', '--players', '4', '--games', '3', '--seed', '1', '--turn-cap', '5']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/stopped at the turn cap \(5\) without a winner: 3/);
  });

  it.each([[['simulate', '--players', '7']], [['simulate', '--games', '-1']], [['simulate', '--sed', '3']]])(
    'simulate with bad arguments %j exits 2',
    (args) => {
      const result = risk(args);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/usage: risk simulate/);
    },
  );

  // The installed bin started by an older Node (this machine's Node 20) must re-run itself on Node 24.
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    return Number(execFileSync(path, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' })) < 22;
  });
  it.runIf(oldNode !== undefined)(
    `on an older Node (${oldNode ?? 'none found'}) the launcher re-runs on the bundled Node 24`,
    () => {
      const result = spawnSync(oldNode!, [launcher, 'odds', '3', '1'], { encoding: 'utf8', timeout: 60_000 });
      expect(result.status).toBe(0);
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe((5865 / 7776).toFixed(15)); // 125/216 + 91/216 · 15/36
      const bin = spawnSync(oldNode!, [`${root}node_modules/.bin/risk`, '--version'], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(bin.stdout).toBe('0.1.0\n');
    },
  );
});
