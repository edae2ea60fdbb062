// A resume without the player made neutral, end to end with `risk bot --store` processes on
// 127.0.0.1: three bots play; player 0's process is killed and the others vote it out; later both
// of theirs are killed too. Player 1 — the lowest seat still in the game — hosts the stored game
// again with --resume, player 2 joins it, player 0 stays away: they agree on the stored history
// and play it on to one winner (protocol-spec/resume.md, Resume and Steps 4).
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { networkGameId } from '../../src/store/network-games.js';
import type { GameStore } from '../../src/store/store.js';
import { killBots, storedBot } from '../support/bot-process.js';
import { botGameIn, openStore, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
const stores: GameStore[] = [];
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => {
  killBots();
  for (const s of stores.splice(0)) s.close();
  tmp.remove();
});

const bot = (args: readonly string[], who: string) => storedBot(args, who, tmp.dir);

/** The stored game of this database, read afresh. */
function storedGame(who: string) {
  const store = openStore(join(tmp.dir, `${who}.db`));
  stores.push(store);
  return botGameIn(store);
}

const neutral = (player: number) => (e: Record<string, unknown>) => e.type === 'neutral' && e.player === player;

describe('resume without the player made neutral', () => {
  it('player 0 was voted out; player 1 hosts the stored game again, player 2 joins, and they play it to a winner', async () => {
    const timeouts = ['--move-timeout', '20', '--ack-timeout', '3'];
    const hana = bot(['host', '--port', '0', '--players', '3', ...timeouts], 'Hana');
    const hosting = await hana.waitFor((e) => e.type === 'hosting', 20_000);
    const address = (hosting.addresses as string[]).find((a) => a.startsWith('/ip4/127.0.0.1/'))!;
    const jo = bot(['join', address], 'Jo');
    const kim = bot(['join', address], 'Kim');
    // They join at once, so which of them sits at seat 1 is a race: the game's start says.
    const starts = await Promise.all([jo, kim].map((p) => p.waitFor((e) => e.type === 'start', 60_000)));
    const [host, joiner] = starts[0]!.me === 1 ? ['Jo', 'Kim'] : ['Kim', 'Jo'];
    await hana.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 2, 60_000);
    hana.child.kill('SIGKILL');
    await hana.exit;
    // Both see player 0 made neutral, and play a while on before their machines go down.
    await Promise.all([jo.waitFor(neutral(0), 60_000), kim.waitFor(neutral(0), 60_000)]);
    const turn = (e: Record<string, unknown>) => (e.type === 'turn_started' ? (e.turn as number) : 0);
    const now = Math.max(...jo.events.map(turn));
    await Promise.all([jo, kim].map((p) => p.waitFor((e) => turn(e) >= now + 2, 60_000)));
    jo.child.kill('SIGKILL');
    kim.child.kill('SIGKILL');
    await Promise.all([jo.exit, kim.exit]);
    const gameId = networkGameId(storedGame('Jo').uid);
    for (const s of stores.splice(0)) s.close();

    // Player 0 may not host, being neutral in the others' stores; player 2 may not either: player 1 does.
    const wrongHost = bot(['host', '--port', '0', '--players', '3', '--resume', gameId, ...timeouts], joiner);
    const refused = await Promise.race([wrongHost.closed, sleep(60_000, 'still running', { ref: false })]);
    expect(refused, wrongHost.stderr).toBe(1);
    expect(wrongHost.stderr).toContain(
      `player 1 hosts the resume of game ${gameId} (the lowest seat still in the game)`,
    );
    const hostAgain = bot(['host', '--port', '0', '--players', '3', '--resume', gameId, ...timeouts], host);
    const again = await hostAgain.waitFor((e) => e.type === 'hosting', 20_000);
    const at = (again.addresses as string[]).find((a) => a.startsWith('/ip4/127.0.0.1/'))!;
    const joins = bot(['join', at, '--resume', gameId], joiner);
    const resumed = await Promise.all([hostAgain, joins].map((p) => p.waitFor((e) => e.type === 'resumed', 60_000)));
    expect(resumed[0]!.index).toBe(resumed[1]!.index);
    const winners = await Promise.all([hostAgain, joins].map((p) => p.waitFor((e) => e.type === 'winner', 180_000)));
    expect(winners[0]!.player).toBe(winners[1]!.player);
    expect([1, 2]).toContain(winners[0]!.player);
    expect(await Promise.all([hostAgain.exit, joins.exit])).toEqual([0, 0]);
    for (const who of ['Jo', 'Kim']) {
      const game = storedGame(who);
      expect(game.status).toBe('finished');
      expect(game.winner).toBe(winners[0]!.player);
    }
  }, 400_000);
});
