// Which card sets to trade. Shared by the bots: they differ in when they trade, not in how.
import {
  type Action,
  cardType,
  type GameState,
  handLimitFor,
  mayTradeAnother,
  setsInHand,
  WILDCARD,
} from '../model/index.js';

/** How much the bot wants a +2 territory bonus on each territory (higher: better place for armies). */
export type BonusPreference = (territory: number) => number;

/**
 * The sets to trade. `extra`: trade every set the hand allows ('all'), only what the hand limit forces
 * ('forced'), or at most one optional set ('one'). Each set is ordered so that its best bonus card comes
 * first (the rules give the +2 for the first owned territory sent).
 */
export function chooseSets(
  state: GameState,
  player: number,
  extra: 'all' | 'forced' | 'one',
  prefer: BonusPreference = () => 0,
): number[][] {
  let hand = [...state.players[player]!.cards];
  const limit = handLimitFor(state, player);
  const sets: number[][] = [];
  for (;;) {
    const forced = limit !== null && hand.length > limit;
    if (!forced && (extra === 'forced' || (extra === 'one' && sets.length > 0) || !mayTradeAnother(state, hand.length)))
      break;
    const available = setsInHand(state.board, hand);
    if (available.length === 0) break;
    let best = available[0]!;
    let bestScore = -Infinity;
    for (const set of available) {
      const score = setScore(state, player, set, prefer);
      if (score > bestScore) {
        bestScore = score;
        best = set;
      }
    }
    sets.push(orderForBonus(state, player, best, prefer));
    hand = hand.filter((c) => !best.includes(c));
  }
  return sets;
}

export function tradeAction(player: number, sets: number[][]): Action {
  return { command: 'play_cards', player, payload: sets.length > 0 ? { cards: sets, armies: -1 } : null };
}

/** Whether the player holds a tradable set. */
export function canTrade(state: GameState, player: number): boolean {
  return setsInHand(state.board, state.players[player]!.cards).length > 0;
}

function setScore(state: GameState, player: number, set: readonly number[], prefer: BonusPreference): number {
  let score = 0;
  let bonus = -Infinity;
  for (const card of set) {
    if (cardType(state.board, card) === WILDCARD)
      score -= 1.5; // a wildcard completes any later set: keep it
    else if (state.owner[card] === player) bonus = Math.max(bonus, 2 + prefer(card));
  }
  return score + (bonus === -Infinity ? 0 : bonus);
}

function orderForBonus(state: GameState, player: number, set: readonly number[], prefer: BonusPreference): number[] {
  const value = (card: number) =>
    card < state.owner.length && state.owner[card] === player ? 1 + prefer(card) : -Infinity;
  return [...set].sort((a, b) => value(b) - value(a) || a - b);
}
