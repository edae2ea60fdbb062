// Deadlines: the one wait this peer has running, whom it waits for, and a timer that fired far too late.

export interface Deadline {
  at: number;
  readonly index: number;
  readonly kind: 'move' | 'ack' | 'round' | 'secret' | 'keys';
}

/** How long each kind of wait lasts: the secret round's own timeout, if it has one, or the ack timeout. */
export interface Timeouts {
  readonly moveMs: number;
  readonly ackMs: number;
  readonly secretMs: () => number | undefined;
}

export class Deadlines {
  /** The wait running, if any. */
  due: Deadline | null = null;
  /** When this peer last found it had stood still (paused, starved); -Infinity if never. */
  lastStall = -Infinity;
  /** A timer that fires this late means this process stood still: it cannot judge others' silence. */
  private readonly stallMs: number;

  constructor(private readonly timeouts: Timeouts) {
    this.stallMs = Math.max(1000, timeouts.ackMs);
  }

  private timeoutFor(kind: Deadline['kind']): number {
    if (kind === 'secret') return this.timeouts.secretMs() ?? this.timeouts.ackMs;
    return kind === 'move' ? this.timeouts.moveMs : this.timeouts.ackMs;
  }

  /** Waits for `kind` at `index` from `now`, unless that very wait is running already. */
  arm(kind: Deadline['kind'], index: number, now: number) {
    if (this.due !== null && this.due.kind === kind && this.due.index === index) return;
    this.due = { kind, index, at: now + this.timeoutFor(kind) };
  }

  /** `due` ran out at `now`: the same wait starts again. */
  again(due: Deadline, now: number) {
    this.due = { ...due, at: now + this.timeoutFor(due.kind) };
  }

  /** The move waited for runs out by `at` at the latest. */
  moveBy(at: number) {
    if (this.due?.kind === 'move') this.due = { ...this.due, at: Math.min(this.due.at, at) };
  }

  /**
   * A timer that fires far too late means this process was paused (or starved): the wait starts
   * again and the stall is remembered. How late it fired, or null if it was not late.
   */
  stall(now: number): number | null {
    const due = this.due;
    if (due === null || now - due.at <= this.stallMs) return null;
    this.lastStall = now;
    this.again(due, now);
    return now - due.at;
  }
}

/** What a replica tells of whom it waits for, by kind of wait. */
export interface Waiting {
  readonly me: number;
  /** The point this peer is at. */
  readonly index: number;
  /** Those the secret round running waits for. */
  secret(): readonly number[];
  /** Those the dice round running waits for; null with no round running. */
  round(): readonly number[] | null;
  /** Those whose matching ack of the entry at `index` is not in; none once it is settled or forgotten. */
  acks(index: number): readonly number[];
  /** Who must send the move at this point (its decider, or who speaks for a neutral; -1: nobody), or
   * null when no move is awaited (none due, or one taken and waiting for its dice). */
  mover(): number | null;
}

/** Who the wait `due` is for (besides this peer). */
export function awaitedFrom(due: Deadline, waiting: Waiting): number[] {
  // The game is over: a deal key that does not come is noted, nobody is voted out for it.
  if (due.kind === 'keys') return [];
  if (due.kind === 'secret') return due.index === waiting.index ? [...waiting.secret()] : [];
  if (due.kind === 'round') return (waiting.round() ?? []).filter((p) => p !== waiting.me);
  if (due.kind === 'ack') return [...waiting.acks(due.index)];
  if (due.index !== waiting.index) return [];
  const speaker = waiting.mover();
  return speaker !== null && speaker >= 0 && speaker !== waiting.me ? [speaker] : [];
}
