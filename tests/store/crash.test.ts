// Crash safety: local game processes killed with SIGKILL at random points (mostly right after a
// random number of stored moves, some at a random time from their start). After every kill the
// database opens and passes SQLite's integrity check, at most the move in flight is lost, and the
// game resumes; in the end every game is resumed to a winner.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededDice } from '../../src/protocol/random.js';
import { loadResumable } from '../../src/sessions/local-resume.js';
import { openStore, tempDir } from './helpers.js';

// 20 by default to keep the suite quick; RISK_CRASH_KILLS=100 for the full run (about 75 s on an idle machine).
const KILLS = Number(process.env.RISK_CRASH_KILLS ?? 20);
const LANES = 2;
const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));

interface Run {
  /** Highest stored step count the child reported, per game id. */
  readonly reported: Map<number, number>;
  readonly finished: boolean;
  readonly stderr: string;
}

/** Runs the child; kills it after `afterSteps` reported steps or `afterMs`, whichever is set. */
function runChild(db: string, seed: number, kill: { afterSteps?: number; afterMs?: number } | null): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, db, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reported = new Map<number, number>();
    let finished = false;
    let stderr = '';
    let seen = 0;
    let buffer = '';
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const timer = kill?.afterMs !== undefined ? setTimeout(() => child.kill('SIGKILL'), kill.afterMs) : null;
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const words = line.split(' ');
        if (words[0] === 'winner') finished = true;
        else if (words[0] !== 'ready') {
          reported.set(Number(words[0]), Number(words[1]));
          if (kill?.afterSteps !== undefined && ++seen === kill.afterSteps) child.kill('SIGKILL');
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(guard);
      if (timer) clearTimeout(timer);
      resolve({ reported, finished, stderr });
    });
  });
}

/** One lane: its own database, `kills` killed runs, then every unfinished game played to the end. */
async function lane(dir: string, lane: number, kills: number) {
  const db = join(dir, `lane-${lane}.db`);
  const rng = seededDice(1000 + lane);
  const lastKnown = new Map<number, number>();
  let interrupted = 0;
  for (let k = 0; k < kills; k++) {
    const kill = rng.below(5) === 0 ? { afterMs: rng.below(800) } : { afterSteps: 1 + rng.below(400) };
    const run = await runChild(db, 100 * lane + k, kill);
    expect(run.stderr).toBe('');
    if (!run.finished) interrupted++;
    const store = openStore(db);
    try {
      expect(store.db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      for (const [id, count] of run.reported) {
        const game = store.games().find((g) => g.id === id)!;
        // Every step the child reported as written is there. (It may have written more before the
        // kill landed.) Since a step is written before the game goes on, only the move being
        // decided or applied at the kill can be missing, and the stored ones replay (below).
        expect(game.stepCount).toBeGreaterThanOrEqual(count);
        expect(game.stepCount).toBeGreaterThanOrEqual(lastKnown.get(id) ?? 0);
        lastKnown.set(id, game.stepCount);
        if (game.status === 'playing') {
          const resumable = loadResumable(store, String(id));
          expect(resumable.ok ? 'resumable' : resumable.reason).toBe('resumable');
        }
      }
    } finally {
      store.close();
    }
  }
  // Most kills land in the middle of a game (a few after it ended, or before it began).
  expect(interrupted).toBeGreaterThan(kills / 2);
  // Resume every unfinished game to a winner (the child takes the newest unfinished one each time).
  for (let guard = 0; guard < kills + 1; guard++) {
    const run = await runChild(db, 9999, null);
    expect(run.stderr).toBe('');
    if (run.reported.size === 0 && !run.finished) break;
    if (run.finished && run.reported.size === 0) break;
    const store = openStore(db);
    const open = store.games({ status: 'playing' }).length;
    store.close();
    if (open === 0) break;
  }
  const store = openStore(db);
  try {
    const games = store.games();
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) {
      expect(g.status).toBe('finished');
      expect(g.winner).not.toBeNull();
    }
    return games.length;
  } finally {
    store.close();
  }
}

describe('crash safety', () => {
  it(`${KILLS} SIGKILLs at random points: the database always opens, at most the move in flight is lost, every game resumes to a winner`, async () => {
    const tmp = tempDir();
    try {
      const per = Math.ceil(KILLS / LANES);
      const games = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(tmp.dir, i, per)));
      expect(games.reduce((a, b) => a + b, 0)).toBeGreaterThan(LANES);
    } finally {
      tmp.remove();
    }
  }, 600_000);
});
