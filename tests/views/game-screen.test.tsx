// The game screen driven by keys: a whole turn (deploy, attack, capture, fortify), the compact
// view, help, leaving, the hot-seat pass screen and the game-over summary.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classicBoard, type GameState } from '../../src/model/index.js';
import { GameScreen } from '../../src/views/game-screen.js';
import { Table, type TablePlayer } from '../../src/views/table.js';
import { ThemeContext } from '../../src/views/theme.js';
import { midGame, scriptedDice } from '../helpers.js';
import { applyAndRecord, KEY, play, press, tick, until } from './ink-helpers.js';

const T = Object.fromEntries(classicBoard().territories.map((t) => [t.name, t.id])) as Record<string, number>;
const PLAYERS: TablePlayer[] = [
  { id: 0, name: 'Ann', kind: 'you' },
  { id: 1, name: 'Bot', kind: 'bot' },
];
const FULL = { columns: 120, rows: 40 };

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

function show(table: Table, size = FULL, onLeave = vi.fn(), color = false) {
  const screen = render(
    <ThemeContext.Provider value={{ color }}>
      <GameScreen table={table} rollMs={0} size={size} onLeave={onLeave} />
    </ThemeContext.Provider>,
  );
  unmount = screen.unmount;
  return { ...screen, onLeave };
}

describe('a whole turn with the keyboard', () => {
  it('deploy, attack, move in, fortify: each step on screen, Esc backs out before sending', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    let state: GameState = midGame({ phase: 'deploy', toDeploy: 3, armies: { [T.Alaska!]: 5 } });
    table.show(state);
    const { stdin, lastFrame } = show(table);

    // Deploy: 3 armies, all on Alaska, after changing our mind once.
    let moved = play(table, state, 0);
    let frame = await until(lastFrame, 'Deploy: 3 armies to place — choose a territory');
    expect(frame).toContain('ALA●5');
    expect(frame).toContain('Alaska (North America): Ann (you), 5 armies');
    await press(stdin, KEY.enter, '2', KEY.enter);
    frame = await until(lastFrame, 'Deploy: 1 army to place');
    expect(frame).toContain('ALA●7+');
    await press(stdin, KEY.escape);
    await until(lastFrame, 'Deploy: 3 armies to place');
    await press(stdin, KEY.tab);
    await until(lastFrame, 'Send this deployment?');
    await press(stdin, KEY.enter);
    state = await moved;
    expect(state.armies[T.Alaska!]).toBe(8);

    // Attack Kamchatka from Alaska with 3 dice; Esc at the dice goes back to choosing the target.
    moved = play(table, state, 0);
    await until(lastFrame, 'Attack: choose a territory to attack from');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Attack from Alaska (8): choose the enemy territory to attack');
    await press(stdin, 'k', 'a', 'm', KEY.enter);
    await until(lastFrame, 'Attack with 3 dice (1–3): Alaska (8) → Kamchatka (1)');
    await press(stdin, KEY.escape);
    await until(lastFrame, 'choose the enemy territory');
    await press(stdin, KEY.enter, KEY.enter);
    state = await moved;
    expect(state.pendingAttack).toEqual({ from: T.Alaska, to: T.Kamchatka, dice: 3 });

    // The defender rolls (here by hand, as the bot's session would): the dice and the outcome show.
    state = applyAndRecord(table, state, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 4, 2, 3]));
    frame = await until(lastFrame, 'Kamchatka falls to Ann (you)!');
    expect(frame).toContain('│ 6 ││ 4 ││ 2 │ vs │ 3 │');
    expect(frame).toContain('Attacker (Ann (you)) loses nothing');
    expect(frame).toContain('Defender (Bot) loses 1 army');
    expect(frame).toContain('⚔ Alaska → Kamchatka: ⚅6 ⚃4 ⚁2 vs ⚂3 — attacker −0, defender −1');

    // Move in: 4 of the 7 that may move.
    moved = play(table, state, 0);
    await until(lastFrame, 'Kamchatka is yours! Move 7 armies in (3–7) from Alaska');
    await press(stdin, '4', KEY.enter);
    state = await moved;
    expect(state.armies[T.Kamchatka!]).toBe(4);

    // Attacks over (Tab); fortify 2 from Kamchatka back to Alaska; the turn ends.
    moved = play(table, state, 0);
    await until(lastFrame, 'Attack: choose a territory to attack from');
    await press(stdin, KEY.tab);
    await until(lastFrame, 'Fortify: move armies from which territory? (optional)');
    await press(stdin, 'k', 'a', 'm', KEY.enter);
    await until(lastFrame, 'Fortify from Kamchatka (4): move armies to which territory?');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Fortify: move 3 of 4 armies (1–3) from Kamchatka to Alaska');
    await press(stdin, KEY.down, KEY.enter);
    state = await moved;
    expect(state.armies[T.Alaska!]).toBe(6);
    expect(state.current).toBe(1);
    frame = await until(lastFrame, 'Ann (you) fortifies Alaska with 2 from Kamchatka');
    expect(frame).toContain('Waiting for Bot to reinforce');
    expect(frame).toContain('Your cards (1)');
  }, 20_000);

  it('the compact list replaces the map on a tiny terminal, the title stays, and keys still work', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 3, armies: { [T.Alaska!]: 5 } });
    const { stdin, lastFrame } = show(table, { columns: 70, rows: 18 });
    const moved = play(table, state, 0);
    const frame = await until(lastFrame, 'ALA●5');
    expect(frame).not.toContain('NORTH AMERICA');
    expect(frame.split('\n').length).toBeLessThanOrEqual(18);
    expect(frame.split('\n')[0]).toContain('RISK');
    await press(stdin, KEY.tab, KEY.enter);
    await expect(moved).resolves.toMatchObject({ armies: expect.arrayContaining([8]) });
  });
});

describe('around the game', () => {
  it('? opens How to play from anywhere; Esc closes it', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    void table.ask(midGame({ phase: 'deploy', toDeploy: 3 }), 0);
    const { stdin, lastFrame } = show(table);
    await until(lastFrame, 'Deploy:');
    await press(stdin, '?');
    const frame = await until(lastFrame, 'How to play');
    expect(frame).toContain('ties go to the defender');
    await press(stdin, KEY.escape);
    await until(lastFrame, 'Deploy: 3 armies');
  });

  it('q asks first; n keeps playing; y leaves the game (the table quits) and goes back to the menu', async () => {
    const onQuit = vi.fn(async () => {});
    const table = new Table({ mode: 'network', players: PLAYERS, onQuit });
    void table.ask(midGame({ phase: 'deploy', toDeploy: 3 }), 0);
    const { stdin, lastFrame, onLeave } = show(table);
    await until(lastFrame, 'Deploy:');
    await press(stdin, 'q');
    await until(lastFrame, 'The other players are told you left');
    await press(stdin, 'n');
    await until(lastFrame, 'Deploy:');
    expect(onQuit).not.toHaveBeenCalled();
    await press(stdin, KEY.ctrlC);
    await until(lastFrame, 'Quit risk?');
    await press(stdin, 'y');
    await vi.waitFor(() => expect(onLeave).toHaveBeenCalledWith('exit', false));
    expect(onQuit).toHaveBeenCalledTimes(1);
  });

  it("hot seat: the next player's cards stay hidden until they confirm at the pass screen", async () => {
    const table = new Table({
      mode: 'hotseat',
      players: [
        { id: 0, name: 'Ann', kind: 'human' },
        { id: 1, name: 'Bea', kind: 'human' },
      ],
    });
    const state = midGame({ phase: 'deploy', current: 1, toDeploy: 3, hands: { 1: [T.Brazil!] } });
    void table.ask(state, 1);
    const { stdin, lastFrame } = show(table);
    let frame = await until(lastFrame, 'Pass the keyboard to');
    expect(frame).toContain('Bea: press Enter when you are ready.');
    expect(frame).not.toContain('Brazil');
    await press(stdin, KEY.enter);
    frame = await until(lastFrame, 'Deploy: 3 armies to place');
    expect(frame).toContain('Brazil (infantry)');
  });

  it('game over: the winner and a short summary; Enter goes back to the menu', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state: GameState = { ...midGame({ owner: () => 0 }), phase: 'over', winner: 0, turn: 12 };
    table.record({ type: 'game', event: { type: 'game_over', winner: 0 }, state });
    const { stdin, lastFrame, onLeave } = show(table);
    const frame = await until(lastFrame, 'You win! Ann (you) rules the world.');
    expect(frame).toContain('12 turns played');
    expect(frame).toMatch(/Ann \(you\)\s+42/);
    await press(stdin, KEY.enter);
    await vi.waitFor(() => expect(onLeave).toHaveBeenCalledWith('menu', true));
  });

  it('dice tumble for a moment, then settle on the rolled faces', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const screen = render(<GameScreen table={table} rollMs={300} size={FULL} onLeave={() => {}} />);
    unmount = screen.unmount;
    const state = midGame({ phase: 'attack', armies: { [T.Alaska!]: 4, [T.Kamchatka!]: 3 } });
    const declared = applyAndRecord(table, state, {
      command: 'attack',
      player: 0,
      payload: [T.Alaska!, T.Kamchatka!, 3],
    });
    applyAndRecord(table, declared, { command: 'defend', player: 1, payload: 2 }, scriptedDice([5, 5, 1, 6, 2]));
    await until(screen.lastFrame, 'rolling…');
    const frame = await until(screen.lastFrame, 'Attacker (Ann (you)) loses 1 army');
    expect(frame).toContain('│ 5 ││ 5 ││ 1 │ vs │ 6 ││ 2 │');
    expect(frame).toContain('5≤6 ✓defender  5>2 ✓attacker');
  });

  it('without colour every territory still shows its owner by a mark', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    table.show(midGame());
    const { lastFrame } = show(table);
    const frame = await until(lastFrame, 'ALA●1');
    expect(frame).toContain('NWT▲1');
    expect(frame).not.toMatch(/\u001B\[3\dm/);
    await tick();
  });
});
