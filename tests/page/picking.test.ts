// Clicks on the page as the terminal's move steps: a click on a lit territory is the cursor put
// there and Enter; a click elsewhere begins the choice that offers it or says why not; the number of
// a move is set within its range. And the story the page keeps from the server's messages.
import { describe, expect, it } from 'vitest';
import { received } from '../../src/page/held.js';
import { pick, uiKey, withAmount } from '../../src/page/picking.js';
import { territoryCode } from '../../src/views/map-layout.js';
import { beginInput, type Decision, pressKey } from '../../src/views/turn-input.js';
import type { ServerMessage } from '../../src/views/web/wire.js';
import { midGame } from '../helpers.js';

const code = (t: number) => territoryCode(midGame().board, t);

describe('clicks on the map', () => {
  // Ann (0) holds the even territories; Alaska (0) has 5 armies, Kamchatka (29) is Bo's.
  const decision: Decision = { state: midGame({ armies: { 0: 5, 2: 3 } }), player: 0 };

  it('an attack by clicks: source, then target, then the dice (the most by default) rolled with Enter', () => {
    let input = beginInput(decision);
    expect(input.step.kind).toBe('attack-from');
    let result = pick(decision, input, 0, [], code);
    expect(result.input.step).toEqual({ kind: 'attack-to', from: 0 });
    result = pick(decision, result.input, 29, [], code);
    expect(result.input.step).toMatchObject({ kind: 'attack-dice', from: 0, to: 29 });
    input = withAmount(decision, result.input, 2);
    expect(pressKey(decision, input, { name: 'enter' }, [], code).action).toEqual({
      command: 'attack',
      player: 0,
      payload: [0, 29, 2],
    });
  });

  it('another of your territories while choosing the target starts the attack from there', () => {
    const from = pick(decision, beginInput(decision), 0, [], code).input;
    const again = pick(decision, from, 2, [], code);
    expect(again.input.step).toEqual({ kind: 'attack-to', from: 2 });
  });

  it('a territory that cannot be chosen says so and changes nothing else', () => {
    const input = beginInput(decision);
    const result = pick(decision, input, 1, [], code);
    expect(result.action).toBeUndefined();
    expect(result.input.step).toEqual(input.step);
    expect(result.input.message).toBe('Northwest Territory cannot be chosen now');
  });

  it('deploy: a click asks how many (all by default), the number kept within range, then sent', () => {
    const deploy: Decision = { state: midGame({ phase: 'deploy', toDeploy: 4 }), player: 0 };
    const asked = pick(deploy, beginInput(deploy), 2, [], code).input;
    expect(asked.step).toEqual({ kind: 'deploy', plan: [], amount: { text: '', typing: false } });
    expect(withAmount(deploy, asked, 99).step).toMatchObject({ amount: { text: '4' } });
    // The same territory clicked again places the number; another of yours begins a placement there.
    const three = pick(deploy, withAmount(deploy, asked, 3), 2, [], code).input;
    expect(three.step).toEqual({ kind: 'deploy', plan: [[2, 3]], amount: null });
    const elsewhere = pick(deploy, withAmount(deploy, asked, 3), 4, [], code).input;
    expect(elsewhere.step).toEqual({ kind: 'deploy', plan: [], amount: { text: '', typing: false } });
    expect(elsewhere.cursor).toBe(4);
    const last = pick(deploy, withAmount(deploy, pick(deploy, three, 4, [], code).input, 1), 4, [], code);
    expect(last.input.step).toEqual({
      kind: 'deploy-confirm',
      plan: [
        [2, 3],
        [4, 1],
      ],
    });
  });

  it('keys as the terminal knows them', () => {
    expect(uiKey('ArrowLeft')).toEqual({ name: 'left' });
    expect(uiKey('Tab')).toEqual({ name: 'tab' });
    expect(uiKey('b')).toEqual({ name: 'char', char: 'b' });
    expect(uiKey('Shift')).toBeNull();
  });
});

describe('what the page keeps', () => {
  const view = (log: { id: number; text: string }[], fresh: boolean): ServerMessage => ({
    type: 'view',
    screen: { kind: 'menu', notice: null },
    defaults: { name: 'Ann', rules: {}, bot: 'normal', moveTimeoutSeconds: 300, players: 4 },
    log: log.map((e) => ({ ...e, tone: 'game' as const })),
    fresh,
  });
  const empty = { status: 'connecting' as const, screen: null, defaults: null, log: [], board: null, refused: null };

  it('appends the story, starts it afresh for a new game, and keeps a refusal', () => {
    let held = received(empty, view([{ id: 1, text: 'a' }], true), 0);
    held = received(held, view([{ id: 2, text: 'b' }], false), 0);
    expect(held.log.map((e) => e.text)).toEqual(['a', 'b']);
    held = received(held, view([{ id: 1, text: 'new game' }], true), 0);
    expect(held.log.map((e) => e.text)).toEqual(['new game']);
    held = received(held, { type: 'refused', reason: 'no' }, 7);
    expect(held.refused).toEqual({ id: 7, reason: 'no' });
    expect(held.status).toBe('open');
  });
});
