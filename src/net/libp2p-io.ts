// Two per-line costs of the libp2p stack we use, removed without changing a byte on the wire:
// - Writes: Noise hands the TCP connection each frame as two pieces (its 2-byte length, then the
//   ciphertext) and @libp2p/tcp writes each piece to the socket on its own: two system calls (and,
//   with Nagle off, two TCP segments for the receiver to read) per line per link. The pieces queued
//   on a raw connection are now joined first, so each frame is one write (socket writes were 17% of
//   a 6-peer `risk bot` process's profile on a loaded machine, where system calls look large).
// - Reads: Noise's frame decoder asks for the next length after every frame, and its length reader
//   throws a RangeError (stack trace and all) when no bytes are left: once at the end of every read.
//   An empty buffer now ends the loop with no length read and nothing thrown (4% of the CPU of
//   bench:net's six peers in one process).
// Loaded once, for every connection of the process.
import { AbstractMessageStream, AbstractMultiaddrConnection, LengthPrefixedDecoder } from '@libp2p/utils';

/** What the write patch reads of a connection's write queue (fields the library keeps private). */
interface Queued {
  writeBuffer?: {
    bufs: Uint8Array[];
    byteLength: number;
    subarray(): Uint8Array;
    consume(bytes: number): void;
    append(buf: Uint8Array): void;
  };
}

const processSendQueue = (AbstractMessageStream.prototype as unknown as { processSendQueue: () => boolean })
  .processSendQueue;
// Only the raw transport connections (TCP): Noise's and yamux's streams are not multiaddr connections.
Object.defineProperty(AbstractMultiaddrConnection.prototype, 'processSendQueue', {
  configurable: true,
  writable: true,
  value(this: AbstractMultiaddrConnection) {
    const queued = (this as unknown as Queued).writeBuffer;
    if (queued !== undefined && Array.isArray(queued.bufs) && queued.bufs.length > 1) {
      const whole = queued.subarray();
      queued.consume(whole.byteLength);
      queued.append(whole);
    }
    return processSendQueue.call(this);
  },
});

/** What the read patch reads of a decoder (fields the library keeps private). */
type Chunk = Parameters<LengthPrefixedDecoder['decode']>[0];
interface Lengths {
  lengthDecoder: (data: { byteLength: number }) => number;
  maxDataLength: number;
}

const guarded = new WeakSet<object>();
const decode = LengthPrefixedDecoder.prototype.decode;
LengthPrefixedDecoder.prototype.decode = function (this: LengthPrefixedDecoder, buf: Chunk) {
  const decoder = this as unknown as Lengths;
  const read = decoder.lengthDecoder;
  if (typeof read === 'function' && !guarded.has(read)) {
    // An empty buffer reads as the longest allowed frame, which it does not hold: the library's
    // loop then waits for more bytes, as after its RangeError, without one being made.
    const guard = (data: { byteLength: number }) => (data.byteLength === 0 ? decoder.maxDataLength : read(data));
    guarded.add(guard);
    decoder.lengthDecoder = guard;
  }
  return decode.call(this, buf);
};
