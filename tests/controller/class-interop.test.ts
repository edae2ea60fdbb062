// Our cs3099 peers (`risk bot --profile cs3099`, host and client) against the test class peer
// (tests/support/class-peer.ts) over 127.0.0.1: every game must end cleanly on both sides — the
// same winner, our peer exits 0 and lets go of its connection, no stall, no hang, no expulsion.
import { describe, expect, it } from 'vitest';
import { type ClassMatchResult, playAgainstClassPeer } from '../support/against-class-peer.js';
import { JAVA_2015_QUIRKS, NO_QUIRKS } from '../support/class-peer.js';

/**
 * Issue 12: the star session finishes against the recorded 2015 class implementation (the winner's
 * turn-ending fortify, the card-draw quirk followed once detected, our client closing its
 * connection). Kept as a switch so the suite can be parked if a change breaks it again.
 */
const STAR_SESSION_FINISHES_AGAINST_CLASS_QUIRKS = true;

const GAMES_PER_ROLE = 20;
const AT_ONCE = 4;

const problems = (results: readonly ClassMatchResult[]) =>
  results.map((r, i) => `game ${i + 1}: ${r.ending}: ${r.summary}`).filter((line) => !line.includes(': clean:'));

describe('our cs3099 peers against a well-behaved class peer (no quirks)', () => {
  it.each(['host', 'client'] as const)(
    'our %s finishes every game cleanly',
    async (ourRole) => {
      const results: ClassMatchResult[] = [];
      for (let seed = 1; seed <= 3; seed++)
        results.push(await playAgainstClassPeer({ ourRole, seed, quirks: NO_QUIRKS }));
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
      const results: ClassMatchResult[] = [];
      for (let seed = 1; seed <= 2; seed++)
        results.push(await playAgainstClassPeer({ ourRole, seed, quirks: { ...NO_QUIRKS, wrapLines: true } }));
      expect(problems(results)).toEqual([]);
    },
    4 * 60_000,
  );
});

(STAR_SESSION_FINISHES_AGAINST_CLASS_QUIRKS ? describe : describe.todo)(
  'our cs3099 peers against the recorded 2015 class implementation, quirks and all (issue 12)',
  () => {
    it.each(['host', 'client'] as const)(
      `our %s finishes ${GAMES_PER_ROLE} games: no stall, hang or expulsion`,
      async (ourRole) => {
        // A few games at a time: each spends most of its time waiting (the recorded host waits out
        // its whole acknowledgement timeout before it starts), and each has its own sockets.
        const results: ClassMatchResult[] = [];
        for (let first = 1; first <= GAMES_PER_ROLE; first += AT_ONCE) {
          const seeds = Array.from({ length: Math.min(AT_ONCE, GAMES_PER_ROLE - first + 1) }, (_, i) => first + i);
          results.push(
            ...(await Promise.all(
              seeds.map((seed) => playAgainstClassPeer({ ourRole, seed, quirks: JAVA_2015_QUIRKS })),
            )),
          );
        }
        expect(problems(results)).toEqual([]);
        expect(results.reduce((n, r) => n + r.stalls + r.hangs + r.expulsions, 0)).toBe(0);
        // The quirk must have come into play, or these games prove nothing about it.
        expect(results.some((r) => r.theirs.quirkDraws.length > 0)).toBe(true);
      },
      GAMES_PER_ROLE * 3 * 60_000,
    );
  },
);

describe('our host facing a client that reads only the wrapped dialect (issue 12)', () => {
  it(
    'our host answers a client that wants the envelope in its dialect, lobby and game',
    async () => {
      const results: ClassMatchResult[] = [];
      const quirks = { ...NO_QUIRKS, wrapLines: true, wrappedLinesOnly: true };
      for (let seed = 1; seed <= 3; seed++) results.push(await playAgainstClassPeer({ ourRole: 'host', seed, quirks }));
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
