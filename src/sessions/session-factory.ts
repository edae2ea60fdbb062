// The one place a game session is built, from a finished lobby, for either profile: the native
// full mesh (MeshSession over the native replica) or the cs3099 star (StarSession over the star
// replica). Hosts, joiners, bots, the menu's games and the loopback games all come through here, so
// a session's options cannot drift between them.

import { type RiscMeshState, type RiscMove, riscGame } from '../core/risc/mesh-game.js';
import type { GameState, OptionsInput } from '../model/index.js';
import type { RiscEvent } from '../model/risc/index.js';
import { DEFAULT_START_UNITS } from '../model/risc/index.js';
import type { Recorder } from '../store/transcript-recorder.js';
import type { Roster } from './lobby.js';
import {
  featuresFrom,
  MeshSession,
  type SessionConfig,
  type SessionEvent,
  type SessionResult,
} from './mesh-session.js';
import type { Seat } from './seat.js';
import { type StarConfig, StarSession } from './star-session.js';

/** What both profiles' sessions offer. */
export interface GameSession {
  run(): Promise<SessionResult>;
  stop(): void;
  readonly current: GameState;
}

export interface SessionSetup {
  readonly seat: Seat;
  readonly recorder?: Recorder;
  readonly onEvent?: (event: SessionEvent) => void;
  /** Native: go on with a stored game (networked resume: sessions/resume-net.ts resumeOverRoster). */
  readonly resume?: SessionConfig['resume'];
  /** Native: take this seat back in a running game (sessions/rejoin-net.ts rejoinFromStore). */
  readonly rejoin?: SessionConfig['rejoin'];
  /** Native: this peer's record of the game, for a player that rejoins. */
  readonly history?: SessionConfig['history'];
  /** Native: where a player that rejoins listens now, for the store. */
  readonly onRejoinAddresses?: SessionConfig['onRejoinAddresses'];
}

/** The cs3099 star's own choices: which end of the star this peer is, and the class's rules. */
export interface StarSetup {
  readonly role: 'host' | 'client';
  /** The rules every peer plays by (default: the class rules, CS3099_RULES). */
  readonly rules?: Omit<OptionsInput, 'players'>;
  /** The recorded class peer's card-draw bug: followed when seen ('detect', default), or refused. */
  readonly drawQuirk?: 'detect' | 'never';
  /** The territory-card bonus read either way ('either', default) or the rulebook's only. */
  readonly cardBonus?: StarConfig['cardBonus'];
}

export type Profile = { readonly profile: 'native' } | ({ readonly profile: 'cs3099' } & StarSetup);

export function sessionFor(roster: Roster, profile: { readonly profile: 'native' }, setup: SessionSetup): MeshSession;
export function sessionFor(roster: Roster, profile: Profile, setup: SessionSetup): MeshSession | StarSession;
export function sessionFor(roster: Roster, profile: Profile, setup: SessionSetup): MeshSession | StarSession {
  if (profile.profile === 'cs3099') {
    return new StarSession({
      me: roster.me,
      role: profile.role,
      players: roster.players.map((p) => ({ id: p.id, name: p.name })),
      links: roster.links,
      // A class host that does not play numbers its clients from 1 and signs nothing as a player.
      ...(profile.role === 'client' ? { host: roster.hostPlays === false ? null : 0 } : {}),
      seat: setup.seat,
      ackTimeoutMs: roster.ackTimeoutMs,
      moveTimeoutMs: roster.moveTimeoutMs,
      ...(profile.rules ? { rules: profile.rules } : {}),
      ...(profile.drawQuirk ? { drawQuirk: profile.drawQuirk } : {}),
      ...(profile.cardBonus ? { cardBonus: profile.cardBonus } : {}),
      ...(setup.recorder ? { recorder: setup.recorder } : {}),
      ...(setup.onEvent ? { onEvent: setup.onEvent } : {}),
    });
  }
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

/** A RISC game's session features: the native mesh's dice (bound commitments, MT19937), acks with state hashes, signed lines. */
export const RISC_SESSION_FEATURES = ['mt19937_dice', 'bound_commitments', 'state_hash_acks', 'signed_messages'];

/** What a RISC session needs besides its roster. */
export interface RiscSessionSetup {
  readonly seat: Seat<RiscMeshState, RiscMove>;
  /** Gets each step applied (the RISC record is written from them: sessions/risc-net.ts). */
  readonly recorder?: Recorder<RiscMove>;
  readonly onEvent?: (event: SessionEvent<RiscMeshState, RiscEvent>) => void;
  /** See ReplicaConfig.secretNumbers (tests). */
  readonly secretNumbers?: () => Uint8Array;
  /** Take this seat back in a running game (sessions/risc-rejoin.ts). */
  readonly rejoin?: SessionConfig<RiscMeshState>['rejoin'];
  /** Go on with a stored game from the agreed point (sessions/risc-resume.ts). */
  readonly resume?: SessionConfig<RiscMeshState>['resume'];
  /** This peer's record of the game, for a player that rejoins. */
  readonly history?: SessionConfig['history'];
  /** Where a player that rejoins listens now, for the store. */
  readonly onRejoinAddresses?: SessionConfig['onRejoinAddresses'];
}

/**
 * A networked RISC game on the native mesh (core/risc/mesh-game.ts): the same session and replica
 * as a classic game, with the host's RISC terms; players in seat order, named as in the lobby.
 */
export function riscSessionFor(
  roster: Pick<Roster, 'me' | 'players' | 'links' | 'gameId' | 'ackTimeoutMs' | 'moveTimeoutMs' | 'keyring' | 'risc'>,
  setup: RiscSessionSetup,
): MeshSession<RiscMeshState, RiscMove, RiscEvent> {
  const players = [...roster.players].sort((a, b) => a.id - b.id);
  const terms = roster.risc ?? { startUnits: DEFAULT_START_UNITS, turnLimit: null };
  return new MeshSession<RiscMeshState, RiscMove, RiscEvent>({
    me: roster.me,
    players: players.map((p) => ({ id: p.id, name: p.name, peerId: p.peerId })),
    links: roster.links,
    seat: setup.seat,
    game: riscGame({ game: roster.gameId, players: players.map((p) => p.name), ...terms }),
    ...(roster.keyring ? { keyring: roster.keyring } : {}),
    gameId: roster.gameId,
    // Signing needs every key, without them the game trusts the links.
    features: featuresFrom(RISC_SESSION_FEATURES.filter((f) => roster.keyring || f !== 'signed_messages')),
    ackTimeoutMs: roster.ackTimeoutMs,
    moveTimeoutMs: roster.moveTimeoutMs,
    ...(setup.recorder ? { recorder: setup.recorder } : {}),
    ...(setup.onEvent ? { onEvent: setup.onEvent } : {}),
    ...(setup.secretNumbers ? { secretNumbers: setup.secretNumbers } : {}),
    ...(setup.rejoin ? { rejoin: setup.rejoin } : {}),
    ...(setup.resume ? { resume: setup.resume } : {}),
    ...(setup.history ? { history: setup.history } : {}),
    ...(setup.onRejoinAddresses ? { onRejoinAddresses: setup.onRejoinAddresses } : {}),
  });
}
