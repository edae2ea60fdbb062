// A native link (src/net/libp2p-node.ts) writes the lines of one turn of the event loop as one
// frame, also those sent from promise callbacks of that turn (a seat's decision is one, settled
// after the acknowledgements that made it due): two PeerNodes on 127.0.0.1, the frames counted as
// the receiving stream's messages (one per yamux data frame).
import { afterEach, describe, expect, it } from 'vitest';
import { PeerNode, PROTOCOL_ID } from '../../src/net/libp2p-node.js';
import type { Link } from '../../src/net/link.js';

const started: PeerNode[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((peer) => peer.stop()));
});

describe('a native link', () => {
  it('sends the lines of one turn, promise callbacks included, in one frame', async () => {
    const sender = await PeerNode.start({ host: '127.0.0.1', port: 0 });
    const receiver = await PeerNode.start({ host: '127.0.0.1', port: 0 });
    started.push(sender, receiver);
    const inbound = new Promise<Link>((resolve) => receiver.onLink(resolve));
    const dialed = await sender.dial(receiver.addresses()[0]!);
    if (!dialed.ok) throw new Error(dialed.reason);
    const link = await inbound;
    const stream = receiver.node
      .getConnections()
      .flatMap((c) => c.streams)
      .find((s) => s.protocol === PROTOCOL_ID)!;
    let frames = 0;
    stream.addEventListener('message', () => frames++);
    const lines: string[] = [];
    const both = new Promise<void>((resolve) =>
      link.onLine((line) => {
        lines.push(line);
        if (lines.length === 2) resolve();
      }),
    );

    dialed.link.send('{"command":"acknowledgement"}');
    await Promise.resolve();
    dialed.link.send('{"command":"attack"}');
    await both;

    expect(lines).toEqual(['{"command":"acknowledgement"}', '{"command":"attack"}']);
    expect(frames).toBe(1);
  });
});
