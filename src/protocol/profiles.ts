// Rule options that each network profile plays by.
import type { OptionsInput } from '../model/index.js';

/**
 * The class implementations (cs3099-observed.md): 2 players get 40 armies and no neutral (the
 * model's default); each traded card showing an own territory adds +2 to the armies to deploy
 * (seen in the recorded games); fortify between neighbours; forced trade at 5 cards; no card is
 * drawn once the pile is empty (their protocol has no reshuffle round, and the recordings draw none).
 */
export const CS3099_RULES: Omit<OptionsInput, 'players'> = {
  territoryBonus: 'deploy',
  territoryBonusCards: 'each',
  fortify: 'adjacent',
  forcedTradeAt: 5,
  emptyDeck: 'none',
};
