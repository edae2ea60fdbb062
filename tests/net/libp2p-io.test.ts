// The libp2p I/O patches (src/net/libp2p-io.ts): what a raw connection hands its transport for one
// frame queued in pieces (Noise queues its length, then the ciphertext), over an in-memory
// connection pair; and the frames a length-prefixed decoder reads from bytes split anyhow, with the
// length reader's throws counted. Each case runs the library alone first, then patched.

import { LengthPrefixedDecoder, multiaddrConnectionPair } from '@libp2p/utils';
import { Uint8ArrayList } from 'uint8arraylist';
import { beforeAll, describe, expect, it } from 'vitest';

/** The pieces the far end of a connection pair is handed for one send of `pieces`, and their bytes. */
async function handedOver(pieces: Uint8Array[]) {
  const [a, b] = multiaddrConnectionPair();
  try {
    const got = new Promise<{ pieces: number; bytes: number[] }>((resolve) =>
      b.addEventListener(
        'message',
        (event) => {
          const data = event.data;
          const list = data instanceof Uint8Array ? [data] : [...data];
          resolve({ pieces: list.length, bytes: list.flatMap((piece) => [...piece]) });
        },
        { once: true },
      ),
    );
    // Noise's own list (this version of the package, the one Noise uses), as Noise hands it on.
    a.send(new Uint8ArrayList(...pieces) as unknown as Parameters<typeof a.send>[0]);
    return await got;
  } finally {
    a.abort(new Error('test over'));
    b.abort(new Error('test over'));
  }
}

/** A 2-byte big-endian length reader like Noise's: it throws a RangeError when the bytes are too few. */
function lengthReader() {
  const counts = { throws: 0 };
  const read = (data: Uint8Array | { byteLength: number; subarray(): Uint8Array }) => {
    if (data.byteLength < 2) {
      counts.throws++;
      throw new RangeError('Could not decode int16BE');
    }
    const bytes = data instanceof Uint8Array ? data : data.subarray();
    return (bytes[0]! << 8) + bytes[1]!;
  };
  return { read, counts };
}

/** Frames of 3, 0 (skipped by the decoder), 5 and 1 bytes, 2-byte length first, as one stream. */
const frames = [[1, 2, 3], [], [4, 5, 6, 7, 8], [9]];
const wire = new Uint8Array(frames.flatMap((f) => [f.length >> 8, f.length & 255, ...f]));

/** Decodes `wire` fed in `cuts`-sized chunks: the frames read, and how often the reader threw. */
function decodeInChunks(cuts: number[]) {
  const { read, counts } = lengthReader();
  const decoder = new LengthPrefixedDecoder({ lengthDecoder: read, encodingLength: () => 2 });
  const got: number[][] = [];
  let at = 0;
  for (const cut of cuts) {
    for (const frame of decoder.decode(wire.subarray(at, at + cut))) got.push([...frame.subarray()]);
    at += cut;
  }
  return { frames: got, throws: counts.throws };
}

const pieces = [new Uint8Array([0, 3]), new Uint8Array([7, 8, 9])];
const splits = [[wire.length], Array.from(wire, () => 1), [5, 2, 7, 3]];

describe('the libp2p I/O patches', () => {
  // The library alone first: vitest loads this file's modules afresh (isolated), and the patch only here.
  let before: { handed: Awaited<ReturnType<typeof handedOver>>; decoded: ReturnType<typeof decodeInChunks>[] };
  beforeAll(async () => {
    before = { handed: await handedOver(pieces), decoded: splits.map(decodeInChunks) };
    await import('../../src/net/libp2p-io.js');
  });

  it('a frame queued in two pieces reaches the transport as one, the same bytes', async () => {
    expect(before.handed).toEqual({ pieces: 2, bytes: [0, 3, 7, 8, 9] });
    expect(await handedOver(pieces)).toEqual({ pieces: 1, bytes: [0, 3, 7, 8, 9] });
  });

  it('frames split anyhow (whole, byte by byte, frame by frame) decode the same, with no throw at the end of each read', () => {
    const after = splits.map(decodeInChunks);
    const expected = frames.filter((f) => f.length > 0);
    for (const run of [...before.decoded, ...after]) expect(run.frames).toEqual(expected);
    // The library throws once at the end of every read that used its bytes up (and on a lone
    // length byte); patched, only on a lone length byte (4 of them when fed byte by byte).
    expect(before.decoded.map((r) => r.throws)).toEqual([1, 4 + 4, 4]);
    expect(after.map((r) => r.throws)).toEqual([0, 4, 0]);
  });
});
