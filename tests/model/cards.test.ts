import { describe, expect, it } from 'vitest';
import { cardType, classicBoard, isValidSet, setsInHand, setValue, WILDCARD } from '../../src/model/index.js';

const board = classicBoard();
// One card of each kind: Central America (8) infantry, Venezuela (9) cavalry, Alaska (0) artillery, 42 wild.
const [inf, cav, art, wild] = [8, 9, 0, 42];

describe('cards', () => {
  it('card i shows territory i with its type; 42 and 43 are wildcards', () => {
    expect([cardType(board, inf), cardType(board, cav), cardType(board, art)]).toEqual([0, 1, 2]);
    expect(cardType(board, 42)).toBe(WILDCARD);
    expect(cardType(board, 43)).toBe(WILDCARD);
  });

  it('set values: 4, 6, 8, 10, 12, 15, then +5 (0, 5 and 6 sets traded before: 4, 15, 20)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(setValue)).toEqual([4, 6, 8, 10, 12, 15, 20, 25]);
  });

  it('accepts three of a kind, one of each, and two plus a wildcard', () => {
    expect(isValidSet(board, [8, 11, 12])).toBe(true); // three infantry
    expect(isValidSet(board, [inf, cav, art])).toBe(true);
    expect(isValidSet(board, [inf, inf + 3, wild])).toBe(true);
    expect(isValidSet(board, [inf, cav, wild])).toBe(true);
    expect(isValidSet(board, [inf, 42, 43])).toBe(true);
  });

  it('refuses every invalid triple of the 44 cards', () => {
    // Independent definition: by counts of each type.
    const valid = (cards: number[]) => {
      const types = cards.map((c) => cardType(board, c));
      const wilds = types.filter((t) => t === WILDCARD).length;
      const kinds = new Set(types.filter((t) => t !== WILDCARD)).size;
      return wilds > 0 || kinds === 1 || kinds === 3;
    };
    let invalid = 0;
    for (let a = 0; a < 44; a++)
      for (let b = a + 1; b < 44; b++)
        for (let c = b + 1; c < 44; c++) {
          expect(isValidSet(board, [a, b, c])).toBe(valid([a, b, c]));
          if (!valid([a, b, c])) invalid++;
        }
    expect(invalid).toBeGreaterThan(0);
  });

  it('refuses malformed triples: repeated, unknown or too few cards', () => {
    expect(isValidSet(board, [inf, inf, inf])).toBe(false);
    expect(isValidSet(board, [inf, cav, 44])).toBe(false);
    expect(isValidSet(board, [inf, cav])).toBe(false);
    expect(isValidSet(board, [inf, cav, art, wild])).toBe(false);
  });

  it('fewer than three cards form no set; five always form one', () => {
    expect(setsInHand(board, [inf, cav])).toEqual([]);
    expect(setsInHand(board, [inf, 11, cav, 10, art]).length).toBeGreaterThan(0);
  });
});
