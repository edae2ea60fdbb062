// Rule options that each network profile plays by.
import type { OptionsInput } from '../model/index.js';

/**
 * The class implementations (cs3099-observed.md): 2 players get 40 armies and no neutral ('duel');
 * each traded card showing an own territory adds +2 to the armies to deploy, in every trade of a
 * turn (seen in the recorded games); after an elimination any sets that leave 4 or fewer may be
 * traded; fortify between neighbours; forced trade at 5 cards; escalating set values; world
 * domination; no card is drawn once the pile is empty (their protocol has no reshuffle round, and
 * the recordings draw none).
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
