// Runs a tournament's games on worker threads. The command stays synchronous: the main thread
// sleeps on a shared counter (Atomics.wait) while the workers write each game's outcome into
// shared memory at its game index, so the results do not depend on how the games were split.
import { createRequire } from 'node:module';
import { getRawAsset, isSea } from 'node:sea';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TournamentGame, TournamentSetup } from '../ai/tournament.js';

/** Slots of the shared control array. */
export const CONTROL = { next: 0, finished: 1, failed: 2 } as const;
/** Per game: winner position (-1: none), turns, capped (0/1). */
export const RECORD_FIELDS = 3;

export interface PoolData {
  readonly setup: TournamentSetup;
  readonly control: Int32Array;
  readonly records: Int32Array;
  readonly failure: Uint8Array;
  /** The game database to store each game in, or null. */
  readonly storePath: string | null;
}

/** Records a worker's failure for the main thread and wakes it. */
export function reportFailure(data: Pick<PoolData, 'control' | 'failure'>, error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  new TextEncoder().encodeInto(text.slice(0, 1000), data.failure);
  Atomics.store(data.control, CONTROL.failed, 1);
  Atomics.notify(data.control, CONTROL.finished);
}

// Compiled (dist/), a worker loads its entry as is; run from the TypeScript sources (tests,
// development), each worker registers tsx before loading its entry. In the single executable
// (npm run dist), which has no files beside it, the entry is one of its assets, as a data: URL.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(workerData.tsx === null ? Promise.resolve() : import(workerData.tsx).then((api) => api.register()))
  .then(() => import(workerData.entry))
  .catch((error) => {
    new TextEncoder().encodeInto(String(error && error.stack || error).slice(0, 1000), workerData.failure);
    Atomics.store(workerData.control, ${CONTROL.failed}, 1);
    Atomics.notify(workerData.control, ${CONTROL.finished});
  });
`;

/** The single executable's asset holding the worker's code (scripts/dist.mjs puts it there). */
const WORKER_ASSET = 'tournament-worker.mjs';

function workerEntry(): { tsx: string | null; entry: string } {
  if (isSea())
    return {
      tsx: null,
      entry: `data:text/javascript;base64,${Buffer.from(getRawAsset(WORKER_ASSET)).toString('base64')}`,
    };
  const compiled = import.meta.url.endsWith('.js');
  return {
    tsx: compiled ? null : pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href,
    entry: new URL(compiled ? './tournament-worker.js' : './tournament-worker.ts', import.meta.url).href,
  };
}

/** Longest wait for a single game before the pool gives up on a silent worker. */
const STALL_MS = 600_000;

export function runOnWorkers(
  setup: TournamentSetup,
  workers: number,
  storePath: string | null = null,
): { ok: true; value: TournamentGame[] } | { ok: false; reason: string } {
  const control = new Int32Array(new SharedArrayBuffer(3 * 4));
  const records = new Int32Array(new SharedArrayBuffer(setup.games * RECORD_FIELDS * 4));
  const failure = new Uint8Array(new SharedArrayBuffer(1024));
  const { tsx, entry } = workerEntry();
  const threads = Array.from({ length: Math.min(workers, setup.games) }, () => {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { setup, control, records, failure, tsx, entry, storePath },
    });
    worker.unref();
    return worker;
  });
  let seen = 0;
  while (seen < setup.games && Atomics.load(control, CONTROL.failed) === 0) {
    if (Atomics.wait(control, CONTROL.finished, seen, STALL_MS) === 'timed-out') {
      Atomics.store(control, CONTROL.next, setup.games); // let the others stop
      for (const t of threads) void t.terminate();
      return { ok: false, reason: `no game finished in ${STALL_MS / 1000} s` };
    }
    seen = Atomics.load(control, CONTROL.finished);
  }
  if (Atomics.load(control, CONTROL.failed) !== 0) {
    Atomics.store(control, CONTROL.next, setup.games);
    for (const t of threads) void t.terminate();
    return { ok: false, reason: `a worker failed: ${new TextDecoder().decode(failure.slice()).replace(/\0+$/, '')}` };
  }
  return {
    ok: true,
    value: Array.from({ length: setup.games }, (_, game) => {
      const at = game * RECORD_FIELDS;
      const capped = records[at + 2] === 1;
      return { game, winner: records[at]! < 0 ? null : records[at]!, turns: records[at + 1]!, capped };
    }),
  };
}
