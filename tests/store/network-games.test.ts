// Stored networked games and what they offer: the players' dial addresses kept with a game
// (migration 5, and a version 4 database that still opens), which games can be resumed or rejoined
// and why not, a rejoin that dials the stored addresses, and the kept keys the menu rejoins with.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPair } from '@libp2p/crypto/keys';
import type { PrivateKey } from '@libp2p/interface';
import { peerIdFromPrivateKey } from '@libp2p/peer-id';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runExport } from '../../src/cli/export.js';
import { realLauncher } from '../../src/cli/launcher.js';
import { featuresFrom, NATIVE_FEATURES } from '../../src/core/contract.js';
import { keepKey, keyFor } from '../../src/net/identity.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import type { Rules } from '../../src/protocol/rules.js';
import { dialOthers, keepAddresses, rejoinFromStore } from '../../src/sessions/rejoin-net.js';
import { riscRejoinFromStore } from '../../src/sessions/risc-rejoin.js';
import { exportTranscript } from '../../src/store/export.js';
import { pruneKeptKeys } from '../../src/store/kept-keys.js';
import { chancesOf, networkGameId, sessionsOf } from '../../src/store/network-games.js';
import { storeRecorder, storeSession } from '../../src/store/recorder.js';
import { storeRisc } from '../../src/store/risc-games.js';
import { migrate, SCHEMA_VERSION } from '../../src/store/schema.js';
import { sqlite } from '../../src/store/sqlite.js';
import type { GameStore } from '../../src/store/store.js';
import { capture, menuOptions, openStore, savedGamesOf, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.remove());

const features = featuresFrom([...NATIVE_FEATURES]);
const peerIdOf = (key: PrivateKey) => peerIdFromPrivateKey(key as never).toString();

async function keys(n: number): Promise<PrivateKey[]> {
  return Promise.all(Array.from({ length: n }, () => generateKeyPair('Ed25519')));
}

/** A networked game as a peer stores it when it starts, with the session's header note. */
function storeNetworkGame(
  store: GameStore,
  options: {
    gameId: string;
    me: number;
    peerIds: readonly string[];
    addresses?: readonly (readonly string[])[];
    kind?: 'network' | 'bot' | 'cs3099';
    rules?: Rules;
    header?: boolean;
  },
) {
  const stored = storeSession(store, {
    kind: options.kind ?? 'network',
    ...(options.kind === 'cs3099' ? { profile: 'cs3099' as const } : {}),
    gameId: options.gameId,
    me: options.me,
    features,
    ...(options.rules ? { rules: options.rules } : {}),
    players: options.peerIds.map((peerId, i) => ({
      name: `P${i}`,
      peerId,
      ...(options.addresses?.[i] ? { addresses: options.addresses[i] } : {}),
    })),
  });
  if (options.header !== false)
    stored.recorder.note({
      me: options.me,
      profile: 'native',
      gameId: options.gameId,
      features: [...NATIVE_FEATURES],
      rules: options.rules ?? {},
      players: options.peerIds.map((peerId, id) => ({ id, name: `P${id}`, peerId })),
      ackTimeoutMs: 20_000,
      moveTimeoutMs: 40_000,
    });
  return stored;
}

describe("the players' addresses in the store", () => {
  it('are kept with a networked game as it starts, one list per seat', async () => {
    const store = openStore(join(tmp.dir, 'risk.db'));
    try {
      const ids = (await keys(2)).map(peerIdOf);
      const addresses = [[`/ip4/10.0.0.1/tcp/7475/p2p/${ids[0]}`, `/ip4/127.0.0.1/tcp/7475/p2p/${ids[0]}`], []];
      const stored = storeNetworkGame(store, { gameId: 'g', me: 1, peerIds: ids, addresses });
      const found = store.find(stored.handle.uid);
      if (!found.ok) throw new Error(found.reason);
      expect(found.game.players.map((p) => p.addresses)).toEqual(addresses);
      expect(found.game.me).toBe(1);
      expect(found.game.session).toBeNull();
      // A resume moves the game to a new session, with the addresses its new lobby gave.
      store.markResumed(found.game.id, 'g-again', [['/ip4/10.0.0.1/tcp/7476'], ['/ip4/10.0.0.2/tcp/9']]);
      const again = store.find(stored.handle.uid);
      if (!again.ok) throw new Error(again.reason);
      expect(again.game.session).toBe('g-again');
      expect(again.game.players.map((p) => p.addresses)).toEqual([['/ip4/10.0.0.1/tcp/7476'], ['/ip4/10.0.0.2/tcp/9']]);
    } finally {
      store.close();
    }
  });

  it('migration 5 opens a version 4 database: its networked game is there, without addresses, and still offers a rejoin', async () => {
    const path = join(tmp.dir, 'old.db');
    const db = new (sqlite().DatabaseSync)(path);
    db.exec(readFileSync(new URL('../fixtures/store-v1.sql', import.meta.url), 'utf8'));
    expect(migrate(db, 4)).toEqual({ ok: true, from: 1, to: 4 });
    const ids = (await keys(2)).map(peerIdOf);
    // What version 4 kept of a native networked game this peer dropped out of: the row, the players with
    // their keys, the header note of its record (no addresses, no session).
    const header = { me: 1, profile: 'native', gameId: 'old', features: [...NATIVE_FEATURES], rules: {} };
    db.exec(`INSERT INTO games (id, uid, kind, profile, started_at, me) VALUES (10, 'old-p1', 'network', 'native', '2026-11-01', 1);
      INSERT INTO players (game_id, seat, name, peer_id) VALUES (10, 0, 'Hana', '${ids[0]}'), (10, 1, 'Jo', '${ids[1]}');
      INSERT INTO lines (game_id, seq, t, dir, conn, raw) VALUES (10, 0, 0, 'note', -1, '${JSON.stringify(header)}');`);
    db.close();
    const store = openStore(path);
    try {
      expect(store.schemaVersion).toBe(SCHEMA_VERSION);
      expect(store.keepsAddresses).toBe(true);
      const old = store.games({ kinds: ['network'] });
      expect(old.map((g) => [g.uid, g.players.map((p) => p.addresses), g.session])).toEqual([
        ['old-p1', [null, null], null],
      ]);
      expect(chancesOf(store, old[0]!)).toEqual({ resume: null, rejoin: null });
      // The local games of version 1 are still there.
      expect(store.games({ kinds: ['hotseat'] })).toHaveLength(2);
      // A game stored now keeps its addresses.
      const stored = storeNetworkGame(store, { gameId: 'new', me: 0, peerIds: ids, addresses: [['a0'], ['a1']] });
      const found = store.find(stored.handle.uid);
      expect(found.ok && found.game.players.map((p) => p.addresses)).toEqual([['a0'], ['a1']]);
    } finally {
      store.close();
    }
  });
});

describe('what a stored networked game offers', () => {
  it('says why a game cannot be resumed or rejoined', async () => {
    const store = openStore(':memory:');
    try {
      const ids = (await keys(3)).map(peerIdOf);
      const chances = (uid: string) => {
        const game = store.games().find((g) => g.uid === uid)!;
        return chancesOf(store, game);
      };
      storeNetworkGame(store, { gameId: 'fine', me: 1, peerIds: ids });
      expect(chances('fine-p1')).toEqual({ resume: null, rejoin: null });

      storeNetworkGame(store, { gameId: 'class', me: 1, peerIds: ['', '', ''], kind: 'cs3099', header: false });
      expect(chances('class-p1').resume).toMatch(/cs3099 game: the class protocol has no way to resume or rejoin/);

      // A Capital game's capitals are public once revealed: the stored steps hold them.
      storeNetworkGame(store, { gameId: 'capital', me: 0, peerIds: ids, rules: { variant: 'capital' } });
      expect(chances('capital-p0')).toEqual({ resume: null, rejoin: null });
      // A Secret Mission game's deal is rebuilt from the record when it goes on (core/native/mission-deal.ts).
      storeNetworkGame(store, { gameId: 'mission', me: 0, peerIds: ids, rules: { variant: 'mission' } });
      expect(chances('mission-p0')).toEqual({ resume: null, rejoin: null });

      const over = storeNetworkGame(store, { gameId: 'over', me: 2, peerIds: ids });
      over.handle.finish({ winner: 2, turns: 30 });
      expect(chances('over-p2')).toEqual({
        resume: 'finished: there is nothing left to play',
        rejoin: 'finished: there is nothing left to play',
      });

      // A game resumed before the resumed session's record was stored: nothing to rejoin it from.
      const resumed = storeNetworkGame(store, { gameId: 'again', me: 1, peerIds: ids });
      store.markResumed(resumed.handle.id, 'again-2', [[], [], []]);
      expect(chances('again-p1')).toEqual({
        resume: null,
        rejoin:
          'it was resumed in a new session whose record is not stored here (resumed by an earlier version): it cannot be rejoined',
      });
      // Resumed now: the session's header follows the first session's record, and names what it continues.
      const later = storeNetworkGame(store, { gameId: 'later', me: 1, peerIds: ids });
      store.markResumed(later.handle.id, 'later-2', [[], [], []]);
      const resumedHeader = (gameId: string) => ({
        me: 1,
        profile: 'native',
        gameId,
        features: [...NATIVE_FEATURES],
        rules: {},
        players: ids.map((peerId, id) => ({ id, name: `P${id}`, peerId })),
        resumedFrom: { gameId: 'later', index: 9, hash: 'ab' },
      });
      later.recorder.note(resumedHeader('other-session'));
      expect(chances('later-p1').rejoin).toMatch(/resumed in a new session whose record is not stored here/);
      later.recorder.note(resumedHeader('later-2'));
      expect(chances('later-p1')).toEqual({ resume: null, rejoin: null });

      storeNetworkGame(store, { gameId: 'bare', me: 1, peerIds: ids, header: false });
      expect(chances('bare-p1').rejoin).toMatch(/record header .* is not stored/);

      storeNetworkGame(store, { gameId: 'keyless', me: 1, peerIds: [ids[0]!, '', ids[2]!] });
      expect(chances('keyless-p1').resume).toBe('a player’s key is not stored');
      expect(networkGameId('abc123-p4')).toBe('abc123');
    } finally {
      store.close();
    }
  });
});

describe('a resumed game in the store', () => {
  it("keeps each session's record after the one before; export writes the first session's, or the one asked for", async () => {
    const dir = tempDir();
    const db = join(dir.dir, 'risk.db');
    const store = openStore(db);
    try {
      const ids = (await keys(2)).map(peerIdOf);
      const stored = storeNetworkGame(store, { gameId: 'g', me: 1, peerIds: ids });
      stored.recorder.incoming(0, 'first-in');
      stored.recorder.note({ secret: 'ab' });
      store.markResumed(stored.handle.id, 'g-2', [[], []]);
      stored.recorder.note({
        me: 1,
        profile: 'native',
        gameId: 'g-2',
        features: [...NATIVE_FEATURES],
        players: [],
        resumedFrom: { gameId: 'g', index: 3, hash: 'ab' },
      });
      stored.recorder.outgoing('second-out');
      const lines = store.lines(stored.handle.id);
      expect(sessionsOf(lines).map((session) => session.map((l) => l.dir))).toEqual([
        ['note', 'in', 'note'],
        ['note', 'out'],
      ]);
      const found = store.find('g-p1');
      if (!found.ok) throw new Error(found.reason);
      const exported = exportTranscript(found.game, lines);
      expect(
        exported.ok &&
          exported.text
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l).raw),
      ).toEqual([lines[0]!.raw, 'first-in', '{"secret":"ab"}']);
      // The resumed session's record is exported on its own (it used to be out of reach of risk export).
      expect(exported).toMatchObject({ sessions: 2 });
      const second = exportTranscript(found.game, lines, 2);
      expect(
        second.ok &&
          second.text
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l).raw),
      ).toEqual([lines[3]!.raw, 'second-out']);
      expect(exportTranscript(found.game, lines, 3)).toEqual({
        ok: false,
        reason: `game ${found.game.id} has 2 sessions: there is no session 3`,
      });
      // risk export says which session it wrote, and how to get the next.
      const c = capture();
      expect(runExport(['g-p1', '--db', db], c.io)).toBe(0);
      expect(c.err()).toBe(
        `risk export: game ${found.game.id} was resumed: this is the record of its session 1 of 2 (--session 2 writes the next); risk verify FIRST SECOND… audits them in order\n`,
      );
    } finally {
      store.close();
      dir.remove();
    }
  });
});

describe('rejoin from the store', () => {
  it('dials each other seat at its stored addresses (loopback last) when none are given, and says who could not be reached', async () => {
    const store = openStore(':memory:');
    try {
      const [k0, k1, k2] = await keys(3);
      const ids = [k0!, k1!, k2!].map(peerIdOf);
      storeNetworkGame(store, {
        gameId: 'g',
        me: 1,
        peerIds: ids,
        addresses: [[`/ip4/127.0.0.1/tcp/7475/p2p/${ids[0]}`, `/ip4/192.168.1.20/tcp/7475/p2p/${ids[0]}`], [], []],
      });
      const dialed: string[] = [];
      const endpoint = {
        peerId: ids[1]!,
        privateKey: k1!,
        dial: async (address: string) => {
          dialed.push(address);
          return { ok: false as const, reason: `cannot reach ${address}: connect ECONNREFUSED` };
        },
      };
      const result = await rejoinFromStore(store, 'g-p1', endpoint, null, 1000);
      expect(dialed).toEqual([`/ip4/192.168.1.20/tcp/7475/p2p/${ids[0]}`, `/ip4/127.0.0.1/tcp/7475/p2p/${ids[0]}`]);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toContain('no other player could be reached');
        expect(result.reason).toContain('ECONNREFUSED');
        expect(result.reason).toContain('no address of P2 (player 2) is stored');
      }
      // Given addresses are dialed instead.
      dialed.length = 0;
      await rejoinFromStore(store, 'g-p1', endpoint, ['10.1.1.1:7475'], 1000);
      expect(dialed).toEqual(['10.1.1.1:7475']);
    } finally {
      store.close();
    }
  });

  // A resumed session in which player 3, neutral where it resumed, stayed away: its stored address
  // (the first lobby's) answers nothing. The seats are dialled at once, and the neutral one is not
  // waited for: the others' links are there as soon as they answer, before its dial gives up.
  it('dials the seats at once, and does not wait for a spare one (neutral where the session resumed)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = openStore(':memory:');
    try {
      const ids = (await keys(4)).map(peerIdOf);
      storeNetworkGame(store, { gameId: 'g', me: 1, peerIds: ids, addresses: ids.map((_, i) => [`10.0.0.${i}:7475`]) });
      const found = store.find('g-p1');
      if (!found.ok) throw new Error(found.reason);
      const answering = new Set(['10.0.0.0:7475', '10.0.0.2:7475']);
      const dialed: string[] = [];
      const endpoint = {
        dial: async (address: string, timeoutMs = 5000) => {
          dialed.push(address);
          const seat = Number(address.split(':')[0]!.split('.')[3]);
          if (answering.has(address)) return { ok: true as const, link: memoryLinkPair(ids[seat]!, ids[1]!)[1] };
          await new Promise((resolve) => setTimeout(resolve, timeoutMs));
          return { ok: false as const, reason: `${address}: no answer within ${timeoutMs} ms` };
        },
      };
      const players = ids.map((peerId, id) => ({ id, peerId }));
      let done: Awaited<ReturnType<typeof dialOthers>> | null = null;
      void dialOthers(found.game, 1, players, endpoint, null, 30_000, new Set([3])).then((d) => (done = d));
      await vi.advanceTimersByTimeAsync(1);
      expect(dialed).toEqual(['10.0.0.0:7475', '10.0.0.2:7475', '10.0.0.3:7475']);
      expect(done).not.toBeNull();
      expect([...done!.links.keys()].sort()).toEqual([0, 2]);
      expect(done!.problems).toEqual([]);
      // Not spare, the silent seat is waited for, and named.
      done = null;
      void dialOthers(found.game, 1, players, endpoint, null, 30_000).then((d) => (done = d));
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBeNull();
      await vi.advanceTimersByTimeAsync(5000);
      expect(done!.problems).toEqual(['10.0.0.3:7475: no answer within 5000 ms']);
    } finally {
      store.close();
      vi.useRealTimers();
    }
  });

  it('a RISC game is rejoined (only with --game risc) and resumed once its record of signed lines is stored', async () => {
    const store = openStore(':memory:');
    try {
      const [k0, k1] = await keys(2);
      const ids = [k0!, k1!].map(peerIdOf);
      storeNetworkGame(store, { gameId: 'classic', me: 1, peerIds: ids });
      const risc = storeRisc(store, {
        kind: 'bot',
        uid: 'risc-p1',
        me: 1,
        players: ids.map((peerId, i) => ({ name: `P${i}`, peerId })),
      });
      if (!risc.ok) throw new Error(risc.reason);
      const game = (uid: string) => store.games().find((g) => g.uid === uid)!;
      // Stored by an earlier version: its RISC record only, no record of signed lines to rejoin from.
      expect(chancesOf(store, game('risc-p1'))).toEqual({
        resume: 'its record of signed lines (session id, terms) is not stored',
        rejoin: 'the record header (session id, features, timeouts) is not stored',
      });
      const header = (gameId: string) => ({
        me: 1,
        profile: 'native',
        gameId,
        features: ['signed_messages'],
        rules: {},
        players: ids.map((peerId, id) => ({ id, name: `P${id}`, peerId })),
        ackTimeoutMs: 20_000,
        moveTimeoutMs: 40_000,
        risc: { startUnits: 30, turnLimit: null },
      });
      storeRecorder(risc.stored.handle).note(header('risc'));
      expect(chancesOf(store, game('risc-p1'))).toEqual({ resume: null, rejoin: null });
      // Resumed in a new session: resumed again once every player stopped, or rejoined in that session.
      store.markResumed(risc.stored.handle.id, 'risc.r1', [[], []]);
      storeRecorder(risc.stored.handle).note({
        ...header('risc.r1'),
        resumedFrom: { gameId: 'risc', index: 3, hash: 'ab'.repeat(32) },
      });
      expect(chancesOf(store, game('risc-p1'))).toEqual({ resume: null, rejoin: null });
      const dial = async () => ({ ok: false as const, reason: 'not dialed' });
      const endpoint = { peerId: ids[1]!, privateKey: k1!, dial };
      expect(await rejoinFromStore(store, 'risc-p1', endpoint, null, 1000)).toEqual({
        ok: false,
        reason: 'game risc-p1 is a RISC game: take its seat back with --game risc',
      });
      expect(await riscRejoinFromStore(store, 'classic-p1', endpoint, null, 1000)).toEqual({
        ok: false,
        reason: 'game classic-p1 is not a RISC game: leave out --game risc',
      });
    } finally {
      store.close();
    }
  });

  it('once back, keeps where this player listens now and the address each other player answered at', async () => {
    const store = openStore(':memory:');
    try {
      const ids = (await keys(3)).map(peerIdOf);
      const at = (host: string, port: number, id: string) => `/ip4/${host}/tcp/${port}/p2p/${id}`;
      const first = [[at('10.0.0.1', 7475, ids[0]!)], [at('10.0.0.2', 7001, ids[1]!)], [at('10.0.0.3', 7002, ids[2]!)]];
      const stored = storeNetworkGame(store, { gameId: 'moved', me: 1, peerIds: ids, addresses: first });
      const game = () => {
        const found = store.find('moved-p1');
        if (!found.ok) throw new Error(found.reason);
        return found.game;
      };
      // Player 0 answered at its stored address; player 2 at one given on the command line.
      keepAddresses(
        store,
        game(),
        1,
        [at('10.0.0.2', 40_001, ids[1]!)],
        new Map([
          [0, first[0]![0]!],
          [2, '10.0.0.9:7002'],
        ]),
      );
      expect(game().players.map((p) => p.addresses)).toEqual([
        first[0],
        [at('10.0.0.2', 40_001, ids[1]!)],
        ['10.0.0.9:7002', ...first[2]!],
      ]);
      expect(stored.handle.id).toBe(game().id);
    } finally {
      store.close();
    }
  });

  it('refuses a game it cannot rejoin before dialing anyone, saying why', async () => {
    const store = openStore(':memory:');
    try {
      const [k0, k1] = await keys(2);
      const ids = [k0!, k1!].map(peerIdOf);
      const stored = storeNetworkGame(store, { gameId: 'r', me: 1, peerIds: ids, addresses: [['x'], ['y']] });
      store.markResumed(stored.handle.id, 'r-2', [['x'], ['y']]);
      let dials = 0;
      const result = await rejoinFromStore(
        store,
        'r-p1',
        {
          peerId: ids[1]!,
          privateKey: k1!,
          dial: async () => {
            dials++;
            return { ok: false, reason: 'no' };
          },
        },
        null,
        1000,
      );
      expect(result).toEqual({
        ok: false,
        reason:
          'game r-p1 cannot be rejoined: it was resumed in a new session whose record is not stored here (resumed by an earlier version): it cannot be rejoined',
      });
      expect(dials).toBe(0);
    } finally {
      store.close();
    }
  });
});

describe('kept keys', () => {
  it("finds a game's key where the menu kept it, or says to give --key", async () => {
    const [key, other] = await keys(2);
    const dir = join(tmp.dir, 'keys');
    const kept = keepKey(dir, key!);
    expect(kept.ok).toBe(true);
    const found = await keyFor(peerIdOf(key!), dir, undefined);
    expect(found.ok && peerIdOf(found.key)).toBe(peerIdOf(key!));
    const missing = await keyFor(peerIdOf(other!), dir, undefined);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.reason).toMatch(/is not kept here.*--key FILE/);
    // A --key file of that peer is taken too.
    const written = keepKey(tmp.dir, other!);
    if (!written.ok) throw new Error(written.reason);
    const given = await keyFor(peerIdOf(other!), null, written.path);
    expect(given.ok && peerIdOf(given.key)).toBe(peerIdOf(other!));
  });

  it('are removed once no stored game played with them can go on: when a game finishes, and when the menu opens the store', async () => {
    const path = join(tmp.dir, 'risk.db');
    const dir = join(tmp.dir, 'keys');
    const [done, running, mission, shared, stranger, given] = await keys(6);
    for (const key of [done, running, mission, shared, stranger, given]) expect(keepKey(dir, key!).ok).toBe(true);
    const file = (key: PrivateKey | undefined) => `${peerIdOf(key!)}.key`;
    const others = (await keys(1)).map(peerIdOf);
    const store = openStore(path);
    const game = (gameId: string, mine: PrivateKey | undefined, rules?: Rules) =>
      storeNetworkGame(store, { gameId, me: 1, peerIds: [others[0]!, peerIdOf(mine!)], ...(rules ? { rules } : {}) });
    game('done', done).handle.finish({ winner: 0, turns: 9 });
    const goesOn = game('running', running);
    // A Secret Mission game can go on too (its deal is rebuilt from the record): its key is needed.
    game('mission', mission, { variant: 'mission' });
    // One key, two games: one over, one that can still be resumed.
    game('shared-1', shared).handle.finish({ winner: 0, turns: 9 });
    game('shared-2', shared).handle.finish({ winner: null, turns: 5, status: 'stopped' });
    game('given', given).handle.finish({ winner: 0, turns: 9 });
    const givenPath = join(dir, file(given));
    const pruned = pruneKeptKeys(store, givenPath);
    expect(pruned.ok && [...pruned.removed].sort()).toEqual([file(done)]);
    // The stranger's key belongs to no game here (another database in this folder may need it), and
    // --key names the given one: both stay.
    expect(readdirSync(dir).sort()).toEqual(
      [file(running), file(mission), file(shared), file(stranger), file(given)].sort(),
    );

    // The running game finishes; the menu opens the store and removes its key.
    goesOn.handle.finish({ winner: 1, turns: 30 });
    store.close();
    const menu = realLauncher(menuOptions(path, { keyPath: givenPath }));
    expect(savedGamesOf(menu).length).toBeGreaterThan(0);
    expect(readdirSync(dir).sort()).toEqual([file(shared), file(mission), file(stranger), file(given)].sort());
  });
});

describe("the menu's launcher", () => {
  it('refuses what a stored game does not allow, or a missing key, before it listens or dials', async () => {
    const path = join(tmp.dir, 'risk.db');
    const store = openStore(path);
    const ids = (await keys(2)).map(peerIdOf);
    const joined = storeNetworkGame(store, { gameId: 'g', me: 1, peerIds: ids, addresses: [['a'], ['b']] });
    const hosted = storeNetworkGame(store, { gameId: 'g', me: 0, peerIds: ids, addresses: [['a'], ['b']] });
    const mission = storeNetworkGame(store, { gameId: 'c', me: 1, peerIds: ids, rules: { variant: 'mission' } });
    store.close();
    const menu = realLauncher(menuOptions(path));
    expect(savedGamesOf(menu).map((g) => [g.id, g.network?.me, g.network?.resume, g.network?.hostAddresses])).toEqual([
      [mission.handle.id, 1, null, []],
      [hosted.handle.id, 0, null, ['a']],
      [joined.handle.id, 1, null, ['a']],
    ]);
    expect(await menu.resumeNetworkGame!({ id: joined.handle.id, host: true }, () => {})).toEqual({
      ok: false,
      reason: `game #${joined.handle.id} cannot be resumed: only P0, who hosted it, can host it again: choose Join, and join them`,
    });
    expect(await menu.resumeNetworkGame!({ id: hosted.handle.id, host: false, address: 'a' }, () => {})).toEqual({
      ok: false,
      reason: `game #${hosted.handle.id} cannot be resumed: you hosted it: host it again, and the others join you`,
    });
    const keyless = await menu.rejoinNetworkGame!(joined.handle.id);
    expect(keyless.ok).toBe(false);
    if (!keyless.ok) expect(keyless.reason).toMatch(new RegExp(`key \\(${ids[1]}\\) is not kept here.*--key FILE`));
    // A Secret Mission game is no longer refused for its variant: like any other, it needs its key.
    const refused = await menu.rejoinNetworkGame!(mission.handle.id);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(new RegExp(`key \\(${ids[1]}\\) is not kept here`));
  });
});
