// The web view's side in the process, without a browser: the page's commands drive a real hot-seat
// game (a person and a bot on this machine) through the same table the terminal uses. A move that
// is stale or illegal is refused with the game's reason and changes nothing; the end comes with the
// charts' series; leaving goes back to the menu.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAUNCH, realLauncher } from '../../../src/cli/launcher.js';
import { evenPlacement } from '../../../src/page/risc-plan.js';
import { WebFront, type WebStart } from '../../../src/views/web/web-front.js';
import type { RiscView, ScreenView, WireTable } from '../../../src/views/web/wire.js';

const DEFAULTS = { name: 'Ann', rules: {}, bot: 'easy' as const, moveTimeoutSeconds: 60, players: 4 };

function front() {
  const launcher = realLauncher({ ...DEFAULT_LAUNCH, record: false, botDelayMs: 0, seed: 5 });
  return new WebFront({ launcher, defaults: DEFAULTS, start: { kind: 'menu' }, onQuit: () => {} });
}

const risc = (screen: ScreenView): RiscView => {
  if (screen.kind !== 'risc') throw new Error(`not RISC: ${screen.kind}`);
  return screen.risc;
};

const table = (screen: ScreenView): WireTable => {
  if (screen.kind !== 'game') throw new Error(`not a game: ${screen.kind}`);
  return screen.table;
};

describe('the web view’s commands', () => {
  it('a hot-seat game: moves checked before they are made, the computer plays on, the end has its series', async () => {
    const web = front();
    expect(await web.handle({ type: 'stats' })).toEqual({ ok: true });
    expect(web.view()).toMatchObject({ kind: 'stats', lines: [expect.stringMatching(/not saved/)] });
    expect(
      await web.handle({
        type: 'hotseat',
        players: [
          { name: 'Ann', kind: 'human' },
          { name: 'Bot', kind: 'easy' },
        ],
        rules: {},
      }),
    ).toEqual({ ok: true });
    // Two players: the 1993 game with the neutral army, territories dealt; Ann places on her own.
    await expect.poll(() => table(web.view()).decision?.player, { timeout: 10_000 }).toBe(0);
    let t = table(web.view());
    expect(t.state?.phase).toBe('setup');
    const id = t.decision!.id;
    const theirs = t.state!.owner.indexOf(1);
    const mine = t.state!.owner.indexOf(0);

    expect(
      await web.handle({ type: 'answer', decision: id + 1, action: { command: 'setup', player: 0, payload: mine } }),
    ).toEqual({
      ok: false,
      reason: 'that move is no longer asked (the game has moved on)',
    });
    const illegal = await web.handle({
      type: 'answer',
      decision: id,
      action: { command: 'setup', player: 0, payload: theirs },
    });
    expect(illegal.ok).toBe(false);
    expect(table(web.view()).decision?.id).toBe(id);
    expect(
      await web.handle({ type: 'answer', decision: id, action: { command: 'setup', player: 1, payload: mine } }),
    ).toMatchObject({
      ok: false,
      reason: 'that move is not for the player whose move is due',
    });

    const before = t.state!.armies[mine]!;
    expect(
      await web.handle({ type: 'answer', decision: id, action: { command: 'setup', player: 0, payload: mine } }),
    ).toEqual({ ok: true });
    await expect.poll(() => table(web.view()).state!.armies[mine]).toBe(before + 1);
    expect(await web.handle({ type: 'lobby-start' })).toEqual({ ok: false, reason: 'no lobby is open' });
    expect(await web.handle({ type: 'quick' })).toEqual({ ok: false, reason: 'leave the game on screen first' });

    expect(await web.handle({ type: 'autopilot', on: true })).toEqual({ ok: true });
    await expect.poll(() => table(web.view()).over, { timeout: 60_000, interval: 100 }).not.toBeNull();
    t = table(web.view());
    expect(t.series.turns.length).toBeGreaterThan(1);
    expect(t.series.turns[0]).toBe(1);
    expect(t.series.territories.at(-1)).toHaveLength(2);
    // The last sample is the end: the winner holds what the board says.
    const winner = t.over!.winner!;
    expect(t.series.territories.at(-1)![winner]).toBe(t.state!.owner.filter((o) => o === winner).length);

    expect(await web.handle({ type: 'menu' })).toEqual({ ok: true });
    expect(web.view()).toEqual({ kind: 'menu', notice: null });
  }, 90_000);

  it('leaving a game that goes on says so on the menu', async () => {
    const web = front();
    await web.handle({
      type: 'hotseat',
      players: [
        { name: 'Ann', kind: 'human' },
        { name: 'Bea', kind: 'human' },
      ],
      rules: { variant: 'capital' },
    });
    await expect.poll(() => table(web.view()).decision).not.toBeNull();
    expect(table(web.view()).state?.options.variant).toBe('capital');
    expect(await web.handle({ type: 'leave' })).toEqual({ ok: true });
    expect(web.view()).toEqual({ kind: 'menu', notice: 'You left the game.' });
  });

  it('RISC against a bot, through the match the terminal plays: a placement and orders checked before they are committed; leaving', async () => {
    const web = front();
    expect(await web.handle({ type: 'risc', name: 'Ann', players: 2, bot: 'easy' })).toEqual({ ok: true });
    await expect
      .poll(() => web.view().kind === 'risc' && risc(web.view()).asking?.kind, { timeout: 10_000 })
      .toBe('place');
    const { state, you } = risc(web.view());
    expect(state.players.map((p) => p.name)[you]).toBe('Ann');
    const mine = state.owner.indexOf(you);
    const theirs = state.owner.findIndex((o) => o !== you);
    const refused = await web.handle({ type: 'risc-place', turn: 0, placement: [{ territory: theirs, units: 1 }] });
    expect(refused.ok).toBe(false);
    expect(await web.handle({ type: 'risc-orders', turn: 1, orders: [] })).toEqual({
      ok: false,
      reason: 'no orders are asked for turn 1 now',
    });
    expect(risc(web.view()).asking).toEqual({ kind: 'place', turn: 0 });
    expect(await web.handle({ type: 'risc-place', turn: 0, placement: evenPlacement(state, you) })).toEqual({
      ok: true,
    });
    await expect.poll(() => risc(web.view()).asking, { timeout: 10_000 }).toEqual({ kind: 'orders', turn: 1 });
    expect(risc(web.view()).story).toContain('Everyone has placed their units.');
    const units = risc(web.view()).state.units[mine]!;
    const tooMany = await web.handle({
      type: 'risc-orders',
      turn: 1,
      orders: [{ kind: 'attack', from: mine, to: theirs, units: units + 1000 }],
    });
    expect(tooMany.ok).toBe(false);
    expect(await web.handle({ type: 'risc-orders', turn: 1, orders: [] })).toEqual({ ok: true });
    await expect.poll(() => risc(web.view()).story, { timeout: 10_000 }).toContain('Turn 1:');
    expect(await web.handle({ type: 'leave' })).toEqual({ ok: true });
    expect(web.view()).toMatchObject({ kind: 'menu' });
  }, 30_000);

  it('RISC over the network from two pages: one hosts, one joins by address, a bot fills the third seat, both play a turn', async () => {
    // Real peers over libp2p on 127.0.0.1 only; nothing stored.
    const local = { ...DEFAULT_LAUNCH, listen: '127.0.0.1', port: 0, record: false, botDelayMs: 0 };
    const page = (seed: number) =>
      new WebFront({
        launcher: realLauncher({ ...local, seed }),
        defaults: DEFAULTS,
        start: { kind: 'menu' },
        onQuit: () => {},
      });
    const lobby = (screen: ScreenView) => {
      if (screen.kind !== 'lobby') throw new Error(`not a lobby: ${screen.kind}`);
      return screen.lobby;
    };
    const host = page(11);
    const guest = page(12);
    try {
      expect(await host.handle({ type: 'risc-host', name: 'Ann', players: 3, startUnits: 12, turnLimit: 5 })).toEqual({
        ok: true,
      });
      await expect
        .poll(() => host.view().kind === 'lobby' && lobby(host.view()).addresses.length, { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(lobby(host.view())).toMatchObject({ game: 'risc', hosting: true, seats: 3 });
      expect(lobby(host.view()).rules.join(' ')).toMatch(/12 starting units/);
      const address = lobby(host.view()).addresses[0]!;
      expect(await guest.handle({ type: 'risc-join', name: 'Bea', address })).toEqual({ ok: true });
      await expect
        .poll(() => lobby(host.view()).players.map((p) => p.name), { timeout: 10_000 })
        .toEqual(['Ann', 'Bea']);
      // The joiner sees the host's terms where a classic lobby shows its rules.
      await expect.poll(() => lobby(guest.view()).rules.join(' '), { timeout: 10_000 }).toMatch(/12 starting units/);
      expect(await guest.handle({ type: 'lobby-bots' })).toEqual({ ok: false, reason: 'only the host adds bots' });
      expect(await host.handle({ type: 'lobby-bots', bot: 'easy' })).toEqual({ ok: true });

      // Each seat commits in its turn (sealed: nobody sees another's before all are revealed).
      const asked = (web: WebFront) => (web.view().kind === 'risc' ? risc(web.view()).asking : null);
      await expect.poll(() => guest.view(), { timeout: 20_000 }).toMatchObject({ kind: 'starting' });
      for (const web of [host, guest]) {
        await expect.poll(() => asked(web), { timeout: 20_000 }).toEqual({ kind: 'place', turn: 0 });
        const { state, you } = risc(web.view());
        expect(state.players.map((p) => p.name)).toEqual(['Ann', 'Bea', expect.any(String)]);
        expect(await web.handle({ type: 'risc-place', turn: 0, placement: evenPlacement(state, you) })).toEqual({
          ok: true,
        });
      }
      await expect.poll(() => asked(host), { timeout: 20_000 }).toEqual({ kind: 'orders', turn: 1 });
      await expect
        .poll(() => risc(guest.view()).story, { timeout: 20_000 })
        .toContain('Everyone has placed their units.');
      // Both pages show the same board, each from its own replica of the game.
      expect(risc(guest.view()).state).toEqual(risc(host.view()).state);
      expect(risc(host.view()).you).toBe(0);
      expect(risc(guest.view()).you).toBe(1);
      expect(await guest.handle({ type: 'leave' })).toEqual({ ok: true });
      expect(guest.view()).toMatchObject({ kind: 'menu' });
      // The host is told its guest left, and the game goes on without it.
      await expect
        .poll(() => risc(host.view()).story.join('\n'), { timeout: 20_000 })
        .toMatch(/Bea is out of the game/);
    } finally {
      await Promise.all([host.close(), guest.close()]);
    }
  }, 60_000);

  it('risk play join <address> --game risc --web where nobody listens: the page says why, and the menu is back', async () => {
    const web = new WebFront({
      launcher: realLauncher({ ...DEFAULT_LAUNCH, listen: '127.0.0.1', port: 0, record: false, seed: 3 }),
      defaults: DEFAULTS,
      // A port nobody listens on: the dial is refused at once.
      start: { kind: 'risc-join', address: '127.0.0.1:1' },
      onQuit: () => {},
    });
    await expect.poll(() => web.view().kind, { timeout: 20_000 }).toBe('failed');
    expect(web.view()).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/127\.0\.0\.1:1|connect|refused/i),
    });
    expect(await web.handle({ type: 'menu' })).toEqual({ ok: true });
    expect(web.view()).toMatchObject({ kind: 'menu' });
  }, 30_000);

  it('a RISC game left in the page goes on from the game database (risk play --game risc --resume N --web)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-web-'));
    const options = { ...DEFAULT_LAUNCH, record: true, storePath: join(dir, 'risk.db'), botDelayMs: 0, seed: 9 };
    const start = (start: WebStart) =>
      new WebFront({ launcher: realLauncher(options), defaults: DEFAULTS, start, onQuit: () => {} });
    try {
      const first = start({ kind: 'risc', players: 2, bot: 'easy' });
      await expect
        .poll(() => first.view().kind === 'risc' && risc(first.view()).asking?.kind, { timeout: 10_000 })
        .toBe('place');
      const { state, you } = risc(first.view());
      expect(await first.handle({ type: 'risc-place', turn: 0, placement: evenPlacement(state, you) })).toEqual({
        ok: true,
      });
      await expect.poll(() => risc(first.view()).asking, { timeout: 10_000 }).toEqual({ kind: 'orders', turn: 1 });
      expect(await first.handle({ type: 'leave' })).toEqual({ ok: true });

      const saved = (await realLauncher(options).risc!()).saved!();
      if (!saved.ok) throw new Error(saved.reason);
      expect(saved.games).toHaveLength(1);
      const id = saved.games[0]!.id;
      const again = start({ kind: 'risc-resume', id });
      await expect
        .poll(() => again.view().kind === 'risc' && risc(again.view()).asking, { timeout: 10_000 })
        .toEqual({
          kind: 'orders',
          turn: 1,
        });
      expect(risc(again.view()).story).toContain(`Resumed RISC game #${id} at turn 1.`);
      expect(await again.handle({ type: 'leave' })).toEqual({ ok: true });
      const missing = start({ kind: 'risc-resume', id: id + 99 });
      await expect.poll(() => missing.view().kind).toBe('failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
