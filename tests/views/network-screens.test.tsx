import { describe, expect, it } from 'vitest';
import { realLauncher } from '../../src/cli/launcher.js';
import { App } from '../../src/views/app.js';
import { KEY, press, screenMounter, until } from './ink-helpers.js';

const LOCAL = {
  listen: '127.0.0.1',
  port: 0,
  moveTimeoutMs: 60_000,
  ackTimeoutMs: 5000,
  botDelayMs: 0,
  record: false,
  seed: 1,
};
const mount = screenMounter();

function app(name: string) {
  const exited = { value: false };
  const screen = mount(
    <App
      launcher={realLauncher(LOCAL)}
      defaultName={name}
      onExit={() => (exited.value = true)}
      rollMs={0}
      size={{ columns: 120, rows: 40 }}
    />,
  );
  return { ...screen, exited };
}

describe('a networked game through the screens', () => {
  it('host shows the address, the joiner types it, both play, leaving is seen by the other', async () => {
    const host = app('Hana');
    const guest = app('Gus');
    await press(host.stdin, '2');
    await until(host.lastFrame, 'Host a game');
    await press(host.stdin, KEY.left, KEY.left, KEY.enter, KEY.enter);
    const lobby = await until(host.lastFrame, 'Lobby: 1 of 2 players', 10_000);
    // The short form, host:port, as a person would type it.
    const address = /127\.0\.0\.1:\d+/.exec(lobby)?.[0];
    expect(address, lobby).toBeDefined();

    await press(guest.stdin, '3');
    await until(guest.lastFrame, 'Join a game');
    await press(guest.stdin, address!, KEY.enter);
    // Each screen ends up in the game: two players play the 1993 game (territories dealt, a
    // neutral army), so one is asked to place on their own territories, the other waits.
    const both = async () => {
      await until(host.lastFrame, /Setup: put an army|Waiting for/, 15_000);
      await until(guest.lastFrame, /Setup: put an army|Waiting for/, 15_000);
    };
    await both();
    const [mover, watcher] = (host.lastFrame() ?? '').includes('Setup: put an army') ? [host, guest] : [guest, host];
    // Tab: the computer places the rest of this player's setup armies.
    await press(mover.stdin, KEY.tab);
    await until(watcher.lastFrame, /(Hana|Gus) reinforces /, 10_000);

    // The guest leaves: the host's log says so, and the guest is back at the menu.
    await press(guest.stdin, 'q', 'y');
    await until(guest.lastFrame, 'You left the game.', 10_000);
    // If the setup was over (the host had placed everything), the host is the last player left and wins.
    const seen = await until(
      host.lastFrame,
      /Gus left the game|Gus is (now )?neutral|is the last player (left in the game|standing)/,
      10_000,
    );
    if (/is the last player (left|standing)/.test(seen)) {
      expect(seen).toMatch(/Gus +\d+ +\d+ +\d+ +\d+ left/);
      return;
    }
    await press(host.stdin, 'q', 'y');
    await until(host.lastFrame, 'You left the game.', 10_000);
  }, 60_000);
});
