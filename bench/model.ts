// Rules-engine benchmark: reducer throughput, offline games/s, exact odds. Prints numbers only.

import { runArena } from '../src/ai/arena.js';
import { randomBot } from '../src/ai/random.js';
import { battleOdds, conquerTable } from '../src/model/odds.js';

function time<T>(run: () => T): [T, number] {
  const start = performance.now();
  const value = run();
  return [value, performance.now() - start];
}

const [stats] = time(() =>
  runArena({ players: 4, games: 300, seed: 42, turnCap: 5000, seatBot: (_g, _s, rng) => randomBot(rng) }),
);
console.log(
  `offline games (4 random-legal bots): ${stats.gamesPerSecond.toFixed(1)} games/s, ${((stats.meanBattles * stats.games) / stats.seconds / 1000).toFixed(0)}k battles/s, mean ${stats.meanTurns.toFixed(0)} turns`,
);

for (const [a, d] of [
  [11, 10],
  [200, 200],
] as const) {
  const [, ms] = time(() => battleOdds(a, d));
  console.log(`odds ${a} vs ${d}: ${ms.toFixed(2)} ms (first call, table built)`);
}
const [, tableMs] = time(() => conquerTable(200, 200));
console.log(`conquerTable(200, 200): ${tableMs.toFixed(2)} ms`);
const [, lookups] = time(() => {
  let s = 0;
  for (let i = 0; i < 1_000_000; i++) s += battleOdds(2 + (i % 150), 1 + (i % 97)).conquerProbability;
  return s;
});
console.log(`battleOdds lookups: ${(1_000_000 / lookups / 1000).toFixed(2)} M/s`);
