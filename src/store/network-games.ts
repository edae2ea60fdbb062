// Which stored networked games can go on, and how (protocol-spec/resume.md): resumed, when every
// player stopped, or rejoined, when this peer dropped out of a game the others still play. The
// reasons are said up front — in the menu's Resume list and by `risk bot` — instead of failing
// later. No wire code here: the menu lists games without loading it.
import type { TranscriptLine } from '../protocol/transcript.js';
import type { GameStore, GameSummary } from './store.js';

/** What a native session's record header (its first note) says; see MeshSession.run. */
export interface RecordHeader {
  readonly profile?: string;
  readonly gameId?: string;
  readonly features?: string[];
  readonly ackTimeoutMs?: number;
  readonly moveTimeoutMs?: number;
  readonly rules?: Record<string, unknown>;
  readonly resumedFrom?: unknown;
}

/** Whether a stored note is a session's record header (MeshSession.run writes one first). */
function isHeaderNote(line: { readonly dir: string; readonly raw: string }): boolean {
  if (line.dir !== 'note') return false;
  try {
    const fact = JSON.parse(line.raw) as { profile?: unknown; gameId?: unknown; players?: unknown };
    return typeof fact.profile === 'string' && typeof fact.gameId === 'string' && Array.isArray(fact.players);
  } catch {
    return false;
  }
}

/**
 * A stored game's lines by session: a resumed game keeps each session's record after the one
 * before it, each starting with its header note. Lines before any header stay with the first.
 */
export function sessionsOf<L extends { readonly dir: string; readonly raw: string }>(lines: readonly L[]): L[][] {
  const sessions: L[][] = [];
  let headed = false;
  for (const line of lines) {
    const header = isHeaderNote(line);
    if (sessions.length === 0 || (header && headed)) {
      sessions.push([]);
      headed = false;
    }
    headed ||= header;
    sessions[sessions.length - 1]!.push(line);
  }
  return sessions;
}

/** A session's stored lines as the audit reads a record: its lines in, out and notes, numbered from 1. */
export function recordOf(lines: readonly { t: number; conn: number; dir: string; raw: string }[]): TranscriptLine[] {
  return lines.flatMap((l, i) =>
    l.dir === 'in' || l.dir === 'out' || l.dir === 'note'
      ? [{ line: i + 1, t: l.t, conn: l.conn, dir: l.dir, raw: l.raw }]
      : [],
  );
}

/**
 * A stored game's record of each of its sessions (the first, then each resumed one), in the order
 * played: for each, the last record stored for it (a seat that rejoined a session stores the record
 * it went on with, the history it took back included). A record without a header is one of its own.
 */
export function sessionRecords<L extends { readonly dir: string; readonly raw: string }>(lines: readonly L[]): L[][] {
  const sessions = sessionsOf(lines);
  const key = (session: readonly L[], at: number) => {
    const note = session.find(isHeaderNote);
    return note ? (JSON.parse(note.raw) as { gameId: string }).gameId : `#${at}`;
  };
  const keys = sessions.map(key);
  return [...new Set(keys)].map((k) => sessions[keys.lastIndexOf(k)]!);
}

/** The header note of a stored game's record, or null (none stored, or not JSON). */
export function recordHeader(store: GameStore, id: number): RecordHeader | null {
  const row = store.db
    .prepare("SELECT raw FROM lines WHERE game_id = ? AND dir = 'note' ORDER BY seq LIMIT 1")
    .get(id) as { raw: string } | undefined;
  if (row === undefined) return null;
  try {
    const header: unknown = JSON.parse(row.raw);
    return header !== null && typeof header === 'object' ? (header as RecordHeader) : null;
  } catch {
    return null;
  }
}

/** The game's id as its players know it: the stored record's id without this peer's `-pN`. */
export function networkGameId(uid: string): string {
  return uid.replace(/-p\d+$/, '');
}

export const NETWORK_KINDS: readonly GameSummary['kind'][] = ['network', 'bot'];

/** What a stored networked game offers: resume and rejoin, each possible (null) or why not. */
export interface NetworkChances {
  readonly resume: string | null;
  readonly rejoin: string | null;
}

/**
 * Why a stored game cannot go on over the network at all, or null. `me`: this peer's seat in it.
 * Every variant can (protocol-spec/resume.md, Capital and Secret Mission games): a Capital game's
 * capitals are public once revealed, a Secret Mission game's deal is rebuilt from the record.
 */
function commonProblem(game: GameSummary, me: number | null): string | null {
  if (game.kind === 'cs3099' || game.profile === 'cs3099')
    return 'a cs3099 game: the class protocol has no way to resume or rejoin';
  if (!NETWORK_KINDS.includes(game.kind) || game.profile !== 'native') return 'not a native networked game';
  if (game.status === 'finished') return 'finished: there is nothing left to play';
  if (me === null) return 'the record does not say which seat was this player’s';
  if (game.players.some((p) => !p.peerId)) return 'a player’s key is not stored';
  return null;
}

/** Whether a stored game can be resumed and rejoined from here, and why not. */
export function networkChances(
  game: GameSummary,
  facts: {
    readonly me: number | null;
    readonly header: RecordHeader | null;
    /** The header of the session it was resumed in, if it was (resumedHeader). */
    readonly resumed?: RecordHeader | null;
  },
): NetworkChances {
  const common = commonProblem(game, facts.me);
  if (common !== null) return { resume: common, rejoin: common };
  const rejoin = rejoinHeaderProblem(game, facts.header, facts.resumed ?? null);
  if (game.game === 'risc') {
    // A RISC game's history is read from its records of signed lines (sessions/risc-resume.ts).
    const record = rejoin === null ? null : 'its record of signed lines (session id, terms) is not stored';
    return { resume: record, rejoin };
  }
  return { resume: null, rejoin };
}

/**
 * Why this seat may not take that part in a resume, or null: `hostSeat` hosts it (the lowest seat
 * not neutral in this player's store: the game's first host, seat 0, unless it was made neutral),
 * and the others join it.
 */
export function resumePartProblem(hostName: string, me: number | null, host: boolean, hostSeat = 0): string | null {
  const who = hostSeat === 0 ? 'who hosted it' : 'the first seat still in the game';
  if (host && me !== hostSeat) return `only ${hostName}, ${who}, can host it again: choose Join, and join them`;
  if (!host && me === hostSeat)
    return `you ${hostSeat === 0 ? 'hosted it' : 'are the first seat still in the game'}: host it again, and the others join you`;
  return null;
}

/**
 * Why a rejoin cannot work from what the store holds of the session, or null. `header`: the first
 * session's record header; `resumed`: the header of the session the game was resumed in, if it was.
 */
export function rejoinHeaderProblem(
  game: Pick<GameSummary, 'session'>,
  header: RecordHeader | null,
  resumed: RecordHeader | null = null,
): string | null {
  if (game.session !== null) {
    // The resumed session's record is stored since schema 5's resumes kept their lines; earlier ones kept only steps.
    if (resumed?.gameId !== game.session || !isResumedFrom(resumed.resumedFrom))
      return 'it was resumed in a new session whose record is not stored here (resumed by an earlier version): it cannot be rejoined';
    header = resumed;
  }
  if (header?.profile !== 'native' || typeof header.gameId !== 'string' || !Array.isArray(header.features))
    return 'the record header (session id, features, timeouts) is not stored';
  return null;
}

/** Whether a header's resumedFrom names a game, a point and a hash (session.ts ResumedFrom). */
export function isResumedFrom(from: unknown): from is { gameId: string; index: number; hash: string } {
  const f = from as { gameId?: unknown; index?: unknown; hash?: unknown } | null | undefined;
  return (
    typeof f?.gameId === 'string' &&
    typeof f.hash === 'string' &&
    typeof f.index === 'number' &&
    Number.isSafeInteger(f.index) &&
    f.index >= 0
  );
}

/** The header of the last session a stored game was resumed in, or null (never resumed, or its record not stored). */
export function resumedHeader(store: GameStore, id: number): RecordHeader | null {
  const row = store.db
    .prepare(
      "SELECT raw FROM lines WHERE game_id = ? AND dir = 'note' AND raw LIKE '%\"resumedFrom\"%' ORDER BY seq DESC LIMIT 1",
    )
    .get(id) as { raw: string } | undefined;
  if (row === undefined) return null;
  try {
    const header = JSON.parse(row.raw) as RecordHeader & { players?: unknown };
    return header !== null && typeof header === 'object' && Array.isArray(header.players) ? header : null;
  } catch {
    return null;
  }
}

/** The facts networkChances needs of a stored game, read from the store. */
export function chancesOf(store: GameStore, game: GameSummary): NetworkChances {
  return networkChances(game, {
    me: game.me,
    header: recordHeader(store, game.id),
    resumed: game.session === null ? null : resumedHeader(store, game.id),
  });
}
