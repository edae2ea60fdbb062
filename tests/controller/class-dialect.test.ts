// The class transport answers each peer in the line dialect it speaks (cs3099-observed.md §1):
// bare JSON, or the late-course envelope {"message": "<line>", "signature": ""}. The conversion
// sits where a link writes its lines, so relayed lines are converted too.
import { createConnection, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Link } from '../../src/net/link.js';
import { inDialect, lineDialect, listenTcp, type TcpListener } from '../../src/net/tcp.js';

const bare = '{"command":"deploy","payload":[[1,3]],"player_id":1,"ack_id":4}';
const wrapped = JSON.stringify({ message: bare, signature: '' });

describe('line dialects', () => {
  it('tells a bare line from a wrapped one, and neither from anything else', () => {
    expect(lineDialect(bare)).toBe('bare');
    expect(lineDialect(wrapped)).toBe('wrapped');
    expect(lineDialect('{"message":{"command":"ping","payload":null}}')).toBe('wrapped');
    // A leave_game's payload has a `message` too: still a bare line.
    expect(lineDialect('{"command":"leave_game","payload":{"message":"x"},"player_id":1}')).toBe('bare');
    expect(lineDialect('not json')).toBeNull();
    expect(lineDialect('[1,2]')).toBeNull();
    expect(lineDialect('{"x":1}')).toBeNull();
  });

  it('converts a line to either dialect and back', () => {
    expect(inDialect(bare, 'bare')).toBe(bare);
    expect(inDialect(bare, 'wrapped')).toBe(wrapped);
    expect(inDialect(wrapped, 'wrapped')).toBe(wrapped);
    expect(inDialect(wrapped, 'bare')).toBe(bare);
    // The inner message as an object (tolerated on input) comes out as a bare line.
    expect(JSON.parse(inDialect(JSON.stringify({ message: JSON.parse(bare) }), 'bare'))).toEqual(JSON.parse(bare));
    expect(inDialect('garbage', 'wrapped')).toBe('garbage');
  });
});

describe('a host link over TCP', () => {
  let listener: TcpListener | null = null;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await listener?.close();
    listener = null;
  });

  /** A raw client: what it received, line by line. */
  async function client(port: number) {
    const lines: string[] = [];
    let buffer = '';
    const socket = await new Promise<Socket>((resolve) => {
      const s = createConnection({ host: '127.0.0.1', port }, () => resolve(s));
    });
    sockets.push(socket);
    socket.on('data', (d: Buffer) => {
      buffer += d.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      lines.push(...parts);
    });
    return { socket, lines };
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('writes to each client in the dialect that client last spoke, relayed lines included', async () => {
    listener = await listenTcp('127.0.0.1', 0);
    const links: Link[] = [];
    const received: string[][] = [];
    listener.onLink((link) => {
      const index = links.length;
      links.push(link);
      received.push([]);
      link.onLine((line) => received[index]!.push(line));
    });
    const plain = await client(listener.port);
    await until(() => links.length === 1);
    const enveloped = await client(listener.port);
    await until(() => links.length === 2);

    // Before a client has said anything it is sent bare lines.
    links[1]!.send('{"command":"ping","payload":2,"player_id":0}');
    await until(() => enveloped.lines.length === 1);
    expect(enveloped.lines[0]).toBe('{"command":"ping","payload":2,"player_id":0}');

    plain.socket.write(`${bare}\n`);
    enveloped.socket.write(`${JSON.stringify({ message: '{"command":"ping","payload":null,"player_id":2}' })}\n`);
    await until(() => received[0]!.length === 1 && received[1]!.length === 1);
    // The host relays each client's line to the other one, unchanged as far as it knows.
    links[1]!.send(received[0]![0]!);
    links[0]!.send(received[1]![0]!);
    links[0]!.send('{"command":"ready","payload":null,"player_id":0,"ack_id":0}\n');
    links[1]!.send('{"command":"ready","payload":null,"player_id":0,"ack_id":0}\n');
    await until(() => plain.lines.length === 2 && enveloped.lines.length === 3);
    expect(plain.lines).toEqual([
      '{"command":"ping","payload":null,"player_id":2}',
      '{"command":"ready","payload":null,"player_id":0,"ack_id":0}',
    ]);
    expect(enveloped.lines.slice(1)).toEqual([
      wrapped,
      JSON.stringify({ message: '{"command":"ready","payload":null,"player_id":0,"ack_id":0}', signature: '' }),
    ]);
  });
});
