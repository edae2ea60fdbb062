import { describe, expect, it, vi } from 'vitest';
import type { LobbyEvent } from '../../src/sessions/lobby.js';
import { App } from '../../src/views/app.js';
import type { Launcher, Opened, Started } from '../../src/views/launcher.js';
import { NetworkResumeScreen } from '../../src/views/network-resume-screen.js';
import { networkActions, resumeAdvice } from '../../src/views/saved-games.js';
import { ResumeScreen } from '../../src/views/store-screens.js';
import { Table } from '../../src/views/table.js';
import { KEY, press, screenMounter, until } from './ink-helpers.js';
import { game, HOST_ADDRESS, network } from './saved-games-fixtures.js';

const mount = screenMounter();

const LOCAL = game(1, { players: [{ name: 'Ann' }, { name: 'Bea', botKind: 'easy' }], stepCount: 200 });
const DROPPED = game(7, { network: network({}) });
const HOSTED = game(8, { network: network({ me: 0, status: 'stopped', rejoin: 'the record header is not stored' }) });
const CAPITAL = game(9, {
  network: network({
    status: 'stopped',
    resume: 'a Capital game: its secret capitals are not in the record, so it cannot go on',
    rejoin: 'a Capital game: its secret capitals are not in the record, so it cannot go on',
  }),
});
const CLASS = game(10, {
  network: network({
    profile: 'cs3099',
    resume: 'a cs3099 game: the class protocol has no way to resume or rejoin',
    rejoin: 'a cs3099 game: the class protocol has no way to resume or rejoin',
  }),
});

const FINISHED = game(11, {
  network: network({
    status: 'finished',
    resume: 'finished: there is nothing left to play',
    rejoin: 'finished: there is nothing left to play',
  }),
});

function fakeLauncher(overrides: Partial<Launcher> = {}): Launcher {
  const table = () => new Table({ mode: 'network', players: [{ id: 0, name: 'Jo', kind: 'you' }] });
  return {
    quickGame: async () => ({ ok: true, table: table() }),
    hostGame: async () => ({ ok: false, reason: 'not scripted' }),
    joinGame: async () => ({ ok: false, reason: 'not scripted' }),
    hotSeat: () => ({ ok: true, table: table() }),
    savedGames: () => ({ ok: true, games: [LOCAL, DROPPED, HOSTED, CAPITAL, CLASS] }),
    resumeGame: () => ({ ok: false, reason: 'not scripted' }),
    ...overrides,
  };
}

describe('what a networked game offers', () => {
  it('rejoin when the record allows it; host again for its host only, join for the others', () => {
    expect(networkActions(DROPPED)).toEqual({
      rejoin: null,
      host: 'only Hana, who hosted it, can host it again: choose Join, and join them',
      join: null,
    });
    expect(networkActions(HOSTED)).toEqual({
      rejoin: 'the record header is not stored',
      host: null,
      join: 'you hosted it: host it again, and the others join you',
    });
    const reason = CAPITAL.network!.resume;
    expect(networkActions(CAPITAL)).toEqual({ rejoin: reason, host: reason, join: reason });
  });

  // Player 0 was made neutral: the lowest seat still in the game hosts, the others (player 0 too) join it.
  it('host again for the lowest seat still in the game when player 0 was made neutral', () => {
    const three = { players: [{ name: 'Hana' }, { name: 'Jo' }, { name: 'Kim' }] };
    expect(networkActions(game(11, { ...three, network: network({ me: 1, host: 1 }) }))).toMatchObject({
      host: null,
      join: 'you are the first seat still in the game: host it again, and the others join you',
    });
    expect(networkActions(game(12, { ...three, network: network({ me: 2, host: 1 }) }))).toMatchObject({
      host: 'only Jo, the first seat still in the game, can host it again: choose Join, and join them',
      join: null,
    });
    expect(networkActions(game(13, { ...three, network: network({ me: 0, host: 1 }) }))).toMatchObject({
      host: 'only Jo, the first seat still in the game, can host it again: choose Join, and join them',
      join: null,
    });
  });
});

describe('the Resume screen', () => {
  it('lists local and networked games apart, each networked one with what it offers or why it cannot go on', async () => {
    const { lastFrame } = mount(
      <ResumeScreen games={[LOCAL, DROPPED, HOSTED, CAPITAL, CLASS, FINISHED]} onResume={() => {}} onBack={() => {}} />,
    );
    const frame = await until(lastFrame, 'Networked games');
    expect(frame).toContain('Local games');
    expect(frame).toMatch(/#1 .*Ann, Bea \(easy\) {2}· 200 moves/);
    expect(frame).toMatch(/#7 .*Hana, Jo \(you\) .*was playing · rejoin or join/);
    expect(frame).toMatch(/#8 .*Hana \(you\), Jo .*stopped · host/);
    expect(frame).toMatch(/#9 .*cannot go on: a Capital game/);
    expect(frame).toMatch(/#10 .*cannot go on: a cs3099 game/);
    expect(frame).toMatch(/#11 .*· finished: nothing left to play/);
  });

  it('Enter on a local game resumes it; on a networked game shows the choices, and a refused one says why', async () => {
    const onResume = vi.fn();
    const onNetwork = vi.fn();
    const { stdin, lastFrame } = mount(
      <ResumeScreen games={[LOCAL, DROPPED, CAPITAL]} onResume={onResume} onNetwork={onNetwork} onBack={() => {}} />,
    );
    await until(lastFrame, 'Local games');
    await press(stdin, KEY.enter);
    expect(onResume).toHaveBeenCalledWith(1);

    await press(stdin, KEY.down, KEY.enter);
    let frame = await until(lastFrame, 'Networked game #7');
    expect(frame).toMatch(/▸ r {2}Rejoin the running game/);
    expect(frame).toContain('— only Hana, who hosted it, can host it again: choose Join');
    await press(stdin, 'h');
    frame = await until(lastFrame, 'Host it again: only Hana, who hosted it');
    expect(onNetwork).not.toHaveBeenCalled();
    await press(stdin, KEY.enter);
    expect(onNetwork).toHaveBeenLastCalledWith(DROPPED, 'rejoin');

    // Join: the host's address as stored, which the player may change.
    await press(stdin, 'j');
    frame = await until(lastFrame, 'Host address');
    expect(frame).toContain(HOST_ADDRESS);
    expect(frame).toContain('also stored: /ip4/127.0.0.1/tcp/7475');
    await press(stdin, KEY.enter);
    expect(onNetwork).toHaveBeenLastCalledWith(DROPPED, 'join', HOST_ADDRESS);

    // Back to the list; a game that cannot go on offers nothing and says why on each choice.
    await press(stdin, KEY.escape, KEY.escape);
    await until(lastFrame, 'Resume a saved game');
    await press(stdin, KEY.down, KEY.enter);
    frame = await until(lastFrame, 'Networked game #9');
    await press(stdin, 'r');
    await until(lastFrame, 'Rejoin the running game: a Capital game: its secret capitals are not in the record');
    expect(onNetwork).toHaveBeenCalledTimes(2);
  });
});

describe('a networked game going on', () => {
  it('a rejoin that fails says why on screen with advice, and Enter goes back to the list', async () => {
    const rejoinNetworkGame = vi.fn(
      async (): Promise<Started> => ({
        ok: false,
        reason: 'cannot rejoin game #7: player 1 was made neutral already: its seat cannot be taken back',
      }),
    );
    const { stdin, lastFrame } = mount(
      <App launcher={fakeLauncher({ rejoinNetworkGame })} defaultName="Jo" onExit={() => {}} />,
    );
    await until(lastFrame, 'Quick game');
    await press(stdin, '6');
    await until(lastFrame, 'Resume a saved game');
    await press(stdin, KEY.down, KEY.enter);
    await until(lastFrame, 'Networked game #7');
    await press(stdin, 'r');
    const frame = await until(lastFrame, 'Could not rejoin game #7');
    expect(rejoinNetworkGame).toHaveBeenCalledWith(7);
    expect(frame).toContain('was made neutral already');
    expect(frame).toContain('Your seat was made neutral before you came back');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Resume a saved game');
  });

  it('a rejoin that works goes straight into the game', async () => {
    const table = new Table({
      mode: 'network',
      players: [
        { id: 0, name: 'Hana', kind: 'remote' },
        { id: 1, name: 'Jo', kind: 'you' },
      ],
    });
    const { stdin, lastFrame } = mount(
      <App
        launcher={fakeLauncher({ rejoinNetworkGame: async () => ({ ok: true, table }) })}
        defaultName="Jo"
        onExit={() => {}}
        size={{ columns: 100, rows: 30 }}
      />,
    );
    await press(stdin, '6');
    await until(lastFrame, 'Resume a saved game');
    await press(stdin, KEY.down, KEY.enter, 'r');
    // The game screen, before the table's first state arrives.
    await until(lastFrame, 'Starting the game…');
  });

  it('hosting again shows where to join and who is back; a failed history check says so', async () => {
    let emit: (event: LobbyEvent) => void = () => {};
    let start: (started: Started) => void = () => {};
    const cancel = vi.fn(async () => {});
    const resumeNetworkGame = vi.fn(
      async (_: { id: number; host: boolean }, onLobby: (e: LobbyEvent) => void): Promise<Opened> => {
        emit = onLobby;
        return {
          ok: true,
          lobby: { addresses: [HOST_ADDRESS], started: new Promise((r) => (start = r)), cancel },
        };
      },
    );
    const onBack = vi.fn();
    const { lastFrame, stdin } = mount(
      <NetworkResumeScreen
        launcher={fakeLauncher({ resumeNetworkGame })}
        game={game(8, { players: [{ name: 'Hana' }, { name: 'Jo' }, { name: 'Kim' }], network: network({ me: 0 }) })}
        action="host"
        onStarted={() => {}}
        onBack={onBack}
      />,
    );
    let frame = await until(lastFrame, 'Game #8 is offered again');
    expect(resumeNetworkGame).toHaveBeenCalledWith({ id: 8, host: true }, expect.any(Function));
    expect(frame).toContain(HOST_ADDRESS);
    expect(frame).toContain('waiting for Jo, Kim');
    emit({ type: 'joined', player: { id: 2, name: 'Kim', peerId: 'k', addresses: [] } });
    frame = await until(lastFrame, 'waiting for Jo');
    expect(frame).not.toContain('waiting for Jo, Kim');
    emit({ type: 'info', text: 'Every player is here: comparing the stored histories…' });
    await until(lastFrame, 'comparing the stored histories');
    start({
      ok: false,
      reason: "cannot resume game #8: player 2's stored game differs from player 0's at move 12: not the same history",
    });
    frame = await until(lastFrame, 'Could not resume game #8');
    expect(frame).toContain("player 2's stored game differs from player 0's at move 12");
    expect(frame).toContain('The players’ stored games differ');
    await press(stdin, KEY.enter);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('joining its host: a refused key, or nobody there, ends in a reason; Esc while waiting leaves the lobby', async () => {
    const cancel = vi.fn(async () => {});
    let opened: Opened = { ok: false, reason: `cannot reach ${HOST_ADDRESS}: connect ECONNREFUSED 192.168.1.20:7475` };
    const resumeNetworkGame = vi.fn(async () => opened);
    const props = {
      launcher: fakeLauncher({ resumeNetworkGame }),
      game: DROPPED,
      action: 'join' as const,
      address: HOST_ADDRESS,
      onStarted: () => {},
    };
    const first = mount(<NetworkResumeScreen {...props} onBack={() => {}} />);
    const frame = await until(first.lastFrame, 'Could not resume game #7');
    expect(frame).toContain('Nobody is hosting a game at');
    expect(resumeNetworkGame).toHaveBeenCalledWith({ id: 7, host: false, address: HOST_ADDRESS }, expect.any(Function));
    first.unmount();

    opened = { ok: true, lobby: { addresses: [], started: new Promise(() => {}), cancel } };
    const onBack = vi.fn();
    const second = mount(<NetworkResumeScreen {...props} onBack={onBack} />);
    await until(second.lastFrame, `Joined ${HOST_ADDRESS}: resuming game #7`);
    await press(second.stdin, KEY.escape);
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('advice fits the reason', () => {
    expect(resumeAdvice('the host refused to let you join: Not a player of this game', 'join')).toMatch(/with the key/);
    expect(resumeAdvice("this player's key (12D3) is not kept here: … --key FILE", 'rejoin')).toMatch(/--key FILE/);
    expect(resumeAdvice('no other player could be reached (cannot reach x: ECONNREFUSED)', 'rejoin')).toMatch(
      /Nobody answered at the addresses stored/,
    );
    expect(resumeAdvice('the game is over for this peer', 'rejoin')).toMatch(/nothing to rejoin/);
  });
});
