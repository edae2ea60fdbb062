// When a reveal may go out ahead of its round (early_reveals, protocol-spec/native.md, Early
// reveals): only for a neutral defender, by the attacker at once, by anyone else once the attack
// is settled, and only when every participant's chain covers the round.
import { describe, expect, it } from 'vitest';
import { type EarlyRevealView, earlyRevealDue } from '../../src/core/native/early-reveal.js';

const TIPS: Record<number, string> = { 0: 'aa'.repeat(32), 1: 'bb'.repeat(32), 2: 'cc'.repeat(32) };

/** Player 1 attacked the neutral player 3 at point 40; the defend (point 41) rolls round 43. */
const view = (change: Partial<EarlyRevealView> = {}): EarlyRevealView => ({
  me: 1,
  awaited: 3,
  awaitedNeutral: true,
  lastAuthor: 1,
  settled: false,
  settledBefore: true,
  roundId: 43,
  participants: [0, 1, 2],
  tipOf: (player) => TIPS[player],
  ...change,
});

describe('earlyRevealDue', () => {
  it('lets the attacker reveal with its attack on a neutral defender, naming every participant’s tip', () => {
    expect(earlyRevealDue(view())).toEqual({
      round: 43,
      named: [
        [0, TIPS[0]],
        [1, TIPS[1]],
        [2, TIPS[2]],
      ],
    });
  });

  it('never before the defend of a defender that chooses its dice, settled or not', () => {
    expect(earlyRevealDue(view({ awaitedNeutral: false }))).toBeNull();
    expect(earlyRevealDue(view({ awaitedNeutral: false, settled: true }))).toBeNull();
    expect(earlyRevealDue(view({ me: 2, awaited: 2, awaitedNeutral: false, settled: true }))).toBeNull();
  });

  it('lets another participant reveal only once the attack is settled', () => {
    expect(earlyRevealDue(view({ me: 0 }))).toBeNull();
    expect(earlyRevealDue(view({ me: 0, settled: true }))?.round).toBe(43);
    // After a neutralisation (no author) the attacker too waits for it to settle.
    expect(earlyRevealDue(view({ lastAuthor: -1 }))).toBeNull();
  });

  it('pipelining: not for an attack built on an entry not yet settled, by the attacker either', () => {
    expect(earlyRevealDue(view({ settledBefore: false }))).toBeNull();
    expect(earlyRevealDue(view({ me: 0, settledBefore: false }))).toBeNull();
  });

  it('not when a draw is due, for a peer out of the round, or when a chain does not cover the round', () => {
    expect(earlyRevealDue(view({ awaited: null }))).toBeNull();
    expect(earlyRevealDue(view({ me: 4, settled: true }))).toBeNull();
    expect(earlyRevealDue(view({ tipOf: (player) => (player === 2 ? undefined : TIPS[player]) }))).toBeNull();
  });
});
