// Rejoin of a resumed session, end to end on 127.0.0.1: three `risk bot --store` processes (each its
// own database, --key and record) play a native game and are all killed (SIGKILL); they resume it
// (`--resume`), and one of them is killed again mid-game in the resumed session and takes its seat
// back with `--rejoin GAME --store` at the addresses its store keeps from the resumed lobby. The
// others send it their records of the resumed session, which it checks from the resume point, and
// all three finish on one winner; every record audits as a chain from the first session's (Jo's
// resumed session only in its store: it runs with --no-record and answers the rejoin from there).
// Kim's `rejoin` tells the others where it listens now, and their stores keep that.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/audit/verify-chain.js';
import { parseTranscript, type TranscriptLine } from '../../src/protocol/transcript.js';
import { networkGameId, sessionsOf } from '../../src/store/network-games.js';
import type { StoredGame } from '../../src/store/store.js';
import { type BotProcess, killBots, storedBot } from '../support/bot-process.js';
import { botGameIn, openStore, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => {
  killBots();
  tmp.remove();
});

// Long enough for a process to start again before the others' votes complete.
const TIMEOUTS = ['--ack-timeout', '20', '--move-timeout', '40'];

/** `risk bot` as `who` (its own database and key), recording to `who`-`part`.jsonl (or only in its store). */
const bot = (args: readonly string[], who: string, part: number, recordFile = true, named = true) =>
  storedBot(args, who, tmp.dir, {
    seed: who.length + part,
    named,
    ...(recordFile ? { record: `${who}-${part}.jsonl` } : {}),
  });

const loopback = (hosting: Record<string, unknown>) =>
  (hosting.addresses as string[]).find((a) => a.startsWith('/ip4/127.0.0.1/'))!;

const transcript = (file: string) => {
  const parsed = parseTranscript(readFileSync(join(tmp.dir, file), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.lines;
};

/** `look` at the game as `who`'s database stores it (seat `seat`). */
function storedGame<T>(who: string, seat: number, look: (game: StoredGame) => T): T {
  const store = openStore(join(tmp.dir, `${who}.db`));
  try {
    const game = botGameIn(store);
    expect(game.me).toBe(seat);
    return look(game);
  } finally {
    store.close();
  }
}

/** The record of the last session `who`'s store keeps of game `id`, as `risk verify` reads one. */
function storedSession(who: string, id: number): TranscriptLine[] {
  const store = openStore(join(tmp.dir, `${who}.db`));
  try {
    const session = sessionsOf(store.lines(id)).at(-1) ?? [];
    return session.map((l, i) => ({
      line: i + 1,
      t: l.t,
      conn: l.conn,
      dir: l.dir as TranscriptLine['dir'],
      raw: l.raw,
    }));
  } finally {
    store.close();
  }
}

const explain = (peers: readonly BotProcess[]) =>
  peers.map((p) => `${p.stderr}${JSON.stringify(p.events.filter((e) => e.type !== 'battle').slice(-6))}`).join('\n');

describe('rejoin a resumed session', () => {
  it('a peer killed in the resumed session comes back from its store; all three finish on one winner', async () => {
    const hana = bot(['host', '--port', '0', '--players', '3', ...TIMEOUTS], 'Hana', 1);
    const address = loopback(await hana.waitFor((e) => e.type === 'hosting', 30_000));
    const jo = bot(['join', address, '--port', '0'], 'Jo', 1);
    await hana.waitFor((e) => e.type === 'joined' && e.player === 1, 30_000);
    const kim = bot(['join', address, '--port', '0'], 'Kim', 1);
    const stored = await kim.waitFor((e) => e.type === 'store', 60_000);
    const gameId = networkGameId(stored.uid as string);
    await hana.waitFor((e) => e.type === 'turn_started' && (e.turn as number) >= 3, 60_000);
    for (const p of [hana, jo, kim]) p.child.kill('SIGKILL');
    await Promise.all([hana.exit, jo.exit, kim.exit]);

    // Every machine came back: the game is resumed in a new session.
    const resume = ['--resume', gameId];
    const hana2 = bot(['host', '--port', '0', '--players', '3', ...resume, ...TIMEOUTS], 'Hana', 2);
    const again = loopback(await hana2.waitFor((e) => e.type === 'hosting', 30_000));
    // Jo keeps no record file this time: it answers Kim's rejoin from its store's record of the session.
    // Each joiner names the game as `risk history` shows it: Jo by its number there (its own database
    // holds this game only), Kim by its stored id with its seat (-p2); the offer names it by the id.
    // Jo comes back without --name: under the name its seat played with, not its kind's.
    const jo2 = bot(['join', again, '--port', '0', '--resume', '1'], 'Jo', 2, false, false);
    const joJoined = await hana2.waitFor((e) => e.type === 'joined' && e.player === 1, 30_000);
    expect(joJoined.name).toBe('Jo');
    const kim2 = bot(['join', again, '--port', '0', '--resume', stored.uid as string], 'Kim', 2);
    const resumed = await kim2
      .waitFor((e) => e.type === 'resumed', 60_000)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n${explain([hana2, jo2, kim2])}`);
      });
    // Kim drops out of the resumed session a few moves later.
    const turns = () => kim2.events.filter((e) => e.type === 'turn_started').length;
    await expect.poll(turns, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    kim2.child.kill('SIGKILL');
    await kim2.exit;

    // No addresses given: the ones its store keeps from the resumed lobby.
    const kim3 = bot(['join', '--rejoin', `${gameId}-p2`, '--port', '0'], 'Kim', 3);
    const peers = [hana2, jo2, kim3];
    const codes = await Promise.all(peers.map((p) => p.exit));
    expect(codes, explain(peers)).toEqual([0, 0, 0]);
    const winners = peers.map((p) => p.events.find((e) => e.type === 'winner')?.player);
    expect(winners[0]).toBeDefined();
    expect(new Set(winners).size).toBe(1);
    for (const p of peers) expect(p.events.some((e) => e.type === 'neutral' && e.player === 2)).toBe(false);
    // Both others sent a record that checks out (Jo's from its store): nothing is said against either.
    const said = kim3.events.filter((e) => e.type === 'rejoin').map((e) => e.text as string);
    expect(said.filter((text) => /took .* history/.test(text))).toHaveLength(1);
    expect(said.filter((text) => !/took .* history/.test(text))).toEqual([]);

    // Each survivor's records audit as one chain; Kim's rejoined record goes on from its first one.
    const joStored = storedGame('Jo', 1, (game) => game.id);
    const joSession = storedSession('Jo', joStored);
    for (const [first, later] of [
      ['Hana-1.jsonl', transcript('Hana-2.jsonl')],
      ['Jo-1.jsonl', joSession],
      ['Kim-1.jsonl', transcript('Kim-3.jsonl')],
    ] as const) {
      const reports = verifyChain([transcript(first), later]);
      expect(reports[1]!.violations, first).toEqual([]);
      expect(reports[1]!.state?.winner, first).toBe(winners[0]);
    }
    expect(hana2.events.some((e) => e.type === 'relinked' && e.player === 2)).toBe(true);
    expect(jo2.events.some((e) => e.type === 'relinked' && e.player === 2)).toBe(true);
    // Kim's store went on with the resumed session's game to its end.
    const kimAt = storedGame('Kim', 2, (game) => {
      expect([game.status, game.winner, game.session !== null]).toEqual(['finished', winners[0], true]);
      return game.players[2]!.addresses;
    });
    expect(resumed.index).toBeGreaterThan(0);
    // Kim's rejoin told the others where it listens now: their stores keep it.
    expect(kimAt?.length).toBeGreaterThan(0);
    expect(storedGame('Hana', 0, (game) => game.players[2]!.addresses)).toEqual(kimAt);
    expect(storedGame('Jo', 1, (game) => game.players[2]!.addresses)).toEqual(kimAt);
  }, 300_000);
});
