// Game store benchmark: the cost of storing one move (each its own transaction, as local games
// do), database bytes per game, resuming a game, and a stored tournament against an unstored one.
// Prints numbers only. Works in a temporary directory.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playTournamentGames } from '../src/ai/tournament.js';
import { tournamentRecording } from '../src/cli/tournament-store.js';
import { loadResumable } from '../src/sessions/local-resume.js';
import { GameStore } from '../src/store/store.js';

const dir = mkdtempSync(join(tmpdir(), 'risk-bench-store-'));
const open = (name: string) => {
  const opened = GameStore.open(join(dir, name));
  if (!opened.ok) throw new Error(opened.reason);
  return opened.store;
};
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fileBytes = (path: string) => {
  let n = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      n += statSync(path + suffix).size;
    } catch {
      // not there
    }
  }
  return n;
};

try {
  // Games to work with: a stored tournament between normal bots (batched, one transaction per game).
  const GAMES = 20;
  const setup = { bots: ['normal', 'normal', 'normal', 'normal'] as const, seed: 7, turnCap: 5000 };
  const source = open('source.db');
  let started = performance.now();
  playTournamentGames(
    { ...setup, bots: [...setup.bots] },
    0,
    GAMES,
    undefined,
    tournamentRecording(source, setup.seed),
  );
  const storedSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  playTournamentGames({ ...setup, bots: [...setup.bots] }, 0, GAMES);
  const plainSeconds = (performance.now() - started) / 1000;
  console.log(
    `tournament, ${GAMES} games of 4 normal bots: ${(GAMES / plainSeconds).toFixed(2)} games/s unstored, ${(GAMES / storedSeconds).toFixed(2)} games/s stored`,
  );

  // Bytes per game.
  source.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const games = source.games();
  const steps = games.reduce((n, g) => n + g.stepCount, 0);
  const bytes = fileBytes(join(dir, 'source.db'));
  console.log(
    `database: ${(bytes / GAMES / 1024).toFixed(1)} KiB per game (${GAMES} games, mean ${(steps / GAMES).toFixed(0)} stored steps, ${(bytes / steps).toFixed(0)} B per step)`,
  );

  // One move stored as a local game stores it: its own transaction (WAL, synchronous=NORMAL).
  const target = open('moves.db');
  const sample = games.flatMap((g) => {
    const found = source.find(String(g.id));
    return found.ok ? found.game.steps : [];
  });
  const handle = target.openGame({ kind: 'hotseat', players: [1, 2, 3, 4].map((i) => ({ name: `P${i}` })) });
  const times: number[] = [];
  for (const step of sample.slice(0, 20_000)) {
    const t = performance.now();
    handle.step(step.action, step.numbers);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `store one move (own transaction): p50 ${(quantile(times, 0.5) * 1000).toFixed(0)} µs, p99 ${(quantile(times, 0.99) * 1000).toFixed(0)} µs, max ${quantile(times, 1).toFixed(2)} ms over ${times.length} moves`,
  );

  // Resume: open the database and replay a stored game to its last state.
  const longest = [...games].sort((a, b) => b.stepCount - a.stepCount)[0]!;
  source.db.prepare("UPDATE games SET kind = 'hotseat', status = 'playing' WHERE id = ?").run(longest.id);
  source.close();
  const resumeTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const store = open('source.db');
    const resumable = loadResumable(store, String(longest.id));
    if (!resumable.ok) throw new Error(resumable.reason);
    resumeTimes.push(performance.now() - t);
    store.close();
  }
  resumeTimes.sort((a, b) => a - b);
  console.log(
    `resume (open the database, replay ${longest.stepCount} steps, turn ${longest.turns}): p50 ${quantile(resumeTimes, 0.5).toFixed(1)} ms, max ${quantile(resumeTimes, 1).toFixed(1)} ms`,
  );
  target.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
