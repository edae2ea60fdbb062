// End to end: two people play networked RISC with a bot, each in a real terminal (tmux) with a
// home folder of their own, at 80×24 and at 120×40: the host opens the lobby, the other joins by
// its address and sees the RISC terms (not the classic house rules), the host lets a bot take the
// last seat, both place and order (one move, then Done every turn) to the game-over screen, and
// leave; both records verify clean with one winner, and each player's risk history lists the game.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = join(tmpdir(), `risk-risc-tmux-${process.pid}.sock`);
const homes: string[] = [];

const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `risk` run as a person in their own home folder, with their data there too. */
function riskIn(home: string, args: string[]) {
  return spawnSync(process.execPath, [join(root, 'bin/risk.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, HOME: home, XDG_DATA_HOME: '', RISK_DB: '', NO_COLOR: '1' },
    timeout: 30_000,
  });
}

function terminal(name: string, columns: number, rows: number, args: string) {
  const home = mkdtempSync(join(tmpdir(), `risk-home-${name}-`));
  homes.push(home);
  const command = `env HOME=${home} XDG_DATA_HOME= RISK_DB= NO_COLOR=1 ${process.execPath} bin/risk.js ${args}; echo "risk exited with $?"; sleep 120`;
  tmux('new-session', '-d', '-x', String(columns), '-y', String(rows), '-s', name, '-c', root, command);
  const screen = () => tmux('capture-pane', '-p', '-t', name);
  const keys = (...list: string[]) => tmux('send-keys', '-t', name, ...list);
  const waitFor = async (test: string | RegExp, timeoutMs = 30_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < deadline) {
      text = screen();
      if (typeof test === 'string' ? text.includes(test) : test.test(text)) return text;
      await sleep(250);
    }
    throw new Error(`${name}: timed out waiting for ${String(test)}; the screen was:\n${text}`);
  };
  /** Every line fits the terminal. */
  const fits = (text: string) => {
    const lines = text.replace(/\n+$/, '').split('\n');
    expect(lines.length, name).toBeLessThanOrEqual(rows);
    for (const line of lines) expect([...line].length, `${name}: ${line}`).toBeLessThanOrEqual(columns);
  };
  return { name, home, screen, keys, waitFor, fits };
}

afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(socket, { force: true });
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

async function networkedGame(columns: number, rows: number) {
  const size = `${columns}x${rows}`;
  const host = terminal(
    `host-${size}`,
    columns,
    rows,
    'play host --game risc --players 3 --listen 127.0.0.1 --port 0 --name Hana --turn-limit 20',
  );
  let text = await host.waitFor(/RISC lobby: 1 of 3 players/);
  expect(text).toContain('RISC: 30 starting units each; turn limit 20');
  const address = /^\s+(127\.0\.0\.1:\d+)\s*$/m.exec(text)?.[1];
  expect(address, text).toBeDefined();
  const guest = terminal(`guest-${size}`, columns, rows, `play join ${address} --game risc --name Gus`);
  text = await guest.waitFor('Waiting for the host to start the game');
  // The RISC terms, never the classic house rules.
  expect(text).toContain('RISC: 30 starting units each; turn limit 20');
  expect(text).not.toMatch(/Rules:|cards|fortify/i);
  await host.waitFor(/RISC lobby: 2 of 3 players/);
  host.keys('b');

  for (const t of [host, guest]) {
    text = await t.waitFor(/How many units in \w/);
    t.fits(text);
    expect(text).toContain(t === host ? 'Hana (you)' : 'Gus (you)');
    expect(text).toContain('(hard bot)');
    // Every territory with its units and neighbours: by name at 120×40, as codes at 80×24.
    if (columns < 90) expect(text).toMatch(/\d+ Narnia +Mid Ela Sca/);
    else expect(text).toContain('in Narnia (next to: Midkemia, Elantris, Scadrial)');
    t.keys('auto', 'Enter');
  }
  // Turn 1: the host orders a move (Oz and Gondor are Hana's), then every turn both are Done.
  text = await host.waitFor('(D)one');
  host.keys('m oz gondor 1', 'Enter');
  text = await host.waitFor('Your orders (1): move 1 Oz→Gondor');
  host.fits(text);
  const over = new Set<string>();
  for (let round = 0; over.size < 2 && round < 400; round++) {
    for (const t of [host, guest]) {
      if (over.has(t.name)) continue;
      const now = t.screen();
      if (now.includes('Enter: back to the menu')) over.add(t.name);
      else if (/\(D\)one/.test(now)) t.keys('d', 'Enter');
    }
    await sleep(300);
  }
  for (const t of [host, guest]) {
    text = await t.waitFor('Enter: back to the menu', 5000);
    t.fits(text);
    expect(text).toMatch(/wins|draw at the turn limit|You win!/);
    t.keys('Enter');
    expect(await t.waitFor('risk exited with')).toContain('risk exited with 0');
  }
  // Each player's record verifies clean, with the same winner; each history lists the game.
  const winners: string[] = [];
  for (const t of [host, guest]) {
    const games = join(t.home, '.local/share/p2p-risk/games');
    const [record] = readdirSync(games);
    const verified = riskIn(t.home, ['verify', join(games, record!)]);
    expect(verified.status, verified.stdout).toBe(0);
    expect(verified.stdout).toContain('violations: 0');
    winners.push(/^winner: (.*)$/m.exec(verified.stdout)![1]!);
    const history = riskIn(t.home, ['history']);
    expect(history.stdout).toMatch(/RISC net\s+\d+\s+Hana, Gus, Ada \(hard bot\)/);
  }
  expect(winners[0]).toBe(winners[1]);
}

describe.skipIf(!hasTmux)(
  `networked RISC for people in terminals (tmux${hasTmux ? '' : ' not installed: apt package "tmux"'})`,
  () => {
    for (const [columns, rows] of [
      [80, 24],
      [120, 40],
    ] as const)
      it(
        `${columns}×${rows}: two people (two homes) and a bot play to the game-over screen`,
        () => networkedGame(columns, rows),
        180_000,
      );
  },
);
