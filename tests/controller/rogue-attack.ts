// One rogue attack in a game of four, judged: the honest three must finish, agree on one outcome
// that the rogue did not win by breaking a rule, and their records blame only the rogue
// (rogue.test.ts, rogue-lockstep.test.ts).
import { expect } from 'vitest';
import { decodeLine } from '../../src/protocol/codec.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';
import { type Attack, EXPELLED, rogue } from './rogue.js';

const ROGUE = 1;
const HONEST = [0, 2, 3];
/** Attacks that break no rule line by line: the honest peers must cut the rogue's link, and say why. */
const CUT: Partial<Record<Attack, RegExp>> = {
  'replay-flood': /closed the link to player 1: sent more than \d+ lines/,
  'useless-flood': /closed the link to player 1: too many unusable lines/,
};
/** Attacks that are only a fault of the rogue's link: every honest peer that got one says so. */
const FAULT: Partial<Record<Attack, RegExp>> = {
  'forged-reveal': /ignored a line from p1: sent a line whose signature does not match/,
  // Too long to check (a line of 120 kB in place of its deploy): no proof, the rogue plays on. It was
  // listed as expelled, and passed only where the rogue lost its game by play.
  'huge-deploy': /ignored a line from p1: sent a line of \d+ characters/,
};
/**
 * Attacks that break a rule every peer checks: every honest peer names the rogue for it (so the
 * attack happened: a rogue that lost by play, its attack never sent, passes nothing here).
 */
const BLAMED: Partial<Record<Attack, RegExp>> = {
  'malformed-signed': /^sent a malformed message/,
  'false-timeout': /^sent a timeout for p\d; silence is settled by votes$/,
  'lying-ack': /^acknowledged a move \d+ that p\d never signed$/,
  equivocation: /^signed two different moves for sequence point \d+$/,
  'late-equivocation': /^signed two different moves for sequence point \d+$/,
  'bad-reveal': /^revealed a dice number that does not match its commitment$/,
  'two-commitments': /^signed two dice commitments for round \d+$/,
  'copied-commitment': /^copied p\d's dice commitment$/,
  'illegal-action': /^illegal attack: /,
  // A setup when another player decides, or (with pipelining, seed 7) at the rogue's own decision in a turn.
  'out-of-turn': /^sent setup out of turn|^illegal setup: /,
  impersonation: /^sent acknowledgement claiming to be player \d$/,
  // A forged line shown as proof is proof against the one who showed it (no honest peer shows a
  // line it did not check): before, it was only noise on the rogue's link, and the rogue played on.
  'forged-evidence': /^showed as proof a line whose signature does not match it$/,
};
/** What the rogue's lines may add to an honest peer's record, per sequence point, whatever it sends. */
const ROGUE_BYTES_PER_POINT = 4096;

/** The bytes of the rogue's own lines in a record, and the points the record reached. */
function rogueShare(record: readonly { raw: string }[]): { bytes: number; points: number } {
  let bytes = 0;
  let points = 0;
  for (const { raw } of record) {
    const sealed = unseal(raw);
    if (sealed === null) continue;
    if (sealed.by === ROGUE) bytes += raw.length;
    const decoded = decodeLine(sealed.inner);
    if (decoded.ok && 'message' in decoded && decoded.message.command === 'acknowledgement')
      points = Math.max(points, decoded.message.payload);
  }
  return { bytes, points };
}

/**
 * One rogue attack in a game of four with `features`, judged; `from`: the point from which the
 * rogue attacks (rogue()'s default when absent).
 */
export async function attackGame(attack: Attack, features: readonly string[], from?: number) {
  const game = await playMemoryGame({
    players: 4,
    seed: 7,
    rogue: { player: ROGUE, links: rogue(attack, from) },
    features,
  });
  const { winner } = honestAgreement(game, HONEST);
  expect(winner).not.toBeNull();
  for (const i of HONEST) {
    const result = game.results[i]!;
    expect(['conquest', 'forfeit']).toContain(result.outcome);
    // Only the rogue is ever blamed, by the live peers and by the audit of their records.
    for (const v of result.violations) expect(v.player).toBe(ROGUE);
    const audit = game.audits[i]!;
    expect(audit.truncated).toBe(false);
    for (const v of audit.violations) expect(v.player).toBe(ROGUE);
    expect(audit.state!.winner).toBe(winner);
    // Records stay small under any flood: the rogue's lines are bounded per point of the game.
    const share = rogueShare(game.records[i]!);
    expect(share.bytes).toBeLessThanOrEqual(ROGUE_BYTES_PER_POINT * (share.points + 16));
    if (EXPELLED.has(attack))
      expect(result.state.players[ROGUE]!.neutral || result.state.players[ROGUE]!.eliminated).toBe(true);
    else expect(result.state.players.filter((p) => p.neutral && p.id !== ROGUE)).toEqual([]);
  }
  if (EXPELLED.has(attack)) expect(winner).not.toBe(ROGUE);
  const fault = FAULT[attack];
  if (fault)
    for (const i of HONEST.filter((h) => h !== 0))
      expect(game.events[i]!.some((e) => e.type === 'info' && fault.test(e.text))).toBe(true);
  // A partial broadcast costs one stall: from then on the others hand its lines on at once
  // (before, each of its moves waited for an ack timeout and a vote against the peer it skipped).
  if (attack === 'partial-broadcast')
    for (const i of HONEST)
      expect(game.events[i]!.filter((e) => e.type === 'info' && /is silent/.test(e.text)).length).toBeLessThan(4);
  const blamed = BLAMED[attack];
  if (blamed)
    for (const i of HONEST)
      expect(game.results[i]!.violations.map((v) => v.reason)).toContainEqual(expect.stringMatching(blamed));
  const cut = CUT[attack];
  if (cut)
    for (const i of HONEST) expect(game.events[i]!.some((e) => e.type === 'info' && cut.test(e.text))).toBe(true);
}
