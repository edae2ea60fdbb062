// Risk cards: card i < territory count shows territory i; the last cards are wildcards.
import type { Board } from './board.js';

export const WILDCARD = 3;

/** The type of a card: 0 infantry, 1 cavalry, 2 artillery, or WILDCARD. */
export function cardType(board: Board, card: number): number {
  return card < board.territories.length ? board.territories[card]!.card : WILDCARD;
}

export function isCard(board: Board, card: number): boolean {
  return Number.isInteger(card) && card >= 0 && card < board.cardCount;
}

/** Three of one type, one of each type, or any two plus a wildcard. */
export function isValidSet(board: Board, cards: readonly number[]): boolean {
  if (cards.length !== 3 || !cards.every((c) => isCard(board, c)) || new Set(cards).size !== 3) return false;
  const types = cards.map((c) => cardType(board, c));
  if (types.includes(WILDCARD)) return true;
  const distinct = new Set(types).size;
  return distinct === 1 || distinct === 3;
}

/** Armies for the next set, given how many sets were traded before in the whole game: 4, 6, 8, 10, 12, 15, then +5. */
export function setValue(setsTradedBefore: number): number {
  if (setsTradedBefore < 5) return 4 + 2 * setsTradedBefore;
  return 15 + 5 * (setsTradedBefore - 5);
}

/** The fixed house-rule values: three infantry 6, cavalry 8, artillery 10, one of each 10. */
export const FIXED_SET_VALUES: readonly number[] = [6, 8, 10];
export const FIXED_MIXED_SET_VALUE = 10;

/**
 * Fixed value of a valid set. A wildcard stands for whatever card makes the set worth most:
 * two alike and a wildcard are three of that type; two different types and a wildcard, one of each.
 */
export function fixedSetValue(board: Board, cards: readonly number[]): number {
  const types = cards.map((c) => cardType(board, c)).filter((t) => t !== WILDCARD);
  const kinds = new Set(types);
  if (kinds.size === 1 && types.length === 3) return FIXED_SET_VALUES[types[0]!]!;
  if (kinds.size === 1 && types.length === 2) return FIXED_SET_VALUES[types[0]!]!;
  return FIXED_MIXED_SET_VALUE;
}

/** Armies a set yields under the game's card values ('escalating' by sets traded before, or 'fixed'). */
export function tradeValue(
  board: Board,
  cardValues: 'escalating' | 'fixed',
  setsTradedBefore: number,
  cards: readonly number[],
): number {
  return cardValues === 'fixed' ? fixedSetValue(board, cards) : setValue(setsTradedBefore);
}

/** Every valid set that can be formed from a hand, each as ascending card ids. */
export function setsInHand(board: Board, hand: readonly number[]): number[][] {
  const sorted = [...hand].sort((a, b) => a - b);
  const sets: number[][] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      for (let k = j + 1; k < sorted.length; k++) {
        const set = [sorted[i]!, sorted[j]!, sorted[k]!];
        if (isValidSet(board, set)) sets.push(set);
      }
    }
  }
  return sets;
}
