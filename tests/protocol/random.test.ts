import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vectorFiles } from '../../scripts/gen-vectors.js';
import { boundCommitment, combineNumbers, commitment, hexToBytes } from '../../src/protocol/commitment.js';
import {
  cs3099Dice,
  hashChainStream,
  mersenneStream,
  uniformBelow,
  uniformDice,
  wordsFromBytes,
} from '../../src/protocol/random.js';

const root = new URL('../../', import.meta.url);
const readVectors = (name: string) =>
  JSON.parse(readFileSync(new URL(`protocol-spec/vectors/${name}.json`, root), 'utf8'));

describe('cs3099 hash-chain stream (§6)', () => {
  // The test vector printed in cs3099-observed.md §6: an independent reference.
  const n1 = hexToBytes('74fb4fa89c44a41f7cf40c945c9e25fbae49fb9b63a847d6cf089b7606ddcb7a');
  const n0 = hexToBytes('2ff1945310c6f30e6189d6f0f75a7d7f1bbbf11ebc6e366a84cd9da688010cc4');
  const seed = combineNumbers([n1, n0]);

  it("reproduces the document's seed, words and first player", () => {
    expect(Buffer.from(seed).toString('hex')).toBe('5b0adbfb8c8257111d7dda64abc45884b5f20a85dfc671bc4bc506d08edcc7be');
    const stream = hashChainStream(seed);
    expect([stream.nextU32(), stream.nextU32(), stream.nextU32(), stream.nextU32()]).toEqual([
      3952943190, 3515392890, 4293982729, 2632928377,
    ]);
    expect(cs3099Dice(hashChainStream(seed)).below(2)).toBe(0);
  });

  it('moves on to B1 = SHA-256(B0) after eight words', () => {
    const stream = hashChainStream(seed);
    for (let i = 0; i < 8; i++) stream.nextU32();
    expect(stream.nextU32()).toBe(0x829b45d6);
  });

  it('the XOR of the numbers does not depend on their order', () => {
    expect(combineNumbers([n0, n1])).toEqual(seed);
  });

  it("shuffles game a's deck into the recorded order 9, 1, 27, 4, 11, 16, 0, 34, 41, 17, …", () => {
    const deckSeed = combineNumbers(
      [
        'cf9b39a5ef37e18c64a5516599c6447e75ac7909be406ed8e4a40d7671d74b7e',
        'de0344fc8acf69673552ba90bd9a243f18204db205a113195771271fd9abd9f9',
      ].map(hexToBytes),
    );
    expect(cs3099Dice(hashChainStream(deckSeed)).shuffle(44).slice(0, 10)).toEqual([
      9, 1, 27, 4, 11, 16, 0, 34, 41, 17,
    ]);
  });

  it('commitments are SHA-256 of the raw bytes, as recorded in game a', () => {
    expect(commitment(n1)).toBe('a73e94c8a86687c31d104169c1f8ecbf12080eeefa202c7a57afa51afe7a742f');
    expect(commitment(n0)).toBe('644cadf0c1741b5450794366bba9acf3aa4da7ba4456d9683ecbe8c94b6d0cae');
  });
});

describe('mt19937 native stream', () => {
  it('matches the reference mt19937ar.c output for init_by_array({0x123, 0x234, 0x345, 0x456})', () => {
    const stream = mersenneStream([0x123, 0x234, 0x345, 0x456]);
    expect(Array.from({ length: 5 }, () => stream.nextU32())).toEqual([
      1067595299, 955945823, 477289528, 4107218783, 4228976476,
    ]);
  });

  it("seeds from the XOR read as eight big-endian words (checked against CPython's random, which uses init_by_array)", () => {
    const seed = hexToBytes('5b0adbfb8c8257111d7dda64abc45884b5f20a85dfc671bc4bc506d08edcc7be');
    const words = wordsFromBytes(seed);
    expect(words).toEqual([
      1527438331, 2357352209, 494787172, 2881771652, 3052538501, 3754324412, 1271203536, 2396833726,
    ]);
    const stream = mersenneStream(words);
    // random.Random(sum(w << 32*i)).getrandbits(32), eight times
    expect(Array.from({ length: 8 }, () => stream.nextU32())).toEqual([
      25786573, 1699559086, 3263330928, 391167606, 1268020860, 1372621222, 3784957472, 314681757,
    ]);
  });

  it('draws faces and positions without modulo bias: words past the last full multiple are redrawn', () => {
    const words = [0xffffffff, 0xfffffffc, 5];
    const stream = { nextU32: () => words.shift()! };
    expect(uniformBelow(stream, 6)).toBe(5); // 2^32 - 4 is the limit for 6
    expect(words).toEqual([]);
    const dice = uniformDice(mersenneStream([1, 2, 3]));
    const faces = Array.from({ length: 6000 }, () => dice.die());
    expect(new Set(faces)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const deck = uniformDice(mersenneStream([4])).shuffle(44);
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 44 }, (_, i) => i));
  });
});

describe('bound commitments (native)', () => {
  const number = hexToBytes('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
  it('differ by game, round and player, and from the plain commitment', () => {
    const a = boundCommitment(number, { gameId: 'g', round: 0, player: 0 });
    const others = [
      boundCommitment(number, { gameId: 'h', round: 0, player: 0 }),
      boundCommitment(number, { gameId: 'g', round: 1, player: 0 }),
      boundCommitment(number, { gameId: 'g', round: 0, player: 1 }),
      commitment(number),
    ];
    for (const other of others) expect(other).not.toBe(a);
    expect(boundCommitment(number, { gameId: 'g', round: 0, player: 0 })).toBe(a);
  });
});

describe('protocol-spec test vectors', () => {
  it('the files are current: regenerating them changes nothing', () => {
    for (const [path, text] of Object.entries(vectorFiles()))
      expect(readFileSync(new URL(path, root), 'utf8'), path).toBe(text);
  });

  it('every cs3099 vector re-derives from its numbers (file → code)', () => {
    for (const v of readVectors('cs3099')) {
      const numbers = v.numbers.map(hexToBytes);
      expect(numbers.map(commitment)).toEqual(v.commitments);
      const seed = combineNumbers(numbers);
      expect(Buffer.from(seed).toString('hex')).toBe(v.seed);
      const stream = hashChainStream(seed);
      expect(Array.from({ length: v.u32.length }, () => stream.nextU32())).toEqual(v.u32);
      const dice = cs3099Dice(hashChainStream(seed));
      expect(Array.from({ length: v.dice.length }, () => dice.die())).toEqual(v.dice);
      expect(v.dice).toEqual(v.u32.slice(0, v.dice.length).map((w: number) => (w % 6) + 1));
      expect(cs3099Dice(hashChainStream(seed)).shuffle(44)).toEqual(v.deck);
    }
  });

  it('every mt19937 vector re-derives from its numbers (file → code)', () => {
    for (const v of readVectors('mt19937')) {
      const seed = combineNumbers(v.numbers.map(hexToBytes));
      expect(Buffer.from(seed).toString('hex')).toBe(v.seed);
      expect(wordsFromBytes(seed)).toEqual(v.seedWords);
      const stream = mersenneStream(v.seedWords);
      expect(Array.from({ length: v.u32.length }, () => stream.nextU32())).toEqual(v.u32);
      const dice = uniformDice(mersenneStream(v.seedWords));
      expect(Array.from({ length: v.dice.length }, () => dice.die())).toEqual(v.dice);
      expect(uniformDice(mersenneStream(v.seedWords)).below(5)).toBe(v.firstPlayerOf5);
      expect(uniformDice(mersenneStream(v.seedWords)).shuffle(44)).toEqual(v.deck);
    }
  });

  it('every bound-commitment vector re-derives (file → code)', () => {
    for (const v of readVectors('boundCommitment')) {
      expect(boundCommitment(hexToBytes(v.number), { gameId: v.gameId, round: v.round, player: v.player })).toBe(
        v.commitment,
      );
    }
  });
});
