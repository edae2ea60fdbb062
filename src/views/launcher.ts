// What the menu screens need in order to start a game. The cli wires the real one (peers, bots,
// sessions); tests can hand in their own.

import type { Rules } from '../protocol/rules.js';
import type { LobbyEvent } from '../sessions/lobby.js';
import type { Table } from './table.js';

/** What a lobby tells its screen: players joining and leaving, news, and the host's house rules (a joiner). */
export type LobbyNews = LobbyEvent | { readonly type: 'rules'; readonly rules: Rules };

export type Started = { readonly ok: true; readonly table: Table } | { readonly ok: false; readonly reason: string };

export interface Lobby {
  /** Addresses other players can join (the host's), best first. */
  readonly addresses: readonly string[];
  /** Resolves when the game starts, or with why it could not. */
  readonly started: Promise<Started>;
  /** Closes the lobby and stops this peer. */
  cancel(): Promise<void>;
  /** Host: start now with the players present; or why not. */
  startNow?(): { ok: true } | { ok: false; reason: string };
  /** Host: bots on this machine take the empty seats (the game then starts as the lobby fills). */
  fillWithBots?(kind: 'easy' | 'normal' | 'hard'): Promise<{ ok: true; added: number } | { ok: false; reason: string }>;
}

export type Opened = { readonly ok: true; readonly lobby: Lobby } | { readonly ok: false; readonly reason: string };

/** Where a lobby screen stands once it asked to open a lobby. */
export type LobbyStage =
  | { readonly kind: 'lobby'; readonly lobby: Lobby }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * Follows a lobby that was asked for until its game starts: shows the lobby, then hands the table
 * on, or shows why it failed. A screen left meanwhile (`live` false) cancels the lobby.
 */
export async function followLobby(
  opened: Opened,
  live: { readonly current: boolean },
  show: (stage: LobbyStage) => void,
  onStarted: (table: Table) => void,
): Promise<void> {
  if (!live.current) {
    if (opened.ok) void opened.lobby.cancel();
    return;
  }
  if (!opened.ok) return show({ kind: 'failed', reason: opened.reason });
  show({ kind: 'lobby', lobby: opened.lobby });
  const started = await opened.lobby.started;
  if (!live.current) return;
  if (started.ok) onStarted(started.table);
  else show({ kind: 'failed', reason: started.reason });
}

export const SEAT_KINDS = ['human', 'easy', 'normal', 'hard'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

export interface HotSeatPlayer {
  readonly name: string;
  readonly kind: SeatKind;
}

export type Profile = 'native' | 'cs3099';

export const PROFILE_LABELS: Readonly<Record<Profile, string>> = {
  native: 'native (p2p-risk players)',
  cs3099: 'cs3099 (other groups\u2019 2015 class programs)',
};

export interface Launcher {
  /** The house rules the forms start from (the command line's flags, else the 1993 defaults). */
  readonly defaultRules?: Rules;
  /** The bots of a quick game and of a lobby's empty seats, unless a screen names them (default normal). */
  readonly defaultBot?: 'easy' | 'normal' | 'hard';
  /** You against three bots (`bot`, default normal), each bot a real peer on this machine. */
  quickGame(name: string, bot?: 'easy' | 'normal' | 'hard'): Promise<Started>;
  /** `profile`: 'native' (default, p2p-risk peers) or 'cs3099' (the 2015 class protocol, other groups' programs). */
  /** `rules`: the house rules (native profile; the cs3099 profile plays the class rules). */
  /** `moveTimeoutMs`: how long a player may think (default the launcher's). */
  hostGame(
    options: {
      readonly players: number;
      readonly name: string;
      readonly profile?: Profile;
      readonly rules?: Rules;
      readonly moveTimeoutMs?: number;
    },
    onLobby: (event: LobbyNews) => void,
  ): Promise<Opened>;
  joinGame(
    options: { readonly address: string; readonly name: string; readonly profile?: Profile },
    onLobby: (event: LobbyNews) => void,
  ): Promise<Opened>;
  /** Several people (and bots) at this one keyboard, no network. Saved move by move when a game store is available. */
  hotSeat(players: readonly HotSeatPlayer[], rules?: Rules): Started;
  /** Saved games that can go on, newest first; or why they cannot be listed (the database cannot be opened or read). */
  savedGames?(): SavedGames;
  /** Goes on with a saved local game exactly where it stopped. */
  resumeGame?(id: number): Started;
  /**
   * Resumes a stored networked game (every player had stopped): `host` offers it in a new lobby
   * (its first host only), else this player joins the one hosting it at `address`. Each player
   * proves it holds the same history before play goes on (protocol-spec/resume.md).
   */
  resumeNetworkGame?(
    options:
      | { readonly id: number; readonly host: true }
      | { readonly id: number; readonly host: false; readonly address: string },
    onLobby: (event: LobbyEvent) => void,
  ): Promise<Opened>;
  /** Takes this player's seat back in a stored networked game the others still play (it dropped out). */
  rejoinNetworkGame?(id: number): Promise<Started>;
  /** The statistics of the stored games as text lines (tables and charts) at most `width` wide. */
  statsText?(width: number): readonly string[];
  /** RISC's games (against bots, hosted, joined, resumed), loaded when RISC is chosen. */
  risc?(): Promise<import('./risc/match.js').RiscLauncher>;
}

export type SavedGames =
  | { readonly ok: true; readonly games: readonly SavedGame[] }
  | { readonly ok: false; readonly reason: string };

/** A saved game as the Resume screen lists it. */
export interface SavedGame {
  readonly id: number;
  readonly startedAt: string;
  readonly players: readonly { readonly name: string; readonly botKind?: string | null }[];
  readonly stepCount: number;
  /** A networked game: what can be done with it. None: a local game (quick or hot seat). */
  readonly network?: SavedNetworkGame;
}

export interface SavedNetworkGame {
  /** This player's seat. */
  readonly me: number | null;
  readonly status: 'playing' | 'stopped' | 'finished';
  readonly profile: string;
  /** null: it can be resumed here; else why not. */
  readonly resume: string | null;
  /** null: this player can try to take its seat back in the running game; else why not. */
  readonly rejoin: string | null;
  /** The seat that hosts its resume: the lowest not neutral in this store (0 unless it was made neutral). */
  readonly host?: number;
  /** Where that host could be reached, shareable addresses first. */
  readonly hostAddresses: readonly string[];
}

/**
 * A failure reason in plain words: the libraries' own texts ("connect ECONNREFUSED …", "Encryption
 * failed", "Missing newline", "Can not dial self") become what they mean for a player.
 */
export function plainReason(reason: string): string {
  const at = /cannot reach ([^:]+(?::\d+)?(?:\/[^\s:]*)?):/.exec(reason)?.[1] ?? /cannot reach (\S+)/.exec(reason)?.[1];
  const there = at ? ` at ${at}` : '';
  if (/dial self/i.test(reason)) {
    return `That address${there} is this very player: both programs use the same peer identity (one key file, e.g. one home directory).`;
  }
  if (/ECONNREFUSED/.test(reason)) return `Nobody is hosting a game${there}: the connection was refused.`;
  if (/EHOSTUNREACH|ENETUNREACH/.test(reason)) return `The machine${there} cannot be reached from this network.`;
  if (/ENOTFOUND|EAI_AGAIN/.test(reason)) return `No machine has the name${there}.`;
  if (
    /Encryption failed|Missing newline|protocol selection failed|multistream|unexpected EOF|stream ended|ECONNRESET/i.test(
      reason,
    )
  ) {
    return `The program${there} answered, but not as a p2p-risk host: it may be another program, or a game of the other protocol (native vs cs3099).`;
  }
  if (/timed? ?out|no answer within|aborted/i.test(reason)) return `No answer${there} in time.`;
  if (/EADDRINUSE/.test(reason))
    return reason.replace(/:\s*listen EADDRINUSE.*$/, ': another program already uses that port.');
  if (/Game in progress/.test(reason)) return `That game has already started${there}: nobody new can join it.`;
  return reason;
}

/** What to do about a lobby that failed, in words. */
export function adviceFor(reason: string): string {
  if (/not an address of this machine|not an IPv4 address/.test(reason))
    return 'Give --listen an address of this machine (ip addr lists them), or leave it out: 0.0.0.0 listens on all of them.';
  if (/administrator rights/.test(reason)) return 'Choose a port from 1024 up with --port.';
  if (/dial self|is this very player/i.test(reason)) {
    return 'Two copies of risk on one machine: start each without --key (each then has its own identity), or give each its own --key file.';
  }
  if (/answered, but not as a p2p-risk host|Encryption failed|Missing newline/i.test(reason)) {
    return 'Check the address and the protocol field: choose cs3099 for other groups’ programs, native for p2p-risk.';
  }
  if (/not an address|not a valid multiaddr/.test(reason)) {
    return 'Type the address exactly as the host’s screen shows it, e.g. 192.168.1.20:7475 or the /ip4/… line.';
  }
  if (/Game full/i.test(reason)) return 'The game is full. Ask the host to host another game, or host one yourself.';
  if (/Game in progress/i.test(reason)) return 'That game has already started. Ask the host to host a new one.';
  if (/No common version/i.test(reason))
    return 'The host runs an incompatible version of risk: update both to the same version.';
  if (/went away|lobby was closed/.test(reason))
    return 'The host left or lost the connection. Ask them to host again, then join the new address.';
  if (
    /could not start|did not answer the ping|did not acknowledge|did not connect|cannot connect to player/.test(reason)
  ) {
    return 'A player dropped out while the game was starting. Host (or join) again.';
  }
  if (/cannot listen|EADDRINUSE/.test(reason))
    return 'Another program holds that port. Choose another port with --port, or stop the other program.';
  if (/cannot reach|did not answer|ECONNREFUSED|timed? ?out|abort/i.test(reason)) {
    return 'Check the address, that the host is still waiting in the lobby, and that both machines share a network (a firewall may block the port).';
  }
  return 'Go back and try again.';
}

/** host:port from a /ip4/…/tcp/… address, for typing. */
export function shortAddress(address: string): string {
  const match = /^\/ip([46])\/([^/]+)\/tcp\/(\d+)/.exec(address);
  if (!match) return address;
  return match[1] === '6' ? `[${match[2]}]:${match[3]}` : `${match[2]}:${match[3]}`;
}
