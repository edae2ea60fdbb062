// Early reveals (early_reveals, with dice_chains): a neutral defender's round is revealed ahead of
// it — by the attacker with its attack, by the others once the attack is settled — and no other
// round is ever revealed before its `defend`, whose author chooses its dice knowing only its own
// number. A two-player game (the neutral army) with 25 ms on every link, played to its end with and
// without the feature, shows both and the trips a battle takes; `risk verify` re-derives every roll;
// a rogue that withholds its early reveal is voted out. The same game pipelined, with a window of one
// and of two (pipelining_two), shows the trips between battles: after a capture, at a turn change.
import { describe, expect, it } from 'vitest';
import { LOCKSTEP_FEATURES, PIPELINING_FEATURES } from '../../src/core/contract.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { unseal } from '../../src/protocol/signing.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { honestAgreement, type MemoryGame, playMemoryGame, type Rogue } from './memory-game.js';
import { withSend } from './mesh-game.js';

const FEATURES = [...LOCKSTEP_FEATURES];

interface Read {
  readonly at: number;
  readonly by: number;
  readonly message: Message;
}

/** A record's game lines in order (in and out), opened. */
function readRecord(record: readonly TranscriptLine[]): Read[] {
  const out: Read[] = [];
  record.forEach((l, at) => {
    if (l.dir !== 'in' && l.dir !== 'out') return;
    const sealed = unseal(l.raw);
    const decoded = sealed === null ? null : decodeLine(sealed.inner);
    if (sealed !== null && decoded?.ok && 'message' in decoded)
      out.push({ at, by: sealed.by, message: decoded.message });
  });
  return out;
}

const pointOf = (m: Message) => ('ack_id' in m ? m.ack_id : undefined);
const claimed = (m: Message) => ('player_id' in m ? m.player_id : undefined);

/**
 * Checks, in `me`'s record, when each of its own reveals left: after the round's `defend` for a
 * defender that chooses, or early only as the rule allows. Returns how many went early.
 */
function checkRevealOrder(record: readonly TranscriptLine[], me: number, players: readonly number[]): number {
  const lines = readRecord(record);
  let early = 0;
  for (const reveal of lines) {
    const m = reveal.message;
    if (reveal.by !== me || m.command !== 'roll_number' || m.round === undefined || m.round < 2) continue;
    const point = m.round - 2;
    const defend = lines.find((l) => l.message.command === 'defend' && pointOf(l.message) === point);
    if (defend === undefined || defend.at < reveal.at) continue; // revealed after the defend
    // Early: the defender is neutral (a speaker signs its defend in its name) …
    expect(defend.by, `round ${m.round}: revealed before a defend that chooses its dice`).not.toBe(
      claimed(defend.message),
    );
    const attack = lines.find((l) => l.message.command === 'attack' && pointOf(l.message) === point - 1);
    expect(attack, `round ${m.round}: revealed early with no attack before it`).toBeDefined();
    expect(attack!.at).toBeLessThan(reveal.at);
    // … and it is the attacker's own reveal, or the attack was settled here (every other player in it acked).
    if (attack!.by !== me) {
      const ackers = new Set(
        lines
          .filter((l) => l.at < reveal.at && l.message.command === 'acknowledgement' && l.message.payload === point - 1)
          .map((l) => l.by),
      );
      for (const p of players) if (p !== me && p !== claimed(defend.message)) expect(ackers.has(p)).toBe(true);
    }
    early++;
  }
  return early;
}

/**
 * Each battle cycle of `me` (its attack at k, the defend at k + 1, its next attack at k + 2) in
 * virtual ms, by whether the defender was neutral: with a delay on every link, trips × delay.
 */
function battleCycles(record: readonly TranscriptLine[], me: number): { neutral: number[]; choosing: number[] } {
  const lines = readRecord(record);
  const cycles = { neutral: [] as number[], choosing: [] as number[] };
  const mine = lines.filter((l) => l.by === me && pointOf(l.message) !== undefined);
  for (const [i, attack] of mine.entries()) {
    const next = mine[i + 1];
    const point = pointOf(attack.message)!;
    if (
      attack.message.command !== 'attack' ||
      next?.message.command !== 'attack' ||
      pointOf(next.message) !== point + 2
    )
      continue;
    const defend = lines.find((l) => l.message.command === 'defend' && pointOf(l.message) === point + 1);
    if (defend === undefined) continue;
    const ms = record[next.at]!.t - record[attack.at]!.t;
    (defend.by === claimed(defend.message) ? cycles.choosing : cycles.neutral).push(ms);
  }
  return cycles;
}

/**
 * The trips from each attack to the next (either player's), each move timed when its author sent
 * it, by what came between besides the battle's `defend`: nothing (`battle`), the capture's
 * move-in alone (`capture`), or one player's turn ending and the other's starting (`turn`).
 */
function betweenBattles(game: MemoryGame): Record<'battle' | 'capture' | 'turn', number[]> {
  const sent = new Map<number, { command: string; by: number; ms: number }>();
  game.records.forEach((record, me) => {
    for (const { at, by, message } of readRecord(record)) {
      const point = pointOf(message);
      if (by !== me || record[at]!.dir !== 'out' || point === undefined || message.command === 'acknowledgement')
        continue;
      sent.set(point, { command: message.command, by, ms: record[at]!.t * 1000 });
    }
  });
  const attacks = [...sent].filter(([, m]) => m.command === 'attack').sort(([a], [b]) => a - b);
  const trips = { battle: [] as number[], capture: [] as number[], turn: [] as number[] };
  for (const [i, [point, attack]] of attacks.entries()) {
    const next = attacks[i + 1];
    if (next === undefined) break;
    const between = new Set<string>();
    for (let p = point + 1; p < next[0]; p++) between.add(sent.get(p)?.command ?? '?');
    between.delete('defend');
    const kind =
      next[1].by !== attack.by
        ? 'turn'
        : between.size === 0
          ? 'battle'
          : between.size === 1 && between.has('attack_capture')
            ? 'capture'
            : null;
    if (kind !== null) trips[kind].push(Math.round((next[1].ms - attack.ms) / 25));
  }
  return trips;
}

describe('early reveals (a neutral defender’s round revealed ahead of it)', () => {
  it('two players, 25 ms on every link: reveals go early only for the neutral army, a battle against it takes 2 trips instead of 4, and the audit re-derives every roll', async () => {
    const play = (features: readonly string[]) => playMemoryGame({ players: 2, seed: 5, features, delayMs: 25 });
    const trips = (game: MemoryGame) => {
      const both = [0, 1].map((i) => battleCycles(game.records[i]!, i));
      const of = (ms: number[]) => ms.map((t) => Math.round((t * 1000) / 25));
      return { neutral: of(both.flatMap((c) => c.neutral)), choosing: of(both.flatMap((c) => c.choosing)) };
    };
    const before = await play(FEATURES.filter((f) => f !== 'early_reveals'));
    honestAgreement(before, [0, 1]);
    const after = await play(FEATURES);
    honestAgreement(after, [0, 1]);
    let early = 0;
    for (const i of [0, 1]) {
      expect(after.audits[i]!.violations).toEqual([]);
      expect(after.audits[i]!.truncated).toBe(false);
      expect(after.audits[i]!.roundsVerified).toBeGreaterThan(10);
      early += checkRevealOrder(after.records[i]!, i, [0, 1]);
    }
    expect(early).toBeGreaterThan(5);
    // Trips on a battle's critical path (from the attacker's attack to its next one).
    const was = trips(before);
    const now = trips(after);
    expect(was.neutral.length).toBeGreaterThan(0);
    expect(now.neutral.length).toBeGreaterThan(0);
    expect(new Set(was.neutral)).toEqual(new Set([4]));
    expect(new Set(now.neutral)).toEqual(new Set([2]));
    expect(new Set([...was.choosing, ...now.choosing])).toEqual(new Set([4]));
  }, 600_000);

  it('pipelining, 25 ms on every link: a battle takes 2 trips against a choosing defender too; with a window of two (pipelining_two) a capture’s move-in costs no trip (4 → 2 against a choosing defender) and a turn change 3 (from 5 or more); the audit re-derives every roll', async () => {
    const play = (features: readonly string[]) => playMemoryGame({ players: 2, seed: 5, features, delayMs: 25 });
    const one = await play([...FEATURES, 'pipelining']);
    const two = await play([...FEATURES, ...PIPELINING_FEATURES]);
    for (const game of [one, two]) {
      honestAgreement(game, [0, 1]);
      for (const i of [0, 1]) {
        expect(game.audits[i]!.violations).toEqual([]);
        expect(game.audits[i]!.truncated).toBe(false);
        expect(game.audits[i]!.roundsVerified).toBeGreaterThan(10);
        checkRevealOrder(game.records[i]!, i, [0, 1]);
      }
      const both = [0, 1].map((i) => battleCycles(game.records[i]!, i));
      const of = (ms: number[]) => ms.map((t) => Math.round((t * 1000) / 25));
      const choosing = of(both.flatMap((c) => c.choosing));
      const neutral = of(both.flatMap((c) => c.neutral));
      expect(choosing.length).toBeGreaterThan(0);
      expect(neutral.length).toBeGreaterThan(0);
      expect(new Set(choosing)).toEqual(new Set([2]));
      expect(new Set(neutral)).toEqual(new Set([2]));
    }
    const was = betweenBattles(one);
    const now = betweenBattles(two);
    for (const kind of ['battle', 'capture', 'turn'] as const) {
      expect(was[kind].length).toBeGreaterThan(3);
      expect(now[kind].length).toBeGreaterThan(3);
    }
    expect(new Set(was.battle)).toEqual(new Set([2]));
    expect(new Set(now.battle)).toEqual(new Set([2]));
    // (A window of one: a move-in after a battle against the neutral army, revealed early, cost none.)
    expect(Math.max(...was.capture)).toBe(4);
    expect(new Set(now.capture)).toEqual(new Set([2]));
    expect(Math.min(...was.turn)).toBeGreaterThanOrEqual(5);
    expect(new Set(now.turn)).toEqual(new Set([3]));
  }, 600_000);

  it('a rogue that withholds the reveal it owes with its attack on the neutral army is voted out', async () => {
    const ROGUE = 1;
    // Drops each reveal the rogue sends right after its own attack (the early one, by its ack_id).
    const rogue: Rogue = (links, context) =>
      new Map(
        [...links].map(([player, link]) => {
          let lastAttack = -10;
          return [
            player,
            withSend(link, (line) => {
              const sealed = unseal(line);
              const decoded = sealed === null ? null : decodeLine(sealed.inner);
              const m = decoded?.ok && 'message' in decoded ? decoded.message : null;
              if (m?.command === 'attack' && m.player_id === context.me) lastAttack = m.ack_id ?? -10;
              if (m?.command === 'roll_number' && m.player_id === context.me && m.round === lastAttack + 3) return;
              link.send(line);
            }),
          ];
        }),
      );
    const game = await playMemoryGame({
      players: 2,
      seed: 5,
      features: FEATURES,
      rogue: { player: ROGUE, links: rogue },
    });
    const result = game.results[0]!;
    expect(result).not.toBeNull();
    expect(result.winner).toBe(0);
    expect(result.violations).toEqual([]);
    expect(result.state.players[ROGUE]!.neutral).toBe(true);
    expect(game.audits[0]!.violations).toEqual([]);
  }, 600_000);
});
