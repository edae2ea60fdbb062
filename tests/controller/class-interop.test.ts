// Our cs3099 peers (`risk bot --profile cs3099`, host and client) against the test class peer
// (tests/support/class-peer.ts) over 127.0.0.1, as each of the two 2015 class implementations
// behaves: every game must end cleanly on every side — the same winner, our peer exits 0 and lets go
// of its connection, its record audits clean as `risk verify --lenient` does, no stall, no hang, no
// expulsion — in games of two, and of three and four players mixing our peers and class peers.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ClassMatchOptions, type ClassMatchResult, playAgainstClassPeer } from '../support/against-class-peer.js';
import { type ClassQuirks, JAVA_2015_QUIRKS, NO_QUIRKS, SECOND_2015_QUIRKS } from '../support/class-peer.js';
import { type MixedGameResult, playMixedGame, type SeatKind } from '../support/mixed-class-game.js';

/**
 * Issue 12: the star session finishes against the recorded 2015 class implementation (the winner's
 * turn-ending fortify, the card-draw quirk followed once detected, our client closing its
 * connection). Kept as a switch so the suite can be parked if a change breaks it again.
 */
const STAR_SESSION_FINISHES_AGAINST_CLASS_QUIRKS = true;

const GAMES_PER_ROLE = 20;
const AT_ONCE = 4;

const records = mkdtempSync(join(tmpdir(), 'risk-class-interop-'));
afterAll(() => rmSync(records, { recursive: true, force: true }));

const problems = (results: readonly ClassMatchResult[]) =>
  results.map((r, i) => `game ${i + 1}: ${r.ending}: ${r.summary}`).filter((line) => !line.includes(': clean:'));

/** Games with seeds 1…games, a few at a time: each spends most of its time waiting, and each has its own sockets. */
async function games(games: number, play: (seed: number) => Promise<ClassMatchResult>): Promise<ClassMatchResult[]> {
  const results: ClassMatchResult[] = [];
  for (let first = 1; first <= games; first += AT_ONCE) {
    const seeds = Array.from({ length: Math.min(AT_ONCE, games - first + 1) }, (_, i) => first + i);
    results.push(...(await Promise.all(seeds.map(play))));
  }
  return results;
}

/** One game of our peer in `ourRole` against a class peer; records of ours go to a folder per kind of class peer. */
const match =
  (ourRole: 'host' | 'client', quirks: Partial<ClassQuirks>, extra: Partial<ClassMatchOptions> = {}) =>
  (seed: number) => {
    const kind = quirks === JAVA_2015_QUIRKS ? 'java' : quirks === SECOND_2015_QUIRKS ? 'second' : 'other';
    const recordDir = join(records, kind);
    mkdirSync(recordDir, { recursive: true });
    return playAgainstClassPeer({ ourRole, seed, quirks, recordDir, ...extra });
  };

/** The tables of the mixed games: who plays each seat, seat 0 hosting. */
const tables: SeatKind[][] = [
  ['ours', 'class', 'ours'],
  ['class', 'ours', 'class'],
  ['ours', 'class', 'ours', 'class'],
  ['class', 'ours', 'class', 'ours'],
];

/**
 * Games of 3 and 4 players mixing our peers and class peers, two seeds per table, a seed's tables
 * at once (each peer of ours listens for SIGINT and SIGTERM: at most 10 at a time, Node's warning).
 */
async function mixedGames(quirks: ClassQuirks) {
  const played: [string, MixedGameResult][] = [];
  for (const seed of [1, 2])
    played.push(
      ...(await Promise.all(
        tables.map((seats) =>
          playMixedGame({ seats, seed, quirks, recordDir: records }).then((result): [string, MixedGameResult] => [
            `${seats.join(',')} (seed ${seed})`,
            result,
          ]),
        ),
      )),
    );
  expect(played.flatMap(([table, r]) => r.problems.map((p) => `${table}: ${p}`))).toEqual([]);
  for (const [, r] of played) {
    expect(r.winner).not.toBeNull();
    for (const o of r.ours) expect(o.audit).toMatchObject({ violations: [], winner: r.winner });
  }
  // Trades by our peers under host and client roles, so the card-bonus reading was put to work.
  expect(played.some(([, r]) => r.ours.some((o) => (o.audit?.cardBonus.length ?? 0) > 0))).toBe(true);
}

// The order matters: a joiner of ours remembers, for the rest of the process, the dialect a host
// address answered in, and a port freed by a host that answered wrapped lines may come back for a
// host that reads only bare ones. So the games against hosts that read only bare lines come first.
(STAR_SESSION_FINISHES_AGAINST_CLASS_QUIRKS ? describe : describe.todo)(
  'our cs3099 peers against the recorded 2015 class implementation, quirks and all (issue 12)',
  () => {
    it.each(['host', 'client'] as const)(
      `our %s finishes ${GAMES_PER_ROLE} games: no stall, hang or expulsion; every record audits clean`,
      async (ourRole) => {
        const results = await games(GAMES_PER_ROLE, match(ourRole, JAVA_2015_QUIRKS));
        expect(problems(results)).toEqual([]);
        expect(results.reduce((n, r) => n + r.stalls + r.hangs + r.expulsions, 0)).toBe(0);
        for (const r of results) expect(r.ours.audit).toMatchObject({ violations: [], winner: r.theirs.winner });
        // The quirk must have come into play, or these games prove nothing about it.
        expect(results.some((r) => r.theirs.quirkDraws.length > 0)).toBe(true);
        // So must trades the two card-bonus readings tell apart: played by this peer's reading.
        const readings = results.flatMap((r) => r.ours.audit!.cardBonus.map((b) => b.reading));
        expect(readings.length).toBeGreaterThan(0);
        expect(new Set(readings)).toEqual(new Set(['pool']));
      },
      GAMES_PER_ROLE * 3 * 60_000,
    );
  },
);

describe('games of 3 and 4 players mixing our peers and class peers of the recorded 2015 implementation', () => {
  it(
    'every seat ends with one agreed winner and every record of ours audits clean',
    () => mixedGames(JAVA_2015_QUIRKS),
    10 * 60_000,
  );
});

describe('our cs3099 peers against a well-behaved class peer (no quirks)', () => {
  it.each(['host', 'client'] as const)(
    'our %s finishes every game cleanly',
    async (ourRole) => {
      const results = await games(3, match(ourRole, NO_QUIRKS));
      expect(problems(results)).toEqual([]);
      for (const r of results) {
        expect(r.ours.exitCode).toBe(0);
        expect(r.ours.winner).toBe(r.theirs.winner);
      }
    },
    6 * 60_000,
  );

  it.each(['host', 'client'] as const)(
    'our %s finishes against a peer speaking the wrapped {"message": …} dialect',
    async (ourRole) => {
      const results = await games(2, match(ourRole, { ...NO_QUIRKS, wrapLines: true }));
      expect(problems(results)).toEqual([]);
    },
    4 * 60_000,
  );
});

describe('our host facing a client that reads only the wrapped dialect (issue 12)', () => {
  it(
    'our host answers a client that wants the envelope in its dialect, lobby and game',
    async () => {
      const quirks = { ...NO_QUIRKS, wrapLines: true, wrappedLinesOnly: true };
      const results = await games(3, match('host', quirks));
      expect(problems(results)).toEqual([]);
      for (const r of results) {
        // Every line our host sent it was wrapped (a bare one would have killed its reader).
        const received = r.lines.filter((l) => l.dir === 'in');
        expect(received.length).toBeGreaterThan(100);
        expect(received.every((l) => l.raw.startsWith('{"message":"{'))).toBe(true);
      }
    },
    10 * 60_000,
  );
});

describe('games of 3 and 4 players mixing our peers and class peers of the second 2015 implementation', () => {
  it(
    'every seat ends with one agreed winner and every record of ours audits clean',
    () => mixedGames(SECOND_2015_QUIRKS),
    10 * 60_000,
  );
});

describe('our cs3099 peers against the second 2015 class implementation (interop-ac-*: wrapped lines only, the rulebook’s card bonus)', () => {
  it.each(['host', 'client'] as const)(
    `our %s finishes ${GAMES_PER_ROLE} games: no stall, hang or expulsion; every record audits clean`,
    async (ourRole) => {
      const results = await games(GAMES_PER_ROLE, match(ourRole, SECOND_2015_QUIRKS));
      expect(problems(results)).toEqual([]);
      expect(results.reduce((n, r) => n + r.stalls + r.hangs + r.expulsions, 0)).toBe(0);
      for (const r of results) expect(r.ours.audit).toMatchObject({ violations: [], winner: r.theirs.winner });
      // Trades the two readings tell apart came up, and went by this peer's reading.
      const readings = results.flatMap((r) => r.ours.audit!.cardBonus.map((b) => b.reading));
      expect(readings.length).toBeGreaterThan(0);
      expect(new Set(readings)).toEqual(new Set(['rulebook']));
      // Its host closes on our bare join_game: every time, our joiner offered the wrapped one next.
      if (ourRole === 'client')
        for (const r of results) {
          const joins = r.lines.filter((l) => l.dir === 'in' && l.raw.includes('join_game'));
          expect(joins.map((l) => l.raw.startsWith('{"message":'))).toEqual([false, true]);
        }
    },
    GAMES_PER_ROLE * 3 * 60_000,
  );
});
