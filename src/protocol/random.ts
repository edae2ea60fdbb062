// Random streams and the dice built on them. Both profiles draw unsigned 32-bit words from a
// stream seeded by the XOR of the peers' revealed numbers; they differ in the stream and in how
// a word becomes a die face or a card position.
import { createHash } from 'node:crypto';
import type { Dice } from '../model/dice.js';
import { Mt19937 } from './mt19937.js';

export interface U32Stream {
  nextU32(): number;
}

/** cs3099 (§6): B0 = SHA-256(seed), B(k+1) = SHA-256(Bk); words are big-endian 4-byte slices. */
export function hashChainStream(seed: Uint8Array): U32Stream {
  let block = createHash('sha256').update(seed).digest();
  let offset = 0;
  return {
    nextU32() {
      if (offset === block.length) {
        block = createHash('sha256').update(block).digest();
        offset = 0;
      }
      const word = block.readUInt32BE(offset);
      offset += 4;
      return word;
    },
  };
}

/** Native profile: MT19937 seeded by init_by_array with the seed read as big-endian 32-bit words. */
export function mersenneStream(seedWords: readonly number[]): U32Stream {
  const mt = Mt19937.fromArray(seedWords);
  return { nextU32: () => mt.nextU32() };
}

export function wordsFromBytes(bytes: Uint8Array): number[] {
  if (bytes.length % 4 !== 0) throw new Error(`seed of ${bytes.length} bytes is not a whole number of 32-bit words`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / 4 }, (_, i) => view.getUint32(4 * i, false));
}

const TWO_32 = 2 ** 32;

/** Uniform integer in [0, n) without modulo bias: words at or above the largest multiple of n are redrawn. */
export function uniformBelow(stream: U32Stream, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new Error(`uniformBelow: bad range ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const word = stream.nextU32();
    if (word < limit) return word % n;
  }
}

/** The class dice: face = u32 % 6 + 1; shuffle swaps position i with u32 % n for i = 0…n-1 (§7). */
export function cs3099Dice(stream: U32Stream): Dice {
  return {
    die: () => (stream.nextU32() % 6) + 1,
    below: (n) => stream.nextU32() % n,
    shuffle(n) {
      const items = Array.from({ length: n }, (_, i) => i);
      for (let i = 0; i < n; i++) {
        const j = stream.nextU32() % n;
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}

/** Unbiased dice: rejection sampling for faces and positions, Fisher–Yates (from the top down) for shuffles. */
export function uniformDice(stream: U32Stream): Dice {
  return {
    die: () => uniformBelow(stream, 6) + 1,
    below: (n) => uniformBelow(stream, n),
    shuffle(n) {
      const items = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = uniformBelow(stream, i + 1);
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}

/** Offline play and simulation: MT19937 seeded with one integer, unbiased dice. */
export function seededDice(seed: number): Dice {
  return uniformDice(mersenneStream([seed >>> 0]));
}
