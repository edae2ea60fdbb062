// Property: in any networked game the program offers (each variant, setup, two-player rule and
// house rule, either kind of dice), whatever mix of misbehaviour one rogue peer shows, the honest peers finish, agree on
// the state at the start of every turn and on the outcome, blame only the rogue, and the rogue
// never wins once it has been caught breaking a rule; in some runs an honest peer also crashes
// and takes its seat back through the program's rejoin (classic and RISC), and is in the game
// again; in others the whole table stops and every player resumes the stored game from its own
// store through the program's resume (classic and RISC), the rogue's links misbehaving still: the honest
// peers all resume and finish as above, or all refuse, saying why; and in others the table stops and
// resumes, then an honest seat crashes in the resumed session and takes its seat back from its store,
// judged as both. RISK_CHAOS_RUNS=N for more seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameSetup, noMisbehaviour } from '../../bench/chaos-game.js';
import { auditRiscRecord } from '../../src/audit/risc.js';
import { LOCKSTEP_FEATURES, PIPELINING_FEATURES } from '../../src/core/contract.js';
import { HOUSE_RULES } from '../../src/model/index.js';
import type { Rules } from '../../src/protocol/rules.js';
import { type ChaosRates, chaosRogue, drawSeatDrop, drawTableStop, random } from './chaos.js';
import { chaosPlayers, chaosRates, chaosSeed, NO_CHAOS } from './chaos-property.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';
import { PER_ROUND_DICE } from './mesh-game.js';
import { playRiscMemoryGame } from './risc-memory-game.js';
import { type SeatBackReport, type SeatBackVerdict, seatBackVerdict } from './seat-back.js';
import { type TableBackReport, type TableBackVerdict, tableBackVerdict } from './table-back.js';

const RUNS = Number(process.env.RISK_CHAOS_RUNS ?? 6);
/** The games' ack timeout (memory-game's): a seat that drops out comes back within one. */
const ACK_MS = 2000;
/** The RISC games' ack timeout (risc-mesh-game's). */
const RISC_ACK_MS = 1000;

/** How the property's crash-then-rejoin games ended (seatBackVerdict), to show it took seats back. */
const verdicts: SeatBackVerdict[] = [];
/** How its stop-then-resume games ended (tableBackVerdict), to show tables resumed. */
const tables: TableBackVerdict[] = [];

/**
 * A fault besides the rogue, one per game: an honest seat crashes then rejoins, the whole table
 * stops then resumes, or both: the table stops and resumes, then a seat crashes in the resumed
 * session and rejoins it.
 */
type Fault = 'rejoin' | 'resume' | 'resume-rejoin' | null;
const FAULTS: readonly Fault[] = [null, 'rejoin', 'resume', 'resume-rejoin'];

/** With 'resume-rejoin': the seat that drops out of the resumed session and comes back from its store. */
const resumedDrop = (fault: Fault, seed: number, players: number, rogue: number, lines: number, awayMs: number) =>
  fault === 'resume-rejoin' ? drawSeatDrop(random(seed + 3), players, [rogue], lines, awayMs) : null;

/**
 * With 'rejoin', an honest seat also drops out at a random point and takes its seat back a random
 * moment later (drawSeatDrop, from the game's seed). It must be in the game again, finishing on the
 * others' outcome, unless the others had voted it out (or it was out of the game) before it came back.
 * With 'resume', every player stops at a random point and they all resume the stored game a random
 * moment later (drawTableStop): the honest peers all resume and finish as above, their records of
 * both sessions audited in order, or all refuse, each saying why. With 'resume-rejoin', both: the
 * table stops and resumes, then an honest seat drops out of the resumed session and takes its seat
 * back from its store (as the terminal menu does); judged as both.
 */
async function oneRogue(
  seed: number,
  players: number,
  rates: ChaosRates,
  rules: Rules = {},
  chains = false,
  pipelining = false,
  fault: Fault = null,
) {
  const rogue = seed % players;
  console.log('FAULT', seed, players, fault);
  const drop = fault === 'rejoin' ? drawSeatDrop(random(seed + 1), players, [rogue], 600, ACK_MS) : null;
  const stopped =
    fault === 'resume' || fault === 'resume-rejoin' ? drawTableStop(random(seed + 2), 400 * players, 5 * ACK_MS) : null;
  const again = resumedDrop(fault, seed, players, rogue, 600, ACK_MS);
  const stop = stopped && again ? { ...stopped, rejoin: again } : stopped;
  const game = await playMemoryGame({
    players,
    seed,
    rules,
    // Dice: a commitment per round, or chains committed once (dice_chains) with early reveals; and
    // lockstep, or moves on the unsettled entries of a window of two (pipelining, pipelining_two).
    features: [...(chains ? LOCKSTEP_FEATURES : PER_ROUND_DICE), ...(pipelining ? PIPELINING_FEATURES : [])],
    rogue: { player: rogue, links: chaosRogue(seed, rates) },
    ackTimeoutMs: ACK_MS,
    ...(drop ? { rejoin: drop } : {}),
    ...(stop ? { resume: stop } : {}),
  });
  const gone = seatGone(game.seatBack);
  const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogue && i !== gone);
  if (tableRefused(game.tableBack, honest)) {
    // Nobody plays on: each honest record of the session before the stop blames the rogue alone.
    for (const i of honest) for (const v of game.audits[i]!.violations) expect(v.player).toBe(rogue);
    return;
  }
  const { winner } = honestAgreement(game, honest);
  const caught = honest.some((i) => game.results[i]!.violations.length > 0);
  for (const i of honest) {
    const result = game.results[i]!;
    expect(['conquest', 'forfeit']).toContain(result.outcome);
    for (const v of result.violations) expect(v.player).toBe(rogue);
    const audit = game.audits[i]!;
    expect(audit.truncated).toBe(false);
    for (const v of audit.violations) expect(v.player).toBe(rogue);
    expect(audit.state!.winner).toBe(winner);
    if (caught) expect(result.state.players[rogue]!.neutral).toBe(true);
    // The seat that dropped out: voted neutral before it came back, out of the game already, or the
    // game ended while it was away.
    if (gone !== null && verdicts.at(-1) !== 'after-end')
      expect(result.state.players[gone]!.neutral || result.state.players[gone]!.eliminated).toBe(true);
  }
  // The record of a seat gone for good ends where its process died; it blames nobody honest.
  if (gone !== null) for (const v of game.audits[gone]!.violations) expect(v.player).toBe(rogue);
  if (caught) expect(winner).not.toBe(rogue);
}

/** Whether every honest peer refused the table's resume (each with its reason); a resume that failed otherwise fails the property. */
function tableRefused(report: TableBackReport | null, honest: readonly number[]): boolean {
  if (report === null) return false;
  const verdict = tableBackVerdict(report, honest);
  tables.push(verdict);
  if (typeof verdict === 'object' && 'failed' in verdict) throw new Error(`the table's resume: ${verdict.failed}`);
  return typeof verdict === 'object';
}

/**
 * The seat that dropped out and is not in the game again (the others voted it out, or it was out
 * already, before it came back), or null; a rejoin that failed otherwise fails the property.
 */
function seatGone(report: SeatBackReport | null): number | null {
  if (report === null) return null;
  const verdict = seatBackVerdict(report);
  verdicts.push(verdict);
  if (typeof verdict === 'object') throw new Error(`the seat that dropped out: ${verdict.failed}`);
  return verdict === 'voted-out' || verdict === 'out' || verdict === 'after-end' ? report.player : null;
}

describe('one rogue with random misbehaviour', () => {
  it('cannot split a game or win it by breaking a rule', async () => {
    verdicts.length = 0;
    tables.length = 0;
    await fc.assert(
      fc.asyncProperty(
        chaosSeed,
        chaosPlayers,
        chaosRates,
        // Every networked game the program offers: each variant, setup, two-player rule and house rule.
        fc.record({
          variant: fc.constantFrom(...HOUSE_RULES.variant),
          setup: fc.constantFrom(...HOUSE_RULES.setup),
          twoPlayer: fc.constantFrom(...HOUSE_RULES.twoPlayer),
          fortify: fc.constantFrom(...HOUSE_RULES.fortify),
          cardValues: fc.constantFrom(...HOUSE_RULES.cardValues),
        }),
        fc.boolean(),
        fc.boolean(),
        // An honest seat drops out and takes its seat back (where another honest seat stays), the
        // whole table stops and resumes, or both (a seat drops out of the resumed session).
        fc.constantFrom<Fault>(...FAULTS),
        oneRogue,
      ),
      { numRuns: RUNS, seed: 20261123 },
    );
    // Some runs had a seat drop out, and it took its seat back; some stopped the table, and it resumed.
    expect(verdicts).toContain('back');
    expect(tables).toContain('resumed');
  }, 600_000);

  // Cases the property once found, kept as they were found.
  it.each([
    // Two players left and an observer: the rogue, corrupting its lines to one of them, called it
    // silent; the observer took that word alone and crowned the rogue.
    [1054867442, 3, { ...NO_CHAOS, drop: 0.002, duplicate: 0.05, reorder: 0.002, corrupt: 0.05 }],
    // A proposal to neutralise the rogue at a point where one peer lacked the rogue's move: the
    // evidence was queued behind it and the proposal refused, so that peer alone kept another state.
    [
      1298353772,
      4,
      { drop: 0.05, delay: 0.05, duplicate: 0.002, reorder: 0.01, corrupt: 0, equivocate: 0.002, spoof: 0.01 },
    ],
    // An honest peer two points ahead (the rogue's move, then its neutralisation) acknowledged the
    // second: the ack was refused as too far ahead, and the peer behind waited for it forever.
    [
      852604414,
      3,
      { drop: 0.01, delay: 0.01, duplicate: 0.002, reorder: 0.05, corrupt: 0.05, equivocate: 0.05, spoof: 0.01 },
    ],
    // The rogue's refused move came as evidence for a peer's next point while that peer still
    // waited for the points before it to settle: it was queued, the proposal refused, and the
    // others timed that peer out.
    [113641362, 4, { ...NO_CHAOS, duplicate: 0.01, reorder: 0.05, corrupt: 0.05, equivocate: 0.002, spoof: 0.05 }],
  ] as const)('seed %i with %i players', (seed, players, rates) => oneRogue(seed, players, rates), 120_000);

  // A stop then resume after the rogue was caught (it equivocates and spoofs often): its store stops
  // about where it was made neutral, and the common point was the lowest index stated, so every
  // honest peer refused ("too far to go back there") and a game with a cheat caught could never be
  // resumed. The players still in the game resume without it (player 1 hosting when the rogue is 0).
  it.each([
    [12, 3],
    [13, 4],
  ] as const)(
    'seed %i with %i players, the table stops after the rogue is caught: the others resume and finish',
    async (seed, players) => {
      tables.length = 0;
      await oneRogue(seed, players, { ...NO_CHAOS, equivocate: 0.05, spoof: 0.05 }, {}, false, false, 'resume');
      expect(tables).toEqual(['resumed']);
    },
    120_000,
  );

  // Pipelining: the rogue's acks of a point to one honest peer were corrupted. The other honest
  // peer, settled and two points ahead, handed on the rogue's acks of its last two points only, so
  // the one behind never got the ack it waited for and was voted out. (A peer now hands on four.)
  it(
    'seed 1 with 3 players, pipelining: the peer behind gets the ack it waits for',
    () => oneRogue(1, 3, { ...NO_CHAOS, corrupt: 0.05 }, {}, false, true),
    120_000,
  );

  // A crash then rejoin: the rogue was proven (two signed moves for point 1) while the honest peer
  // that dropped out at point 17 was away; the other honest peer made it neutral, and the returning
  // seat, which kept no move before its rejoin point, could not judge that proof: it refused the
  // neutralisation, played on in its own history and was timed out.
  it(
    'seed 11 with 3 players, a seat drops out and comes back: it judges a proof about a point before its return',
    () =>
      oneRogue(
        11,
        3,
        { ...NO_CHAOS, drop: 0.002, reorder: 0.05, equivocate: 0.05, spoof: 0.002 },
        { variant: 'domination', setup: 'claim', twoPlayer: 'neutral', fortify: 'adjacent', cardValues: 'escalating' },
        false,
        false,
        'rejoin',
      ),
    120_000,
  );

  // A window of two (pipelining_two): an honest peer three points behind the others (they may be, now)
  // voted the rogue silent; its votes, more than ACK_WINDOW = 2 points below theirs, were ignored,
  // no one handed it what it waited for, and they voted it out. (ACK_WINDOW is 3 with a window of two.)
  it(
    'seed 1 with 4 players, dice chains, a window of two: the votes of a peer three points behind count',
    () =>
      oneRogue(
        1,
        4,
        { ...NO_CHAOS, drop: 0.05, duplicate: 0.05, reorder: 0.002, equivocate: 0.05, spoof: 0.002 },
        { variant: 'domination', setup: 'claim', twoPlayer: 'neutral', fortify: 'adjacent', cardValues: 'escalating' },
        true,
        true,
      ),
    120_000,
  );
});

/**
 * RISC over the mesh session: the same property, the same misbehaving links, the same crash then
 * rejoin, the same stop then resume (a resumed peer's RISC record is one record across the resume).
 */
async function oneRiscRogue(seed: number, players: number, rates: ChaosRates, fault: Fault = null) {
  const rogue = seed % players;
  console.log('FAULT', seed, players, fault);
  const drop = fault === 'rejoin' ? drawSeatDrop(random(seed + 1), players, [rogue], 150, RISC_ACK_MS) : null;
  const stopped =
    fault === 'resume' || fault === 'resume-rejoin'
      ? drawTableStop(random(seed + 2), 100 * players, 5 * RISC_ACK_MS)
      : null;
  const again = resumedDrop(fault, seed, players, rogue, 150, RISC_ACK_MS);
  const stop = stopped && again ? { ...stopped, rejoin: again } : stopped;
  const game = await playRiscMemoryGame({
    players,
    seed,
    rogue: { player: rogue, links: chaosRogue(seed, rates) },
    ackTimeoutMs: RISC_ACK_MS,
    ...(drop ? { rejoin: drop } : {}),
    ...(stop ? { resume: stop } : {}),
  });
  const gone = seatGone(game.seatBack);
  const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogue && i !== gone);
  if (tableRefused(game.tableBack, honest)) {
    // Nobody plays on: each honest record of the session before the stop audits clean.
    for (const i of honest)
      expect(auditRiscRecord(game.records[i]!.map((l) => JSON.stringify(l)).join('\n')).violations).toEqual([]);
    return;
  }
  const results = honest.map((i) => {
    const result = game.results[i];
    if (result === null || result === undefined || !result.ok)
      throw new Error(`peer ${i} did not finish: ${JSON.stringify(result)}`);
    return result;
  });
  const winner = results[0]!.state.winner;
  const caught = results.some((r) => r.found.length > 0);
  for (const [k, result] of results.entries()) {
    expect(result.state.winner).toBe(winner);
    expect(result.state.owner).toEqual(results[0]!.state.owner);
    for (const v of result.found) expect(v.player).toBe(rogue);
    for (const p of result.neutral) expect([rogue, gone]).toContain(p);
    const audit = auditRiscRecord(game.records[honest[k]!]!.map((l) => JSON.stringify(l)).join('\n'));
    expect(audit.violations).toEqual([]);
    expect(audit.state!.winner).toBe(winner);
    if (caught) expect(result.state.expelled[rogue]).toBe(true);
    // The seat that dropped out: voted neutral before it came back, out of the game (lost) already,
    // or the game ended while it was away.
    if (gone !== null && verdicts.at(-1) !== 'after-end')
      expect(result.neutral.includes(gone) || result.state.expelled[gone] || result.state.lost[gone]).toBe(true);
    if (verdicts.at(-1) === 'after-end') expect(result.state.phase).toBe('over');
  }
  if (caught) expect(winner).not.toBe(rogue);
}

describe('RISC: one rogue with random misbehaviour, over the mesh session', () => {
  it('cannot split a game or win it by breaking a rule', async () => {
    verdicts.length = 0;
    tables.length = 0;
    await fc.assert(
      fc.asyncProperty(chaosSeed, chaosPlayers, chaosRates, fc.constantFrom<Fault>(...FAULTS), oneRiscRogue),
      // Four runs at least, so that the four faults (a seat back, a table resumed) show up.
      { numRuns: Math.max(4, Math.round(RUNS / 2)), seed: 20261128 },
    );
    expect(verdicts).toContain('back');
    expect(tables).toContain('resumed');
  }, 600_000);

  // Cases the property once found, kept as they were found.
  it.each([
    // An observer (eliminated) waiting in a turn's draw for the rogue's dice number, withheld from
    // it alone, voted from far behind: the others handed on only their last round's lines, and it
    // waited for ever.
    [297718544, 3, { ...NO_CHAOS, delay: 0.01, duplicate: 0.01, reorder: 0.002, corrupt: 0.002 }],
  ] as const)('seed %i with %i players', (seed, players, rates) => oneRiscRogue(seed, players, rates), 120_000);

  // Cases the fault "stop, resume, then crash and rejoin" found (reorder 0.05, 3 players), kept as
  // they were found: the table resumes, and what became of the seat that dropped out of it.
  it.each([
    // Player 0 came back late in its window: the rejoin waited for the rogue's last history chunk
    // (held back by a reorder) and checked out, but the others' votes had come to a quorum
    // meanwhile, before it acknowledged anything. It was judged 'back' and then found neutral: it is
    // as voted out. Since the resume is agreed in rounds (resume.md), the same seed plays otherwise
    // and the seat is back; the judge's rule is pinned by resumed-rejoin.test.ts (classic, seed 503).
    [2147352532, 'back'],
    // The seat came back after the game had ended at the others (its part of the last turn done):
    // every peer refused it ("the game is over for this peer"), which the judge took for a failed
    // rejoin. It is an accepted outcome, as a game over before the drop is; the others finish on one
    // outcome.
    [2147353094, 'after-end'],
    // Player 1 sealed its orders in the resumed session and dropped out as its commitment left: it
    // reached the rogue only, which left it out of the history it sent back. The seat, asked again,
    // sealed new orders: a second commitment for the same point, which the rogue showed as proof
    // ("signed two different moves for sequence point 46"): the honest seat was expelled and the
    // rogue won. It now commits to the orders its record sealed, the same line.
    [2147352605, 'back'],
  ] as const)(
    'seed %i with 3 players, a seat drops out of the resumed session: %s',
    async (seed, verdict) => {
      verdicts.length = 0;
      tables.length = 0;
      await oneRiscRogue(seed, 3, { ...NO_CHAOS, reorder: 0.05 }, 'resume-rejoin');
      expect(tables).toEqual(['resumed']);
      expect(verdicts).toEqual([verdict]);
    },
    120_000,
  );
});

/** bench:chaos's default settings (bench/chaos.ts), for replaying the games it found. */
const BENCH_SETTINGS = {
  seed: 0,
  noDrops: false,
  ackMs: 1000,
  moveMs: 3000,
  stallMs: 90_000,
  maxMs: 600_000,
  dump: '',
  dumpLines: 0,
  classicOnly: false,
};

describe('games bench:chaos found, replayed on fake timers', () => {
  const settings = { ...BENCH_SETTINGS, classicOnly: true };
  it.each([
    // Seed 3, game 74: the rogue's early stage-2 vote against a crashed player reached one honest
    // peer before that player's last acknowledgement (which let the vote lapse there) and the
    // other after it. The other proposed the neutralisation with that vote as evidence; the first
    // had seen the line and did not count it again, so it stayed behind and was timed out.
    [3, 74],
  ])(
    'seed %i, game %i: the honest peers finish on one outcome, none of them timed out',
    async (seed, index) => {
      const setup = gameSetup(index, { ...settings, seed }, noMisbehaviour());
      const game = await playMemoryGame(setup.options);
      honestAgreement(game, setup.honest);
      for (const i of setup.honest) {
        expect(game.results[i]!.outcome).not.toBe('neutralised');
        for (const v of game.results[i]!.violations) expect(v.player).toBe(setup.rogueId);
      }
    },
    120_000,
  );
});

describe('games bench:chaos found with a crash then rejoin, replayed on fake timers', () => {
  const settings = BENCH_SETTINGS;
  it.each([
    // The returning seat's record was audited from the game's start as that seat, the history it
    // took read in its sender's order: a rogue's move judged early on (pipelining, seed 20, game
    // 38; an equivocation taken back, seed 18, game 22) came out otherwise than it had for the
    // sender, and its audit found the game not ended. It is now audited as its session ran: the
    // history it kept replayed as its sender, then its own replica from the point it went on from.
    [20, 38],
    [18, 22],
    // The returning seat read the history it took (acks from the game's start, long settled) as
    // faults of the links it came on, cut its link to the honest peer and lost contact; both
    // honest peers ended without a winner, a point apart. A checked history's lines are no longer
    // held against any link (seed 32, game 37: copied commitment, dice chains, pipelining).
    [32, 37],
  ])(
    'seed %i, game %i: the returning seat is back, and its record blames no one honest',
    async (seed, index) => {
      const setup = gameSetup(index, { ...settings, seed }, noMisbehaviour());
      const game = await playMemoryGame(setup.options);
      expect(game.seatBack).not.toBeNull();
      expect(seatBackVerdict(game.seatBack!)).toBe('back');
      const { winner } = honestAgreement(game, setup.honest);
      for (const i of setup.honest) {
        const audit = game.audits[i]!;
        for (const v of audit.violations) expect(v.player).toBe(setup.rogueId);
        expect(audit.state!.winner).toBe(winner);
      }
    },
    120_000,
  );
});
