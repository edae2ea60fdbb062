// Plain mode before the game (issue 27, points 3 and 11): the host's lobby shows host:port first and
// the rules; a joiner is told the host's rules; a word that is no command is said at once; and when
// the input ends in the lobby, the lobby is left and the program ends (it used to wait for ever).
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { Opened } from '../../src/views/launcher.js';
import { runPlain } from '../../src/views/plain.js';
import { fakeLauncher } from './ink-helpers.js';

const ADDRESS = '/ip4/127.0.0.1/tcp/7475/p2p/12D3KooWEZg3JdkM9cUMDAcfSF8rQAJrK4dGwtActTRe1WgHq12y';

function plain(launcher: ReturnType<typeof fakeLauncher>, start: Parameters<typeof runPlain>[0]['start']) {
  const input = new PassThrough();
  let output = '';
  const done = runPlain({ launcher, input, out: (t) => (output += t), color: false, defaultName: 'Ann', start });
  return { input, done, output: () => output };
}

describe('plain mode in the lobby', () => {
  it('host: host:port first, the rules, words that are no command, and the end of input leaves', async () => {
    const cancel = vi.fn(async () => {});
    const hostGame = vi.fn(
      async (): Promise<Opened> => ({
        ok: true,
        lobby: { addresses: [ADDRESS], started: new Promise(() => {}), cancel },
      }),
    );
    const { input, done, output } = plain(fakeLauncher({ hostGame, defaultRules: { variant: 'mission' } }), {
      kind: 'host',
      players: 3,
    });
    await vi.waitFor(() => expect(output()).toContain('waiting for players'));
    expect(output()).toContain(`  127.0.0.1:7475   (or ${ADDRESS})`);
    expect(output()).toContain('the rules: Goal: Secret Mission Risk · Setup: claim territories in turn');
    input.write('dance\n');
    await vi.waitFor(() => expect(output()).toContain('"dance" is not a command (help lists them)'));
    // The lobby's own words are suggested too.
    input.write('strat\n');
    await vi.waitFor(() => expect(output()).toContain('"strat" is not a command (did you mean "start"?)'));
    input.end();
    await expect(done).resolves.toBe(1);
    expect(output()).toContain('input ended in the lobby: leaving it');
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it("joiner: told the host's rules", async () => {
    const joinGame = vi.fn(async (_options, onLobby): Promise<Opened> => {
      onLobby({ type: 'rules', rules: { fortify: 'connected' } });
      return { ok: true, lobby: { addresses: [], started: new Promise(() => {}), cancel: async () => {} } };
    });
    const { input, done, output } = plain(fakeLauncher({ joinGame }), { kind: 'join', address: '10.0.0.9:7475' });
    await vi.waitFor(() => expect(output()).toContain('joined the lobby'));
    expect(output()).toContain(
      "the host's rules: Goal: world domination · Setup: claim territories in turn · Fortify: along your own territories",
    );
    input.end();
    await expect(done).resolves.toBe(1);
  });
});
