// Local RISC games through commit/reveal, their records, and the auditor on honest and tampered records.
import { describe, expect, it } from 'vitest';
import { botSeats } from '../../src/ai/risc/seat.js';
import { auditRiscRecord } from '../../src/audit/risc.js';
import type { RiscRecordLine } from '../../src/core/risc/record.js';
import { territoriesOf } from '../../src/model/risc/index.js';
import { boundCommitment, bytesToHex } from '../../src/protocol/commitment.js';
import { sealOrders } from '../../src/protocol/risc-orders.js';
import { type RiscSeat, runRiscLocal } from '../../src/sessions/risc-local.js';

async function recordedGame(names: string[], kinds: ('easy' | 'hard')[], seed: number) {
  const lines: RiscRecordLine[] = [];
  const result = await runRiscLocal({
    seats: botSeats(names, kinds, seed),
    seed,
    game: `g${seed}`,
    turnCap: 300,
    onRecord: (l) => lines.push(l),
  });
  return { result, lines, text: `${lines.map((l) => JSON.stringify(l)).join('\n')}\n` };
}

describe('local RISC games', () => {
  it.each([
    [
      ['A', 'B'],
      ['hard', 'easy'],
    ],
    [
      ['A', 'B', 'C'],
      ['hard', 'easy', 'easy'],
    ],
    [
      ['A', 'B', 'C', 'D'],
      ['hard', 'easy', 'hard', 'easy'],
    ],
  ] as const)(
    'bots reach a winner through commit/reveal with %s, and the record audits clean',
    async (names, kinds) => {
      const { result, text } = await recordedGame([...names], [...kinds], 3);
      expect(result.stopped).toBe('won');
      expect(result.violations).toEqual([]);
      const audit = auditRiscRecord(text);
      expect(audit.violations).toEqual([]);
      expect(audit.state?.winner).toBe(result.state.winner);
      expect(audit.state?.owner).toEqual(result.state.owner);
      expect(audit.turnsExecuted).toBe(result.state.turn - 1);
      expect(audit.rolls).toBeGreaterThan(0);
      expect(audit.stoppedAt).toBeNull();
    },
  );

  it('gives a seat that does not answer in time the empty order set, and records the timeout', async () => {
    const [bot] = botSeats(['Bot'], ['hard'], 1);
    const sleeper: RiscSeat = {
      name: 'Zzz',
      kind: 'human',
      place: () => new Promise(() => {}),
      orders: () => new Promise(() => {}),
    };
    const lines: RiscRecordLine[] = [];
    const result = await runRiscLocal({
      seats: [bot!, sleeper],
      seed: 1,
      game: 'gt',
      timeoutMs: 5,
      turnCap: 3,
      onRecord: (l) => lines.push(l),
    });
    expect(result.stopped).toBe('turn-cap');
    const timeouts = lines.filter((l) => l.command === 'risc_timeout');
    expect(timeouts).toHaveLength(4); // placement + 3 turns
    // the sleeper's units were spread evenly at placement
    const mine = territoriesOf(result.state, 1);
    expect(mine.length).toBeGreaterThan(0);
    expect(auditRiscRecord(lines.map((l) => JSON.stringify(l)).join('\n')).violations).toEqual([]);
  });

  it('stops when a person leaves', async () => {
    const [bot] = botSeats(['Bot'], ['easy'], 1);
    const leaver: RiscSeat = { name: 'Ann', kind: 'human', place: async () => null, orders: async () => null };
    expect((await runRiscLocal({ seats: [leaver, bot!], seed: 1 })).stopped).toBe('left');
  });
});

describe('the RISC auditor', () => {
  it('finds a reveal changed after the fact, a forged dice seed, bad lines and a missing header', async () => {
    const { lines } = await recordedGame(['A', 'B'], ['hard', 'easy'], 5);
    const text = (ls: unknown[]) => ls.map((l) => JSON.stringify(l)).join('\n');

    // 1. a reveal whose orders were edited: no longer matches its commitment
    const edited = structuredClone(lines);
    const i = edited.findIndex(
      (l) => l.command === 'risc_reveal' && l.payload.stage === 'orders' && l.payload.orders.length > 0,
    );
    const reveal = edited[i];
    if (reveal?.command !== 'risc_reveal' || reveal.payload.stage !== 'orders')
      throw new Error('no reveal with orders');
    reveal.payload.orders[0]!.units += 1;
    const a1 = auditRiscRecord(text(edited));
    expect(a1.violations[0]).toMatchObject({ line: i + 1, kind: 'reveal-mismatch', player: reveal.player_id });

    // 2. a different dice seed: the replayed board differs from the recorded one
    const forged = structuredClone(lines);
    const d = forged.findIndex((l) => l.command === 'risc_dice'); // turn 1 of this seed has battles
    const dice = forged[d];
    if (dice?.command !== 'risc_dice' || !('seed' in dice.payload)) throw new Error('no offline dice line');
    dice.payload.seed = (dice.payload.seed + 1) % 2 ** 32;
    const a2 = auditRiscRecord(text(forged));
    expect(a2.violations.some((v) => v.kind === 'state-mismatch')).toBe(true);

    // 3. garbage and unknown lines are reported with their line numbers; the replay goes on
    const a3 = auditRiscRecord(
      text([lines[0], 'not json', { command: 'risc_commit', payload: {}, player_id: 0 }, ...lines.slice(1)]).replace(
        '"not json"',
        'not json',
      ),
    );
    expect(a3.violations.map((v) => v.line)).toEqual([2, 3]);
    expect(a3.state?.winner).not.toBeNull();

    // 4. no header
    expect(auditRiscRecord(text(lines.slice(1))).violations[0]).toMatchObject({ line: 1, reason: /risc_game header/ });
    expect(auditRiscRecord('').violations[0]).toMatchObject({ reason: 'empty record' });
  });

  it('refuses a record of version 1 (before the ring battle and the turn limit), saying why', () => {
    const old = {
      command: 'risc_game',
      payload: { version: 1, game: 'g', map: 'risc', players: ['A', 'B'], start_units: 12 },
    };
    const audit = auditRiscRecord(JSON.stringify(old));
    expect(audit.state).toBeNull();
    expect(audit.violations[0]!.reason).toMatch(
      /payload\.version: this program reads RISC records of version 2 \(the §5c ring battle and the turn limit\)/,
    );
  });

  it('finds a commitment made after the orders were seen (a late commit after a timeout)', () => {
    const header = {
      command: 'risc_game',
      payload: { version: 2, game: 'g', map: 'risc', players: ['A', 'B'], start_units: 12, turn_limit: null },
    };
    const a = sealOrders({ game: 'g', turn: 0, player: 0 }, { stage: 'placement', placement: [] });
    const b = sealOrders({ game: 'g', turn: 0, player: 1 }, { stage: 'placement', placement: [] });
    const timeout = { command: 'risc_timeout', payload: { game: 'g', turn: 0, stage: 'placement', players: [1] } };
    const audit = auditRiscRecord(
      [header, a.commit, a.reveal, timeout, b.commit].map((l) => JSON.stringify(l)).join('\n'),
    );
    // the placement executed at the timeout, so B's commit belongs to a round that is over
    expect(audit.violations).toEqual([
      { line: 5, player: 1, kind: 'record', reason: 'risc_commit for placement of turn 0, which is over' },
    ]);
  });

  it('checks networked dice: every number against its bound commitment', async () => {
    const { lines } = await recordedGame(['A', 'B'], ['hard', 'easy'], 9);
    const numbers = [0, 1].map((player) => {
      const n = new Uint8Array(32).fill(player + 1);
      return { player, number: bytesToHex(n), hash: boundCommitment(n, { gameId: 'g9', round: 1, player }) };
    });
    const firstDice = lines.findIndex((l) => l.command === 'risc_dice');
    const cut = lines.slice(0, firstDice);
    const good = [...cut, { command: 'risc_dice', payload: { game: 'g9', turn: 1, numbers } }];
    const audit = auditRiscRecord(good.map((l) => JSON.stringify(l)).join('\n'));
    expect(audit.violations).toEqual([]);
    expect(audit.diceRounds).toBe(1);
    const bad = [
      ...cut,
      {
        command: 'risc_dice',
        payload: { game: 'g9', turn: 1, numbers: [{ ...numbers[0]!, number: 'ff'.repeat(32) }, numbers[1]] },
      },
    ];
    expect(auditRiscRecord(bad.map((l) => JSON.stringify(l)).join('\n')).violations[0]).toMatchObject({
      kind: 'dice-commitment',
      player: 0,
    });
    const short = [...cut, { command: 'risc_dice', payload: { game: 'g9', turn: 1, numbers: [numbers[0]] } }];
    expect(auditRiscRecord(short.map((l) => JSON.stringify(l)).join('\n')).violations).toEqual([
      { line: cut.length + 1, player: 1, kind: 'dice-commitment', reason: 'turn 1: no dice number from player 1' },
    ]);
  });
});
