// The two readings of the territory-card bonus on the cs3099 profile (protocol-spec/cs3099.md,
// Rules): a trade both readings judge alike needs nothing; after one they judge differently (it
// shows two occupied territories, or it is the turn's second with one), the trader's deploy shows
// which one it follows (its sum differs by the +2s). Pure functions over the
// game state, shared by the star replica and the spectator audit of class recordings.
import { type Action, apply, CHECK_DICE, type GameState } from '../../model/index.js';
import { CARD_BONUS_READINGS, type CardBonusReading } from '../../protocol/profiles.js';

/** The reading a game state's options play. */
export function readingOf(state: GameState): CardBonusReading {
  return state.options.territoryBonusCards === 'one' ? 'rulebook' : 'pool';
}

export function otherReading(reading: CardBonusReading): CardBonusReading {
  return reading === 'pool' ? 'rulebook' : 'pool';
}

/** The same game under `reading`. */
export function withReading(state: GameState, reading: CardBonusReading): GameState {
  return readingOf(state) === reading
    ? state
    : { ...state, options: { ...state.options, ...CARD_BONUS_READINGS[reading] } };
}

/** The trade under the state's own reading and under the other one. */
function underBoth(before: GameState, trade: Action) {
  return {
    own: apply(before, trade, CHECK_DICE),
    other: apply(withReading(before, otherReading(readingOf(before))), trade, CHECK_DICE),
  };
}

/**
 * The trade applied under the other reading, when that leaves a different number of armies to
 * deploy than under the state's own (a traded card shows a territory the trader occupies); null
 * when both readings judge the trade alike, or the other one refuses it.
 */
export function tradeUnderOtherReading(before: GameState, trade: Action): GameState | null {
  if (trade.command !== 'play_cards' || trade.payload === null) return null;
  const { own, other } = underBoth(before, trade);
  if (!other.ok) return null;
  return own.ok && own.state.toDeploy === other.state.toDeploy ? null : other.state;
}

/** Whether both readings take `trade` and leave the same armies to deploy (no traded card shows an occupied territory). */
export function readingsAgree(before: GameState, trade: Action): boolean {
  const { own, other } = underBoth(before, trade);
  return own.ok && other.ok && own.state.toDeploy === other.state.toDeploy;
}

/** Occupied territories a trade's cards show: more than one, and the two readings' +2s differ. */
export function occupiedShown(state: GameState, trade: Action): number {
  if (trade.command !== 'play_cards' || trade.payload === null) return 0;
  return trade.payload.cards.flat().filter((c) => c < state.owner.length && state.owner[c] === trade.player).length;
}

export function describeReading(reading: CardBonusReading): string {
  return reading === 'pool'
    ? 'the first class peer’s reading: +2 per traded card showing an occupied territory, added to the armies to deploy'
    : 'the rulebook’s reading: +2 once a turn for a traded card showing an occupied territory';
}
