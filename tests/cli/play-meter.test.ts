// The per-peer meter bench:net reads from each `risk bot` (RISK_PLAY_METER=1): its arithmetic on a
// made-up game, with a clock the test moves.
import { describe, expect, it } from 'vitest';
import { describePlayStats, type MeteredEvent, playMeter } from '../../src/cli/play-meter.js';

const attack = (player: number): MeteredEvent => ({ type: 'game', event: { type: 'attack_declared', player } });
const battle = (attacker: number): MeteredEvent => ({ type: 'game', event: { type: 'battle', attacker } });

function meterWithClock(me: number) {
  const clock = { ms: 1000, cpu: 50 };
  const meter = playMeter(me, { now: () => clock.ms, cpuMs: () => clock.cpu });
  const at = (ms: number, cpu: number, event: MeteredEvent) => {
    clock.ms = ms;
    clock.cpu = cpu;
    meter.event(event);
  };
  return { meter, at };
}

describe('playMeter', () => {
  it('counts battles, time and CPU from the first attack to the last battle, rounds from the first attack on', () => {
    const { meter, at } = meterWithClock(0);
    at(1000, 50, { type: 'round', ms: 9 }); // before any attack: the deal's rounds are not play
    at(1000, 50, { type: 'game', event: { type: 'deployed', player: 0 } });
    at(2000, 100, attack(0));
    at(2010, 102, { type: 'round', ms: 4.567 });
    at(2020, 104, battle(0));
    at(2030, 106, attack(1));
    at(2040, 108, { type: 'round', ms: 6 });
    at(2500, 130, battle(1));
    expect(meter.stats()).toEqual({
      type: 'played',
      battles: 2,
      seconds: 0.5,
      cpu_ms: 30,
      round_ms: [4.57, 6],
      cycle_ms: [],
    });
    expect(describePlayStats(meter.stats())).toBe(
      "played 2 battles in 0.5 s from the first attack, 4.0 battles/s; this process's CPU 15.00 ms a battle",
    );
  });

  it('times a cycle only between two of its own battles with nothing but its next attack (and rounds, info) between', () => {
    const { meter, at } = meterWithClock(2);
    at(0, 0, attack(2));
    at(10, 1, battle(2));
    at(12, 1, { type: 'info' });
    at(15, 1, attack(2));
    at(30, 2, battle(2)); // cycle 20
    at(31, 2, { type: 'game', event: { type: 'conquered', player: 2 } }); // breaks the run
    at(40, 2, attack(2));
    at(55, 3, battle(2)); // no cycle: a capture came between
    at(60, 3, attack(2));
    at(80.123, 4, battle(2)); // cycle 25.12
    at(90, 4, attack(0));
    at(95, 4, battle(0)); // another player's battle: counted, ends the run
    at(100, 5, attack(2));
    at(110, 5, battle(2)); // no cycle
    expect(meter.stats().cycle_ms).toEqual([20, 25.12]);
    expect(meter.stats().battles).toBe(6);
  });

  it('says no battles when none were fought', () => {
    const { meter } = meterWithClock(0);
    expect(meter.stats()).toMatchObject({ battles: 0, seconds: 0, cpu_ms: 0 });
    expect(describePlayStats(meter.stats())).toBe('played no battles');
  });
});
