// Network failures a new player meets, said in one plain sentence (issue 27, points 4 and 5): joining
// a game that has already started, a port another program holds, an address that is not this
// machine's. Real sockets on 127.0.0.1, every peer stopped.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { realLauncher } from '../../src/cli/launcher.js';
import { playSettings } from '../../src/cli/play-settings.js';
import { adviceFor, plainReason } from '../../src/views/launcher.js';

const LOCAL = {
  listen: '127.0.0.1',
  port: 0,
  moveTimeoutMs: 60_000,
  ackTimeoutMs: 5000,
  botDelayMs: 0,
  record: false,
  seed: 2,
};

describe('joining and hosting when it cannot be done', () => {
  it('a game that has started refuses a newcomer as such, not as a host that does not answer', async () => {
    const host = await realLauncher(LOCAL).hostGame({ players: 2, name: 'Hana' }, () => {});
    if (!host.ok) throw new Error(host.reason);
    const address = host.lobby.addresses.find((a) => a.includes('/ip4/127.0.0.1/'))!;
    const guest = await realLauncher(LOCAL).joinGame({ address, name: 'Gus' }, () => {});
    if (!guest.ok) throw new Error(guest.reason);
    const [a, b] = await Promise.all([host.lobby.started, guest.lobby.started]);
    if (!a.ok || !b.ok) throw new Error('the game did not start');
    try {
      const late = await realLauncher(LOCAL).joinGame({ address, name: 'Lou' }, () => {});
      expect(late.ok).toBe(false);
      const reason = (late as { reason: string }).reason;
      expect(plainReason(reason)).toBe('That game has already started: nobody new can join it.');
      expect(adviceFor(reason)).toBe('That game has already started. Ask the host to host a new one.');
      expect(`${plainReason(reason)} ${adviceFor(reason)}`).not.toMatch(/did not answer|firewall/);
    } finally {
      await Promise.all([a.table.quit(), b.table.quit()]);
    }
  }, 60_000);

  it('a port another program holds, and an address that is not this machine: one sentence each', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const taken = await realLauncher({ ...LOCAL, port, strictPort: true }).hostGame(
        { players: 2, name: 'Hana' },
        () => {},
      );
      expect(taken).toEqual({
        ok: false,
        reason: `cannot listen on 127.0.0.1 port ${port}: another program already uses that port`,
      });
    } finally {
      busy.close();
    }
    // 192.0.2.0/24 is for documentation: no machine has it.
    const elsewhere = await realLauncher({ ...LOCAL, listen: '192.0.2.1' }).hostGame(
      { players: 2, name: 'Hana' },
      () => {},
    );
    expect(elsewhere.ok).toBe(false);
    const reason = (elsewhere as { reason: string }).reason;
    expect(reason).toBe('cannot listen on 192.0.2.1: 192.0.2.1 is not an address of this machine');
    expect(adviceFor(reason)).toMatch(/Give --listen an address of this machine/);
    // Not an address at all: the command line says so before anything listens.
    expect(playSettings({ listen: 'nowhere' }, [])).toBe(
      '--listen "nowhere" must be an IPv4 address of this machine, e.g. 0.0.0.0 (all) or 127.0.0.1',
    );
  }, 30_000);
});
