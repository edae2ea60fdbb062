// The one commit-reveal dice round (src/core/dice-round.ts) that the native replica, the
// star replica and the spectator audit share: its checks, a player dropped mid-round, and the dice
// each profile draws from the combined numbers.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CS3099_ROUNDS, DiceRound, roundProfile } from '../../src/core/dice-round.js';
import { boundCommitment, bytesToHex, combineNumbers, commitment } from '../../src/protocol/commitment.js';
import { cs3099Dice, hashChainStream, mersenneStream, uniformDice, wordsFromBytes } from '../../src/protocol/random.js';

const number = (label: string) => Uint8Array.from(createHash('sha256').update(label).digest());
const faces = (dice: { die(): number }) => Array.from({ length: 12 }, () => dice.die());

describe('a cs3099 round', () => {
  const [a, b, c] = [number('a'), number('b'), number('c')];

  function round(mine: Uint8Array | null = a) {
    const r = new DiceRound(CS3099_ROUNDS, -1, [0, 1, 2], mine);
    r.commitMine(0, () => 'hash line of 0');
    return r;
  }

  it('commits, reveals once every commitment is in, and rolls the XOR of the numbers', () => {
    const r = round();
    expect(r.dueToReveal).toBe(false);
    expect(r.missing()).toEqual([1, 2]);
    expect(r.commit(1, commitment(b), 'h1')).toEqual({ ok: true });
    expect(r.commit(2, commitment(c), 'h2')).toEqual({ ok: true });
    expect(r.allCommitted).toBe(true);
    expect(r.dueToReveal).toBe(true);
    expect(r.revealMine(0, (hex) => `number line ${hex}`)).toBe(bytesToHex(a));
    expect(r.numbers.get(0)!.line).toBe(`number line ${bytesToHex(a)}`);
    expect(r.missing()).toEqual([1, 2]);
    expect(r.reveal(1, bytesToHex(b), 'n1')).toEqual({ ok: true });
    expect(r.complete).toBe(false);
    expect(r.reveal(2, bytesToHex(c), 'n2')).toEqual({ ok: true });
    expect(r.complete).toBe(true);
    expect(r.stepNumbers().map(([p]) => p)).toEqual([0, 1, 2]);
    expect(faces(r.dice())).toEqual(faces(cs3099Dice(hashChainStream(combineNumbers([a, b, c])))));
  });

  it('refuses a second commitment, a copied one, an early reveal, a second and a false one, with reasons', () => {
    const r = round();
    expect(r.commit(3, commitment(b), 'x')).toMatchObject({ ok: false, why: 'not-taking-part' });
    expect(r.commit(1, commitment(a), 'copy')).toEqual({
      ok: false,
      why: 'copied',
      from: 0,
      reason: "copied player 0's dice commitment",
    });
    expect(r.commit(1, commitment(b), 'h1')).toEqual({ ok: true });
    expect(r.commit(1, commitment(c), 'again')).toMatchObject({
      ok: false,
      why: 'second',
      reason: 'sent a second dice commitment in one round',
    });
    expect(r.reveal(1, bytesToHex(b), 'early')).toMatchObject({
      ok: false,
      why: 'early',
      reason: 'revealed its dice number before every commitment was in',
    });
    expect(r.commit(2, commitment(c), 'h2')).toEqual({ ok: true });
    expect(r.reveal(2, bytesToHex(b), 'false')).toMatchObject({
      ok: false,
      why: 'mismatch',
      reason: 'revealed a dice number that does not match its commitment',
    });
    expect(r.reveal(2, bytesToHex(c), 'n2')).toEqual({ ok: true });
    expect(r.reveal(2, bytesToHex(c), 'n2 again')).toMatchObject({
      ok: false,
      why: 'second',
      reason: 'revealed a second dice number in one round',
    });
  });

  it('a commitment copied and allowed is caught at its reveal', () => {
    const r = round();
    expect(r.commit(1, commitment(a), 'copy', 'allow')).toEqual({ ok: true });
    r.commit(2, commitment(c), 'h2');
    expect(r.reveal(1, bytesToHex(b), 'n1')).toMatchObject({ ok: false, why: 'copied', from: 0 });
  });

  it('goes on without a player dropped mid-round, and a mute round makes no number of its own', () => {
    const r = round();
    r.commit(1, commitment(b), 'h1');
    r.drop(2);
    expect(r.participants).toEqual([0, 1]);
    expect(r.allCommitted).toBe(true);
    r.revealMine(0, () => '');
    r.reveal(1, bytesToHex(b), 'n1');
    expect(r.complete).toBe(true);
    const mute = new DiceRound(CS3099_ROUNDS, -1, [0, 1], null);
    expect(mute.dueToReveal).toBe(false);
    expect(() => mute.commitMine(0, () => '')).toThrow(/no part/);
  });
});

describe('the native profile', () => {
  const a = number('a');
  const context = { gameId: 'g1', round: 7, player: 2 };

  it('binds commitments to the game, the round and the player, and rolls MT19937 dice', () => {
    const profile = roundProfile({ mtDice: true, boundCommitments: true }, 'g1');
    expect(profile.commitmentOf(a, 7, 2)).toBe(boundCommitment(a, context));
    expect(profile.commitmentOf(a, 7, 3)).not.toBe(boundCommitment(a, context));
    expect(faces(profile.dice(a))).toEqual(faces(uniformDice(mersenneStream(wordsFromBytes(a)))));
    const r = new DiceRound(profile, 7, [2], null);
    expect(r.commit(2, boundCommitment(a, context), 'h')).toEqual({ ok: true });
    expect(r.reveal(2, bytesToHex(a), 'n')).toEqual({ ok: true });
  });

  it('without those features it is the cs3099 commitment and dice', () => {
    const profile = roundProfile({ mtDice: false, boundCommitments: false }, 'g1');
    expect(profile.commitmentOf(a, 7, 2)).toBe(commitment(a));
    expect(faces(profile.dice(a))).toEqual(faces(CS3099_ROUNDS.dice(a)));
  });
});
