// The table between sessions and screens, and the hot-seat game loop it shows.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { apply, classicBoard, type GameState } from '../../src/model/index.js';
import { seededDice } from '../../src/protocol/random.js';
import { LocalSession } from '../../src/sessions/local-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { humanSeat } from '../../src/views/human-seat.js';
import { Table } from '../../src/views/table.js';
import { midGame, scriptedDice } from '../helpers.js';

const players = [
  { id: 0, name: 'Ann', kind: 'you' as const },
  { id: 1, name: 'Bot', kind: 'bot' as const },
];

describe('the table', () => {
  it('a human seat waits for the answer on screen; stale answers are dropped', async () => {
    const table = new Table({ mode: 'quick', players });
    const state = midGame({ phase: 'deploy', toDeploy: 3 });
    const asked = humanSeat(table).decide(state, 0);
    const decision = table.view.decision!;
    expect(decision).toMatchObject({ player: 0, state });
    table.answer(decision.id + 100, { command: 'deploy', player: 0, payload: [[0, 3]] });
    expect(table.view.decision).not.toBeNull();
    table.answer(decision.id, { command: 'deploy', player: 0, payload: [[2, 3]] });
    await expect(asked).resolves.toEqual({ command: 'deploy', player: 0, payload: [[2, 3]] });
    expect(table.view.decision).toBeNull();
  });

  it('answers by itself when there is one choice, or when asked to defend or place automatically', async () => {
    const table = new Table({
      mode: 'quick',
      players,
      defendByHand: true,
      autoPlace: (_, player) => ({ command: 'setup', player, payload: 41 }),
    });
    const oneCard = midGame({ phase: 'cards', hands: { 0: [3] } });
    await expect(table.ask(oneCard, 0)).resolves.toEqual({ command: 'play_cards', player: 0, payload: null });
    const defend: GameState = {
      ...midGame({ current: 1, armies: { 0: 4 } }),
      phase: 'defend',
      pendingAttack: { from: 29, to: 0, dice: 3 },
    };
    const waiting = table.ask(defend, 0);
    expect(table.view.decision).not.toBeNull();
    table.defendAutomatically(0);
    table.answer(table.view.decision!.id, { command: 'defend', player: 0, payload: 2 });
    await waiting;
    await expect(table.ask(defend, 0)).resolves.toEqual({ command: 'defend', player: 0, payload: 2 });
    const base = midGame();
    const setup: GameState = { ...base, phase: 'setup', players: base.players.map((p) => ({ ...p, reserve: 3 })) };
    const placing = table.ask(setup, 0);
    table.placeRestAutomatically(0);
    await expect(placing).resolves.toEqual({ command: 'setup', player: 0, payload: 41 });
    await expect(table.ask(setup, 0)).resolves.toEqual({ command: 'setup', player: 0, payload: 41 });
  });

  it("records events as log lines, keeps the last battle and counts each player's battles", () => {
    const table = new Table({ mode: 'quick', players });
    let state = midGame({ phase: 'attack', armies: { 0: 4, 29: 1 } });
    for (const [action, dice] of [
      [{ command: 'attack', player: 0, payload: [0, 29, 3] }, undefined],
      [{ command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 5, 4, 1])],
    ] as const) {
      const result = apply(state, action, dice);
      if (!result.ok) throw new Error(result.reason);
      state = result.state;
      for (const event of result.events) table.record({ type: 'game', event, state });
    }
    const view = table.view;
    expect(view.lastBattle).toMatchObject({ conquered: true, battle: { attackerDice: [6, 5, 4], defenderDice: [1] } });
    expect(view.stats[0]).toEqual({
      battles: 1,
      attacks: 1,
      conquests: 1,
      outInTurn: null,
      territoriesLost: 0,
      armiesLost: 0,
      armiesKilled: 1,
    });
    // The defender fought the battle too (as risk stats counts it), but did not attack.
    expect(view.stats[1]).toMatchObject({ battles: 1, attacks: 0, territoriesLost: 1, armiesLost: 1 });
    expect(view.log.map((e) => e.text)).toEqual([
      'Ann (you) attacks Kamchatka from Alaska with 3 dice',
      'battle Alaska → Kamchatka: attacker [6 5 4] defender [1]: attacker loses 0, defender loses 1',
      'Ann (you) conquers Kamchatka',
    ]);
    expect(view.log[1]!.tone).toBe('battle');
  });

  it('a player made neutral is no longer asked', () => {
    const table = new Table({ mode: 'network', players });
    void table.ask(midGame({ phase: 'deploy', toDeploy: 3 }), 0);
    table.record({ type: 'neutral', player: 0, reason: 'did not move in time' });
    expect(table.view.decision).toBeNull();
    expect(table.view.log.at(-1)).toMatchObject({ tone: 'alert', text: 'Ann (you) is neutral: did not move in time' });
  });
});

describe('the hot-seat game loop', () => {
  const bot = (i: number): Seat =>
    botSeat(createBot('normal', seededDice(i)), seededDice(100 + i), { deadlineMs: 5000 });

  it('plays bots to a winner with asynchronous seats, reporting events like a session', async () => {
    const events: string[] = [];
    const session = new LocalSession({
      board: classicBoard(),
      seats: [bot(1), bot(2), bot(3)],
      dice: seededDice(7),
      onEvent: (event) => events.push(event.type === 'game' ? event.event.type : event.type),
    });
    const result = await session.run();
    expect(result.stopped).toBe(false);
    expect(result.winner).not.toBeNull();
    expect(events[0]).toBe('first_player');
    expect(events.at(-1)).toBe('game_over');
  });

  it('stops while a person is thinking, and reports refused moves instead of applying them', async () => {
    const table = new Table({
      mode: 'hotseat',
      players: [
        { id: 0, name: 'Ann', kind: 'human' },
        { id: 1, name: 'Bea', kind: 'human' },
      ],
    });
    const infos: string[] = [];
    const session = new LocalSession({
      board: classicBoard(),
      seats: [humanSeat(table), humanSeat(table)],
      dice: seededDice(3),
      onEvent: (event) => {
        table.record(event);
        if (event.type === 'info') infos.push(event.text);
      },
    });
    const running = session.run();
    await new Promise((r) => setTimeout(r, 10));
    const decision = table.view.decision!;
    expect(decision.state.phase).toBe('setup');
    // A claim of a territory that does not exist: refused, and the same player is asked again.
    table.answer(decision.id, { command: 'setup', player: decision.player, payload: 99 });
    await new Promise((r) => setTimeout(r, 10));
    expect(infos[0]).toMatch(/refused player \d's move: setup: 99 is not a territory/);
    expect(table.view.decision!.player).toBe(decision.player);
    session.stop();
    await expect(running).resolves.toMatchObject({ stopped: true, winner: null });
  });
});
