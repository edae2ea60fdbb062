// The one timer a session driver keeps: set to its core's wakeAt, moved only when that changes.
export class WakeTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private at: number | null = null;

  /** Wakes `wake` at `at` (ms since the epoch; null: never), replacing an earlier time. */
  set(at: number | null, wake: () => void): void {
    if (at === this.at) return;
    this.clear();
    this.at = at;
    if (at === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.at = null;
        wake();
      },
      Math.max(0, at - Date.now()),
    );
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.at = null;
  }
}
