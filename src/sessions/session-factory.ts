// From a finished lobby to a running game session: one function for hosts and joiners alike.

import type { Recorder } from '../store/transcript-recorder.js';
import type { Roster } from './lobby.js';
import { featuresFrom, MeshSession, type SessionConfig, type SessionEvent } from './mesh-session.js';
import type { Seat } from './seat.js';

export interface SessionSetup {
  readonly seat: Seat;
  readonly recorder?: Recorder;
  readonly onEvent?: (event: SessionEvent) => void;
  /** Go on with a stored game (networked resume: store/resume.ts resumeOverRoster). */
  readonly resume?: SessionConfig['resume'];
  /** Take this seat back in a running game (sessions/rejoin-net.ts rejoinFromStore). */
  readonly rejoin?: SessionConfig['rejoin'];
  /** This peer's record of the game, for a player that rejoins. */
  readonly history?: SessionConfig['history'];
  /** Where a player that rejoins listens now, for the store. */
  readonly onRejoinAddresses?: SessionConfig['onRejoinAddresses'];
}

export function sessionFor(roster: Roster, setup: SessionSetup): MeshSession {
  return new MeshSession({
    me: roster.me,
    players: roster.players.map((p) => ({ id: p.id, name: p.name, peerId: p.peerId })),
    links: roster.links,
    seat: setup.seat,
    ...(roster.keyring ? { keyring: roster.keyring } : {}),
    gameId: roster.gameId,
    // Signing needs every key; without them the game falls back to trusting the links.
    features: { ...featuresFrom(roster.features), ...(roster.keyring ? {} : { signed: false }) },
    ackTimeoutMs: roster.ackTimeoutMs,
    moveTimeoutMs: roster.moveTimeoutMs,
    // The rules agreed in the lobby, and no others: every peer's replica (and record) starts from them.
    rules: roster.rules,
    ...(setup.recorder ? { recorder: setup.recorder } : {}),
    ...(setup.onEvent ? { onEvent: setup.onEvent } : {}),
    ...(setup.resume ? { resume: setup.resume } : {}),
    ...(setup.rejoin ? { rejoin: setup.rejoin } : {}),
    ...(setup.history ? { history: setup.history } : {}),
    ...(setup.onRejoinAddresses ? { onRejoinAddresses: setup.onRejoinAddresses } : {}),
  });
}
