// Wire messages of a rejoin (protocol-spec/resume.md, Rejoin): a player whose process dropped
// out of a running native game asks the others, over new links opened with its own key, for the
// game's signed lines; each answers with the lines of its record in chunks, or refuses and says
// why. These frames are not signed: the link is authenticated by the player's key, and every line
// of a history is signed by its own author, which is what the rejoining player checks.
import { z } from 'zod';
import { MAX_LINE_LENGTH } from './codec.js';
import { frame, nat, parseFramed } from './frames.js';

/** Characters of history lines one chunk carries (JSON-escaped, the chunk stays under the line limit). */
export const REJOIN_CHUNK_CHARS = 48 * 1024;
/** History lines one chunk may carry. */
export const MAX_REJOIN_LINES = 4096;
/** Addresses a rejoining player may name, and characters in each. */
export const MAX_REJOIN_ADDRESSES = 8;
export const MAX_ADDRESS_CHARS = 256;

const gameId = z.string().regex(/^[A-Za-z0-9._~-]{1,128}$/, { error: 'a game id is 1–128 letters, digits or . _ ~ -' });

const rejoin = frame(
  'rejoin',
  z
    .object({
      game_id: gameId,
      /** Sequence points this player's own store holds (0 when it lost everything): for the others' logs. */
      index: nat('an index'),
      /**
       * Where this player listens now (multiaddrs), for the others' stores: a later rejoin or
       * resume dials it there. Optional: older peers send none.
       */
      addresses: z
        .array(z.string().min(1).max(MAX_ADDRESS_CHARS))
        .max(MAX_REJOIN_ADDRESSES, { error: `at most ${MAX_REJOIN_ADDRESSES} addresses` })
        .optional(),
    })
    .strict(),
  'A player that dropped out of the running game asks for its history to take its seat back.',
);

const rejoinHistory = frame(
  'rejoin_history',
  z
    .object({
      game_id: gameId,
      /** Chunk number, from 0: a chunk out of order ends the exchange. */
      part: nat('a part number'),
      /** Lines of the sender's record of the game (sent and processed, in its order), each signed by its author. */
      lines: z.array(z.string().max(MAX_LINE_LENGTH)).max(MAX_REJOIN_LINES),
      /** The last chunk. */
      last: z.boolean(),
    })
    .strict(),
  "One chunk of a player's record of the running game, for a player that rejoins.",
);

const rejoinRefuse = frame(
  'rejoin_refuse',
  z.object({ game_id: gameId, reason: z.string().max(300) }).strict(),
  'A player will not hand its history to a rejoining player (made neutral already, game over, no record), and says why.',
);

export const rejoinSchemas = {
  rejoin: rejoin,
  rejoin_history: rejoinHistory,
  rejoin_refuse: rejoinRefuse,
} as const;

export type Rejoin = z.output<typeof rejoin>;
export type RejoinHistory = z.output<typeof rejoinHistory>;
export type RejoinRefuse = z.output<typeof rejoinRefuse>;
export type RejoinMessage = Rejoin | RejoinHistory | RejoinRefuse;
export type RejoinCommand = keyof typeof rejoinSchemas;

/** Whether a line is (or claims to be) a rejoin frame: the session hands those to its rejoin code, not the replica. */
export const isRejoinLine = (line: string) => line.startsWith('{"command":"rejoin');

/** Validates one line as a rejoin message; the reason names the field. */
export function parseRejoinLine(line: string): { ok: true; message: RejoinMessage } | { ok: false; reason: string } {
  if (line.length > MAX_LINE_LENGTH) return { ok: false, reason: `a line of ${line.length} characters` };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, reason: 'a line that is not JSON' };
  }
  return parseFramed<RejoinMessage>(rejoinSchemas, 'rejoin', value);
}

export const encodeRejoin = (message: RejoinMessage) => JSON.stringify(message);

/**
 * The addresses a rejoining player may name for itself: at most MAX_REJOIN_ADDRESSES, each within
 * MAX_ADDRESS_CHARS, and none that names another peer's id (`/p2p/ID`).
 */
export function ownAddresses(addresses: readonly string[], peerId: string): string[] {
  return addresses
    .filter((a) => a.length > 0 && a.length <= MAX_ADDRESS_CHARS)
    .filter((a) => {
      const named = /\/p2p\/([^/]+)/.exec(a)?.[1];
      return named === undefined || named === peerId;
    })
    .slice(0, MAX_REJOIN_ADDRESSES);
}

/**
 * A record's lines as `rejoin_history` chunks, each under the line limit. A line too long to fit
 * one chunk (never an honest in-game line) makes the whole history unsendable.
 */
export function historyChunks(
  gameId: string,
  me: number,
  lines: readonly string[],
): { ok: true; chunks: RejoinHistory[] } | { ok: false; reason: string } {
  const chunks: RejoinHistory[] = [];
  let current: string[] = [];
  let chars = 0;
  const push = (last: boolean) => {
    chunks.push({
      command: 'rejoin_history',
      payload: { game_id: gameId, part: chunks.length, lines: current, last },
      player_id: me,
    });
    current = [];
    chars = 0;
  };
  for (const line of lines) {
    const size = JSON.stringify(line).length + 1;
    if (size > REJOIN_CHUNK_CHARS)
      return { ok: false, reason: `a line of ${line.length} characters is too long to send` };
    if (chars + size > REJOIN_CHUNK_CHARS || current.length >= MAX_REJOIN_LINES) push(false);
    current.push(line);
    chars += size;
  }
  push(true);
  return { ok: true, chunks };
}
