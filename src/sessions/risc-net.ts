// Networked RISC over a lobby's links (libp2p streams, or in-memory links in tests): one RiscPeer
// per player, its messages sent to every other player as JSON lines — signed with the game's
// keyring when every player has an Ed25519 identity — and every line that arrives checked before
// the replica sees it: well-formed, signed by the player of the link it came on, about this game.
// Each round has a local deadline (the roster's move timeout): when it passes with the round not
// moved on, the peer expires the round (see RiscPeer.expire).

import { RiscPeer } from '../core/risc/peer.js';
import { type RiscHeader, type RiscRecordLine, riscHeader } from '../core/risc/record.js';
import type { RecordedViolation } from '../core/risc/replica.js';
import type { RiscEvent, RiscState } from '../model/risc/index.js';
import { DEFAULT_START_UNITS } from '../model/risc/index.js';
import { MAX_LINE_LENGTH } from '../protocol/codec.js';
import { parseRiscWire, type RiscWire } from '../protocol/risc-orders.js';
import { lineDigest, seal, unseal } from '../protocol/signing.js';
import type { Roster } from './lobby.js';
import type { RiscSeat } from './risc-local.js';

/** The lobby feature a RISC game needs from every player (hosts and joiners both list it). */
export const RISC_FEATURE = 'risc';

/** What RISC needs of a finished lobby. */
export type RiscRoster = Pick<
  Roster,
  'me' | 'players' | 'links' | 'gameId' | 'features' | 'moveTimeoutMs' | 'keyring' | 'risc'
>;

export interface RiscNetOptions {
  readonly seat: RiscSeat;
  readonly onRecord?: (line: RiscRecordLine) => void;
  readonly onExecuted?: (state: RiscState, turn: number, events: readonly RiscEvent[]) => void;
  /** A line refused before it reached the replica (bad form, bad signature, wrong sender). */
  readonly onRefused?: (player: number, reason: string) => void;
  /** Tests: a fixed source of dice secrets. */
  readonly secret?: () => Uint8Array;
  /** Aborted: this peer stops playing at once (its player left); the result says `stopped`. */
  readonly signal?: AbortSignal;
}

export type RiscNetResult =
  | { ok: true; state: RiscState; found: readonly RecordedViolation[]; stopped?: true }
  | { ok: false; reason: string };

/** The header every peer builds alike from the roster (the host's terms), so every record starts the same. */
export function riscHeaderFor(roster: RiscRoster): RiscHeader {
  const players = [...roster.players].sort((a, b) => a.id - b.id).map((p) => p.name);
  return riscHeader(roster.gameId, players, roster.risc ?? { startUnits: DEFAULT_START_UNITS, turnLimit: null });
}

/** Checks one line from `from`'s link; the wire message, or why it is refused. */
export function readRiscLine(
  roster: RiscRoster,
  from: number,
  line: string,
): { ok: true; value: RiscWire } | { ok: false; reason: string } {
  if (line.length > MAX_LINE_LENGTH)
    return { ok: false, reason: `a line of ${line.length} characters, over the ${MAX_LINE_LENGTH} limit` };
  let inner = line;
  if (roster.keyring !== null) {
    const sealed = unseal(line);
    if (sealed === null) return { ok: false, reason: 'an unsigned line in a signed game' };
    if (sealed.by !== from)
      return { ok: false, reason: `a line signed as player ${sealed.by} on player ${from}'s link` };
    if (!roster.keyring.verify(from, lineDigest(roster.gameId, sealed.inner), sealed.sig))
      return { ok: false, reason: 'a bad signature' };
    inner = sealed.inner;
  }
  let value: unknown;
  try {
    value = JSON.parse(inner);
  } catch {
    return { ok: false, reason: 'a line that is not JSON' };
  }
  const parsed = parseRiscWire(value);
  if (!parsed.ok) return { ok: false, reason: `not a RISC message: ${parsed.reason}` };
  if (parsed.value.player_id !== from)
    return { ok: false, reason: `a message for player ${parsed.value.player_id} on player ${from}'s link` };
  if (parsed.value.payload.game !== roster.gameId)
    return { ok: false, reason: `a message for game ${parsed.value.payload.game}` };
  return parsed;
}

/** This peer's line for a wire message: signed when the game has a keyring. */
export function riscLine(roster: RiscRoster, message: RiscWire): string {
  const inner = JSON.stringify(message);
  return roster.keyring === null
    ? inner
    : seal(inner, roster.me, roster.keyring.sign(lineDigest(roster.gameId, inner)));
}

/** Plays one networked RISC game to its end (a winner, or this peer's last round). */
export async function playRiscOverLinks(roster: RiscRoster, options: RiscNetOptions): Promise<RiscNetResult> {
  if (!roster.features.includes(RISC_FEATURE))
    return { ok: false, reason: 'not every player chose RISC (the host and every joiner must play --game risc)' };
  const others = [...roster.links.keys()];
  const expected = roster.players.filter((p) => p.id !== roster.me).map((p) => p.id);
  if (others.length !== expected.length || expected.some((id) => !roster.links.has(id)))
    return { ok: false, reason: 'the lobby did not link this peer to every other player' };
  const { seat } = options;
  // eslint-disable-next-line prefer-const -- the record hook below runs before the constructor returns
  let peer: RiscPeer | undefined;
  // The local deadline: restarted whenever the round moves on (a new line in the record).
  let timer: ReturnType<typeof setTimeout> | null = null;
  let finished = false;
  const arm = () => {
    if (timer !== null) clearTimeout(timer);
    if (finished) return;
    timer = setTimeout(() => {
      peer?.expire();
      arm();
    }, roster.moveTimeoutMs);
  };
  // Each new turn or phase restarts the deadline (a round that moves on is not late).
  let lastRound = '';
  function moved() {
    const s = peer?.state;
    if (s === undefined) return;
    const round = `${s.phase}:${s.turn}`;
    if (round !== lastRound) {
      lastRound = round;
      arm();
    }
  }
  peer = new RiscPeer({
    header: riscHeaderFor(roster),
    me: roster.me,
    // A seat that gives nothing (a person who left) lets the deadline take the round.
    decide: async (state, me) => {
      if (state.phase === 'placement') {
        const placement = await seat.place(state, me);
        return placement === null ? new Promise<never>(() => {}) : { stage: 'placement', placement };
      }
      const orders = await seat.orders(state, me);
      return orders === null ? new Promise<never>(() => {}) : { stage: 'orders', orders };
    },
    send: (message) => {
      const line = riscLine(roster, message);
      for (const link of roster.links.values()) link.send(line);
    },
    onRecord: (line) => {
      options.onRecord?.(line);
      moved();
    },
    ...(options.onExecuted ? { onExecuted: options.onExecuted } : {}),
    ...(options.secret ? { secret: options.secret } : {}),
  });

  const self = peer;
  const detach: (() => void)[] = [];
  for (const [from, link] of roster.links) {
    detach.push(
      link.onLine((line) => {
        const read = readRiscLine(roster, from, line);
        if (!read.ok) options.onRefused?.(from, read.reason);
        else self.receive(read.value);
      }),
    );
  }
  arm();
  self.start();
  const aborted = new Promise<null>((resolve) => {
    if (options.signal?.aborted) resolve(null);
    options.signal?.addEventListener('abort', () => resolve(null));
  });
  const state = await Promise.race([self.done, aborted]);
  finished = true;
  if (timer !== null) clearTimeout(timer);
  for (const stop of detach) stop();
  return state === null
    ? { ok: true, state: self.state, found: self.found, stopped: true }
    : { ok: true, state, found: self.found };
}
