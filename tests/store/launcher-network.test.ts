// The terminal UI's networked games go to the store as they are played: two launchers host and join a
// native game on 127.0.0.1, play to the board, and leave; each peer's record is stored and its export
// passes risk verify's checks of every roll, signature and move, as the record file does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import { realLauncher } from '../../src/cli/launcher.js';
import { parseTranscript } from '../../src/protocol/transcript.js';
import type { GameStore } from '../../src/store/store.js';
import { auditExported, menuOptions, openStore, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
let store: GameStore | null = null;
const savedXdg = process.env.XDG_DATA_HOME;
beforeEach(() => {
  tmp = tempDir();
  // Record files go under the temporary directory too.
  process.env.XDG_DATA_HOME = tmp.dir;
});
afterEach(() => {
  store?.close();
  if (savedXdg === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = savedXdg;
  tmp.remove();
});

describe('networked games from the terminal UI in the store', () => {
  it('stores both peers of a native game, and their exports pass risk verify', async () => {
    const storePath = join(tmp.dir, 'risk.db');
    const local = menuOptions(storePath, { seed: 3 });
    const host = await realLauncher(local).hostGame({ players: 2, name: 'Hana' }, () => {});
    if (!host.ok) throw new Error(host.reason);
    const address = host.lobby.addresses.find((a) => a.includes('/ip4/127.0.0.1/'))!;
    const joined = await realLauncher(local).joinGame({ address, name: 'Jo' }, () => {});
    if (!joined.ok) throw new Error(joined.reason);
    const [a, b] = await Promise.all([host.lobby.started, joined.lobby.started]);
    if (!a.ok || !b.ok) throw new Error('a table did not start');
    for (const table of [a.table, b.table])
      await expect.poll(() => table.getView().state?.phase, { timeout: 20_000 }).toBe('setup');
    await b.table.quit();
    await a.table.quit();
    store = openStore(storePath);
    await expect.poll(() => store!.games().map((g) => g.status), { timeout: 20_000 }).toEqual(['stopped', 'stopped']);
    const games = store.games();
    const records = join(tmp.dir, 'p2p-risk', 'games');
    expect(games.map((g) => g.kind)).toEqual(['network', 'network']);
    // Each peer's record keeps every player's dial addresses, and the menu kept each run's key beside
    // the database (played without --key): what a later rejoin or resume from the menu needs.
    for (const g of games) {
      expect(g.players.map((p) => p.addresses?.some((a) => a.startsWith('/ip4/127.0.0.1/tcp/')))).toEqual([true, true]);
      expect(g.players[0]!.addresses!.every((a) => a.endsWith(`/p2p/${g.players[0]!.peerId}`))).toBe(true);
    }
    expect(readdirSync(join(tmp.dir, 'keys')).sort()).toEqual(games[0]!.players.map((p) => `${p.peerId}.key`).sort());
    expect(new Set(games.map((g) => g.players.map((p) => p.name).join()))).toEqual(new Set(['Hana,Jo']));
    for (const summary of games) {
      const found = store.find(String(summary.id));
      if (!found.ok) throw new Error(found.reason);
      const { lines, report } = auditExported(store, found.game);
      // The store holds exactly the lines of the peer's record file, so verify judges both alike.
      const file = readdirSync(records).find((f) => f.endsWith(`-p${found.game.me}.jsonl`))!;
      const fromFile = parseTranscript(readFileSync(join(records, file), 'utf8'));
      if (!fromFile.ok) throw new Error(fromFile.reason);
      expect(lines.map((l) => [l.dir, l.conn, l.raw])).toEqual(fromFile.lines.map((l) => [l.dir, l.conn, l.raw]));
      expect(report.violations).toEqual(verifyTranscript(fromFile.lines, { lenient: false }).violations);
      // Every roll, signature and move checks out, and so does the outcome: the peers left.
      expect(report.violations).toEqual([]);
      // Both dice rounds of the opening (first player, deck) were played and checked.
      expect(report.roundsVerified).toBeGreaterThanOrEqual(2);
      // The two peers, and the 1993 neutral army a game of two has by default (a seat of its own, no peer).
      expect(report.state?.players.map((p) => p.id)).toEqual([0, 1, 2]);
      expect(report.state?.neutralArmy).toBe(2);
    }
  }, 60_000);
});
