// Pipelining (protocol-spec/native.md, Pipelining): a move may be built on the one entry applied
// but not yet settled, and names that entry (its parent) under its signature. Rogues that make an
// honest player's pipelined move fall with a history taken back, or sign moves with a parent that
// is no one's: the honest peers finish, agree, and blame only the rogue.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { auditNativeRecord, nativeHeader } from '../../src/audit/native-record.js';
import { runBot } from '../../src/cli/bot.js';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { stateHash } from '../../src/core/native/hashes.js';
import { sealMessage } from '../../src/core/native/lines.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { seededDice } from '../../src/protocol/random.js';
import { unseal } from '../../src/protocol/signing.js';
import { parseTranscript, type TranscriptLine } from '../../src/protocol/transcript.js';
import type { Seat } from '../../src/sessions/seat.js';
import { honestAgreement, type MemoryGame, playMemoryGame, type Rogue } from './memory-game.js';
import { type RogueContext, withSends } from './mesh-game.js';

const FEATURES = [...NATIVE_FEATURES];
const ROGUE = 1;
const HONEST = [0, 2, 3];

/** A line's message, when the line is signed by `by` (a peer hands on others' lines too). */
const own = (line: string, by: number): Message | null => (unseal(line)?.by === by ? open(line) : null);

const open = (line: string): Message | null => {
  const sealed = unseal(line);
  const decoded = sealed === null ? null : decodeLine(sealed.inner);
  return decoded?.ok && 'message' in decoded ? decoded.message : null;
};

const sign = (context: RogueContext, message: Message) =>
  sealMessage(context.gameId, message, context.me, context.keyring, undefined, context.pipelining).line;

/** The honest peers finish and agree; they and the audits of their records blame only the rogue. */
function judged(game: MemoryGame) {
  const { winner } = honestAgreement(game, HONEST);
  for (const i of HONEST) {
    const result = game.results[i]!;
    expect(['conquest', 'forfeit']).toContain(result.outcome);
    for (const v of result.violations) expect(v.player).toBe(ROGUE);
    expect(game.audits[i]!.truncated).toBe(false);
    for (const v of game.audits[i]!.violations) expect(v.player).toBe(ROGUE);
    expect(result.state.players.filter((p) => p.neutral && p.id !== ROGUE)).toEqual([]);
  }
  return winner;
}

/**
 * The points where `author` made a move that was then taken back under it: in its own record, it
 * acknowledged its own move at that point, and later another entry there (another move, or the
 * same move on another history: its parent differs).
 */
function ownMovesTakenBack(record: readonly TranscriptLine[], author: number): number[] {
  const own = new Map<number, string>();
  const takenBack: number[] = [];
  for (const l of record) {
    if (l.dir !== 'out') continue;
    const m = open(l.raw);
    if (m?.command !== 'acknowledgement' || m.player_id !== author || m.message_hash === undefined) continue;
    const entry = `${m.message_hash}/${m.parent ?? ''}`;
    const mine = own.get(m.payload);
    if (mine !== undefined && mine !== entry) {
      takenBack.push(m.payload);
      own.delete(m.payload);
    }
    if (m.author === author) own.set(m.payload, entry);
  }
  return takenBack;
}

/**
 * A game of four with `rogue` in seat ROGUE, judged: the honest peers agree, and each made the rogue
 * neutral for signing two moves for one point. A delay on every link (25 ms) gives the honest
 * players time to build on a move before the conflicting acknowledgements arrive.
 */
async function twoMovesSigned(rogue: Rogue) {
  const game = await playMemoryGame({
    players: 4,
    seed: 7,
    features: FEATURES,
    rogue: { player: ROGUE, links: rogue },
    delayMs: 25,
  });
  judged(game);
  for (const i of HONEST) {
    expect(game.results[i]!.state.players[ROGUE]!.neutral).toBe(true);
    expect(game.results[i]!.violations.some((v) => /signed two different moves/.test(v.reason))).toBe(true);
  }
  return game;
}

describe('pipelining: a move bound to the entry it was built on', () => {
  it('a defender that signs two defends (to one honest peer the other) has the point taken back: the attacker’s move pipelined on it goes too, the attacker is not blamed and decides again', async () => {
    // From point 60 on, the rogue's first defend with two dice goes to the lowest other player with one die.
    const rogue: Rogue = (links, context) => {
      const victim = Math.min(...links.keys());
      let done = false;
      return withSends(links, (to, link) => (line) => {
        const m = own(line, context.me);
        if (done || m?.command !== 'defend' || m.player_id !== context.me || (m.ack_id ?? 0) < 60 || m.payload !== 2)
          return link.send(line);
        if (to === Math.max(...links.keys())) done = true;
        link.send(to === victim ? sign(context, { ...m, payload: 1 }) : line);
      });
    };
    const game = await twoMovesSigned(rogue);
    // An honest attacker had built its next move on the defend taken back (pipelining): its move
    // went with it, unblamed, and another entry took its point.
    expect(HONEST.some((author) => ownMovesTakenBack(game.records[author]!, author).length > 0)).toBe(true);
  }, 600_000);

  it('a rogue that signs two fortifies (one for one honest peer): the next player’s two moves built on it (a window of two, pipelining_two) are taken back with it, unblamed, and it decides again', async () => {
    // From point 60 on, the rogue's first fortify that moves armies goes to the lowest other player
    // as a fortify that moves none. From then on its lines go out three trips late, so the entry
    // before that fortify has settled everywhere when it arrives: the next player builds its two
    // moves on the fortify alone.
    const rogue: Rogue = (links, context) => {
      const victim = Math.min(...links.keys());
      let point: number | null = null;
      return withSends(links, (to, link) => (line) => {
        const m = own(line, context.me);
        if (point === null && m?.command === 'fortify' && (m.ack_id ?? 0) >= 60 && m.payload !== null)
          point = m.ack_id!;
        if (point === null) return link.send(line);
        const sent = to === victim && m?.command === 'fortify' && m.ack_id === point;
        setTimeout(() => link.send(sent ? sign(context, { ...m, payload: null }) : line), 75);
      });
    };
    const game = await twoMovesSigned(rogue);
    // Two moves of one honest author at consecutive points went back with the fortify (three entries).
    const twoDeep = HONEST.some((author) => {
      const points = ownMovesTakenBack(game.records[author]!, author);
      return points.some((p) => points.includes(p + 1));
    });
    expect(twoDeep).toBe(true);
  }, 600_000);

  it('a rogue that signs its moves for one player with a parent that is no one’s is neither applied there nor judged: the others hand the real move on', async () => {
    const FORGED = 'ab'.repeat(32);
    const rogue: Rogue = (links, context) => {
      const victim = Math.min(...links.keys());
      return withSends(links, (to, link) => (line) => {
        const m = own(line, context.me);
        if (to !== victim || m === null || m.command === 'acknowledgement' || !('parent' in m) || (m.ack_id ?? 0) < 40)
          return link.send(line);
        link.send(sign(context, { ...m, parent: FORGED } as Message));
      });
    };
    const game = await playMemoryGame({
      players: 4,
      seed: 7,
      features: FEATURES,
      rogue: { player: ROGUE, links: rogue },
    });
    judged(game);
    // Not proof of anything: no one is blamed for it.
    for (const i of HONEST) expect(game.results[i]!.violations).toEqual([]);
  }, 600_000);
});

describe('Secret Mission with pipelining', () => {
  it('a mission completed on an entry not yet settled is claimed once it settles, the seat never asked for the claim', async () => {
    // The seats the memory game plays by default, counting the claims they were asked to make.
    const seed = 1;
    let claimsAsked = 0;
    const seats = new Map(
      [0, 1, 2].map((i) => {
        const bot = botSeat(createBot('normal', seededDice(seed * 100 + i)), seededDice(seed * 1000 + i), {
          deadlineMs: 60_000,
        });
        const seat: Seat = {
          kind: bot.kind,
          decide: async (state, player) => {
            const action = await bot.decide(state, player);
            if (action.command === 'claim_mission') claimsAsked++;
            return action;
          },
        };
        return [i, seat] as const;
      }),
    );
    // Over a slow network (lines arrive on timers): asked for the claim before the entry settled,
    // a seat that answered at once was asked again at once, for ever, and its peer read no line.
    const game = await playMemoryGame({
      players: 3,
      seed,
      features: FEATURES,
      rules: { variant: 'mission' },
      delayMs: 25,
      seats,
    });
    const { winner } = honestAgreement(game, [0, 1, 2]);
    expect(winner).not.toBeNull();
    expect(game.results[winner!]!.state.missions.length).toBe(3);
    expect(claimsAsked).toBe(0);
  }, 120_000);
});

describe('a record of a game with pipelining', () => {
  // tests/fixtures/records/pipelining-late-expel-p3.jsonl.gz: the first 760 lines of peer 3's record
  // of bench:chaos game 36 (seed 12, 2026-11-27): player 2 signed two attacks for point 112; peer 3
  // made it neutral there and played on (its play_cards at 113), then peer 0's late proposal to
  // make it neutral at 113 arrived. That proposal took peer 3's move back for nothing, and the
  // audit, reading the move sent again as a line seen before, stopped at 113.
  it('audits to the state its peer acknowledged last, with a late proposal for a player neutral already', () => {
    const raw = gunzipSync(
      readFileSync(new URL('../fixtures/records/pipelining-late-expel-p3.jsonl.gz', import.meta.url)),
    );
    const parsed = parseTranscript(raw.toString('utf8'));
    if (!parsed.ok) throw new Error(parsed.reason);
    const header = nativeHeader(parsed.lines)!;
    const audit = auditNativeRecord(parsed.lines, header);
    expect(audit.violations.map((v) => [v.player, v.reason])).toEqual([
      [2, 'signed two different moves for sequence point 112'],
    ]);
    const acked = parsed.lines
      .filter((l) => l.dir === 'out')
      .map((l) => open(l.raw))
      .filter((m) => m?.command === 'acknowledgement')
      .at(-1) as Extract<Message, { command: 'acknowledgement' }>;
    expect(acked.payload).toBeGreaterThan(115);
    expect(stateHash(audit.state!)).toBe(acked.state_hash);
  });
});

describe('risk bot --lockstep', () => {
  it('is listed in the usage, and refused outside the native profile’s classic game', async () => {
    let out = '';
    let err = '';
    const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };
    expect(await runBot(['--help'], io)).toBe(0);
    expect(out).toMatch(/--lockstep +native, classic only: do not offer the pipelining features/);
    expect(await runBot(['host', '--players', '2', '--profile', 'cs3099', '--lockstep'], io)).toBe(2);
    expect(err).toMatch(/--lockstep is an option of the native profile, classic game/);
  });
});
