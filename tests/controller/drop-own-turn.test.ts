// A player whose program dies while its own move is due (its links close, nothing more comes from
// it) is judged as one that dies during another player's turn: the others see the lost connection
// at once and make the seat neutral about two acknowledgement timeouts later, not after the whole
// move timeout (issue 27, point 2). In-memory links, fake timers: bounded in virtual time.
import { describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import type { Link } from '../../src/net/link.js';
import { seededDice } from '../../src/protocol/random.js';
import type { Seat } from '../../src/sessions/seat.js';
import { PER_ROUND_DICE, startMemoryGame, withSend } from './mesh-game.js';

const ACK_MS = 2_000;
const MOVE_MS = 10 * 60_000;
const DROPPER = 1;

describe('a player whose program dies during its own turn', () => {
  // With pipelining (the default) the move wait starts only once the entry before it settles, which
  // may be after the link closed: it took the whole move timeout until the wait minded the closed link.
  it.each([
    ['lockstep', PER_ROUND_DICE],
    ['every native feature', NATIVE_FEATURES],
  ] as const)(
    '%s: is seen to go and is made neutral within a few acknowledgement timeouts',
    async (_, features) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      try {
        let links: Map<number, Link> | null = null;
        let droppedAt: number | null = null;
        const bot = botSeat(createBot('normal', seededDice(7)), seededDice(70), { deadlineMs: 60_000 });
        // Plays as a bot until its first reinforcement is due, then its process dies: every link
        // closes and the move never comes.
        const dies: Seat = {
          kind: 'bot',
          decide(state, player) {
            if (state.turn === 0 || state.current !== player) return bot.decide(state, player);
            droppedAt = Date.now();
            for (const link of links!.values()) link.close();
            return new Promise(() => {});
          },
        };
        const game = await startMemoryGame({
          players: 3,
          seed: 5,
          ackTimeoutMs: ACK_MS,
          moveTimeoutMs: MOVE_MS,
          seats: new Map([[DROPPER, dies]]),
          features: [...features],
          crash: {
            player: DROPPER,
            // Nothing leaves a dead process: its sends stop at once.
            links: (own) => {
              links = own;
              return new Map(
                [...own].map(([to, link]) => [to, withSend(link, (line) => droppedAt ?? link.send(line))]),
              );
            },
          },
        });
        const others = [0, 2];
        const { events } = game.finish();
        const seen = (peer: number) => {
          const texts = events[peer]!.flatMap((e) => (e.type === 'info' ? [e.text] : []));
          const neutral = events[peer]!.some((e) => e.type === 'neutral' && e.player === DROPPER);
          return { lost: texts.includes(`lost the connection to p${DROPPER}`), neutral };
        };
        for (let step = 0; step < 20_000 && !others.every((p) => seen(p).neutral); step++)
          await vi.advanceTimersByTimeAsync(50);
        game.stop();
        expect(droppedAt, 'the seat never had a move due').not.toBeNull();
        for (const peer of others) expect(seen(peer), `peer ${peer}`).toEqual({ lost: true, neutral: true });
        // Two stages of the vote, one acknowledgement timeout apart (and a spare one): not the move timeout.
        expect(Date.now() - droppedAt!).toBeLessThan(4 * ACK_MS);
      } finally {
        vi.useRealTimers();
      }
    },
    120_000,
  );
});
