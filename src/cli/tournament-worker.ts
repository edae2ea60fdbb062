// A tournament worker thread: claims games one at a time from a shared counter and writes each
// outcome into shared memory (see tournament-pool.ts for the layout).
import { workerData } from 'node:worker_threads';
import { playTournamentGames } from '../ai/tournament.js';
import { CONTROL, type PoolData, RECORD_FIELDS, reportFailure } from './tournament-pool.js';

const { setup, control, records, failure } = workerData as PoolData;
try {
  for (;;) {
    const game = Atomics.add(control, CONTROL.next, 1);
    if (game >= setup.games) break;
    const [record] = playTournamentGames(setup, game, 1);
    const at = game * RECORD_FIELDS;
    records[at] = record!.winner ?? -1;
    records[at + 1] = record!.turns;
    records[at + 2] = record!.capped ? 1 : 0;
    Atomics.add(control, CONTROL.finished, 1);
    Atomics.notify(control, CONTROL.finished);
  }
} catch (error) {
  reportFailure({ control, failure }, error);
}
