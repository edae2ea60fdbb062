// SHA-256 for the layers above that may not import node: modules themselves (the core runs in
// `risk verify`, in tests and, later, in a browser): the one place that picks the implementation.
// crypto.hash, one call without a Hash object: about twice as fast for the short inputs hashed per line.
import { hash } from 'node:crypto';

/** SHA-256 of UTF-8 text or bytes, as 64 lowercase hex digits. */
export function sha256Hex(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

/** SHA-256 of UTF-8 text or bytes. */
export function sha256Bytes(data: string | Uint8Array): Uint8Array {
  return Uint8Array.from(hash('sha256', data, 'buffer'));
}
