// Flood benchmark: two honest `risk bot` peers, each in its own process, and a rogue peer in this
// process that plays along and then floods both for 10 s — 10 000 valid-looking lines a second
// (copies of its own last acknowledgement: seen before, so no fault and no cut) or 150 MiB of
// half-MiB lines (over the line limit: faults, then the link is cut). Prints the honest processes' resident memory before, during and after, and how
// the game ended for each. Loopback only; every process is stopped at the end. Runs the built
// program (bin/risk.js: `npm run build` first).
//   npm run bench:flood -- [--mode lines|bytes|both] [--seconds S]
import { type ChildProcess, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createBot } from '../src/ai/registry.js';
import { botSeat } from '../src/ai/seat.js';
import { NATIVE_FEATURES } from '../src/core/contract.js';
import { PeerNode } from '../src/net/libp2p-node.js';
import type { Link } from '../src/net/link.js';
import { seededDice } from '../src/protocol/random.js';
import { joinLobby } from '../src/sessions/lobby.js';
import { sessionFor } from '../src/sessions/session-factory.js';
import { withSends } from '../tests/controller/mesh-game.js';
import { launcher, rssMb, spawnBotHost } from './bot-process.js';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
  },
});
const SECONDS = Number(values.seconds);
/** The rogue's links: honest until `start()`, then each link gets the flood as well. */
function flooding(links: Map<number, Link>, mode: 'lines' | 'bytes') {
  let last = '';
  let sent = 0;
  const wrapped = withSends(links, (_player, link) => (line) => {
    if (line.includes('acknowledgement')) last = line;
    link.send(line);
  });
  const junk = 'x'.repeat(1 << 19);
  const start = () =>
    new Promise<number>((resolve) => {
      const began = Date.now();
      const until = began + SECONDS * 1000;
      // Catches up with the rate on every tick, so a busy machine still gets the whole flood.
      const timer = setInterval(() => {
        const now = Math.min(Date.now(), until);
        const due =
          mode === 'lines'
            ? Math.floor(((now - began) / 1000) * 10_000)
            : Math.floor(((now - began) / 1000) * 15 * 2 ** 20);
        for (; sent < due; sent += mode === 'lines' ? 1 : junk.length) {
          for (const link of links.values()) {
            if (link.closed) continue;
            if (mode === 'lines' && last !== '') link.send(last);
            if (mode === 'bytes') link.send(junk);
          }
        }
        if (now >= until) {
          clearInterval(timer);
          resolve(sent);
        }
      }, 10);
    });
  return { wrapped, start };
}

async function run(mode: 'lines' | 'bytes') {
  const common = ['--bot', 'normal', '--no-record', '--json'];
  const { host, address, output } = await spawnBotHost(3, common);
  const procs: ChildProcess[] = [host];
  let joined = '';
  const joiner = spawn(process.execPath, [launcher, 'bot', 'join', address, ...common]);
  joiner.stdout.on('data', (c: Buffer) => (joined += c.toString()));
  procs.push(joiner);
  await new Promise((r) => setTimeout(r, 500));
  const node = await PeerNode.start({ host: '127.0.0.1', port: 0 });
  const samples: { t: number; mb: number[] }[] = [];
  const sampler = setInterval(() => samples.push({ t: Date.now(), mb: procs.map((p) => rssMb(p.pid)) }), 50);
  const killer = setTimeout(() => procs.forEach((p) => p.kill('SIGKILL')), 300_000);
  try {
    const lobby = await joinLobby(node, address, {
      name: 'rogue',
      features: [...NATIVE_FEATURES],
      startTimeoutMs: 30_000,
    });
    if (!lobby.ok) throw new Error(lobby.reason);
    const flood = flooding(lobby.roster.links, mode);
    const seat = botSeat(createBot('normal', seededDice(7)), seededDice(8), { deadlineMs: 2000 });
    const session = sessionFor({ ...lobby.roster, links: flood.wrapped }, { profile: 'native' }, { seat });
    const playing = session.run();
    await new Promise((r) => setTimeout(r, 2000));
    const floodStart = Date.now();
    const sent = await flood.start();
    const floodEnd = Date.now();
    await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.on('exit', r)))));
    session.stop();
    await playing.catch(() => {});
    const phase = (from: number, to: number, i: number) =>
      samples.filter((s) => s.t >= from && s.t < to && s.mb[i]! > 0).map((s) => s.mb[i]!);
    const peak = (xs: number[]) => (xs.length > 0 ? Math.max(...xs).toFixed(0) : '–');
    const last = (xs: number[]) => (xs.length > 0 ? xs.at(-1)!.toFixed(0) : '–');
    const what =
      mode === 'lines' ? `${sent} copies of a seen line` : `${(sent / 2 ** 20).toFixed(0)} MiB of oversized lines`;
    console.log(
      `mode ${mode}: the rogue (player ${lobby.roster.me}) sent ${what} to each honest peer over ${((floodEnd - floodStart) / 1000).toFixed(1)} s`,
    );
    for (const [i, name] of ['host', 'joiner'].entries()) {
      const before = phase(0, floodStart, i);
      const during = phase(floodStart, floodEnd + 500, i);
      const after = phase(floodEnd + 500, Date.now() + 1, i);
      if (process.env.BENCH_TRACE)
        console.error(
          (i === 0 ? output() : joined)
            .split('\n')
            .filter((l) => /"info"|"neutral"|"violation"/.test(l))
            .slice(0, 12)
            .join('\n'),
        );
      const ending = (i === 0 ? output() : joined).split('\n').find((l) => l.includes('"winner"')) ?? 'no winner line';
      console.log(
        `  ${name}: RSS peak before ${peak(before)} MB, peak during ${peak(during)} MB, last sample after ${last(after)} MB (peak after ${peak(after)} MB); exit ${procs[i]!.exitCode}; ${ending}`,
      );
    }
  } finally {
    clearInterval(sampler);
    clearTimeout(killer);
    for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
    await node.stop().catch(() => {});
  }
}

for (const mode of values.mode === 'both' ? (['lines', 'bytes'] as const) : [values.mode as 'lines' | 'bytes'])
  await run(mode);
process.exit(0);
