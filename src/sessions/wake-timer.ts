// The one timer a session driver keeps, for its core's wakeAt. A wake time usually moves later
// (each move pushes the wait on): the timer then stays where it is, and when it fires early it is
// set again for the time left, rather than cleared and set anew with every line.
export class WakeTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the running timer fires (at or before `at`). */
  private armedAt = 0;
  private at: number | null = null;
  private wake: (() => void) | null = null;

  /** Wakes `wake` at `at` (ms since the epoch; null: never), replacing an earlier time. */
  set(at: number | null, wake: () => void): void {
    this.wake = wake;
    if (at === null) {
      this.clear();
      return;
    }
    this.at = at;
    if (this.timer !== null && this.armedAt <= at) return;
    this.arm(at);
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.at = null;
  }

  private arm(at: number) {
    if (this.timer) clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - Date.now()));
  }

  private fire() {
    this.timer = null;
    const at = this.at;
    if (at === null) return;
    if (Date.now() < at) return this.arm(at);
    this.at = null;
    this.wake?.();
  }
}
