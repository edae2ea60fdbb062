// Whole games between separate `risk bot` processes on 127.0.0.1 (three normal bots), in the
// games whose openings have most steps (a random deal, Capital Risk, Secret Mission Risk): how many
// end with one agreed winner, no violation and records that verify, and how long they take.
//   npm run bench:processes -- [--runs N] [--parallel P] [--players K]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { killBots } from '../tests/support/bot-process.js';
import { PROCESS_GAMES, playProcessGame, problemOf } from '../tests/support/process-game.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    parallel: { type: 'string', default: '2' },
    players: { type: 'string', default: '3' },
  },
});
const RUNS = Number(values.runs);
const PARALLEL = Number(values.parallel);
const PLAYERS = Number(values.players);

const jobs = PROCESS_GAMES.flatMap((game) => Array.from({ length: RUNS }, (_, run) => ({ game, run })));
const results = new Map<string, { clean: number; ms: number[]; problems: string[] }>(
  PROCESS_GAMES.map((g) => [g.name, { clean: 0, ms: [], problems: [] }]),
);
let next = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (next < jobs.length) {
      const { game, run } = jobs[next++]!;
      const started = performance.now();
      const problem = await playProcessGame(mkdtempSync(join(tmpdir(), 'risk-bench-processes-')), game.rules, {
        players: PLAYERS,
      }).then(problemOf, (error: Error) => `it did not start: ${error.message.slice(0, 300)}`);
      const entry = results.get(game.name)!;
      entry.ms.push(performance.now() - started);
      if (problem === null) entry.clean++;
      else entry.problems.push(`run ${run}: ${problem}`);
      process.stderr.write(`${game.name} run ${run}: ${problem ?? 'clean'}\n`);
    }
  }),
);
killBots();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `bench:processes — ${PLAYERS} risk bot processes a game (normal bots), ${RUNS} runs of each, ${PARALLEL} at a time`,
);
for (const [name, r] of results) {
  console.log(
    `${name.padEnd(20)} ${r.clean}/${RUNS} with one agreed winner, no violation and records that verify; median ${(median(r.ms) / 1000).toFixed(1)} s`,
  );
  for (const p of r.problems.slice(0, 10)) console.log(`  ${p}`);
}
process.exit(0);
