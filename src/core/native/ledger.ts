// The move ledger: the one sequence of entries applied here, the state after them, what is settled, taking back.
import { MOVE_MEMORY } from './limits.js';

/** An entry of the sequence, with the state before it (to take it back). */
export interface Entry<S> {
  readonly index: number;
  /** The move's author, or -1 for a neutralisation. */
  readonly author: number;
  /** The player a neutralisation made neutral. */
  readonly neutral: number | null;
  readonly messageHash: string;
  readonly stateHash: string;
  /** With pipelining: the message hash of the entry before it (its history); else null. */
  readonly parent: string | null;
  readonly line: string;
  readonly sig: string | null;
  readonly before: S;
}

/** What is kept of an entry to judge other versions of it and hand it on. */
export interface Taken {
  readonly author: number;
  readonly messageHash: string;
  readonly stateHash: string;
  readonly parent: string | null;
  readonly line: string;
}

export class MoveLedger<S> {
  /** Recent entries of the sequence, with the state before each. */
  readonly applied = new Map<number, Entry<S>>();
  /** Recent moves by index, with their signed lines. */
  readonly taken = new Map<number, Taken>();

  /** The first point of this session: the entry before it is not kept here. */
  private readonly first: number;

  /** `index`: the next point of the sequence; every entry below it is settled (a resumed game). */
  constructor(
    public state: S,
    public index: number,
    /** The message hash of the entry before `index` (pipelining: the parent of the first move here). */
    private readonly startParent: string,
    /** Every entry below this index is settled (acknowledged by every active player). */
    public firstOpen: number = index,
  ) {
    this.first = index;
  }

  /** The message hash of the entry before point `index` here: the parent of a move for `index`. */
  parentOf(index: number): string | undefined {
    return this.applied.get(index - 1)?.messageHash ?? (index === this.first ? this.startParent : undefined);
  }

  /** The latest entry applied here, if it is still kept. */
  get last(): Entry<S> | null {
    return this.applied.get(this.index - 1) ?? null;
  }

  /** Applies an entry: `after` is the state it leads to, and the sequence moves past it. */
  commit(entry: Entry<S>, after: S) {
    this.state = after;
    this.index = entry.index + 1;
    this.applied.set(entry.index, entry);
    this.taken.set(entry.index, {
      author: entry.author,
      messageHash: entry.messageHash,
      stateHash: entry.stateHash,
      parent: entry.parent,
      line: entry.line,
    });
    // Old entries are forgotten (MOVE_MEMORY).
    this.applied.delete(entry.index - MOVE_MEMORY);
    this.taken.delete(entry.index - MOVE_MEMORY);
  }

  /**
   * Moves past every entry settled by now, by `isSettled`; whether all applied here are settled
   * (lockstep: only then may a new move come).
   */
  settle(isSettled: (index: number) => boolean): boolean {
    while (this.firstOpen < this.index && isSettled(this.firstOpen)) this.firstOpen++;
    return this.firstOpen >= this.index;
  }

  /** Undoes every entry from `index` on; how many were undone. */
  rollbackTo(index: number): number {
    const entry = this.applied.get(index);
    if (entry === undefined) throw new Error(`no entry ${index} to roll back to`);
    this.state = entry.before;
    const count = this.index - index;
    for (let i = index; i < this.index; i++) {
      this.applied.delete(i);
      this.taken.delete(i);
    }
    this.index = index;
    this.firstOpen = Math.min(this.firstOpen, index);
    return count;
  }
}
