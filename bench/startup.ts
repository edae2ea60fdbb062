// Startup time and memory of the `risk` program against bare Node on the same Node binary.
// Usage: npm run bench:startup [-- --runs N --game-runs M --quick-seconds S --only ROWS --executable FILE]
// (--only: a comma-separated choice of version, help, odds, menu, bot, quick, executable; bare node
// always runs. executable: this platform's single executable, by default from dist-bin/ as
// `npm run dist` makes it, running --version and odds: skipped, saying so, when there is none.)
// Prints medians of N runs (wall time from spawn to exit, or to the menu's first paint) and the
// median peak resident set size (getrusage maxrss, recorded at exit by bench/peak-rss.mjs).
// The game process is run as users run it: bin/risk.js through its #! line, on this Node (the #!
// line gives V8 the game's memory flags; other commands re-execute themselves as they need).
// Menu and quick game run under script(1) for a terminal. Bounded: every process has a time
// limit and is stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'game-runs': { type: 'string', default: '1' },
    'quick-seconds': { type: 'string', default: '30' },
    only: { type: 'string' },
    executable: { type: 'string' },
  },
});
const ROWS = ['version', 'help', 'odds', 'menu', 'bot', 'quick', 'executable'];
const only = values.only?.split(',') ?? ROWS;
const unknown = only.filter((name) => !ROWS.includes(name));
if (unknown.length > 0) {
  console.error(`bench:startup: --only takes ${ROWS.join(', ')}; not ${unknown.join(', ')}`);
  process.exit(2);
}
const wanted = (name: string) => only.includes(name);
const RUNS = Math.max(1, Number(values.runs));
const GAME_RUNS = Math.max(1, Number(values['game-runs']));
const QUICK_MS = Math.max(5, Number(values['quick-seconds'])) * 1000;

const root = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;
const launcher = join(root, 'bin', 'risk.js');
const preload = join(root, 'bench', 'peak-rss.mjs');
const platformName = { linux: 'linux', win32: 'win', darwin: 'macos' }[process.platform as string] ?? process.platform;
const executable =
  values.executable ??
  join(root, 'dist-bin', `risk-${platformName}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`);
const scratch = mkdtempSync(join(tmpdir(), 'risk-bench-'));
let serial = 0;

interface Sample {
  readonly ms: number;
  readonly rssKb: number;
  /** CPU time of the whole process (user + system), less sensitive to a busy machine than `ms`. */
  readonly cpuMs: number;
}

interface Running {
  readonly child: ChildProcess;
  readonly started: number;
  readonly rssFile: string;
  readonly done: Promise<{ code: number | null; ms: number; rssKb: number; cpuMs: number }>;
  output: string;
}

/**
 * Starts `node [--import peak-rss] args…` (or the same under script(1) when `tty`). The `risk`
 * program (args[0] the launcher) runs as `risk` and `npx risk` run it: through its #! line, with
 * this Node first on the PATH (the peak-RSS preload then comes through NODE_OPTIONS).
 */
function start(args: string[], options: { tty?: boolean; measure?: boolean; limitMs?: number } = {}): Running {
  const rssFile = join(scratch, `rss-${serial++}`);
  const asRisk = args[0] === launcher;
  const measured = options.measure === false ? [] : [`--import=${preload}`];
  // The executable takes Node's options as --node-options; --import is not run there, but
  // --require loads the same preload (an ES module without top-level await).
  const command =
    args[0] === executable
      ? [executable, `--node-options=--require=${preload}`, ...args.slice(1)]
      : asRisk
        ? [launcher, ...args.slice(1)]
        : [node, ...measured, ...args];
  const env = {
    ...process.env,
    RISK_BENCH_RSS_FILE: rssFile,
    NO_COLOR: '1',
    PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
    ...(asRisk ? { NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...measured].join(' ').trim() } : {}),
  };
  const quoted = command.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  const started = performance.now();
  const child = options.tty
    ? spawn('script', ['-qfec', `stty cols 120 rows 40; exec ${quoted}`, '/dev/null'], { env })
    : spawn(command[0]!, command.slice(1), { env });
  const running: Running = {
    child,
    started,
    rssFile,
    output: '',
    done: new Promise((resolve) => {
      const limit = setTimeout(() => child.kill('SIGTERM'), options.limitMs ?? 60_000);
      child.on('exit', (code) => {
        clearTimeout(limit);
        const ms = performance.now() - started;
        let [rssKb, cpuMs] = [Number.NaN, Number.NaN];
        try {
          [rssKb, cpuMs] = readFileSync(rssFile, 'utf8').split(' ').map(Number) as [number, number];
        } catch {}
        resolve({ code, ms, rssKb, cpuMs });
      });
    }),
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    running.output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    running.output += chunk.toString('utf8');
  });
  return running;
}

function waitFor(running: Running, pattern: RegExp, limitMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const check = () => {
      if (pattern.test(running.output)) return finish(performance.now() - running.started);
      if (performance.now() - running.started > limitMs) return finish(null);
    };
    const timer = setInterval(check, 5);
    const finish = (ms: number | null) => {
      clearInterval(timer);
      resolve(ms);
    };
    running.child.on('exit', () => setTimeout(check, 0));
    check();
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function command(args: string[]): Promise<Sample> {
  const result = await start(args).done;
  if (result.code !== 0) throw new Error(`${args.join(' ')} exited ${result.code}`);
  return { ms: result.ms, rssKb: result.rssKb, cpuMs: result.cpuMs };
}

/** The menu's first paint: from spawn to "Quick game" on the terminal; then q quits. */
async function menu(): Promise<Sample> {
  const running = start([launcher, '--no-record'], { tty: true, limitMs: 30_000 });
  const ms = await waitFor(running, /Quick game/, 20_000);
  if (ms === null) throw new Error(`the menu did not appear: ${running.output.slice(-300)}`);
  await new Promise((r) => setTimeout(r, 300));
  running.child.stdin?.write('q');
  const result = await running.done;
  return { ms, rssKb: result.rssKb, cpuMs: result.cpuMs };
}

/** Two headless bot peers (native profile, libp2p on 127.0.0.1) through a whole game. */
async function botGame(): Promise<Sample> {
  const common = ['--no-record', '--bot', 'easy', '--json', '--move-timeout', '30'];
  const host = start([launcher, 'bot', 'host', '--players', '2', '--port', '0', '--listen', '127.0.0.1', ...common], {
    limitMs: 180_000,
  });
  if ((await waitFor(host, /"addresses"/, 20_000)) === null) throw new Error(`no host address: ${host.output}`);
  const address = (JSON.parse(host.output.split('\n')[0]!) as { addresses: string[] }).addresses[0]!;
  const join = start([launcher, 'bot', 'join', address, ...common], { limitMs: 180_000 });
  const [h, j] = await Promise.all([host.done, join.done]);
  if (h.code !== 0 || j.code !== 0) throw new Error(`bot game failed: host ${h.code}, join ${j.code}`);
  return { ms: j.ms, rssKb: Math.max(h.rssKb, j.rssKb), cpuMs: j.cpuMs };
}

/**
 * A quick game in the terminal UI (four peers in one process, as `risk play quick` runs it), the
 * person played by keys: Tab (place the rest automatically; all armies on the territory under the
 * cursor; end attacks; end the turn), Enter (send) and now and then `a` (always defend with the
 * most dice).
 * Peak memory over QUICK_MS of play; the game goes on after that, so the process is then stopped.
 */
async function quickGame(): Promise<Sample & { turn: number }> {
  const running = start([launcher, 'play', 'quick', '--bot-delay', '0', '--no-record', '--name', 'Ann'], {
    tty: true,
    limitMs: QUICK_MS + 20_000,
  });
  let presses = 0;
  const cycle = ['\t', '\r', '\t', '\r', '\t', 'a'];
  const keys = setInterval(() => running.child.stdin?.write(cycle[presses++ % cycle.length]!), 300);
  await new Promise((r) => setTimeout(r, QUICK_MS));
  clearInterval(keys);
  running.child.kill('SIGTERM');
  const result = await running.done;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape codes
  const screen = running.output.replace(/\x1b\[[0-9;?]*[a-zA-Z]/g, '');
  const turn = Math.max(0, ...[...screen.matchAll(/RISK +turn (\d+)/g)].map((m) => Number(m[1])));
  return { ms: result.ms, rssKb: result.rssKb, cpuMs: result.cpuMs, turn };
}

async function repeat<T extends Sample>(n: number, f: () => Promise<T>): Promise<Sample & { last: T }> {
  const samples: T[] = [];
  for (let i = 0; i < n; i++) samples.push(await f());
  const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
  return { ms: of('ms'), rssKb: of('rssKb'), cpuMs: of('cpuMs'), last: samples.at(-1)! };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
const rows: string[][] = [];

try {
  const bare = await repeat(RUNS, () => command(['-e', '0']));
  const row = (name: string, s: Sample, target: string, timed = true) =>
    rows.push([
      name,
      timed ? `${s.ms.toFixed(0)} ms` : '-',
      timed ? `${(s.ms / bare.ms).toFixed(1)}×` : '-',
      `${s.cpuMs.toFixed(0)} ms`,
      `${(s.cpuMs / bare.cpuMs).toFixed(1)}×`,
      mb(s.rssKb),
      `${(s.rssKb / bare.rssKb).toFixed(1)}×`,
      target,
    ]);
  row('node -e 0 (bare)', bare, '');
  if (wanted('version')) row('risk --version', await repeat(RUNS, () => command([launcher, '--version'])), '≤ 2× bare');
  if (wanted('executable') && !existsSync(executable))
    console.log(
      `no executable at ${executable} (npm run dist -- --target ${platformName}-${process.arch}): its rows skipped`,
    );
  else if (wanted('executable')) {
    const exe = basename(executable);
    row(`${exe} --version`, await repeat(RUNS, () => command([executable, '--version'])), '≤ 1.5× risk --version');
    row(`${exe} odds 10 5`, await repeat(RUNS, () => command([executable, 'odds', '10', '5'])), '');
  }
  if (wanted('help')) row('risk --help', await repeat(RUNS, () => command([launcher, '--help'])), '≤ 2× bare');
  if (wanted('odds')) row('risk odds 10 5', await repeat(RUNS, () => command([launcher, 'odds', '10', '5'])), '');
  if (wanted('menu')) row('menu: first paint; peak at the menu', await repeat(RUNS, menu), '≤ 400 ms; ≤ 150 MiB');
  if (wanted('bot'))
    row('bot peer: a whole 2-player game (max of both)', await repeat(GAME_RUNS, botGame), '≤ 100 MiB', false);
  if (wanted('quick')) {
    const quick = await repeat(GAME_RUNS, quickGame);
    row(`quick game: ${QUICK_MS / 1000} s of play, to turn ${quick.last.turn}`, quick, '≤ 200 MiB', false);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const header = ['', 'time', 'vs bare', 'CPU', 'vs bare', 'peak RSS', 'vs bare', 'target'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(
  `Node ${process.version}, medians of ${RUNS} runs (games: ${GAME_RUNS}); load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log('time: wall clock from spawn to exit (menu: to its first paint); CPU: user + system of the whole run');
console.log(line(header));
for (const r of rows) console.log(line(r));
