// Rule options that each network profile plays by.
import type { GameOptions, OptionsInput } from '../model/index.js';

/**
 * The class implementations (cs3099-observed.md): 2 players get 40 armies and no neutral ('duel');
 * each traded card showing an own territory adds +2 to the armies to deploy, in every trade of a
 * turn (seen in the recorded games); after an elimination any sets that leave 4 or fewer may be
 * traded; fortify between neighbours; forced trade at 5 cards; escalating set values; world
 * domination; no card is drawn once the pile is empty (their protocol has no reshuffle round, and
 * the recordings draw none). The territory-card bonus is read two ways by class implementations:
 * see CARD_BONUS_READINGS (the star session accepts either).
 */
export const CS3099_RULES: Omit<OptionsInput, 'players'> = {
  twoPlayer: 'duel',
  variant: 'domination',
  cardValues: 'escalating',
  territoryBonus: 'deploy',
  territoryBonusCards: 'each',
  territoryBonusPerTurn: 'any',
  eliminationTrade: 'any',
  fortify: 'adjacent',
  forcedTradeAt: 5,
  emptyDeck: 'none',
};

/**
 * The two readings of the +2 for a traded card showing a territory the trader occupies, one per
 * class implementation seen (protocol-spec/cs3099.md, Rules), both added to the armies to deploy:
 * 'pool', the recorded 2015 peer's, +2 per such card, in every trade; 'rulebook', the 1993 text in
 * seed 001's appendix that a second implementation follows, +2 once a turn at most, for one such
 * card (the text has them placed on that territory: our own deploys do so, and we do not require
 * it of others). A trade showing one occupied territory, the turn's first, reads the same in both.
 */
export type CardBonusReading = 'pool' | 'rulebook';

export const CARD_BONUS_READINGS: Readonly<
  Record<CardBonusReading, Pick<GameOptions, 'territoryBonus' | 'territoryBonusCards' | 'territoryBonusPerTurn'>>
> = {
  pool: { territoryBonus: 'deploy', territoryBonusCards: 'each', territoryBonusPerTurn: 'any' },
  rulebook: { territoryBonus: 'deploy', territoryBonusCards: 'one', territoryBonusPerTurn: 'one' },
};
