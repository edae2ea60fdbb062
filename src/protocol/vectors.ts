// Test vectors for both dice algorithms, the deck shuffle and the bound commitment, computed
// from fixed inputs. scripts/gen-vectors.ts writes them to protocol-spec/vectors/; tests check
// that the files are current and that they agree with independent references.
import { createHash } from 'node:crypto';
import { boundCommitment, boundPreimage, bytesToHex, combineNumbers, commitment, hexToBytes } from './commitment.js';
import { cs3099Dice, hashChainStream, mersenneStream, type U32Stream, uniformDice, wordsFromBytes } from './random.js';

// The first two dice rounds of ../shared/protocol/transcripts/class-2p-game-a.jsonl (players 1 and 0).
export const GAME_A_FIRST_PLAYER_NUMBERS = [
  '74fb4fa89c44a41f7cf40c945c9e25fbae49fb9b63a847d6cf089b7606ddcb7a',
  '2ff1945310c6f30e6189d6f0f75a7d7f1bbbf11ebc6e366a84cd9da688010cc4',
];
export const GAME_A_DECK_NUMBERS = [
  'cf9b39a5ef37e18c64a5516599c6447e75ac7909be406ed8e4a40d7671d74b7e',
  'de0344fc8acf69673552ba90bd9a243f18204db205a113195771271fd9abd9f9',
];
// Arbitrary three-peer round for the native algorithm.
export const NATIVE_NUMBERS = [
  '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100',
  '8f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f1',
];

const take = (stream: U32Stream, n: number) => Array.from({ length: n }, () => stream.nextU32());

function round(numbersHex: readonly string[]) {
  const numbers = numbersHex.map(hexToBytes);
  const seed = combineNumbers(numbers);
  return { numbers: [...numbersHex], commitments: numbers.map(commitment), seed: bytesToHex(seed), seedBytes: seed };
}

export function cs3099Vectors() {
  return [GAME_A_FIRST_PLAYER_NUMBERS, GAME_A_DECK_NUMBERS].map((numbers, i) => {
    const r = round(numbers);
    const b0 = createHash('sha256').update(r.seedBytes).digest();
    const b1 = createHash('sha256').update(b0).digest();
    return {
      name: i === 0 ? 'class-2p-game-a first-player round' : 'class-2p-game-a deck round',
      numbers: r.numbers,
      commitments: r.commitments,
      seed: r.seed,
      blocks: [b0.toString('hex'), b1.toString('hex')],
      u32: take(hashChainStream(r.seedBytes), 16),
      dice: Array.from(
        { length: 10 },
        (
          (d) => () =>
            d.die()
        )(cs3099Dice(hashChainStream(r.seedBytes))),
      ),
      firstPlayerOf2: cs3099Dice(hashChainStream(r.seedBytes)).below(2),
      deck: cs3099Dice(hashChainStream(r.seedBytes)).shuffle(44),
    };
  });
}

export function mt19937Vectors() {
  const r = round(NATIVE_NUMBERS);
  const words = wordsFromBytes(r.seedBytes);
  const dice = () => uniformDice(mersenneStream(words));
  return [
    {
      name: 'three peers',
      numbers: r.numbers,
      commitments: r.commitments,
      seed: r.seed,
      seedWords: words,
      u32: take(mersenneStream(words), 16),
      dice: Array.from(
        { length: 10 },
        (
          (d) => () =>
            d.die()
        )(dice()),
      ),
      firstPlayerOf5: dice().below(5),
      deck: dice().shuffle(44),
    },
  ];
}

export function boundCommitmentVectors() {
  return [
    { gameId: 'game-7f3a', round: 0, player: 0 },
    { gameId: 'game-7f3a', round: 0, player: 1 },
    { gameId: 'game-7f3a', round: 1, player: 0 },
    { gameId: 'another-game', round: 0, player: 0 },
  ].map((context) => {
    const number = hexToBytes(NATIVE_NUMBERS[0]!);
    return {
      number: NATIVE_NUMBERS[0]!,
      ...context,
      preimage: bytesToHex(boundPreimage(number, context)),
      commitment: boundCommitment(number, context),
    };
  });
}

export function allVectors() {
  return { cs3099: cs3099Vectors(), mt19937: mt19937Vectors(), boundCommitment: boundCommitmentVectors() };
}
