// Pipelining (protocol-spec/native.md, Pipelining): moves built on another entry before them than
// this peer's. An honest author's move may arrive before this peer takes back the entry it
// disagrees on (or after it took back the one the move was built on), so it is kept, a few per
// author, and read again after each take-back; a rogue's made-up parents only push out its own.
import type { Incoming } from './intake.js';

/** Moves of another history kept per author: the points of the window (two, three with pipelining_two), with room to spare. */
export const OTHER_HISTORY = 4;

export class OtherHistory {
  private readonly byAuthor = new Map<number, Incoming[]>();

  constructor(private readonly perAuthor: number) {}

  /** Keeps `item` of `from` (the same line once); the oldest of that author's goes when full. */
  keep(from: number, item: Incoming) {
    let kept = this.byAuthor.get(from);
    if (kept === undefined) this.byAuthor.set(from, (kept = []));
    if (kept.some((k) => k.line === item.line)) return;
    kept.push(item);
    if (kept.length > this.perAuthor) kept.shift();
  }

  /** Every kept move, by author, taken out (to be queued again after a take-back). */
  takeAll(): [number, Incoming][] {
    const all = [...this.byAuthor].flatMap(([from, items]) => items.map((item): [number, Incoming] => [from, item]));
    this.byAuthor.clear();
    return all;
  }
}
