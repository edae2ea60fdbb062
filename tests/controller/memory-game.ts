// Whole native games between in-process peers over in-memory links, on vitest's fake timers:
// a game with timeouts of seconds runs in milliseconds. One peer may be a rogue.
import { vi } from 'vitest';
import { type MemoryGame, type MemoryGameOptions, startMemoryGame } from './mesh-game.js';

export {
  honestAgreement,
  type MemoryGame,
  type MemoryGameOptions,
  type Rogue,
  type RogueContext,
} from './mesh-game.js';

export async function playMemoryGame(options: MemoryGameOptions): Promise<MemoryGame> {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'Date',
      // With a link delay the records' times are virtual too: a battle's trips show in them.
      ...(options.delayMs !== undefined ? (['performance'] as const) : []),
    ],
  });
  try {
    const game = await startMemoryGame(options);
    const started = Date.now();
    const limit = options.maxVirtualMs ?? 3_600_000;
    // Bounded in virtual time and in steps: a hang ends the loop and shows as a null result.
    for (let step = 0; step < 100_000 && game.results.some((r) => r === null) && Date.now() - started < limit; step++) {
      await vi.advanceTimersByTimeAsync(50);
    }
    game.stop();
    return { ...game.finish(), virtualMs: Date.now() - started };
  } finally {
    vi.useRealTimers();
  }
}
