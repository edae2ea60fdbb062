// The move ledger: the one sequence of entries applied here, the state after them, what is settled, taking back.
import { parentAfter } from './hashes.js';
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
  /** With pipelining: what it names of the entry before it (its history); else null. */
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
  /** What a move built on each entry kept names as its parent. */
  private readonly parents = new Map<number, string>();

  /** `index`: the next point of the sequence; every entry below it is settled (a resumed game). */
  constructor(
    public state: S,
    public index: number,
    /** What the first move here names as its parent (pipelining). */
    private readonly startParent: string,
    /** Every entry below this index is settled (acknowledged by every active player). */
    public firstOpen: number = index,
    /**
     * With pipelining_two a parent is the history hash of the entry before (hashes.ts:
     * historyHashOf); else that entry's message hash.
     */
    private readonly chained = false,
  ) {
    this.first = index;
  }

  /** What a move for point `index` names as its parent here (the entry before it, or its history). */
  parentOf(index: number): string | undefined {
    return this.parents.get(index - 1) ?? (index === this.first ? this.startParent : undefined);
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
    this.parents.set(entry.index, parentAfter(this.chained, entry.parent ?? '', entry.messageHash));
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
    this.parents.delete(entry.index - MOVE_MEMORY);
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
      this.parents.delete(i);
    }
    this.index = index;
    this.firstOpen = Math.min(this.firstOpen, index);
    return count;
  }
}
