// The class lobby handshake with three or more players, as the class implementations run it
// (interop-ac-3p-we-host-ping.jsonl, interop-ac-3p-we-join-ping.jsonl): the host passes each
// client's answer to the ping and its acknowledgement of ready on to every other client, and a
// client answers only the host's ping (the one carrying the player count).
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runBot } from '../../src/cli/bot.js';
import { listenTcp, TcpEndpoint, type TcpListener } from '../../src/net/tcp.js';
import { hostLobby, joinLobby, type LobbyResult } from '../../src/sessions/lobby.js';

/** A raw TCP end: the lines it received, parsed, and a way to write raw lines. */
interface RawEnd {
  readonly socket: Socket;
  readonly lines: Record<string, unknown>[];
  send(message: object): void;
}

function rawEnd(socket: Socket): RawEnd {
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  socket.on('data', (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const part of parts) if (part.trim() !== '') lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  socket.on('error', () => {});
  return { socket, lines, send: (message) => socket.write(`${JSON.stringify(message)}\n`) };
}

const until = async (check: () => boolean, ms = 3000) => {
  for (let waited = 0; waited < ms && !check(); waited += 10) await new Promise((r) => setTimeout(r, 10));
};

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const closeRoster = (result: LobbyResult) => {
  if (result.ok) for (const link of result.roster.links.values()) link.close();
};

describe('our host, three players', () => {
  it('passes each client’s ping answer and ready acknowledgement on to the other client, before ready and initialise_game', async () => {
    const listener: TcpListener = await listenTcp('127.0.0.1', 0);
    closers.push(() => listener.close());
    const hosting = hostLobby(new TcpEndpoint(listener), {
      players: 3,
      name: 'Ours',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 10_000,
    });
    const clients: RawEnd[] = [];
    for (const name of ['A', 'B']) {
      const socket = await new Promise<Socket>((resolve) => {
        const s = createConnection({ host: '127.0.0.1', port: listener.port }, () => resolve(s));
      });
      closers.push(() => void socket.destroy());
      const end = rawEnd(socket);
      clients.push(end);
      end.send({ command: 'join_game', payload: { supported_versions: [1], supported_features: [], name } });
      await until(() => end.lines.some((l) => l.command === 'players_joined'));
    }
    const [a, b] = clients as [RawEnd, RawEnd];
    // Like the class clients: answer the host's ping; acknowledge ready only once every player's ping came.
    const pings = (end: RawEnd) => end.lines.filter((l) => l.command === 'ping').length;
    await until(() => pings(a) >= 1 && pings(b) >= 1);
    a.send({ command: 'ping', payload: null, player_id: 1 });
    b.send({ command: 'ping', payload: null, player_id: 2 });
    await until(() => [a, b].every((end) => pings(end) === 2 && end.lines.some((l) => l.command === 'ready')));
    a.send({ command: 'acknowledgement', payload: 0, player_id: 1 });
    b.send({ command: 'acknowledgement', payload: 0, player_id: 2 });
    const hosted = await hosting;
    expect(hosted.ok).toBe(true);
    closeRoster(hosted);
    await until(() => [a, b].every((end) => end.lines.some((l) => l.command === 'initialise_game')));

    const lobbyLines = (end: RawEnd) =>
      end.lines.filter((l) => l.command !== 'accept_join_game' && l.command !== 'players_joined');
    expect(lobbyLines(a)).toEqual([
      { command: 'ping', payload: 3, player_id: 0 },
      { command: 'ping', payload: null, player_id: 2 },
      { command: 'ready', payload: null, player_id: 0, ack_id: 0 },
      { command: 'acknowledgement', payload: 0, player_id: 2 },
      { command: 'initialise_game', payload: { version: 1, supported_features: [] } },
    ]);
    expect(lobbyLines(b)).toEqual([
      { command: 'ping', payload: 3, player_id: 0 },
      { command: 'ping', payload: null, player_id: 1 },
      { command: 'ready', payload: null, player_id: 0, ack_id: 0 },
      { command: 'acknowledgement', payload: 0, player_id: 1 },
      { command: 'initialise_game', payload: { version: 1, supported_features: [] } },
    ]);
  });
});

describe('our client, three players', () => {
  it('answers the host’s ping once and not the other client’s ping the host passes on', async () => {
    let host: RawEnd | null = null;
    const server: Server = createServer((socket) => (host = rawEnd(socket)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    closers.push(() => void (host as RawEnd | null)?.socket.destroy());
    const port = (server.address() as { port: number }).port;
    const joining = joinLobby(new TcpEndpoint(null), `127.0.0.1:${port}`, {
      name: 'Ours',
      features: [],
      startTimeoutMs: 5000,
    });
    await until(() => host !== null && host.lines.length > 0);
    const h = host as unknown as RawEnd;
    // The class host of interop-ac-3p-we-join-ping.jsonl, to our connection.
    h.send({
      player_id: 0,
      payload: { player_id: 1, move_timeout: 200, acknowledgement_timeout: 100 },
      command: 'accept_join_game',
    });
    h.send({
      player_id: 0,
      payload: [
        [0, 'AC-GREEDY'],
        [1, 'Ours'],
        [2, 'AC-GREEDY'],
      ],
      command: 'players_joined',
    });
    h.send({ player_id: 0, payload: 3, command: 'ping' });
    h.send({ player_id: 2, payload: null, command: 'ping' });
    h.send({ player_id: 0, payload: null, ack_id: 688974387, command: 'ready' });
    h.send({ player_id: 2, payload: 688974387, command: 'acknowledgement' });
    await until(() => h.lines.some((l) => l.command === 'acknowledgement'));
    h.send({ player_id: 0, payload: { supported_features: [], version: 1.0 }, command: 'initialise_game' });
    const joined = await joining;
    expect(joined.ok).toBe(true);
    closeRoster(joined);
    expect(h.lines.slice(1)).toEqual([
      { command: 'ping', payload: null, player_id: 1 },
      { command: 'acknowledgement', payload: 688974387, player_id: 1 },
    ]);
    if (joined.ok)
      expect(joined.roster.players.map((p) => [p.id, p.name])).toEqual([
        [0, 'AC-GREEDY'],
        [1, 'Ours'],
        [2, 'AC-GREEDY'],
      ]);
  });
});

describe('our joiner finds the line dialect the host reads', () => {
  /**
   * A host that reads only the {"message": …} form and closes on a bare line at once
   * (interop-ac-host-refuses-bare-join.jsonl), then runs a 2-player lobby. It counts connections.
   */
  async function wrappedOnlyHost() {
    const received: string[][] = [];
    const server: Server = createServer((socket) => {
      const lines: string[] = [];
      received.push(lines);
      let buffer = '';
      socket.on('error', () => {});
      const say = (message: object) => socket.write(`${JSON.stringify({ message: `${JSON.stringify(message)}\n` })}\n`);
      socket.on('data', (d: Buffer) => {
        buffer += d.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop()!;
        for (const raw of parts) {
          lines.push(raw);
          const outer = JSON.parse(raw) as Record<string, unknown>;
          if (!('message' in outer)) return void socket.destroy();
          const inner = JSON.parse(outer.message as string) as Record<string, unknown>;
          if (inner.command === 'join_game') {
            say({
              command: 'accept_join_game',
              payload: { player_id: 1, acknowledgement_timeout: 2, move_timeout: 10 },
            });
            say({
              command: 'players_joined',
              payload: [
                [0, 'AC'],
                [1, 'Ours'],
              ],
              player_id: 0,
            });
            say({ command: 'ping', payload: 2, player_id: 0 });
          } else if (inner.command === 'ping') say({ command: 'ready', payload: null, player_id: 0, ack_id: 17 });
          else if (inner.command === 'acknowledgement')
            say({ command: 'initialise_game', payload: { version: 1, supported_features: [] }, player_id: 0 });
        }
      });
      closers.push(() => void socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { address: `127.0.0.1:${(server.address() as { port: number }).port}`, received };
  }

  const join = (endpoint: TcpEndpoint, address: string, extra: { dialect?: 'bare' | 'wrapped' } = {}) => {
    const info: string[] = [];
    const result = joinLobby(endpoint, address, {
      name: 'Ours',
      features: [],
      startTimeoutMs: 5000,
      onEvent: (e) => e.type === 'info' && info.push(e.text),
      ...extra,
    });
    return { result, info };
  };

  it('offers the bare join_game, then the wrapped one when the host closes on it, and remembers the address', async () => {
    const host = await wrappedOnlyHost();
    const endpoint = new TcpEndpoint(null, new Map());
    const first = join(endpoint, host.address);
    const joined = await first.result;
    expect(joined.ok).toBe(true);
    closeRoster(joined);
    expect(first.info).toEqual([
      'the host closed the connection on our join_game: offering it in the wrapped {"message": …} form',
    ]);
    expect(host.received).toHaveLength(2);
    expect(JSON.parse(host.received[0]![0]!)).toMatchObject({ command: 'join_game' });
    // The second connection speaks only the wrapped form: join, the ping's answer, the ack of ready.
    expect(host.received[1]!.map((raw) => JSON.parse(JSON.parse(raw).message as string).command)).toEqual([
      'join_game',
      'ping',
      'acknowledgement',
    ]);
    expect(endpoint.dialects.get(host.address)).toBe('wrapped');

    // Next time this address is offered the wrapped form first: one connection, no retry.
    const again = join(endpoint, host.address);
    closeRoster(await again.result);
    expect(again.info).toEqual([]);
    expect(host.received).toHaveLength(3);
    expect(host.received[2]![0]).toMatch(/^\{"message":/);
  });

  it('with a dialect forced it speaks only that one: wrapped joins at once, bare is refused', async () => {
    const host = await wrappedOnlyHost();
    const wrapped = join(new TcpEndpoint(null, new Map()), host.address, { dialect: 'wrapped' });
    const joined = await wrapped.result;
    expect(joined.ok).toBe(true);
    closeRoster(joined);
    expect(host.received).toHaveLength(1);

    const bare = join(new TcpEndpoint(null, new Map()), host.address, { dialect: 'bare' });
    const refused = await bare.result;
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/^the host did not answer: connection closed/);
    expect(host.received).toHaveLength(2);
  });
});

describe('risk bot --dialect', () => {
  it('is listed in the usage, and taken only by a cs3099 joiner, as bare or wrapped', async () => {
    let out = '';
    let err = '';
    const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };
    expect(await runBot(['--help'], io)).toBe(0);
    expect(out).toMatch(/--dialect D +cs3099 join only: bare or wrapped/);
    expect(await runBot(['host', '--profile', 'cs3099', '--players', '2', '--dialect', 'wrapped'], io)).toBe(2);
    expect(err).toMatch(/--dialect is for joining on the cs3099 profile/);
    err = '';
    expect(await runBot(['join', '127.0.0.1:1', '--dialect', 'wrapped'], io)).toBe(2);
    expect(err).toMatch(/--dialect is for joining on the cs3099 profile/);
    err = '';
    expect(await runBot(['join', '127.0.0.1:1', '--profile', 'cs3099', '--dialect', 'json'], io)).toBe(2);
    expect(err).toMatch(/--dialect "json": say bare or wrapped/);
  });
});
