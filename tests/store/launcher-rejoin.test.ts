// Rejoin from the terminal UI, end to end on 127.0.0.1: the UI hosts a native game of three; a
// `risk bot` joins it with --store and --key, the lobby's bot fills the last seat, and the risk bot is
// killed (SIGKILL) mid-game; the menu's launcher, on that database and key, finds the game among the
// saved ones, rejoins it at the addresses stored when the game started, and plays on; the host's UI
// and the lobby's bot took the seat back (neither made it neutral). (A game of two cannot be rejoined:
// the one player left loses contact with every other player, and its game ends.) Jo's old port is
// taken by then: Jo comes back on another one, which its store keeps as Jo's addresses, and so does
// the host's (Jo's rejoin names them).
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realLauncher } from '../../src/cli/launcher.js';
import type { Table } from '../../src/views/table.js';
import { killBots, startBot } from '../support/bot-process.js';
import { menuOptions, openStore, savedGamesOf, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
const tables: Table[] = [];
const servers: Server[] = [];
const savedXdg = process.env.XDG_DATA_HOME;
beforeEach(() => {
  tmp = tempDir();
  // Record files go under the temporary directory too.
  process.env.XDG_DATA_HOME = tmp.dir;
});
afterEach(async () => {
  killBots();
  await Promise.all(tables.splice(0).map((t) => t.quit()));
  for (const server of servers.splice(0)) server.close();
  if (savedXdg === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = savedXdg;
  tmp.remove();
});

const launch = (storePath: string, keyPath?: string) =>
  realLauncher(
    menuOptions(storePath, {
      // Long enough for the dropped player to come back before the votes make it neutral.
      moveTimeoutMs: 40_000,
      ackTimeoutMs: 20_000,
      seed: 5,
      ...(keyPath ? { keyPath } : {}),
    }),
  );

describe('rejoin from the menu', () => {
  it('a player whose program was killed takes its seat back from the saved games, at the stored addresses', async () => {
    let joined = () => {};
    const joinedJo = new Promise<void>((resolve) => (joined = resolve));
    const host = await launch(join(tmp.dir, 'host.db')).hostGame({ players: 3, name: 'Hana' }, (event) => {
      if (event.type === 'joined' && event.player.name === 'Jo') joined();
    });
    if (!host.ok) throw new Error(host.reason);
    const address = host.lobby.addresses[0]!;
    const db = join(tmp.dir, 'jo.db');
    const key = join(tmp.dir, 'jo.key');
    const jo = startBot([
      'join',
      address,
      '--listen',
      '127.0.0.1',
      '--port',
      '0',
      '--bot',
      'normal',
      '--name',
      'Jo',
      '--store',
      '--db',
      db,
      '--key',
      key,
      '--record',
      join(tmp.dir, 'jo.jsonl'),
    ]);
    // Jo takes seat 1, then the lobby's bot the last one.
    await joinedJo;
    const filled = await host.lobby.fillWithBots!('normal');
    if (!filled.ok) throw new Error(filled.reason);
    const started = await host.lobby.started;
    if (!started.ok) throw new Error(started.reason);
    const hana = started.table;
    tables.push(hana);
    // The computer plays Hana's turns.
    hana.setAutopilot([0], true);
    await jo.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 3, 60_000);
    jo.child.kill('SIGKILL');
    await jo.exit;
    const killedAt = hana.getView().state!.turn;
    // Another program took Jo's port meanwhile.
    const joAt = () => {
      const store = openStore(db);
      try {
        const [game] = store.games({ kinds: ['bot'] });
        return game!.players[1]!.addresses ?? [];
      } finally {
        store.close();
      }
    };
    const oldPort = Number(/\/tcp\/(\d+)/.exec(joAt()[0] ?? '')?.[1]);
    expect(oldPort).toBeGreaterThan(0);
    const squatter = createServer();
    servers.push(squatter);
    await new Promise<void>((resolve) => squatter.listen(oldPort, '127.0.0.1', resolve));

    const menu = launch(db, key);
    const saved = savedGamesOf(menu).filter((g) => g.network !== undefined);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.network).toMatchObject({ me: 1, status: 'playing', rejoin: null, resume: null });
    expect(saved[0]!.network!.hostAddresses).toEqual([address]);

    const back = await menu.rejoinNetworkGame!(saved[0]!.id);
    if (!back.ok) throw new Error(back.reason);
    const again = back.table;
    tables.push(again);
    expect(again.getView().log.map((l) => l.text)).toContain(`You took your seat back in game #${saved[0]!.id}.`);
    // Caught up from the others' records, Jo's screen cannot tell since when the move due has waited:
    // no countdown of its own (the others' differ), until the next move is made.
    expect(again.timeLeft()).toBeNull();
    again.setAutopilot([1], true);
    await expect.poll(() => again.timeLeft(), { timeout: 30_000 }).not.toBeNull();
    // Play goes on with both: two more turns, and Hana's side never made Jo neutral.
    await expect
      .poll(() => Math.min(hana.getView().state!.turn, again.getView().state?.turn ?? 0), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(killedAt + 2);
    expect(hana.getView().log.map((l) => l.text)).toContain('Jo connects again to take their seat back');
    expect(hana.getView().state!.players[1]!.neutral).toBe(false);
    expect(again.getView().state!.players[1]!.neutral).toBe(false);
    // Jo's store now holds where Jo listens since the rejoin, not the old port.
    const newAddresses = joAt();
    expect(newAddresses.length).toBeGreaterThan(0);
    expect(newAddresses.some((a) => a.includes(`/tcp/${oldPort}/`))).toBe(false);
    expect(newAddresses.every((a) => a.startsWith('/ip4/127.0.0.1/tcp/'))).toBe(true);
    // The host's store was told them by Jo's rejoin (its `addresses`): a later rejoin finds Jo there.
    const hostStore = openStore(join(tmp.dir, 'host.db'));
    try {
      const [game] = hostStore.games({ kinds: ['network'] });
      expect(game!.players[1]!.addresses).toEqual(newAddresses);
    } finally {
      hostStore.close();
    }
  }, 150_000);
});
