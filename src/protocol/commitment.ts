// Commit-reveal for the dice: each peer commits SHA-256 of a secret 32-byte number, then reveals
// the number; the XOR of all revealed numbers seeds the round's random stream.
import { createHash, hash, randomBytes } from 'node:crypto';

export const NUMBER_BYTES = 32;

export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** A fresh secret number for one round. */
export function secretNumber(): Uint8Array {
  return Uint8Array.from(randomBytes(NUMBER_BYTES));
}

/** cs3099 commitment: SHA-256 over the raw 32 bytes (not over their hex text), as lowercase hex. */
export function commitment(number: Uint8Array): string {
  return createHash('sha256').update(number).digest('hex');
}

/**
 * Native bound commitment: the hash also covers a domain tag, the game id, the round number and
 * the committing player, so a commitment copied from another peer, round or game never verifies.
 */
export function boundCommitment(
  number: Uint8Array,
  context: { gameId: string; round: number; player: number },
): string {
  return bytesToHex(boundCommitmentBytes(boundHead(context.gameId), number, context.round, context.player));
}

export const BOUND_COMMITMENT_TAG = 'p2p-risk/dice-commitment/v1';

/** tag ‖ 0x00 ‖ gameId ‖ 0x00: the fixed head of a game's bound preimages. */
export function boundHead(gameId: string): Uint8Array {
  return Uint8Array.from(
    Buffer.concat([
      Buffer.from(BOUND_COMMITMENT_TAG, 'utf8'),
      Buffer.from([0]),
      Buffer.from(gameId, 'utf8'),
      Buffer.from([0]),
    ]),
  );
}

/** The bound commitment as bytes, from the game's head (boundHead): a dice chain hashes one per round. */
export function boundCommitmentBytes(head: Uint8Array, number: Uint8Array, round: number, player: number): Uint8Array {
  // One buffer, one crypto.hash: a dice chain hashes one per round id, at every peer.
  return hash('sha256', preimageOf(head, number, round, player), 'buffer');
}

/** tag ‖ 0x00 ‖ gameId (UTF-8) ‖ 0x00 ‖ round (u32 BE) ‖ player (u32 BE) ‖ number (32 bytes). */
export function boundPreimage(
  number: Uint8Array,
  context: { gameId: string; round: number; player: number },
): Uint8Array {
  return Uint8Array.from(preimageOf(boundHead(context.gameId), number, context.round, context.player));
}

function preimageOf(head: Uint8Array, number: Uint8Array, round: number, player: number): Buffer {
  const preimage = Buffer.allocUnsafe(head.length + 8 + number.length);
  preimage.set(head, 0);
  preimage.writeUInt32BE(round >>> 0, head.length);
  preimage.writeUInt32BE(player >>> 0, head.length + 4);
  preimage.set(number, head.length + 8);
  return preimage;
}

/** Bytewise XOR of all revealed numbers; order does not matter. */
export function combineNumbers(numbers: readonly Uint8Array[]): Uint8Array {
  const seed = new Uint8Array(NUMBER_BYTES);
  for (const n of numbers) for (let i = 0; i < NUMBER_BYTES; i++) seed[i]! ^= n[i]!;
  return seed;
}
