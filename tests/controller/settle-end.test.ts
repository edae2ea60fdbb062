// A peer that finishes first keeps its links open until the others have acknowledged the end of
// the game (MeshSession.settled), so that a peer still reading the end does not lose it to a closed
// connection (live, a process that exits resets its connections and the unread lines are lost: an
// eliminated peer a second behind at the end exited 1, bench:processes 2026-11-26).
import { describe, expect, it, vi } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { END_LINGER_MS } from '../../src/sessions/mesh-session.js';
import { type Rogue, startMemoryGame, withSend } from './mesh-game.js';

/** Once `target` is out of the game (in this peer's copy), every line to it arrives `ms` late (in order). */
const slowToWhenOut =
  (target: number, ms: number): Rogue =>
  (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        player === target
          ? withSend(link, (line) => {
              if (context.state().players[target]!.eliminated) setTimeout(() => link.send(line), ms);
              else link.send(line);
            })
          : link,
      ]),
    );

describe('the end of a game', () => {
  it('the first to finish waits for the peer behind to acknowledge the last point, and no longer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      // Once player 1 is out, every line to it arrives 1.5 s late: it ends behind the others, still
      // reading the end (the two honest peers' links are rewritten through the harness's rogue and
      // crash hooks; nobody cheats).
      const game = await startMemoryGame({
        players: 3,
        seed: 4,
        features: [...NATIVE_FEATURES],
        rogue: { player: 0, links: slowToWhenOut(1, 1500) },
        crash: { player: 2, links: slowToWhenOut(1, 1500) },
      });
      for (let i = 0; i < 100_000 && game.results[0] === null; i++) await vi.advanceTimersByTimeAsync(10);
      expect(game.results[0]).not.toBeNull();
      // Player 1 is still reading the end when player 0 has finished.
      expect(game.results[1]).toBeNull();
      let settledAt: number | null = null;
      let behindFinishedAt: number | null = null;
      void game.settled(0, 60_000).then(() => (settledAt = Date.now()));
      for (let i = 0; i < 10_000 && settledAt === null; i++) {
        if (behindFinishedAt === null && game.results[1] !== null) behindFinishedAt = Date.now();
        await vi.advanceTimersByTimeAsync(10);
      }
      game.stop();
      await game.done;
      expect(game.results[1]?.winner).toBe(game.results[0]!.winner);
      // Player 1 was still behind when player 0 finished, and player 0 settled only once it had caught up.
      expect(behindFinishedAt).not.toBeNull();
      expect(settledAt).not.toBeNull();
      expect(settledAt!).toBeGreaterThanOrEqual(behindFinishedAt! - 10);
      // It keeps its links a moment more (END_LINGER_MS): acknowledged is not yet finished.
      expect(settledAt! - behindFinishedAt!).toBeLessThan(END_LINGER_MS + 1000);
    } finally {
      vi.useRealTimers();
    }
  }, 300_000);
});
