// Chaos benchmark: many whole native games between in-process peers over in-memory links, on
// real timers with short timeouts, each with one rogue peer (a scripted attack or random
// misbehaviour) and sometimes an honest peer that crashes. Prints what must be zero.
//   npm run bench:chaos -- [--games N] [--parallel P] [--seed S] [--only I] [--no-drops] [--ack-ms A] [--move-ms M]
// Every game that fails in any way is listed with its index: `--only I` (same --seed) plays it alone.
import { parseArgs } from 'node:util';
import { CHAOS_KINDS, type ChaosLog, type ChaosRates, chaosRogue, random } from '../tests/controller/chaos.js';
import { honestAgreement, type Rogue, startMemoryGame, withSend } from '../tests/controller/mesh-game.js';
import { ATTACKS, rogue as scripted } from '../tests/controller/rogue.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    parallel: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
    'no-drops': { type: 'boolean', default: false },
    'max-seconds': { type: 'string', default: '300' },
    'ack-ms': { type: 'string', default: '1000' },
    'move-ms': { type: 'string', default: '3000' },
  },
});
const GAMES = Number(values.games);
const PARALLEL = Number(values.parallel);
const SEED = Number(values.seed);
const MAX_MS = Number(values['max-seconds']) * 1000;
const ACK_MS = Number(values['ack-ms']);
const MOVE_MS = Number(values['move-ms']);

/** One honest peer crashes (its links close) once `after` lines have passed through it. */
function crashing(after: number): Rogue {
  return (links) => {
    let sent = 0;
    const wrapped = new Map(links);
    for (const [player, link] of links) {
      wrapped.set(
        player,
        withSend(link, (line) => {
          if (++sent === after) for (const l of links.values()) l.close();
          if (!link.closed) link.send(line);
        }),
      );
    }
    return wrapped;
  };
}

interface Outcome {
  finished: boolean;
  disagreement: string | null;
  hung: boolean;
  /** Honest peers the other players voted silent. */
  timedOutHonest: number;
  lostRecords: number;
  blamedHonest: number;
  rogueWonCaught: boolean;
  kind: string;
  index: number;
}

const totals: ChaosLog = Object.fromEntries(CHAOS_KINDS.map((k) => [k, 0])) as ChaosLog;

async function play(index: number): Promise<Outcome> {
  const next = random(SEED * 100_003 + index);
  const players = 2 + Math.floor(next() * 4); // 2–5
  const rogueId = Math.floor(next() * players);
  let kind: string;
  let links: Rogue;
  if (next() < 0.4) {
    const attack = ATTACKS[Math.floor(next() * ATTACKS.length)]!;
    kind = attack;
    links = scripted(attack, 20 + Math.floor(next() * 200));
  } else {
    const rate = () => [0, 0.002, 0.01, 0.03][Math.floor(next() * 4)]!;
    const rates: ChaosRates = {
      drop: values['no-drops'] ? 0 : rate(),
      delay: rate(),
      duplicate: rate(),
      reorder: rate(),
      corrupt: rate(),
      equivocate: rate(),
      spoof: rate(),
    };
    kind = 'random';
    links = chaosRogue(SEED * 7919 + index, rates, totals);
  }
  // A fault besides the rogue: in games of 4 or more, one honest peer may crash.
  const crash = players >= 4 && next() < 0.3 ? (rogueId + 1) % players : -1;
  const game = await startMemoryGame({
    players,
    seed: SEED * 1000 + index,
    ackTimeoutMs: ACK_MS,
    moveTimeoutMs: MOVE_MS,
    rogue: { player: rogueId, links },
    ...(crash >= 0 ? { crash: { player: crash, links: crashing(200 + Math.floor(next() * 2000)) } } : {}),
  });
  const timer = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), MAX_MS).unref());
  const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogueId && i !== crash);
  const honestDone = Promise.all(
    honest.map(
      (i) =>
        new Promise<void>((resolve) => {
          const check = setInterval(() => {
            if (game.results[i] !== null) {
              clearInterval(check);
              resolve();
            }
          }, 20);
        }),
    ),
  );
  const raced = await Promise.race([honestDone.then(() => 'done' as const), timer]);
  game.stop();
  const ended = game.finish();
  const outcome: Outcome = {
    finished: raced === 'done',
    disagreement: null,
    hung: raced === 'hung',
    lostRecords: 0,
    blamedHonest: 0,
    timedOutHonest: 0,
    rogueWonCaught: false,
    kind,
    index,
  };
  if (outcome.hung) return outcome;
  // An honest peer the others voted silent (a starved process on a loaded machine) ends
  // neutralised: that is their agreement, counted on its own line; until then it must have seen
  // the states they saw.
  const timedOut = honest.filter(
    (i) => ended.results[i]!.outcome === 'neutralised' && /^timed out/.test(ended.results[i]!.reason ?? ''),
  );
  const live = honest.filter((i) => !timedOut.includes(i));
  outcome.timedOutHonest = timedOut.length;
  try {
    const { winner } = honestAgreement(ended, live.length > 0 ? live : honest);
    for (const i of live.length > 0 ? timedOut : [])
      for (const [turn, hash] of ended.turnHashes[i]!) {
        const seen = ended.turnHashes[live[0]!]!.get(turn);
        if (seen !== undefined && seen !== hash)
          throw new Error(`honest peer ${i}, timed out by the others, saw another state at the start of turn ${turn}`);
      }
    const caught = honest.some((i) => ended.results[i]!.violations.some((v) => v.player === rogueId));
    outcome.rogueWonCaught = caught && winner === rogueId;
  } catch (error) {
    outcome.disagreement = (error as Error).message;
  }
  for (const i of honest) {
    const audit = ended.audits[i]!;
    if (audit.truncated || audit.state === null) outcome.lostRecords++;
    const blamed = [...ended.results[i]!.violations, ...audit.violations].filter((v) => v.player !== rogueId);
    outcome.blamedHonest += blamed.length;
  }
  return outcome;
}

const started = performance.now();
const outcomes: Outcome[] = [];
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
const only = values.only === undefined ? null : Number(values.only);
let nextGame = only ?? 0;
const lastGame = only === null ? GAMES : only + 1;
let peersAtOnce = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (nextGame < lastGame) {
      const index = nextGame++;
      outcomes.push(await play(index));
      if (outcomes.length % 20 === 0) process.stderr.write(`${outcomes.length}/${GAMES} games\n`);
    }
  }),
);
clearInterval(sampler);
peersAtOnce = PARALLEL * 3.5; // 2–5 players a game, on average 3.5

const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
console.log(
  `bench:chaos — ${outcomes.length} games (2–5 peers, one rogue each; 40% scripted attacks, 60% random misbehaviour${values['no-drops'] ? ' without drops' : ''}; ~30% of 4–5-peer games also crash an honest peer), ${PARALLEL} at a time, ack ${ACK_MS} ms, move ${MOVE_MS} ms`,
);
console.log(`games finished by every honest peer:   ${count((o) => o.finished)} / ${outcomes.length}`);
console.log(`honest disagreements (winner, state):  ${count((o) => o.disagreement !== null)}`);
console.log(`hangs (no result within ${MAX_MS / 1000} s):     ${count((o) => o.hung)}`);
console.log(
  `honest peers timed out by the others:  ${outcomes.reduce((n, o) => n + o.timedOutHonest, 0)} (voted silent by a majority, in ${count((o) => o.timedOutHonest > 0)} games)`,
);
console.log(`lost or unreadable honest records:     ${outcomes.reduce((n, o) => n + o.lostRecords, 0)}`);
console.log(`honest peers blamed:                   ${outcomes.reduce((n, o) => n + o.blamedHonest, 0)}`);
console.log(`rogue won after being caught:          ${count((o) => o.rogueWonCaught)}`);
console.log(`random misbehaviours performed:        ${CHAOS_KINDS.map((k) => `${k} ${totals[k]}`).join(', ')}`);
console.log(
  `peak RSS of the process: ${(peakRss / 2 ** 20).toFixed(0)} MB for ~${peersAtOnce} peers at once, ~${(peakRss / 2 ** 20 / peersAtOnce).toFixed(0)} MB per peer (upper bound; shared runtime included)`,
);
console.log(`wall time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
/** What went wrong in one game, worst first; empty when nothing did. */
const failures = (o: Outcome): string[] => [
  ...(o.disagreement !== null ? [o.disagreement] : []),
  ...(o.hung ? ['hung'] : []),
  ...(o.timedOutHonest > 0 ? [`${o.timedOutHonest} honest peer(s) timed out by the others`] : []),
  ...(o.rogueWonCaught ? ['the rogue won after being caught'] : []),
  ...(o.blamedHonest > 0 ? [`${o.blamedHonest} honest peer(s) blamed`] : []),
  ...(o.lostRecords > 0 ? [`${o.lostRecords} honest record(s) lost or unreadable`] : []),
];
for (const o of outcomes
  .filter((x) => failures(x).length > 0)
  .sort((a, b) => Number(a.disagreement === null) - Number(b.disagreement === null) || a.index - b.index)
  .slice(0, 40))
  console.log(`  game ${o.index} (${o.kind}): ${failures(o).join('; ')}`);
process.exit(0);
