// A link: one ordered, authenticated channel to one remote peer carrying JSON lines.
export interface Link {
  /** The remote peer's identity (a libp2p peer id, or host:port for plain TCP). */
  readonly remotePeer: string;
  send(line: string): void;
  onLine(listener: (line: string) => void): void;
  /** Called once when the link closes, with the reason if it failed. */
  onClose(listener: (reason: string | null) => void): void;
  close(): void;
  readonly closed: boolean;
}

/** Shared bookkeeping for link implementations: listeners, and lines that arrive before anyone listens. */
export class LinkEvents {
  private lineListeners: ((line: string) => void)[] = [];
  private closeListeners: ((reason: string | null) => void)[] = [];
  private early: string[] = [];
  closed = false;
  closeReason: string | null = null;

  onLine(listener: (line: string) => void) {
    this.lineListeners.push(listener);
    const waiting = this.early;
    this.early = [];
    for (const line of waiting) listener(line);
  }

  onClose(listener: (reason: string | null) => void) {
    if (this.closed) queueMicrotask(() => listener(this.closeReason));
    else this.closeListeners.push(listener);
  }

  line(line: string) {
    if (this.lineListeners.length === 0) this.early.push(line);
    else for (const listener of this.lineListeners) listener(line);
  }

  close(reason: string | null) {
    if (this.closed) return;
    this.closed = true;
    this.closeReason = reason;
    for (const listener of this.closeListeners) listener(reason);
    this.closeListeners = [];
  }
}
