// Starting a game as the help promises: "play host|join|hotseat" go straight in, a new peer
// identity per run unless --key (two programs on one machine can play each other), an explicit
// --port is that port, and network failures are told in plain words.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAUNCH, realLauncher } from '../../src/cli/launcher.js';
import { firstScreen, playSettings } from '../../src/cli/play-settings.js';
import { App } from '../../src/views/app.js';
import { adviceFor, type Opened, plainReason } from '../../src/views/launcher.js';
import { Table } from '../../src/views/table.js';
import { fakeLauncher, until } from './ink-helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
const dir = mkdtempSync(join(tmpdir(), 'risk-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settingsOf = (args: Record<string, unknown>, positionals: string[]) => {
  const s = playSettings(args, positionals);
  if (typeof s === 'string') throw new Error(s);
  return s;
};

describe('risk play goes straight in', () => {
  it('play host --players 2 opens a lobby for 2 without a form', async () => {
    const start = firstScreen(settingsOf({ players: '2' }, ['host']).start);
    const hostGame = vi.fn(
      async (): Promise<Opened> => ({
        ok: false,
        reason: 'cannot listen on 0.0.0.0 port 7475: listen EADDRINUSE: address already in use 0.0.0.0:7475',
      }),
    );
    const screen = render(
      <App launcher={fakeLauncher({ hostGame })} defaultName="Ann" start={start} onExit={() => {}} />,
    );
    cleanups.push(screen.unmount);
    const frame = await until(screen.lastFrame, 'Hosting failed');
    expect(hostGame).toHaveBeenCalledWith(
      { players: 2, name: 'Ann', profile: 'native', rules: {}, moveTimeoutMs: 300_000 },
      expect.any(Function),
    );
    expect(frame).toContain('another program already uses that port');
  });

  it('play join ADDRESS dials at once', async () => {
    const start = firstScreen(settingsOf({}, ['join', '10.0.0.9:7475']).start);
    const joinGame = vi.fn(
      async (): Promise<Opened> => ({
        ok: false,
        reason: 'cannot reach 10.0.0.9:7475: connect ECONNREFUSED 10.0.0.9:7475',
      }),
    );
    const screen = render(
      <App launcher={fakeLauncher({ joinGame })} defaultName="Ann" start={start} onExit={() => {}} />,
    );
    cleanups.push(screen.unmount);
    const frame = await until(screen.lastFrame, 'Could not join');
    expect(joinGame).toHaveBeenCalledWith(
      { address: '10.0.0.9:7475', name: 'Ann', profile: 'native' },
      expect.any(Function),
    );
    expect(frame).toContain('Nobody is hosting a game at 10.0.0.9:7475');
    expect(frame).not.toContain('ECONNREFUSED');
  });

  it('play hotseat Ann Bea bot:hard starts the game; play hotseat alone shows the form', async () => {
    const hotSeat = vi.fn(() => ({
      ok: true as const,
      table: new Table({ mode: 'hotseat', players: [{ id: 0, name: 'Ann', kind: 'human' }] }),
    }));
    const start = firstScreen(settingsOf({ name: 'Ann' }, ['hotseat', 'Ann', 'Bea', 'bot:hard']).start);
    const screen = render(
      <App launcher={fakeLauncher({ hotSeat })} defaultName="Ann" start={start} onExit={() => {}} />,
    );
    cleanups.push(screen.unmount);
    await until(screen.lastFrame, 'Starting the game');
    expect(hotSeat).toHaveBeenCalledWith([
      { name: 'Ann', kind: 'human' },
      { name: 'Bea', kind: 'human' },
      { name: 'hard bot', kind: 'hard' },
    ]);
    expect(firstScreen(settingsOf({}, ['hotseat']).start)).toMatchObject({ kind: 'hotseat', start: false });
  });
});

describe('the host lobby screen', () => {
  it('s starts early (or says why not), b lets bots take the empty seats', async () => {
    const startNow = vi.fn(() => ({
      ok: false as const,
      reason: 'Nobody has joined yet: a game needs at least 2 players (add bots with b).',
    }));
    const fillWithBots = vi.fn(async () => ({ ok: true as const, added: 3 }));
    const hostGame = vi.fn(
      async (): Promise<Opened> => ({
        ok: true,
        lobby: {
          addresses: ['/ip4/127.0.0.1/tcp/7475/p2p/x'],
          started: new Promise(() => {}),
          cancel: async () => {},
          startNow,
          fillWithBots,
        },
      }),
    );
    const screen = render(
      <App
        launcher={fakeLauncher({ hostGame })}
        defaultName="Ann"
        start={{ kind: 'host', players: 4, open: true }}
        onExit={() => {}}
      />,
    );
    cleanups.push(screen.unmount);
    let frame = await until(screen.lastFrame, 'Lobby: 1 of 4 players');
    expect(frame).toContain('127.0.0.1:7475');
    expect(frame).toContain('s start now · b bots take the empty seats · Esc close the lobby');
    screen.stdin.write('s');
    await until(screen.lastFrame, 'Nobody has joined yet');
    screen.stdin.write('b');
    frame = await until(screen.lastFrame, '3 bots join: the game starts when every seat is taken');
    expect(fillWithBots).toHaveBeenCalledWith('normal');
    expect(startNow).toHaveBeenCalled();
  });
});

describe('peer identity and ports', () => {
  it('a new identity per run unless --key; an explicit --port is strict', () => {
    expect(settingsOf({}, []).launch.keyPath).toBeUndefined();
    expect(settingsOf({}, []).launch.strictPort).toBe(false);
    expect(settingsOf({ key: '/tmp/k' }, []).launch.keyPath).toBe('/tmp/k');
    expect(settingsOf({ port: '7000' }, []).launch.strictPort).toBe(true);
  });

  const LOCAL = {
    listen: '127.0.0.1',
    port: 0,
    moveTimeoutMs: 60_000,
    ackTimeoutMs: 5000,
    botDelayMs: 0,
    record: false,
    seed: 5,
  };

  it('two programs on one machine (same HOME, no --key) join each other', async () => {
    // One data directory for both, as for two terminals of one user: no key file may make them one peer.
    vi.stubEnv('XDG_DATA_HOME', join(dir, 'same-home'));
    cleanups.push(() => vi.unstubAllEnvs());
    const options = { ...DEFAULT_LAUNCH, ...LOCAL };
    const host = await realLauncher(options).hostGame({ players: 2, name: 'Hana', profile: 'native' }, () => {});
    if (!host.ok) throw new Error(host.reason);
    const address = host.lobby.addresses.find((a) => a.includes('127.0.0.1'))!;
    const joined = await realLauncher(options).joinGame({ address, name: 'Jo', profile: 'native' }, () => {});
    if (!joined.ok) throw new Error(joined.reason);
    const [a, b] = await Promise.all([host.lobby.started, joined.lobby.started]);
    if (!a.ok || !b.ok) throw new Error('a table did not start');
    expect(b.table.getView().players.map((p) => p.name)).toEqual(['Hana', 'Jo']);
    await b.table.quit();
    await a.table.quit();
  }, 30_000);

  it('one key file for both: the joiner is told it dialled itself, in plain words', async () => {
    const keyPath = join(dir, 'shared-key');
    const options = { ...LOCAL, keyPath };
    const host = await realLauncher(options).hostGame({ players: 2, name: 'Hana', profile: 'native' }, () => {});
    if (!host.ok) throw new Error(host.reason);
    const address = host.lobby.addresses.find((a) => a.includes('127.0.0.1'))!;
    const joined = await realLauncher(options).joinGame({ address, name: 'Jo', profile: 'native' }, () => {});
    await host.lobby.cancel();
    expect(joined.ok).toBe(false);
    const reason = (joined as { reason: string }).reason;
    expect(plainReason(reason)).toMatch(/is this very player: both programs use the same peer identity/);
    expect(adviceFor(reason)).toMatch(/without --key/);
  }, 30_000);

  it('an explicit busy port is refused, not swapped for another', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const host = await realLauncher({ ...LOCAL, port, strictPort: true }).hostGame(
        { players: 2, name: 'Hana', profile: 'cs3099' },
        () => {},
      );
      expect(host.ok).toBe(false);
      expect(plainReason((host as { reason: string }).reason)).toBe(
        `cannot listen on 127.0.0.1 port ${port}: another program already uses that port`,
      );
    } finally {
      busy.close();
    }
  });
});

describe('the host lobby', () => {
  const LOCAL = {
    listen: '127.0.0.1',
    port: 0,
    moveTimeoutMs: 60_000,
    ackTimeoutMs: 5000,
    botDelayMs: 0,
    record: false,
    seed: 7,
  };

  it('starts early with the players present', async () => {
    const host = await realLauncher(LOCAL).hostGame({ players: 4, name: 'Hana', profile: 'native' }, () => {});
    if (!host.ok) throw new Error(host.reason);
    expect(host.lobby.startNow!()).toEqual({ ok: false, reason: expect.stringMatching(/Nobody has joined yet/) });
    const address = host.lobby.addresses.find((a) => a.includes('127.0.0.1'))!;
    const joined = await realLauncher(LOCAL).joinGame({ address, name: 'Jo', profile: 'native' }, () => {});
    if (!joined.ok) throw new Error(joined.reason);
    await vi.waitFor(() => expect(host.lobby.startNow!()).toEqual({ ok: true }), { timeout: 5000 });
    const [a, b] = await Promise.all([host.lobby.started, joined.lobby.started]);
    if (!a.ok || !b.ok) throw new Error('a table did not start');
    expect(a.table.getView().players.map((p) => p.name)).toEqual(['Hana', 'Jo']);
    await b.table.quit();
    await a.table.quit();
  }, 30_000);

  it('fills the empty seats with bots, and the game starts', async () => {
    const host = await realLauncher(LOCAL).hostGame({ players: 3, name: 'Hana', profile: 'native' }, () => {});
    if (!host.ok) throw new Error(host.reason);
    await expect(host.lobby.fillWithBots!('easy')).resolves.toEqual({ ok: true, added: 2 });
    const started = await host.lobby.started;
    if (!started.ok) throw new Error(started.reason);
    expect(started.table.getView().players.map((p) => p.name)).toEqual(['Hana', 'Ada (bot)', 'Babbage (bot)']);
    await expect.poll(() => started.table.getView().state?.phase, { timeout: 10_000 }).toBe('setup');
    await started.table.quit();
  }, 30_000);
});

describe('network failures in plain words', () => {
  it.each([
    ['cannot reach 10.0.0.9:7475: connect ECONNREFUSED 10.0.0.9:7475', 'Nobody is hosting a game at 10.0.0.9:7475'],
    ['cannot reach 10.0.0.9:7475: Encryption failed', 'answered, but not as a p2p-risk host'],
    ['the host did not answer: Missing newline', 'answered, but not as a p2p-risk host'],
    ['cannot reach /ip4/127.0.0.1/tcp/7475: Can not dial self', 'is this very player'],
  ])('%s', (reason, words) => {
    const text = plainReason(reason);
    expect(text).toContain(words);
    expect(text).not.toMatch(/ECONNREFUSED|Encryption failed|Missing newline|dial self/);
  });
});
