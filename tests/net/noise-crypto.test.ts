// Our Noise cipher (src/net/noise-crypto.ts) against the library's pure-JS ChaCha20-Poly1305 (noble):
// the same bytes on both sides of the size where it switches from WebAssembly to node:crypto, a
// frame that fails its tag refused, pieces as one, and a key array changed in place not mistaken
// for the key it held before.

import { pureJsCrypto } from '@chainsafe/libp2p-noise/crypto';
import { Uint8ArrayList } from 'uint8arraylist';
import { describe, expect, it } from 'vitest';
import { NODE_CIPHER_FROM, noiseCrypto } from '../../src/net/noise-crypto.js';

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);
const flat = (data: Uint8Array | Uint8ArrayList) => (data instanceof Uint8Array ? data : data.subarray());
const nonce = bytes(12, 7);
const ad = bytes(32, 3);

describe('noise cipher', () => {
  for (const size of [0, 100, NODE_CIPHER_FROM - 1, NODE_CIPHER_FROM, NODE_CIPHER_FROM + 1, 1500, 5000]) {
    it(`seals and opens ${size} bytes as the reference cipher does`, () => {
      const key = bytes(32, size);
      const plain = bytes(size, 11);
      const sealed = flat(noiseCrypto.chaCha20Poly1305Encrypt(plain, nonce, ad, key));
      expect([...sealed]).toEqual([...flat(pureJsCrypto.chaCha20Poly1305Encrypt(plain, nonce, ad, key))]);
      expect([...flat(noiseCrypto.chaCha20Poly1305Decrypt(sealed, nonce, ad, key))]).toEqual([...plain]);
      const forged = Uint8Array.from(sealed);
      forged[forged.length - 1]! ^= 1;
      expect(() => noiseCrypto.chaCha20Poly1305Decrypt(forged, nonce, ad, key)).toThrow();
    });
  }

  it('takes a frame in pieces', () => {
    const key = bytes(32, 1);
    const plain = bytes(2000, 5);
    const pieces = new Uint8ArrayList(plain.subarray(0, 700), plain.subarray(700));
    const sealed = flat(noiseCrypto.chaCha20Poly1305Encrypt(pieces, nonce, ad, key));
    const cut = new Uint8ArrayList(sealed.subarray(0, 1000), sealed.subarray(1000));
    expect([...flat(noiseCrypto.chaCha20Poly1305Decrypt(cut, nonce, ad, key))]).toEqual([...plain]);
  });

  it('uses what a key array holds now, not what it held', () => {
    const key = bytes(32, 2);
    const plain = bytes(NODE_CIPHER_FROM * 2, 9);
    noiseCrypto.chaCha20Poly1305Encrypt(plain, nonce, ad, key);
    key[0]! ^= 0xff;
    const sealed = flat(noiseCrypto.chaCha20Poly1305Encrypt(plain, nonce, ad, key));
    expect([...sealed]).toEqual([...flat(pureJsCrypto.chaCha20Poly1305Encrypt(plain, nonce, ad, key))]);
  });
});
