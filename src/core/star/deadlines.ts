// The star peer's timers as plain data: each deadline a time and what it does. The driver keeps one
// timer for the earliest (wakeAt) and calls tick; deadlines due at the same time run in the order set.

export type DeadlineId = number;

interface Deadline {
  readonly id: DeadlineId;
  readonly at: number;
  readonly fire: () => void;
}

export class Deadlines {
  private list: Deadline[] = [];
  private next = 1;

  set(at: number, fire: () => void): DeadlineId {
    const id = this.next++;
    this.list.push({ id, at, fire });
    return id;
  }

  cancel(id: DeadlineId | null) {
    if (id !== null) this.list = this.list.filter((d) => d.id !== id);
  }

  clear() {
    this.list = [];
  }

  get wakeAt(): number | null {
    let at: number | null = null;
    for (const d of this.list) if (at === null || d.at < at) at = d.at;
    return at;
  }

  /**
   * Runs the earliest deadline due by `now`, if any (one per call: lines already on their way are
   * read before the next, as with one timer each). Returns whether one ran.
   */
  fireOne(now: number): boolean {
    let due: Deadline | null = null;
    for (const d of this.list) if (d.at <= now && (due === null || d.at < due.at)) due = d;
    if (due === null) return false;
    this.cancel(due.id);
    due.fire();
    return true;
  }
}
