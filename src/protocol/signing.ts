// Signed lines (native feature signed_messages): every in-game line travels as
// {"signed": "<inner line>", "by": <player>, "sig": "<Ed25519 signature, hex>"}, so any peer can
// hand any line on and every receiver can check who wrote it. A sequenced move is signed over its
// index and canonical hash, so an acknowledgement can carry the author's signature of exactly
// the move it names.
import { createPrivateKey, createPublicKey, hash, type KeyObject, sign, verify } from 'node:crypto';

export interface SealedLine {
  readonly inner: string;
  readonly by: number;
  readonly sig: string;
}

/** Longest signed line a peer accepts; honest in-game lines stay far below it. */
export const MAX_SIGNED_LINE = 2048;

const sha256 = (text: string) => hash('sha256', text, 'buffer');

/**
 * What a move's author signs: its place in the game's one sequence and its canonical hash; with
 * pipelining also `parent`, the message hash of the entry it was built on, so a move signed on a
 * history that was taken back is never a second move for its point on another.
 */
export function moveDigest(gameId: string, index: number, messageHash: string, parent?: string): Buffer {
  if (parent !== undefined) return sha256(`p2p-risk/move|${gameId}|${index}|${parent}|${messageHash}`);
  return sha256(`p2p-risk/move|${gameId}|${index}|${messageHash}`);
}

/** What the author of any other line signs: the exact inner text. */
export function lineDigest(gameId: string, inner: string): Buffer {
  return sha256(`p2p-risk/line|${gameId}|${inner}`);
}

export function seal(inner: string, by: number, sig: string): string {
  return JSON.stringify({ signed: inner, by, sig });
}

/** The parts of a signed line, or null when the line is not one. */
export function unseal(line: string): SealedLine | null {
  if (!line.startsWith('{"signed":')) return null;
  try {
    const value = JSON.parse(line) as { signed?: unknown; by?: unknown; sig?: unknown };
    if (typeof value.signed !== 'string' || typeof value.sig !== 'string' || !Number.isInteger(value.by)) return null;
    if (!/^[0-9a-f]{128}$/.test(value.sig)) return null;
    return { inner: value.signed, by: value.by as number, sig: value.sig };
  } catch {
    return null;
  }
}

/** This peer's private key and every player's public key. */
export interface Keyring {
  sign(digest: Buffer): string;
  verify(player: number, digest: Buffer, sig: string): boolean;
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export function ed25519PublicKey(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: base64url(raw) }, format: 'jwk' });
}

/** From the 32-byte seed and 32-byte public key (libp2p keeps them together as 64 bytes). */
export function ed25519PrivateKey(seed: Uint8Array, publicKey: Uint8Array): KeyObject {
  return createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: base64url(seed), x: base64url(publicKey) },
    format: 'jwk',
  });
}

/**
 * Signatures already found good in this process, when one process plays or audits several peers of
 * one game (tests, chaos runs): each peer checks the same lines, and a check's result depends on the
 * key, digest and signature only. Only good signatures are kept; a bad one is checked every time.
 */
export type VerifiedSignatures = Set<string>;

/** Ed25519 verifications made in this process, for diagnostics (bench:net prints them a battle). */
export const signatureChecks = { count: 0 };

/** This peer's key (null: a keyring that only checks, for audits) and every player's public key. */
export function keyring(
  mine: KeyObject | null,
  players: ReadonlyMap<number, KeyObject>,
  verified?: VerifiedSignatures,
): Keyring {
  const keyIds = new Map([...players].map(([player, key]) => [player, String(key.export({ format: 'jwk' }).x)]));
  return {
    sign(digest) {
      if (mine === null) throw new Error('this keyring only checks signatures');
      return sign(null, digest, mine).toString('hex');
    },
    verify(player, digest, sig) {
      const key = players.get(player);
      if (key === undefined) return false;
      const id = verified && `${keyIds.get(player)}|${digest.toString('hex')}|${sig}`;
      if (id && verified.has(id)) return true;
      try {
        signatureChecks.count++;
        const good = verify(null, digest, key, Buffer.from(sig, 'hex'));
        if (good && id) verified.add(id);
        return good;
      } catch {
        return false;
      }
    },
  };
}
