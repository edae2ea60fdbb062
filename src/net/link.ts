// A link: one ordered, authenticated channel to one remote peer carrying JSON lines.
export interface Link {
  /** The remote peer's identity (a libp2p peer id, or host:port for plain TCP). */
  readonly remotePeer: string;
  send(line: string): void;
  /** Lines go to one listener at a time; while none listens they wait. Returns a detach function. */
  onLine(listener: (line: string) => void): () => void;
  /** Puts lines back in front of those waiting, for the next listener. */
  unread(lines: readonly string[]): void;
  /** Called once when the link closes, with the reason if it failed. */
  onClose(listener: (reason: string | null) => void): void;
  close(): void;
  readonly closed: boolean;
}

/** Lines, and characters in all, a link keeps for a reader that has not come yet; a peer that sends more is cut off. */
export const MAX_UNREAD_LINES = 4096;
export const MAX_UNREAD_CHARS = 4 * 1024 * 1024;

/** Shared bookkeeping for link implementations: listeners, and lines that arrive before anyone listens. */
export class LinkEvents {
  /** Called once when unread lines pass MAX_UNREAD_LINES: the implementation closes the link. */
  onOverflow: (() => void) | null = null;
  private lineListeners: ((line: string) => void)[] = [];
  private closeListeners: ((reason: string | null) => void)[] = [];
  private early: string[] = [];
  private earlyChars = 0;
  closed = false;
  closeReason: string | null = null;

  onLine(listener: (line: string) => void): () => void {
    this.lineListeners = [listener];
    const waiting = this.early;
    this.early = [];
    this.earlyChars = 0;
    for (const line of waiting) listener(line);
    return () => {
      if (this.lineListeners[0] === listener) this.lineListeners = [];
    };
  }

  unread(lines: readonly string[]) {
    if (this.lineListeners.length > 0) for (const line of lines) this.lineListeners[0]!(line);
    else {
      this.early = [...lines, ...this.early];
      for (const line of lines) this.earlyChars += line.length;
    }
  }

  onClose(listener: (reason: string | null) => void) {
    if (this.closed) queueMicrotask(() => listener(this.closeReason));
    else this.closeListeners.push(listener);
  }

  line(line: string) {
    if (this.closed) return;
    if (this.lineListeners.length > 0) {
      for (const listener of this.lineListeners) listener(line);
      return;
    }
    if (this.early.length >= MAX_UNREAD_LINES || this.earlyChars + line.length > MAX_UNREAD_CHARS) {
      // Nobody reads this peer (a stranger, or a member talking out of turn): keep nothing more.
      this.early = [];
      this.earlyChars = 0;
      const overflow = this.onOverflow;
      this.onOverflow = null;
      overflow?.();
      this.close('sent too many lines that nobody read');
      return;
    }
    this.early.push(line);
    this.earlyChars += line.length;
  }

  close(reason: string | null) {
    if (this.closed) return;
    this.closed = true;
    this.closeReason = reason;
    for (const listener of this.closeListeners) listener(reason);
    this.closeListeners = [];
  }
}

/** Reads a link line by line with timeouts, then hands the unread lines on to the next reader. */
export class LineReader {
  private lines: string[] = [];
  private chars = 0;
  private wake: (() => void) | null = null;
  private closedReason: string | null = null;
  private detach: () => void;

  constructor(private readonly link: Link) {
    this.detach = link.onLine((line) => {
      if (this.lines.length >= MAX_UNREAD_LINES || this.chars + line.length > MAX_UNREAD_CHARS) {
        this.lines = [];
        this.chars = 0;
        link.close();
        this.closedReason = 'sent too many lines that nobody read';
      } else {
        this.lines.push(line);
        this.chars += line.length;
      }
      this.wake?.();
    });
    link.onClose((reason) => {
      this.closedReason = reason ?? 'connection closed';
      this.wake?.();
    });
  }

  /** The next line, or a reason (timeout or close). */
  async next(timeoutMs: number): Promise<{ ok: true; line: string } | { ok: false; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.lines.length > 0) {
        const line = this.lines.shift()!;
        this.chars -= line.length;
        return { ok: true, line };
      }
      if (this.closedReason !== null) return { ok: false, reason: `connection closed: ${this.closedReason}` };
      const left = deadline - Date.now();
      if (left <= 0) return { ok: false, reason: `no answer within ${timeoutMs} ms` };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Stops reading; lines not yet read go back to the link for its next listener. A `next` still waiting ends at once. */
  release() {
    this.detach();
    this.link.unread(this.lines);
    this.lines = [];
    this.chars = 0;
    this.closedReason ??= 'no longer read';
    this.wake?.();
  }
}
