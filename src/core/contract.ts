// What the replica core and the sessions that drive it share: configuration, events, results.

import type { Action, GameEvent, GameState, OptionsInput } from '../model/index.js';
import type { DealDriver } from '../protocol/secret-deal.js';
import type { Keyring } from '../protocol/signing.js';

export interface SessionPlayer {
  readonly id: number;
  readonly name: string;
}

export interface SessionFeatures {
  readonly mtDice: boolean;
  readonly boundCommitments: boolean;
  readonly stateHashAcks: boolean;
  /** Every line signed by its author (signed_messages). */
  readonly signed: boolean;
  /** Dice from hash chains committed once (dice_chains); absent or false: a commitment per round. */
  readonly diceChains?: boolean;
  /** With dice chains, a neutral defender's round revealed ahead of it (early_reveals). */
  readonly earlyReveals?: boolean;
  /**
   * A move may be built on the one entry applied but not yet settled (pipelining): every move names
   * the entry before it (`parent`), which its signature covers. Absent or false: lockstep.
   */
  readonly pipelining?: boolean;
  /**
   * With pipelining, a window of two unsettled entries instead of one for a move that rolls no
   * dice (pipelining_two). Absent or false: a window of one.
   */
  readonly pipeliningTwo?: boolean;
}

/** How many entries a move that rolls no dice may be built on while they are unsettled: 0 (lockstep), 1 or 2. */
export function pipelineWindow(features: SessionFeatures): 0 | 1 | 2 {
  if (features.pipelining !== true) return 0;
  return features.pipeliningTwo === true ? 2 : 1;
}

/** The native profile's features but pipelining: every move waits for the entry before it to settle. */
export const LOCKSTEP_FEATURES = [
  'mt19937_dice',
  'bound_commitments',
  'state_hash_acks',
  'signed_messages',
  'full_mesh',
  'dice_chains',
  'early_reveals',
] as const;

/** The features that pipeline moves, as the native profile offers them: a window of two. */
export const PIPELINING_FEATURES = ['pipelining', 'pipelining_two'] as const;

/** What the native profile offers: a lobby plays the features every member lists (a lockstep peer makes a lockstep game). */
export const NATIVE_FEATURES = [...LOCKSTEP_FEATURES, ...PIPELINING_FEATURES] as const;

export function featuresFrom(names: readonly string[]): SessionFeatures {
  return {
    mtDice: names.includes('mt19937_dice'),
    boundCommitments: names.includes('bound_commitments'),
    stateHashAcks: names.includes('state_hash_acks'),
    signed: names.includes('signed_messages'),
    diceChains: names.includes('dice_chains'),
    earlyReveals: names.includes('early_reveals'),
    pipelining: names.includes('pipelining'),
    pipeliningTwo: names.includes('pipelining_two'),
  };
}

export function featureNames(features: SessionFeatures): string[] {
  return [
    features.mtDice && 'mt19937_dice',
    features.boundCommitments && 'bound_commitments',
    features.stateHashAcks && 'state_hash_acks',
    features.signed && 'signed_messages',
    features.diceChains && 'dice_chains',
    features.earlyReveals && 'early_reveals',
    features.pipelining && 'pipelining',
    features.pipeliningTwo && 'pipelining_two',
  ].filter((x): x is string => typeof x === 'string');
}

/** `S`, `E`: the game's state and events (the classic game's by default: core/native/game.ts). */
export type SessionEvent<S = GameState, E = GameEvent> =
  | { readonly type: 'game'; readonly event: E; readonly state: S }
  | {
      readonly type: 'violation';
      readonly player: number;
      readonly reason: string;
      readonly evidence: readonly string[];
    }
  | { readonly type: 'neutral'; readonly player: number; readonly reason: string }
  | { readonly type: 'info'; readonly text: string }
  /** A dice round finished: how long it took from this peer's commitment to the last reveal. */
  | { readonly type: 'round'; readonly id: number; readonly participants: number; readonly ms: number };

/**
 * How the game ended for this peer: won or lost on the board (`conquest`), won because every
 * other player left or was made neutral (`forfeit`), made neutral itself, cut off from every other
 * player (it does not crown itself), left, or stopped from outside.
 */
export type Outcome = 'conquest' | 'forfeit' | 'neutralised' | 'lost-contact' | 'left' | 'stopped';

export interface SessionResult<S = GameState> {
  readonly state: S;
  readonly winner: number | null;
  readonly violations: readonly { readonly player: number; readonly reason: string }[];
  /** Absent only for sessions that do not tell (the star session). */
  readonly outcome?: Outcome;
  readonly reason?: string;
}

/** An entry of the sequence as a history took it: its point, author (-1: a neutralisation), hashes and signed line. */
export interface TakenEntry {
  readonly index: number;
  readonly author: number;
  readonly messageHash: string;
  readonly stateHash: string;
  /** With pipelining: what it names of the entry before it; else null. */
  readonly parent: string | null;
  /** Its signed line ('' for a neutralisation). */
  readonly line: string;
}

export interface ReplicaConfig {
  readonly me: number;
  /** A mute replica replays a record: it keeps that peer's state but sends, signs and times nothing. */
  readonly mute?: boolean;
  readonly players: readonly SessionPlayer[];
  readonly gameId: string;
  readonly features: SessionFeatures;
  readonly rules?: Omit<OptionsInput, 'players'>;
  /** Required with signed_messages (a mute replica only verifies). */
  readonly keyring?: Keyring;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** This peer's secret dice numbers (default: 32 random bytes each); tests replay games with a seeded source. */
  readonly secretNumbers?: () => Uint8Array;
  /**
   * Go on with a stored game (networked resume, protocol-spec/resume.md): the state after `index`
   * entries of its sequence, which every player proved to hold. The next move is move `index`;
   * `gameId` must be the resumed session's own id, so no line signed before counts in it.
   */
  readonly resume?: {
    readonly state: GameState;
    readonly index: number;
    /**
     * A Secret Mission game past its deal: the deal driver rebuilt from the record of the session
     * that dealt (core/native/mission-deal.ts), this seat's (to claim its mission) or an observer's; it
     * checks every claim made from here on.
     */
    readonly missionDeal?: DealDriver;
    /** With pipelining: the message hash of the entry before `index` (a rejoin's; a resume starts afresh). */
    readonly parent?: string;
    /**
     * A rejoin's: the entries just before `index` as the checked history took them (MOVE_MEMORY of
     * them), so that this seat judges another version of one, or a proof about it, as the others do.
     */
    readonly taken?: readonly TakenEntry[];
  };
  /**
   * How long a peer cut off from every other player waits for one to rejoin (protocol-spec/resume.md,
   * Rejoin) before it ends `lost-contact`; 0 or absent: it ends at once. It casts no vote meanwhile.
   */
  readonly rejoinGraceMs?: number;
  /**
   * Dice chains: the seed of a chain this seat committed to before it rejoined (its record noted
   * it): the chain's commitment, read again in the history, gets its values back from it.
   */
  readonly chainSeed?: Uint8Array;
}

/** What the replica asks its driver to do (`S`, `A`, `E`: the game's state, moves and events). */
export type Effect<S = GameState, A = Action, E = GameEvent> =
  /** Send a line to one player, or to everyone (`to` null). */
  | { readonly type: 'send'; readonly line: string; readonly to: number | null }
  /** Append to this peer's record, in processing order. */
  | { readonly type: 'record'; readonly dir: 'in' | 'out' | 'note'; readonly from: number; readonly line: string }
  | { readonly type: 'event'; readonly event: SessionEvent<S, E> }
  /** Close the link to a player that keeps sending unusable lines. */
  | { readonly type: 'cut'; readonly player: number; readonly reason: string }
  /** A turn ended or a player was made neutral: make the record durable. */
  | { readonly type: 'sync' }
  /**
   * An entry applied to the game here (a move, a draw, a neutralisation as a `timeout`), with the
   * numbers of the dice round it used (by player): the game store keeps the game as these steps.
   */
  | { readonly type: 'step'; readonly action: A; readonly numbers: StepNumbers | null }
  /** The last `count` steps were undone (an equivocated move gave its point to a neutralisation). */
  | { readonly type: 'unstep'; readonly count: number };

/** A dice round's numbers, one per participant: [player, 32 bytes]. */
export type StepNumbers = readonly (readonly [number, Uint8Array])[];

/**
 * The one contract of a game core (the native replica, the star peer): lines, the seat's decisions
 * and the clock go in, effects come out. A session driver (sessions/core-driver.ts) runs any core
 * over any links; the core opens no socket and sets no timer.
 */
export interface Core<S = GameState, A = Action, E = GameEvent> {
  start(now: number): void;
  /** A line that came in on the link to `link`. */
  receive(link: number, line: string, now: number): void;
  linkClosed(link: number, now: number): void;
  /** Runs what is due by `now`; wakeAt says when to call it next. */
  tick(now: number): void;
  /** This peer's seat chose `chosen` for decision `index` (decisionDue). */
  decide(index: number, chosen: A, now: number): void;
  /** This peer's seat could not decide `index`. */
  undecided(index: number, reason: string, now: number): void;
  /** Leaves the game: tells the others, then stops. */
  leave(now: number, reason?: string): void;
  /** Stops from outside. */
  stop(): void;
  readonly decisionDue: { readonly index: number; readonly state: S } | null;
  readonly wakeAt: number | null;
  readonly finished: SessionResult<S> | null;
  /** What the driver must do now, in order; each effect is returned once. */
  drain(): Effect<S, A, E>[];
}
