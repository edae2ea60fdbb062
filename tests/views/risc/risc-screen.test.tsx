import { describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/views/app.js';
import type { Launcher } from '../../../src/views/launcher.js';
import { MENU_ITEMS } from '../../../src/views/main-menu.js';
import { RiscGameScreen } from '../../../src/views/risc/risc-screen.js';
import { KEY, press, screenMounter, until } from '../ink-helpers.js';

const mount = screenMounter();

describe('RISC screen', () => {
  it('places, orders with (M)ove/(A)ttack/(D)one, shows the turn, and leaves on Ctrl-C', async () => {
    const onLeave = vi.fn();
    const { stdin, lastFrame } = mount(
      <RiscGameScreen options={{ name: 'Ann', players: 2, bot: 'easy', seed: 1, startUnits: 24 }} onLeave={onLeave} />,
    );
    let frame = await until(lastFrame, 'How many units in Narnia? (24 left');
    expect(frame).toContain('Ann (you)');
    expect(frame).toMatch(/0 in Narnia \(next to: Midkemia, Elantris, Scadrial\)/);
    stdin.write('auto\r'); // pasted: the text and the Enter in one piece
    frame = await until(lastFrame, '(M)ove');
    expect(frame).toContain('Everyone has placed their units.');
    expect(frame).toContain('2 in Narnia');
    await press(stdin, ...'m narnia midkemia 1', KEY.enter);
    await until(lastFrame, 'ok: move 1 from Narnia to Midkemia');
    await press(stdin, ...'a narnia oz 1', KEY.enter);
    await until(lastFrame, 'Oz is yours (move there instead)');
    await press(stdin, 'd', KEY.enter);
    frame = await until(lastFrame, 'turn 2');
    expect(frame).toContain('Ann moves 1 from Narnia to Midkemia');
    await press(stdin, KEY.ctrlC);
    await vi.waitFor(() => expect(onLeave).toHaveBeenCalled());
  });

  it('lists each player on one line when the terminal is short', async () => {
    const { lastFrame } = mount(
      <RiscGameScreen options={{ name: 'Ann', players: 4, bot: 'easy', seed: 1 }} onLeave={() => {}} rows={30} />,
    );
    const frame = await until(lastFrame, 'How many units in Narnia?');
    expect(frame).toContain('Narnia 0 · Midkemia 0 · Oz 0 · Elantris 0 · Scadrial 0 · Roshar 0');
    expect(frame).not.toContain('next to');
  });
});

describe('main menu', () => {
  it('has a RISC entry that starts a RISC game against bots', async () => {
    const launcher = {} as Launcher; // RISC needs no launcher: it runs in this process
    const n = MENU_ITEMS.findIndex((i) => i.id === 'risc') + 1;
    expect(n).toBeGreaterThan(0);
    const { stdin, lastFrame } = mount(<App launcher={launcher} defaultName="Ann" onExit={() => {}} />);
    await until(lastFrame, 'RISC');
    await press(stdin, String(n));
    const frame = await until(lastFrame, 'How many units in Oz?');
    expect(frame).toContain('Babbage (bot)');
  });
});
