// Chaos benchmark: many whole native games between in-process peers over in-memory links, on
// real timers with short timeouts, each with one rogue peer (a scripted attack or random
// misbehaviour) and sometimes an honest peer that crashes, or that crashes and takes its seat back
// through the program's rejoin a moment later, or whose whole table stops and resumes the game, every
// player from its own store, through the program's resume, and in half of those an honest peer then
// crashes in the resumed session and takes its seat back from its store (not with --classic-only). Prints what
// must be zero (and, apart, how the crash-then-rejoin games ended: voted out before coming back is
// accepted; and the stop-then-resume games: refused at every honest peer, each saying why, is accepted).
//   npm run bench:chaos -- [--games N] [--parallel P] [--seed S] [--only I] [--no-drops] [--ack-ms A] [--move-ms M]
//                          [--stall-seconds S] [--max-seconds M] [--dump DIR] [--dump-lines L] [--classic-only]
// Every game the program offers is played: each variant (domination, Capital, Secret Mission),
// each setup, two players with the neutral army or as a duel, the house rules; the rogue's scripted
// attacks include the secret rounds' where the variant has them. --classic-only plays the default
// rules only (the games of runs before 2026-11-26, evening). One game in eight is networked RISC
// (bench/chaos-risc.ts: the mesh session with the RISC game, a rogue with random misbehaviour); about
// one other in eight is a cs3099 star game (bench/chaos-class.ts: a rogue client, never the host).
// Every game that fails in any way is listed with its index: `--only I` (same --seed) plays it alone.
// A game hangs when no honest peer moves on for --stall-seconds (stalled) or it has no result after
// --max-seconds (slow); what each honest peer of a game that went wrong last did (events, its last L
// record lines, its replica's bookkeeping) is written to DIR/game-I.txt, and each one's whole record
// to DIR/game-I-pP.jsonl (for `risk verify`).
// Each game runs in a worker thread of its own (bench/chaos-worker.ts), P at a time.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { CHAOS_KINDS, type ChaosLog } from '../tests/controller/chaos.js';
import { CLASS_CHEATS } from '../tests/controller/class-chaos-game.js';
import { noMisbehaviour } from './chaos-game.js';
import type { ChaosSettings, Outcome } from './chaos-race.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    parallel: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
    'no-drops': { type: 'boolean', default: false },
    'max-seconds': { type: 'string', default: '600' },
    'stall-seconds': { type: 'string', default: '90' },
    dump: { type: 'string', default: join(tmpdir(), 'risk-chaos') },
    'dump-lines': { type: 'string', default: '40' },
    'ack-ms': { type: 'string', default: '1000' },
    'move-ms': { type: 'string', default: '3000' },
    'classic-only': { type: 'boolean', default: false },
  },
});
const GAMES = Number(values.games);
const PARALLEL = Number(values.parallel);
const SEED = Number(values.seed);
const MAX_MS = Number(values['max-seconds']) * 1000;
const STALL_MS = Number(values['stall-seconds']) * 1000;
const ACK_MS = Number(values['ack-ms']);
const MOVE_MS = Number(values['move-ms']);
const settings: ChaosSettings = {
  seed: SEED,
  noDrops: values['no-drops'],
  ackMs: ACK_MS,
  moveMs: MOVE_MS,
  stallMs: STALL_MS,
  maxMs: MAX_MS,
  dump: values.dump,
  dumpLines: Number(values['dump-lines']),
  classicOnly: values['classic-only'],
};
const totals: ChaosLog = noMisbehaviour();

const started = performance.now();
const outcomes: Outcome[] = [];
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
const only = values.only === undefined ? null : Number(values.only);
let nextGame = only ?? 0;
const lastGame = only === null ? GAMES : only + 1;
let peersAtOnce = 0;
await Promise.all(
  Array.from({ length: Math.min(PARALLEL, lastGame - nextGame) }, async () => {
    const worker = new Worker(new URL('./chaos-worker.ts', import.meta.url), { workerData: settings });
    try {
      while (nextGame < lastGame) {
        const index = nextGame++;
        const { outcome, log } = await new Promise<{ outcome: Outcome; log: ChaosLog }>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.postMessage(index);
        });
        worker.removeAllListeners('error');
        outcomes.push(outcome);
        for (const k of CHAOS_KINDS) totals[k] += log[k];
        if (outcomes.length % 20 === 0) process.stderr.write(`${outcomes.length}/${GAMES} games\n`);
      }
    } finally {
      await worker.terminate();
    }
  }),
);
clearInterval(sampler);
peersAtOnce = PARALLEL * 3.5; // 2–5 players a game, on average 3.5

const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
console.log(
  `bench:chaos — ${outcomes.length} games (2–5 peers, one rogue each; 40% scripted attacks, 60% random misbehaviour${values['no-drops'] ? ' without drops' : ''}; ~30% of 4–5-peer games also crash an honest peer${values['classic-only'] ? '' : '; ~30% crash one and bring it back (rejoin); ~30% of the others stop the table and resume it, half of those then crashing one in the resumed session and bringing it back'}${values['classic-only'] ? '' : '; one game in eight is RISC, 2–4 peers, random misbehaviour; about one other in eight is cs3099 (class protocol), 2–5 peers, a rogue client with random misbehaviour and class cheats'}), ${PARALLEL} at a time, ack ${ACK_MS} ms, move ${MOVE_MS} ms`,
);
console.log(`games finished by every honest peer:   ${count((o) => o.finished)} / ${outcomes.length}`);
console.log(`honest disagreements (winner, state):  ${count((o) => o.disagreement !== null)}`);
console.log(
  `hangs:                                 ${count((o) => o.hung !== null)} (${count((o) => o.hung === 'stalled')} stalled: no honest peer moved on for ${STALL_MS / 1000} s; ${count((o) => o.hung === 'slow')} slow: no result in ${MAX_MS / 1000} s)`,
);
console.log(
  `honest peers timed out by the others:  ${outcomes.reduce((n, o) => n + o.timedOutHonest, 0)} (voted silent by a majority, in ${count((o) => o.timedOutHonest > 0)} games)`,
);
console.log(`lost or unreadable honest records:     ${outcomes.reduce((n, o) => n + o.lostRecords, 0)}`);
console.log(`honest peers blamed:                   ${outcomes.reduce((n, o) => n + o.blamedHonest, 0)}`);
console.log(`rogue won after being caught:          ${count((o) => o.rogueWonCaught)}`);
console.log(`honest peers that failed to rejoin:    ${count((o) => o.rejoin === 'failed')}`);
// The two faults alone; the games with both (stop, resume, then crash and rejoin) have their own lines.
const single = (o: Outcome) => !o.resumedRejoin;
console.log(
  `crash then rejoin:                     ${count((o) => single(o) && o.rejoin !== null)} games (an honest peer drops out at a random point, back within an ack timeout)`,
);
console.log(`  took its seat back:                  ${count((o) => single(o) && o.rejoin === 'back')}`);
console.log(
  `  accepted, not faults:                voted out before it came back ${count((o) => single(o) && o.rejoin === 'voted-out')}, out of the game already ${count((o) => single(o) && o.rejoin === 'out')}, game over before its drop ${count((o) => single(o) && o.rejoin === 'not-dropped')}, game over while it was away ${count((o) => single(o) && o.rejoin === 'after-end')}`,
);
console.log(`honest peers split by a resume:        ${count((o) => o.resume === 'failed')}`);
console.log(
  `stop then resume:                      ${count((o) => single(o) && o.resume !== null)} games (the whole table stops at a random point; every player, the rogue too, resumes from its own store within two ack timeouts)`,
);
console.log(`  resumed and played on:               ${count((o) => single(o) && o.resume === 'resumed')}`);
console.log(
  `  accepted, not faults:                refused at every honest peer, each saying why ${count((o) => single(o) && o.resume === 'refused')}, game over before the stop ${count((o) => single(o) && o.resume === 'not-stopped')}`,
);
const both = (o: Outcome) => o.resumedRejoin;
console.log(
  `stop, resume, then crash and rejoin:   ${count(both)} games (as above, then an honest peer drops out of the resumed session and takes its seat back from its store, at the addresses it keeps, within an ack timeout)`,
);
console.log(
  `  resumed, then took its seat back:    ${count((o) => both(o) && o.resume === 'resumed' && o.rejoin === 'back')}`,
);
console.log(
  `  accepted, not faults:                resume refused at every honest peer ${count((o) => both(o) && o.resume === 'refused')}, game over before the stop ${count((o) => both(o) && o.resume === 'not-stopped')}; resumed, then voted out before it came back ${count((o) => both(o) && o.resume === 'resumed' && o.rejoin === 'voted-out')}, out of the game already ${count((o) => both(o) && o.resume === 'resumed' && o.rejoin === 'out')}, game over before its drop ${count((o) => both(o) && o.resume === 'resumed' && o.rejoin === 'not-dropped')}, game over while it was away ${count((o) => both(o) && o.resume === 'resumed' && o.rejoin === 'after-end')}`,
);
// Why they refused (the first honest peer's reason, its numbers left out), most common first.
const refusals = new Map<string, number>();
for (const o of outcomes)
  if (o.resumeRefusal !== null) {
    const reason = o.resumeRefusal.replace(/\d+/g, 'N');
    refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
  }
for (const [reason, n] of [...refusals].sort((a, b) => b[1] - a[1])) console.log(`    ${n}× ${reason}`);
console.log(
  `class (cs3099) games:                  ${count((o) => o.classVerdict !== undefined)} (rogue caught ${count((o) => o.classVerdict === 'caught')}; timed out for silence only, a dropped or late line the protocol cannot tell from none, counted apart ${count((o) => o.classVerdict === 'silence')}; neither ${count((o) => o.classVerdict === 'untouched')}); class cheats performed: ${CLASS_CHEATS.map((k) => `${k} ${outcomes.reduce((n, o) => n + (o.classCheats?.[k] ?? 0), 0)}`).join(', ')}`,
);
console.log(`random misbehaviours performed:        ${CHAOS_KINDS.map((k) => `${k} ${totals[k]}`).join(', ')}`);
console.log(
  `peak RSS of the process: ${(peakRss / 2 ** 20).toFixed(0)} MB for ~${peersAtOnce} peers at once, ~${(peakRss / 2 ** 20 / peersAtOnce).toFixed(0)} MB per peer (upper bound; shared runtime included)`,
);
console.log(`wall time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
/** What went wrong in one game, worst first; empty when nothing did. */
const failures = (o: Outcome): string[] => [
  ...(o.disagreement !== null ? [o.disagreement] : []),
  ...(o.hung !== null ? [`hung (${o.hung}; see ${join(values.dump, `game-${o.index}.txt`)})`] : []),
  ...(o.timedOutHonest > 0
    ? [`${o.timedOutHonest} honest peer(s) timed out by the others (see ${join(values.dump, `game-${o.index}.txt`)})`]
    : []),
  ...(o.rogueWonCaught ? ['the rogue won after being caught'] : []),
  ...(o.rejoinFailure !== null
    ? [`an honest peer that dropped out did not take its seat back: ${o.rejoinFailure}`]
    : []),
  ...(o.resumeFailure !== null ? [`the stop then resume: ${o.resumeFailure}`] : []),
  ...(o.blamedHonest > 0 ? [`${o.blamedHonest} honest peer(s) blamed`] : []),
  ...(o.lostRecords > 0 ? [`${o.lostRecords} honest record(s) lost or unreadable`] : []),
];
// Games by variant and setup (the kind says so in brackets: `… (capital, random deal)`).
const gameKind = (o: Outcome) => /\(([^)]*)\)$/.exec(o.kind)?.[1] ?? 'domination';
const kinds = [...new Set(outcomes.map(gameKind))].sort();
console.log(
  `games by kind: ${kinds.map((k) => `${k} ${count((o) => gameKind(o) === k)} (${count((o) => gameKind(o) === k && failures(o).length === 0)} clean)`).join(', ')}`,
);
for (const o of outcomes
  .filter((x) => failures(x).length > 0)
  .sort((a, b) => Number(a.disagreement === null) - Number(b.disagreement === null) || a.index - b.index)
  .slice(0, 40))
  console.log(`  game ${o.index} (${o.kind}): ${failures(o).join('; ')}`);
process.exit(0);
