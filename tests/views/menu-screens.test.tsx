import { describe, expect, it, vi } from 'vitest';
import type { LobbyEvent } from '../../src/sessions/lobby.js';
import { App } from '../../src/views/app.js';
import { HostScreen } from '../../src/views/host-screen.js';
import { HotSeatSetup } from '../../src/views/hot-seat-setup.js';
import { JoinScreen } from '../../src/views/join-screen.js';
import { type Opened, plainReason, type Started } from '../../src/views/launcher.js';
import { MainMenu } from '../../src/views/main-menu.js';
import { Table } from '../../src/views/table.js';
import { fakeLauncher, KEY, press, screenMounter, until } from './ink-helpers.js';

const mount = screenMounter();

/** A launcher whose games are scripted by the test. */
describe('main menu', () => {
  it('lists the six choices; arrows and Enter, or the number, choose', async () => {
    const onChoose = vi.fn();
    const { stdin, lastFrame } = mount(<MainMenu onChoose={onChoose} />);
    const frame = await until(lastFrame, 'Quick game');
    for (const label of ['Host a game', 'Join a game', 'Hot seat', 'How to play', 'Quit'])
      expect(frame).toContain(label);
    await press(stdin, KEY.down, KEY.down, KEY.enter);
    expect(onChoose).toHaveBeenLastCalledWith('join');
    await press(stdin, '4');
    expect(onChoose).toHaveBeenLastCalledWith('hotseat');
    await press(stdin, 'q');
    expect(onChoose).toHaveBeenLastCalledWith('quit');
  });
});

describe('host', () => {
  it('asks players and name, shows the address to share and the players as they join', async () => {
    let emit: (event: LobbyEvent) => void = () => {};
    let start: (started: Started) => void = () => {};
    const hostGame = vi.fn(
      async (_: { players: number; name: string }, onLobby: (e: LobbyEvent) => void): Promise<Opened> => {
        emit = onLobby;
        return {
          ok: true,
          lobby: {
            addresses: ['/ip4/192.168.1.20/tcp/7475/p2p/12D3KooW'],
            started: new Promise((r) => (start = r)),
            cancel: async () => {},
          },
        };
      },
    );
    const onStarted = vi.fn();
    const { stdin, lastFrame } = mount(
      <HostScreen launcher={fakeLauncher({ hostGame })} defaultName="Ann" onStarted={onStarted} onBack={() => {}} />,
    );
    await until(lastFrame, 'Players (you included):  ◂ 4 ▸');
    await press(stdin, KEY.left, KEY.left, KEY.left);
    await until(lastFrame, '◂ 2 ▸');
    await press(stdin, KEY.right, KEY.enter, KEY.backspace, KEY.backspace, KEY.backspace, 'Zoe', KEY.enter);
    let frame = await until(lastFrame, 'Lobby: 1 of 3 players');
    // The rules rows left at their defaults: no house rules.
    expect(hostGame).toHaveBeenCalledWith(
      { players: 3, name: 'Zoe', profile: 'native', rules: {} },
      expect.any(Function),
    );
    expect(frame).toContain('192.168.1.20:7475');
    expect(frame).toContain('Zoe (host)');
    expect(frame).toContain('waiting for a player…');
    emit({ type: 'joined', player: { id: 1, name: 'Bob', peerId: 'x', addresses: [] } });
    frame = await until(lastFrame, 'Lobby: 2 of 3 players');
    expect(frame).toContain('Bob');
    const table = new Table({ mode: 'network', players: [] });
    start({ ok: true, table });
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith(table));
  });

  it('house rules are chosen in the form: Tab to a rule row, → changes it, and the lobby opens with it', async () => {
    const hostGame = vi.fn(async (): Promise<Opened> => ({ ok: false, reason: 'not scripted' }));
    const { stdin, lastFrame } = mount(
      <HostScreen launcher={fakeLauncher({ hostGame })} defaultName="Ann" onStarted={() => {}} onBack={() => {}} />,
    );
    await until(lastFrame, 'Players (you included):  ◂ 4 ▸');
    // Players → name → protocol → variant → setup → fortify.
    await press(stdin, KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.right);
    await until(lastFrame, '▸ Fortify:  ◂ along your own territories ▸');
    await press(stdin, KEY.enter);
    await vi.waitFor(() =>
      expect(hostGame).toHaveBeenCalledWith(
        { players: 4, name: 'Ann', profile: 'native', rules: { fortify: 'connected' } },
        expect.any(Function),
      ),
    );
  });

  it('a port that cannot be opened is explained', async () => {
    const hostGame = async (): Promise<Opened> => ({ ok: false, reason: 'cannot listen on 0.0.0.0: listen EACCES' });
    const { stdin, lastFrame } = mount(
      <HostScreen launcher={fakeLauncher({ hostGame })} defaultName="Ann" onStarted={() => {}} onBack={() => {}} />,
    );
    await press(stdin, KEY.enter, KEY.enter);
    const frame = await until(lastFrame, 'Hosting failed');
    expect(frame).toContain('Another program holds that port');
  });
});

describe('join', () => {
  it.each([
    ['cannot reach 10.0.0.9:7475: connect ECONNREFUSED', 'that the host is still waiting in the lobby'],
    ['the host refused to let you join: Game full', 'The game is full'],
    ['the host went away before the game started: closed', 'The host left or lost the connection'],
    ['"nowhere" is not an address: use host:port', 'exactly as the host’s screen shows it'],
  ])('"%s" is shown with what to do next', async (reason, advice) => {
    const joinGame = vi.fn(async (): Promise<Opened> => ({ ok: false, reason }));
    const onBack = vi.fn();
    const { stdin, lastFrame } = mount(
      <JoinScreen launcher={fakeLauncher({ joinGame })} defaultName="Ann" onStarted={() => {}} onBack={onBack} />,
    );
    await until(lastFrame, 'Host address');
    await press(stdin, '10.0.0.9:7475', KEY.enter);
    const frame = await until(lastFrame, 'Could not join');
    expect(frame).toContain(plainReason(reason));
    expect(frame).toContain(advice);
    expect(joinGame).toHaveBeenCalledWith(
      { address: '10.0.0.9:7475', name: 'Ann', profile: 'native' },
      expect.any(Function),
    );
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Join a game');
    await press(stdin, KEY.escape);
    expect(onBack).toHaveBeenCalled();
  });

  it.each([
    ['cannot reach 10.0.0.9:7475: connect ECONNREFUSED 10.0.0.9:7475', 'Nobody is hosting a game at 10.0.0.9:7475'],
    ['cannot reach 10.0.0.9:7475: Encryption failed', 'answered, but not as a p2p-risk host'],
    ['the host did not answer: Missing newline', 'answered, but not as a p2p-risk host'],
    ['cannot reach /ip4/127.0.0.1/tcp/7475: Can not dial self', 'is this very player'],
  ])('library text "%s" is not shown: the screen says it in plain words', async (reason, words) => {
    const joinGame = vi.fn(async (): Promise<Opened> => ({ ok: false, reason }));
    const { stdin, lastFrame } = mount(
      <JoinScreen launcher={fakeLauncher({ joinGame })} defaultName="Ann" onStarted={() => {}} onBack={() => {}} />,
    );
    await until(lastFrame, 'Host address');
    await press(stdin, '10.0.0.9:7475', KEY.enter);
    const frame = await until(lastFrame, 'Could not join');
    expect(frame).not.toMatch(/ECONNREFUSED|Encryption failed|Missing newline|dial self/);
    expect(frame.replace(/\s+/g, ' ')).toContain(words);
  });

  it("offers the class protocol (cs3099) for other groups' programs", async () => {
    const joinGame = vi.fn(
      async (): Promise<Opened> => ({ ok: false, reason: 'cannot reach 10.0.0.9:7475: connect ECONNREFUSED' }),
    );
    const { stdin, lastFrame } = mount(
      <JoinScreen launcher={fakeLauncher({ joinGame })} defaultName="Ann" onStarted={() => {}} onBack={() => {}} />,
    );
    await until(lastFrame, 'Protocol: ');
    await press(stdin, '10.0.0.9:7475', KEY.tab, KEY.tab, KEY.right);
    await until(lastFrame, 'cs3099');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Could not join');
    expect(joinGame).toHaveBeenCalledWith(
      { address: '10.0.0.9:7475', name: 'Ann', profile: 'cs3099' },
      expect.any(Function),
    );
  });

  it('an empty address is not sent', async () => {
    const joinGame = vi.fn();
    const { stdin, lastFrame } = mount(
      <JoinScreen launcher={fakeLauncher({ joinGame })} defaultName="Ann" onStarted={() => {}} onBack={() => {}} />,
    );
    await press(stdin, KEY.tab, KEY.enter);
    await until(lastFrame, 'Type the address the host’s screen shows');
    expect(joinGame).not.toHaveBeenCalled();
  });
});

describe('hot seat', () => {
  it('rename, switch a seat to a bot, add a player, start', async () => {
    const onStart = vi.fn();
    const { stdin, lastFrame } = mount(<HotSeatSetup onStart={onStart} onBack={() => {}} />);
    await until(lastFrame, 'Hot seat: 3 players');
    await press(
      stdin,
      KEY.enter,
      ...Array(8).fill(KEY.backspace),
      'Ann',
      KEY.enter,
      KEY.down,
      KEY.right,
      KEY.right,
      '+',
    );
    await until(lastFrame, 'Hot seat: 4 players');
    await press(stdin, 's');
    expect(onStart).toHaveBeenCalledWith(
      [
        { name: 'Ann', kind: 'human' },
        { name: 'Player 2', kind: 'normal' },
        { name: 'Bot 3', kind: 'normal' },
        { name: 'Player 4', kind: 'human' },
      ],
      {},
    );
  });

  it('needs at least one person', async () => {
    const onStart = vi.fn();
    const { stdin, lastFrame } = mount(
      <HotSeatSetup
        initial={[
          { name: 'A', kind: 'human' },
          { name: 'B', kind: 'easy' },
        ]}
        onStart={onStart}
        onBack={() => {}}
      />,
    );
    await press(stdin, KEY.right, 's');
    await until(lastFrame, 'At least one player must be a person');
    expect(onStart).not.toHaveBeenCalled();
  });
});

describe('the app', () => {
  it('menu → quick game → leave → menu → how to play → quit', async () => {
    const onQuit = vi.fn(async () => {});
    const quickGame = vi.fn(
      async (name: string): Promise<Started> => ({
        ok: true,
        table: new Table({ mode: 'quick', players: [{ id: 0, name, kind: 'you' }], onQuit }),
      }),
    );
    const onExit = vi.fn();
    const { stdin, lastFrame } = mount(
      <App
        launcher={fakeLauncher({ quickGame })}
        defaultName="Ann"
        onExit={onExit}
        rollMs={0}
        size={{ columns: 120, rows: 40 }}
      />,
    );
    await until(lastFrame, 'Quick game');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Starting the game…');
    expect(quickGame).toHaveBeenCalledWith('Ann', 'normal');
    await press(stdin, 'q');
    await until(lastFrame, 'Leave this game?');
    await press(stdin, 'y');
    await until(lastFrame, 'You left the game.');
    expect(onQuit).toHaveBeenCalled();
    await press(stdin, '5');
    await until(lastFrame, 'How to play');
    await press(stdin, KEY.escape, 'q');
    await vi.waitFor(() => expect(onExit).toHaveBeenCalled());
  });

  it('a quick game that cannot start says why', async () => {
    const quickGame = async (): Promise<Started> => ({ ok: false, reason: 'cannot listen on 127.0.0.1: EADDRINUSE' });
    const { stdin, lastFrame } = mount(
      <App launcher={fakeLauncher({ quickGame })} defaultName="Ann" onExit={() => {}} />,
    );
    await press(stdin, '1');
    const frame = await until(lastFrame, 'The game could not start');
    expect(frame).toContain('Another program holds that port');
  });
});
