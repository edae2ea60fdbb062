// The yamux window patch (src/net/yamux-window.ts) over two real yamux muxers joined by an in-memory
// connection pair: a large transfer each way still completes, with far fewer window-update frames on
// the wire than the library sends alone; and a stream without the fields the patch reads (another
// version of the library) goes the library's way.

import { yamux } from '@chainsafe/libp2p-yamux';
import { StreamState, YamuxStream } from '@chainsafe/libp2p-yamux/stream';
import type { MultiaddrConnection, Stream } from '@libp2p/interface';
import { multiaddrConnectionPair } from '@libp2p/utils';
import { describe, expect, it } from 'vitest';

/** Yamux frame types (the yamux spec): 0 data, 1 window update. */
const DATA = 0;
const WINDOW_UPDATE = 1;
const HEADER = 12;

/** Counts the yamux frames of each type one connection end receives, parsing its byte stream. */
function frameCounter(end: MultiaddrConnection) {
  const counts = new Map<number, number>();
  let pending = Buffer.alloc(0);
  end.addEventListener('message', (event) => {
    const data = event.data;
    pending = Buffer.concat([pending, data instanceof Uint8Array ? data : data.subarray()]);
    while (pending.length >= HEADER) {
      const type = pending[1]!;
      const body = type === DATA ? pending.readUInt32BE(8) : 0;
      if (pending.length < HEADER + body) break;
      counts.set(type, (counts.get(type) ?? 0) + 1);
      pending = pending.subarray(HEADER + body);
    }
  });
  return (type: number) => counts.get(type) ?? 0;
}

/** Sends `bytes` in chunks of `chunk`, waiting for the stream to drain when it says so. */
async function sendAll(stream: Stream, bytes: number, chunk: number) {
  const piece = new Uint8Array(chunk).fill(7);
  for (let sent = 0; sent < bytes; sent += chunk) {
    if (!stream.send(piece))
      await new Promise<void>((resolve) => stream.addEventListener('drain', () => resolve(), { once: true }));
  }
}

/** Resolves with the byte count once `bytes` have arrived on `stream` (bounded: rejects after `ms`). */
function receive(stream: Stream, bytes: number, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let got = 0;
    const timer = setTimeout(() => reject(new Error(`stalled after ${got} of ${bytes} bytes`)), ms);
    stream.addEventListener('message', (event) => {
      got += event.data.byteLength;
      if (got >= bytes) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });
}

/** One stream between two yamux muxers; a transfer of `bytes` each way; the window updates each end received. */
async function transfer(bytes: number, chunk: number) {
  const [a, b] = multiaddrConnectionPair();
  const updatesAt = [frameCounter(a), frameCounter(b)];
  const muxers = [yamux()().createStreamMuxer(a), yamux()().createStreamMuxer(b)];
  try {
    const accepted = new Promise<Stream>((resolve) =>
      muxers[1]!.addEventListener('stream', (event) => resolve(event.detail), { once: true }),
    );
    const outbound = await muxers[0]!.createStream();
    // The first data frame opens the stream at the other end.
    const inbound = accepted;
    const there = sendAll(outbound, bytes, chunk);
    const opened = await inbound;
    const [gotThere, gotBack] = await Promise.all([
      receive(opened, bytes, 20_000),
      receive(outbound, bytes, 20_000),
      there,
      sendAll(opened, bytes, chunk),
    ]);
    return {
      gotThere,
      gotBack,
      // The updates each sender got: the sign of its receiver's window updates.
      updates: updatesAt[0]!(WINDOW_UPDATE) + updatesAt[1]!(WINDOW_UPDATE),
      data: updatesAt[0]!(DATA) + updatesAt[1]!(DATA),
    };
  } finally {
    for (const m of muxers) m.abort(new Error('test over'));
  }
}

const BYTES = 4 * 1024 * 1024;
const CHUNK = 4096;

describe('the yamux window patch', () => {
  it('a transfer of 4 MiB each way completes with far fewer window updates than without it', async () => {
    // Unpatched first: vitest loads this file's modules afresh (isolated), and the patch only here.
    const before = await transfer(BYTES, CHUNK);
    await import('../../src/net/yamux-window.js');
    const after = await transfer(BYTES, CHUNK);
    for (const run of [before, after]) {
      expect(run.gotThere).toBe(BYTES);
      expect(run.gotBack).toBe(BYTES);
    }
    // The library: about one update per data frame received; patched: one per half window used.
    expect(before.updates).toBeGreaterThan(before.data / 2);
    expect(after.updates).toBeLessThan(before.updates / 4);
  });

  it("a stream without the fields it reads (another version of the library) goes the library's way, with no throw", async () => {
    await import('../../src/net/yamux-window.js');
    const frames: unknown[] = [];
    // A bare object on the library's prototype, with the fields its method reads besides the window's.
    const stream = (fields: object): YamuxStream =>
      Object.assign(Object.create(YamuxStream.prototype) as object, {
        streamId: 1,
        epochStart: Date.now(),
        getRTT: () => -1,
        sendFrame: (frame: unknown) => frames.push(frame),
        ...fields,
      }) as unknown as YamuxStream;
    // This version's fields, a quarter of the window used: the library would send an update, the patch does not.
    const window = 256 * 1024;
    stream({
      state: StreamState.Established,
      recvWindow: window,
      recvWindowCapacity: window * 0.75,
    }).sendWindowUpdate();
    expect(frames).toEqual([]);
    // The same stream under other names: the patch cannot tell, so the library's method runs and sends one.
    const renamed = stream({ streamState: StreamState.Established, window, windowLeft: window * 0.75 });
    expect(() => renamed.sendWindowUpdate()).not.toThrow();
    expect(frames).toHaveLength(1);
  });
});
