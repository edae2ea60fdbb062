// The arithmetic of the secret deal (protocol-spec/secret-dealing.md): commutative encryption
// x ↦ x^e in the prime-order group of secret-group.ts, card encodings, shuffle, unlock, claim and
// the recomputation an audit does. Pure functions; the driver (secret-deal.ts) sequences them.
import { createHash } from 'node:crypto';
import { hashChainStream, uniformDice } from './random.js';
import {
  defaultRandom,
  type EqualLogProof,
  elementToHex,
  G,
  hashParts,
  hashToElement,
  hexToBigInt,
  modInverse,
  modPow,
  P,
  proveEqualLog,
  Q,
  randomScalar,
  verifyEqualLog,
} from './secret-group.js';

export const CARD_TAG = 'p2p-risk/secret-deal/card/v1';
export const TRANSCRIPT_TAG = 'p2p-risk/secret-deal/transcript/v1';

export interface DealContext {
  readonly gameId: string;
  /** The attempt: 0 for the first deal of a game, +1 for each restart, so no message of a void deal counts in the next. */
  readonly deal: number;
  /** The players in shuffle and unlock order; the card at position i goes to players[i]. */
  readonly players: readonly number[];
  /** Cards in the deck, indices 0…cards−1; at least as many as players. */
  readonly cards: number;
}

/** A player's secret for one deal: e (and its inverse d mod q), the public part Y = G^e, the shuffle seed. */
export interface DealKey {
  readonly e: bigint;
  readonly d: bigint;
  readonly y: bigint;
  readonly seed: Uint8Array;
}

export function newDealKey(random: (bytes: number) => Uint8Array = defaultRandom): DealKey {
  const e = randomScalar(random);
  return { e, d: modInverse(e, Q), y: modPow(G, e), seed: random(32) };
}

/**
 * The key `newDealKey(random)` draws, if its public part is `y`: a key rebuilt from the random
 * numbers a peer noted when it drew it (a deal restored from its record); undefined otherwise.
 */
export function dealKeyIf(random: (bytes: number) => Uint8Array, y: bigint): DealKey | undefined {
  const e = randomScalar(random);
  if (modPow(G, e) !== y) return undefined;
  return { e, d: modInverse(e, Q), y, seed: random(32) };
}

/** The key a player revealed, checked and completed; undefined when e is not a valid scalar. */
export function keyFromReveal(eHex: string, seedHex: string): DealKey | undefined {
  const e = hexToBigInt(eHex);
  if (e <= 0n || e >= Q) return undefined;
  return { e, d: modInverse(e, Q), y: modPow(G, e), seed: Buffer.from(seedHex, 'hex') };
}

const cardCache = new Map<string, readonly bigint[]>();

/** Card i is H(tag, gameId, i) mapped into the group: nobody knows a relation between two cards. */
export function cardElements(gameId: string, cards: number): readonly bigint[] {
  const key = `${cards}\0${gameId}`;
  let list = cardCache.get(key);
  if (list === undefined) {
    list = Array.from({ length: cards }, (_, i) => hashToElement(CARD_TAG, gameId, String(i)));
    if (new Set(list).size !== cards) throw new Error('cardElements: two cards hash to one element'); // probability ≈ 2⁻²⁰⁰⁰
    if (cardCache.size > 16) cardCache.clear();
    cardCache.set(key, list);
  }
  return list;
}

/** The permutation a seed stands for: output position i holds input position order[i]. */
export function shuffleOrder(seed: Uint8Array, cards: number): number[] {
  return uniformDice(hashChainStream(seed)).shuffle(cards);
}

/** One shuffle step: every card raised to e, then permuted by the seed's order. */
export function shuffleDeck(input: readonly bigint[], key: DealKey): bigint[] {
  const encrypted = input.map((card) => modPow(card, key.e));
  return shuffleOrder(key.seed, input.length).map((i) => encrypted[i]!);
}

export function product(values: readonly bigint[]): bigint {
  return values.reduce((acc, v) => (acc * v) % P, 1n);
}

// Fiat–Shamir contexts: the proof of one step, player and position never verifies for another.
const proofContext = (ctx: DealContext, step: string, player: number, position: number, prev: string) =>
  JSON.stringify(['p2p-risk/secret-deal', ctx.gameId, ctx.deal, step, player, position, prev]);

/** Proof that ∏ output = (∏ input)^e with Y = G^e: the shuffler used its key on the whole deck. */
export function proveShuffle(
  ctx: DealContext,
  player: number,
  prev: string,
  input: readonly bigint[],
  output: readonly bigint[],
  key: DealKey,
  random?: (bytes: number) => Uint8Array,
): EqualLogProof {
  return proveEqualLog(
    key.e,
    { base1: G, y: key.y, base2: product(input), h: product(output) },
    proofContext(ctx, 'shuffle', player, -1, prev),
    random,
  );
}

export function verifyShuffle(
  ctx: DealContext,
  player: number,
  prev: string,
  input: readonly bigint[],
  output: readonly bigint[],
  y: bigint,
  proof: EqualLogProof,
): boolean {
  return verifyEqualLog(
    proof,
    { base1: G, y, base2: product(input), h: product(output) },
    proofContext(ctx, 'shuffle', player, -1, prev),
  );
}

/** Removing a layer: out = in^d, proved by in = out^e with Y = G^e (one proof per card). */
export function unlockCard(
  ctx: DealContext,
  player: number,
  prev: string,
  position: number,
  input: bigint,
  key: DealKey,
  random?: (bytes: number) => Uint8Array,
): { value: bigint; proof: EqualLogProof } {
  const value = modPow(input, key.d);
  return {
    value,
    proof: proveEqualLog(
      key.e,
      { base1: G, y: key.y, base2: value, h: input },
      proofContext(ctx, 'unlock', player, position, prev),
      random,
    ),
  };
}

export function verifyUnlock(
  ctx: DealContext,
  player: number,
  prev: string,
  position: number,
  input: bigint,
  value: bigint,
  y: bigint,
  proof: EqualLogProof,
): boolean {
  return verifyEqualLog(
    proof,
    { base1: G, y, base2: value, h: input },
    proofContext(ctx, 'unlock', player, position, prev),
  );
}

/** The owner's card: its final ciphertext with its own layer removed, looked up among the encodings; undefined if no card. */
export function decryptCard(ctx: DealContext, final: bigint, key: DealKey): number | undefined {
  const plain = modPow(final, key.d);
  const index = cardElements(ctx.gameId, ctx.cards).indexOf(plain);
  return index < 0 ? undefined : index;
}

/** Claim: final = card^e with Y = G^e, shown without revealing e. */
export function proveClaim(
  ctx: DealContext,
  player: number,
  card: number,
  final: bigint,
  key: DealKey,
  random?: (bytes: number) => Uint8Array,
): EqualLogProof {
  const m = cardElements(ctx.gameId, ctx.cards)[card]!;
  return proveEqualLog(
    key.e,
    { base1: G, y: key.y, base2: m, h: final },
    proofContext(ctx, 'claim', player, card, ''),
    random,
  );
}

export function verifyClaim(
  ctx: DealContext,
  player: number,
  card: number,
  final: bigint,
  y: bigint,
  proof: EqualLogProof,
): boolean {
  const m = cardElements(ctx.gameId, ctx.cards)[card];
  return (
    m !== undefined &&
    verifyEqualLog(proof, { base1: G, y, base2: m, h: final }, proofContext(ctx, 'claim', player, card, ''))
  );
}

// ---------------------------------------------------------------------------------------------
// The transcript hash chain: every sequenced message names the head it extends, so two peers
// that were shown different messages notice at the next step.

export function genesis(ctx: DealContext): string {
  const hash = createHash('sha256');
  hashParts(hash, [TRANSCRIPT_TAG, ctx.gameId, String(ctx.deal), ctx.players.join(','), String(ctx.cards)]);
  return hash.digest('hex');
}

export function extend(head: string, canonicalMessage: string): string {
  const hash = createHash('sha256');
  hashParts(hash, [head, canonicalMessage]);
  return hash.digest('hex');
}

export const hex = elementToHex;
