// A tournament worker thread: claims games one at a time from a shared counter and writes each
// outcome into shared memory (see tournament-pool.ts for the layout).
import { workerData } from 'node:worker_threads';
import { playTournamentGames } from '../ai/tournament.js';
import type { GameStore } from '../store/store.js';
import { CONTROL, type PoolData, RECORD_FIELDS, reportFailure } from './tournament-pool.js';

const { setup, control, records, failure, storePath } = workerData as PoolData;
let store: GameStore | null = null;
try {
  let recording: Parameters<typeof playTournamentGames>[4];
  if (storePath !== null) {
    // The store's modules (node:sqlite) load only for --store.
    const [{ GameStore }, { tournamentRecording }] = await Promise.all([
      import('../store/store.js'),
      import('./tournament-store.js'),
    ]);
    const opened = GameStore.open(storePath);
    if (!opened.ok) throw new Error(opened.reason);
    store = opened.store;
    recording = tournamentRecording(store, setup.seed);
  }
  for (;;) {
    const game = Atomics.add(control, CONTROL.next, 1);
    if (game >= setup.games) break;
    const [record] = playTournamentGames(setup, game, 1, undefined, recording);
    const at = game * RECORD_FIELDS;
    records[at] = record!.winner ?? -1;
    records[at + 1] = record!.turns;
    records[at + 2] = record!.capped ? 1 : 0;
    Atomics.add(control, CONTROL.finished, 1);
    Atomics.notify(control, CONTROL.finished);
  }
} catch (error) {
  reportFailure({ control, failure }, error);
} finally {
  store?.close();
}
