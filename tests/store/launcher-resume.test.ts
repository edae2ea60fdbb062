// Host it again and join it from the terminal UI, end to end on 127.0.0.1: two `risk bot --store`
// processes (each its own database and --key) play a native game and are both killed (SIGKILL)
// mid-game; then the menu's launcher on the first host's database and key finds the game among the
// saved ones and hosts it again, and a second launcher on the other player's database and key joins
// it at the host address the Resume screen offers. Every player proves the same stored history, and
// the game goes on from the agreed move to a winner that both stores record, in the resumed session.
// The menus find each player's key where the menu keeps them (keys/ beside the database), and remove
// it once the game is over.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realLauncher } from '../../src/cli/launcher.js';
import { resumeHash } from '../../src/core/native/hashes.js';
import { replaySteps } from '../../src/core/steps/replay.js';
import type { GameStore } from '../../src/store/store.js';
import type { Table } from '../../src/views/table.js';
import { killBots, storedBot } from '../support/bot-process.js';
import { botGameIn, menuOptions, openStore, savedGamesOf, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
const tables: Table[] = [];
const stores: GameStore[] = [];
const savedXdg = process.env.XDG_DATA_HOME;
beforeEach(() => {
  tmp = tempDir();
  // Record files go under the temporary directory too.
  process.env.XDG_DATA_HOME = tmp.dir;
});
afterEach(async () => {
  killBots();
  await Promise.all(tables.splice(0).map((t) => t.quit()));
  for (const s of stores.splice(0)) s.close();
  if (savedXdg === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = savedXdg;
  tmp.remove();
});

const launch = (storePath: string) => realLauncher(menuOptions(storePath, { moveTimeoutMs: 20_000, seed: 11 }));

const bot = (args: readonly string[], who: string) => storedBot(args, who, tmp.dir, { record: `${who}.jsonl` });

/** The stored game of this database, read afresh. */
function storedGame(who: string) {
  const store = openStore(join(tmp.dir, `${who}.db`));
  stores.push(store);
  return botGameIn(store);
}

describe('host again and join from the menu', () => {
  it('both programs were killed; the first host hosts the stored game again, the other joins, and it is played to a winner', async () => {
    const hana = bot(['host', '--port', '0', '--players', '2', '--move-timeout', '20', '--ack-timeout', '5'], 'Hana');
    const hosting = await hana.waitFor((e) => e.type === 'hosting', 20_000);
    const address = (hosting.addresses as string[]).find((a) => a.startsWith('/ip4/127.0.0.1/'))!;
    const jo = bot(['join', address], 'Jo');
    await hana.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 3, 60_000);
    // Both machines go down at once: neither game ends, both stay resumable.
    hana.child.kill('SIGKILL');
    jo.child.kill('SIGKILL');
    await Promise.all([hana.exit, jo.exit]);
    const before = { Hana: storedGame('Hana'), Jo: storedGame('Jo') };
    for (const game of Object.values(before)) expect(game.status).toBe('playing');
    for (const s of stores.splice(0)) s.close();
    // Each key where the menu keeps the keys of its games, beside the (here: both) databases.
    const keys = join(tmp.dir, 'keys');
    mkdirSync(keys);
    const kept = [before.Hana.players[0]!.peerId, before.Jo.players[1]!.peerId].map((id) => `${id}.key`);
    copyFileSync(join(tmp.dir, 'Hana.key'), join(keys, kept[0]!));
    copyFileSync(join(tmp.dir, 'Jo.key'), join(keys, kept[1]!));

    const hostMenu = launch(join(tmp.dir, 'Hana.db'));
    const hostSaved = savedGamesOf(hostMenu).filter((g) => g.network !== undefined);
    expect(hostSaved.map((g) => g.network)).toMatchObject([{ me: 0, status: 'playing', resume: null }]);
    const hosted = await hostMenu.resumeNetworkGame!({ id: hostSaved[0]!.id, host: true }, () => {});
    if (!hosted.ok) throw new Error(hosted.reason);

    // Opening the store keeps the keys of games that can go on.
    expect(readdirSync(keys).sort()).toEqual([...kept].sort());
    const joinMenu = launch(join(tmp.dir, 'Jo.db'));
    const joinSaved = savedGamesOf(joinMenu).filter((g) => g.network !== undefined);
    expect(joinSaved.map((g) => g.network)).toMatchObject([{ me: 1, status: 'playing', resume: null }]);
    // The Resume screen offers the host's stored address: the host listens on the port it had.
    const hostAddress = joinSaved[0]!.network!.hostAddresses[0]!;
    expect(hostAddress).toBe(address);
    const joined = await joinMenu.resumeNetworkGame!(
      { id: joinSaved[0]!.id, host: false, address: hostAddress },
      () => {},
    );
    if (!joined.ok) throw new Error(joined.reason);

    const [a, b] = await Promise.all([hosted.lobby.started, joined.lobby.started]);
    if (!a.ok) throw new Error(a.reason);
    if (!b.ok) throw new Error(b.reason);
    tables.push(a.table, b.table);
    // Both go on from one agreed move, said on each table.
    const from = (t: Table) =>
      t
        .getView()
        .log.map((l) => /goes on from move (\d+)/.exec(l.text)?.[1])
        .find((m) => m !== undefined);
    expect(from(a.table)).toBeDefined();
    expect(from(a.table)).toBe(from(b.table));
    a.table.setAutopilot([0], true);
    b.table.setAutopilot([1], true);
    await expect
      .poll(() => [a.table.getView().over?.winner ?? null, b.table.getView().over?.winner ?? null], {
        timeout: 120_000,
        interval: 200,
      })
      .not.toContain(null);
    const winner = a.table.getView().over!.winner;
    expect(b.table.getView().over!.winner).toBe(winner);
    expect([0, 1]).toContain(winner);

    // Each store finished the game it had, in the resumed session, with moves added past the resume point.
    await expect
      .poll(() => ['Hana', 'Jo'].map((who) => storedGame(who).status), { timeout: 10_000 })
      .toEqual(['finished', 'finished']);
    const after = { Hana: storedGame('Hana'), Jo: storedGame('Jo') };
    const finals = Object.entries(after).map(([who, game]) => {
      expect(game.winner).toBe(winner);
      expect(game.session).not.toBeNull();
      expect(game.steps.length).toBeGreaterThan(before[who as 'Hana' | 'Jo'].steps.length);
      const replayed = replaySteps(game);
      if (!replayed.ok) throw new Error(replayed.reason);
      return replayed.state;
    });
    expect(after.Hana.session).toBe(after.Jo.session);
    // Jo came back from another port: both stores hold Jo's addresses in the resumed session.
    const joAt = (game: typeof before.Hana) => game.players[1]!.addresses;
    expect(joAt(after.Jo)).not.toEqual(joAt(before.Jo));
    expect(joAt(after.Hana)).toEqual(joAt(after.Jo));
    // Both stores replay to the very same final state.
    expect(resumeHash(finals[0]!)).toBe(resumeHash(finals[1]!));
    // The game is over: neither key is needed any more.
    expect(readdirSync(keys)).toEqual([]);
  }, 200_000);
});
