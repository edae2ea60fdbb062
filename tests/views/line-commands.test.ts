// The plain view's commands: each phase's command, its errors in words, and table commands.
import { describe, expect, it } from 'vitest';
import { apply, classicBoard, type GameState } from '../../src/model/index.js';
import { hint, type LineResult, NEW_TURN, readLine } from '../../src/views/line-commands.js';
import { midGame } from '../helpers.js';

const T = Object.fromEntries(classicBoard().territories.map((t) => [t.name, t.id])) as Record<string, number>;

const reply = (result: LineResult) => (result.kind === 'reply' ? result.text : `(${result.kind})`);

describe('plain commands', () => {
  it('deploy in parts; undo; the last part sends one deploy', () => {
    const decision = { state: midGame({ phase: 'deploy', toDeploy: 4 }), player: 0 };
    const first = readLine(decision, NEW_TURN, 'deploy Alaska 3');
    expect(reply(first)).toBe('3 on Alaska; 1 left to place (undo takes it back)');
    const undone = readLine(decision, first.turn, 'undo');
    expect(undone.turn.plan).toEqual([]);
    expect(reply(readLine(decision, first.turn, 'deploy kamchatka 1'))).toMatch(/Kamchatka is not yours/);
    const sent = readLine(decision, first.turn, 'deploy greenland');
    expect(sent).toMatchObject({
      kind: 'send',
      action: {
        command: 'deploy',
        player: 0,
        payload: [
          [T.Alaska, 3],
          [T.Greenland, 1],
        ],
      },
    });
    expect(reply(readLine(decision, NEW_TURN, 'deploy Alaska 9'))).toBe('how many? 1 to 4');
  });

  it('attack with names of several words and default dice; errors say what is wrong', () => {
    const state = midGame({ phase: 'attack', armies: { [T['Western United States']!]: 4, [T.Alaska!]: 1 } });
    const decision = { state, player: 0 };
    expect(readLine(decision, NEW_TURN, 'attack western united states eastern united states')).toMatchObject({
      kind: 'send',
      action: { command: 'attack', payload: [T['Western United States'], T['Eastern United States'], 3] },
    });
    expect(reply(readLine(decision, NEW_TURN, 'attack wus eus 4'))).toBe(
      'roll 1 to 3 dice from Western United States (4 armies)',
    );
    expect(reply(readLine(decision, NEW_TURN, 'attack alaska kam'))).toMatch(/only 1 army/);
    expect(reply(readLine(decision, NEW_TURN, 'attack wus brazil'))).toMatch(/does not border Brazil/);
    expect(reply(readLine(decision, NEW_TURN, 'attack wus greenland'))).toMatch(/Greenland is yours/);
    // A word that is no command says so (and what to type now); a command of another phase says what is due.
    expect(reply(readLine(decision, NEW_TURN, 'fly wus eus'))).toMatch(
      /^"fly" is not a command \(help lists them\)\. attack </,
    );
    expect(reply(readLine(decision, NEW_TURN, 'place wus'))).toMatch(/^"place" is not a move now: attack </);
    expect(reply(readLine(decision, NEW_TURN, 'deploy wus 2'))).toMatch(/^"deploy" is not a move now: attack </);
    expect(reply(readLine(decision, NEW_TURN, 'undo'))).toMatch(/^nothing to undo: your deployment is made\. /);
    // A typo gets the command it is likely of, never acted on.
    expect(reply(readLine(decision, NEW_TURN, 'atack wus eus'))).toMatch(
      /^"atack" is not a command \(did you mean "attack"\?\) \(help lists them\)\. attack </,
    );
    expect(reply(readLine(decision, NEW_TURN, 'attack wus alsaka'))).toMatch(
      /^no territory is called "alsaka" \(did you mean "Alaska"\?\)/,
    );
  });

  it("setup: one army on one territory; left-over words and other phases' commands say so", () => {
    const base = midGame();
    const state: GameState = { ...base, phase: 'setup', players: base.players.map((p) => ({ ...p, reserve: 3 })) };
    const decision = { state, player: 0 };
    expect(readLine(decision, NEW_TURN, 'place alaska')).toMatchObject({
      kind: 'send',
      action: { command: 'setup', player: 0, payload: T.Alaska },
    });
    // "place Alaska 5" used to place 1 army and drop the 5 without a word.
    expect(reply(readLine(decision, NEW_TURN, 'place alaska 5'))).toBe(
      'place puts 1 army on one territory: "5" is left over (auto places the rest)',
    );
    expect(reply(readLine(decision, NEW_TURN, 'attack alaska kam'))).toMatch(
      /^"attack" is not a move now: place <territory> \(or auto\)\. /,
    );
  });

  it('end, then fortify or end again (no move)', () => {
    const state = midGame({
      phase: 'attack',
      owner: (t) => (t === T['Eastern United States'] ? 0 : t % 2),
      armies: { [T['Western United States']!]: 4 },
    });
    const decision = { state, player: 0 };
    const ended = readLine(decision, NEW_TURN, 'end');
    expect(ended.turn.fortifying).toBe(true);
    expect(readLine(decision, ended.turn, 'end')).toMatchObject({
      kind: 'send',
      action: { command: 'fortify', payload: null },
    });
    const moved = readLine(decision, ended.turn, 'fortify wus eus 2');
    expect(moved).toMatchObject({
      kind: 'send',
      action: { command: 'fortify', payload: [T['Western United States'], T['Eastern United States'], 2] },
    });
    if (moved.kind === 'send') expect(apply(state, moved.action).ok).toBe(true);
    expect(reply(readLine(decision, ended.turn, 'fortify wus alaska 2'))).toMatch(/not neighbours/);
  });

  it('capture, defend and cards', () => {
    const capture: GameState = {
      ...midGame({ armies: { [T.Alaska!]: 6 } }),
      phase: 'capture',
      pendingCapture: { from: T.Alaska!, to: T.Kamchatka!, minimum: 2 },
    };
    expect(readLine({ state: capture, player: 0 }, NEW_TURN, '4')).toMatchObject({
      kind: 'send',
      action: { command: 'attack_capture', payload: [T.Alaska, T.Kamchatka, 4] },
    });
    expect(reply(readLine({ state: capture, player: 0 }, NEW_TURN, 'move 1'))).toBe(
      'move 2 to 5 armies into Kamchatka: move <armies>',
    );
    const defend: GameState = {
      ...midGame({ current: 1, armies: { [T.Alaska!]: 3 } }),
      phase: 'defend',
      pendingAttack: { from: T.Kamchatka!, to: T.Alaska!, dice: 2 },
    };
    expect(readLine({ state: defend, player: 0 }, NEW_TURN, 'defend')).toMatchObject({
      kind: 'send',
      action: { command: 'defend', payload: 2 },
    });
    expect(readLine({ state: defend, player: 0 }, NEW_TURN, 'auto')).toMatchObject({
      kind: 'table',
      command: 'auto-defend',
    });
    const cards = midGame({ phase: 'cards', hands: { 0: [0, 1, 2, 8, 9] } });
    expect(reply(readLine({ state: cards, player: 0 }, NEW_TURN, 'skip'))).toMatch(/must trade down to 4/);
    expect(readLine({ state: cards, player: 0 }, NEW_TURN, 'trade 1')).toMatchObject({
      kind: 'send',
      action: { command: 'play_cards' },
    });
    expect(hint({ state: cards, player: 0 }, NEW_TURN)).toMatch(/^trade cards for 4 armies: 1\) /);
  });

  it('table commands work in any phase; an empty line repeats what to do', () => {
    const decision = { state: midGame({ phase: 'deploy', toDeploy: 3 }), player: 0 };
    expect(readLine(decision, NEW_TURN, 'map')).toMatchObject({ kind: 'table', command: 'map' });
    expect(readLine(decision, NEW_TURN, 'QUIT')).toMatchObject({ kind: 'table', command: 'quit' });
    expect(reply(readLine(decision, NEW_TURN, ''))).toMatch(/^deploy 3 armies: deploy <territory> <armies>/);
  });
});
