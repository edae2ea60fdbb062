// Proof: what this peer holds that a player must be made neutral (a cheat's evidence, or a quorum of
// votes), the neutralisations proposed by others, the expel lines each player sent, and evidence
// that convicts by itself (two dice lines that cannot both stand, acks of two versions of one move).

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
