// This peer's own moves on the cs3099 profile (src/core/star/own-move.ts): moves every other
// peer can follow while it is unknown whether they follow the class card-draw quirk and which
// reading of the territory-card bonus they play. Hands are made up; player 0 holds the even
// territories (midGame's default), so cards 0, 2, 8, 10 and 12 show its own territories.
import { describe, expect, it } from 'vitest';
import { readingsAgree } from '../../src/core/star/card-bonus.js';
import { bonusPlaced, decisionView, ownTrade, tradesOf } from '../../src/core/star/own-move.js';
import { type Action, apply, CHECK_DICE, type GameState } from '../../src/model/index.js';
import { CS3099_RULES } from '../../src/protocol/profiles.js';
import { midGame } from '../helpers.js';

const game = (hand: number[], extra: Partial<GameState> = {}): GameState => ({
  ...midGame({ phase: 'cards', hands: { 0: hand }, toDeploy: 3, options: { ...CS3099_RULES } }),
  ...extra,
});
const trade = (...sets: number[][]): Action => ({
  command: 'play_cards',
  player: 0,
  payload: sets.length === 0 ? null : { cards: sets as [number, number, number][] },
});
const legal = (state: GameState, action: Action) => apply(state, action, CHECK_DICE).ok;
const open = { selfAckers: false, readingOpen: true };
const known = { selfAckers: false, readingOpen: false };

describe('the game a seat decides on', () => {
  const rules = game([8, 9], { phase: 'attack' });
  // Under the quirk, the cards of a beaten player made a trade due: the same turn, another phase.
  const quirk = game([8, 9, 0, 3, 11, 12], { eliminationTrade: true });

  it('is the quirk’s view when that puts this peer elsewhere in its turn and the 2015 peer is in the game', () => {
    expect(decisionView({ state: rules, quirk }, 0, true)).toBe(quirk);
    expect(decisionView({ state: rules, quirk }, 0, false)).toBe(rules);
    expect(decisionView({ state: rules, quirk: null }, 0, true)).toBe(rules);
    expect(decisionView({ state: game([8, 9]), quirk: game([8, 9, 0]) }, 0, true).players[0]!.cards).toEqual([8, 9]);
  });
});

describe('a trade both draw views take', () => {
  it('is the seat’s when both take it, else another of the cards held in both', () => {
    const rules = game([8, 9, 0, 11]);
    const quirk = game([8, 9, 0, 24]);
    expect(ownTrade({ state: rules, quirk }, 0, trade([0, 8, 9]), known).action).toEqual(trade([0, 8, 9]));
    // The seat's set holds 11, which the quirk dealt elsewhere: no trade (it need not).
    expect(ownTrade({ state: rules, quirk }, 0, trade([0, 9, 11]), known).action).toEqual(trade());
  });

  it('when the rules force a trade the quirk does not, and no set is held in both: none, as the 2015 peer sees it', () => {
    const rules = game([8, 9, 0, 3, 11]);
    const quirk = game([8, 24]);
    const seat = trade([0, 9, 11]);
    const with2015 = ownTrade({ state: rules, quirk }, 0, seat, { ...open, selfAckers: true });
    expect(with2015.action).toEqual(trade());
    expect(legal(quirk, with2015.action)).toBe(true);
    expect(with2015.notes).toEqual([
      'no card trade is legal in both draw models; trading as the class card-draw quirk has it',
    ]);
    // Without the 2015 peer in the game, by the rules.
    expect(ownTrade({ state: rules, quirk }, 0, seat, open).action).toEqual(seat);
  });

  it('when the quirk’s view holds a beaten player’s cards too: two sets at once, down to 4 cards', () => {
    const rules = game([8, 9, 0, 3, 11], { eliminationTrade: true });
    const quirk = game([1, 5, 12, 13, 14, 16, 17, 18], { eliminationTrade: true });
    const done = ownTrade({ state: rules, quirk }, 0, trade([0, 9, 11]), { ...open, selfAckers: true });
    expect(done.action.command === 'play_cards' && done.action.payload?.cards).toHaveLength(2);
    expect(legal(quirk, done.action)).toBe(true);
  });
});

describe('a trade both card-bonus readings take', () => {
  it('while no deploy has shown the reading: a set showing at most one of its territories, or none', () => {
    // The seat's set shows 0 and 8: +4 to deploy in the first class peer's reading, +2 in the rulebook's.
    const state = game([8, 9, 0, 3, 11]);
    const done = ownTrade({ state, quirk: null }, 0, trade([0, 8, 9]), open);
    expect(done.action).toEqual(trade([0, 9, 11]));
    expect(readingsAgree(state, done.action)).toBe(true);
    expect(done.reading).toBeNull();
    // Not forced to trade: none.
    expect(ownTrade({ state: game([8, 9, 0]), quirk: null }, 0, trade([0, 8, 9]), open).action).toEqual(trade());
    // Once a deploy has shown it, the seat's trade stands.
    expect(ownTrade({ state, quirk: null }, 0, trade([0, 8, 9]), { ...open, readingOpen: false }).action).toEqual(
      trade([0, 8, 9]),
    );
  });

  it('when every set tells them apart: the 2015 peer’s reading if it is in the game, else the rulebook’s', () => {
    // Five cards, all of its own territories (0 A, 2 C, 8 I, 10 C, 12 I): a trade is due.
    const state = game([0, 2, 8, 10, 12]);
    const seat = trade([0, 2, 8]);
    expect(ownTrade({ state, quirk: null }, 0, seat, open)).toMatchObject({ action: seat, reading: 'rulebook' });
    expect(ownTrade({ state, quirk: null }, 0, seat, { ...open, selfAckers: true })).toMatchObject({
      action: seat,
      reading: 'pool',
    });
  });
});

describe('a deploy after a trade that earned the +2', () => {
  const state = game([], { phase: 'deploy', toDeploy: 5 });

  it('places 2 of its armies on the territory that earned them, taken from the other entries', () => {
    const deploy: Action = {
      command: 'deploy',
      player: 0,
      payload: [
        [10, 4],
        [4, 1],
      ],
    };
    expect(bonusPlaced(state, deploy, 2)).toEqual({
      ...deploy,
      payload: [
        [10, 2],
        [4, 1],
        [2, 2],
      ],
    });
    expect(bonusPlaced(state, deploy, null)).toBe(deploy);
    // Already there.
    const there: Action = { command: 'deploy', player: 0, payload: [[2, 5]] };
    expect(bonusPlaced(state, there, 2)).toBe(there);
  });
});

describe('the trades a hand allows', () => {
  it('each set, each two disjoint sets, and three from a hand of 11 or more', () => {
    expect(tradesOf(game([]).board, [8, 9, 0])).toEqual([[[0, 8, 9]]]);
    const six = tradesOf(game([]).board, [8, 9, 0, 3, 11, 13]);
    expect(six.filter((t) => t.length === 2)).toContainEqual([
      [0, 8, 9],
      [3, 11, 13],
    ]);
    expect(six.every((t) => t.length <= 2)).toBe(true);
    const eleven = tradesOf(game([]).board, [8, 9, 0, 3, 11, 13, 5, 12, 17, 4, 14]);
    expect(eleven).toContainEqual([
      [0, 8, 9],
      [3, 11, 13],
      [5, 12, 17],
    ]);
  });
});
