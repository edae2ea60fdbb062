// Noise's ChaCha20-Poly1305 for our links, the same cipher as the library's default with less CPU
// per frame. The default seals frames under 1200 bytes in WebAssembly (~11 µs a kilobyte here) and
// larger ones with node:crypto, handing it the key as raw bytes: node then tells whether those
// bytes are a KeyObject or a CryptoKey by two exceptions caught inside (stack traces and all),
// ~50 µs a frame. Here node:crypto gets a KeyObject made once per key (~7 µs a frame), and only
// frames too small for that to pay keep the WebAssembly cipher. Not a byte on the wire changes:
// both are RFC 8439 ChaCha20-Poly1305, as Noise specifies.

import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';
import type { ICryptoInterface } from '@chainsafe/libp2p-noise';
import { asCrypto, defaultCrypto } from '@chainsafe/libp2p-noise/crypto';

/**
 * Below this many bytes the WebAssembly cipher costs less CPU than node:crypto's set-up of each
 * call (measured here, each way: ~7 µs both at 500 bytes, WebAssembly 3 against 7 at 100, node 7
 * against 11 at 1000).
 */
export const NODE_CIPHER_FROM = 512;

type Bytes = Parameters<ICryptoInterface['chaCha20Poly1305Encrypt']>[0];

const TAG = 16;
const CIPHER = 'chacha20-poly1305';
/** Each key's KeyObject, by the key's array (a Noise cipher state keeps one for the session). */
const keys = new WeakMap<Uint8Array, { bytes: Buffer; key: KeyObject }>();

function keyObject(k: Uint8Array): KeyObject {
  const known = keys.get(k);
  // The bytes are compared too: a key array changed in place must not reuse the old key.
  if (known?.bytes.equals(k)) return known.key;
  const bytes = Buffer.from(k);
  const key = createSecretKey(bytes);
  keys.set(k, { bytes, key });
  return key;
}

const flat = (data: Bytes): Uint8Array => (data instanceof Uint8Array ? data : data.subarray());

export const noiseCrypto: ICryptoInterface = {
  ...defaultCrypto,
  chaCha20Poly1305Encrypt(plaintext, nonce, ad, k) {
    if (plaintext.byteLength < NODE_CIPHER_FROM) return asCrypto.chaCha20Poly1305Encrypt(plaintext, nonce, ad, k);
    const text = flat(plaintext);
    const cipher = createCipheriv(CIPHER, keyObject(k), nonce, { authTagLength: TAG });
    cipher.setAAD(ad, { plaintextLength: text.byteLength });
    const sealed = cipher.update(text);
    const rest = cipher.final();
    return Buffer.concat([sealed, rest, cipher.getAuthTag()]);
  },
  chaCha20Poly1305Decrypt(ciphertext, nonce, ad, k, dst) {
    if (ciphertext.byteLength < NODE_CIPHER_FROM + TAG)
      return asCrypto.chaCha20Poly1305Decrypt(ciphertext, nonce, ad, k, dst);
    const whole = flat(ciphertext);
    const text = whole.subarray(0, whole.byteLength - TAG);
    const decipher = createDecipheriv(CIPHER, keyObject(k), nonce, { authTagLength: TAG });
    decipher.setAAD(ad, { plaintextLength: text.byteLength });
    decipher.setAuthTag(whole.subarray(whole.byteLength - TAG));
    const opened = decipher.update(text);
    // final() throws when the tag does not match, as the library's own ciphers do.
    const rest = decipher.final();
    return rest.byteLength > 0 ? Buffer.concat([opened, rest]) : opened;
  },
};
