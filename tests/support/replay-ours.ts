// Test-only: replays a live recording (tests/fixtures/cs3099, the proxy format of cs3099-observed.md
// §11) against OUR peer, to see what it sends now where it sent something else then. The other side's
// lines go out over 127.0.0.1 as recorded, each once our peer has said what the recording has it say
// before that line (bounded waits); our peer runs the lobby and the star session `risk bot` runs,
// with a seat that makes the recorded moves and dice numbers that are the recorded ones, for as long
// as those are legal (then a seeded bot's).
import { createHash } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { apply, CHECK_DICE } from '../../src/model/index.js';
import type { Link } from '../../src/net/link.js';
import { listenTcp, TcpEndpoint, type TcpListener } from '../../src/net/tcp.js';
import { seededDice } from '../../src/protocol/random.js';
import { hostLobby, joinLobby, type LobbyEvent, type LobbyResult } from '../../src/sessions/lobby.js';
import type { SessionEvent, SessionResult } from '../../src/sessions/mesh-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { StarSession } from '../../src/sessions/star-session.js';
import { toModelAction } from './class-peer.js';
import { type RecordedLine, unwrap } from './replay.js';

type Json = Record<string, unknown>;

export interface OursReplay {
  /** Per recorded connection: what our peer sent on it, unwrapped and parsed. */
  readonly sent: ReadonlyMap<number, Json[]>;
  /** Per recorded connection: what the recording has our peer send on it. */
  readonly recorded: ReadonlyMap<number, Json[]>;
  /** Our client: the lines it sent on connections the recording does not have (it dialled again). */
  readonly redialled: readonly string[][];
  readonly lobby: LobbyResult | null;
  readonly result: SessionResult | null;
  readonly events: readonly (SessionEvent | LobbyEvent)[];
  /** Recorded moves our seat made, and whether it had to leave the recording (a move no longer legal). */
  readonly scripted: { readonly made: number; readonly leftAt: number | null };
}

const MOVES = new Set(['setup', 'play_cards', 'deploy', 'attack', 'defend', 'attack_capture', 'fortify']);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A raw end of one TCP connection: lines received, in order. */
interface End {
  readonly socket: Socket;
  readonly lines: string[];
  closed: boolean;
}

function end(socket: Socket): End {
  const e: End = { socket, lines: [], closed: false };
  socket.setNoDelay(true);
  let buffer = '';
  socket.on('data', (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const p of parts) if (p.trim() !== '') e.lines.push(p);
  });
  socket.on('error', () => {});
  socket.on('close', () => (e.closed = true));
  return e;
}

/**
 * Plays `recording` to our peer in `ourRole`. `waitMs` bounds each wait for our peer to catch up
 * with the recording; `endMs` the wait for its session to end after the last line.
 */
export async function replayToOurs(
  recording: readonly RecordedLine[],
  options: { readonly ourRole: 'host' | 'client'; readonly waitMs?: number; readonly endMs?: number },
): Promise<OursReplay> {
  const waitMs = options.waitMs ?? 1500;
  const ourDir = options.ourRole === 'host' ? 'host->client' : 'client->host';
  const rows = recording.filter((r) => r.conn !== undefined);
  const conns = [...new Set(rows.map((r) => r.conn!))];
  // Our client sees one connection, the first; our host, every one.
  const played = options.ourRole === 'host' ? conns : conns.slice(0, 1);
  const recorded = new Map(
    played.map((c) => [c, rows.filter((r) => r.conn === c && r.dir === ourDir).map((r) => unwrap(r.raw))]),
  );
  const me =
    options.ourRole === 'host'
      ? 0
      : Number(recorded.get(played[0]!)!.find((m) => m.command === 'ping')?.player_id ?? 1);
  const ours = recorded.get(played[0]!)!.filter((m) => m.player_id === me);
  const moves = ours.filter((m) => MOVES.has(m.command as string));
  const numbers = ours.filter((m) => m.command === 'roll_number').map((m) => Buffer.from(m.payload as string, 'hex'));

  const events: (SessionEvent | LobbyEvent)[] = [];
  const fallback = botSeat(createBot('normal', seededDice(7)), seededDice(8), { deadlineMs: 5000 });
  const scripted = { made: 0, leftAt: null as number | null };
  const seat: Seat = {
    kind: 'recorded',
    decide: async (state, player) => {
      const next = scripted.leftAt === null ? moves[scripted.made] : undefined;
      const action = next === undefined ? null : toModelAction(next.command as string, player, next.payload);
      if (action !== null && apply(state, action, CHECK_DICE).ok) {
        scripted.made++;
        return action;
      }
      scripted.leftAt ??= scripted.made;
      return fallback.decide(state, player);
    },
  };
  let number = 0;
  const secretNumbers = () => {
    const n = number++;
    return numbers[n] ?? createHash('sha256').update(`replay ${n}`).digest();
  };

  const ends = new Map<number, End>();
  const redialled: End[] = [];
  let listener: TcpListener | null = null;
  let server: Server | null = null;
  let lobby: Promise<LobbyResult>;
  if (options.ourRole === 'host') {
    listener = await listenTcp('127.0.0.1', 0);
    lobby = hostLobby(new TcpEndpoint(listener), {
      players: conns.length + 1,
      name: 'Ours',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 10_000,
      onEvent: (e) => events.push(e),
    });
  } else {
    server = createServer((socket) => {
      if (!ends.has(played[0]!)) ends.set(played[0]!, end(socket));
      else redialled.push(end(socket));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as { port: number }).port;
    lobby = joinLobby(new TcpEndpoint(null, new Map()), `127.0.0.1:${port}`, {
      name: 'Ours',
      features: [],
      startTimeoutMs: 10_000,
      onEvent: (e) => events.push(e),
    });
  }

  // Our session starts as soon as the lobby has: the recording goes on meanwhile.
  let session: StarSession | null = null;
  let result: SessionResult | null = null;
  let settled: LobbyResult | null = null;
  const running = lobby.then(async (started) => {
    settled = started;
    if (!started.ok) return;
    const roster = started.roster;
    session = new StarSession({
      me: roster.me,
      role: options.ourRole,
      players: roster.players.map((p) => ({ id: p.id, name: p.name })),
      links: roster.links,
      seat,
      ackTimeoutMs: roster.ackTimeoutMs,
      moveTimeoutMs: roster.moveTimeoutMs,
      secretNumbers,
      onEvent: (e) => events.push(e),
    });
    result = await session.run();
  });

  // The driver's end of each connection receives what our peer sent on it.
  const saidOnConn = (conn: number): Json[] => (ends.get(conn)?.lines ?? []).map(unwrap);
  const saidSoFar = (conn: number) => saidOnConn(conn).filter((m) => m.command !== 'acknowledgement').length;
  // Our client dials at once: the first connection is the recorded one.
  if (options.ourRole === 'client') await waitFor(() => ends.has(played[0]!), 5000);

  const expected = new Map<number, number>(played.map((c) => [c, 0]));
  for (const row of rows) {
    const conn = row.conn!;
    if (!played.includes(conn)) continue;
    if (row.dir === 'open') {
      if (options.ourRole === 'host') {
        const socket = await new Promise<Socket>((resolve) => {
          const s = createConnection({ host: '127.0.0.1', port: listener!.port }, () => resolve(s));
        });
        ends.set(conn, end(socket));
      }
      continue;
    }
    if (row.dir === 'close') {
      const e = ends.get(conn);
      if (e === undefined) continue;
      // Whoever closed then: give our peer a moment to close it, else the recording's side does.
      await waitFor(() => e.closed, 200);
      e.socket.end();
      continue;
    }
    if (row.dir === ourDir) {
      if (unwrap(row.raw).command !== 'acknowledgement') expected.set(conn, expected.get(conn)! + 1);
      continue;
    }
    if (row.dir !== 'client->host' && row.dir !== 'host->client') continue;
    await waitFor(() => saidSoFar(conn) >= expected.get(conn)!, waitMs);
    const e = ends.get(conn);
    if (e !== undefined && !e.closed) e.socket.write(`${row.raw}\n`);
  }
  await Promise.race([running, sleep(options.endMs ?? 4000)]);
  (session as StarSession | null)?.stop();
  for (const e of [...ends.values(), ...redialled]) e.socket.destroy();
  await listener?.close();
  if (server !== null) await new Promise<void>((resolve) => server!.close(() => resolve()));
  if (settled !== null) {
    const done = settled as LobbyResult;
    if (done.ok) for (const link of done.roster.links.values() as Iterable<Link>) link.close();
  }

  const sent = new Map(played.map((c) => [c, saidOnConn(c)]));
  return {
    sent,
    recorded,
    redialled: redialled.map((e) => e.lines),
    lobby: settled,
    result,
    events,
    scripted,
  };
}

/** Waits until `check` holds or `ms` have passed, letting socket events run without a timer's floor. */
async function waitFor(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise<void>((r) => setImmediate(r));
}
