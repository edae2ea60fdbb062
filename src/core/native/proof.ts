// Proof: what makes a player neutral (evidence, a quorum of votes), proposals, expels, and evidence that convicts.

import { hexToBytes } from '../../protocol/commitment.js';
import { evidenceOf } from '../../protocol/evidence.js';
import { MAX_EVIDENCE_ITEMS, type Message } from '../../protocol/messages.js';
import { sameNamed } from '../../protocol/named-commitments.js';
import { MAX_SIGNED_LINE } from '../../protocol/signing.js';
import type { Ack } from './acks.js';

/** Proof that a player must be made neutral; `at`: the point of its equivocated move (takeBackPoint). */
export interface Proof {
  readonly reason: string;
  readonly evidence: readonly string[];
  readonly at?: number;
}

/** A neutralisation proposed by another peer (an expel with ack_id), waiting for its sequence point. */
export interface Proposal {
  readonly from: number;
  readonly link: number;
  readonly message: Extract<Message, { command: 'expel' }>;
  readonly line: string;
}

export class Proofs {
  /** Proof (or a quorum of votes) that a player must be made neutral, kept until it is. */
  private readonly held = new Map<number, Proof>();
  private readonly blamed = new Set<number>();
  /** Each cheat, once per player, for the game's result. */
  readonly violations: { player: number; reason: string }[] = [];
  /** Neutralisation proposals waiting for their sequence point. */
  readonly proposals: Proposal[] = [];
  /** Expel lines taken from each player (MAX_EXPELS_PER_PLAYER). */
  private readonly expels = new Map<number, number>();

  get size(): number {
    return this.held.size;
  }

  has(player: number): boolean {
    return this.held.has(player);
  }

  get(player: number): Proof | undefined {
    return this.held.get(player);
  }

  /** The players proven, in the order their proof came. */
  keys(): IterableIterator<number> {
    return this.held.keys();
  }

  /**
   * Keeps proof against `player` (the first proof stands), with its evidence as it is handed on;
   * for a cheat, whether it is the player's first (a violation to report).
   */
  note(player: number, reason: string, how: { cheat: boolean; evidence: readonly string[]; at?: number }) {
    const firstCheat = how.cheat && !this.blamed.has(player);
    if (firstCheat) {
      this.blamed.add(player);
      this.violations.push({ player, reason });
    }
    const evidence = how.evidence
      .slice(0, MAX_EVIDENCE_ITEMS)
      .map((e) => (e.length > MAX_SIGNED_LINE ? evidenceOf(e) : e));
    if (!this.held.has(player))
      this.held.set(player, {
        reason: reason.slice(0, 300),
        evidence,
        ...(how.at !== undefined ? { at: how.at } : {}),
      });
    return { firstCheat, evidence };
  }

  /** Counts an expel line from `from`; how many it has sent. */
  countExpel(from: number): number {
    const sent = (this.expels.get(from) ?? 0) + 1;
    this.expels.set(from, sent);
    return sent;
  }
}

/**
 * Two dice lines of one player for one round that cannot both stand: a reveal that does not fit
 * the commitment, two commitments, or one number named with two different sets of commitments.
 * The player and why, or null. `commitmentOf`: the round profile's commitment to a number.
 */
export function roundPairCheat(
  a: Message,
  b: Message,
  commitmentOf: (number: Uint8Array, round: number, player: number) => string,
): { player: number; reason: string } | null {
  if (a.command !== 'roll_hash' && a.command !== 'roll_number') return null;
  if (b.command !== 'roll_hash' && b.command !== 'roll_number') return null;
  const player = a.player_id;
  const round = a.round;
  if (b.player_id !== player || round === undefined || round !== b.round) return null;
  if (a.command === 'roll_hash' && b.command === 'roll_number') {
    if (commitmentOf(hexToBytes(b.payload), round, player) !== a.payload)
      return { player, reason: 'revealed a dice number that does not match its commitment' };
  } else if (a.command === 'roll_hash' && b.command === 'roll_hash') {
    if (a.payload !== b.payload) return { player, reason: `signed two dice commitments for round ${round}` };
  } else if (a.command === 'roll_number' && b.command === 'roll_number') {
    if (a.payload === b.payload && a.commitments && b.commitments && !sameNamed(new Map(a.commitments), b.commitments))
      return { player, reason: `named two different sets of dice commitments in round ${round}` };
  }
  return null;
}

/**
 * Acks by two players other than `author` of two different moves `author` signed for one point:
 * `counts` says whose acks a move needs to settle there, `signedByAuthor` (when signing) whether an
 * ack carries the author's valid signature of its move.
 */
export function conflictingAcks(
  author: number,
  acks: ReadonlyMap<number, Ack> | undefined,
  counts: (player: number) => boolean,
  signedByAuthor: ((ack: Ack) => boolean) | null,
): [string, string] | null {
  const versions = new Map<string, string>();
  for (const [from, ack] of acks ?? []) {
    if (from === author || !counts(from)) continue;
    if (ack.messageHash === null || ack.line === '' || versions.has(ack.messageHash)) continue;
    if (signedByAuthor !== null && (ack.author !== author || !signedByAuthor(ack))) continue;
    const other = [...versions.values()][0];
    if (other !== undefined) return [other, ack.line];
    versions.set(ack.messageHash, ack.line);
  }
  return null;
}

/** A point taken back for a neutralisation: the equivocated move's point, with the evidence that it settles nowhere. */
export interface TakenBack {
  readonly player: number;
  readonly index: number;
  readonly evidence: string[];
}

/** What choosing a neutralisation to propose asks of the replica. */
export interface Proposing {
  /** The first point not yet settled here, and the point this peer is at. */
  readonly firstOpen: number;
  readonly index: number;
  /** The entry applied here at `at`. */
  entry(at: number): { readonly author: number; readonly line: string } | undefined;
  /** Acks of two versions of `author`'s move at `at` (conflictingAcks). */
  conflictingAcks(at: number, author: number): [string, string] | null;
  /** A draw no seat decides is due (replica.ts: inDraws). */
  inDraws(): boolean;
  isIn(player: number): boolean;
}

/**
 * The point of `player`'s equivocated move, if it is applied here, open here, and can settle
 * nowhere, with the evidence of that. An honest peer acknowledges one version only, and a move
 * settles only where every active player acknowledged it: so two players acknowledging different
 * versions mean no version settles anywhere, and the point may be taken back. Without that, some
 * peer may have settled the move (everyone, its author included, acknowledged it before the second
 * version appeared), and the neutralisation takes the next point instead, as there.
 */
function takeBackPoint(proofs: Proofs, player: number, at: Proposing): TakenBack | null {
  const point = proofs.get(player)?.at;
  if (point === undefined || point < at.firstOpen || point >= at.index) return null;
  const entry = at.entry(point);
  if (entry === undefined || entry.author !== player) return null;
  const acks = at.conflictingAcks(point, player);
  return acks === null ? null : { player, index: point, evidence: [entry.line, ...acks] };
}

/**
 * Which proven player this peer proposes to make neutral now (the lowest id, one whose equivocated
 * move can be taken back first), and the point taken back for it; null: none, or wait for the draws.
 */
export function toPropose(proofs: Proofs, at: Proposing): { player: number; back: TakenBack | null } | null {
  const proven = [...proofs.keys()].sort((a, b) => a - b);
  const back = proven.map((p) => takeBackPoint(proofs, p, at)).find((b) => b !== null) ?? null;
  if (back === null && at.inDraws()) return null;
  const player = back?.player ?? proven.find((p) => at.isIn(p));
  return player === undefined ? null : { player, back };
}
