// What a replica keeps about each link to bound what it may cost: its rate window, its faults (link
// judgements nobody else can check), and the lines seen (a line that arrives twice, directly and
// handed on, is dropped) and checked (a line whose signature was found good is not checked again).
// Both are kept by signature with the line's text: the same signature over another text is another line.
import { MAX_LINES_PER_WINDOW, MAX_SEEN, RATE_WINDOW_MS, RATE_WINDOW_POINTS } from './limits.js';

export class LinkGuard {
  private readonly windows = new Map<number, { at: number; index: number; count: number }>();
  private readonly faults = new Map<number, number>();
  /** Lines seen, by signature (a line taken unchecked is kept whole: see seen). */
  private seenNow = new Map<string, string>();
  private seenBefore = new Map<string, string>();
  /** Lines whose signature was found good, by signature (the same signature over another text is not). */
  private readonly checked = new Map<string, string>();

  /**
   * Counts a line of `link` at `now`, the game being at point `reached` as far as that link shows:
   * 'ok', or 'cut' the first time the window is over its limit, 'over' after.
   */
  count(link: number, now: number, reached: number): 'ok' | 'cut' | 'over' {
    let window = this.windows.get(link);
    if (window === undefined || now - window.at >= RATE_WINDOW_MS || reached - window.index >= RATE_WINDOW_POINTS) {
      window = { at: now, index: reached, count: 0 };
      this.windows.set(link, window);
    }
    window.count++;
    if (window.count <= MAX_LINES_PER_WINDOW) return 'ok';
    return window.count === MAX_LINES_PER_WINDOW + 1 ? 'cut' : 'over';
  }

  /** Counts a fault of `link`; returns how many it has made. */
  fault(link: number): number {
    const count = (this.faults.get(link) ?? 0) + 1;
    this.faults.set(link, count);
    return count;
  }

  /** Whether this very line's signature was found good before. */
  checkedBefore(sig: string, line: string): boolean {
    return this.checked.get(sig) === line;
  }

  noteChecked(sig: string, line: string) {
    this.checked.set(sig, line);
  }

  /**
   * Whether this very line was seen: the same signature over the same text. A line taken before its
   * signature was checked must not hide another text under that signature (the real line, handed on).
   */
  seen(sig: string, line: string): boolean {
    return (this.seenNow.get(sig) ?? this.seenBefore.get(sig)) === line;
  }

  remember(sig: string, line: string) {
    this.seenNow.set(sig, line);
    if (this.seenNow.size < MAX_SEEN) return;
    // Two generations: the older is dropped whole, so remembering stays O(1).
    this.seenBefore = this.seenNow;
    this.seenNow = new Map();
    if (this.checked.size > MAX_SEEN) this.checked.clear();
  }
}
