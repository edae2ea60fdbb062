// bench:net's options: defaults, each option read, and a clear reason for each bad one.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PARTS, parseNetOptions } from '../../bench/net-options.js';

const thisRisk = fileURLToPath(new URL('../../bin/risk.js', import.meta.url));

describe('parseNetOptions', () => {
  it('defaults to 2, 4 and 6 peers, 20 s of play a row, 25 ms of delay, 3 whole games, every part, this checkout', () => {
    const parsed = parseNetOptions([]);
    expect(parsed).toEqual({
      ok: true,
      value: {
        sizes: [2, 4, 6],
        seconds: 20,
        delayMs: 25,
        games: 3,
        only: new Set(PARTS),
        risk: thisRisk,
        lockstep: false,
        record: false,
      },
    });
  });

  it('reads sizes, --seconds, --delay, --games, --only, --risk, --lockstep and --record', () => {
    const parsed = parseNetOptions(['3', '5', '--seconds', '7', '--delay', '40', '--games', '0']);
    expect(parsed.ok && parsed.value).toMatchObject({ sizes: [3, 5], seconds: 7, delayMs: 40, games: 0 });
    const only = parseNetOptions(['--only', 'delay, class', '--risk', thisRisk]);
    expect(only.ok && [...only.value.only]).toEqual(['delay', 'class']);
    expect(only.ok && only.value.risk).toBe(thisRisk);
    expect(parseNetOptions(['--lockstep'])).toMatchObject({ ok: true, value: { lockstep: true } });
    expect(parseNetOptions(['--record'])).toMatchObject({ ok: true, value: { record: true } });
  });

  it.each([
    [['7'], 'a size "7" must be a whole number from 2 to 6'],
    [['--seconds', '0'], '--seconds "0" must be a whole number from 1 to 3600'],
    [['--delay', '2.5'], '--delay "2.5" must be a whole number from 1 to 5000'],
    [['--games', 'many'], '--games "many" must be a whole number from 0 to 100'],
    [['--only', 'processes,speed'], '--only "speed": the parts are processes, one-process, delay, class, whole'],
    [
      ['--risk', '/nowhere/bin/risk.js'],
      '--risk "/nowhere/bin/risk.js": no such file (give a checkout\'s bin/risk.js)',
    ],
  ])('refuses %j: %s', (argv, reason) => {
    expect(parseNetOptions(argv)).toEqual({ ok: false, reason });
  });

  it('says what node:util found wrong with the arguments', () => {
    const parsed = parseNetOptions(['--fast']);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(/--fast/);
  });
});
