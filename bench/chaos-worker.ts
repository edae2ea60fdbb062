// A bench:chaos worker: plays the games it is sent, one at a time, and answers with each outcome.
import { parentPort, workerData } from 'node:worker_threads';
import { noMisbehaviour, play } from './chaos-game.js';
import type { ChaosSettings } from './chaos-race.js';

const settings = workerData as ChaosSettings;
parentPort!.on('message', async (index: number) => {
  const log = noMisbehaviour();
  const outcome = await play(index, settings, log);
  parentPort!.postMessage({ outcome, log });
});
