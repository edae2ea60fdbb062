// Shared verified signatures (several in-process peers of one game): a good signature is checked
// once, and nothing else ever counts as checked.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyring, lineDigest, moveDigest, type VerifiedSignatures } from '../../src/protocol/signing.js';

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

// protocol-spec/native.md, Examples: move 0 of game-7f3a, player 2 claims territory 0.
describe('the move digest', () => {
  const messageHash = '7e8043b7e31b13465cac4626642a60e22c99a289a196388fa675a11167475e3d';

  it('without pipelining covers the point and the message hash, as in every record made before it', () => {
    expect(moveDigest('game-7f3a', 0, messageHash).toString('hex')).toBe(
      'c1b186ae58a96aca29aa950bd54d34d50ec033fb105c108f6281d8c018f898e1',
    );
  });

  it('with pipelining also covers the parent (64 zeros before the first point)', () => {
    const digest = moveDigest('game-7f3a', 0, messageHash, '0'.repeat(64)).toString('hex');
    expect(digest).toBe('6a08410a7c6ac387e2eace7abf73d529b0e6287f09030b3f2e02c7c15196e491');
    expect(moveDigest('game-7f3a', 0, messageHash, 'ab'.repeat(32)).toString('hex')).not.toBe(digest);
  });
});
