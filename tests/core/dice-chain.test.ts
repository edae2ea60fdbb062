// Dice chains (core/native/dice-chain.ts): a chain's values hash down to its tip, one link per
// round id; what two signed dice lines prove is checkable from the two lines alone.
import { describe, expect, it } from 'vitest';
import {
  CHAIN_ROUNDS,
  chainFrom,
  chainPairProof,
  chainStart,
  DiceChains,
  MAX_CHAINS,
  reaches,
} from '../../src/core/native/dice-chain.js';
import { boundCommitment, bytesToHex } from '../../src/protocol/commitment.js';

const GAME = 'game-7f3a';
const seed = (k: number) => Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + k) & 0xff);

describe('a dice chain', () => {
  it('of one round is the bound commitment of that round (protocol-spec/vectors/boundCommitment.json)', () => {
    const n = Uint8Array.from({ length: 32 }, (_, i) => i);
    const chain = chainFrom(n, { gameId: GAME, from: 0, player: 0 }, 1);
    expect(chain.tip).toBe('3070859c45cc05cb02ea8f9a73ef27631445f81858c37c4692c5baf8d83f9785');
    expect(chain.tip).toBe(boundCommitment(n, { gameId: GAME, round: 0, player: 0 }));
  });

  it('links each value to the one before by the bound commitment of its round', () => {
    const chain = chainFrom(seed(1), { gameId: GAME, from: 1024, player: 2 }, 8);
    expect(chain.values).toHaveLength(8);
    expect(bytesToHex(chain.values[7]!)).toBe(bytesToHex(seed(1)));
    for (let i = 1; i < 8; i++)
      expect(bytesToHex(chain.values[i - 1]!)).toBe(
        boundCommitment(chain.values[i]!, { gameId: GAME, round: 1024 + i, player: 2 }),
      );
    expect(chain.tip).toBe(boundCommitment(chain.values[0]!, { gameId: GAME, round: 1024, player: 2 }));
  });

  it('starts on a multiple of CHAIN_ROUNDS', () => {
    expect(chainStart(0)).toBe(0);
    expect(chainStart(CHAIN_ROUNDS - 1)).toBe(0);
    expect(chainStart(CHAIN_ROUNDS + 5)).toBe(CHAIN_ROUNDS);
  });

  it('a value reaches a value held below it, and only its own round, player and game', () => {
    const chain = chainFrom(seed(2), { gameId: GAME, from: 0, player: 1 }, 16);
    const v = (r: number) => chain.values[r]!;
    expect(reaches(GAME, 1, v(9), 9, v(4), 4)).toBe(true);
    expect(reaches(GAME, 1, v(10), 9, v(4), 4)).toBe(false); // a skipped value
    expect(reaches(GAME, 1, v(8), 9, v(4), 4)).toBe(false); // an old value again
    expect(reaches(GAME, 2, v(9), 9, v(4), 4)).toBe(false); // another player's chain
    expect(reaches('other', 1, v(9), 9, v(4), 4)).toBe(false);
    expect(reaches(GAME, 1, v(4), 4, v(4), 4)).toBe(false); // not below
  });
});

describe('DiceChains', () => {
  const chainsWith = () => {
    const chains = new DiceChains(GAME);
    const own = chainFrom(seed(3), { gameId: GAME, from: 0, player: 1 });
    expect(chains.commit(1, 0, own.tip, 'line-a')).toEqual({ ok: true, fresh: true });
    return { chains, own };
  };

  it('takes each reveal that is the chain value of its round, also after rounds skipped', () => {
    const { chains, own } = chainsWith();
    for (const r of [0, 1, 2, 5, 40, 1023]) expect(chains.opens(1, r, own.values[r]!, own.tip)).toBe(true);
    expect(chains.covering(1, 1023)?.line).toBe('line-a');
    expect(chains.covering(1, 1024)).toBeUndefined();
  });

  it('refuses a wrong value, a skipped value and another round’s value', () => {
    const { chains, own } = chainsWith();
    expect(chains.opens(1, 3, own.values[3]!, own.tip)).toBe(true);
    expect(chains.opens(1, 4, seed(9), own.tip)).toBe(false);
    expect(chains.opens(1, 4, own.values[5]!, own.tip)).toBe(false);
    expect(chains.opens(1, 4, own.values[3]!, own.tip)).toBe(false);
    expect(chains.opens(1, 4, own.values[4]!, 'ab'.repeat(32))).toBe(false);
    expect(chains.opens(2, 4, own.values[4]!, own.tip)).toBe(false);
    expect(chains.opens(1, 4, own.values[4]!, own.tip)).toBe(true);
  });

  it('a second chain sharing a round id is refused with the first as evidence; the same one again is no news', () => {
    const { chains, own } = chainsWith();
    expect(chains.commit(1, 0, own.tip, 'line-a')).toEqual({ ok: true, fresh: false });
    expect(chains.commit(1, 0, 'cd'.repeat(32), 'line-b')).toEqual({
      ok: false,
      why: 'two-chains',
      round: 0,
      other: 'line-a',
    });
    expect(chains.commit(1, 512, 'cd'.repeat(32), 'line-c')).toMatchObject({ ok: false, round: 512 });
    expect(chains.commit(1, CHAIN_ROUNDS, 'cd'.repeat(32), 'line-d')).toEqual({ ok: true, fresh: true });
    expect(chains.commit(2, 0, 'cd'.repeat(32), 'line-e')).toEqual({ ok: true, fresh: true });
  });

  it('keeps at most MAX_CHAINS chains of one player', () => {
    const chains = new DiceChains(GAME);
    for (let k = 0; k < MAX_CHAINS; k++)
      expect(chains.commit(0, k * CHAIN_ROUNDS, 'ab'.repeat(32), `l${k}`).ok).toBe(true);
    expect(chains.commit(0, MAX_CHAINS * CHAIN_ROUNDS, 'ab'.repeat(32), 'more')).toMatchObject({
      ok: false,
      why: 'too-many',
    });
  });

  // A two-player game of bots ran past 16 chains of 1024 rounds (the release test's, 2026-11-27):
  // the 17th chain was refused, at its own seat too, which then could not roll.
  it('counts only the chains not over yet: a long game commits as many as it needs', () => {
    const chains = new DiceChains(GAME);
    for (let k = 0; k < 3 * MAX_CHAINS; k++)
      expect(chains.commit(0, k * CHAIN_ROUNDS, 'ab'.repeat(32), `l${k}`, k * CHAIN_ROUNDS).ok).toBe(true);
    // Chains far ahead still count: a player cannot hold more than MAX_CHAINS of those.
    const now = 3 * MAX_CHAINS * CHAIN_ROUNDS;
    for (let k = 0; k < MAX_CHAINS; k++)
      expect(chains.commit(1, now + k * CHAIN_ROUNDS, 'cd'.repeat(32), `m${k}`, now).ok).toBe(true);
    expect(chains.commit(1, now + MAX_CHAINS * CHAIN_ROUNDS, 'cd'.repeat(32), 'more', now)).toMatchObject({
      ok: false,
      why: 'too-many',
    });
  });

  it('gives this peer the values of its own chain only', () => {
    const { chains, own } = chainsWith();
    chains.keepOwn(own);
    expect(chains.ownValue(own.tip, 7)).toEqual(own.values[7]);
    expect(chains.ownValue(own.tip, CHAIN_ROUNDS)).toBeNull();
    expect(chains.ownValue('ab'.repeat(32), 7)).toBeNull();
  });
});

describe('chainPairProof: two signed lines of one player, checked alone', () => {
  const own = chainFrom(seed(4), { gameId: GAME, from: 0, player: 3 });
  const hash = (round: number, payload = own.tip) => ({ command: 'roll_hash' as const, payload, player_id: 3, round });
  const reveal = (round: number, payload: string) => ({
    command: 'roll_number' as const,
    payload,
    player_id: 3,
    round,
  });

  it('a reveal that is not its chain’s value for its round', () => {
    expect(chainPairProof(GAME, hash(0), reveal(6, bytesToHex(own.values[6]!)))).toBeNull();
    expect(chainPairProof(GAME, hash(0), reveal(6, bytesToHex(own.values[7]!)))).toBe(
      'revealed a dice number that does not match its commitment',
    );
    expect(chainPairProof(GAME, hash(0), reveal(6, 'ab'.repeat(32)))).toMatch(/does not match/);
    // A reveal of a round the chain does not cover proves nothing against it.
    expect(chainPairProof(GAME, hash(0), reveal(CHAIN_ROUNDS, 'ab'.repeat(32)))).toBeNull();
  });

  it('two chains that share a round id; chains laid end to end prove nothing', () => {
    expect(chainPairProof(GAME, hash(0), hash(0, 'cd'.repeat(32)))).toBe('signed two dice commitments for round 0');
    expect(chainPairProof(GAME, hash(0), hash(CHAIN_ROUNDS, 'cd'.repeat(32)))).toBeNull();
    expect(chainPairProof(GAME, hash(0), hash(0))).toBeNull();
    expect(chainPairProof(GAME, hash(0), { ...hash(0, 'cd'.repeat(32)), player_id: 2 })).toBeNull();
  });
});
