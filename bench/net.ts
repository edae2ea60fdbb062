// Network benchmark, what players feel: each peer in its own `risk bot` process over real libp2p on
// 127.0.0.1 (the way a game runs), the same with an added one-way delay on every link, all peers in
// one process, the class profile beside them, and whole games of hard bots. Prints one table;
// docs/benchmarks.md says what each column means and how the trips are found. Binds 127.0.0.1
// only, starts no mDNS; every game is bounded in time, and every process it starts is killed at
// the end of its row, on error and when the bench is stopped.
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type MeteredEvent, type PlayMeter, type PlayStats, playMeter } from '../src/cli/play-meter.js';
import type { Recorder } from '../src/store/transcript-recorder.js';
import { type BotProcess, killBots, startBot } from '../tests/support/bot-process.js';
import { rssMb } from './bot-process.js';
import { type NetOptions, parseNetOptions, USAGE } from './net-options.js';

type Profile = 'native' | 'cs3099';

/** One row of the table: what its games measured. */
interface Row {
  readonly profile: Profile;
  readonly peers: number;
  readonly where: 'processes' | 'one process' | 'whole games';
  readonly delayMs: number;
  readonly battles: number;
  readonly seconds: number;
  /** Dice-round times of every peer, pooled; empty when the peers do not say them. */
  readonly rounds: number[];
  /** Each peer's CPU ms per battle (one process: all peers together, one entry). */
  readonly cpuPerBattle: number[];
  /** Battle cycles of every peer, pooled (play-meter.ts: one battle of a peer's to its next). */
  readonly cycles: number[];
  readonly rssMb: number;
  /** Whole games: each game's battles/s. */
  readonly rates?: number[];
  readonly note: string;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const linkDelay = pathToFileURL(fileURLToPath(new URL('./link-delay.mjs', import.meta.url))).href;

/** A process's CPU time so far (user + system) from /proc, in ms (Linux ticks of 10 ms). */
function procCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** A `risk bot --json` event as the meter reads it: the JSON of a game event is the event itself. */
function meteredOf(event: Record<string, unknown>): MeteredEvent {
  const type = String(event.type);
  if (type === 'info' || type === 'violation' || type === 'neutral') return { type };
  return { type: 'game', event: { type, player: event.player, attacker: event.attacker } };
}

interface ProcessGame {
  readonly profile: Profile;
  readonly players: number;
  readonly bot: string;
  readonly delayMs: number;
  /** Play measured from the first attack; the game is cut (SIGTERM to every peer) after it. */
  readonly playMs: number;
  readonly seed: number;
  /** Native: no bot offers `pipelining` (risk bot --lockstep; an older checkout's bots play lockstep anyway). */
  readonly lockstep: boolean;
  /** Each peer keeps its record file and stores the game in its own database (else --no-record). */
  readonly record: string | null;
}

/**
 * One game of `risk bot` processes, one host and the rest joining. Each peer's stats are the ones
 * it says itself (RISK_PLAY_METER=1); a peer that says none (an older checkout) is metered from its
 * JSON events as they arrive, its CPU read from /proc, and has no dice-round times.
 */
async function playInProcesses(
  risk: string,
  game: ProcessGame,
): Promise<{ stats: PlayStats[]; selfMetered: boolean; rssMb: number; cut: boolean }> {
  const program = {
    command: [process.execPath, ...(game.delayMs > 0 ? ['--import', linkDelay] : []), risk],
    env: { ...process.env, RISK_PLAY_METER: '1', RISK_BENCH_DELAY_MS: String(game.delayMs) },
  };
  const common = [
    '--bot',
    game.bot,
    ...(game.record === null ? ['--no-record'] : []),
    ...(game.profile === 'cs3099' ? ['--profile', 'cs3099'] : []),
    ...(game.profile === 'native' && game.lockstep ? ['--lockstep'] : []),
  ];
  const peers: { bot: BotProcess; meter: () => PlayMeter | null }[] = [];
  const start = (args: string[], seed: number) => {
    let meter: PlayMeter | null = null;
    // As on its own machine: each peer its own record file and database.
    const record =
      game.record === null
        ? []
        : [
            '--record',
            join(game.record, `peer-${seed}.jsonl`),
            '--store',
            '--db',
            join(game.record, `peer-${seed}.db`),
          ];
    const bot: BotProcess = startBot([...args, ...common, ...record, '--seed', String(seed)], program, (event) => {
      if (event.type === 'start')
        meter = playMeter(event.me as number, { now: () => performance.now(), cpuMs: () => procCpuMs(bot.child.pid) });
      else meter?.event(meteredOf(event));
    });
    peers.push({ bot, meter: () => meter });
    return bot;
  };
  let peak = 0;
  const sampler = setInterval(() => {
    for (const { bot } of peers) peak = Math.max(peak, rssMb(bot.child.pid));
  }, 500);
  try {
    const host = start(['host', '--listen', '127.0.0.1', '--port', '0', '--players', String(game.players)], game.seed);
    const hosting = await host.waitFor((e) => e.type === 'hosting', 30_000);
    const address = (hosting.addresses as string[])[0]!;
    for (let i = 1; i < game.players; i++) {
      start(['join', address], game.seed + i);
      await host.waitFor((e) => e.type === 'joined' && e.player === i, 30_000 + game.delayMs * 200);
    }
    await host.waitFor((e) => e.type === 'attack_declared', 60_000 + game.delayMs * 400);
    const ended = await Promise.race([
      host
        .waitFor((e) => e.type === 'winner', game.playMs)
        .then(
          () => 'winner' as const,
          () => 'cut' as const,
        ),
      host.exit.then(() => 'exit' as const),
    ]);
    if (ended === 'cut') for (const { bot } of peers) bot.child.kill('SIGTERM');
    // Each peer says its stats as it ends (or is stopped); bounded: the row's processes are killed after.
    await Promise.race([Promise.all(peers.map(({ bot }) => bot.closed)), sleep(15_000)]);
    const said = peers.map(({ bot }) => bot.events.find((e) => e.type === 'played') as PlayStats | undefined);
    const stats = said.map((s, i) => s ?? peers[i]!.meter()?.stats());
    if (stats.some((s) => s === undefined)) throw new Error('a peer never started the game');
    return {
      stats: stats as PlayStats[],
      selfMetered: said.every((s) => s !== undefined),
      rssMb: peak,
      cut: ended === 'cut',
    };
  } finally {
    clearInterval(sampler);
    killBots();
  }
}

/** Counts the lines peer 0 takes in, by kind: what a battle costs a peer in lines to check. */
function lineCounter() {
  const counts = { signed: 0, acks: 0, rolls: 0 };
  let counting = false;
  const recorder: Recorder = {
    path: null,
    incoming(_from, line) {
      if (!counting || !line.startsWith('{"signed":')) return;
      counts.signed++;
      if (line.includes('acknowledgement')) counts.acks++;
      else if (line.includes('roll_hash') || line.includes('roll_number')) counts.rolls++;
    },
    outgoing: () => {},
    note: () => {},
    sync: () => {},
    close: () => {},
  };
  return { recorder, counts, start: () => (counting = true) };
}

/**
 * One game with every peer in this process (random-legal bots), using the modules of the checkout
 * measured (its src/ through tsx), metered by the same meter as the processes.
 */
async function playInOneProcess(
  root: string,
  profile: Profile,
  players: number,
  playMs: number,
  seed: number,
  lockstep: boolean,
) {
  const load = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>;
  const [{ createBot }, { botSeat }, { seededDice }, { startLoopbackGame }, signing] = await Promise.all([
    load<typeof import('../src/ai/registry.js')>('src/ai/registry.ts'),
    load<typeof import('../src/ai/seat.js')>('src/ai/seat.ts'),
    load<typeof import('../src/protocol/random.js')>('src/protocol/random.ts'),
    load<typeof import('../src/sessions/loopback-game.js')>('src/sessions/loopback-game.ts'),
    load<Partial<typeof import('../src/protocol/signing.js')>>('src/protocol/signing.ts'),
  ]);
  const lines = lineCounter();
  // Every peer's Ed25519 checks in this process (a checkout older than the counter has none: NaN).
  const checked = () => signing.signatureChecks?.count ?? Number.NaN;
  let checksFrom = 0;
  // Each peer's meter reads the same process's CPU: peer 0's is that of all peers together.
  const meters = Array.from({ length: players }, (_, i) => playMeter(i));
  let firstAttack = 0;
  const loop = await startLoopbackGame(
    Array.from({ length: players }, (_, i) => ({
      name: `bot${i}`,
      seat: botSeat(createBot('random', seededDice(seed * 10 + i)), seededDice(i), { deadlineMs: 5000 }),
      ...(i === 0 ? { recorder: lines.recorder } : {}),
    })),
    {
      profile,
      lockstep,
      ackTimeoutMs: 10_000,
      moveTimeoutMs: 30_000,
      onEvent: (peer, event) => {
        meters[peer]!.event(event);
        if (peer === 0 && firstAttack === 0 && event.type === 'game' && event.event.type === 'attack_declared') {
          firstAttack = performance.now();
          lines.start();
          checksFrom = checked();
        }
      },
    },
  );
  try {
    // Bounded: the game's end, or playMs of play (random-legal bots can play for tens of thousands of battles).
    const deadline = performance.now() + playMs + 60_000;
    let ended = false;
    void loop.results.then(() => (ended = true));
    while (!ended && performance.now() < deadline && (firstAttack === 0 || performance.now() - firstAttack < playMs))
      await sleep(100);
  } finally {
    await loop.stop();
  }
  const stats = meters.map((m) => m.stats());
  return { stats, lines: lines.counts, checks: checked() - checksFrom };
}

/** One Ed25519 verification on this machine now, in µs (what each signed line costs its receiver). */
function verifyMicros(): number {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const digest = createHash('sha256').update('bench').digest();
  const signature = sign(null, digest, privateKey);
  const runs = 2000;
  const began = performance.now();
  for (let i = 0; i < runs; i++) verify(null, digest, publicKey, signature);
  return ((performance.now() - began) * 1000) / runs;
}

/** Peer by peer, the stats of several games as one: sums, and the times of all. */
function mergeStats(games: readonly (readonly PlayStats[])[]): PlayStats[] {
  return games[0]!.map((_, peer) => {
    const each = games.map((g) => g[peer]!);
    const sum = (f: (s: PlayStats) => number) => each.reduce((n, s) => n + f(s), 0);
    return {
      type: 'played',
      battles: sum((s) => s.battles),
      seconds: sum((s) => s.seconds),
      cpu_ms: sum((s) => s.cpu_ms),
      round_ms: each.flatMap((s) => s.round_ms),
      cycle_ms: each.flatMap((s) => s.cycle_ms),
    };
  });
}

/**
 * Games one after another until `ms` of play are measured: a game won early is followed by
 * another (at most 10), the last one cut when the time is up.
 */
async function playFor<T extends { stats: PlayStats[] }>(
  ms: number,
  one: (remainingMs: number, game: number) => Promise<T>,
): Promise<{ games: T[]; stats: PlayStats[] }> {
  const games: T[] = [];
  let played = 0;
  for (let g = 0; g < 10 && played < ms - 1000; g++) {
    const game = await one(ms - played, g);
    games.push(game);
    if (game.stats[0]!.battles === 0) break;
    played += game.stats[0]!.seconds * 1000;
  }
  return { games, stats: mergeStats(games.map((g) => g.stats)) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

function rowOf(
  base: Pick<Row, 'profile' | 'peers' | 'where' | 'delayMs'>,
  stats: readonly PlayStats[],
  rss: number,
  note: string,
  cpuFrom: 'each' | 'first',
): Row {
  const first = stats[0]!;
  const perBattle = (s: PlayStats) => (s.battles > 0 ? s.cpu_ms / s.battles : Number.NaN);
  return {
    ...base,
    battles: first.battles,
    seconds: first.seconds,
    rounds: stats.flatMap((s) => s.round_ms),
    cpuPerBattle: cpuFrom === 'each' ? stats.map(perBattle) : [perBattle(first)],
    cycles: stats.flatMap((s) => s.cycle_ms),
    rssMb: rss,
    note,
  };
}

/** The table, one line a row; `trips` from the delayed row's cycles against the undelayed one's. */
function printTable(rows: readonly Row[]) {
  const head = [
    'profile',
    'peers',
    'where',
    'delay',
    'battles/s',
    'round p50',
    'round p99',
    'CPU/battle max',
    'mean',
    'cycle p50',
    'trips',
    'RSS MB',
    'battles',
    'note',
  ];
  const cells = rows.map((r) => {
    const rate = r.rates !== undefined ? percentile(r.rates, 50) : r.battles / r.seconds;
    const cpu = r.cpuPerBattle.filter(Number.isFinite);
    const cycle = percentile(r.cycles, 50);
    const plain = rows.find(
      (o) => o.profile === r.profile && o.peers === r.peers && o.where === r.where && o.delayMs === 0,
    );
    const trips = r.delayMs > 0 && plain ? (cycle - percentile(plain.cycles, 50)) / r.delayMs : Number.NaN;
    return [
      r.profile,
      String(r.peers),
      r.where,
      `${r.delayMs} ms`,
      fixed(rate, 1),
      r.rounds.length > 0 ? `${fixed(percentile(r.rounds, 50), 1)} ms` : '—',
      r.rounds.length > 0 ? `${fixed(percentile(r.rounds, 99), 1)} ms` : '—',
      cpu.length > 0 ? `${fixed(Math.max(...cpu), 2)} ms` : '—',
      cpu.length > 0 ? `${fixed(cpu.reduce((a, b) => a + b, 0) / cpu.length, 2)} ms` : '—',
      r.cycles.length > 0 ? `${fixed(cycle, 1)} ms` : '—',
      fixed(trips, 1),
      r.rssMb > 0 ? fixed(r.rssMb, 0) : '—',
      String(r.battles),
      r.note,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  for (const line of [head, ...cells])
    console.log(
      line
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

async function main(options: NetOptions) {
  const root = dirname(dirname(options.risk));
  const ours = options.risk === fileURLToPath(new URL('../bin/risk.js', import.meta.url));
  // Never a stale build: this checkout's program is built from its sources first; another
  // checkout's is measured as it was built (`npm run build` there).
  if (ours) execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'ignore' });
  const revision = (() => {
    try {
      return execFileSync('git', ['-C', root, 'log', '-1', '--format=%h %cs'], { encoding: 'utf8' }).trim();
    } catch {
      return 'not a git checkout';
    }
  })();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`bench:net ${new Date().toISOString()} — ${options.risk} (${revision}), Node ${process.version}`);
  console.log(`load average before: ${load()}`);
  if (options.lockstep) console.log('native peers play lockstep: no pipelining (risk bot --lockstep)');
  // --record: every peer's record file and database in one folder, removed at the end.
  const records = options.record ? mkdtempSync(join(tmpdir(), 'risk-bench-net-')) : null;
  if (records !== null)
    console.log(`peers in processes keep their records (a file and a database each, in ${records})`);
  const rows: Row[] = [];
  const notes: string[] = [];
  const say = (row: Row) => {
    rows.push(row);
    process.stderr.write(`measured: ${row.profile} ${row.peers} peers, ${row.where}, ${row.delayMs} ms\n`);
  };
  const inProcesses = async (profile: Profile, players: number, delayMs: number, seed: number) => {
    const played = await playFor(options.seconds * 1000, (playMs, g) =>
      playInProcesses(options.risk, {
        profile,
        players,
        bot: 'random',
        delayMs,
        playMs,
        seed: seed + 7 * g,
        lockstep: options.lockstep,
        record: records,
      }),
    ).catch((error: Error) => error);
    if (played instanceof Error) {
      notes.push(`${profile} ${players} peers, processes, ${delayMs} ms: failed: ${played.message.slice(0, 400)}`);
      return;
    }
    const { games } = played;
    const cut = games.filter((g) => g.cut).length;
    const outside = games.some((g) => !g.selfMetered) ? ', metered from outside' : '';
    const peak = Math.max(...games.map((g) => g.rssMb));
    const note = `${plural(games.length, 'game')} (${cut} cut)${outside}`;
    say(rowOf({ profile, peers: players, where: 'processes', delayMs }, played.stats, peak, note, 'each'));
  };
  const inOneProcess = async (profile: Profile, players: number, seed: number) => {
    const played = await playFor(options.seconds * 1000, (playMs, g) =>
      playInOneProcess(root, profile, players, playMs, seed + 7 * g, options.lockstep),
    ).catch((error: Error) => error);
    if (played instanceof Error) {
      notes.push(`${profile} ${players} peers, one process: failed: ${played.message.slice(0, 400)}`);
      return;
    }
    const battles = played.stats[0]!.battles;
    const per = (kind: 'signed' | 'acks' | 'rolls') =>
      (played.games.reduce((n, g) => n + g.lines[kind], 0) / battles).toFixed(1);
    // Each peer's checks, the mean: every peer's together over the peers.
    const checks = (played.games.reduce((n, g) => n + g.checks, 0) / battles / players).toFixed(1);
    if (profile === 'native')
      notes.push(
        `${players} peers, one process: peer 0 took in ${per('signed')} signed lines a battle (${per('acks')} acknowledgements, ${per('rolls')} roll_hash/roll_number, the rest moves); a peer made ${checks} Ed25519 checks a battle (mean of the peers)`,
      );
    const note = `${plural(played.games.length, 'game')}, all peers' CPU as one`;
    say(rowOf({ profile, peers: players, where: 'one process', delayMs: 0 }, played.stats, 0, note, 'first'));
  };

  const { only } = options;
  for (const players of options.sizes) {
    if (only.has('processes')) await inProcesses('native', players, 0, players * 100);
    if (only.has('one-process')) await inOneProcess('native', players, players * 100);
    if (only.has('delay')) await inProcesses('native', players, options.delayMs, players * 100);
  }
  if (only.has('class')) {
    await inProcesses('cs3099', 2, 0, 200);
    await inOneProcess('cs3099', 2, 200);
    await inProcesses('cs3099', 2, options.delayMs, 200);
  }
  if (only.has('whole')) {
    for (const profile of ['native', 'cs3099'] as const) {
      const games: { stats: PlayStats[]; rss: number }[] = [];
      let unfinished = 0;
      for (let g = 0; g < options.games; g++) {
        // A whole game: bounded at 5 minutes of play, then cut (and said).
        const played = await playInProcesses(options.risk, {
          profile,
          players: 2,
          bot: 'hard',
          delayMs: 0,
          playMs: 300_000,
          seed: 9000 + g,
          lockstep: options.lockstep,
          record: records,
        }).catch((error: Error) => error);
        if (played instanceof Error || played.cut) unfinished++;
        else games.push({ stats: played.stats, rss: played.rssMb });
        process.stderr.write(
          `whole game ${g + 1} of ${options.games} (${profile}): ${played instanceof Error ? played.message.slice(0, 200) : played.cut ? 'cut' : 'won'}\n`,
        );
      }
      if (games.length === 0) continue;
      const row = rowOf(
        { profile, peers: 2, where: 'whole games', delayMs: 0 },
        mergeStats(games.map((g) => g.stats)),
        Math.max(...games.map((g) => g.rss)),
        `median of ${games.length} hard-bot games${unfinished > 0 ? `, ${unfinished} unfinished left out` : ''}`,
        'each',
      );
      say({ ...row, rates: games.map((g) => g.stats[0]!.battles / g.stats[0]!.seconds) });
    }
  }
  console.log('');
  printTable(rows);
  console.log('');
  for (const note of notes) console.log(note);
  console.log(`one Ed25519 verification here now: ${verifyMicros().toFixed(0)} µs`);
  for (const row of rows.filter((r) => r.rates !== undefined))
    console.log(`${row.profile} whole games, battles/s each: ${row.rates!.map((r) => r.toFixed(0)).join(', ')}`);
  console.log(`load average after: ${load()}`);
  if (records !== null) rmSync(records, { recursive: true, force: true });
}

const parsed = parseNetOptions(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`bench:net: ${parsed.reason}\n${USAGE}`);
  process.exit(2);
}
// Whatever happens, no `risk bot` process outlives the bench.
process.on('exit', killBots);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    killBots();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
try {
  await main(parsed.value);
} finally {
  killBots();
}
process.exit(0);
