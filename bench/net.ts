// Network benchmark on loopback: dice-round latency, battles per second, memory per peer.
// Prints numbers only; every peer binds 127.0.0.1 and is stopped at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { createBot } from '../src/ai/registry.js';
import { botSeat } from '../src/ai/seat.js';
import { seededDice } from '../src/protocol/random.js';
import { startLoopbackGame } from '../src/sessions/loopback-game.js';
import type { Recorder } from '../src/store/transcript-recorder.js';
import { launcher, rssMb, spawnBotHost } from './bot-process.js';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Counts the lines peer 0 processes, by kind: what each battle costs a peer in lines to check. */
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

/** One Ed25519 verification on this machine now, in µs (most of a signed battle's cost). */
function verifyMicros(): number {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const digest = createHash('sha256').update('bench').digest();
  const signature = sign(null, digest, privateKey);
  const runs = 2000;
  const began = performance.now();
  for (let i = 0; i < runs; i++) verify(null, digest, publicKey, signature);
  return ((performance.now() - began) * 1000) / runs;
}

async function game(players: number, seed: number) {
  const rounds: number[] = [];
  let battles = 0;
  let started = 0;
  let cpuAtStart = 0;
  const lines = lineCounter();
  const cpuMs = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const loop = await startLoopbackGame(
    Array.from({ length: players }, (_, i) => ({
      name: `bot${i}`,
      seat: botSeat(createBot('random', seededDice(seed * 10 + i)), seededDice(i), { deadlineMs: 5000 }),
      ...(i === 0 ? { recorder: lines.recorder } : {}),
    })),
    {
      ackTimeoutMs: 10_000,
      moveTimeoutMs: 30_000,
      onEvent: (peer, event) => {
        if (process.env.BENCH_TRACE && event.type === 'info') console.error(`peer ${peer}: ${event.text}`);
        if (peer !== 0) return;
        // Timed from the first dice round: lobby and peer start-up are not game play.
        if (event.type === 'round') {
          if (started === 0) {
            started = performance.now() - event.ms;
            cpuAtStart = cpuMs();
            lines.start();
          }
          rounds.push(event.ms);
        }
        if (event.type === 'game' && event.event.type === 'battle') battles++;
      },
    },
  );
  // Random-legal bots can play for tens of thousands of battles: a game is cut after PLAY_SECONDS
  // of play (its battles so far count, over the time they took).
  let cut: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'cut'>((resolve) => {
    const check = () => {
      if (started > 0 && performance.now() - started >= PLAY_SECONDS * 1000) resolve('cut');
      else cut = setTimeout(check, 250);
    };
    check();
  });
  const ended = await Promise.race([loop.results, timedOut]);
  clearTimeout(cut);
  if (process.env.BENCH_TRACE)
    console.error(ended === 'cut' ? 'play time is up; stopping' : 'all peers finished; stopping');
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs() - cpuAtStart;
  await loop.stop();
  return { rounds, battles, seconds, cpu, lines: lines.counts, winner: ended === 'cut' ? 'cut' : ended[0]!.winner };
}

// npm run bench:net -- [sizes…] (default 2 4 6) [--games N] [--seconds S: play per game, default 120]
//   [--processes: each peer in its own process instead]
const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(name);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const GAMES = option('--games', 3);
const PLAY_SECONDS = option('--seconds', 120);
const sizes = argv.filter((a, i) => /^\d+$/.test(a) && !['--games', '--seconds'].includes(argv[i - 1]!)).map(Number);
const inProcesses = argv.includes('--processes');
for (const players of inProcesses ? [] : sizes.length > 0 ? sizes : [2, 4, 6]) {
  // Several games per size: one short game says more about start-up than about play.
  const rounds: number[] = [];
  let battles = 0;
  let seconds = 0;
  let cpu = 0;
  const lines = { signed: 0, acks: 0, rolls: 0 };
  let cutGames = 0;
  for (let g = 0; g < GAMES; g++) {
    if (process.env.BENCH_TRACE) console.error(`game ${g + 1} of ${players} peers: starting`);
    const one = await game(players, players * 100 + g);
    if (process.env.BENCH_TRACE) console.error(`game ${g + 1}: ${one.battles} battles, winner ${one.winner}`);
    if (one.winner === 'cut') cutGames++;
    rounds.push(...one.rounds);
    battles += one.battles;
    seconds += one.seconds;
    cpu += one.cpu;
    for (const kind of ['signed', 'acks', 'rolls'] as const) lines[kind] += one.lines[kind];
  }
  const perBattle = (n: number) => (n / battles).toFixed(1);
  console.log(
    `${players} peers (one process, random-legal bots): dice round p50 ${percentile(rounds, 50).toFixed(2)} ms, p99 ${percentile(rounds, 99).toFixed(2)} ms over ${rounds.length} rounds; ` +
      `${battles} battles in ${seconds.toFixed(1)} s of play over ${GAMES} games (${cutGames} cut after ${PLAY_SECONDS} s) = ${(battles / seconds).toFixed(0)} battles/s`,
  );
  // Where the time goes: CPU of all peers together (one thread), and the signed lines one peer
  // checks per battle (each an Ed25519 verification; the other players' moves count too).
  console.log(
    `  CPU ${perBattle(cpu)} ms per battle (all ${players} peers); peer 0 checked ${perBattle(lines.signed)} signed lines per battle ` +
      `(${perBattle(lines.acks)} acknowledgements, ${perBattle(lines.rolls)} roll_hash/roll_number, the rest moves); ` +
      `one Ed25519 verification here now: ${verifyMicros().toFixed(0)} µs`,
  );
}

// Throughput with each peer in its own `risk bot` process, as peers are deployed: battles counted
// from the host's JSON output, from its first battle on, for at most PROCESS_PLAY_MS of play.
const PROCESS_PLAY_MS = 60_000;
async function processThroughput(players: number): Promise<{ battles: number; seconds: number }> {
  const common = ['--bot', 'random', '--no-record', '--json', '--seed', String(players)];
  const { host, address, output } = await spawnBotHost(players, common);
  const peers: ChildProcess[] = [];
  for (let i = 1; i < players; i++) {
    peers.push(
      spawn(process.execPath, [launcher, 'bot', 'join', address, ...common], { stdio: ['ignore', 'ignore', 'ignore'] }),
    );
    await new Promise((r) => setTimeout(r, 300));
  }
  let first = 0;
  let last = 0;
  let battles = 0;
  let seen = 0;
  const done = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      const lines = output().split('\n');
      for (; seen < lines.length - 1; seen++) {
        if (lines[seen]!.includes('"type":"battle"')) {
          last = performance.now();
          if (first === 0) first = last;
          battles++;
        }
      }
      const ended = host.exitCode !== null || lines.some((l) => l.includes('"type":"winner"'));
      if (ended || (first > 0 && performance.now() - first > PROCESS_PLAY_MS)) {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });
  const deadline = setTimeout(() => host.kill('SIGKILL'), PROCESS_PLAY_MS + 60_000);
  await done;
  clearTimeout(deadline);
  for (const p of [host, ...peers]) p.kill('SIGKILL');
  return { battles, seconds: (last - first) / 1000 };
}

if (inProcesses) {
  for (const players of sizes.length > 0 ? sizes : [2, 4, 6]) {
    const { battles, seconds } = await processThroughput(players);
    console.log(
      `${players} peers (one process each, random-legal bots): ${battles} battles in ${seconds.toFixed(1)} s of play = ${(battles / seconds).toFixed(0)} battles/s`,
    );
  }
}

// Memory: each peer in its own process, peak resident set read from /proc while the game runs.
async function processGame(players: number): Promise<number[]> {
  const common = ['--bot', 'normal', '--no-record', '--json'];
  const { host, address } = await spawnBotHost(players, common);
  const peers: ChildProcess[] = [host];
  for (let i = 1; i < players; i++) {
    peers.push(
      spawn(process.execPath, [launcher, 'bot', 'join', address, ...common], { stdio: ['ignore', 'ignore', 'ignore'] }),
    );
    await new Promise((r) => setTimeout(r, 300));
  }
  const peak = peers.map(() => 0);
  const timer = setInterval(() => {
    peers.forEach((p, i) => {
      peak[i] = Math.max(peak[i]!, rssMb(p.pid));
    });
  }, 50);
  const deadline = setTimeout(() => peers.forEach((p) => p.kill('SIGKILL')), 120_000);
  await Promise.all(peers.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.on('exit', r)))));
  clearInterval(timer);
  clearTimeout(deadline);
  return peak;
}
const rss = await processGame(2);
console.log(
  `memory: peak RSS per peer process (2-peer game, Node 24): ${rss.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}`,
);
