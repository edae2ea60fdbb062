// The replay screen (step, back, jump to a turn, play), and the menu's Resume and Stats screens,
// on a real stored game; plus the saved game going on through the real launcher.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { retell } from '../../src/cli/launch-kit.js';
import { realLauncher } from '../../src/cli/launcher.js';
import { storedLocalSession } from '../../src/sessions/local-resume.js';
import { gatherStats } from '../../src/store/stats.js';
import type { GameStore } from '../../src/store/store.js';
import { App } from '../../src/views/app.js';
import { type Frame, framesOf, pressReplayKey, tick as replayTick, START } from '../../src/views/replay.js';
import { ReplayScreen } from '../../src/views/replay-screen.js';
import { battlesOf, Table } from '../../src/views/table.js';
import { KEY, press, screenMounter, until } from '../views/ink-helpers.js';
import { botSeats, menuOptions, openStore, savedGamesOf, stoppingAfter, tempDir } from './helpers.js';

// The machine may be busy: screens get longer than the helpers' default to appear.
const SLOW = 15_000;
const mount = screenMounter();

let tmp: ReturnType<typeof tempDir>;
let store: GameStore;
let path: string;
let frames: Frame[];
const PLAYERS = [
  { name: 'Ann', botKind: null },
  { name: 'Bea', botKind: 'easy' },
];
beforeAll(async () => {
  tmp = tempDir();
  path = join(tmp.dir, 'risk.db');
  store = openStore(path);
  await storedLocalSession(store, { kind: 'hotseat', players: PLAYERS }, botSeats(['easy', 'easy'], 3)).run();
  // A second game, stopped after 200 moves: saved, to be resumed.
  let stop = () => {};
  const stopping = storedLocalSession(
    store,
    { kind: 'hotseat', players: PLAYERS },
    stoppingAfter(botSeats(['easy', 'easy'], 4), 200, () => stop()),
  );
  stop = () => stopping.stop();
  await stopping.run();
  const found = store.find('1');
  if (!found.ok) throw new Error(found.reason);
  const built = framesOf(found.game);
  if (!built.ok) throw new Error(built.reason);
  frames = built.frames;
}, 60_000);
afterAll(() => {
  store.close();
  tmp.remove();
});

describe('replay', { timeout: 90_000 }, () => {
  it('steps, goes back, jumps to a turn, and plays to the end', () => {
    let pos = pressReplayKey(frames, START, 'next');
    expect(pos.at).toBe(1);
    pos = pressReplayKey(frames, pos, 'back');
    expect(pos.at).toBe(0);
    pos = pressReplayKey(frames, pos, 'back');
    expect(pos.at).toBe(0);
    for (const key of ['turn', 'digit', 'enter'] as const) pos = pressReplayKey(frames, pos, key, '3');
    expect(frames[pos.at]!.state.turn).toBe(3);
    expect(frames[pos.at - 1]!.state.turn).toBe(2);
    pos = pressReplayKey(frames, pos, 'nextTurn');
    expect(frames[pos.at]!.state.turn).toBe(4);
    pos = pressReplayKey(frames, pos, 'play');
    expect(pos.playing).toBe(true);
    while (pos.playing) pos = replayTick(frames, pos);
    expect(pos.at).toBe(frames.length - 1);
    expect(frames[pos.at]!.state.phase).toBe('over');
  });

  it('shows the board, the step and what it did; keys move through the game', async () => {
    const onExit = vi.fn();
    const players = PLAYERS.map((p, id) => ({
      id,
      name: p.name,
      kind: p.botKind ? ('bot' as const) : ('human' as const),
    }));
    const { lastFrame, stdin } = mount(
      <ReplayScreen
        title="game 1"
        frames={frames}
        players={players}
        onExit={onExit}
        size={{ columns: 100, rows: 40 }}
      />,
    );
    await until(lastFrame, `step 1/${frames.length}`, SLOW);
    await press(stdin, KEY.right, KEY.right);
    await until(lastFrame, `step 3/${frames.length}`, SLOW);
    await press(stdin, 't', '5', KEY.enter);
    await until(lastFrame, /turn 5 · paused/, SLOW);
    // Keys that arrive in one burst all count: "t", "2", Enter.
    stdin.write('t2\r');
    await until(lastFrame, /turn 2 · paused/, SLOW);
    await press(stdin, 'G');
    await until(lastFrame, /Game over: (Ann|Bea) wins/, SLOW);
    await press(stdin, 'q');
    expect(onExit).toHaveBeenCalledTimes(1);
  });
});

describe("the menu's Resume and Stats", { timeout: 90_000 }, () => {
  it('Stats shows the tables and charts of the stored games', async () => {
    const launcher = realLauncher(menuOptions(path, { seed: 1 }));
    const { lastFrame, stdin } = mount(
      <App launcher={launcher} defaultName="Ann" onExit={() => {}} size={{ columns: 120, rows: 60 }} />,
    );
    await until(lastFrame, 'Stats', SLOW);
    await press(stdin, '7');
    await until(lastFrame, '1 finished game (2 stored)', SLOW);
    expect(lastFrame()).toContain('Win rate over time');
    await press(stdin, KEY.escape);
    await until(lastFrame, 'Quick game', SLOW);
  });

  it('Resume lists the saved game and goes on with it exactly where it stopped', async () => {
    const launcher = realLauncher(menuOptions(path, { seed: 1 }));
    expect(savedGamesOf(launcher).map((g) => g.id)).toEqual([2]);
    const { lastFrame, stdin } = mount(
      <App launcher={launcher} defaultName="Ann" onExit={() => {}} size={{ columns: 120, rows: 45 }} />,
    );
    await until(lastFrame, 'Resume', SLOW);
    await press(stdin, '6');
    await until(lastFrame, /#2 .* Ann, Bea \(easy\)/, SLOW);
    await press(stdin, KEY.enter);
    // The game goes on (Ann is the only person at this keyboard: no "pass the keyboard" screen).
    const shown = await until(lastFrame, /turn \d+ · /, SLOW);
    expect(shown).not.toContain('Pass the keyboard');
    // The history (h) says where it went on from; the board may have scrolled it out of sight.
    await press(stdin, 'h');
    await until(lastFrame, /resumed game 2 at turn \d+/, SLOW);
    await press(stdin, KEY.escape);
    // Leaving keeps it saved, to be resumed again.
    await press(stdin, 'q');
    await until(lastFrame, /Leave|leave/, SLOW);
    await press(stdin, 'y');
    await until(lastFrame, 'Quick game', SLOW);
    expect(savedGamesOf(launcher).map((g) => g.id)).toEqual([2]);
  });

  it("a resumed game keeps its history: every battle so far and each player's tally", async () => {
    const launcher = realLauncher(menuOptions(path, { seed: 1 }));
    const started = launcher.resumeGame!(2);
    if (!started.ok) throw new Error(started.reason);
    const view = started.table.getView();
    try {
      expect(battlesOf(view)).toBeGreaterThan(0);
      expect(view.stats.every((s) => s.battles > 0)).toBe(true);
      expect(view.log.filter((e) => e.tone === 'battle')).toHaveLength(battlesOf(view));
      expect(view.log.at(-1)?.text).toMatch(/^resumed game 2 at turn \d+$/);
    } finally {
      await started.table.quit();
    }
  });

  it('the end screen counts battles as risk stats does: each player the battles they fought', () => {
    const found = store.find('1');
    if (!found.ok) throw new Error(found.reason);
    const table = new Table({
      mode: 'hotseat',
      players: PLAYERS.map((p, id) => ({ id, name: p.name, kind: p.botKind ? ('bot' as const) : ('human' as const) })),
    });
    retell(table, found.game);
    const stats = gatherStats(store).byPlayer;
    PLAYERS.forEach((p, seat) =>
      expect(table.view.stats[seat]!.battles, p.name).toBe(stats.find((s) => s.who === p.name)!.battles),
    );
    expect(table.view.over?.winner).toBe(found.game.winner);
  });

  it('Resume says why when the game database cannot be opened, instead of an empty list', async () => {
    // Not a database: 8 KiB of bytes that are no SQLite header.
    const garbage = join(tmp.dir, 'garbage.db');
    const bytes = Buffer.alloc(8192, 0xa5);
    writeFileSync(garbage, bytes);
    const launcher = realLauncher(menuOptions(garbage, { seed: 1 }));
    const saved = launcher.savedGames!();
    expect(saved.ok).toBe(false);
    if (saved.ok) return;
    expect(saved.reason).toContain(`cannot open the game database ${garbage}`);
    expect(saved.reason).toMatch(/not a database/);
    const { lastFrame, stdin } = mount(
      <App launcher={launcher} defaultName="Ann" onExit={() => {}} size={{ columns: 200, rows: 45 }} />,
    );
    await until(lastFrame, 'Resume', SLOW);
    await press(stdin, '6');
    const frame = await until(lastFrame, 'The saved games cannot be listed', SLOW);
    expect(frame).toContain('not a database');
    expect(frame).not.toContain('No saved games to resume');
    await press(stdin, KEY.escape);
    await until(lastFrame, 'Quick game', SLOW);
    // The file is left as it was: nothing was written over it.
    expect(readFileSync(garbage).equals(bytes)).toBe(true);
  });
});
