// End to end: whole games in real terminals (tmux) at the three sizes players use — a Quick game
// at 80×24, a hot-seat game at 200×60 and a host/join game between two terminals on this machine
// (same HOME, no --key) at 120×40 — each played to its game-over screen. A scripted player gets
// there the way any player can: the help's "p" lets the computer play their turns, the bots do
// not pause (--bot-delay 0). The three games run side by side to keep the test short.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = join(tmpdir(), `risk-e2e-games-${process.pid}.sock`);
const GAME_MS = 240_000;

const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A terminal of the given size running `risk` with these arguments; the shell reports the exit code. */
function terminal(name: string, columns: number, rows: number, args: string) {
  const command = `${process.execPath} bin/risk.js ${args} --no-record --bot-delay 0; echo "risk exited with $?"; sleep 120`;
  tmux('new-session', '-d', '-x', String(columns), '-y', String(rows), '-s', name, '-c', root, command);
  const screen = () => tmux('capture-pane', '-p', '-t', name);
  const keys = (...list: string[]) => tmux('send-keys', '-t', name, ...list);
  /** Polls the screen until the test passes; fails with the last screen shown. */
  const waitFor = async (test: string | RegExp, timeoutMs = 30_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < deadline) {
      text = screen();
      if (typeof test === 'string' ? text.includes(test) : test.test(text)) return text;
      await sleep(200);
    }
    throw new Error(`${name}: timed out waiting for ${String(test)}; the screen was:\n${text}`);
  };
  /** Every line fits the terminal, and the title line (whose turn) is the first one. */
  const fits = (text: string) => {
    const lines = text.split('\n');
    expect(lines.length).toBeLessThanOrEqual(rows + 1);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
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
    const over = await waitFor(/wins the game|You win!|Game over: no winner/, GAME_MS);
    expect(over).toMatch(/\d+ turns? played, \d+ battles fought/);
    keys('h');
    const history = await waitFor('Game history');
    expect(history).toMatch(/armies killed/);
    keys('Escape');
    await waitFor('Enter: back to the menu');
    keys('q');
    const end = await waitFor('risk exited with', 15_000);
    expect(end).toContain('risk exited with 0');
    expect(end).not.toContain('RISK');
  };
  return { screen, keys, waitFor, fits, handOver, finish };
}

afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(socket, { force: true });
});

async function quickGame() {
  const t = terminal('quick', 80, 24, 'play quick --name Tess');
  let text = await t.waitFor(/Setup: claim an empty territory/);
  t.fits(text);
  expect(text).toMatch(/^ RISK /);
  expect(text).toContain('N.AMERICA +5');
  expect(text).toMatch(/borders \w{3}/);
  await t.handOver();
  text = await t.waitFor(/turn \d+/, 60_000);
  t.fits(text);
  await t.finish();
}

async function hotSeatGame() {
  const t = terminal('hotseat', 200, 60, 'play hotseat Ann bot:hard --seed 11');
  // Two players: the 1993 game with a neutral army, territories dealt, so Ann places on her own.
  const text = await t.waitFor(/Ann: Setup: put an army on one of your territories/);
  t.fits(text);
  // The map and the players side by side.
  expect(text.split('\n').find((l) => l.includes('NORTH AMERICA +5'))).toMatch(/Players/);
  await t.handOver();
  await t.finish();
}

async function networkGame() {
  const host = terminal('host', 120, 40, 'play host --players 2 --listen 127.0.0.1 --port 0 --name Hana');
  const lobby = await host.waitFor(/Lobby: 1 of 2 players/);
  const address = /^\s+(127\.0\.0\.1:\d+)\s*$/m.exec(lobby)?.[1];
  expect(address).toBeDefined();
  const guest = terminal('guest', 120, 40, `play join ${address} --name Gus`);
  for (const t of [host, guest]) {
    const text = await t.waitFor(
      /Setup: put an army on one of your territories|Waiting for (Hana|Gus) to place an army/,
    );
    t.fits(text);
    expect(text).toContain('NORTH AMERICA +5');
    expect(text).toMatch(/Hana \((you|peer)\)/);
    expect(text).toMatch(/Gus \((you|peer)\)/);
    expect(text).toMatch(/⏱ \d+:\d\d (Hana|Gus)/);
  }
  await Promise.all([host.handOver(), guest.handOver()]);
  await Promise.all([host.finish(), guest.finish()]);
}

describe.skipIf(!hasTmux)(
  `whole games in a terminal (tmux${hasTmux ? '' : ' not installed: apt package "tmux"'})`,
  () => {
    it('a Quick game at 80×24, a hot-seat game at 200×60, a host/join game at 120×40: each to the end', async () => {
      await Promise.all([quickGame(), hotSeatGame(), networkGame()]);
    }, 300_000);
  },
);
