// Each turn told so a person can follow it: a battle round its list, who left, who holds it; the
// moves of each player on one line; long words wrapped whole.
import { describe, expect, it } from 'vitest';
import { executePlacement, type RiscEvent, riscMap, startRisc } from '../../../src/model/risc/index.js';
import { wrap } from '../../../src/views/risc/layout.js';
import { battleLine, turnLines } from '../../../src/views/risc/text.js';

const started = startRisc(riscMap(), ['Ann', 'Bob', 'Cy'], 30, 50);
if (!started.ok) throw new Error(started.reason);
const state = executePlacement(started.value, [[], [], []]).state;
type Battle = Extract<RiscEvent, { kind: 'battle' }>;

describe('RISC turns in words', () => {
  it('tells a battle of several attackers round its list: the holder first, who left after how many fights, who holds it', () => {
    const battle: Battle = {
      kind: 'battle',
      territory: 2, // Oz
      defender: { player: 0, units: 3 },
      attackers: [
        { player: 2, units: 6 },
        { player: 1, units: 4 },
      ],
      list: [
        { player: 0, units: 3 },
        { player: 2, units: 6 },
        { player: 1, units: 4 },
      ],
      out: [
        { player: 0, afterRolls: 5 },
        { player: 1, afterRolls: 11 },
      ],
      rolls: 11,
      winner: { player: 2, units: 2 },
    };
    expect(battleLine(state, battle)).toBe(
      '⚔ Oz: round the list Ann 3 (holder) → Cy 6 → Bob 4; Ann out after 5 fights, Bob out after 11 fights; Cy takes Oz with 2 left',
    );
    // One attacker against the holder; one against an empty territory.
    expect(
      battleLine(state, {
        ...battle,
        attackers: [{ player: 1, units: 4 }],
        list: [battle.list[0]!, battle.list[2]!],
        out: [{ player: 1, afterRolls: 6 }],
        rolls: 6,
        winner: { player: 0, units: 1 },
      }),
    ).toBe("⚔ Oz: Bob attacks with 4 against Ann's 3; 6 fights; Ann holds Oz with 1 left");
    expect(
      battleLine(state, {
        ...battle,
        defender: { player: 0, units: 0 },
        attackers: [{ player: 1, units: 4 }],
        list: [{ player: 1, units: 4 }],
        out: [],
        rolls: 0,
        winner: { player: 1, units: 4 },
      }),
    ).toBe('⚔ Oz: Ann had left it empty; Bob takes it with 4 (no fight)');
  });

  it('puts the battles first, then who is out, then each player’s moves on one line', () => {
    const lines = turnLines(state, 3, [
      { kind: 'move', player: 1, from: 0, to: 1, units: 2 },
      { kind: 'move', player: 1, from: 6, to: 1, units: 1 },
      {
        kind: 'battle',
        territory: 3,
        defender: { player: 0, units: 1 },
        attackers: [{ player: 2, units: 5 }],
        list: [
          { player: 0, units: 1 },
          { player: 2, units: 5 },
        ],
        out: [{ player: 0, afterRolls: 2 }],
        rolls: 2,
        winner: { player: 2, units: 4 },
      },
      { kind: 'limit', turn: 3, winner: 2 },
    ]);
    expect(lines).toEqual([
      'Turn 3:',
      "⚔ Gondor: Cy attacks with 5 against Ann's 1; 2 fights; Cy takes Gondor with 4 left",
      'Turn limit reached after turn 3: Cy holds the most territories and wins!',
      'Bob moves 2 Narnia→Midkemia, 1 Elantris→Midkemia',
    ]);
    expect(turnLines(state, 0, [])).toEqual(['Everyone has placed their units.']);
    expect(turnLines(state, 4, [])).toEqual(['Turn 4:', 'no one moved or attacked']);
  });

  it('wraps words to the width, and splits a word longer than a line instead of cutting it', () => {
    expect(wrap('record: /a/very/long/path/to/a/file.jsonl here', 16)).toEqual([
      'record:',
      '  /a/very/long/p',
      '  ath/to/a/file.',
      '  jsonl here',
    ]);
  });
});
