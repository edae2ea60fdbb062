// A game stopped, resumed, and then a seat of the resumed session crashes and takes its seat back
// (protocol-spec/resume.md, A resumed session), on in-memory links and fake timers: the seat comes
// back as the terminal menu takes it back, from its own store (rejoinFromStore), dialling the
// addresses its store keeps. The honest peers finish on one outcome, every record (before the stop,
// then the resumed session, the returning seat's rejoined one) audits, and only a rogue is blamed.
import { describe, expect, it } from 'vitest';
import { auditRiscRecord } from '../../src/audit/risc.js';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import type { Link } from '../../src/net/link.js';
import { chaosRogue } from './chaos.js';
import { NO_CHAOS } from './chaos-property.js';
import { honestAgreement, type MemoryGame, playMemoryGame, type Rogue } from './memory-game.js';
import { type SeatDrop, type TableStop, withSends } from './mesh-game.js';
import { playRiscMemoryGame, type RiscMemoryGame } from './risc-memory-game.js';
import { rogue } from './rogue.js';
import { type SeatBackReport, seatBackVerdict } from './seat-back.js';
import type { TableBackReport } from './table-back.js';

/** The rogue's links: `first` in the first session; in the resumed one (its id ends in .r1) `resumed`. */
function twoFaced(first: Rogue | null, resumed?: Rogue): Rogue {
  return (links, context) =>
    context.gameId.endsWith('.r1')
      ? resumed
        ? resumed(links, context)
        : links
      : first
        ? first(links, context)
        : links;
}

/** Player 1 drops out of the resumed session a few lines in and is back a moment later. */
const CRASH: SeatDrop = { player: 1, after: 40, backAfterMs: 300 };

/** Every honest peer resumed, and the seat that dropped out of the resumed session took its seat back. */
function resumedThenBack(back: TableBackReport, seat: SeatBackReport, honest: readonly number[]) {
  expect(back.stoppedAt).not.toBeNull();
  for (const i of honest) expect(back.answers[i]?.ok, `peer ${i} resumed`).toBe(true);
  expect(seat.droppedAt, 'the seat dropped out of the resumed session').not.toBeNull();
  expect(seatBackVerdict(seat)).toBe('back');
}

/**
 * Every honest peer resumed; the seat that crashed took its seat back; the honest peers finished on
 * one outcome and state; each record chain audits to that winner, blaming `rogue` alone (if any).
 */
function judge(game: MemoryGame, players: number, rogueId: number | null, neutral: readonly number[] = []) {
  const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogueId);
  resumedThenBack(game.tableBack!, game.seatBack!, honest);
  const { winner } = honestAgreement(game, honest);
  expect(winner).not.toBeNull();
  if (rogueId !== null) expect(winner).not.toBe(rogueId);
  for (const i of honest) {
    const result = game.results[i]!;
    expect(['conquest', 'forfeit']).toContain(result.outcome);
    expect(result.state.players[game.seatBack!.player]!.neutral).toBe(false);
    for (const p of neutral) expect(result.state.players[p]!.neutral).toBe(true);
    for (const v of result.violations) expect(v.player).toBe(rogueId);
    // Its records before the stop and of the resumed session (the returning seat's: its rejoined one), in order.
    const audit = game.audits[i]!;
    expect(audit.truncated).toBe(false);
    expect(audit.state!.winner).toBe(winner);
    for (const v of audit.violations) expect(v.player).toBe(rogueId);
  }
}

const stop = (players: number, extra: Partial<TableStop> = {}): TableStop => ({
  after: players === 4 ? 4000 : 1500,
  backAfterMs: 1000,
  rejoin: CRASH,
  ...extra,
});

describe('a seat crashes in a resumed session and takes its seat back', { timeout: 300_000 }, () => {
  it('classic, nobody cheating: all finish on one outcome and every record audits', async () => {
    const game = await playMemoryGame({ players: 3, seed: 11, resume: stop(3) });
    judge(game, 3, null);
  });

  // Made neutral before the stop, player 2 stays away: it has no link in the resumed session, and
  // its stored address (the first lobby's) answers nothing. The returning seat does not wait on it.
  it.each([
    ['classic', undefined],
    ['Capital Risk', 'capital'],
    ['Secret Mission Risk', 'mission'],
  ] as const)(
    '%s, a player made neutral before the stop stays away: the returning seat does not wait for it',
    async (_name, variant) => {
      const game = await playMemoryGame({
        players: 3,
        seed: 11,
        ...(variant ? { rules: { variant }, features: [...NATIVE_FEATURES] } : {}),
        rogue: { player: 2, links: twoFaced(rogue('illegal-action', 20)) },
        resume: stop(3, { after: variant === 'mission' ? 4000 : 1500, absent: [2] }),
      });
      judge(game, 3, 2, [2]);
    },
  );

  // Player 0 came back at the very end of its window (its drop 1.7 s before, ack timeout 2 s): it
  // took the history and acknowledged its last entry, but the others' votes about the next point,
  // its own move, came to a quorum at that moment. That is being voted out before it came back
  // (SeatBackReport.timedOutOnReturn), not a seat that stopped playing once back; the others
  // finish on one outcome. (The rogue misbehaves at random, as in the chaos runs.)
  it('classic, a seat back at the very end of its window is voted out: the others finish', async () => {
    const rates = {
      drop: 0.002,
      delay: 0.03,
      duplicate: 0.01,
      reorder: 0.03,
      corrupt: 0,
      equivocate: 0.002,
      spoof: 0.002,
    };
    const game = await playMemoryGame({
      players: 3,
      seed: 503,
      rules: { variant: 'domination' },
      features: [...NATIVE_FEATURES],
      rogue: { player: 2, links: chaosRogue(503, rates) },
      ackTimeoutMs: 2000,
      resume: { after: 50, backAfterMs: 8718, rejoin: { player: 0, after: 563, backAfterMs: 1732 } },
    });
    expect(game.tableBack!.answers.map((a) => a?.ok)).toEqual([true, true, true]);
    expect(seatBackVerdict(game.seatBack!)).toBe('voted-out');
    expect(game.results[0]!.outcome).toBe('neutralised');
    const { winner } = honestAgreement(game, [1]);
    expect(game.results[1]!.state.players[0]!.neutral).toBe(true);
    expect(winner).not.toBeNull();
    for (const v of game.audits[1]!.violations) expect(v.player).toBe(2);
  });

  // Player 2's acknowledgement of point 398 reached player 0 but not player 1 as its process died;
  // back, it went on from 399 (one past that acknowledgement) and never sent it again. Player 1, out
  // of the game by then and awaited by nobody, waited for it until the others were 500 points ahead,
  // too far to hand it on, and never finished. The returning seat now sends that line again.
  it('classic, a player out of the game gets the acknowledgement the returning seat sent as it died', async () => {
    const game = await playMemoryGame({
      players: 4,
      seed: 912,
      rules: { variant: 'domination' },
      features: [...NATIVE_FEATURES],
      rogue: { player: 3, links: twoFaced(rogue('illegal-action', 57)) },
      resume: { after: 4910, backAfterMs: 1000, absent: [3], rejoin: { player: 2, after: 237, backAfterMs: 531 } },
    });
    expect(game.results[1]!.state.players[1]!.eliminated).toBe(true);
    judge(game, 4, 3, [3]);
  });

  // The rogue plays honestly until the stop, resumes with the others and cheats in the resumed
  // session while player 1 is away or back: it alone is blamed, and the others finish without it.
  it('classic, a rogue cheating in the resumed session: it alone is blamed', async () => {
    const game = await playMemoryGame({
      players: 4,
      seed: 13,
      rogue: { player: 3, links: twoFaced(null, rogue('illegal-action', 60)) },
      resume: stop(4),
    });
    judge(game, 4, 3, [3]);
  });
});

/** A peer whose process dies after `after` lines of the first session (voted out there, it stays away from the resume). */
const diesAfter =
  (after: number): Rogue =>
  (links) => {
    let sent = 0;
    const all: Link[] = [...links.values()];
    return withSends(links, (_player, link) => (line) => {
      if (++sent === after) for (const l of all) l.close();
      if (!link.closed) link.send(line);
    });
  };

/** RISC: as judge, over each honest peer's RISC record (one record across the resume and the rejoin). */
function judgeRisc(game: RiscMemoryGame, players: number, rogueId: number | null) {
  const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogueId);
  resumedThenBack(game.tableBack!, game.seatBack!, honest);
  const results = honest.map((i) => {
    const result = game.results[i];
    if (!result?.ok) throw new Error(`peer ${i} did not finish: ${JSON.stringify(result)}`);
    return result;
  });
  const winner = results[0]!.state.winner;
  for (const [k, result] of results.entries()) {
    expect(result.state).toEqual(results[0]!.state);
    for (const v of result.found) expect(v.player).toBe(rogueId);
    for (const p of result.neutral) expect(p).toBe(rogueId);
    const audit = auditRiscRecord(game.records[honest[k]!]!.map((l) => JSON.stringify(l)).join('\n'));
    expect(audit.violations).toEqual([]);
    expect(audit.state!.winner).toBe(winner);
  }
}

describe('RISC: a seat crashes in a resumed session and takes its seat back', { timeout: 300_000 }, () => {
  const crash: SeatDrop = { player: 1, after: 30, backAfterMs: 200 };
  it('nobody cheating: all finish on one state and every RISC record audits', async () => {
    const game = await playRiscMemoryGame({
      players: 3,
      seed: 5,
      resume: { after: 150, backAfterMs: 1000, rejoin: crash },
    });
    judgeRisc(game, 3, null);
  });

  // The table resumed in turn 2's orders round, in which player 0 had committed before the stop (a
  // round running at the resume point goes on, its commitments kept); it dropped out of the resumed
  // session before it revealed. Its sealing is noted in its record of the first session: the
  // rejoin looked in the resumed session's record alone, and refused ("… its record does not keep
  // what it sealed …"). (The rogue drops lines at random: the resume point falls in that round.)
  it('a seat owing the reveal of orders it sealed before the stop takes its seat back and reveals them', async () => {
    const rates = { ...NO_CHAOS, drop: 0.03, reorder: 0.01, equivocate: 0.01, spoof: 0.01 };
    const game = await playRiscMemoryGame({
      players: 3,
      seed: 707,
      rogue: { player: 2, links: chaosRogue(707, rates) },
      resume: { after: 173, backAfterMs: 2295, rejoin: { player: 0, after: 2, backAfterMs: 165 } },
    });
    judgeRisc(game, 3, 2);
  });

  it('a player voted out before the stop stays away: the returning seat does not wait for it', async () => {
    const game = await playRiscMemoryGame({
      players: 3,
      seed: 5,
      rogue: { player: 2, links: diesAfter(40) },
      resume: { after: 250, backAfterMs: 1000, absent: [2], rejoin: crash },
    });
    judgeRisc(game, 3, 2);
  });
});
