// Test-only: drives the class peer with a recorded game. The recording's other side is played back
// line by line over 127.0.0.1 while the class peer plays its own side from the same recording (its
// moves and its dice numbers are the recorded ones; everything else — acks, ids, validation, the
// deck model, the end — is its own), so what it sends can be compared with what was recorded.
import { readFileSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { ClassPeer, type ClassPeerOutcome, type ClassQuirks, toModelAction } from './class-peer.js';

export interface RecordedLine {
  /** 1-based line number in the recording. */
  readonly line: number;
  readonly dir: string;
  readonly raw: string;
  readonly conn?: number;
}

/** Reads a proxy recording (cs3099-observed.md §11) from tests/fixtures. */
export function readRecording(path: string): RecordedLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => text.trim() !== '')
    .map(({ text, line }) => {
      const r = JSON.parse(text) as { dir: string; raw: string; conn?: number };
      return { line, dir: r.dir, raw: r.raw, conn: r.conn };
    });
}

export interface ReplayResult {
  readonly outcome: ClassPeerOutcome;
  /** Differences between what the class peer sent and what the recording has on its side (acks aside). */
  readonly mismatches: readonly string[];
  /** The class peer's lines other than acknowledgements, parsed. */
  readonly sent: readonly Record<string, unknown>[];
  /** The recording's lines on the class peer's side other than acknowledgements, parsed. */
  readonly recorded: readonly Record<string, unknown>[];
  /** The payloads of the acknowledgements the class peer sent, and those the recording has on its side, in order. */
  readonly sentAcks: readonly unknown[];
  readonly recordedAcks: readonly unknown[];
  readonly peer: ClassPeer;
  /** Stops the class peer and closes the recording's side (left open until then, as a class peer would). */
  close(): Promise<void>;
}

const MOVES = new Set(['setup', 'play_cards', 'deploy', 'attack', 'defend', 'attack_capture', 'fortify']);

/** A line as a message: the envelope's inner line (`{"message": "<line>"}`), or the line itself. */
export function unwrap(raw: string): Record<string, unknown> {
  const outer = JSON.parse(raw) as Record<string, unknown>;
  return typeof outer.command !== 'string' && typeof outer.message === 'string'
    ? (JSON.parse(outer.message) as Record<string, unknown>)
    : outer;
}
const isAck = (m: Record<string, unknown>) => m.command === 'acknowledgement';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Lets socket events run without the ~1 ms floor of a timer. */
const yieldToEvents = () => new Promise<void>((r) => setImmediate(r));

/**
 * Plays `recording` to a class peer on `peerSide`. `stallMs` bounds the wait after the recording
 * ends; `waitMs` bounds each wait for a line the recording has on the peer's side.
 */
export async function replayToClassPeer(
  recording: readonly RecordedLine[],
  options: {
    peerSide: 'host' | 'client';
    quirks?: Partial<ClassQuirks>;
    waitMs?: number;
    stallMs?: number;
    moveTimeoutS?: number;
    ackTimeoutS?: number;
    /** The class peer's name (it shows in its players_joined). Default HostAI. */
    name?: string;
    /** Lines the other side sends after the recording's own. */
    after?: readonly string[];
  },
): Promise<ReplayResult> {
  const peerDir = options.peerSide === 'client' ? 'client->host' : 'host->client';
  const conn = recording.find((r) => r.dir === 'client->host')?.conn;
  const rows = recording.filter((r) => r.conn === conn && (r.dir === 'client->host' || r.dir === 'host->client'));
  const recorded = rows.filter((r) => r.dir === peerDir).map((r) => unwrap(r.raw));
  const script = recorded.filter((m) => MOVES.has(m.command as string));
  const numbers = recorded
    .filter((m) => m.command === 'roll_number')
    .map((m) => Buffer.from(m.payload as string, 'hex'));
  // A peer that draws its ack ids at random draws the recorded ones.
  const ackIds = recorded
    .filter((m) => m.command !== 'acknowledgement' && typeof m.ack_id === 'number')
    .map((m) => m.ack_id as number);
  const waitMs = options.waitMs ?? 3000;

  let socket: Socket | null = null;
  const peerOptions = {
    seed: 1,
    quirks: options.quirks ?? {},
    stallMs: options.stallMs ?? 2000,
    maxMs: 120_000,
    moveTimeoutS: options.moveTimeoutS ?? 30,
    ackTimeoutS: options.ackTimeoutS ?? 2,
    name: options.name ?? 'HostAI',
    ackIds: () => ackIds.shift() ?? 0,
    policy: (_state: unknown, me: number) => {
      const next = script.shift();
      return next === undefined ? null : toModelAction(next.command as string, me, next.payload);
    },
    numbers: () => {
      const next = numbers.shift();
      if (next === undefined) throw new Error('the recording has no more dice numbers for the class peer');
      return next;
    },
  };
  let peer: ClassPeer;
  let server: ReturnType<typeof createServer> | null = null;
  if (options.peerSide === 'client') {
    const connected = new Promise<Socket>((resolve) => {
      server = createServer((s) => resolve(s));
    });
    const port = await new Promise<number>((resolve) =>
      server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)),
    );
    peer = await ClassPeer.start({ role: 'client', address: `127.0.0.1:${port}`, ...peerOptions });
    socket = await connected;
  } else {
    peer = await ClassPeer.start({ role: 'host', ...peerOptions });
    socket = await new Promise<Socket>((resolve) => {
      const s = createConnection({ host: '127.0.0.1', port: peer.port }, () => resolve(s));
    });
  }
  socket.setNoDelay(true); // no Nagle delay on each line the recording sends
  socket.on('data', () => {}); // the peer's lines are read from its own log
  socket.on('error', () => {});

  const mismatches: string[] = [];
  const out: Record<string, unknown>[] = [];
  let scanned = 0;
  const sentSoFar = () => {
    for (; scanned < peer.lines.length; scanned++) {
      const l = peer.lines[scanned]!;
      if (l.dir !== 'out') continue;
      const m = unwrap(l.raw);
      if (!isAck(m)) out.push(m);
    }
    return out;
  };
  let expected = 0;
  for (const row of rows) {
    if (peer.current.status !== 'playing') break;
    if (row.dir === peerDir) {
      if (!isAck(unwrap(row.raw))) expected++;
      continue;
    }
    // Send the other side's line once the peer has said everything the recording has it say before it.
    const deadline = Date.now() + waitMs;
    while (sentSoFar().length < expected && Date.now() < deadline && peer.current.status === 'playing')
      await yieldToEvents();
    if (sentSoFar().length < expected) {
      mismatches.push(
        `line ${row.line}: the class peer has sent ${sentSoFar().length} lines, the recording ${expected} (status ${peer.current.status}: ${peer.current.reason})`,
      );
      break;
    }
    socket.write(`${row.raw}\n`);
  }
  for (const raw of options.after ?? []) if (peer.current.status === 'playing') socket.write(`${raw}\n`);
  // Let the peer answer the last lines, then see where it stands.
  const settle = Date.now() + waitMs;
  while (sentSoFar().length < expected && Date.now() < settle && peer.current.status === 'playing') await sleep(5);
  await sleep(100);

  const sent = [...sentSoFar()];
  const recordedMoves = recorded.filter((m) => !isAck(m));
  for (let i = 0; i < Math.max(sent.length, recordedMoves.length); i++) {
    const want = recordedMoves[i];
    const got = sent[i];
    if (want === undefined || got === undefined) {
      if (i < expected) mismatches.push(`line ${i}: sent ${JSON.stringify(got)}, recorded ${JSON.stringify(want)}`);
      continue;
    }
    if (!sameLine(want, got)) mismatches.push(`#${i}: sent ${JSON.stringify(got)}, recorded ${JSON.stringify(want)}`);
    if (mismatches.length > 10) break;
  }
  const sentAcks = peer.lines
    .filter((l) => l.dir === 'out')
    .map((l) => unwrap(l.raw))
    .filter(isAck)
    .map((m) => m.payload);
  const recordedAcks = recorded.filter(isAck).map((m) => m.payload);
  const outcome = peer.current;
  const driver = socket;
  const s = server as ReturnType<typeof createServer> | null;
  const close = async () => {
    await peer.stop();
    driver.destroy();
    if (s !== null) await new Promise<void>((r) => s.close(() => r()));
  };
  return { outcome, mismatches, sent, recorded: recordedMoves, sentAcks, recordedAcks, peer, close };
}

/** Same command and payload (the joining name and the wire order of keys aside). */
function sameLine(want: Record<string, unknown>, got: Record<string, unknown>): boolean {
  if (want.command !== got.command) return false;
  if (want.command === 'join_game') return true;
  return (
    JSON.stringify(canonical(want.payload)) === JSON.stringify(canonical(got.payload)) &&
    (want.player_id ?? null) === (got.player_id ?? null)
  );
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
