// The README stays short and true (issue 27, point 14): about two screens; its menu list is the
// menu's; every command in it is one the program accepts as written, and the records commands run
// as written, one after another, in a data directory of their own. (npm install, start and test
// are the npm scripts of package.json; a test cannot run the suite it is part of.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { playProblem } from '../src/cli/play.js';
import { MENU_ITEMS } from '../src/views/main-menu.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'risk-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The commands of the README's shell blocks, comments left out, `a && b` as two. */
const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((block) => block[1]!.split('\n'))
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter((line) => line !== '')
  .flatMap((line) => line.split('&&').map((c) => c.trim()));
const risk = commands.filter((c) => c.startsWith('npx risk')).map((c) => c.split(/\s+/).slice(2));
// Commands that only read or write the game database and files: they run for real.
const OFFLINE = ['tournament', 'history', 'stats', 'replay', 'export', 'verify', 'odds'];

describe('the README', () => {
  it('fits on about two screens', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(120);
  });

  it("lists the menu's items, in the menu's order", () => {
    const listed = [...readme.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((m) => m[1]);
    expect(listed).toEqual(MENU_ITEMS.map((item) => item.label));
  });

  it('names only the npm scripts there are', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts);
    const npm = commands.filter((c) => c.startsWith('npm '));
    expect(npm).toEqual(['npm install', 'npm start', 'npm test']);
    expect(scripts).toEqual(expect.arrayContaining(['start', 'test']));
  });

  it('every "npx risk play" command is accepted as written', async () => {
    const play = risk.filter((args) => !OFFLINE.includes(args[0]!));
    expect(play.length).toBeGreaterThan(5);
    for (const args of play) expect(await playProblem(args), args.join(' ')).toBeNull();
  });

  it('the records commands run as written, one after another', () => {
    const offline = risk.filter((args) => OFFLINE.includes(args[0]!));
    expect(offline.map((args) => args[0])).toEqual(OFFLINE);
    for (const args of offline) {
      const run = spawnSync(process.execPath, [join(root, 'bin/risk.js'), ...args], {
        cwd: scratch,
        encoding: 'utf8',
        env: { ...process.env, XDG_DATA_HOME: scratch, RISK_DB: '' },
        input: '',
        timeout: 60_000,
      });
      expect(run.status, `risk ${args.join(' ')}\n${run.stderr}`).toBe(0);
    }
  }, 120_000);
});
