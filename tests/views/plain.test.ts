// The plain view: the real `risk` program with stdin and stdout as pipes (not a terminal) plays a
// Quick game's first turn from typed commands; and the plain loop in-process for a hot-seat game.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { realLauncher } from '../../src/cli/launcher.js';
import { parseStart, runPlain } from '../../src/views/plain.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The first "Name (armies)" in a "Yours: …" or "Possible: …" list. */
const firstListed = (line: string, label: string) => new RegExp(`${label}: ([^(]+?) \\(\\d+\\)`).exec(line)?.[1];

describe('plain text mode', () => {
  it('not a terminal: a Quick game turn from typed commands, as lines with no cursor movement', async () => {
    const child = spawn(
      process.execPath,
      ['bin/risk.js', 'play', 'quick', '--bot-delay', '0', '--no-record', '--name', 'Tester'],
      {
        cwd: root,
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let output = '';
    let pending = '';
    const said: string[] = [];
    const say = (line: string) => {
      said.push(line);
      child.stdin.write(`${line}\n`);
    };
    let stage: 'setup' | 'deploy' | 'attack' | 'after-attack' | 'ending' | 'done' = 'setup';
    const onLine = (line: string) => {
      if (!line.startsWith('your move: ')) return;
      const ask = line.slice('your move: '.length);
      if (/^.+ attacks your .+ defend/.test(ask)) return say('auto');
      if (stage === 'setup' && /place <territory>/.test(ask)) {
        stage = 'deploy';
        return say('auto');
      }
      if (stage === 'deploy' && ask.startsWith('deploy ')) {
        stage = 'attack';
        // A typo first: the reply says what is wrong, and the next line is read as usual.
        say('deploy Atlantis 1');
        return say(`deploy "${firstListed(ask, 'Yours')}"`);
      }
      if (stage === 'attack' && ask.startsWith('attack ')) {
        stage = 'after-attack';
        const possible = /Possible: ([^(]+?) \(\d+\) → ([^(]+?) \(\d+\)/.exec(ask);
        return say(`attack "${possible![1]}" "${possible![2]}"`);
      }
      if (stage === 'after-attack' && /move <armies>/.test(ask)) return say('move');
      if (stage === 'after-attack') {
        stage = 'ending';
        say('end');
        return say('end');
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        onLine(line);
        if (stage === 'ending' && /^turn \d+: (Ada|Babbage|Curie) receives/.test(line)) {
          stage = 'done';
          say('quit');
        }
      }
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(output).not.toMatch(/\u001B\[/); // no cursor movement, no colour (NO_COLOR)
    expect(stage).toBe('done');
    expect(code).toBe(0);
    expect(output).toContain('the game starts: Tester (you), Ada, Babbage, Curie');
    expect(output).toContain('no territory is called "Atlantis" ("map" lists them all)');
    expect(output).toMatch(/Tester \(you\) deploys \d+ on /);
    expect(output).toMatch(/Tester \(you\) attacks .+ from .+ with \d dice/);
    expect(output).toMatch(
      /battle .+ → .+: attacker \[[\d ]+\] defender \[[\d ]+\]: attacker loses \d, defender loses \d/,
    );
    expect(output).toContain('attacks over. fortify <from> <to> <armies>, or end to end your turn');
    // Leaving is said once (not "leaving the game" and then "You left the game.").
    expect(output.match(/You left the game\.|leaving the game/g)).toEqual(['You left the game.']);
    expect(said[0]).toBe('auto');
  }, 120_000);

  it('hot seat in-process: two people, commands read in order, help and map answer at any time', async () => {
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
        seed: 5,
      }),
      input,
      out: (text) => (output += text),
      color: false,
      defaultName: 'Ann',
      start: {
        kind: 'hotseat',
        players: [
          { name: 'Ann', kind: 'human' },
          { name: 'Bea', kind: 'human' },
        ],
      },
    });
    // Written all at once: each waits for its decision. Both players let the computer place.
    // Two players play the 1993 game: the territories are dealt 14/14/14 with a neutral army.
    input.write('map\nauto\nauto\nhelp\n');
    await new Promise((r) => setTimeout(r, 300));
    expect(output).toContain('territories are dealt at random');
    expect(output).toMatch(/(Ann|Bea), your move: put 1 army on one of your territories/);
    expect(output).toMatch(/North America \(\+5\): Alaska (Ann|Bea|Neutral) 1;/);
    expect(output).not.toMatch(/player 2/);
    expect(output).toContain('attack <from> <to> [dice]');
    await new Promise((r) => setTimeout(r, 300));
    expect(output).toMatch(/(Ann|Bea), your move: deploy \d+ armies/);
    input.write('quit\n');
    await expect(done).resolves.toBe(0);
  });

  it('commands piped before the game starts all run before "quit" (auto, map, quit)', async () => {
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
        seed: 9,
      }),
      input,
      out: (text) => (output += text),
      color: false,
      defaultName: 'Ann',
      start: { kind: 'quick' },
    });
    input.end('auto\nmap\nquit\n');
    await expect(done).resolves.toBe(0);
    expect(output).toMatch(/North America \(\+5\): Alaska /);
    expect(output.indexOf('You left the game.')).toBeGreaterThan(output.indexOf('North America (+5)'));
    expect(output).toContain('the game starts: Ann (you), Ada, Babbage, Curie');
  }, 60_000);

  it('the risk command: help lines, bad options, and the plain menu', () => {
    const risk = (args: string[], input = '') =>
      spawnSync(process.execPath, ['bin/risk.js', ...args], { cwd: root, input, encoding: 'utf8', timeout: 30_000 });
    expect(risk(['--help']).stdout).toMatch(
      /risk play \[quick \| host \| join <address> \| hotseat \[names…\]\] \[--plain\]/,
    );
    expect(risk(['play', '--help']).stdout).toContain('--plain             plain text lines and typed commands');
    expect(risk(['--help']).stdout).toContain('risk play [saved | resume <game> [address] | rejoin <game>] [--plain]');
    const empty = mkdtempSync(join(tmpdir(), 'risk-no-saved-'));
    try {
      const notSaved = spawnSync(process.execPath, ['bin/risk.js', 'play', 'resume', '7', '--plain'], {
        cwd: root,
        env: { ...process.env, XDG_DATA_HOME: empty, RISK_DB: join(empty, 'risk.db') },
        input: '',
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(notSaved.status).toBe(1);
      expect(notSaved.stdout).toContain('no saved game #7 can go on here');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const bad = risk(['play', '--players', '9', 'host']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--players "9" must be a whole number from 2 to 6');
    expect(risk(['play', 'conquer']).stderr).toContain('unknown choice "conquer"');
    const menu = risk([], 'dance\nquit\n');
    expect(menu.status).toBe(0);
    expect(menu.stdout).toContain('risk, plain text mode. Type one of:');
    expect(menu.stdout).toContain('unknown choice "dance"');
    expect(risk(['play', 'quik']).stderr).toContain('unknown choice "quik" (did you mean "quick"?)');
    // The Ink menu's q quits the plain one too.
    const quit = risk([], 'hots\nq\n');
    expect(quit.status).toBe(0);
    expect(quit.stdout).toContain('unknown choice "hots" (did you mean "host"?)');
  }, 60_000);

  it('house rules on the command line: chosen, used, and bad values refused', () => {
    const risk = (args: string[], input = '') =>
      spawnSync(process.execPath, ['bin/risk.js', ...args], { cwd: root, input, encoding: 'utf8', timeout: 30_000 });
    // Three players claim territories in turn by default; --setup random deals them.
    const hotSeat = ['play', 'hotseat', 'Ann', 'Bea', 'Cy', '--no-record'];
    const claimed = risk(hotSeat, 'quit\n');
    expect(claimed.status).toBe(0);
    expect(claimed.stdout).toContain('claim an empty territory');
    const dealt = risk([...hotSeat, '--setup', 'random'], 'quit\n');
    expect(dealt.status).toBe(0);
    expect(dealt.stdout).toContain('territories are dealt at random');
    expect(dealt.stdout).not.toContain('claim an empty territory');
    const bad = risk([...hotSeat, '--setup', 'sideways']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--setup "sideways": choose claim or random');
  }, 60_000);

  it('risk play takes --key FILE (an identity kept between runs), and says when the file name is missing', () => {
    const noKey = spawnSync(process.execPath, ['bin/risk.js', 'play', 'host', '--key', ''], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toContain('--key needs a file name');
  }, 60_000);

  it('two risk programs on one machine, same HOME and no --key: the second joins the first', async () => {
    // Both programs read the same data directory, as two terminals of one user (or a lab's shared home) do.
    const env = { ...process.env, XDG_DATA_HOME: mkdtempSync(join(tmpdir(), 'risk-same-home-')) };
    const start = (args: string[]) => {
      const child = spawn(process.execPath, ['bin/risk.js', '--plain', ...args, '--no-record'], { cwd: root, env });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
      return { child, out: () => out, ended };
    };
    const host = start(['play', 'host', '--players', '2', '--listen', '127.0.0.1', '--port', '0', '--name', 'Hana']);
    let guest: ReturnType<typeof start> | null = null;
    try {
      const address = await vi.waitFor(
        () => {
          const found = /\/ip4\/127\.0\.0\.1\/tcp\/\d+\/p2p\/\w+/.exec(host.out())?.[0];
          if (!found) throw new Error(`no address yet:\n${host.out()}`);
          return found;
        },
        { timeout: 30_000, interval: 100 },
      );
      guest = start(['play', 'join', address, '--name', 'Gus', '--listen', '127.0.0.1']);
      const joined = guest;
      await vi.waitFor(
        () => {
          if (!/the game starts/.test(joined.out())) throw new Error(`not started:\n${joined.out()}`);
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(guest.out()).not.toMatch(/dial self|firewall/i);
    } finally {
      for (const p of [guest, host]) p?.child.stdin.end('quit\n');
      await Promise.all(
        [guest, host].map((p) => p && Promise.race([p.ended, new Promise((r) => setTimeout(r, 10_000))])),
      );
      for (const p of [guest, host]) if (p && p.child.exitCode === null) p.child.kill();
      rmSync(env.XDG_DATA_HOME, { recursive: true, force: true });
    }
  }, 90_000);

  it('the menu choices and their errors', () => {
    expect(parseStart(['host', '3'], 'Ann')).toEqual({ kind: 'host', players: 3 });
    expect(parseStart(['host', '9'], 'Ann')).toBe('host: players must be 2 to 6, not "9"');
    expect(parseStart(['join'], 'Ann')).toMatch(/give the host address/);
    expect(parseStart(['hotseat', 'Ann', 'bot:hard'], 'Ann')).toEqual({
      kind: 'hotseat',
      players: [
        { name: 'Ann', kind: 'human' },
        { name: 'hard bot', kind: 'hard' },
      ],
    });
    expect(parseStart(['hotseat', 'bot:easy', 'bot:easy'], 'Ann')).toBe(
      'hotseat: at least one player must be a person',
    );
    expect(parseStart(['hotseat', 'Ann', 'bot:genius'], 'Ann')).toMatch(/bots are bot:easy, bot:normal or bot:hard/);
  });
});
