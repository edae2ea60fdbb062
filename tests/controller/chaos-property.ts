// What the chaos properties draw: the rates of each misbehaviour (tests/controller/chaos.ts) and
// the table sizes, shared by the classic and RISC properties.
import fc from 'fast-check';
import type { ChaosRates } from './chaos.js';

/** A rate for one kind of misbehaviour: none, rare, sometimes or often. */
const rate = fc.constantFrom(0, 0.002, 0.01, 0.05);

export const chaosRates: fc.Arbitrary<ChaosRates> = fc.record({
  drop: rate,
  delay: rate,
  duplicate: rate,
  reorder: rate,
  corrupt: rate,
  equivocate: rate,
  spoof: rate,
});

/** A game's seed and its number of players. */
export const chaosSeed = fc.integer({ min: 1, max: 2 ** 31 - 1 });
export const chaosPlayers = fc.integer({ min: 2, max: 4 });

/** No misbehaviour: the base of the fixed cases. */
export const NO_CHAOS: ChaosRates = {
  drop: 0,
  delay: 0,
  duplicate: 0,
  reorder: 0,
  corrupt: 0,
  equivocate: 0,
  spoof: 0,
};
