// The hard bot's rule for small stacks with three players: once the turn has its card, a stack of
// fewer than HARD.leastStack armies does not attack (a wall thinned by such attacks is what a
// rival's stack rolls through: +1.4 points in three-player tournaments, docs/bots.md).
import { describe, expect, it } from 'vitest';
import { HARD, hardBot } from '../../src/ai/hard.js';
import { classicBoard, type GameState, startGame } from '../../src/model/index.js';
import { seededDice } from '../../src/protocol/random.js';

const [centralAmerica, venezuela, peru, brazil, argentina, northAfrica] = [8, 9, 10, 11, 12, 20];

/**
 * Three players, our attack phase, 1 army a territory but 3 on Brazil: we hold the rest of South
 * America, Central America and North Africa; Argentina (player 1) would complete the continent.
 */
function southAmericaPosition(capturedThisTurn: boolean): GameState {
  const started = startGame(classicBoard(), { players: 3 });
  if (!started.ok) throw new Error(started.reason);
  const ours = new Set([centralAmerica, venezuela, peru, brazil, northAfrica]);
  const owner = started.value.owner.map((_, t) => (t === argentina ? 1 : ours.has(t) ? 0 : t % 3));
  const armies = owner.map((_, t) => (t === brazil ? 3 : 1));
  return { ...started.value, phase: 'attack', current: 0, turn: 10, owner, armies, toDeploy: 0, capturedThisTurn };
}

describe('the hard bot with three players', () => {
  it('attacks with a stack of 3 for the turn card', () => {
    const action = hardBot(seededDice(1)).decide(southAmericaPosition(false), 0);
    expect(action).toMatchObject({ command: 'attack', payload: [brazil, argentina, 2] });
  });

  it('does not once the turn has its card, which it would without the rule', () => {
    expect(HARD.leastStack.three).toBe(4);
    expect(hardBot(seededDice(1)).decide(southAmericaPosition(true), 0).command).toBe('fortify');
    const anyStack = hardBot(seededDice(1), { ...HARD, leastStack: {} });
    expect(anyStack.decide(southAmericaPosition(true), 0)).toMatchObject({
      command: 'attack',
      payload: [brazil, argentina, 2],
    });
  });
});
