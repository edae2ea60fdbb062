// What a Risk player expects of the game screen: keys that arrive together all count, a countdown
// for the move now due, exact odds and a blitz, automatic defence, names instead of numbers, a
// scrollable help that pauses local games, a scrollable history, card sets that fit, status lines
// that say what is happening now, a map at 80×24 and one that uses 200×60.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classicBoard, type GameState } from '../../src/model/index.js';
import { battleOdds } from '../../src/model/odds.js';
import { App } from '../../src/views/app.js';
import { conquerChance } from '../../src/views/attack-odds.js';
import { describeGameEvent } from '../../src/views/event-text.js';
import { GameScreen } from '../../src/views/game-screen.js';
import { HotSeatSetup } from '../../src/views/hot-seat-setup.js';
import { Table, type TablePlayer, withNames } from '../../src/views/table.js';
import { ThemeContext } from '../../src/views/theme.js';
import { midGame, scriptedDice } from '../helpers.js';
import { applyAndRecord, KEY, play, press, tick, until } from './ink-helpers.js';

const T = Object.fromEntries(classicBoard().territories.map((t) => [t.name, t.id])) as Record<string, number>;
const PLAYERS: TablePlayer[] = [
  { id: 0, name: 'Ann', kind: 'you' },
  { id: 1, name: 'Bot', kind: 'remote' },
];

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

function show(table: Table, size = { columns: 120, rows: 40 }) {
  const screen = render(
    <ThemeContext.Provider value={{ color: false }}>
      <GameScreen table={table} size={size} onLeave={() => {}} />
    </ThemeContext.Provider>,
  );
  unmount = screen.unmount;
  return screen;
}

describe('keys that arrive in one chunk', () => {
  it('three Enters at once: choose Alaska, accept 3 armies, send the deployment', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 3 });
    const { stdin, lastFrame } = show(table);
    const moved = play(table, state, 0);
    await until(lastFrame, 'Deploy: 3 armies to place');
    stdin.write('\r\r\r');
    const after = await moved;
    expect(after.armies[T.Alaska!]).toBe(4);
  });

  it('Down twice at once lowers the number twice', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 5 });
    const { stdin, lastFrame } = show(table);
    void play(table, state, 0);
    await until(lastFrame, 'Deploy: 5 armies to place');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'how many armies on Alaska? 5');
    stdin.write(`${KEY.down}${KEY.down}`);
    await until(lastFrame, 'how many armies on Alaska? 3');
  });

  it('Down and Backspace at once: the number goes down, then its last digit is deleted', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 20 });
    const { stdin, lastFrame } = show(table);
    void play(table, state, 0);
    await until(lastFrame, 'Deploy: 20 armies to place');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'how many armies on Alaska? 20');
    // 20, Down: 19, Backspace: 1 (either key alone would leave 19 or 2).
    stdin.write(`${KEY.down}${KEY.backspace}`);
    await until(lastFrame, /how many armies on Alaska\? 1\b/);
  });

  it('hot seat: q and y are not typed into a name; q goes back; names are typed after Enter', async () => {
    const onBack = vi.fn();
    const onStart = vi.fn();
    const screen = render(<HotSeatSetup onStart={onStart} onBack={onBack} />);
    unmount = screen.unmount;
    await until(screen.lastFrame, 'Hot seat: 3 players');
    await press(screen.stdin, 'y');
    const frame = await until(screen.lastFrame, 'Enter renames this player');
    expect(frame).not.toContain('Player 1y');
    await press(screen.stdin, KEY.enter, 'q', 'y', KEY.enter, 's');
    expect(onStart).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'Player 1qy', kind: 'human' }]), {});
    screen.unmount();
    const again = render(<HotSeatSetup onStart={onStart} onBack={onBack} />);
    unmount = again.unmount;
    await until(again.lastFrame, 'Hot seat');
    await press(again.stdin, 'q');
    expect(onBack).toHaveBeenCalled();
  });
});

describe('the countdown', () => {
  it("shows the time left for the move now due, ours or another player's, and counts down", async () => {
    let now = 1_000_000;
    const table = new Table({ mode: 'network', players: PLAYERS, moveTimeoutMs: 300_000, now: () => now });
    const state = midGame({ phase: 'deploy', toDeploy: 3 });
    table.show(state);
    const { lastFrame } = show(table);
    void table.ask(state, 0);
    await until(lastFrame, '⏱ 5:00 Ann (you)');
    now += 65_000;
    await until(lastFrame, '⏱ 3:55 Ann (you)', 3000);
    // Our move sent; the other player's turn: its clock starts with the game's next event.
    table.answer(table.view.decision!.id, { command: 'deploy', player: 0, payload: [[0, 3]] });
    const theirs = midGame({ phase: 'deploy', toDeploy: 3, current: 1 });
    table.record({
      type: 'game',
      event: {
        type: 'turn_started',
        player: 1,
        turn: 2,
        reinforcements: { base: 3, continents: 0, total: 3 } as never,
      },
      state: theirs,
    });
    await until(lastFrame, '⏱ 5:00 Bot');
    expect(lastFrame()).toContain('Waiting for Bot to reinforce');
  });
});

describe('odds and blitz', () => {
  it('conquerChance to the end is the Markov chain of model/odds.ts; stopping earlier is less likely', () => {
    for (const [a, d] of [
      [2, 1],
      [6, 2],
      [11, 10],
    ] as const) {
      expect(conquerChance(a, d)).toBeCloseTo(battleOdds(a, d).conquerProbability, 12);
      expect(conquerChance(a, d, 3)).toBeLessThan(conquerChance(a, d));
    }
    expect(conquerChance(4, 1, 4)).toBe(0);
  });

  it('the attack shows the exact odds; b then Enter attacks with the most dice until the territory falls', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    let state: GameState = midGame({ phase: 'attack', armies: { [T.Alaska!]: 6, [T.Kamchatka!]: 2 } });
    table.show(state);
    const { stdin, lastFrame } = show(table);
    const first = play(table, state, 0);
    await until(lastFrame, 'Attack: choose a territory to attack from');
    await press(stdin, KEY.enter, 'k', 'a', 'm', KEY.enter);
    const frame = await until(lastFrame, 'Attack with 3 dice (1–3): Alaska (6) → Kamchatka (2)');
    expect(frame).toContain(`Win odds to the end ${Math.round(battleOdds(6, 2).conquerProbability * 100)}%`);
    expect(frame).toMatch(/this roll vs 2: they −2 37%, each −1 34%, you −2 29%/);
    await press(stdin, 'b');
    await until(lastFrame, 'Blitz until won or down to 1 (1–5): Alaska (6) → Kamchatka (2)');
    await press(stdin, KEY.enter);
    state = await first;
    expect(state.pendingAttack).toEqual({ from: T.Alaska, to: T.Kamchatka, dice: 3 });
    // The defender loses one, then the next attack is sent without asking; the second roll takes it.
    state = applyAndRecord(table, state, { command: 'defend', player: 1, payload: 2 }, scriptedDice([6, 1, 1, 5, 1]));
    const second = await table.ask(state, 0);
    expect(second).toEqual({ command: 'attack', player: 0, payload: [T.Alaska, T.Kamchatka, 3] });
    state = applyAndRecord(table, state, second);
    state = applyAndRecord(table, state, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 6, 6, 1]));
    expect(state.owner[T.Kamchatka!]).toBe(0);
    expect(table.view.blitz).not.toBeNull();
  });
});

describe('blitz', () => {
  it('b then Enter attacks with the most dice until the territory falls, without asking again', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    let state: GameState = midGame({ phase: 'attack', armies: { [T.Alaska!]: 6, [T.Kamchatka!]: 2 } });
    table.show(state);
    const { stdin, lastFrame } = show(table);
    const first = play(table, state, 0);
    await until(lastFrame, 'Attack: choose a territory to attack from');
    await press(stdin, KEY.enter, 'k', 'a', 'm', KEY.enter);
    await until(lastFrame, 'Attack with 3 dice (1–3): Alaska (6) → Kamchatka (2)');
    await press(stdin, 'b');
    await until(lastFrame, 'Blitz until won or down to 1 (1–5): Alaska (6) → Kamchatka (2)');
    await press(stdin, KEY.enter);
    state = await first;
    state = applyAndRecord(table, state, { command: 'defend', player: 1, payload: 2 }, scriptedDice([6, 1, 1, 5, 1]));
    await expect(table.ask(state, 0)).resolves.toEqual({
      command: 'attack',
      player: 0,
      payload: [T.Alaska, T.Kamchatka, 3],
    });
  });
});

describe('defence and held keys', () => {
  it('people defend with the most dice without being asked, unless they choose by hand in the help (d)', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const defend: GameState = {
      ...midGame({ current: 1, armies: { 0: 4 } }),
      phase: 'defend',
      pendingAttack: { from: 29, to: 0, dice: 3 },
    };
    await expect(table.ask(defend, 0)).resolves.toEqual({ command: 'defend', player: 0, payload: 2 });
    table.show(defend);
    const { stdin, lastFrame } = show(table);
    await until(lastFrame, 'Defending with the most dice');
    expect(lastFrame()).not.toContain('Waiting for Ann');
    await press(stdin, '?');
    await until(lastFrame, 'defence: automatically with the most dice');
    await press(stdin, 'd');
    await until(lastFrame, 'defence: decide by hand');
    expect(table.view.defendByHand).toBe(true);
    void table.ask(defend, 0);
    await press(stdin, KEY.escape);
    await until(lastFrame, 'Ann (you): defend Alaska (4) with 2 dice?');
  });

  it('while a person is attacked, the status says they defend with the most dice, never "Waiting for Ann (you)"', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const defend: GameState = {
      ...midGame({ current: 1, armies: { 0: 4 } }),
      phase: 'defend',
      pendingAttack: { from: 29, to: 0, dice: 3 },
    };
    table.show(defend);
    const { lastFrame } = show(table);
    const frame = await until(lastFrame, 'attack (defence)');
    expect(frame).not.toContain('Waiting for Ann');
    expect(frame).toContain('Defending with the most dice');
  });

  it('Enter held through a conquest does not move every army in: a fresh press is needed', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS, now: () => 5000 });
    let state: GameState = midGame({ phase: 'attack', armies: { [T.Alaska!]: 8, [T.Kamchatka!]: 1 } });
    table.show(state);
    const { stdin, lastFrame } = show(table);
    const attack = play(table, state, 0);
    await until(lastFrame, 'Attack: choose a territory');
    await press(stdin, KEY.enter, 'k', 'a', 'm', KEY.enter);
    await until(lastFrame, 'Attack with 3 dice (1–3): Alaska (8) → Kamchatka (1)');
    await press(stdin, KEY.enter);
    state = await attack;
    state = applyAndRecord(table, state, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 6, 6, 1]));
    const capture = play(table, state, 0);
    await until(lastFrame, 'Kamchatka is yours! Move 7 armies in');
    // The clock stands still: this Enter is the held key repeating.
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Release Enter, then press it again');
    await press(stdin, '4', KEY.enter);
    state = await capture;
    expect(state.armies[T.Kamchatka!]).toBe(4);
  });
});

describe('names, help and history', () => {
  it('session news name the players; the players table says who disconnected', async () => {
    const table = new Table({ mode: 'network', players: PLAYERS });
    table.show(midGame({ phase: 'deploy', toDeploy: 3 }));
    table.record({ type: 'info', text: 'player 1 disconnected' });
    const { lastFrame } = show(table);
    const frame = await until(lastFrame, '· Bot disconnected');
    expect(frame).toMatch(/Bot \(disconnected\)/);
    expect(frame).not.toMatch(/player 1|Bot \(peer\)/);
    expect(withNames('player 1 disconnected', (p) => ['Ann', 'Bea'][p]!)).toBe('Bea disconnected');
    expect(withNames('player 1 did not move within 300000 ms', (p) => ['Ann', 'Bea'][p]!)).toBe(
      'Bea did not move within 5 minutes',
    );
  });

  it('a player who left is named in the news and shown as left, at 120×40 and at 80×24', async () => {
    for (const size of [
      { columns: 120, rows: 40 },
      { columns: 80, rows: 24 },
    ]) {
      const table = new Table({ mode: 'network', players: PLAYERS });
      table.show(midGame({ phase: 'deploy', toDeploy: 3 }));
      table.record({ type: 'info', text: 'player 1 left the game' });
      const { lastFrame } = show(table, size);
      const frame = await until(lastFrame, '· Bot left the game');
      expect(frame).toMatch(size.columns === 120 ? /Bot \(left\)/ : /Bot left/);
      expect(frame).not.toMatch(/player 1|Bot \(peer\)/);
      unmount?.();
    }
  });

  it('help scrolls at 80×24 under the title line, and a local game waits while it is open', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 3 });
    table.show(state);
    void table.ask(state, 0);
    const { stdin, lastFrame } = show(table, { columns: 80, rows: 24 });
    await until(lastFrame, 'Deploy:');
    await press(stdin, '?');
    let frame = await until(lastFrame, 'How to play');
    expect(frame.split('\n')[0]).toMatch(/RISK .*paused/);
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
    expect(frame).toContain('lines 1–');
    expect(frame).toContain('d  defence: automatically with the most dice');
    expect(table.view.paused).toBe(true);
    let resumed = false;
    void table.whenRunning().then(() => (resumed = true));
    await press(stdin, KEY.end);
    frame = await until(lastFrame, 'leave the game (asks first)');
    expect(frame).not.toContain('Goal: own all 42 territories');
    expect(resumed).toBe(false);
    await press(stdin, KEY.escape);
    await until(lastFrame, 'Deploy:');
    await tick();
    expect(resumed).toBe(true);
  });

  it('How to play from the menu scrolls at 80×24 too', async () => {
    const launcher = { quickGame: vi.fn(), hostGame: vi.fn(), joinGame: vi.fn(), hotSeat: vi.fn() };
    const screen = render(
      <App launcher={launcher} defaultName="Ann" onExit={() => {}} size={{ columns: 80, rows: 24 }} />,
    );
    unmount = screen.unmount;
    await until(screen.lastFrame, 'Quick game');
    await press(screen.stdin, '5');
    let frame = await until(screen.lastFrame, 'How to play');
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
    expect(frame).toContain('lines 1–');
    await press(screen.stdin, KEY.end);
    frame = await until(screen.lastFrame, 'leave the game (asks first)');
    expect(frame).not.toContain('Goal: own all 42 territories');
  });

  it('h shows the whole history with what each player won and lost, and scrolls back', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    let state = midGame({ phase: 'attack', armies: { [T.Alaska!]: 6, [T.Kamchatka!]: 1 } });
    table.show(state);
    for (let i = 0; i < 40; i++) table.note(`news ${i}`);
    state = applyAndRecord(table, state, { command: 'attack', player: 0, payload: [T.Alaska!, T.Kamchatka!, 3] });
    state = applyAndRecord(table, state, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 5, 4, 1]));
    void table.ask(state, 0);
    const { stdin, lastFrame } = show(table, { columns: 80, rows: 24 });
    await until(lastFrame, 'Kamchatka is yours');
    await press(stdin, 'h');
    let frame = await until(lastFrame, 'Game history');
    expect(frame).toContain('⚔ Alaska → Kamchatka: ⚅6 ⚄5 ⚃4 vs ⚀1 — attacker −0, defender −1');
    expect(frame).not.toContain('news 0');
    await press(stdin, KEY.home);
    frame = await until(lastFrame, 'armies killed');
    expect(frame).toMatch(/Ann \(you\)\s+\d+\s+1\s+1\s+0\s+1\s+0/);
    // A battle counts for both sides, as risk stats counts it.
    expect(frame).toMatch(/Bot\s+\d+\s+1\s+0\s+1\s+0\s+1/);
    expect(frame).toContain('news 0');
    await press(stdin, 'h');
    await until(lastFrame, 'Kamchatka is yours');
  });
});

describe('cards and status lines', () => {
  it('a set to trade fits in 80 columns and says the +2 for a card of our own territory, as the log does', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'cards', hands: { 0: [T.Alaska!, T['Northwest Territory']!, 42, T.Peru!] } });
    table.show(state);
    void table.ask(state, 0);
    const { lastFrame } = show(table, { columns: 80, rows: 24 });
    const frame = await until(lastFrame, 'Cards: trade a set for 4 armies');
    expect(frame).toContain('+ 2 on Alaska');
    expect(frame).toMatch(/1\) ALA \w{3} \+ NWT \w{3} \+ wild \+2/);
  });

  it('the log says a trade as the prompt does: the armies of the set, and the +2 placed apart', () => {
    const state = midGame({ phase: 'cards', hands: { 0: [T.Alaska!, T['Northwest Territory']!, 42, T.Peru!] } });
    const text = describeGameEvent(
      { type: 'cards_traded', player: 0, sets: [[0, 1, 42]], armies: 6, bonusTerritories: [0] },
      state,
      (p) => ['Ann', 'Bot'][p]!,
    );
    expect(text).toBe('Ann trades a set for 4 armies, +2 placed on Alaska (a card of their own territory)');
  });
});

describe('the battle shown', () => {
  it('shows the real dice at once, never a "rolling…" with other faces than the result', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    let state = midGame({ phase: 'attack', armies: { [T.Alaska!]: 6, [T.Kamchatka!]: 3 } });
    table.show(state);
    const { lastFrame } = show(table);
    state = applyAndRecord(table, state, { command: 'attack', player: 0, payload: [T.Alaska!, T.Kamchatka!, 3] });
    applyAndRecord(table, state, { command: 'defend', player: 1, payload: 2 }, scriptedDice([2, 3, 4, 5, 1]));
    const frame = await until(lastFrame, 'Alaska ⚔ Kamchatka');
    expect(frame).toContain('│ 4 ││ 3 ││ 2 │ vs │ 5 ││ 1 │');
    expect(frame).not.toContain('rolling');
  });
});

describe('map sizes', () => {
  it('80×24, four players: after a battle the story shows more than two lines; the key hints are whole', async () => {
    const four: TablePlayer[] = ['Ann', 'Bea', 'Cy', 'Dee'].map((name, id) => ({
      id,
      name,
      kind: id === 0 ? 'you' : 'remote',
    }));
    const table = new Table({ mode: 'quick', players: four });
    let state: GameState = midGame({ players: 4, phase: 'attack', armies: { [T.Alaska!]: 6, [T.Kamchatka!]: 3 } });
    table.show(state);
    for (let i = 0; i < 20; i++) table.note(`news ${i}`);
    state = applyAndRecord(table, state, { command: 'attack', player: 0, payload: [T.Alaska!, T.Kamchatka!, 3] });
    state = applyAndRecord(table, state, { command: 'defend', player: 1, payload: 2 }, scriptedDice([2, 3, 4, 5, 1]));
    void table.ask(state, 0);
    const { lastFrame } = show(table, { columns: 80, rows: 24 });
    const frame = await until(lastFrame, 'Attack: choose a territory');
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines.filter((l) => /^[·⚔] /.test(l)).length).toBeGreaterThanOrEqual(5);
    expect(frame).toContain('news 19');
    expect(frame).not.toContain('…');
    // The last line is the key hints, whole (help and leave are in the title line).
    expect(lines.at(-1)).toMatch(/Enter choose · Tab end attacks\s*$/);
    expect(lines[0]).toMatch(/\? h q\s*$/);
  });

  it("80×24, two players: the 1993 neutral army is called Neutral in the players' line", async () => {
    const table = new Table({ mode: 'network', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 3, owner: (t) => t % 3 });
    expect(state.neutralArmy).toBe(2);
    table.show(state);
    void table.ask(state, 0);
    const { lastFrame } = show(table, { columns: 80, rows: 24 });
    const frame = await until(lastFrame, 'Deploy: 3 armies');
    expect(frame).toMatch(/■Neutral 14t 14a/);
    expect(frame).not.toMatch(/Player 2|Neutral.*neutral/);
  });

  it('80×24: the card trade keys are whole', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'cards', hands: { 0: [T.Alaska!, T['Northwest Territory']!, 42, T.Peru!] } });
    table.show(state);
    void table.ask(state, 0);
    const { lastFrame } = show(table, { columns: 80, rows: 24 });
    const frame = await until(lastFrame, 'Cards: trade a set');
    const hints = frame.split('\n').at(-1)!;
    expect(hints).not.toContain('…');
    expect(hints).toMatch(/Enter trade · Tab no trade · Esc clear\s*$/);
  });

  it("80×24: a map in the board's shape with the neighbours of the cursor named; everything fits", async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 3 });
    void table.ask(state, 0);
    const { lastFrame } = show(table, { columns: 80, rows: 24 });
    const frame = await until(lastFrame, 'Deploy: 3 armies');
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines[0]).toContain('RISK');
    expect(frame).toMatch(/ALA●1 +─NWT▲1 +─GRL●1/);
    expect(frame).toContain('borders NWT ALB KAM');
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(80);
  });

  it('smaller than 80×24 (40×14): the list of continents scrolls to the cursor; the title line stays', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 3, owner: () => 0 });
    table.show(state);
    void table.ask(state, 0);
    const { stdin, lastFrame } = show(table, { columns: 40, rows: 14 });
    let frame = await until(lastFrame, 'Deploy: 3 armies');
    expect(frame).toMatch(/^N\.Am ALA●1/m);
    expect(frame).not.toMatch(/^Aus /m);
    // Typing a name moves the cursor to New Guinea, in the last line of the list.
    await press(stdin, 'n', 'e', 'w');
    frame = await until(lastFrame, 'New Guinea (Australia)');
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(14);
    expect(lines[0]).toContain('RISK');
    expect(frame).toMatch(/^Aus +IDN●1 +NGU●1/m);
    expect(frame).not.toMatch(/^N\.Am /m);
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(40);
  });

  it('200×60: the map with the panels beside it and a long story beneath', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state = midGame({ phase: 'deploy', toDeploy: 3 });
    table.show(state);
    for (let i = 0; i < 60; i++) table.note(`news ${i}`);
    void table.ask(state, 0);
    const { lastFrame } = show(table, { columns: 200, rows: 60 });
    const frame = await until(lastFrame, 'Deploy: 3 armies');
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(60);
    expect(lines.find((l) => l.includes('NORTH AMERICA'))).toMatch(/Players/);
    expect(lines.filter((l) => l.includes('news ')).length).toBeGreaterThanOrEqual(30);
  });
});
