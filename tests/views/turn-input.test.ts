// The keyboard flows of a turn, without a terminal: every step, Esc back at each one, and the
// action sent only at the end.
import { describe, expect, it } from 'vitest';
import { type Action, apply, classicBoard, type GameState } from '../../src/model/index.js';
import { mapPieces, territoryCode } from '../../src/views/map-layout.js';
import {
  beginInput,
  candidatesFor,
  type Decision,
  type KeyResult,
  onlyAnswer,
  pressKey,
  type TurnInput,
  type UiKey,
} from '../../src/views/turn-input.js';
import { midGame, scriptedDice } from '../helpers.js';

const { positions } = mapPieces();
const code = (t: number) => territoryCode(classicBoard(), t);
const T = Object.fromEntries(classicBoard().territories.map((t) => [t.name, t.id])) as Record<string, number>;

/** Keys as typed: words in braces are named keys, anything else is typed character by character. */
function keys(spec: string): UiKey[] {
  const out: UiKey[] = [];
  for (const part of spec.split(/(\{\w+\})/).filter(Boolean)) {
    const named = /^\{(\w+)\}$/.exec(part);
    if (named) out.push({ name: named[1] as Exclude<UiKey['name'], 'char'> });
    else for (const char of part) out.push({ name: 'char', char });
  }
  return out;
}

/** Presses the keys in order; returns the last input and every action sent on the way. */
function press(
  decision: Decision,
  input: TurnInput,
  spec: string,
): { input: TurnInput; actions: Action[]; last: KeyResult } {
  const actions: Action[] = [];
  let last: KeyResult = { input };
  for (const key of keys(spec)) {
    last = pressKey(decision, last.input, key, positions, code);
    if (last.action) actions.push(last.action);
  }
  return { input: last.input, actions, last };
}

const deployState = (): GameState => midGame({ phase: 'deploy', toDeploy: 3, armies: { [T.Alaska!]: 5 } });

describe('deploy', () => {
  it('places armies in parts, confirms, and sends one deploy action', () => {
    const decision = { state: deployState(), player: 0 };
    let input = beginInput(decision);
    expect(input.step.kind).toBe('deploy');
    expect(input.cursor).toBe(T.Alaska);
    let run = press(decision, input, '{enter}2{enter}');
    expect(run.actions).toEqual([]);
    expect(run.input.message).toMatch(/1 army left/);
    run = press(decision, run.input, 'greenl{enter}{enter}');
    expect(run.input.step.kind).toBe('deploy-confirm');
    expect(run.actions).toEqual([]);
    // Esc before sending takes the last placement back; Tab then puts the rest on the cursor.
    run = press(decision, run.input, '{escape}');
    expect(run.input.step).toMatchObject({ kind: 'deploy', plan: [[T.Alaska, 2]] });
    run = press(decision, run.input, '{tab}{enter}');
    expect(run.actions).toEqual([
      {
        command: 'deploy',
        player: 0,
        payload: [
          [T.Alaska, 2],
          [T.Greenland, 1],
        ],
      },
    ]);
    input = run.input;
    expect(apply(decision.state, run.actions[0]!).ok).toBe(true);
  });

  it('refuses a number out of range with a message and sends nothing', () => {
    const decision = { state: deployState(), player: 0 };
    const run = press(decision, beginInput(decision), '{enter}9{enter}');
    expect(run.actions).toEqual([]);
    expect(run.input.message).toBe('Choose a number from 1 to 3');
    expect(press(decision, run.input, '{up}{up}{enter}{enter}').actions).toEqual([
      { command: 'deploy', player: 0, payload: [[T.Alaska, 3]] },
    ]);
  });

  it('digits while choosing a territory explain themselves', () => {
    const decision = { state: deployState(), player: 0 };
    expect(press(decision, beginInput(decision), '5').input.message).toMatch(/choose a territory first/);
  });
});

describe('attack', () => {
  const state = () => midGame({ phase: 'attack', armies: { [T.Alaska!]: 5 } });

  it('from, to, dice: Esc steps back at each step; Enter on the last sends the attack', () => {
    const decision = { state: state(), player: 0 };
    let run = press(decision, beginInput(decision), '');
    expect(run.input.step.kind).toBe('attack-from');
    expect(candidatesFor(decision, run.input.step)).toEqual([T.Alaska]);
    run = press(decision, run.input, '{enter}');
    expect(run.input.step).toEqual({ kind: 'attack-to', from: T.Alaska });
    expect(candidatesFor(decision, run.input.step).sort((a, b) => a - b)).toEqual([
      T['Northwest Territory'],
      T.Alberta,
      T.Kamchatka,
    ]);
    run = press(decision, run.input, 'kam{enter}');
    expect(run.input.step).toMatchObject({ kind: 'attack-dice', from: T.Alaska, to: T.Kamchatka });
    run = press(decision, run.input, '{escape}');
    expect(run.input.step.kind).toBe('attack-to');
    run = press(decision, run.input, '{escape}');
    expect(run.input.step.kind).toBe('attack-from');
    run = press(decision, run.input, '{enter}kam{enter}2{enter}');
    expect(run.actions).toEqual([{ command: 'attack', player: 0, payload: [T.Alaska, T.Kamchatka, 2] }]);
  });

  it('after a battle the same attack is offered again', () => {
    const decision = { state: state(), player: 0 };
    const run = press(decision, beginInput(decision), '{enter}kam{enter}{enter}');
    expect(run.actions[0]).toEqual({ command: 'attack', player: 0, payload: [T.Alaska, T.Kamchatka, 3] });
    const declared = apply(decision.state, run.actions[0]!);
    if (!declared.ok) throw new Error(declared.reason);
    const fought = apply(declared.state, { command: 'defend', player: 1, payload: 1 }, scriptedDice([1, 1, 1, 6]));
    if (!fought.ok) throw new Error(fought.reason);
    const again = beginInput({ state: fought.state, player: 0 }, run.input);
    expect(again.step).toMatchObject({ kind: 'attack-dice', from: T.Alaska, to: T.Kamchatka });
    expect(again.message).toMatch(/rolls again/);
  });

  it('Tab ends the attacks; fortify, or Tab again ends the turn with no move', () => {
    const decision = {
      state: midGame({ phase: 'attack', owner: (t) => (t === T.Kamchatka ? 0 : t % 2), armies: { [T.Alaska!]: 5 } }),
      player: 0,
    };
    let run = press(decision, beginInput(decision), '{tab}');
    expect(run.input.step.kind).toBe('fortify-from');
    run = press(decision, run.input, '{escape}');
    expect(run.input.step.kind).toBe('attack-from');
    run = press(decision, run.input, '{tab}ala{enter}');
    expect(run.input.step).toEqual({ kind: 'fortify-to', from: T.Alaska });
    run = press(decision, run.input, '{enter}');
    expect(run.input.step).toMatchObject({ kind: 'fortify-count', from: T.Alaska, to: T.Kamchatka });
    expect(press(decision, run.input, '{enter}').actions).toEqual([
      { command: 'fortify', player: 0, payload: [T.Alaska, T.Kamchatka, 4] },
    ]);
    expect(press(decision, run.input, '{escape}{escape}{tab}').actions).toEqual([
      { command: 'fortify', player: 0, payload: null },
    ]);
  });

  it('arrow keys move only among the territories that may be chosen', () => {
    const decision = { state: state(), player: 0 };
    const run = press(decision, beginInput(decision), '{enter}');
    const choices = candidatesFor(decision, run.input.step);
    let input = run.input;
    for (const key of ['left', 'right', 'up', 'down', 'right', 'down'] as const) {
      input = pressKey(decision, input, { name: key }, positions, code).input;
      expect(choices).toContain(input.cursor);
    }
    // Alaska's targets: Kamchatka is off the left edge of the map, but the nearest "left" choice.
    const fromNwt = { ...run.input, cursor: T['Northwest Territory']! };
    expect(pressKey(decision, fromNwt, { name: 'down' }, positions, code).input.cursor).toBe(T.Alberta);
  });

  it('typing the same letter again cycles through the names that start with it', () => {
    const decision = { state: midGame({ phase: 'deploy', toDeploy: 3 }), player: 0 };
    const mine = candidatesFor(decision, beginInput(decision).step);
    const starting = mine.filter((t) => classicBoard().territories[t]!.name.startsWith('W'));
    expect(starting.length).toBeGreaterThan(1);
    const first = press(decision, beginInput(decision), 'w').input;
    const second = press(decision, first, 'w').input;
    expect(first.cursor).toBe(starting[0]);
    expect(second.cursor).toBe(starting[1]);
    expect(press(decision, first, 'zz').input.message).toMatch(/No territory you can choose here starts with "z"/);
  });
});

describe('capture, defend, cards, setup', () => {
  it('capture: the default moves all but one; too few is refused', () => {
    const state: GameState = {
      ...midGame({ armies: { [T.Alaska!]: 6, [T.Kamchatka!]: 0 } }),
      phase: 'capture',
      pendingCapture: { from: T.Alaska!, to: T.Kamchatka!, minimum: 3 },
    };
    const decision = { state, player: 0 };
    const input = beginInput(decision);
    expect(input.step.kind).toBe('capture');
    expect(press(decision, input, '2{enter}').input.message).toBe('Choose a number from 3 to 5');
    expect(press(decision, input, '{enter}').actions).toEqual([
      { command: 'attack_capture', player: 0, payload: [T.Alaska, T.Kamchatka, 5] },
    ]);
    expect(press(decision, input, '4{enter}').actions[0]).toMatchObject({ payload: [T.Alaska, T.Kamchatka, 4] });
  });

  it('defend: the most dice by default; "a" also asks to always defend with the most', () => {
    const state: GameState = {
      ...midGame({ current: 1, armies: { [T.Alaska!]: 3, [T.Kamchatka!]: 4 } }),
      phase: 'defend',
      pendingAttack: { from: T.Kamchatka!, to: T.Alaska!, dice: 3 },
    };
    const decision = { state, player: 0 };
    const input = beginInput(decision);
    expect(press(decision, input, '{enter}').actions).toEqual([{ command: 'defend', player: 0, payload: 2 }]);
    expect(press(decision, input, '1{enter}').actions).toEqual([{ command: 'defend', player: 0, payload: 1 }]);
    const auto = press(decision, input, 'a');
    expect(auto.last.autoDefend).toBe(true);
    expect(auto.actions).toEqual([{ command: 'defend', player: 0, payload: 2 }]);
  });

  it('decisions with one possible answer are answered without asking', () => {
    const oneDie: GameState = {
      ...midGame({ current: 1 }),
      phase: 'defend',
      pendingAttack: { from: T.Kamchatka!, to: T.Alaska!, dice: 1 },
    };
    expect(onlyAnswer({ state: oneDie, player: 0 })).toEqual({ command: 'defend', player: 0, payload: 1 });
    expect(onlyAnswer({ state: midGame({ phase: 'cards', hands: { 0: [0, 1] } }), player: 0 })).toEqual({
      command: 'play_cards',
      player: 0,
      payload: null,
    });
    expect(onlyAnswer({ state: midGame({ phase: 'cards', hands: { 0: [0, 2, 8] } }), player: 0 })).toBeNull();
  });

  it('cards: a forced trade cannot be skipped; the chosen set is traded', () => {
    // Alaska artillery, Northwest Territory and Greenland cavalry, Central America infantry, Venezuela cavalry.
    const state = midGame({ phase: 'cards', hands: { 0: [0, 1, 2, 8, 9] } });
    const decision = { state, player: 0 };
    const input = beginInput(decision);
    expect(press(decision, input, '{tab}').input.message).toMatch(/must trade down to 4/);
    const run = press(decision, input, '{down}{enter}');
    expect(run.actions).toHaveLength(1);
    const result = apply(state, run.actions[0]!);
    expect(result.ok).toBe(true);
  });

  it('cards: an optional trade can be skipped with Tab', () => {
    const decision = { state: midGame({ phase: 'cards', hands: { 0: [0, 2, 8] } }), player: 0 };
    expect(press(decision, beginInput(decision), '{tab}').actions).toEqual([
      { command: 'play_cards', player: 0, payload: null },
    ]);
    expect(press(decision, beginInput(decision), '1').actions).toEqual([
      { command: 'play_cards', player: 0, payload: { cards: [[0, 2, 8]] } },
    ]);
  });

  it('setup: Enter claims the territory under the cursor; Tab asks to place the rest automatically', () => {
    const base = midGame();
    const state: GameState = {
      ...base,
      phase: 'setup',
      owner: base.owner.map((o, t) => (t < 10 ? o : -1)),
      players: base.players.map((p) => ({ ...p, reserve: 5 })),
    };
    const decision = { state, player: 0 };
    const input = beginInput(decision);
    expect(candidatesFor(decision, input.step).every((t) => state.owner[t] === -1)).toBe(true);
    expect(press(decision, input, 'ural{enter}').actions).toEqual([{ command: 'setup', player: 0, payload: T.Ural }]);
    // Quebec is claimed already: no choosable territory starts with Q.
    expect(press(decision, input, 'q').input.message).toMatch(/No territory you can choose here starts with "q"/);
    expect(press(decision, input, '{tab}').last.autoSetup).toBe(true);
  });
});
