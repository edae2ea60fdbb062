// End to end: the real `risk` program in a pseudo-terminal (tmux, 120×40) through a Quick game's
// first turn: setup, placing armies, one attack, fortify; then leaving and quitting, after which
// the terminal must be back to normal. The screen text is checked after every step. The bots
// pause 400 ms per move after the setup, so our own lines stay in the log long enough to read.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
// A tmux server of our own, on a socket we remove afterwards.
const socket = join(tmpdir(), `risk-e2e-${process.pid}.sock`);

const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'game');
const keys = (...list: string[]) => tmux('send-keys', '-t', 'game', ...list);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the screen until the test passes; fails with the last screen shown. */
async function waitFor(test: string | RegExp | ((text: string) => boolean), timeoutMs = 20_000): Promise<string> {
  const check =
    typeof test === 'function'
      ? test
      : (text: string) => (typeof test === 'string' ? text.includes(test) : test.test(text));
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    text = screen();
    if (check(text)) return text;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${String(test)}; the screen was:\n${text}`);
}

/** Bots may attack us before our first turn: always defend with the most dice. */
async function untilOurs(prompt: RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await waitFor(
      (s) => prompt.test(s) || /: defend .+ with \d dic?e\? \(1–\d\)/.test(s),
      Math.max(1, deadline - Date.now()),
    );
    if (prompt.test(text)) return text;
    keys('a');
    await sleep(200);
  }
}

afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(socket, { force: true });
});

describe.skipIf(!hasTmux)(`risk in a terminal (tmux${hasTmux ? '' : ' not installed: apt package "tmux"'})`, () => {
  it('Quick game: setup, deploy, one attack, fortify, leave, quit', async () => {
    // After risk ends, the shell prints its exit status on the restored screen and waits.
    const command = `${process.execPath} bin/risk.js --bot-delay 400 --no-record --name Tester; echo "risk exited with $?"; sleep 60`;
    tmux('new-session', '-d', '-x', '120', '-y', '40', '-s', 'game', '-c', root, command);

    // The main menu.
    let text = await waitFor('Quick game');
    for (const item of ['Host a game', 'Join a game', 'Hot seat', 'How to play', 'Quit']) expect(text).toContain(item);
    keys('Enter');

    // Setup: the map in its real shape, then "place the rest automatically".
    text = await untilOurs(/Setup: claim an empty territory/);
    expect(text).toContain('NORTH AMERICA +5');
    expect(text).toMatch(/◄┄ ALA/);
    expect(text).toMatch(/KAM\S*\s+┄►/);
    expect(text).toContain('Tester (you)');
    keys('Tab');

    // Our first turn: deploy all the armies on the territory under the cursor, confirm.
    text = await untilOurs(/Deploy: \d+ armies to place — choose a territory/, 60_000);
    expect(text).toMatch(/turn \d+ · Tester \(you\) · reinforce/);
    expect(text).toContain('Your cards (0)');
    expect(text).toMatch(/Players\s+terr armies cards next/);
    keys('Tab');
    text = await waitFor('Deploy: all armies placed. Send this deployment?');
    keys('Enter');
    text = await untilOurs(/Attack: choose a territory to attack from/);
    expect(text).toMatch(/Tester \(you\) deploys \d+ on /);

    // One attack: the first source, the first target, the most dice.
    keys('Enter');
    text = await waitFor(/Attack from .+: choose the enemy territory to attack/);
    keys('Enter');
    text = await waitFor(/Attack with \d dic?e \(1–\d\): .+ → .+/);
    keys('Enter');
    text = await waitFor(/Attacker \(Tester \(you\)\) loses/);
    expect(text).toMatch(/Defender \(\w+\) loses/);
    expect(text).toMatch(/┌───┐/);
    expect(text).toMatch(/⚔ .+ → .+: [⚀-⚅]\d/);
    text = await untilOurs(/is yours! Move|Enter rolls again|Attack: (choose|no attack)/);
    if (text.includes('is yours! Move')) {
      // A second Enter within 250 ms of the attack's is taken for a held key (game-screen.tsx,
      // REPEAT_MS) and moves nothing: a fast battle can show the conquest sooner than that.
      await sleep(300);
      keys('Enter');
      text = await untilOurs(/Attack: (choose|no attack)|Enter rolls again/);
      expect(text).toMatch(/Tester \(you\) moves \d+ armies into/);
    }

    // End the attacks and fortify (or, when no move is possible, end the turn).
    keys('Tab');
    text = await waitFor(/Fortify: (move armies from which territory|no move is possible)/);
    if (text.includes('no move is possible')) keys('Tab');
    else {
      keys('Enter');
      text = await waitFor(/Fortify from .+: move armies to which territory\?/);
      keys('Enter');
      text = await waitFor(/Fortify: move \d+ of \d+ armies \(1–\d+\) from .+ to .+/);
      keys('Enter');
      text = await waitFor(/Tester \(you\) fortifies .+ with \d+ from/);
    }
    text = await waitFor((s) => !/Fortify:/.test(s) && /Waiting for|: defend |turn \d+ · (Ada|Babbage|Curie)/.test(s));

    // Leave the game (asks first), back at the menu; quit: the program ends, the screen is restored.
    keys('q');
    text = await waitFor('Leave this game?');
    keys('y');
    text = await waitFor('You left the game.');
    keys('q');
    text = await waitFor('risk exited with', 10_000);
    expect(text).toContain('risk exited with 0');
    expect(text).not.toContain('NORTH AMERICA');
    expect(text).not.toContain('Quick game');
  }, 120_000);
});
