// Plain mode's saved games: "saved" lists them as the terminal UI's Resume screen does, "resume"
// goes on with a local game or hosts/joins a networked one's resume, "rejoin" takes a seat back;
// each refusal says why and returns to the menu (from the command line: exit 1). Before this, plain
// mode had no way to go on with a saved game at all.
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { Launcher, Opened, Started } from '../../src/views/launcher.js';
import { parseStart, runPlain } from '../../src/views/plain.js';
import { Table } from '../../src/views/table.js';
import { fakeLauncher } from './ink-helpers.js';
import { CAPITAL, HOSTED, JOINED, LOCAL } from './saved-games-fixtures.js';

const table = () => new Table({ mode: 'quick', players: [{ id: 0, name: 'Ann', kind: 'you' }] });

function plain(overrides: Partial<Launcher>, start: Parameters<typeof runPlain>[0]['start'] = { kind: 'menu' }) {
  const input = new PassThrough();
  let output = '';
  const launcher = fakeLauncher({
    savedGames: () => ({ ok: true, games: [LOCAL, JOINED, HOSTED, CAPITAL] }),
    ...overrides,
  });
  const done = runPlain({ launcher, input, out: (t) => (output += t), color: false, defaultName: 'Jo', start });
  return { input, done, output: () => output };
}

describe('plain mode: saved games', () => {
  it('"saved" lists local and networked games with what each offers; "resume" goes on with a local one', async () => {
    const resumeGame = vi.fn((): Started => ({ ok: true, table: table() }));
    const { input, output } = plain({ resumeGame });
    input.write('saved\n');
    await vi.waitFor(() => expect(output()).toContain('networked games'));
    expect(output()).toMatch(/#1 .*Ann, Bea \(easy\) {2}· 200 moves/);
    expect(output()).toMatch(/#7 .*Hana, Jo \(you\) .*was playing · rejoin or join/);
    expect(output()).toMatch(/#8 .*Hana \(you\), Jo .*stopped · host/);
    expect(output()).toMatch(/#9 .*cannot go on: a Capital game/);
    input.write('resume #1\n');
    await vi.waitFor(() => expect(resumeGame).toHaveBeenCalledWith(1));
    expect(output()).toContain('going on with game #1');
  });

  it('a networked game: its host hosts it again; another seat needs the address, then joins', async () => {
    const resumeNetworkGame = vi.fn(
      async (): Promise<Opened> => ({
        ok: true,
        lobby: {
          addresses: ['/ip4/127.0.0.1/tcp/7600/p2p/12D3KooWMe'],
          started: new Promise(() => {}),
          cancel: async () => {},
        },
      }),
    );
    const hosting = plain({ resumeNetworkGame });
    hosting.input.write('resume 8\n');
    await vi.waitFor(() => expect(hosting.output()).toContain("waiting for the game's players"));
    expect(resumeNetworkGame).toHaveBeenLastCalledWith({ id: 8, host: true }, expect.any(Function));
    expect(hosting.output()).toContain('127.0.0.1:7600');

    const joining = plain({ resumeNetworkGame });
    joining.input.write('resume 7\n');
    await vi.waitFor(() =>
      expect(joining.output()).toContain('Hana hosts the resume of game #7: type resume 7 <address>'),
    );
    expect(joining.output()).toContain('(stored: 192.168.1.20:7475, 127.0.0.1:7475)');
    // Back at the menu: the next line is a menu choice.
    joining.input.write('resume 7 192.168.1.20:7475\n');
    await vi.waitFor(() => expect(joining.output()).toContain('joined: waiting for the others'));
    expect(resumeNetworkGame).toHaveBeenLastCalledWith(
      { id: 7, host: false, address: '192.168.1.20:7475' },
      expect.any(Function),
    );
  });

  it('refusals say why: a game that cannot go on, an unknown number, a failed resume with advice', async () => {
    const resumeNetworkGame = vi.fn(
      async (): Promise<Opened> => ({
        ok: true,
        lobby: {
          addresses: [],
          started: Promise.resolve({ ok: false, reason: "player 0's stored game differs from player 1's at move 12" }),
          cancel: async () => {},
        },
      }),
    );
    const { input, output } = plain({ resumeNetworkGame });
    input.write('resume 9\n');
    await vi.waitFor(() => expect(output()).toContain('game #9 cannot be resumed: a Capital game: it cannot go on'));
    input.write('resume 42\n');
    await vi.waitFor(() => expect(output()).toContain('no saved game #42 can go on here ("saved" lists them)'));
    input.write('rejoin 8\n');
    await vi.waitFor(() => expect(output()).toContain('game #8 cannot be rejoined: the record header is not stored'));
    input.write('rejoin 1\n');
    await vi.waitFor(() => expect(output()).toContain('game #1 is a local game: resume 1 goes on with it'));
    input.write('resume 7 10.0.0.9:7475\n');
    await vi.waitFor(() => expect(output()).toContain("could not resume game #7: player 0's stored game differs"));
    expect(output()).toContain('The players’ stored games differ');
  });

  it('rejoin takes the seat back; from the command line a refusal exits 1', async () => {
    const rejoinNetworkGame = vi.fn(async (): Promise<Started> => ({ ok: true, table: table() }));
    const { input, output } = plain({ rejoinNetworkGame });
    input.write('rejoin 7\n');
    await vi.waitFor(() => expect(rejoinNetworkGame).toHaveBeenCalledWith(7));
    expect(output()).toContain('rejoining game #7: asking the other players');

    const direct = plain({}, { kind: 'resume', id: 42 });
    await expect(direct.done).resolves.toBe(1);
    expect(direct.output()).toContain('no saved game #42');
  });

  it('parses the choices', () => {
    expect(parseStart(['resume', '#12'], 'Jo')).toEqual({ kind: 'resume', id: 12 });
    expect(parseStart(['resume', '3', '10.0.0.9:7475'], 'Jo')).toEqual({
      kind: 'resume',
      id: 3,
      address: '10.0.0.9:7475',
    });
    expect(parseStart(['resume'], 'Jo')).toMatch(/^resume: which game\?/);
    expect(parseStart(['rejoin', 'x'], 'Jo')).toMatch(/^rejoin: which game\?/);
    expect(parseStart(['saved'], 'Jo')).toEqual({ kind: 'saved' });
    expect(parseStart(['resme', '3'], 'Jo')).toBe('unknown choice "resme" (did you mean "resume"?)');
  });
});
