// Each cheat of the native-networking issue, by a test-only adversary: every honest peer names
// the offender and the reason, and the game goes on to a winner.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { startLoopbackGame } from '../../src/controller/loopback-game.js';
import { botSeat } from '../../src/ai/seat.js';
import { stateHash, type SessionEvent } from '../../src/controller/session.js';
import { seededDice } from '../../src/protocol/random.js';
import { adversaryLinks, CHEATS, type Cheat } from './adversary.js';

const expected: Record<Cheat, RegExp> = {
  'bad-reveal': /revealed a dice number that does not match its commitment/,
  'copied-commitment': /copied player \d's dice commitment/,
  'never-reveals': /did not reveal its dice number/,
  'illegal-action': /illegal attack: attack: source and target are the same territory/,
  'out-of-turn': /sent fortify out of turn/,
  impersonation: /claiming to be player/,
  equivocation: /sent different moves \d+ to different players/,
};

describe('cheating peers are expelled and the game goes on', () => {
  it.each(CHEATS)('%s', async (cheat) => {
    const adversary = 1;
    const events: SessionEvent[][] = [[], [], []];
    const game = await startLoopbackGame(
      [0, 1, 2].map((i) => ({
        name: i === adversary ? 'mallory' : `honest${i}`,
        seat: botSeat(createBot('normal', seededDice(40 + i)), seededDice(i), { deadlineMs: 5000 }),
        ...(i === adversary ? { wrapLinks: (links: Map<number, import('../../src/controller/net/link.js').Link>) => adversaryLinks(cheat, adversary, links) } : {}),
      })),
      { ackTimeoutMs: 4000, moveTimeoutMs: 8000, onEvent: (peer, event) => events[peer]!.push(event) },
    );
    try {
      const honest = await Promise.all([game.each[0]!, game.each[2]!]);
      for (const [i, result] of [[0, honest[0]!], [2, honest[1]!]] as const) {
        const named = events[i]!.find((e) => e.type === 'violation' && e.player === adversary);
        expect(named, `peer ${i} events: ${JSON.stringify(events[i]!.filter((e) => e.type !== 'game').slice(0, 5))}`).toBeDefined();
        expect(named!.type === "violation" && named!.reason, `peer ${i}: ${JSON.stringify(events[i]!.filter((e) => e.type !== "game").slice(0, 4))}`).toMatch(expected[cheat]);
        expect(result.state.players[adversary]!.neutral).toBe(true);
        expect(result.winner).not.toBeNull();
        expect(result.winner).not.toBe(adversary);
      }
      expect(stateHash(honest[0]!.state)).toBe(stateHash(honest[1]!.state));
    } finally {
      await game.stop();
    }
  }, 120_000);
});
