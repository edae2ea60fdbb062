// Acknowledgements: who acked which entry with which move and state, how far each got; judging them; correcting observers.

import type { Entry, Taken } from './ledger.js';
import { MOVE_MEMORY, OBSERVER_WINDOW } from './limits.js';

export interface Ack {
  readonly stateHash: string | null;
  readonly messageHash: string | null;
  /** The author of the acknowledged move and its signature, when the ack names them. */
  readonly author: number | null;
  readonly authorSig: string | null;
  /** With pipelining: the entry before the acknowledged one at the acker (its history); else null. */
  readonly parent: string | null;
  readonly line: string;
}

/** A version of a move an observer acknowledged (author -1: it made that point a neutralisation). */
export interface Version {
  readonly author: number;
  readonly messageHash: string;
}

/** Whether an ack is of this entry (any ack will do without state hashes in acks). */
export function matches(ack: Ack | undefined, entry: Entry<unknown>, stateHashAcks: boolean): boolean {
  if (ack === undefined) return false;
  // With pipelining an ack settles only the entry of its own history (the same parent).
  if (ack.parent !== entry.parent) return false;
  if (!stateHashAcks) return true;
  return ack.messageHash === entry.messageHash && ack.stateHash === entry.stateHash;
}

export class AckBook {
  private readonly byPoint = new Map<number, Map<number, Ack>>();
  /** The furthest point each player in the game has acknowledged (within OBSERVER_WINDOW of this peer's). */
  readonly furthest = new Map<number, number>();
  /** The furthest point each player has acknowledged, any player, as the game ends (awaitingEnd). */
  readonly atEnd = new Map<number, number>();

  /** The acks of point `index`, by player. */
  get(index: number): ReadonlyMap<number, Ack> | undefined {
    return this.byPoint.get(index);
  }

  /** Keeps `from`'s ack of `index`; acks below `floor()` are of no further use (MOVE_MEMORY). */
  store(from: number, index: number, ack: Ack, floor: () => number) {
    let byPlayer = this.byPoint.get(index);
    if (byPlayer === undefined) this.byPoint.set(index, (byPlayer = new Map()));
    byPlayer.set(from, ack);
    if (this.byPoint.size > 2 * MOVE_MEMORY) {
      const below = floor();
      for (const key of this.byPoint.keys()) if (key < below) this.byPoint.delete(key);
    }
  }

  forget(index: number) {
    this.byPoint.delete(index);
  }

  /** Notes how far `player` has acknowledged, for the end of the game. */
  noteEnd(player: number, index: number) {
    if (index > (this.atEnd.get(player) ?? -1)) this.atEnd.set(player, index);
  }

  noteFurthest(player: number, index: number) {
    if (index > (this.furthest.get(player) ?? -1)) this.furthest.set(player, index);
  }

  /** Whether every one of `players` acknowledged `entry` at its point. */
  allMatch(entry: Entry<unknown>, players: readonly number[], stateHashAcks: boolean): boolean {
    const acks = this.byPoint.get(entry.index);
    return players.every((p) => matches(acks?.get(p), entry, stateHashAcks));
  }

  /** The last few points with acks, and who acked each (diagnostics). */
  recent(count: number): [number, number[]][] {
    return [...this.byPoint].slice(-count).map(([i, m]) => [i, [...m.keys()]]);
  }
}

/**
 * Why an ack of `index` from a player in the game is not kept (and not recorded): `keep` false for
 * one out of every window (an observer's to drop, else the link's fault). Acks far ahead are kept
 * (the others race on once they have put this peer out, before it knows), but an honest player acks
 * a point once: a second ack of a point ahead of the game is kept (the later one counts, as after a
 * point taken back) and is a fault, so a link that keeps sending new acks of the same points ahead is cut.
 */
export function ackProblem(
  index: number,
  at: { base: number; next: number; observing: boolean; ackWindow: number; ackedBefore: () => boolean },
): { keep: boolean; fault: string | null } {
  // An honest peer may be far ahead (OBSERVER_WINDOW), but never acks a move long settled.
  if (index < at.base - at.ackWindow || index > at.next + OBSERVER_WINDOW)
    return { keep: false, fault: at.observing ? null : `acknowledged move ${index}, far from move ${at.base}` };
  if (index > at.next + at.ackWindow && at.ackedBefore())
    return { keep: true, fault: `acknowledged move ${index} twice, ahead of the game` };
  return { keep: true, fault: null };
}

/** What judging an ack against the entry taken here asks of the replica. */
export interface AckJudge {
  readonly signed: boolean;
  readonly me: number;
  /** `parent`: with pipelining, the entry the move names as its parent (its digest covers it). */
  verifyMove(author: number, index: number, messageHash: string, sig: string, parent?: string): boolean;
  /** Whether `author` may have claimed its mission at `index` (Secret Mission). */
  mayBeClaim(author: number, index: number): boolean;
  isIn(player: number): boolean;
  nameOf(player: number): string;
}

/** Proof found in an ack: the acker's lie, or the author's two signed moves for one point. */
export type AckFinding =
  | { readonly kind: 'cheat'; readonly player: number; readonly reason: string; readonly evidence: string[] }
  | { readonly kind: 'equivocation'; readonly player: number; readonly evidence: string[] };

/**
 * An ack for a move this peer applied. The same move with another resulting state is the
 * acker's provable mistake. Another move needs the author's signature: without a valid one the
 * acker lied; with one, the author signed two moves for one point (a peer that lost the point
 * to a neutralisation may still ack the undone move: its author is neutral then, and it is ignored).
 */
export function judgeAck(from: number, index: number, ack: Ack, move: Taken, judge: AckJudge): AckFinding | null {
  if (ack.messageHash === null) return null;
  // With pipelining, an ack of another history (another entry before it) is judged nowhere here:
  // the acker may have built on an entry this peer took back, or not yet.
  if (ack.parent !== move.parent) return null;
  if (ack.messageHash === move.messageHash) {
    if (ack.stateHash === null || ack.stateHash === move.stateHash) return null;
    const reason = `acknowledged move ${index} with a game state that differs from the rules' result`;
    return { kind: 'cheat', player: from, reason, evidence: [ack.line] };
  }
  if (!judge.signed || ack.author === null) return null;
  if (!judge.verifyMove(ack.author, index, ack.messageHash, ack.authorSig ?? '', ack.parent ?? undefined)) {
    // A claim's acknowledgement carries the claim line's signature, which cannot be checked
    // against a hash: it proves nothing, and the point does not settle with it.
    if (judge.mayBeClaim(ack.author, index)) return null;
    const reason = `acknowledged a move ${index} that ${judge.nameOf(ack.author)} never signed`;
    return { kind: 'cheat', player: from, reason, evidence: [ack.line] };
  }
  if (ack.author === move.author && move.author >= 0 && move.author !== judge.me && judge.isIn(move.author))
    return { kind: 'equivocation', player: move.author, evidence: [move.line, ack.line] };
  return null;
}

/**
 * Observers that acknowledged another version of a move taken here: its author sent them a version
 * of its own (or an illegal one, which the observer answered with a neutralisation at that point),
 * which the players in the game never acknowledge. Each is sent the version taken here, once: if
 * that one settles, the observer takes it instead.
 */
export class ObserverCorrections {
  /** Observers' acks of moves not taken here yet, by point. */
  private readonly waiting = new Map<number, Map<number, Version>>();
  /** Observers sent the version of a move taken here (observer@point), once each. */
  private readonly corrected = new Set<string>();

  constructor(private readonly maxKept: number) {}

  /**
   * The line to send `observer`, which acked `version` at `index`, or null. A move not taken here
   * yet (it may wait in a queue) is judged when it is (`waitingAt`), if it is within reach of `next`.
   */
  correct(
    observer: number,
    index: number,
    version: Version,
    taken: Taken | undefined,
    next: number,
    ackWindow: number,
  ): string | null {
    if (taken === undefined) {
      if (index < next || index > next + ackWindow) return null;
      if (this.waiting.size >= this.maxKept) this.waiting.clear();
      let byObserver = this.waiting.get(index);
      if (byObserver === undefined) this.waiting.set(index, (byObserver = new Map()));
      byObserver.set(observer, version);
      return null;
    }
    if (taken.author < 0 || taken.line === '' || (version.author !== taken.author && version.author !== -1))
      return null;
    if (version.messageHash === taken.messageHash) return null;
    const key = `${observer}@${index}`;
    if (this.corrected.has(key)) return null;
    if (this.corrected.size >= this.maxKept) this.corrected.clear();
    this.corrected.add(key);
    return taken.line;
  }

  /** The observers' acks that waited for the move at `index`, taken here now (and forgotten). */
  waitingAt(index: number): [number, Version][] {
    const waiting = [...(this.waiting.get(index) ?? [])];
    this.waiting.delete(index);
    return waiting;
  }
}
