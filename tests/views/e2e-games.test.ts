// End to end: whole games in real terminals (tmux) at each of the three sizes players use, 80×24,
// 120×40 and 200×60 — at each size a Quick game, a hot-seat game and a host/join game between two
// terminals on this machine (same HOME, no --key), nine games, each played to its game-over screen
// as the captured pane shows it. A scripted player gets there the way any player can: the help's
// "p" lets the computer play their turns, and the bots do not pause (--bot-delay 0). The three
// games of one size run side by side; the sizes one after another, to stay reliable on a busy
// 2-core machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = join(tmpdir(), `risk-e2e-games-${process.pid}.sock`);
const GAME_MS = 400_000;
const SIZES = [
  [80, 24],
  [120, 40],
  [200, 60],
] as const;

/** The tmux sessions opened; each size's are closed after its games. */
const opened: string[] = [];

const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A terminal of the given size running `risk` with these arguments; the shell reports the exit code. */
function terminal(kind: string, columns: number, rows: number, args: string) {
  const name = `${kind}-${columns}x${rows}`;
  opened.push(name);
  const command = `${process.execPath} bin/risk.js ${args} --no-record --bot-delay 0; echo "risk exited with $?"; sleep 120`;
  tmux('new-session', '-d', '-x', String(columns), '-y', String(rows), '-s', name, '-c', root, command);
  const screen = () => tmux('capture-pane', '-p', '-t', name);
  const keys = (...list: string[]) => tmux('send-keys', '-t', name, ...list);
  /** Polls the screen until the test passes; fails with the last screen shown. */
  const waitFor = async (test: string | RegExp, timeoutMs = 30_000, everyMs = 250): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < deadline) {
      text = screen();
      if (typeof test === 'string' ? text.includes(test) : test.test(text)) return text;
      await sleep(everyMs);
    }
    throw new Error(`${name}: timed out waiting for ${String(test)}; the screen was:\n${text}`);
  };
  /**
   * Every line fits the terminal, the title line (whose turn) is the first one, and the map is the
   * one for this size: the small map at 80×24, the big map with the panels under it at 120×40 and
   * beside it at 200×60.
   */
  const checkGameScreen = (text: string) => {
    const lines = text.split('\n');
    expect(lines.length, name).toBeLessThanOrEqual(rows + 1);
    for (const line of lines) expect([...line].length, `${name}: ${line}`).toBeLessThanOrEqual(columns);
    expect(lines[0], name).toMatch(/^ RISK /);
    if (columns < 120) {
      expect(text, name).toContain('N.AMERICA +5');
      expect(text, name).not.toContain('NORTH AMERICA +5');
    } else {
      const mapTop = lines.find((l) => l.includes('NORTH AMERICA +5'));
      expect(mapTop, name).toBeDefined();
      if (columns >= 164) expect(mapTop, name).toMatch(/Players/);
      else {
        expect(mapTop, name).not.toMatch(/Players/);
        expect(text, name).toMatch(/Players\s+terr armies/);
      }
    }
  };
  /** The help's "p": the computer plays this player's turns from now on. */
  const handOver = async () => {
    keys('?');
    await waitFor('the computer plays for you: off');
    keys('p');
    await waitFor('the computer plays for you: on');
    keys('Escape');
    await waitFor('computer plays for you');
  };
  /** Plays to the game-over screen, then quits; the terminal is restored. */
  const finish = async () => {
    // A whole game: look once a second (each look starts a tmux client; the machine is busy enough).
    const over = await waitFor(/wins the game|You win!|Game over: no winner/, GAME_MS, 1000);
    expect(over, name).toMatch(/\d+ turns? played, \d+ battles fought/);
    keys('h');
    const history = await waitFor('Game history');
    expect(history, name).toMatch(/armies killed/);
    keys('Escape');
    await waitFor('Enter: back to the menu');
    keys('q');
    const end = await waitFor('risk exited with', 15_000);
    expect(end, name).toContain('risk exited with 0');
    expect(end, name).not.toContain('RISK');
  };
  return { name, screen, keys, waitFor, checkGameScreen, handOver, finish };
}

afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(socket, { force: true });
});

async function quickGame(columns: number, rows: number) {
  const t = terminal('quick', columns, rows, 'play quick --name Tess');
  let text = await t.waitFor(/Setup: claim an empty territory/);
  t.checkGameScreen(text);
  expect(text).toContain('Tess (you)');
  // At 80×24 the prompt names the neighbours of the territory under the cursor.
  if (columns < 120) expect(text).toMatch(/borders \w{3}/);
  await t.handOver();
  text = await t.waitFor(/turn \d+/, 60_000);
  t.checkGameScreen(text);
  await t.finish();
}

async function hotSeatGame(columns: number, rows: number) {
  const t = terminal('hotseat', columns, rows, 'play hotseat Ann bot:hard --seed 11');
  // Two players: the 1993 game with a neutral army, territories dealt, so Ann places on her own.
  const text = await t.waitFor(/Ann: Setup: put an army on one of your territories/);
  t.checkGameScreen(text);
  if (columns < 120) expect(text).toMatch(/borders \w{3}/);
  await t.handOver();
  await t.finish();
}

async function networkGame(columns: number, rows: number) {
  const host = terminal('host', columns, rows, 'play host --players 2 --listen 127.0.0.1 --port 0 --name Hana');
  const lobby = await host.waitFor(/Lobby: 1 of 2 players/);
  const address = /^\s+(127\.0\.0\.1:\d+)\s*$/m.exec(lobby)?.[1];
  expect(address, host.name).toBeDefined();
  const guest = terminal('guest', columns, rows, `play join ${address} --name Gus`);
  for (const t of [host, guest]) {
    const text = await t.waitFor(
      /Setup: put an army on one of your territories|Waiting for (Hana|Gus) to place an army/,
    );
    t.checkGameScreen(text);
    // Both players by name (the small layout's player line marks only "you"), the neutral army as Neutral.
    const [you, peer] = t === host ? ['Hana', 'Gus'] : ['Gus', 'Hana'];
    expect(text, t.name).toContain(`${you} (you)`);
    expect(text, t.name).toMatch(columns < 120 ? new RegExp(`${peer} \\d+ left`) : new RegExp(`${peer} \\(peer\\)`));
    expect(text, t.name).toContain('Neutral');
    expect(text, t.name).not.toMatch(/Player \d/);
    expect(text, t.name).toMatch(/⏱ \d+:\d\d (Hana|Gus)/);
  }
  await Promise.all([host.handOver(), guest.handOver()]);
  await Promise.all([host.finish(), guest.finish()]);
}

describe.skipIf(!hasTmux)(
  `whole games in a terminal (tmux${hasTmux ? '' : ' not installed: apt package "tmux"'})`,
  () => {
    for (const [columns, rows] of SIZES)
      it(`${columns}×${rows}: a Quick game, a hot-seat game and a host/join game (two terminals, same HOME), each to the end`, async () => {
        // Every game runs to its end or its time limit, so that none is left running into the next size.
        const games = await Promise.allSettled([
          quickGame(columns, rows),
          hotSeatGame(columns, rows),
          networkGame(columns, rows),
        ]);
        for (const name of opened.filter((n) => n.endsWith(`-${columns}x${rows}`)))
          spawnSync('tmux', ['-S', socket, 'kill-session', '-t', name]);
        for (const game of games) if (game.status === 'rejected') throw game.reason;
      }, 480_000);
  },
);
