// The rogue attacks that need what the default game does not use (rogue.test.ts plays every attack
// in the default game): a commitment per dice round, and lockstep (a file of its own: the suite
// runs files side by side).
import { describe, it } from 'vitest';
import { PER_ROUND_DICE } from './mesh-game.js';
import type { Attack } from './rogue.js';
import { attackGame } from './rogue-attack.js';

/**
 * With a commitment per round (no dice_chains): two commitments for one round, a copied one and a
 * reveal that does not match it (the rules of Bound commitments and Handling dice lines, which a
 * native peer that lists no dice chains plays). Lockstep (no pipelining, as `risk bot --lockstep`
 * plays): a second move for one point, taken back where it can have settled nowhere, or put a point
 * later where it may have.
 */
const OLDER_FEATURES: readonly Attack[] = [
  'two-commitments',
  'copied-commitment',
  'bad-reveal',
  'equivocation',
  'late-equivocation',
];

describe('with a commitment per dice round, in lockstep', () => {
  it.each(OLDER_FEATURES)('%s', (attack) => attackGame(attack, PER_ROUND_DICE), 600_000);
});
