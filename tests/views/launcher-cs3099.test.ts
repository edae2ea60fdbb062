// Hosting and joining from the terminal UI on the class (cs3099) profile, over plain TCP on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { realLauncher } from '../../src/cli/launcher.js';

const LOCAL = {
  listen: '127.0.0.1',
  port: 0,
  moveTimeoutMs: 60_000,
  ackTimeoutMs: 5000,
  botDelayMs: 0,
  record: false,
  seed: 3,
};

describe('the UI launcher on the cs3099 profile', () => {
  it('hosts, lets a player join by host:port, starts both tables, and both can leave', async () => {
    const launcher = realLauncher(LOCAL);
    const host = await launcher.hostGame({ players: 2, name: 'Hana', profile: 'cs3099' }, () => {});
    if (!host.ok) throw new Error(host.reason);
    const address = host.lobby.addresses.find((a) => a.startsWith('127.0.0.1:'))!;
    expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
    const join = await realLauncher(LOCAL).joinGame({ address, name: 'Jo', profile: 'cs3099' }, () => {});
    if (!join.ok) throw new Error(join.reason);
    const [hosted, joined] = await Promise.all([host.lobby.started, join.lobby.started]);
    if (!hosted.ok || !joined.ok) throw new Error('a table did not start');
    // Both tables show the same two players, and the game reaches setup (both dice rounds done).
    for (const table of [hosted.table, joined.table]) {
      await expect.poll(() => table.getView().state?.phase, { timeout: 10_000 }).toBe('setup');
      expect(table.getView().players.map((p) => p.name)).toEqual(['Hana', 'Jo']);
    }
    await joined.table.quit();
    await hosted.table.quit();
  }, 30_000);
});
