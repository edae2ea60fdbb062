// The page's Resume: the saved games listed in the words of the terminal's Resume screen, a local one
// going on, a networked one hosted again, joined at its host or rejoined, each through the launcher
// the terminal uses (a fake one here). A game that cannot go on, or an unknown number, is refused
// with why; a resume that fails shows what to do about it; a resume lobby cannot be started early or
// filled with bots. `risk play saved|resume|rejoin --web` lands on the same screens. Before this the
// page sent every saved game to the terminal.
import { describe, expect, it, vi } from 'vitest';
import type { Launcher, Opened, Started } from '../../../src/views/launcher.js';
import { Table } from '../../../src/views/table.js';
import { WebFront, type WebStart } from '../../../src/views/web/web-front.js';
import type { LobbyView, ScreenView } from '../../../src/views/web/wire.js';
import { fakeLauncher } from '../ink-helpers.js';
import { CAPITAL, HOST_ADDRESS, HOSTED, JOINED, LOCAL } from '../saved-games-fixtures.js';

const DEFAULTS = { name: 'Ann', rules: {}, bot: 'easy' as const, moveTimeoutSeconds: 60, players: 4 };
const ALL = [LOCAL, JOINED, HOSTED, CAPITAL];

const table = () => new Table({ mode: 'quick', players: [{ id: 0, name: 'Ann', kind: 'you' }] });

/** A resume lobby that opens at once; its game starts with `started` (never, unless given). */
const opening =
  (started: Promise<Started> = new Promise(() => {})) =>
  async (): Promise<Opened> => ({
    ok: true,
    lobby: { addresses: ['/ip4/127.0.0.1/tcp/7600/p2p/12D3KooWMe'], started, cancel: async () => {} },
  });

function web(overrides: Partial<Launcher> = {}, start: WebStart = { kind: 'menu' }) {
  const launcher = fakeLauncher({ savedGames: () => ({ ok: true, games: ALL }), ...overrides });
  return new WebFront({ launcher, defaults: DEFAULTS, start, onQuit: () => {} });
}

const lobby = (screen: ScreenView): LobbyView => {
  if (screen.kind !== 'lobby') throw new Error(`not a lobby: ${screen.kind}`);
  return screen.lobby;
};

describe('the page’s saved games', () => {
  it('"saved" lists local and networked games with what each allows, and why not', async () => {
    const front = web();
    expect(await front.handle({ type: 'saved' })).toEqual({ ok: true });
    const view = front.view();
    if (view.kind !== 'saved') throw new Error(`not the list: ${view.kind}`);
    expect(view.problem).toBeNull();
    expect(view.notice).toBeNull();
    expect(view.rows.map((r) => r.id)).toEqual([1, 7, 8, 9]);
    expect(view.rows[0]).toEqual({
      id: 1,
      line: expect.stringMatching(/^#1 .*Ann, Bea \(easy\) {2}· 200 moves$/),
      network: null,
    });
    expect(view.rows[1]).toEqual({
      id: 7,
      line: expect.stringMatching(/Hana, Jo \(you\)/),
      network: {
        note: 'was playing · rejoin or join',
        actions: {
          rejoin: null,
          host: expect.stringMatching(/^only Hana, who hosted it, can host it again/),
          join: null,
        },
        hostAddress: HOST_ADDRESS,
      },
    });
    expect(view.rows[2]!.network).toMatchObject({
      note: 'stopped · host',
      actions: { rejoin: 'the record header is not stored', host: null, join: expect.stringMatching(/^you hosted it/) },
    });
    expect(view.rows[3]!.network!.note).toBe('stopped · cannot go on: a Capital game: it cannot go on');
    expect(await front.handle({ type: 'menu' })).toEqual({ ok: true });
    expect(front.view()).toEqual({ kind: 'menu', notice: null });
  });

  it('a store that cannot be listed, or none, is said instead of an empty list', async () => {
    const broken = web({ savedGames: () => ({ ok: false, reason: 'the database is locked' }) });
    await broken.handle({ type: 'saved' });
    expect(broken.view()).toEqual({ kind: 'saved', rows: [], problem: 'the database is locked', notice: null });
    const none = new WebFront({
      launcher: fakeLauncher(),
      defaults: DEFAULTS,
      start: { kind: 'menu' },
      onQuit: () => {},
    });
    await none.handle({ type: 'saved' });
    expect(none.view()).toMatchObject({ kind: 'saved', problem: 'saved games are not available here' });
    expect(await none.handle({ type: 'resume', id: 1 })).toEqual({
      ok: false,
      reason: 'saved games are not available here',
    });
  });

  it('Go on: a local game goes on where it stopped; an unknown or networked one is refused with why', async () => {
    const resumeGame = vi.fn((): Started => ({ ok: true, table: table() }));
    const front = web({ resumeGame });
    await front.handle({ type: 'saved' });
    expect(await front.handle({ type: 'resume', id: 42 })).toEqual({
      ok: false,
      reason: 'no saved game #42 can go on here',
    });
    expect(await front.handle({ type: 'resume', id: 7 })).toEqual({
      ok: false,
      reason: 'game #7 is a networked game: host it again, join its host, or rejoin it',
    });
    expect(front.view().kind).toBe('saved');
    expect(resumeGame).not.toHaveBeenCalled();
    expect(await front.handle({ type: 'resume', id: 1 })).toEqual({ ok: true });
    expect(resumeGame).toHaveBeenCalledWith(1);
    expect(front.view().kind).toBe('game');
    // Not from a game on screen.
    expect(await front.handle({ type: 'saved' })).toEqual({ ok: false, reason: 'leave the game on screen first' });
  });

  it('Host it again: a lobby titled as the resume, its seats the game’s, with no start or bots', async () => {
    const resumeNetworkGame = vi.fn(opening());
    const front = web({ resumeNetworkGame });
    expect(await front.handle({ type: 'resume-network', id: 8, action: 'host' })).toEqual({ ok: true });
    expect(resumeNetworkGame).toHaveBeenCalledWith({ id: 8, host: true }, expect.any(Function));
    await expect.poll(() => lobby(front.view()).addresses).toEqual(['127.0.0.1:7600']);
    expect(lobby(front.view())).toMatchObject({
      game: 'classic',
      hosting: true,
      resume: 8,
      seats: 2,
      players: [{ id: 0, name: 'Hana' }],
    });
    const waits = 'a resumed game starts once every player still in it is there (no bots take a seat)';
    expect(await front.handle({ type: 'lobby-start' })).toEqual({ ok: false, reason: waits });
    expect(await front.handle({ type: 'lobby-bots' })).toEqual({ ok: false, reason: waits });
    expect(await front.handle({ type: 'menu' })).toEqual({ ok: true });
    expect(front.view()).toEqual({ kind: 'menu', notice: null });
  });

  it('Join its host: at the address typed, else the stored one; then the game', async () => {
    let start: (s: Started) => void = () => {};
    const resumeNetworkGame = vi.fn(opening(new Promise<Started>((resolve) => (start = resolve))));
    const front = web({ resumeNetworkGame });
    expect(await front.handle({ type: 'resume-network', id: 7, action: 'join', address: '10.0.0.9:7475' })).toEqual({
      ok: true,
    });
    expect(resumeNetworkGame).toHaveBeenLastCalledWith(
      { id: 7, host: false, address: '10.0.0.9:7475' },
      expect.any(Function),
    );
    await expect.poll(() => lobby(front.view()).news).toEqual(['joining 10.0.0.9:7475 to resume game #7…']);
    expect(lobby(front.view())).toMatchObject({ hosting: false, resume: 7, seats: null });
    start({ ok: true, table: table() });
    await expect.poll(() => front.view().kind).toBe('game');

    const stored = vi.fn(opening());
    const again = web({ resumeNetworkGame: stored });
    expect(await again.handle({ type: 'resume-network', id: 7, action: 'join' })).toEqual({ ok: true });
    expect(stored).toHaveBeenCalledWith({ id: 7, host: false, address: HOST_ADDRESS }, expect.any(Function));
    expect(again.view()).toMatchObject({ kind: 'lobby', lobby: { resume: 7 } });
  });

  it('refused: an action the game does not allow, a local game, an unknown number; nothing starts', async () => {
    const resumeNetworkGame = vi.fn(opening());
    const rejoinNetworkGame = vi.fn(async (): Promise<Started> => ({ ok: true, table: table() }));
    const front = web({ resumeNetworkGame, rejoinNetworkGame });
    await front.handle({ type: 'saved' });
    expect(await front.handle({ type: 'resume-network', id: 9, action: 'join', address: '10.0.0.9:7475' })).toEqual({
      ok: false,
      reason: 'game #9 cannot be resumed: a Capital game: it cannot go on',
    });
    expect(await front.handle({ type: 'resume-network', id: 8, action: 'rejoin' })).toEqual({
      ok: false,
      reason: 'game #8 cannot be rejoined: the record header is not stored',
    });
    expect(await front.handle({ type: 'resume-network', id: 7, action: 'host' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^game #7 cannot be resumed: only Hana, who hosted it, can host it again/),
    });
    expect(await front.handle({ type: 'resume-network', id: 1, action: 'rejoin' })).toEqual({
      ok: false,
      reason: 'game #1 is a local game: Go on continues it',
    });
    expect(await front.handle({ type: 'resume-network', id: 42, action: 'host' })).toEqual({
      ok: false,
      reason: 'no saved game #42 can go on here',
    });
    expect(resumeNetworkGame).not.toHaveBeenCalled();
    expect(rejoinNetworkGame).not.toHaveBeenCalled();
    expect(front.view().kind).toBe('saved');
  });

  it('a resume or rejoin that fails shows what to do about it, not the general advice', async () => {
    const differs = web({
      resumeNetworkGame: opening(
        Promise.resolve({ ok: false, reason: "cannot resume game #8: player 0's stored game differs from player 1's" }),
      ),
    });
    await differs.handle({ type: 'resume-network', id: 8, action: 'host' });
    await expect.poll(() => differs.view().kind).toBe('failed');
    expect(differs.view()).toMatchObject({
      reason: expect.stringMatching(/differs/),
      advice: 'The players’ stored games differ: this game cannot go on together. Start a new one.',
    });

    const nobody = web({
      rejoinNetworkGame: async () => ({ ok: false, reason: 'cannot rejoin game #7: no other player could be reached' }),
    });
    expect(await nobody.handle({ type: 'resume-network', id: 7, action: 'rejoin' })).toEqual({ ok: true });
    await expect.poll(() => nobody.view().kind).toBe('failed');
    expect(nobody.view()).toMatchObject({ advice: expect.stringMatching(/^Nobody answered at the addresses stored/) });

    const neutral = web({
      resumeNetworkGame: async () => ({ ok: false, reason: 'your seat was made neutral' }),
    });
    await neutral.handle({ type: 'resume-network', id: 7, action: 'join' });
    await expect.poll(() => neutral.view().kind).toBe('failed');
    expect(neutral.view()).toMatchObject({ advice: expect.stringMatching(/^Your seat was made neutral/) });
  });

  it('risk play saved|resume|rejoin --web: the list, the game, the lobby, or the list with why not', async () => {
    const resumeGame = vi.fn((): Started => ({ ok: true, table: table() }));
    const resumeNetworkGame = vi.fn(opening());
    const rejoinNetworkGame = vi.fn(async (): Promise<Started> => ({ ok: true, table: table() }));
    const start = (s: WebStart) => web({ resumeGame, resumeNetworkGame, rejoinNetworkGame }, s);

    expect(start({ kind: 'saved' }).view()).toMatchObject({ kind: 'saved', notice: null });
    expect(start({ kind: 'resume', id: 1 }).view().kind).toBe('game');
    expect(resumeGame).toHaveBeenCalledWith(1);
    expect(start({ kind: 'resume', id: 8 }).view()).toMatchObject({
      kind: 'lobby',
      lobby: { resume: 8, hosting: true },
    });
    expect(resumeNetworkGame).toHaveBeenLastCalledWith({ id: 8, host: true }, expect.any(Function));
    expect(start({ kind: 'resume', id: 7, address: '10.0.0.9:7475' }).view()).toMatchObject({
      kind: 'lobby',
      lobby: { resume: 7, hosting: false },
    });
    // Another seat without an address: the list, with the stored address in the join field.
    expect(start({ kind: 'resume', id: 7 }).view()).toMatchObject({
      kind: 'saved',
      notice: 'Hana hosts the resume of game #7: join its host below, at the address its screen shows',
      rows: expect.arrayContaining([
        expect.objectContaining({ id: 7, network: expect.objectContaining({ hostAddress: HOST_ADDRESS }) }),
      ]),
    });
    const rejoining = start({ kind: 'rejoin', id: 7 });
    await expect.poll(() => rejoining.view().kind).toBe('game');
    expect(rejoinNetworkGame).toHaveBeenCalledWith(7);
    expect(start({ kind: 'rejoin', id: 42 }).view()).toMatchObject({
      kind: 'saved',
      notice: 'no saved game #42 can go on here',
    });
    expect(start({ kind: 'resume', id: 9 }).view()).toMatchObject({
      kind: 'saved',
      notice: 'game #9 cannot be resumed: a Capital game: it cannot go on',
    });
  });
});
