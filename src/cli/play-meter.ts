// What a peer measures of its own play, for the network benchmark (bench/net.ts): the battles, the
// time and this process's CPU from the first attack to the last battle, each dice round's time, and
// the battle cycles of its own runs of attacks. `risk bot` keeps it only with RISK_PLAY_METER=1 and
// says it at the end as one event (docs/benchmarks.md); bench/net.ts also feeds it the JSON events
// of a `risk bot` that has no meter (an older checkout), with a clock read from outside.

/** The events the meter reads: a session's events (SessionEvent), or a `risk bot --json` peer's. */
export type MeteredEvent =
  | { readonly type: 'round'; readonly ms: number }
  | {
      readonly type: 'game';
      readonly event: { readonly type: string; readonly player?: unknown; readonly attacker?: unknown };
    }
  | { readonly type: 'violation' | 'neutral' | 'info' };

export interface PlayStats {
  readonly type: 'played';
  /** Battles fought from the first attack this peer saw to the last battle. */
  readonly battles: number;
  /** Seconds from the first attack to the last battle. */
  readonly seconds: number;
  /** This process's CPU time (user + system) over the same span, in ms. */
  readonly cpu_ms: number;
  /** Each dice round's time from the first attack on, in ms, as the session reports it. */
  readonly round_ms: readonly number[];
  /**
   * From one battle of this peer's to its next, when nothing but its own next attack came between:
   * a battle's whole critical path (its settling, the next attack, the defence, the dice round).
   */
  readonly cycle_ms: readonly number[];
}

export interface PlayClock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** This process's CPU time so far, in ms. */
  cpuMs(): number;
}

const processClock: PlayClock = {
  now: () => performance.now(),
  cpuMs: () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  },
};

export interface PlayMeter {
  event(event: MeteredEvent): void;
  stats(): PlayStats;
}

const hundredths = (ms: number) => Math.round(ms * 100) / 100;

/** Measures the play of seat `me` from its session's events. */
export function playMeter(me: number, clock: PlayClock = processClock): PlayMeter {
  let first: { at: number; cpu: number } | null = null;
  let last: { at: number; cpu: number } | null = null;
  let battles = 0;
  const rounds: number[] = [];
  const cycles: number[] = [];
  // The time of this peer's last battle while its run of attacks goes on uninterrupted.
  let runFrom: number | null = null;
  return {
    event(event) {
      if (event.type === 'round') {
        if (first !== null) rounds.push(hundredths(event.ms));
        return;
      }
      if (event.type !== 'game') {
        if (event.type !== 'info') runFrom = null;
        return;
      }
      const game = event.event;
      if (game.type === 'attack_declared') {
        first ??= { at: clock.now(), cpu: clock.cpuMs() };
        if (game.player !== me) runFrom = null;
        return;
      }
      if (game.type !== 'battle') {
        runFrom = null;
        return;
      }
      if (first === null) return;
      const at = clock.now();
      battles++;
      last = { at, cpu: clock.cpuMs() };
      if (game.attacker !== me) runFrom = null;
      else {
        if (runFrom !== null) cycles.push(hundredths(at - runFrom));
        runFrom = at;
      }
    },
    stats() {
      const span = first !== null && last !== null ? { from: first, to: last } : null;
      return {
        type: 'played',
        battles,
        seconds: span === null ? 0 : (span.to.at - span.from.at) / 1000,
        cpu_ms: span === null ? 0 : hundredths(span.to.cpu - span.from.cpu),
        round_ms: rounds,
        cycle_ms: cycles,
      };
    },
  };
}

/** The stats in words, for a peer's plain-text output. */
export function describePlayStats(stats: PlayStats): string {
  if (stats.battles === 0) return 'played no battles';
  const rate = stats.seconds > 0 ? `, ${(stats.battles / stats.seconds).toFixed(1)} battles/s` : '';
  return `played ${stats.battles} battles in ${stats.seconds.toFixed(1)} s from the first attack${rate}; this process's CPU ${(stats.cpu_ms / stats.battles).toFixed(2)} ms a battle`;
}
