// The RISC text client in-process: a whole game from typed lines against bots, written to a record
// that the auditor accepts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { auditRiscRecord } from '../../../src/audit/risc.js';
import { DEFAULT_LAUNCH } from '../../../src/cli/launch-kit.js';
import { riscLauncher } from '../../../src/cli/risc-launcher.js';
import { runRiscPlain } from '../../../src/views/risc/plain.js';
import { stoppedGameLauncher } from './stopped-game.js';

const terms = { startUnits: 30, turnLimit: 100 };

describe('RISC plain text', () => {
  it('plays a game to the end from typed lines, in the RISC style', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'risc-plain-')), 'game.jsonl');
    const launcher = riscLauncher({ ...DEFAULT_LAUNCH, record: false, recordFile: file }, 4);
    const input = new PassThrough();
    let output = '';
    // a typo, a help request, then auto placement; a move and a bad attack, then "done" every turn
    input.write('x\nh\nauto\nm narnia midkemia 1\na narnia oz 1\nd\n');
    for (let i = 0; i < 400; i++) input.write('d\n');
    input.end();
    const start = { kind: 'local', players: 2, bot: 'easy', terms } as const;
    const code = await runRiscPlain({ input, out: (t) => (output += t), launcher, name: 'Ann', start });
    expect(code).toBe(0);
    expect(output).toContain('type a number from 0 to 30, or auto');
    expect(output).toContain('"auto" spreads the rest evenly, (R)ules shows the rules');
    expect(output).toMatch(/Ann \(you\): 30 units\n-+\n/);
    expect(output).toContain('- Turn limit 100 (agreed in the lobby)');
    expect(output).toContain('You are Ann, what would you like to do? (0 orders so far)\n(M)ove\n(A)ttack\n(D)one');
    expect(output).toContain('ok: move 1 from Narnia to Midkemia');
    expect(output).toContain('Narnia has no enemy neighbour to attack: Midkemia, Elantris and Scadrial are all yours');
    expect(output).toContain('Orders committed (1). Waiting for the others…');
    expect(output).toMatch(/Turn 1:\n(.*\n)*Ann moves 1 Narnia→Midkemia\n/);
    expect(output).toMatch(/You win! You hold every territory\.|Ada \(bot\) wins, holding every territory\./);
    expect(output).toContain(`record written to ${file}`);
    const audit = auditRiscRecord(readFileSync(file, 'utf8'));
    expect(audit.violations).toEqual([]);
    expect(audit.state?.winner).not.toBeNull();
  });

  it('leaves when the input ends', async () => {
    const input = new PassThrough();
    input.end('auto\n');
    let output = '';
    const launcher = riscLauncher({ ...DEFAULT_LAUNCH, record: false }, 1);
    const start = { kind: 'local', players: 3, bot: 'hard', terms } as const;
    expect(await runRiscPlain({ input, out: (t) => (output += t), launcher, name: 'Ann', start })).toBe(0);
    expect(output).toContain('You left the game.');
  });
});

describe('RISC plain text: a stopped networked game resumed together', () => {
  // Before this, plain mode refused it ("resume it together from the RISC menu's Resume").
  const run = (host: boolean, address?: string) => {
    const requests: unknown[] = [];
    const launcher = stoppedGameLauncher(host, requests);
    let output = '';
    const input = new PassThrough();
    input.end();
    const start = { kind: 'resume', id: 7, ...(address ? { address } : {}) } as const;
    const code = runRiscPlain({ input, out: (t) => (output += t), launcher, name: 'Ann', start });
    return { code, requests, output: () => output };
  };

  it('its host hosts it again; another seat joins the address given, or is told how', async () => {
    const hosting = run(true);
    expect(await hosting.code).toBe(1);
    expect(hosting.requests).toEqual([{ id: 7, host: true }]);
    expect(hosting.output()).toContain('Hosting RISC game #7 again');
    expect(hosting.output()).toContain('The RISC game could not start: nobody there');

    const joining = run(false, '10.0.0.1:7475');
    expect(await joining.code).toBe(1);
    expect(joining.requests).toEqual([{ id: 7, host: false, address: '10.0.0.1:7475' }]);

    const told = run(false);
    expect(await told.code).toBe(1);
    expect(told.requests).toEqual([]);
    expect(told.output()).toContain(
      'game #7 is hosted again by the first seat still in it: risk play join <address> --game risc --resume 7',
    );
    expect(told.output()).toContain('(stored: /ip4/10.0.0.1/tcp/7475/p2p/12D3KooW)');
  });
});

describe('networked RISC in plain text (libp2p on 127.0.0.1)', () => {
  it('a host and a joiner: the lobby in text (address, who joined, the terms, s to start now), then both play to the end', async () => {
    const options = { ...DEFAULT_LAUNCH, listen: '127.0.0.1', port: 0, record: false, moveTimeoutMs: 20_000 };
    const inputs = [new PassThrough(), new PassThrough()];
    const outputs = ['', ''];
    const run = (i: number, name: string, start: Parameters<typeof runRiscPlain>[0]['start']) =>
      runRiscPlain({
        input: inputs[i]!,
        out: (t) => (outputs[i] += t),
        launcher: riscLauncher(options, 10 + i),
        name,
        start,
      });
    const host = run(0, 'Hana', { kind: 'host', players: 3, terms: { startUnits: 20, turnLimit: 8 }, open: true });
    const address = await vi.waitFor(() => {
      const found = /risk play join (\/ip4\/127\.0\.0\.1\/\S+) --game risc/.exec(outputs[0]!)?.[1];
      if (!found) throw new Error('no address yet');
      return found;
    }, 20_000);
    const guest = run(1, 'Gus', { kind: 'join', address, join: true });
    await vi.waitFor(() => expect(outputs[0]).toContain('Gus joined the lobby'), 20_000);
    await vi.waitFor(
      () => expect(outputs[1]).toContain("The host's terms: RISC: 20 starting units each; turn limit 8"),
      20_000,
    );
    expect(outputs[1]).not.toMatch(/Rules:|cards/);
    // The joiner's answers, typed ahead, wait for the game; the host starts now, with the two of them.
    inputs[1]!.end(`auto\n${'d\n'.repeat(20)}`);
    inputs[0]!.end(`s\nauto\n${'d\n'.repeat(20)}`);
    expect(await Promise.all([host, guest])).toEqual([0, 0]);
    expect(outputs[0]).toContain('Starting with the players here…');
    for (const out of outputs) {
      expect(out).toMatch(/=== Turn 1 of 8 ===/);
      expect(out).toMatch(/(Hana|Gus) wins|You win!|draw at the turn limit/);
    }
  }, 60_000);
});
