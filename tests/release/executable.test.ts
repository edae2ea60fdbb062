// npm run dist's Linux executable (scripts/dist.mjs), built here from the sources under test and
// run as a player who has only that file: from an empty folder, with no node_modules and no Node
// on the PATH, HOME a fresh folder. The build uses node_modules' own Node binary: nothing is
// downloaded. Its answers are compared with those of the same program run by bin/risk.js.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord } from '../controller/records.js';
import { type BotProcess, killBots, type RiskProgram, startBot } from '../support/bot-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const linuxX64 = process.platform === 'linux' && process.arch === 'x64';
const scratch = mkdtempSync(join(tmpdir(), 'risk-exe-'));
const exe = join(scratch, 'dist-bin', 'risk-linux-x64');
const home = join(scratch, 'home');
const empty = join(scratch, 'empty-path');
const program: RiskProgram = { command: [exe], cwd: home, env: { PATH: empty, HOME: home, LANG: 'C.UTF-8' } };

function risk(args: string[]) {
  const result = spawnSync(exe, args, { cwd: home, env: program.env, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The same command through bin/risk.js on this Node. */
function launcher(args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'bin', 'risk.js'), ...args], { encoding: 'utf8' });
}

afterEach(killBots);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.runIf(linuxX64)('the Linux single executable', () => {
  beforeAll(() => {
    execFileSync(
      process.execPath,
      [join(root, 'scripts', 'dist.mjs'), '--target', 'linux-x64', '--out', dirname(exe)],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
    for (const dir of [home, empty]) mkdirSync(dir);
  }, 240_000);

  it('is one file, with its checksum beside it, and the folders it runs from hold nothing else', () => {
    expect(readdirSync(dirname(exe)).sort()).toEqual(['SHA256SUMS', 'risk-linux-x64']);
    expect(readFileSync(join(dirname(exe), 'SHA256SUMS'), 'utf8')).toMatch(/^[0-9a-f]{64} {2}risk-linux-x64\n$/);
    expect(readdirSync(home)).toEqual([]);
    expect(readdirSync(empty)).toEqual([]);
    expect(program.env!.PATH!.split(delimiter)).toEqual([empty]);
  });

  it('--version, --help (naming its data folder) and odds 10 5 answer as bin/risk.js does', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(risk(['--version'])).toEqual({ code: 0, out: `${pkg.version}\n`, err: '' });
    const help = risk(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain(`Data folder: ${join(home, '.local', 'share', 'p2p-risk')}\n`);
    const odds = risk(['odds', '10', '5']);
    expect(odds).toMatchObject({ code: 0, err: '' });
    expect(odds.out).toBe(launcher(['odds', '10', '5']));
  });

  it('simulate: the same games as bin/risk.js plays', () => {
    const args = ['simulate', '--players', '3', '--games', '2', '--seed', '7', '--json'];
    const result = risk(args);
    expect(result.code, result.err).toBe(0);
    const games = (out: string) => {
      const { seconds: _s, gamesPerSecond: _g, ...rest } = JSON.parse(out);
      return rest;
    };
    expect(games(result.out)).toEqual(games(launcher(args)));
    expect(games(result.out).games).toBe(2);
  });

  it('a tournament on worker threads, stored in the game database (node:sqlite), then its history', () => {
    const db = join(home, 'games.db');
    const args = ['tournament', '--bots', 'easy,easy', '--games', '2', '--workers', '2', '--seed', '3', '--json'];
    const run = risk([...args, '--store', '--db', db]);
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out).games).toBe(2);
    const history = risk(['history', '--db', db, '--json']);
    expect(history.code, history.err).toBe(0);
    expect(
      history.out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toHaveLength(2); // one JSON line a game
  }, 60_000);

  it('two `risk bot` processes play a game to a winner; the records verify, the default one in the data folder', async () => {
    const host = startBot(
      ['host', '--listen', '127.0.0.1', '--port', '0', '--players', '2', '--bot', 'easy', '--record', 'host.jsonl'],
      program,
    );
    const hosting = await host.waitFor((e) => e.type === 'hosting', 30_000);
    // A bot peer runs with its Node flags, given to the executable by the executable itself.
    const cmdline = readFileSync(`/proc/${host.child.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline.slice(0, 2)).toEqual([exe, '--node-options=--max-semi-space-size=2']);
    const joiner = startBot(['join', (hosting.addresses as string[])[0]!, '--bot', 'easy'], program);
    const peers: BotProcess[] = [host, joiner];
    const codes = await Promise.all(peers.map((p) => p.exit));
    expect(codes, peers.map((p) => p.stderr).join('\n')).toEqual([0, 0]);
    const winners = peers.map((p) => p.events.find((e) => e.type === 'winner')?.player);
    expect(winners[0]).toBeTypeOf('number');
    expect(winners[1]).toBe(winners[0]);
    const games = join(home, '.local', 'share', 'p2p-risk', 'games');
    const records = [join(home, 'host.jsonl'), ...readdirSync(games).map((name) => join(games, name))];
    expect(records).toHaveLength(2);
    for (const record of records) {
      const verified = risk(['verify', record]);
      expect(verified.code, verified.out + verified.err).toBe(0);
      expect(verifyRecord(record).state?.winner).toBe(winners[0]);
    }
  }, 180_000);

  // Ink's layout engine is WebAssembly inside the program: the menu's first paint shows it loads.
  const script = ['/usr/bin/script', '/bin/script'].find(existsSync);
  const stty = ['/usr/bin/stty', '/bin/stty'].find(existsSync);
  it.runIf(script !== undefined && stty !== undefined)(
    'the terminal UI draws its menu (script(1) for a terminal)',
    async () => {
      const child: ChildProcess = spawn(
        script!,
        ['-qfec', `${stty} cols 100 rows 30; exec '${exe}' --no-record`, '/dev/null'],
        {
          cwd: home,
          env: { ...program.env, TERM: 'xterm-256color' },
        },
      );
      let screen = '';
      child.stdout!.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no menu: ${screen.slice(-500)}`)), 30_000);
          child.stdout!.on('data', () => {
            if (screen.includes('Quick game')) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        child.stdin!.write('q');
        expect(await exited(child, 10_000)).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
      expect(screen).toContain('Hot seat');
    },
    60_000,
  );

  it('serves the web view from inside itself: risk play --web prints the address, the page and its script come with the token', async () => {
    const child = spawn(exe, ['play', 'quick', '--web', '--no-record', '--no-browser', '--name', 'Exe'], {
      cwd: home,
      env: program.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no address printed:\n${text}`)), 60_000);
        const seen = (chunk: Buffer) => {
          text += chunk.toString();
          const found = /The game is at (http:\S+)/.exec(text)?.[1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        };
        child.stdout.on('data', seen);
        child.stderr.on('data', seen);
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const token = new URL(url).searchParams.get('t')!;
      const script = await fetch(new URL(`/app.js?t=${token}`, url));
      expect(script.status).toBe(200);
      expect(await script.text()).toBe(readFileSync(join(root, 'dist', 'page', 'app.js'), 'utf8'));
      expect((await fetch(new URL('/app.js', url))).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);
});

function exited(child: ChildProcess, ms: number): Promise<number | null | 'running'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('running'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
