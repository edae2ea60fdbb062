// Rejoin for networked RISC (protocol-spec/risc.md, Rejoin): the classic rejoin's machinery
// (sessions/rejoin.ts: every line's signature, a mute replica's audit, the longest record that
// agrees with this seat's own steps) with the RISC game. What RISC adds: a seat that had committed
// to its orders before it dropped out must reveal exactly those orders. Its own record notes each
// sealing (the reveal, with its salt) before the commitment leaves (risc-net.ts); a seat whose
// record does not keep the sealing its commitment opens to is refused, saying so, rather than
// revealing something else and being proven to cheat.

import { type Continued, nativeHeader, recordSteps } from '../audit/native-record.js';
import { riscReplayed } from '../audit/risc-mesh.js';
import { featuresFrom } from '../core/contract.js';
import type { RiscMeshState, RiscMove, RiscTerms } from '../core/risc/mesh-game.js';
import type { RiscHeader } from '../core/risc/record.js';
import { shareableFirst } from '../net/addresses.js';
import { gameKeyring } from '../protocol/peer-keys.js';
import { ordersCommitment, parseRiscMessage, type RiscReveal, revealBody } from '../protocol/risc-orders.js';
import type { RiscRound } from '../protocol/risc-round.js';
import { parseRules } from '../protocol/rules.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import { isResumedFrom, recordOf, sessionsOf } from '../store/network-games.js';
import { storeRecorder } from '../store/recorder.js';
import { continueRisc, type StoredRisc, storedRiscStory } from '../store/risc-games.js';
import type { GameStore } from '../store/store.js';
import type { Recorder } from '../store/transcript-recorder.js';
import type { Roster } from './lobby.js';
import type { ResumedFrom } from './mesh-session.js';
import { committedSecrets, type Rejoined, type RejoinGame, rejoinGame } from './rejoin.js';
import { dialOthers, keepAddresses, type RejoinEndpoint, storedSeat } from './rejoin-net.js';
import { type RiscHistory, storedRiscHistory } from './risc-history.js';
import { RISC_FEATURE, type RiscRoster, riscHeaderFor, SEALED_NOTE } from './risc-net.js';
import { RISC_SESSION_FEATURES } from './session-factory.js';

/** The reveals a seat's own record noted as it sealed its orders (risc-net.ts), in order. */
export function sealedReveals(lines: readonly { readonly dir: string; readonly raw: string }[]): RiscReveal[] {
  const reveals: RiscReveal[] = [];
  for (const line of lines) {
    if (line.dir !== 'note' || !line.raw.includes(SEALED_NOTE)) continue;
    try {
      const parsed = parseRiscMessage((JSON.parse(line.raw) as Record<string, unknown>)[SEALED_NOTE]);
      if (parsed.ok && parsed.value.command === 'risc_reveal') reveals.push(parsed.value);
    } catch {
      // not a note of ours
    }
  }
  return reveals;
}

/**
 * The RISC game of `terms` as rejoin asks it, for seat `me` whose own record is `own` (its notes
 * keep its sealed orders).
 */
export function riscRejoin(
  terms: RiscTerms,
  me: number,
  own: readonly { readonly dir: string; readonly raw: string }[],
  continues: Continued<RiscMeshState> | null = null,
): RejoinGame<RiscMeshState, RiscMove> {
  return {
    ...riscReplayed(terms, continues),
    owed(_at, last) {
      // Committed in the round still open at the history's end, and not revealed: it owes that reveal.
      const owed = owedReveal(last.round, me, own, 'it dropped out');
      return owed.ok ? { ok: true, owed: owed.reveal ? { move: owed.reveal } : {} } : owed;
    },
  };
}

/**
 * What a seat owes in `round` (the round open where it goes on): if it committed there and has
 * not revealed, the reveal its own record's notes keep for that commitment; or why it cannot.
 * `when`: when it stopped, in words ('it dropped out', 'the game stopped').
 */
export function owedReveal(
  round: RiscRound | null,
  me: number,
  own: readonly { readonly dir: string; readonly raw: string }[],
  when: string,
): { ok: true; reveal?: RiscReveal } | { ok: false; reason: string } {
  if (round === null || round.bodies[me] !== undefined) return { ok: true };
  const commitment = round.commits[me];
  if (commitment === undefined) {
    // Sealed (and maybe sent) before it stopped, its commitment missing from the history it took (a
    // rogue can leave it out): it commits to the same orders again, never to new ones, which with its
    // first commitment would prove it "signed two different moves".
    const sealed = sealedReveals(own).findLast(
      (r) => r.payload.game === round.game && r.payload.turn === round.turn && r.payload.stage === round.stage,
    );
    return sealed === undefined ? { ok: true } : { ok: true, reveal: sealed };
  }
  // The commitment binds the game its round carries (a resumed game's first id).
  const context = { game: round.game, turn: round.turn, player: me };
  const reveal = sealedReveals(own).find(
    (r) =>
      r.payload.turn === round.turn &&
      r.payload.stage === round.stage &&
      ordersCommitment(context, revealBody(r), r.payload.salt) === commitment,
  );
  if (reveal === undefined)
    return {
      ok: false,
      reason: `this seat committed to its ${round.stage === 'placement' ? 'placement' : 'orders'} for turn ${round.turn} before ${when} and its record does not keep what it sealed (its orders and their salt): it cannot reveal them`,
    };
  return { ok: true, reveal };
}

/**
 * Takes this seat back in a running RISC game: `roster` as the lobby gave it, with new links to the
 * others (each accepted there by this seat's key: MeshSession.rejoinLink); `own` this seat's record
 * of the game so far (its steps are compared with the histories, its notes keep its secrets).
 */
export function rejoinRisc(
  roster: RiscRoster,
  own: readonly TranscriptLine[],
  options: {
    readonly timeoutMs: number;
    readonly addresses?: readonly string[];
    /** A resumed session: its records start from this state at point `index`, where the resume agreed. */
    readonly resumed?: { readonly state: RiscMeshState; readonly index: number; readonly from: ResumedFrom };
    /**
     * This seat's records of the sessions before (a resumed session's): a round running where the
     * session resumed goes on with the commitments made before the stop, whose sealing they note.
     */
    readonly earlier?: readonly { readonly dir: string; readonly raw: string }[];
  },
): Promise<Rejoined<RiscMeshState, RiscMove>> {
  if (!roster.keyring)
    return Promise.resolve({
      ok: false,
      reason: 'the game was not played with signed lines: its history could not be checked',
      notes: [],
    });
  const header = riscHeaderFor(roster).payload;
  const terms = {
    game: roster.gameId,
    players: header.players,
    startUnits: header.start_units,
    turnLimit: header.turn_limit,
  };
  const resumed = options.resumed;
  const continues = resumed ? { state: resumed.state, index: resumed.index } : null;
  const game = riscRejoin(terms, roster.me, [...(options.earlier ?? []), ...own], continues);
  const ownHeader = nativeHeader(own);
  return rejoinGame({
    me: roster.me,
    players: roster.players.map((p) => ({ id: p.id, name: p.name, peerId: p.peerId })),
    gameId: roster.gameId,
    features: featuresFrom(RISC_SESSION_FEATURES),
    keyring: roster.keyring,
    ackTimeoutMs: roster.ackTimeoutMs,
    moveTimeoutMs: roster.moveTimeoutMs,
    links: roster.links,
    // A record that lost its header (or everything) compares nothing: the histories supply the game.
    stored: ownHeader === null ? [] : recordSteps(own, ownHeader, game.game, continues, game).steps,
    secrets: committedSecrets(own, roster.me),
    timeoutMs: options.timeoutMs,
    ...(options.addresses ? { addresses: options.addresses } : {}),
    ...(resumed ? { resumed } : {}),
    game,
  });
}

/** A RISC seat taken back from the store: what the bot (or the menu) plays on with. */
export interface RiscStoreRejoin {
  /** The game's players and terms as its lobby gave them, with the new links. */
  readonly roster: Roster;
  readonly rejoined: Extract<Rejoined<RiscMeshState, RiscMove>, { ok: true }>;
  /** What was said of the histories (whose was taken, which were refused and why). */
  readonly notes: readonly string[];
  /** The stored game goes on: its RISC record (the lines already stored are not written again) … */
  readonly stored: StoredRisc;
  readonly storedLines: number;
  /** … and its record of signed lines (the rejoined session's, history included). */
  readonly transcript: Recorder;
  /** A session that resumed the game: its RISC record's first header, and what the session's record says it continues. */
  readonly resumed?: { readonly header: RiscHeader; readonly from: ResumedFrom };
}

/**
 * Takes this peer's seat back in a running networked RISC game it stored (`risk bot … --store`).
 * `addresses`: one for every other player, or null to dial the addresses stored with the game.
 */
export async function riscRejoinFromStore(
  store: GameStore,
  ref: string,
  endpoint: RejoinEndpoint,
  addresses: readonly string[] | null,
  timeoutMs: number,
): Promise<{ ok: true; rejoined: RiscStoreRejoin } | { ok: false; reason: string }> {
  const seated = storedSeat(store, ref, endpoint.peerId, 'risc');
  if (!seated.ok) return seated;
  const { game, me, players } = seated;
  const lines = store.lines(game.id);
  // This seat's own record of signed lines: the last session's (a seat that rejoined before goes on from its new one).
  const own = recordOf(sessionsOf(lines).at(-1) ?? []);
  const header = nativeHeader(own);
  if (header?.risc === undefined || header.gameId === undefined)
    return {
      ok: false,
      reason: `game ${game.uid} cannot be rejoined: its record of signed lines (session id, terms, timeouts) is not stored`,
    };
  const keyring = gameKeyring(endpoint.privateKey, new Map(players.map((p) => [p.id, p.peerId])));
  if (keyring === null || !featuresFrom(header.features).signed)
    return { ok: false, reason: `game ${game.uid} was not played with signed lines: its history could not be checked` };
  const record = storedRiscStory(lines);
  if (!record.ok)
    return { ok: false, reason: `game ${game.uid}'s stored RISC record cannot be read: ${record.reason}` };
  const rules = parseRules({}, players.length);
  if (!rules.ok) return { ok: false, reason: rules.reason };
  // A session that resumed the game is rejoined from where the resume agreed: the records before it give that state.
  let resumed: { history: RiscHistory; from: ResumedFrom } | undefined;
  if (header.resumedFrom !== undefined) {
    const from = header.resumedFrom;
    const history = storedRiscHistory(lines);
    if (!history.ok) return { ok: false, reason: `game ${game.uid} cannot be rejoined: ${history.reason}` };
    if (!isResumedFrom(from) || from.index >= history.history.states.length)
      return {
        ok: false,
        reason: `game ${game.uid} cannot be rejoined: its records do not reach the point its session resumed from`,
      };
    resumed = { history: history.history, from };
  }
  // Players expelled where the session resumed play nothing in it: one that stayed away has no link there.
  const start = resumed?.history.states[resumed.from.index];
  const spare = new Set(players.filter((p) => start?.risc.expelled[p.id] === true).map((p) => p.id));
  const { links, reached, problems } = await dialOthers(game, me, players, endpoint, addresses, timeoutMs, spare);
  if (links.size === 0) return { ok: false, reason: `no other player could be reached (${problems.join('; ')})` };
  const roster: Roster = {
    me,
    players: players.map((p) => ({ ...p, addresses: game.players[p.id]?.addresses ?? [] })),
    links,
    gameId: header.gameId,
    features: [RISC_FEATURE],
    ackTimeoutMs: header.ackTimeoutMs,
    moveTimeoutMs: header.moveTimeoutMs,
    rules: rules.value,
    keyring,
    risc: header.risc,
  };
  const rejoined = await rejoinRisc(roster, own, {
    ...(resumed
      ? {
          resumed: {
            state: resumed.history.states[resumed.from.index]!,
            index: resumed.history.points[resumed.from.index]!,
            from: resumed.from,
          },
        }
      : {}),
    // Orders sealed before the stop may be owed still (a round running where the session resumed).
    ...(resumed ? { earlier: sessionsOf(lines).slice(0, -1).flat() } : {}),
    timeoutMs,
    // The others' stores keep where this peer listens now.
    addresses: shareableFirst(endpoint.addresses?.() ?? []),
  });
  if (!rejoined.ok) {
    for (const link of links.values()) link.close();
    return { ok: false, reason: [rejoined.reason, ...problems].join('; ') };
  }
  keepAddresses(store, game, me, endpoint.addresses?.() ?? [], reached);
  const stored = continueRisc(store, game.id, record.lines);
  return {
    ok: true,
    rejoined: {
      roster,
      // The RISC record is written from the game's start: the entries before the resume first.
      rejoined: resumed
        ? { ...rejoined, steps: [...resumed.history.steps.slice(0, resumed.from.index), ...rejoined.steps] }
        : rejoined,
      ...(resumed ? { resumed: { header: resumed.history.header, from: resumed.from } } : {}),
      notes: [...rejoined.notes, ...problems],
      stored,
      storedLines: record.lines.length,
      transcript: storeRecorder(stored.handle),
    },
  };
}
