// The two readings of the territory-card bonus on the cs3099 profile (src/controller/core/card-bonus.ts):
// the first class peer's +2 per card showing an occupied territory, in every trade, and the
// rulebook's +2 once a turn, which a second class implementation plays.
import { describe, expect, it } from 'vitest';
import {
  occupiedShown,
  readingOf,
  readingsAgree,
  tradeUnderOtherReading,
  withReading,
} from '../../src/controller/core/card-bonus.js';
import { type Action, apply, CHECK_DICE, type GameState } from '../../src/model/index.js';
import { CARD_BONUS_READINGS, CS3099_RULES } from '../../src/protocol/profiles.js';
import { midGame } from '../helpers.js';

// Player 0 holds the even territories (midGame's default owner: t % 2). Cards 8 (infantry) and 0
// (artillery) show own territories; 9 (cavalry), 11 (infantry) and 3 (artillery) show player 1's.
const cardsPhase = (hand: number[], extra: Partial<GameState> = {}): GameState => ({
  ...midGame({ phase: 'cards', hands: { 0: hand }, toDeploy: 3, options: { ...CS3099_RULES } }),
  ...extra,
});
const trade = (cards: [number, number, number]): Action => ({
  command: 'play_cards',
  player: 0,
  payload: { cards: [cards] },
});
const deployDue = (state: GameState, action: Action) => {
  const result = apply(state, action, CHECK_DICE);
  if (!result.ok) throw new Error(result.reason);
  return result.state.toDeploy;
};

describe('the two card-bonus readings', () => {
  const pool = cardsPhase([8, 9, 0, 3, 11]);
  const rulebook = withReading(pool, 'rulebook');

  it('the cs3099 rules play the first class peer’s reading; either can be put on a game', () => {
    expect(readingOf(pool)).toBe('pool');
    expect(readingOf(rulebook)).toBe('rulebook');
    expect(rulebook.options).toMatchObject(CARD_BONUS_READINGS.rulebook);
    expect(withReading(rulebook, 'pool').options).toEqual(pool.options);
  });

  it('a set showing no occupied territory, or one, reads the same in both: nothing to tell apart', () => {
    for (const cards of [
      [9, 11, 3],
      [8, 9, 3],
    ] as [number, number, number][]) {
      expect(readingsAgree(pool, trade(cards))).toBe(true);
      expect(tradeUnderOtherReading(pool, trade(cards))).toBeNull();
      expect(deployDue(pool, trade(cards))).toBe(deployDue(rulebook, trade(cards)));
    }
    expect(deployDue(pool, trade([8, 9, 3]))).toBe(3 + 4 + 2);
    expect(occupiedShown(pool, trade([8, 9, 3]))).toBe(1);
  });

  it('a set showing two occupied territories: +4 to deploy in the first peer’s reading, +2 in the rulebook’s', () => {
    const both = trade([8, 9, 0]);
    expect(occupiedShown(pool, both)).toBe(2);
    expect(readingsAgree(pool, both)).toBe(false);
    expect(deployDue(pool, both)).toBe(3 + 4 + 4);
    expect(deployDue(rulebook, both)).toBe(3 + 4 + 2);
    // The other reading's game, from either side.
    expect(tradeUnderOtherReading(pool, both)!.toDeploy).toBe(3 + 4 + 2);
    expect(tradeUnderOtherReading(rulebook, both)!.toDeploy).toBe(3 + 4 + 4);
  });

  it('a turn’s second trade showing an occupied territory: +2 again in the first peer’s reading, nothing in the rulebook’s', () => {
    const again = cardsPhase([8, 9, 3], { bonusThisTurn: true });
    expect(readingsAgree(again, trade([8, 9, 3]))).toBe(false);
    expect(deployDue(again, trade([8, 9, 3]))).toBe(3 + 4 + 2);
    expect(deployDue(withReading(again, 'rulebook'), trade([8, 9, 3]))).toBe(3 + 4);
  });

  it('no trade, or one the other reading refuses, has nothing to tell apart', () => {
    const none: Action = { command: 'play_cards', player: 0, payload: null };
    const three = cardsPhase([8, 9, 0]);
    expect(readingsAgree(three, none)).toBe(true);
    expect(tradeUnderOtherReading(three, none)).toBeNull();
    // With five cards a trade is due: no trade is refused in both readings.
    expect(readingsAgree(pool, none)).toBe(false);
    // Claimed armies that only the first peer's reading yields.
    const claimed: Action = { command: 'play_cards', player: 0, payload: { cards: [[8, 9, 0]], armies: 8 } };
    expect(apply(pool, claimed, CHECK_DICE).ok).toBe(true);
    expect(tradeUnderOtherReading(pool, claimed)).toBeNull();
    expect(readingsAgree(pool, claimed)).toBe(false);
  });
});
