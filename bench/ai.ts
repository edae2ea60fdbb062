// Bot benchmark: decision times (p50, p99, max, and the slowest phase) and offline games/s, for
// four bots of each kind. Prints numbers only. Usage: tsx bench/ai.ts [games per kind]
import type { Bot } from '../src/ai/bot.js';
import { BOT_KINDS } from '../src/ai/registry.js';
import { playTournamentGames } from '../src/ai/tournament.js';

const games = Number(process.argv[2] ?? 20);

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

console.log(`${games} games of 4 bots per kind, seed 2024`);
console.log('bot      decisions   p50 µs   p99 µs   max ms  slowest phase (p99 µs)   games/s  turns');
for (const kind of BOT_KINDS) {
  const times: number[] = [];
  const byPhase = new Map<string, number[]>();
  const timed = (bot: Bot): Bot => ({
    kind: bot.kind,
    decide(state, player) {
      const start = performance.now();
      const action = bot.decide(state, player);
      const ms = performance.now() - start;
      times.push(ms);
      let list = byPhase.get(state.phase);
      if (list === undefined) byPhase.set(state.phase, (list = []));
      list.push(ms);
      return action;
    },
  });
  const started = performance.now();
  const records = playTournamentGames({ bots: [kind, kind, kind, kind], seed: 2024, turnCap: 5000 }, 0, games, timed);
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(times).sort();
  let slowest = '';
  let slowestP99 = 0;
  for (const [phase, list] of byPhase) {
    const p99 = percentile(Float64Array.from(list).sort(), 0.99);
    if (p99 > slowestP99) [slowest, slowestP99] = [phase, p99];
  }
  const turns = records.reduce((sum, r) => sum + r.turns, 0) / records.length;
  console.log(
    [
      kind.padEnd(7),
      String(times.length).padStart(10),
      (1000 * percentile(sorted, 0.5)).toFixed(1).padStart(8),
      (1000 * percentile(sorted, 0.99)).toFixed(1).padStart(8),
      sorted[sorted.length - 1]!.toFixed(2).padStart(8),
      `  ${slowest} (${(1000 * slowestP99).toFixed(0)})`.padEnd(24),
      (games / seconds).toFixed(1).padStart(8),
      turns.toFixed(0).padStart(6),
    ].join(' '),
  );
}
