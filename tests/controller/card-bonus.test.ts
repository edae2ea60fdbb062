// The two readings of the territory-card bonus on the cs3099 profile (src/core/star/card-bonus.ts):
// the first class peer's +2 per card showing an occupied territory, in every trade, and the
// rulebook's +2 once a turn, which a second class implementation plays.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import { runBot } from '../../src/cli/bot.js';
import {
  occupiedShown,
  readingOf,
  readingsAgree,
  tradeUnderOtherReading,
  withReading,
} from '../../src/core/star/card-bonus.js';
import { type Action, apply, CHECK_DICE, type GameState } from '../../src/model/index.js';
import { CARD_BONUS_READINGS, CS3099_RULES } from '../../src/protocol/profiles.js';
import { parseTranscript, type TranscriptLine } from '../../src/protocol/transcript.js';
import { midGame } from '../helpers.js';

// Player 0 holds the even territories (midGame's default owner: t % 2). Cards 8 (infantry) and 0
// (artillery) show own territories; 9 (cavalry), 11 (infantry) and 3 (artillery) show player 1's.
const cardsPhase = (hand: number[], extra: Partial<GameState> = {}): GameState => ({
  ...midGame({ phase: 'cards', hands: { 0: hand }, toDeploy: 3, options: { ...CS3099_RULES } }),
  ...extra,
});
const trade = (cards: [number, number, number]): Action => ({
  command: 'play_cards',
  player: 0,
  payload: { cards: [cards] },
});
const deployDue = (state: GameState, action: Action) => {
  const result = apply(state, action, CHECK_DICE);
  if (!result.ok) throw new Error(result.reason);
  return result.state.toDeploy;
};

describe('the two card-bonus readings', () => {
  const pool = cardsPhase([8, 9, 0, 3, 11]);
  const rulebook = withReading(pool, 'rulebook');

  it('the cs3099 rules play the first class peer’s reading; either can be put on a game', () => {
    expect(readingOf(pool)).toBe('pool');
    expect(readingOf(rulebook)).toBe('rulebook');
    expect(rulebook.options).toMatchObject(CARD_BONUS_READINGS.rulebook);
    expect(withReading(rulebook, 'pool').options).toEqual(pool.options);
  });

  it('a set showing no occupied territory, or one, reads the same in both: nothing to tell apart', () => {
    for (const cards of [
      [9, 11, 3],
      [8, 9, 3],
    ] as [number, number, number][]) {
      expect(readingsAgree(pool, trade(cards))).toBe(true);
      expect(tradeUnderOtherReading(pool, trade(cards))).toBeNull();
      expect(deployDue(pool, trade(cards))).toBe(deployDue(rulebook, trade(cards)));
    }
    expect(deployDue(pool, trade([8, 9, 3]))).toBe(3 + 4 + 2);
    expect(occupiedShown(pool, trade([8, 9, 3]))).toBe(1);
  });

  it('a set showing two occupied territories: +4 to deploy in the first peer’s reading, +2 in the rulebook’s', () => {
    const both = trade([8, 9, 0]);
    expect(occupiedShown(pool, both)).toBe(2);
    expect(readingsAgree(pool, both)).toBe(false);
    expect(deployDue(pool, both)).toBe(3 + 4 + 4);
    expect(deployDue(rulebook, both)).toBe(3 + 4 + 2);
    // The other reading's game, from either side.
    expect(tradeUnderOtherReading(pool, both)!.toDeploy).toBe(3 + 4 + 2);
    expect(tradeUnderOtherReading(rulebook, both)!.toDeploy).toBe(3 + 4 + 4);
  });

  it('a turn’s second trade showing an occupied territory: +2 again in the first peer’s reading, nothing in the rulebook’s', () => {
    const again = cardsPhase([8, 9, 3], { bonusThisTurn: true });
    expect(readingsAgree(again, trade([8, 9, 3]))).toBe(false);
    expect(deployDue(again, trade([8, 9, 3]))).toBe(3 + 4 + 2);
    expect(deployDue(withReading(again, 'rulebook'), trade([8, 9, 3]))).toBe(3 + 4);
  });

  it('no trade, or one the other reading refuses, has nothing to tell apart', () => {
    const none: Action = { command: 'play_cards', player: 0, payload: null };
    const three = cardsPhase([8, 9, 0]);
    expect(readingsAgree(three, none)).toBe(true);
    expect(tradeUnderOtherReading(three, none)).toBeNull();
    // With five cards a trade is due: no trade is refused in both readings.
    expect(readingsAgree(pool, none)).toBe(false);
    // Claimed armies that only the first peer's reading yields.
    const claimed: Action = { command: 'play_cards', player: 0, payload: { cards: [[8, 9, 0]], armies: 8 } };
    expect(apply(pool, claimed, CHECK_DICE).ok).toBe(true);
    expect(tradeUnderOtherReading(pool, claimed)).toBeNull();
    expect(readingsAgree(pool, claimed)).toBe(false);
  });
});

// The star replica (core/star/star.ts), through the audit that replays our records with it: the live
// recordings of the second class implementation, turned into the record our peer would have kept.
const recording = (name: string) => {
  const parsed = parseTranscript(
    readFileSync(fileURLToPath(new URL(`../fixtures/cs3099/${name}`, import.meta.url)), 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.lines;
};

/** A class recording as the record of our peer `me` (host 0 or client 1), with the card-bonus readings it took. */
function asOurRecord(lines: readonly TranscriptLine[], me: number, cardBonus: string): TranscriptLine[] {
  const start = lines.findIndex((l) => l.raw.includes('initialise_game'));
  const fact = { profile: 'cs3099', me, rules: CS3099_RULES, host: 0, drawQuirk: 'detect', cardBonus };
  const joined = '{"command":"players_joined","payload":[[0,"p0",""],[1,"p1",""]]}';
  const ours = me === 0 ? 'host->client' : 'client->host';
  return [
    { line: 1, t: 0, conn: -1, dir: 'note', raw: JSON.stringify(fact) },
    { line: 2, t: 0, conn: 0, dir: 'in', raw: joined },
    ...lines
      .slice(start + 1)
      .filter((l) => l.dir === 'client->host' || l.dir === 'host->client')
      .map((l) => ({ ...l, dir: l.dir === ours ? ('out' as const) : ('in' as const), conn: 1 - me })),
  ];
}

describe('the star replica takes a deploy of either reading (strict: only the rulebook’s)', () => {
  it('the class host’s rulebook deploy (+2 once for two cards of its own): taken, and named, unless only the first peer’s reading is', () => {
    const lines = recording('interop-ac-host-card-bonus-flagged.jsonl');
    const either = verifyTranscript(asOurRecord(lines, 1, 'either'), { lenient: true });
    expect(either.cardBonus).toEqual([{ line: 844, player: 0, reading: 'rulebook' }]);
    const strict = verifyTranscript(asOurRecord(lines, 1, 'rulebook'), { lenient: true });
    expect(strict.violations.filter((v) => v.line === 844)).toEqual([]);
    const old = verifyTranscript(asOurRecord(lines, 1, 'pool'), { lenient: true });
    expect(old.violations.filter((v) => v.line === 844)).toEqual([
      expect.objectContaining({ player: 0, reason: 'illegal deploy: deploy: places 12 armies but 14 are due' }),
    ]);
    // The game as taken goes on under the rulebook's reading: the same board either way.
    expect(either.state!.armies).toEqual(strict.state!.armies);
  });

  it('our old host’s deploy by the first peer’s reading (+4): taken and named; strict, an illegal action', () => {
    const lines = recording('interop-ac-client-rejects-our-card-bonus.jsonl');
    const either = verifyTranscript(asOurRecord(lines, 0, 'either'), { lenient: true });
    expect(either.cardBonus).toEqual([{ line: expect.any(Number), player: 0, reading: 'pool' }]);
    expect(either.violations).toEqual([]);
    const strict = verifyTranscript(asOurRecord(lines, 0, 'rulebook'), { lenient: true });
    expect(strict.violations[0]).toMatchObject({
      player: 0,
      reason: 'illegal deploy: deploy: places 35 armies but 33 are due',
    });
  });
});

describe('risk bot --strict-bonus', () => {
  it('is listed in the usage, and refused outside the cs3099 profile', async () => {
    let out = '';
    let err = '';
    const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };
    expect(await runBot(['--help'], io)).toBe(0);
    expect(out).toMatch(/--strict-bonus +cs3099 only: hold every peer to the rulebook's territory-card bonus/);
    expect(await runBot(['host', '--players', '2', '--strict-bonus'], io)).toBe(2);
    expect(err).toMatch(/--strict-bonus is for the cs3099 profile/);
  });
});
