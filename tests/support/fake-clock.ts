// Runs vitest's fake clock until promises settle: the in-memory resume tests' peers wait on timers.
import { vi } from 'vitest';

/** Advances the fake clock in steps of `stepMs` until every promise has settled, at most `limitMs`. */
export async function settleOnClock<T>(promises: Promise<T>[], limitMs = 60_000, stepMs = 50): Promise<T[]> {
  const out: (T | undefined)[] = promises.map(() => undefined);
  let left = promises.length;
  promises.forEach((p, i) => void p.then((v) => ((out[i] = v), left--)));
  for (let t = 0; t < limitMs && left > 0; t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  if (left > 0) throw new Error(`${left} peers did not finish`);
  return out as T[];
}
