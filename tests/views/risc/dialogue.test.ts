// The RISC questions and answers shared by the plain and Ink clients.
import { describe, expect, it } from 'vitest';
import { executePlacement, type RiscState, riscMap, startRisc, territoriesOf } from '../../../src/model/risc/index.js';
import {
  type Answered,
  answerOrder,
  answerPlacement,
  NEW_PLANNING,
  newPlacing,
  orderPrompt,
  type Planning,
  placementPrompt,
} from '../../../src/views/risc/dialogue.js';
import { findTerritory, stateLines } from '../../../src/views/risc/text.js';

function start(): RiscState {
  const s = startRisc(riscMap(), ['Ann', 'Bob'], 24);
  if (!s.ok) throw new Error(s.reason);
  return s.value;
}

function run(state: RiscState, lines: string[]): { last: Answered; planning: Planning; messages: string[] } {
  let planning = NEW_PLANNING;
  let last: Answered = { kind: 'continue', planning };
  const messages: string[] = [];
  for (const line of lines) {
    last = answerOrder(state, 0, planning, line);
    if (last.kind !== 'continue') break;
    planning = last.planning;
    if (last.message) messages.push(last.message);
  }
  return { last, planning, messages };
}

describe('RISC dialogue', () => {
  const placed = executePlacement(start(), [[], []]).state; // 2 units on each of 12

  it('lists the state per player with units and neighbours', () => {
    const lines = stateLines(placed, 0);
    expect(lines[0]).toBe('Ann (you): 24 units');
    expect(lines[1]).toBe('-'.repeat(lines[0]!.length));
    expect(lines[2]).toBe('  2 units in Narnia (next to: Midkemia, Elantris, Scadrial)');
    expect(lines).toContain('Bob: 24 units');
  });

  it('finds territories by any case, an unambiguous start, or the number', () => {
    expect(findTerritory(placed, 'NARNIA')).toEqual({ ok: true, value: 0 });
    expect(findTerritory(placed, 'sha')).toEqual({ ok: true, value: 21 });
    expect(findTerritory(placed, '3')).toEqual({ ok: true, value: 3 });
    expect(findTerritory(placed, 'e')).toMatchObject({
      ok: false,
      reason: /could be Elantris or Essos or Earthsea or El Dorado/,
    });
    expect(findTerritory(placed, 'Mars')).toMatchObject({ ok: false, reason: 'no territory called "Mars"' });
    expect(findTerritory(placed, 'Elantirs')).toMatchObject({
      ok: false,
      reason: 'no territory called "Elantirs" (did you mean "Elantris"?)',
    });
  });

  it('asks (M)ove, (A)ttack, (D)one and builds orders step by step or in one line', () => {
    expect(orderPrompt(placed, 0, NEW_PLANNING)).toBe(
      'You are Ann, what would you like to do? (0 orders so far)\n(M)ove\n(A)ttack\n(D)one',
    );
    const { last, messages } = run(placed, ['m', 'narnia', 'oz', '2', 'a oz gondor 2', 'd']);
    expect(messages).toEqual(['ok: move 2 from Narnia to Oz', 'ok: attack 2 from Oz to Gondor']);
    expect(last).toEqual({
      kind: 'done',
      orders: [
        { kind: 'move', from: 0, to: 2, units: 2 },
        { kind: 'attack', from: 2, to: 3, units: 2 },
      ],
    });
  });

  it('refuses what the rules refuse, with the reason, and offers undo, list and quit', () => {
    const { planning, messages } = run(placed, [
      ...['a', 'oz', 'narnia', ''], // a wrong answer asks again; an empty line goes back to the menu
      'm narnia gondor 1',
      'a narnia midkemia 1',
      ...['m', 'gondor', 'qq', ''],
      ...['m', 'narnia', 'oz', '3', ''],
      'zz',
      ...['m narnia oz 2', 'l', 'u', 'u'],
    ]);
    expect(messages).toEqual([
      'Narnia is yours (move there instead)',
      'Gondor is not yours (attack it instead)',
      'Narnia has no enemy neighbour to attack: Midkemia, Elantris and Scadrial are all yours',
      'Gondor is not yours',
      'no territory called "qq"',
      'type a number from 1 to 2',
      '"zz"? Type M, A or D (H for help)',
      'ok: move 2 from Narnia to Oz',
      '1. move 2 from Narnia to Oz',
      'undone: move 2 from Narnia to Oz',
      'no orders to undo',
    ]);
    expect(planning.orders).toEqual([]);
    expect(run(placed, ['q']).last).toEqual({ kind: 'quit' });
  });

  it('refuses an attack from a territory with no enemy neighbour, saying why, step by step and in one line', () => {
    // Narnia's neighbours (Midkemia, Elantris, Scadrial) are all Ann's; Oz borders Bob's Gondor.
    const steps = run(placed, ['a', 'narnia']);
    expect(steps.messages).toEqual([
      'Narnia has no enemy neighbour to attack: Midkemia, Elantris and Scadrial are all yours',
    ]);
    expect(steps.planning.step).toEqual({ step: 'from', kind: 'attack' });
    expect(run(placed, ['a narnia gondor 1']).messages).toEqual([
      'Narnia has no enemy neighbour to attack: Midkemia, Elantris and Scadrial are all yours',
    ]);
    expect(run(placed, ['a', 'oz']).planning.step).toEqual({ step: 'to', kind: 'attack', from: 2 });
  });

  it('reads territory codes as well as names', () => {
    expect(findTerritory(placed, 'ELD')).toEqual({ ok: true, value: 22 });
    expect(run(placed, ['m nar mid 1']).messages).toEqual(['ok: move 1 from Narnia to Midkemia']);
  });

  it('never lets a unit be ordered twice', () => {
    const { messages, planning } = run(placed, ['m narnia oz 2', 'm narnia oz 1', 'm', 'narnia']);
    expect(messages[1]).toMatch(/3 units would leave Narnia, which has 2/);
    expect(messages[2]).toBe('no units left to order in Narnia');
    expect(planning.orders).toHaveLength(1);
  });

  it('places one territory at a time; the last takes the rest; auto spreads evenly', () => {
    const s = start();
    let placing = newPlacing(s, 0);
    expect(placementPrompt(s, placing)).toBe('How many units in Narnia? (24 left; "auto" spreads the rest evenly)');
    let r = answerPlacement(s, placing, '20');
    if (r.kind !== 'continue') throw new Error('expected to continue');
    placing = r.placing;
    expect(answerPlacement(s, placing, '5')).toMatchObject({
      kind: 'continue',
      message: 'type a number from 0 to 4, or auto',
    });
    r = answerPlacement(s, placing, 'auto');
    expect(r.kind).toBe('done');
    if (r.kind === 'done') {
      expect(r.placement.reduce((n, p) => n + p.units, 0)).toBe(24);
      expect(r.placement.map((p) => p.territory)).toEqual(territoriesOf(s, 0));
      expect(r.placement.slice(1).map((p) => p.units)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    }
  });
});
