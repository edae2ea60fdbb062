// One test (or a few) per RISC rule: map, start, placement, order legality, execution.
import { describe, expect, it } from 'vitest';
import riscFile from '../../../src/model/boards/risc.json' with { type: 'json' };
import {
  checkOrders,
  checkPlacement,
  executePlacement,
  executeTurn,
  fight,
  limitWinner,
  loadRiscMap,
  type RiscOrder,
  riscMap,
  startRisc,
  territoriesOf,
} from '../../../src/model/risc/index.js';
import { pathBoard, scriptedDice, stateOn } from './helpers.js';

const move = (from: number, to: number, units: number): RiscOrder => ({ kind: 'move', from, to, units });
const attack = (from: number, to: number, units: number): RiscOrder => ({ kind: 'attack', from, to, units });
const board = pathBoard();
/** A map file as far as the spoilers below care: only its RISC groups get changed. */
type MapFile = { risc_groups?: unknown };

describe('the RISC map', () => {
  it('is a valid class map file with equal connected starting groups of at least 6 for 2, 3 and 4 players', () => {
    const map = riscMap();
    expect(map.board.territories).toHaveLength(24);
    for (const n of [2, 3, 4]) {
      const groups = map.groups[n]!;
      expect(groups).toHaveLength(n);
      expect(new Set(groups.flat()).size).toBe(24);
      for (const g of groups) {
        expect(g.length).toBe(24 / n);
        expect(g.length).toBeGreaterThanOrEqual(6);
        // connected within the group, so moves inside a starting group are possible
        const seen = new Set([g[0]!]);
        const queue = [g[0]!];
        while (queue.length)
          for (const x of map.board.adjacency[queue.pop()!]!)
            if (g.includes(x) && !seen.has(x)) seen.add(x), queue.push(x);
        expect(seen.size).toBe(g.length);
      }
    }
  });

  it.each([
    ['missing groups', (m: MapFile) => delete m.risc_groups, /risc_groups is missing/],
    [
      'too small groups',
      (m: MapFile) =>
        (m.risc_groups = {
          '4': [
            [0, 1, 2, 3, 4, 5],
            [6, 7, 8, 9, 10, 11],
            [12, 13, 14, 15, 16],
            [17, 18, 19, 20, 21, 22, 23],
          ],
        }),
      /differ in size/,
    ],
    [
      'groups under 6',
      (m: MapFile) =>
        (m.risc_groups = { '6': [0, 1, 2, 3, 4, 5].map((i) => [4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3]) }),
      /at least 6/,
    ],
    [
      'overlap',
      (m: MapFile) =>
        (m.risc_groups = {
          '2': [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
            [0, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23],
          ],
        }),
      /in two groups/,
    ],
    [
      'wrong count',
      (m: MapFile) =>
        (m.risc_groups = {
          '3': [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
            [12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23],
          ],
        }),
      /2 groups for 3 players/,
    ],
    ['bad key', (m: MapFile) => (m.risc_groups = { two: [] }), /risc_groups/],
  ])('rejects a map with %s', (_name, spoil, reason) => {
    const copy = structuredClone(riscFile);
    spoil(copy);
    const loaded = loadRiscMap(copy);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.reason).toMatch(reason);
  });
});

describe('start and placement', () => {
  it('gives player i starting group i and no units yet', () => {
    const s = startRisc(riscMap(), ['a', 'b', 'c']);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    for (const p of [0, 1, 2]) expect(territoriesOf(s.value, p)).toEqual(riscMap().groups[3]![p]);
    expect(s.value.units.every((u) => u === 0)).toBe(true);
    expect(s.value.phase).toBe('placement');
  });

  it('refuses a player count the map has no groups for', () => {
    const s = startRisc(riscMap(), ['a', 'b', 'c', 'd', 'e']);
    expect(s).toEqual({ ok: false, reason: 'this map has starting groups for 2, 3, 4 players, not 5' });
  });

  it('places exactly the starting units, on own territories only, each territory once; everyone at once', () => {
    const s = startRisc(riscMap(), ['a', 'b'], 12);
    if (!s.ok) throw new Error(s.reason);
    const mine = territoriesOf(s.value, 0);
    const theirs = territoriesOf(s.value, 1);
    expect(checkPlacement(s.value, 0, [{ territory: mine[0]!, units: 12 }]).ok).toBe(true);
    expect(checkPlacement(s.value, 0, [{ territory: mine[0]!, units: 11 }])).toMatchObject({
      ok: false,
      reason: /exactly 12/,
    });
    expect(checkPlacement(s.value, 0, [{ territory: mine[0]!, units: 13 }])).toMatchObject({
      ok: false,
      reason: /exactly 12/,
    });
    expect(checkPlacement(s.value, 0, [{ territory: theirs[0]!, units: 12 }])).toMatchObject({
      ok: false,
      reason: /not yours/,
    });
    expect(
      checkPlacement(s.value, 0, [
        { territory: mine[0]!, units: 6 },
        { territory: mine[0]!, units: 6 },
      ]),
    ).toMatchObject({ ok: false, reason: /twice/ });
    expect(
      checkPlacement(s.value, 0, [
        { territory: mine[0]!, units: 13 },
        { territory: mine[1]!, units: -1 },
      ]),
    ).toMatchObject({ ok: false, reason: /0 or more/ });
    const placed = executePlacement(s.value, [[{ territory: mine[0]!, units: 12 }], []]).state;
    expect(placed.units[mine[0]!]).toBe(12);
    // an empty placement (a timeout) spreads the units evenly
    expect(theirs.map((t) => placed.units[t])).toEqual(theirs.map(() => 1));
    expect(placed.phase).toBe('orders');
    expect(placed.turn).toBe(1);
  });
});

describe('order legality', () => {
  // P0 holds 0,1,2,6; P1 holds 3,4,5
  const s = stateOn(board, [0, 0, 0, 1, 1, 1, 0], [5, 5, 5, 5, 5, 5, 5]);

  it('moves along a path of own territories only', () => {
    expect(checkOrders(s, 0, [move(0, 6, 3)]).ok).toBe(true); // 0-1-2-6
    const cut = stateOn(board, [0, 1, 0, 1, 1, 1, 0], [5, 5, 5, 5, 5, 5, 5]);
    expect(checkOrders(cut, 0, [move(0, 2, 1)])).toMatchObject({ ok: false, reason: /no path/ });
    expect(checkOrders(s, 0, [move(0, 3, 1)])).toMatchObject({ ok: false, reason: /not yours \(attack/ });
  });

  it('attacks only an adjacent territory of another player', () => {
    expect(checkOrders(s, 0, [attack(2, 3, 5)]).ok).toBe(true);
    expect(checkOrders(s, 0, [attack(0, 3, 1)])).toMatchObject({ ok: false, reason: /not next to/ });
    expect(checkOrders(s, 0, [attack(0, 1, 1)])).toMatchObject({ ok: false, reason: /is yours/ });
    expect(checkOrders(s, 0, [attack(3, 2, 1)])).toMatchObject({ ok: false, reason: /not yours/ });
  });

  it('never uses a unit twice nor creates one', () => {
    expect(checkOrders(s, 0, [attack(2, 3, 3), move(2, 1, 2)]).ok).toBe(true);
    expect(checkOrders(s, 0, [attack(2, 3, 3), move(2, 1, 3)])).toMatchObject({
      ok: false,
      reason: /6 units would leave/,
    });
    expect(checkOrders(s, 0, [attack(2, 3, 6)])).toMatchObject({ ok: false, reason: /which has 5/ });
    // units that moved in may not leave again
    expect(checkOrders(s, 0, [move(1, 2, 5), attack(2, 3, 6)])).toMatchObject({ ok: false, reason: /which has 5/ });
    expect(checkOrders(s, 0, [move(1, 2, 0)])).toMatchObject({ ok: false, reason: /1 or more/ });
    expect(checkOrders(s, 0, [move(1, 2, 1.5)])).toMatchObject({ ok: false, reason: /1 or more/ });
    expect(checkOrders(s, 0, [move(1, 1, 1)])).toMatchObject({ ok: false, reason: /same territory/ });
    expect(checkOrders(s, 0, [move(1, 99, 1)])).toMatchObject({ ok: false, reason: /no territory 99/ });
  });

  it('gives a player who is out no orders', () => {
    const out = { ...s, lost: [false, true] };
    expect(checkOrders(out, 1, [attack(3, 2, 1)])).toMatchObject({ ok: false, reason: /out/ });
    expect(checkOrders(out, 1, []).ok).toBe(true);
  });
});

describe('execution', () => {
  it('runs moves first: units moving out do not defend, units moving in do', () => {
    // P0: 0,1,2,6 ; P1: 3,4,5. P0 moves 4 from 2 to 0; P1 attacks 2 with 3 units.
    const s = stateOn(board, [0, 0, 0, 1, 1, 1, 0], [1, 1, 5, 5, 1, 1, 1]);
    // after the move, 2 holds 1 defender; P1's 3 attackers: attacker rolls 20 vs 1 → defender dies
    const dice = scriptedDice([20, 1]);
    const r = executeTurn(s, [[move(2, 0, 4)], [attack(3, 2, 3)]], dice);
    expect(r.state.owner[2]).toBe(1);
    expect(r.state.units[2]).toBe(3 + 1); // three arrive, +1 growth
    expect(r.state.units[0]).toBe(1 + 4 + 1);
    expect(dice.facesLeft()).toBe(0);

    // moving in defends: 1 on 2 plus 4 moved in from 1 = 5 defenders against 1 attacker
    const s2 = stateOn(board, [0, 0, 0, 1, 1, 1, 0], [1, 4, 1, 5, 1, 1, 1]);
    const r2 = executeTurn(s2, [[move(1, 2, 4)], [attack(3, 2, 1)]], scriptedDice([20, 1, 1, 20]));
    expect(r2.state.owner[2]).toBe(0);
    expect(r2.state.units[2]).toBe(4 + 1);
  });

  it('sends all attackers at once: a territory emptied by its own attack falls without a roll', () => {
    const s = stateOn(board, [0, 0, 0, 1, 1, 1, 0], [1, 1, 3, 2, 1, 1, 1]);
    // P0 attacks 3 from 2 with all 3; P1 attacks 2 from 3 with both 2: they miss each other
    const dice = scriptedDice([]);
    const r = executeTurn(s, [[attack(2, 3, 3)], [attack(3, 2, 2)]], dice);
    expect(r.state.owner[2]).toBe(1);
    expect(r.state.units[2]).toBe(2 + 1);
    expect(r.state.owner[3]).toBe(0);
    expect(r.state.units[3]).toBe(3 + 1);
    expect(r.events.filter((e) => e.kind === 'battle').map((e) => e.kind === 'battle' && e.rolls)).toEqual([0, 0]);
  });

  it('makes X→Y and Y→X forces miss each other: each fights those who stayed home', () => {
    const s = stateOn(board, [0, 0, 0, 1, 1, 1, 0], [1, 1, 3, 3, 1, 1, 1]);
    // P0 2→3 with 2 (1 stays), P1 3→2 with 2 (1 stays). Target 2 first (ascending): P1's 2 vs 1 defender.
    // 2: roll 20 vs 1 → defender dead, P1 takes 2 with 2. 3: P0's 2 vs 1: roll 1 vs 20 → P0 loses one; 20 vs 1 → P0 takes 3 with 1.
    const r = executeTurn(s, [[attack(2, 3, 2)], [attack(3, 2, 2)]], scriptedDice([20, 1, 1, 20, 20, 1]));
    expect([r.state.owner[2], r.state.units[2]]).toEqual([1, 3]);
    expect([r.state.owner[3], r.state.units[3]]).toEqual([0, 2]);
  });

  it("joins one player's attacks on one territory into one force", () => {
    // P0 holds 2 and 4 (not 6 here), attacks 3 from both: one force of 2+2
    const s = stateOn(board, [0, 0, 0, 1, 0, 1, 1], [1, 1, 3, 1, 3, 1, 1]);
    const r = executeTurn(s, [[attack(2, 3, 2), attack(4, 3, 2)], []], scriptedDice([1, 20, 20, 1]));
    const battle = r.events.find((e) => e.kind === 'battle');
    expect(battle).toMatchObject({
      attackers: [{ player: 0, units: 4 }],
      defender: { player: 1, units: 1 },
      rolls: 2,
      winner: { player: 0, units: 3 },
    });
  });

  it('lists the holder first, then the attackers in the order the dice shuffle them, each player once (§5c)', () => {
    // 3 players. P2 holds 3 with 2 units; P0 attacks from 2 with 2, P1 from 4 with 2.
    const s = stateOn(board, [0, 0, 0, 2, 1, 1, 0], [1, 1, 3, 2, 3, 1, 1]);
    const orders = [[attack(2, 3, 2)], [attack(4, 3, 2)], []];
    // The first entry of each fight loses (the attacker's die is thrown first against the holder):
    // (P2,P1) P2→1, (P1,P0) P1→1, (P0,P2) P0→1, (P2,P1) P2 out, then (P1,P0): P1 out. P0 holds 3 with 1.
    const faces = [20, 1, 1, 20, 1, 20, 20, 1, 1, 20];
    const battleOf = (r: ReturnType<typeof executeTurn>) => r.events.find((e) => e.kind === 'battle');
    const r = executeTurn(s, orders, scriptedDice(faces, [[1, 0]]));
    expect(battleOf(r)).toMatchObject({
      defender: { player: 2, units: 2 },
      attackers: [
        { player: 1, units: 2 },
        { player: 0, units: 2 },
      ],
      list: [
        { player: 2, units: 2 },
        { player: 1, units: 2 },
        { player: 0, units: 2 },
      ],
      out: [
        { player: 2, afterRolls: 4 },
        { player: 1, afterRolls: 5 },
      ],
      rolls: 5,
      winner: { player: 0, units: 1 },
    });
    // The other order of the attackers: same faces, P1 holds it.
    expect(battleOf(executeTurn(s, orders, scriptedDice(faces, [[0, 1]])))).toMatchObject({
      list: [{ player: 2 }, { player: 0 }, { player: 1 }],
      winner: { player: 1, units: 1 },
    });
  });

  it('pairs the list round the ring: 0 against 1, 1 against 2, …, the last against 0, then 0 and 1 again', () => {
    // Holder A (player 0) with 5; attackers B (1) and C (2) with 1 each. The first entry always loses.
    // (A,B): A→4. (B,C): B out — attackers fight each other, not only the holder. Ring [A, C]: the
    // next fight begins at the entry that followed B, C: (C,A): C out. A holds with 4.
    const r = fight(
      { player: 0, units: 5 },
      [
        { player: 1, units: 1 },
        { player: 2, units: 1 },
      ],
      scriptedDice([20, 1, 1, 20, 1, 20]),
    );
    expect(r).toEqual({
      winner: { player: 0, units: 4 },
      rolls: 3,
      list: [
        { player: 0, units: 5 },
        { player: 1, units: 1 },
        { player: 2, units: 1 },
      ],
      out: [
        { player: 1, afterRolls: 2 },
        { player: 2, afterRolls: 3 },
      ],
    });
    // Four entries, the second entry always loses: (0,1) 1→1, (1,2) 2→1, (2,3) 3→1, (3,0) 0→2,
    // (0,1) 1 out; ring [0,2,3], next after 0: (2,3) 3 out; ring [0,2], next after 2: (0,2) 2 out.
    const four = fight(
      { player: 0, units: 3 },
      [
        { player: 1, units: 2 },
        { player: 2, units: 2 },
        { player: 3, units: 2 },
      ],
      scriptedDice([1, 20, 20, 1, 20, 1, 20, 1, 1, 20, 20, 1, 1, 20]),
    );
    expect(four.out).toEqual([
      { player: 1, afterRolls: 5 },
      { player: 3, afterRolls: 6 },
      { player: 2, afterRolls: 7 },
    ]);
    expect(four.winner).toEqual({ player: 0, units: 2 });
  });

  it('leaves a holder with no units at home out of the list: the attackers fight each other for it', () => {
    // P0 and P1 both attack 3, which P2 emptied by attacking 5 with everything.
    const s = stateOn(board, [0, 0, 0, 2, 1, 1, 0], [1, 1, 3, 2, 3, 1, 1]);
    const r = executeTurn(
      s,
      [[attack(2, 3, 2)], [attack(4, 3, 2)], [attack(3, 4, 2)]],
      // 3: P0 wins both fights, (P0,P1) and (P1,P0); then 4: P2 beats P1's one unit at home.
      scriptedDice([20, 1, 1, 20, 20, 1], [[0, 1]]),
    );
    const battle = r.events.find((e) => e.kind === 'battle' && e.territory === 3);
    expect(battle).toMatchObject({
      defender: { player: 2, units: 0 },
      list: [
        { player: 0, units: 2 },
        { player: 1, units: 2 },
      ],
      out: [{ player: 1, afterRolls: 2 }],
      winner: { player: 0, units: 2 },
    });
  });

  it('gives ties to the holder; a tie between two attackers is thrown again', () => {
    expect(fight({ player: 1, units: 1 }, [{ player: 0, units: 1 }], scriptedDice([7, 7]))).toMatchObject({
      winner: { player: 1, units: 1 },
      rolls: 1,
    });
    expect(fight({ player: 1, units: 1 }, [{ player: 0, units: 1 }], scriptedDice([8, 7]))).toMatchObject({
      winner: { player: 0, units: 1 },
      rolls: 1,
    });
    // No holder at home: attackers 0 and 1 tie, throw again, and 0 loses (one fight, one unit).
    expect(
      fight(
        { player: 2, units: 0 },
        [
          { player: 0, units: 1 },
          { player: 1, units: 1 },
        ],
        scriptedDice([9, 9, 3, 4]),
      ),
    ).toMatchObject({ winner: { player: 1, units: 1 }, rolls: 1, out: [{ player: 0, afterRolls: 1 }] });
    // One attacker against the holder: the classic one-on-one battle, to the last unit.
    expect(
      fight({ player: 1, units: 2 }, [{ player: 0, units: 3 }], scriptedDice([5, 6, 9, 2, 3, 3, 19, 4])),
    ).toMatchObject({
      winner: { player: 0, units: 1 },
      rolls: 4,
    });
  });

  it('adds one unit to every territory after execution', () => {
    const s = stateOn(board, [0, 0, 0, 1, 1, 1, 0], [0, 2, 5, 5, 0, 1, 3]);
    const r = executeTurn(s, [[], []], scriptedDice([]));
    expect(r.state.units).toEqual([1, 3, 6, 6, 1, 2, 4]);
    expect(r.state.turn).toBe(2);
  });

  it('puts out a player with no territories and announces the one holding everything', () => {
    const s = stateOn(board, [0, 0, 0, 1, 0, 0, 0], [1, 1, 3, 1, 1, 1, 1]);
    const r = executeTurn(s, [[attack(2, 3, 3)], []], scriptedDice([20, 1]));
    expect(r.state.lost).toEqual([false, true]);
    expect(r.state.phase).toBe('over');
    expect(r.state.winner).toBe(0);
    expect(r.events.filter((e) => e.kind === 'lost' || e.kind === 'won')).toEqual([
      { kind: 'lost', player: 1 },
      { kind: 'won', player: 0 },
    ]);
  });

  it('keeps a lost player out while the others play on', () => {
    const s = stateOn(board, [0, 0, 0, 2, 2, 1, 2], [1, 1, 3, 1, 1, 1, 1], 3);
    const r = executeTurn(s, [[], [attack(5, 4, 1)], []], scriptedDice([1, 20]));
    expect(r.state.lost).toEqual([false, false, false]);
    const r2 = executeTurn(s, [[], [], [attack(4, 5, 1)]], scriptedDice([20, 1]));
    expect(r2.state.lost).toEqual([false, true, false]);
    expect(r2.state.phase).toBe('orders');
    expect(checkOrders(r2.state, 1, [attack(5, 4, 1)]).ok).toBe(false);
  });

  it('ends the game at the agreed turn limit: most territories wins, then most units, else a draw', () => {
    // P0 holds 4 territories, P1 3: at the limit (turn 1 here) P0 wins.
    const s = { ...stateOn(board, [0, 0, 0, 1, 1, 1, 0], [1, 1, 1, 1, 1, 1, 1]), turnLimit: 1 };
    const r = executeTurn(s, [[], []], scriptedDice([]));
    expect(r.state).toMatchObject({ phase: 'over', winner: 0 });
    expect(r.events).toEqual([{ kind: 'limit', turn: 1, winner: 0 }]);
    // Before the limit nothing ends.
    expect(executeTurn({ ...s, turnLimit: 2 }, [[], []], scriptedDice([])).state.phase).toBe('orders');
    // Equal territories: more units wins; equal units too: a draw (no winner).
    const even = stateOn(board, [0, 0, 0, 1, 1, 1, 2], [1, 1, 1, 1, 1, 2, 9], 3);
    expect(limitWinner(even)).toBe(1);
    expect(limitWinner({ ...even, units: [1, 1, 1, 1, 1, 1, 9] })).toBeNull();
    // An expelled player cannot win by the limit.
    expect(limitWinner({ ...even, expelled: [false, true, false] })).toBe(0);
    expect(startRisc(riscMap(), ['a', 'b'], 30, 0)).toMatchObject({ ok: false, reason: /turn limit/ });
  });

  it('refuses to execute illegal orders (a bug in the caller)', () => {
    const s = stateOn(board, [0, 0, 0, 1, 1, 1, 0], [1, 1, 3, 1, 1, 1, 1]);
    expect(() => executeTurn(s, [[attack(2, 3, 4)], []], scriptedDice([]))).toThrow(/illegal orders for player 0/);
  });
});
