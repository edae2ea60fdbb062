// Networked resume of a stored native game (protocol-spec/resume.md): this player's stored history,
// and the negotiation over a new lobby's roster. Apart from resume.ts so that the menu, which
// resumes local games, loads none of the wire code.

import type { SessionResult } from '../core/contract.js';
import { type DealRecord, dealRecordOf, missionsDealt, restoreMissionDeal } from '../core/native/mission-deal.js';
import { replaySteps, takesNetworkPoint } from '../core/steps/replay.js';
import type { GameState } from '../model/index.js';
import type { Link } from '../net/link.js';
import type { DealDriver } from '../protocol/secret-deal.js';
import type { Keyring } from '../protocol/signing.js';
import { chancesOf, sessionsOf } from '../store/network-games.js';
import { storeRecorder } from '../store/recorder.js';
import type { GameName, GameStore, StoredGame } from '../store/store.js';
import { historyLines, type Recorder } from '../store/transcript-recorder.js';
import type { SessionConfig } from './mesh-session.js';
import { type History, negotiateResume, resumeAgreementMs } from './resume.js';

/** Sequence points a resume may go back (protocol/resume.ts MAX_RESUME_HASHES). */
export const RESUME_DEPTH = 4;

/** The players of a lobby, as a resume offer names them. */
export type RosterPlayers = readonly {
  readonly id: number;
  readonly name: string;
  readonly peerId: string;
  readonly addresses?: readonly string[];
}[];

/** The host's offer of stored game `gameId` in the new lobby whose game id is `sessionId`. */
export function resumeOffer(gameId: string, sessionId: string, players: RosterPlayers) {
  return {
    game_id: gameId,
    session_id: sessionId,
    players: players.map((p) => ({ id: p.id, name: p.name.slice(0, 64), peer_id: p.peerId })),
  };
}

/** Why this player does not take up an offer: another game than its user asked for, or another session than its lobby's. */
export function offerProblem(
  offered: { readonly game_id: string; readonly session_id: string },
  gameId: string,
  sessionId: string,
) {
  if (offered.game_id !== gameId) return `the host offers game ${offered.game_id}, not ${gameId}`;
  if (offered.session_id !== sessionId) return 'the offer names another session than this lobby';
  return null;
}

/**
 * The stored game offered for resume, under this player's seat (`me` in the offer), if it may be
 * resumed here: a networked game of the offer's players, each seat with the key the offer names.
 */
export function offeredGame(
  store: GameStore,
  offer: { readonly game_id: string; readonly players: readonly { readonly peer_id: string }[] },
  me: number,
  kind: GameName = 'classic',
): { ok: true; game: StoredGame } | { ok: false; reason: string } {
  const found = store.find(`${offer.game_id}-p${me}`);
  if (!found.ok) return { ok: false, reason: `game ${offer.game_id} is not stored here for seat ${me}` };
  const game = found.game;
  if (game.game !== kind)
    return {
      ok: false,
      reason: `game ${offer.game_id} is ${game.game === 'risc' ? 'a RISC game' : 'a classic game'} here, not ${kind === 'risc' ? 'a RISC game' : 'a classic game'}`,
    };
  const problem = chancesOf(store, game).resume;
  if (problem !== null) return { ok: false, reason: `game ${offer.game_id} cannot be resumed: ${problem}` };
  if (game.players.length !== offer.players.length)
    return {
      ok: false,
      reason: `game ${offer.game_id} has ${game.players.length} players here, not ${offer.players.length}`,
    };
  const seat = game.players.findIndex((p, i) => (p.peerId ?? '') !== offer.players[i]!.peer_id);
  if (seat >= 0) return { ok: false, reason: `seat ${seat} of game ${offer.game_id} belongs to another key here` };
  return { ok: true, game };
}

/**
 * This player's stored record of a networked classic game offered for resume (sessions/resume.ts):
 * its state at its last few sequence points. `me` and `peerId`: this player's seat in the offer and
 * its key, which must be the stored seat's.
 */
export function storedHistory(
  store: GameStore,
  offer: { readonly game_id: string; readonly players: readonly { readonly peer_id: string }[] },
  me: number,
): { ok: true; game: StoredGame; history: History } | { ok: false; reason: string } {
  const found = offeredGame(store, offer, me);
  if (!found.ok) return found;
  const game = found.game;
  const states: GameState[] = [];
  let points = 0;
  let latest: GameState | null = null;
  const neutralSince: (number | null)[] = game.players.map(() => null);
  const replay = replaySteps(game, (step, before, _events, after) => {
    if (takesNetworkPoint(step.action, before)) {
      if (latest !== null) states.push(latest);
      points++;
    }
    latest = after;
    // A neutralisation takes a point: its player is neutral from the state at that point on.
    for (const p of after.players) if (p.neutral && neutralSince[p.id] === null) neutralSince[p.id] = points;
  });
  if (!replay.ok) return { ok: false, reason: `game ${offer.game_id} cannot be replayed here: ${replay.reason}` };
  if (latest === null) return { ok: false, reason: `game ${offer.game_id} has no stored moves here` };
  states.push(latest);
  // states[k] is the state after the last step that left k points applied: the state at point k.
  return { ok: true, game, history: { index: points, states: states.slice(-RESUME_DEPTH), neutralSince } };
}

/**
 * The mission deal of a stored Secret Mission game, rebuilt for this seat (core/native/mission-deal.ts) from
 * the record of the session that dealt it — the first: a resumed session starts past the deal — and
 * the random numbers this seat noted there, with that record. `keyring`: the game's, to sign this
 * seat's claim.
 */
export function storedMissionDeal(
  store: GameStore,
  game: StoredGame,
  keyring: Keyring,
): { ok: true; driver: DealDriver; record: DealRecord } | { ok: false; reason: string } {
  const record = dealRecordOf(sessionsOf(store.lines(game.id))[0] ?? []);
  const restored = restoreMissionDeal(record, {
    ...(game.me !== null ? { me: game.me } : {}),
    auth: keyring,
  });
  if (!restored.ok)
    return { ok: false, reason: `a Secret Mission game whose missions cannot go on: ${restored.reason}` };
  if (restored.driver.card === undefined)
    return { ok: false, reason: 'a Secret Mission game in which this seat holds no mission' };
  return { ...restored, record };
}

/**
 * Every seat of stored game `gameId` (this seat's copy), in seat order: the lobby's player where it
 * came back, else as stored (a player neutral at the common point may stay away). Null: not stored.
 */
export function everySeat(store: GameStore, gameId: string, me: number, present: RosterPlayers): RosterPlayers | null {
  const found = store.find(`${gameId}-p${me}`);
  if (!found.ok) return null;
  return found.game.players.map(
    (p, id) =>
      present.find((q) => q.id === id) ?? {
        id,
        name: p.name,
        peerId: p.peerId ?? '',
        addresses: p.addresses ?? [],
      },
  );
}

/** What a peer needs to play a resumed game on: the session's start, and where its steps go. */
export interface NetworkResume {
  readonly gameId: string;
  readonly index: number;
  /**
   * Every seat of the game, in seat order (the session's players): the lobby's may lack a player
   * neutral at the common point that stayed away. The session has no link to it.
   */
  readonly players: RosterPlayers;
  /** For MeshSession's `resume` (sessionFor's too). */
  readonly resume: NonNullable<SessionConfig['resume']>;
  /** The resumed session's steps and record go on into the stored game (its record after the first session's). */
  readonly recorder: Recorder;
  /** The stored game's number (e.g. to keep where another player rejoins from: store.updateAddresses). */
  readonly storedId: number;
  /** This peer's stored record of the resumed session so far: what a player that rejoins is sent. */
  history(): readonly string[];
  /** The session's result: the stored game is finished (or stopped) with it. */
  finish(result: SessionResult): void;
}

/** What a resume takes of the new lobby's roster: this seat, the session's id, the players, their links and keys. */
export interface ResumeRoster {
  readonly me: number;
  /** The seat of the new lobby's host (default 0): its offer alone counts. */
  readonly host?: number;
  readonly gameId: string;
  readonly players: RosterPlayers;
  readonly links: ReadonlyMap<number, Link>;
  readonly keyring?: Keyring | null;
}

/**
 * What to tell the player while the handshake runs: with three players or more it waits out its
 * rounds (protocol-spec/resume.md, Agreement in rounds), so it says how long.
 */
export function comparingHistories(roster: Pick<ResumeRoster, 'players' | 'keyring'>, timeoutMs: number): string {
  const ms = resumeAgreementMs(roster.players.length, timeoutMs, Boolean(roster.keyring));
  return ms > 0
    ? `comparing the stored histories and agreeing on them with every other player (${Math.ceil(ms / 1000)} s)`
    : 'comparing the stored histories';
}

/** Which stored game to resume (its id), whether this seat hosts it again, and how long the handshake may take. */
export interface ResumeRequest {
  readonly gameId: string;
  readonly host: boolean;
  readonly timeoutMs: number;
}

/**
 * Networked resume over a new lobby's roster (protocol-spec/resume.md): the host (`offer`: the
 * stored game's id) offers it, every player proves its stored history, and this player's stored
 * game is reopened at the agreed point. The roster's game id is the resumed session's id.
 */
export async function resumeOverRoster(
  store: GameStore,
  roster: ResumeRoster,
  options: ResumeRequest,
): Promise<{ ok: true; resumed: NetworkResume } | { ok: false; reason: string }> {
  let found: { game: StoredGame; history: History } | null = null;
  let missionDeal: DealDriver | null = null;
  const seats = everySeat(store, options.gameId, roster.me, roster.players) ?? roster.players;
  const offer = resumeOffer(options.gameId, roster.gameId, seats);
  const agreed = await negotiateResume({
    me: roster.me,
    links: roster.links,
    ...(roster.host !== undefined ? { host: roster.host } : {}),
    ...(roster.keyring ? { keyring: roster.keyring } : {}),
    ...(options.host ? { offer } : {}),
    timeoutMs: options.timeoutMs,
    lookup: (offered) => {
      const problem = offerProblem(offered, options.gameId, roster.gameId);
      if (problem !== null) return { ok: false, reason: problem };
      const history = storedHistory(store, offered, roster.me);
      if (!history.ok) return history;
      // A Secret Mission game goes on only if this seat can still claim its mission and check the others'.
      if (history.history.states.some(missionsDealt)) {
        if (!roster.keyring) return { ok: false, reason: 'a Secret Mission game needs signed lines' };
        const deal = storedMissionDeal(store, history.game, roster.keyring);
        if (!deal.ok) return deal;
        missionDeal = deal.driver;
      }
      found = history;
      return history;
    },
  });
  if (!agreed.ok) return agreed;
  const { game, history } = found!;
  const players = everySeat(store, options.gameId, roster.me, roster.players)!;
  const handle = store.continueGame(game.id);
  // Its later steps are the new session's: a rejoin must not take the first session's record for it.
  store.markResumed(
    game.id,
    roster.gameId,
    players.map((p) => p.addresses ?? []),
  );
  // Entries past the agreed point never settled: they are given back.
  for (let i = history.index; i > agreed.index; i--) handle.unstep();
  const ended = (r: SessionResult) => r.outcome === 'conquest' || r.outcome === 'forfeit';
  return {
    ok: true,
    resumed: {
      gameId: game.uid,
      storedId: game.id,
      index: agreed.index,
      players,
      resume: {
        state: agreed.state,
        index: agreed.index,
        from: { gameId: agreed.gameId, index: agreed.index, hash: agreed.hash },
        ...(missionDeal !== null && missionsDealt(agreed.state) ? { missionDeal } : {}),
      },
      // Its lines too: a player that drops out of the resumed session rejoins it from them (rejoin-net.ts).
      recorder: storeRecorder(handle, { byTurn: true }),
      history: () => historyLines(sessionsOf(store.lines(game.id)).at(-1) ?? []),
      finish: (r) =>
        handle.finish({ winner: r.winner, turns: r.state.turn, status: ended(r) ? 'finished' : 'stopped' }),
    },
  };
}
