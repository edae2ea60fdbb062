// Helpers for driving Ink screens in tests: key codes as a terminal sends them, and waiting for
// the screen to show something.
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { afterEach, expect, vi } from 'vitest';
import { type Action, apply, type Dice, type GameState } from '../../src/model/index.js';
import type { Launcher } from '../../src/views/launcher.js';
import { Table } from '../../src/views/table.js';

export const KEY = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  backspace: '\u007F',
  ctrlC: '\u0003',
  home: '\u001B[H',
  end: '\u001B[F',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
} as const;

/**
 * A test file's `mount`: renders a screen and unmounts it after the test it ran in. Call it once,
 * at the top of the file (it registers the afterEach there).
 */
export function screenMounter(): (tree: ReactElement) => ReturnType<typeof render> {
  const mounted: (() => void)[] = [];
  afterEach(() => {
    for (const unmount of mounted.splice(0)) unmount();
  });
  return (tree) => {
    const screen = render(tree);
    mounted.push(screen.unmount);
    return screen;
  };
}

export const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes keys one at a time, letting Ink take each in (a lone Esc waits 20 ms to be sure it is one). */
export async function press(stdin: { write(data: string): void }, ...keys: string[]) {
  for (const key of keys) {
    stdin.write(key);
    await tick(key === KEY.escape ? 60 : 25);
  }
}

/** Waits until the last frame contains the text (or matches), then returns the frame. */
export async function until(
  lastFrame: () => string | undefined,
  expected: string | RegExp,
  timeout = 3000,
): Promise<string> {
  await vi.waitFor(
    () => {
      const frame = lastFrame() ?? '';
      if (typeof expected === 'string') expect(frame).toContain(expected);
      else expect(frame).toMatch(expected);
    },
    { timeout, interval: 15 },
  );
  // The frame is drawn before the screen's key handler is attached: give it a moment.
  await tick(30);
  return lastFrame() ?? '';
}

/**
 * Plays the game on a table by hand: asks `player` for a move, applies it with the dice given,
 * records the events as a session would, and returns the new state.
 */
export async function play(table: Table, state: GameState, player: number, dice?: Dice): Promise<GameState> {
  const action: Action = await table.ask(state, player);
  return applyAndRecord(table, state, action, dice);
}

export function applyAndRecord(table: Table, state: GameState, action: Action, dice?: Dice): GameState {
  const result = apply(state, action, dice);
  if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.reason}`);
  for (const event of result.events) table.record({ type: 'game', event, state: result.state });
  return result.state;
}

/** A launcher whose games are scripted by the test: by default a quick game and a hot seat start, the rest fail. */
export function fakeLauncher(overrides: Partial<Launcher> = {}): Launcher {
  const table = () => new Table({ mode: 'quick', players: [{ id: 0, name: 'Ann', kind: 'you' }] });
  return {
    quickGame: async () => ({ ok: true, table: table() }),
    hostGame: async () => ({ ok: false, reason: 'not scripted' }),
    joinGame: async () => ({ ok: false, reason: 'not scripted' }),
    hotSeat: () => ({ ok: true, table: table() }),
    ...overrides,
  };
}
