// The keys of a native game's players: everyone's Ed25519 public key read from its peer id, and
// the keyring that signs this peer's lines and checks everyone's (or, auditing, only checks).
import type { KeyObject } from 'node:crypto';
import type { PrivateKey } from '@libp2p/interface';
import { peerIdFromString } from '@libp2p/peer-id';
import { ed25519PrivateKey, ed25519PublicKey, type Keyring, keyring, type VerifiedSignatures } from './signing.js';

/** Every player's Ed25519 public key, read from its peer id; null when one is not Ed25519. */
function publicKeysOf(peerIds: ReadonlyMap<number, string>): Map<number, KeyObject> | null {
  const publicKeys = new Map<number, KeyObject>();
  for (const [player, id] of peerIds) {
    try {
      const key = peerIdFromString(id).publicKey;
      if (key?.type !== 'Ed25519') return null;
      publicKeys.set(player, ed25519PublicKey(key.raw));
    } catch {
      return null;
    }
  }
  return publicKeys;
}

/** The keys that sign and check a native game's messages: this peer's identity key and everyone's public key. */
export function gameKeyring(
  mine: PrivateKey,
  peerIds: ReadonlyMap<number, string>,
  verified?: VerifiedSignatures,
): Keyring | null {
  const publicKeys = publicKeysOf(peerIds);
  if (mine.type !== 'Ed25519' || publicKeys === null) return null;
  return keyring(ed25519PrivateKey(mine.raw.subarray(0, 32), mine.publicKey.raw), publicKeys, verified);
}

/** A keyring that only checks signatures (auditing a record). */
export function auditKeyring(peerIds: ReadonlyMap<number, string>, verified?: VerifiedSignatures): Keyring | null {
  const publicKeys = publicKeysOf(peerIds);
  return publicKeys === null ? null : keyring(null, publicKeys, verified);
}
