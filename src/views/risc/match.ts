// What the RISC screens (Ink and plain) need to play a game: a match to play from one seat, and a
// launcher that starts one against bots, hosts or joins one over the network, or resumes a stored
// one. The cli wires the real one (peers, lobbies, the store); tests can hand in their own. The
// screens see only this, so the networked match's transport can change beneath them.
import type { RiscBotKind } from '../../ai/risc/bots.js';
import type { RiscEvent, RiscState } from '../../model/risc/index.js';
import type { RiscTerms } from '../../protocol/risc-terms.js';
import type { LobbyEvent } from '../../sessions/lobby.js';
import type { RiscSeat } from '../../sessions/risc-local.js';

export interface RiscHooks {
  /** A turn (0: the placement) was executed: the state after it, and what happened. */
  onExecuted(state: RiscState, turn: number, events: readonly RiscEvent[]): void;
  /** Something to tell the player (a refused line, a player who stopped answering, …). */
  onNote(text: string): void;
}

export interface RiscEnd {
  /** Where the game stood (null: it never started). */
  readonly state: RiscState | null;
  /** over: someone won (or the turn limit ended it); left: this player left; broken: it stopped (reason). */
  readonly how: 'over' | 'left' | 'broken';
  readonly reason?: string;
  /** Cheating found by this replica, in words. */
  readonly violations: readonly string[];
  /** Said after the end (e.g. where the record is, or that the game can be resumed). */
  readonly notes: readonly string[];
}

export type RiscSeatKind = 'you' | 'bot' | 'remote';

export interface RiscMatch {
  /** This player's seat. */
  readonly me: number;
  readonly players: readonly { readonly name: string; readonly kind: RiscSeatKind }[];
  readonly terms: RiscTerms;
  /** Told first (who plays, where the record goes, …). */
  readonly notes: readonly string[];
  /** Plays the game from seat `me` with `you` deciding; the seat answering null leaves it. */
  play(you: RiscSeat, hooks: RiscHooks): Promise<RiscEnd>;
  /** Leaves at once, even while the others are deciding (play then ends with how 'left'). */
  leave(): void;
}

export type RiscStarted =
  | { readonly ok: true; readonly match: RiscMatch }
  | { readonly ok: false; readonly reason: string };

export interface RiscLobby {
  /** Addresses the others can join (the host's), best first; none for a joiner. */
  readonly addresses: readonly string[];
  /** Resolves when the game starts, or with why it could not. */
  readonly started: Promise<RiscStarted>;
  /** Closes the lobby and stops this peer (and the bots it started). */
  cancel(): Promise<void>;
  /** Host: start now with the players here (at least two); or why not. */
  startNow?(): { ok: true } | { ok: false; reason: string };
  /** Host: bots on this machine take the empty seats. */
  fillWithBots?(kind: RiscBotKind): Promise<{ ok: true; added: number } | { ok: false; reason: string }>;
}

export type RiscOpened =
  | { readonly ok: true; readonly lobby: RiscLobby }
  | { readonly ok: false; readonly reason: string };

/** A stored RISC game that can go on: against bots here, or (`rejoin`) a networked one this player dropped out of. */
export interface SavedRisc {
  readonly id: number;
  readonly startedAt: string;
  readonly players: readonly string[];
  /** The turn it stopped at. */
  readonly turn: number;
  /** A networked game the others may still play: going on takes this player's seat back. */
  readonly rejoin?: true;
  /**
   * A networked game it can resume with its players once every one stopped: its first host
   * (`host`: this player) offers it again, the others join that host (stored at `hostAddresses`).
   */
  readonly resumable?: { readonly host: boolean; readonly hostAddresses: readonly string[] };
}

export interface RiscLauncher {
  /** You against bots on this machine. */
  local(options: {
    readonly name: string;
    readonly players: number;
    readonly bot: RiscBotKind;
    readonly terms: RiscTerms;
  }): RiscMatch;
  host(
    options: { readonly players: number; readonly name: string; readonly terms: RiscTerms },
    onLobby: (event: LobbyEvent) => void,
  ): Promise<RiscOpened>;
  /** `onTerms`: the host's terms, shown in the lobby (the classic house rules are not RISC's). */
  join(
    options: { readonly address: string; readonly name: string },
    onLobby: (event: LobbyEvent) => void,
    onTerms: (terms: RiscTerms) => void,
  ): Promise<RiscOpened>;
  /** Stored games left before their end, newest first; or why they cannot be listed. */
  saved?(): { ok: true; games: readonly SavedRisc[] } | { ok: false; reason: string };
  /** Goes on with a stored game against bots where it stopped, or takes this player's seat back in a networked one. */
  resume?(id: number): RiscStarted;
  /**
   * Resumes a stored networked game every player stopped: `host` offers it again in a new lobby
   * (its first host only), else this player joins the one hosting it at `address`. Each player
   * proves it holds the same history before play goes on (protocol-spec/resume.md).
   */
  resumeNetwork?(
    request:
      | { readonly id: number; readonly host: true }
      | { readonly id: number; readonly host: false; readonly address: string },
    onLobby: (event: LobbyEvent) => void,
  ): Promise<RiscOpened>;
}

/** Where the RISC screens begin. */
export type RiscStart =
  | { readonly kind: 'menu' }
  /** You against bots, at once. */
  | { readonly kind: 'local'; readonly players: number; readonly bot: RiscBotKind; readonly terms: RiscTerms }
  | { readonly kind: 'host'; readonly players: number; readonly terms: RiscTerms; readonly open: boolean }
  | { readonly kind: 'join'; readonly address: string; readonly join: boolean }
  /** `address`: join the host of a stopped networked game's resume there (plain mode). */
  | { readonly kind: 'resume'; readonly id?: number; readonly address?: string };
