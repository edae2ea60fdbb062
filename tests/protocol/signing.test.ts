// Shared verified signatures (several in-process peers of one game): a good signature is checked
// once, and nothing else ever counts as checked.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyring, lineDigest, type VerifiedSignatures } from '../../src/protocol/signing.js';

describe('a keyring with shared verified signatures', () => {
  const a = generateKeyPairSync('ed25519');
  const b = generateKeyPairSync('ed25519');
  const players = new Map([
    [0, a.publicKey],
    [1, b.publicKey],
  ]);
  const digest = lineDigest('g', 'hello');
  const sig = keyring(a.privateKey, players).sign(digest);

  it('keeps a good signature, for every keyring that shares the set', () => {
    const verified: VerifiedSignatures = new Set();
    expect(keyring(null, players, verified).verify(0, digest, sig)).toBe(true);
    expect(verified.size).toBe(1);
    expect(keyring(b.privateKey, players, verified).verify(0, digest, sig)).toBe(true);
    expect(verified.size).toBe(1);
  });

  it('never lets a kept signature pass for another player, digest or signature', () => {
    const verified: VerifiedSignatures = new Set();
    const ring = keyring(null, players, verified);
    expect(ring.verify(0, digest, sig)).toBe(true);
    expect(ring.verify(1, digest, sig)).toBe(false);
    expect(ring.verify(0, lineDigest('g', 'hellO'), sig)).toBe(false);
    const flipped = (Number.parseInt(sig.slice(0, 2), 16) ^ 1).toString(16).padStart(2, '0') + sig.slice(2);
    expect(ring.verify(0, digest, flipped)).toBe(false);
    expect(ring.verify(2, digest, sig)).toBe(false);
    expect(verified.size).toBe(1);
  });
});
