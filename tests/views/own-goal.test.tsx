// Capital and Secret Mission Risk: each player sees their own mission (and capital) on every screen
// size, in the help and the history, and in plain mode; in hot seat only the player at the keyboard
// during their own turn (issue 27, point 1).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { realLauncher } from '../../src/cli/launcher.js';
import { classicBoard, type GameState, reinforcements } from '../../src/model/index.js';
import { GameScreen } from '../../src/views/game-screen.js';
import { runPlain } from '../../src/views/plain.js';
import { Table, type TablePlayer } from '../../src/views/table.js';
import { ThemeContext } from '../../src/views/theme.js';
import { midGame } from '../helpers.js';
import { KEY, press, screenMounter, until } from './ink-helpers.js';

const NETWORK: TablePlayer[] = [
  { id: 0, name: 'Ann', kind: 'you' },
  { id: 1, name: 'Bea', kind: 'remote' },
  { id: 2, name: 'Cy', kind: 'remote' },
];
const SIZES = [
  { columns: 200, rows: 60 },
  { columns: 120, rows: 40 },
  { columns: 80, rows: 24 },
  { columns: 60, rows: 20 },
];
const mount = screenMounter();

function show(table: Table, size: { columns: number; rows: number }) {
  return mount(
    <ThemeContext.Provider value={{ color: false }}>
      <GameScreen table={table} rollMs={0} size={size} onLeave={() => {}} />
    </ThemeContext.Provider>,
  );
}

/** A Secret Mission game of three, Bea to move: Ann's card is "Asia and Africa", Bea's "destroy Ann". */
function missionGame(): GameState {
  const state = midGame({ players: 3, options: { variant: 'mission' }, phase: 'attack', current: 1 });
  return { ...state, missions: [1, 8, 6], missionsRevealed: [false, false, false] };
}

describe('your own mission and capital', () => {
  for (const size of SIZES)
    it(`${size.columns}×${size.rows}: the mission is on the game screen, in ? and in h`, async () => {
      const table = new Table({ mode: 'network', players: NETWORK });
      table.show(missionGame());
      const { stdin, lastFrame } = show(table, size);
      const mission = 'Your mission: conquer Asia and Africa';
      const frame = await until(lastFrame, mission);
      // Only your own: nobody else's card is on your screen.
      expect(frame).not.toMatch(/destroy Ann|24 territories/);
      for (const line of frame.split('\n')) expect([...line].length).toBeLessThanOrEqual(size.columns);
      await press(stdin, '?');
      await until(lastFrame, mission);
      await press(stdin, KEY.escape, 'h');
      await until(lastFrame, 'Game history');
      expect(lastFrame()).toContain(mission);
    });

  it('Capital Risk: the capital you chose in secret, then held or lost, and the capitals still to take', async () => {
    const table = new Table({ mode: 'network', players: NETWORK });
    const base = midGame({ players: 3, options: { variant: 'capital' }, phase: 'capitals', current: 0 });
    const choosing = { ...base, turn: 0 };
    const asked = table.ask(choosing, 0);
    const { stdin, lastFrame } = show(table, { columns: 80, rows: 24 });
    await until(lastFrame, 'Your capital: choose one of your territories');
    await press(stdin, KEY.enter);
    const chosen = await asked;
    expect(chosen.command).toBe('choose_capital');
    const capital = (chosen as { payload: number }).payload;
    const name = classicBoard().territories[capital]!.name;
    await until(lastFrame, `Your capital: ${name} (chosen in secret`);
    // Revealed: Ann lost her own capital to Cy, and holds neither Bea's nor Cy's.
    const of = (player: number) => base.owner.findIndex((o, t) => o === player && t !== capital);
    const revealed: GameState = {
      ...base,
      phase: 'attack',
      current: 1,
      turn: 1,
      capitals: [capital, of(1), of(2)],
      owner: base.owner.map((o, t) => (t === capital ? 2 : o)),
    };
    table.record({ type: 'game', event: { type: 'capitals_revealed', capitals: revealed.capitals }, state: revealed });
    await until(lastFrame, `Your capital: ${name} ⌂ (lost: retake it) · 3 more capitals to win`);
  });

  it('hot seat: a player sees their mission after the pass screen, and not between turns', async () => {
    const table = new Table({
      mode: 'hotseat',
      players: [
        { id: 0, name: 'Ann', kind: 'human' },
        { id: 1, name: 'Bea', kind: 'human' },
        { id: 2, name: 'Cy', kind: 'bot' },
      ],
    });
    const state = { ...missionGame(), current: 0, phase: 'deploy' as const, toDeploy: 3 };
    void table.ask(state, 0);
    const { stdin, lastFrame } = show(table, { columns: 120, rows: 40 });
    await until(lastFrame, 'Pass the keyboard to');
    expect(lastFrame()).not.toContain('Your mission');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Your mission: conquer Asia and Africa');
    // Ann's turn is over, Cy's begins: the screen is everybody's again.
    table.answer(table.view.decision!.id, { command: 'fortify', player: 0, payload: null });
    const next = { ...state, current: 2, turn: 2 };
    table.record({
      type: 'game',
      event: { type: 'turn_started', player: 2, turn: 2, reinforcements: reinforcements(next, 2) },
      state: next,
    });
    const between = await until(lastFrame, "Each player's mission is shown on their own turn");
    expect(between).not.toContain('Asia and Africa');
  });

  it('plain mode: told when the missions are dealt, and again by "mission"', async () => {
    const input = new PassThrough();
    let output = '';
    const done = runPlain({
      launcher: realLauncher({
        listen: '127.0.0.1',
        port: 0,
        moveTimeoutMs: 60_000,
        ackTimeoutMs: 5000,
        botDelayMs: 0,
        record: false,
        seed: 4,
        rules: { variant: 'mission' },
      }),
      input,
      out: (text) => (output += text),
      color: false,
      defaultName: 'Ann',
      start: {
        kind: 'hotseat',
        players: [
          { name: 'Ann', kind: 'human' },
          { name: 'Bo', kind: 'easy' },
          { name: 'Cy', kind: 'easy' },
        ],
      },
    });
    const told = () => output.match(/^Your mission: .+$/gm) ?? [];
    await until(() => output, /your move: /, 10_000);
    expect(told()).toHaveLength(1);
    input.write('mission\n');
    await until(() => output, /(^Your mission: .+$[\s\S]*){2}/m);
    expect(told()[1]).toBe(told()[0]);
    input.end('quit\n');
    await expect(done).resolves.toBe(0);
  }, 30_000);
});
