// The RISC screens in ink-testing-library at the three sizes players use: every territory's units
// and neighbours, the orders so far, each turn's battles told, the menu's RISC entry; against
// bots on this machine (the real launcher, nothing stored).
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAUNCH } from '../../../src/cli/launch-kit.js';
import { riscLauncher } from '../../../src/cli/risc-launcher.js';
import { App } from '../../../src/views/app.js';
import type { Launcher } from '../../../src/views/launcher.js';
import { MENU_ITEMS } from '../../../src/views/main-menu.js';
import type { RiscMatch } from '../../../src/views/risc/match.js';
import { RiscApp } from '../../../src/views/risc/risc-app.js';
import { RiscGameScreen } from '../../../src/views/risc/risc-screen.js';
import { ThemeContext } from '../../../src/views/theme.js';
import { KEY, press, screenMounter, until } from '../ink-helpers.js';
import { stoppedGameLauncher } from './stopped-game.js';

const mount = screenMounter();
const terms = { startUnits: 24, turnLimit: 100 };

function match(players: number, seed: number): RiscMatch {
  return riscLauncher({ ...DEFAULT_LAUNCH, record: false }, seed).local({ name: 'Ann', players, bot: 'easy', terms });
}

function screen(m: RiscMatch, columns: number, rows: number, onLeave = () => {}) {
  return mount(
    <ThemeContext.Provider value={{ color: false }}>
      <RiscGameScreen match={m} onLeave={onLeave} size={{ columns, rows }} />
    </ThemeContext.Provider>,
  );
}

/** Every line fits the terminal. */
function fits(frame: string, columns: number, rows: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
}

describe('RISC screen', () => {
  it('120×40: places, orders with (M)ove/(A)ttack/(D)one, shows the orders so far and the turn, leaves on Ctrl-C', async () => {
    const onLeave = vi.fn();
    const { stdin, lastFrame } = screen(match(2, 1), 120, 40, onLeave);
    let frame = await until(lastFrame, 'How many units in Narnia? (24 left');
    expect(frame).toContain('Ann (you)');
    expect(frame).toMatch(/0 in Narnia \(next to: Midkemia, Elantris, Scadrial\)/);
    fits(frame, 120, 40);
    stdin.write('auto\r'); // pasted: the text and the Enter in one piece
    frame = await until(lastFrame, '(M)ove');
    expect(frame).toContain('2 in Narnia');
    expect(frame).toContain('Everyone has placed their units.');
    expect(frame).toContain('Your orders: none yet');
    await press(stdin, ...'m narnia midkemia 1', KEY.enter);
    frame = await until(lastFrame, 'ok: move 1 from Narnia to Midkemia');
    expect(frame).toContain('Your orders (1): move 1 Narnia→Midkemia');
    await press(stdin, ...'a narnia oz 1', KEY.enter);
    await until(lastFrame, 'Narnia has no enemy neighbour to attack: Midkemia, Elantris and Scadrial are all yours');
    await press(stdin, 'd', KEY.enter);
    frame = await until(lastFrame, 'turn 2 of 100');
    expect(frame).toContain('Turn 1:');
    expect(frame).toContain('Ann moves 1 Narnia→Midkemia');
    fits(frame, 120, 40);
    // A turn with battles is told below the board, which stays.
    for (let turn = 2; turn < 30 && !/⚔/.test(frame); turn++) {
      await press(stdin, 'd', KEY.enter);
      frame = await until(lastFrame, new RegExp(`turn ${turn + 1} of 100|game over`));
    }
    expect(frame).toMatch(/⚔ \w/);
    expect(frame).toMatch(/in \w+ \(next to: /);
    fits(frame, 120, 40);
    await press(stdin, KEY.ctrlC);
    await vi.waitFor(() => expect(onLeave).toHaveBeenCalled());
  });

  it('80×24: two territories a line with their neighbours as codes; Tab shows the last turn, told battle by battle', async () => {
    const { stdin, lastFrame } = screen(match(4, 3), 80, 24);
    let frame = await until(lastFrame, 'How many units in');
    fits(frame, 80, 24);
    // Every territory is on the board with its units and its neighbours' codes.
    expect(frame).toMatch(/● +0 Narnia +Mid Ela Sca/);
    expect(frame).toMatch(/0 Brobdingnag Sca Ros Lil Lap Cam Sha/);
    for (const name of ['Oz', 'Xanadu', 'El Dorado', 'Shangri-La']) expect(frame).toContain(name);
    stdin.write('auto\r');
    frame = await until(lastFrame, '(M)ove, (A)ttack or (D)one?');
    fits(frame, 80, 24);
    // Done every turn until a turn has battles: the screen then tells them first.
    for (let turn = 1; turn < 30 && !/⚔/.test(frame); turn++) {
      await press(stdin, 'd', KEY.enter);
      frame = await until(lastFrame, new RegExp(`turn ${turn + 1} of 100|game over`));
    }
    expect(frame).toMatch(/Turn \d+:/);
    expect(frame).toMatch(/⚔ \w/);
    expect(frame).toMatch(/(takes|holds) [\w -]+ with \d+ left/);
    fits(frame, 80, 24);
    await press(stdin, KEY.tab);
    frame = await until(lastFrame, /Narnia\s+Mid Ela Sca/);
    expect(frame).not.toContain('⚔');
    fits(frame, 80, 24);
  });

  it('200×60: the turns told beside the board', async () => {
    const { stdin, lastFrame } = screen(match(3, 2), 200, 60);
    await until(lastFrame, 'How many units in');
    stdin.write('auto\r');
    let frame = await until(lastFrame, '(M)ove');
    await press(stdin, 'd', KEY.enter);
    frame = await until(lastFrame, 'Turn 1:');
    const line = frame.split('\n').find((l) => l.includes('Turn 1:'))!;
    // The story starts right of the board, on a line of the board.
    expect(line.indexOf('Turn 1:')).toBeGreaterThan(90);
    expect(line).toMatch(/^\s+\d+ in \w/);
    fits(frame, 200, 60);
  });
});

describe('RISC from the menus', () => {
  it('the main menu has RISC; its own menu starts a game against bots', async () => {
    const launcher = { risc: async () => riscLauncher({ ...DEFAULT_LAUNCH, record: false }, 5) } as Launcher;
    const n = MENU_ITEMS.findIndex((i) => i.id === 'risc') + 1;
    expect(n).toBeGreaterThan(0);
    const { stdin, lastFrame } = mount(<App launcher={launcher} defaultName="Ann" onExit={() => {}} />);
    await until(lastFrame, 'RISC');
    await press(stdin, String(n));
    let frame = await until(lastFrame, 'Host a RISC game');
    for (const item of ['Play against bots', 'Join a RISC game', 'Resume', 'Rules']) expect(frame).toContain(item);
    await press(stdin, '1');
    frame = await until(lastFrame, 'How many units in Oz?');
    expect(frame).toContain('Babbage (bot)');
  });

  it('the host form offers 2–4 players and the turn limit', async () => {
    const launcher = riscLauncher({ ...DEFAULT_LAUNCH, record: false }, 5);
    const { stdin, lastFrame } = mount(<RiscApp launcher={launcher} defaultName="Ann" onExit={() => {}} />);
    await until(lastFrame, 'Host a RISC game');
    await press(stdin, '2');
    let frame = await until(lastFrame, 'Turn limit:');
    expect(frame).toContain('◂ 3 ▸');
    expect(frame).toContain('RISC: 30 starting units each; turn limit 100');
    await press(stdin, KEY.right, KEY.right);
    await until(lastFrame, '◂ 4 ▸');
    await press(stdin, KEY.tab, KEY.tab, KEY.left, KEY.left, KEY.left);
    frame = await until(lastFrame, '◂ none ▸');
    expect(frame).toContain('RISC: 30 starting units each; no turn limit');
  });

  it('Resume lists a stopped networked game: joined at its host (address stored, may be changed), or hosted again', async () => {
    const requests: unknown[] = [];
    const launcher = (host: boolean) => stoppedGameLauncher(host, requests);
    const joiner = mount(<RiscApp launcher={launcher(false)} defaultName="Ann" onExit={() => {}} />);
    await until(joiner.lastFrame, 'Host a RISC game');
    await press(joiner.stdin, '4');
    await until(joiner.lastFrame, '(networked, stopped: join its host)');
    await press(joiner.stdin, KEY.enter);
    await until(joiner.lastFrame, 'Join its host');
    await press(joiner.stdin, 'j');
    await until(joiner.lastFrame, '/ip4/10.0.0.1/tcp/7475');
    await press(joiner.stdin, KEY.enter);
    let frame = await until(joiner.lastFrame, 'Could not resume game #7');
    expect(frame).toContain('nobody there');
    const host = mount(<RiscApp launcher={launcher(true)} defaultName="Ann" onExit={() => {}} />);
    await until(host.lastFrame, 'Host a RISC game');
    await press(host.stdin, '4', KEY.enter, 'h');
    frame = await until(host.lastFrame, 'Could not resume game #7');
    expect(requests).toEqual([
      { id: 7, host: false, address: '/ip4/10.0.0.1/tcp/7475/p2p/12D3KooW' },
      { id: 7, host: true },
    ]);
  });
});
