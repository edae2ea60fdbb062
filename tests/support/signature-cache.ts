// Signatures made and checked once per test process. The in-process games of one test file often
// share their first moves (the same seed, keys and bots), and every peer of a game, and every audit
// of its records, checks the same signed lines. Ed25519 signs deterministically (RFC 8032), so a
// stored signature is the one signing would make again; only good signatures are kept (a bad one is
// checked every time), so what any peer accepts or refuses is unchanged.
import type { Keyring, VerifiedSignatures } from '../../src/protocol/signing.js';

/** Enough for the games of a file; past it, start again (memory stays bounded). */
const MAX_KEPT = 100_000;
let checked: VerifiedSignatures = new Set();
const signed = new Map<string, string>();

/** The good signatures this process has checked (memoryMesh's `verified`). */
export function checkedOnce(): VerifiedSignatures {
  if (checked.size > MAX_KEPT) checked = new Set();
  return checked;
}

/** The keyring, with each signature made once per process for its key (peer id) and digest. */
export function signingOnce(ring: Keyring, peerId: string): Keyring {
  if (signed.size > MAX_KEPT) signed.clear();
  return {
    verify: (player, digest, sig) => ring.verify(player, digest, sig),
    sign(digest) {
      const id = `${peerId}|${digest.toString('hex')}`;
      let sig = signed.get(id);
      if (sig === undefined) {
        sig = ring.sign(digest);
        signed.set(id, sig);
      }
      return sig;
    },
  };
}
