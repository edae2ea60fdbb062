// Whole networked RISC games (risc-mesh-game.ts) played out on vitest's fake timers.
import { vi } from 'vitest';
import type { RiscRecordLine } from '../../src/core/risc/record.js';
import type { RiscNetResult } from '../../src/sessions/risc-net.js';
import { type RiscGameOptions, startRiscGame } from './risc-mesh-game.js';
import type { SeatBackReport } from './seat-back.js';
import type { TableBackReport } from './table-back.js';

export interface RiscMemoryGame {
  /** Each peer's result; null if it had not finished (a hang). */
  readonly results: (RiscNetResult | null)[];
  readonly records: RiscRecordLine[][];
  readonly seatBack: SeatBackReport | null;
  readonly tableBack: TableBackReport | null;
}

export async function playRiscMemoryGame(options: RiscGameOptions): Promise<RiscMemoryGame> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  try {
    const game = await startRiscGame(options);
    const honest = game.results.map((_, id) => id).filter((p) => p !== options.rogue?.player);
    // Bounded in virtual time and in steps: a hang ends the loop and shows as a null result.
    for (let step = 0; step < 40_000 && honest.some((p) => game.results[p] === null); step++)
      await vi.advanceTimersByTimeAsync(50);
    game.stop();
    await vi.advanceTimersByTimeAsync(5000);
    game.close();
    return { results: game.results, records: game.records, seatBack: game.seatBack, tableBack: game.tableBack };
  } finally {
    vi.useRealTimers();
  }
}
