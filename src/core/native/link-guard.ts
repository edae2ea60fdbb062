// What a replica keeps about each link to bound what it may cost: its rate window, its faults (link
// judgements nobody else can check), and the signatures seen (a line that arrives twice, directly
// and handed on, is dropped) and checked (a line whose signature was found good is not checked again).
import { MAX_LINES_PER_WINDOW, MAX_SEEN, RATE_WINDOW_MS, RATE_WINDOW_POINTS } from './limits.js';

export class LinkGuard {
  private readonly windows = new Map<number, { at: number; index: number; count: number }>();
  private readonly faults = new Map<number, number>();
  private seenNow = new Set<string>();
  private seenBefore = new Set<string>();
  /**
   * Lines whose signature was found good, by signature, with author and text (the same signature
   * on other text is another line: only the last text checked is kept for a signature). Keyed by
   * the signature alone, whose hash the string keeps once `seen` has computed it, not by a key
   * string made of the whole line for each look-up.
   */
  private readonly checked = new Map<string, { readonly by: number; readonly inner: string }>();

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

  wasChecked(by: number, inner: string, sig: string): boolean {
    const found = this.checked.get(sig);
    return found !== undefined && found.by === by && found.inner === inner;
  }

  noteChecked(by: number, inner: string, sig: string) {
    this.checked.set(sig, { by, inner });
  }

  seen(sig: string): boolean {
    return this.seenNow.has(sig) || this.seenBefore.has(sig);
  }

  remember(sig: string) {
    this.seenNow.add(sig);
    if (this.seenNow.size < MAX_SEEN) return;
    // Two generations: the older is dropped whole, so remembering stays O(1).
    this.seenBefore = this.seenNow;
    this.seenNow = new Set();
    if (this.checked.size > MAX_SEEN) this.checked.clear();
  }
}
