import { describe, expect, it } from 'vitest';
import { winChances } from '../../src/ai/features.js';
import { chanceOf } from '../../src/ai/outlook.js';
import { rolledOver } from '../../src/ai/rival-rolls.js';
import { EVALUATIONS } from '../../src/ai/weights.js';
import type { Board } from '../../src/model/index.js';

/** A hand-made board: rival 1's stack on 0 faces our 1 (then 3 behind it) and rival 2's 2 (then 4). */
const board: Board = {
  territories: [0, 1, 2, 3, 4].map((id) => ({ id, name: `t${id}`, continent: 0, card: 0 as const })),
  adjacency: [[1, 2], [0, 3], [0, 4], [1], [2]],
  continents: [{ id: 0, name: 'all', value: 2, territories: [0, 1, 2, 3, 4] }],
  wildcards: 0,
  cardCount: 5,
};

const position = (ours: number) => ({
  board,
  owner: [1, 0, 2, 0, 2],
  armies: [8, ours, 2, 1, 2],
  cards: [0, 0, 0],
  active: [true, true, true],
  setsTraded: 0,
  toMove: 1,
});

describe("the rivals' rolls (the easy bot's rule)", () => {
  it('roll from the stack with most over its weakest neighbour, through the weakest territories while two up', () => {
    // Rival 1: 8 + 3 income; takes our 1 (weakest beside it) and 3 behind it. Rival 2's 2 + 3 cannot take 0.
    expect(rolledOver(position(1), 0)).toBe(2);
  });

  it('go to the other rival when our border is no longer the weakest', () => {
    expect(rolledOver(position(3), 0)).toBe(0);
  });

  it('count against our chance to win only when weighted', () => {
    const s = position(1);
    const chance = winChances(s, EVALUATIONS.three)[0]!;
    expect(chanceOf(s, 0, { weights: EVALUATIONS.three, rivalRolls: 0 })).toBe(chance);
    expect(chanceOf(s, 0, { weights: EVALUATIONS.three, rivalRolls: 0.5 })).toBeCloseTo(chance - (0.5 * 2) / 5, 12);
  });
});

describe("the gap between the rivals' chances (three players)", () => {
  it('counts against our chance by its weight', () => {
    const s = position(3);
    const chances = winChances(s, EVALUATIONS.three);
    const gap = Math.abs(chances[1]! - chances[2]!);
    expect(gap).toBeGreaterThan(0.01);
    expect(chanceOf(s, 0, { weights: EVALUATIONS.three, rivalRolls: 0, leaderGap: 0.15 })).toBeCloseTo(
      chances[0]! - 0.15 * gap,
      12,
    );
  });

  it('is not counted once a rival is out', () => {
    const s = { ...position(3), owner: [1, 0, 1, 0, 1], active: [true, true, false] };
    const chance = winChances(s, EVALUATIONS.three)[0]!;
    expect(chanceOf(s, 0, { weights: EVALUATIONS.three, rivalRolls: 0, leaderGap: 0.15 })).toBe(chance);
  });
});
