// The web view end to end: the real `risk` program with --web, and real Chromium (Debian's
// chromium package, driven by playwright-core) clicking the page. A quick game by clicks to its end
// screen (the first turn by hand, then the computer plays for the player), a host/join game between
// the page and a bot peer (`risk bot join`), a RISC turn ordered by clicks and committed with one
// button, and a hot-seat game left and gone on with from the page's Resume; a reload and a second
// tab show the same game; a request without the token is refused.
// One browser serves every test; the bots do not pause. Screenshots are kept in
// test-artifacts/web/ (not committed).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
// Said out loud, not only counted as skipped: the tests below need Debian's chromium.
if (!hasChromium)
  console.warn(
    `SKIPPED the web view's browser tests: no Chromium at ${CHROMIUM} (apt package "chromium"; .ci/run installs it)`,
  );
const artifacts = join(root, 'test-artifacts', 'web');
// As this machine's notes say Chromium runs here: headless, no sandbox (root), no network of its own.
// Playwright gives each launch a fresh profile (--user-data-dir) of its own.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const GAME_MS = 300_000;

interface Risk {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
  output(): string;
}

const started: ChildProcess[] = [];
// Each `risk` started here has a home of its own: no settings or games of the machine's user.
const home = mkdtempSync(join(tmpdir(), 'risk-web-home-'));
const { XDG_DATA_HOME: _data, ...inherited } = process.env;
const env = { ...inherited, HOME: home, NO_COLOR: '1' };

/** `risk` with these arguments, once it has printed a line matching `ready` (its page's URL, say). */
function risk(args: string[], ready = /The game is at (http:\S+)/, more: NodeJS.ProcessEnv = {}): Promise<Risk> {
  const child = spawn(process.execPath, ['bin/risk.js', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...more },
  });
  started.push(child);
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`risk ${args.join(' ')} printed no ${ready}:\n${text}`)), 30_000);
    const seen = (chunk: Buffer) => {
      text += chunk.toString();
      const match = ready.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] ?? '', exited, output: () => text });
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`risk ${args.join(' ')} exited with ${code}:\n${text}`)));
  });
}

let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(artifacts, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
});

afterAll(async () => {
  await browser?.close();
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(home, { recursive: true, force: true });
});

async function open(url: string): Promise<Page> {
  // Less motion: the dice show where they landed at once (the screenshots too).
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  // Anything the page could not load or run (a CSP refusal included) fails the test that opened it.
  (page as Page & { problems: string[] }).problems = problems;
  await page.goto(url);
  return page;
}

const problemsOf = (page: Page) => (page as Page & { problems: string[] }).problems;

/** The territory ids lit as choices now, optionally only those owned by `owner`. */
async function lit(page: Page, owner?: number): Promise<number[]> {
  const selector = owner === undefined ? 'g.territory.candidate' : `g.territory.candidate[data-owner="${owner}"]`;
  // The element's type spelled out: this file is type-checked without the DOM's types.
  return page
    .locator(selector)
    .evaluateAll((gs: { getAttribute(name: string): string | null }[]) =>
      gs.map((g) => Number(g.getAttribute('data-territory'))),
    );
}

const armiesOn = async (page: Page, t: number) =>
  Number(await page.locator(`g[data-territory="${t}"]`).getAttribute('data-armies'));

/** The text of the first element matching `selector` ('' while there is none). */
const textOf = async (page: Page, selector: string) =>
  (await page
    .locator(selector)
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null)) ?? '';

const step = (page: Page) => page.locator('[data-testid="decision"]').getAttribute('data-step', { timeout: 1000 });

/** Waits for the decision bar to ask one of these steps. */
async function asked(page: Page, steps: readonly string[], timeout = 60_000): Promise<string> {
  await page.waitForSelector(steps.map((s) => `[data-testid="decision"][data-step="${s}"]`).join(', '), { timeout });
  return (await step(page))!;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, name) });
}

/** Our first turn by clicks: deploy everything on the strongest territory, one attack with the odds shown, moving in, ending. */
async function playTurnByClicks(page: Page) {
  if ((await asked(page, ['cards', 'deploy'])) === 'cards') await page.click('[data-testid="no-trade"]');
  await asked(page, ['deploy']);
  const mine = await lit(page);
  const strongest = (await Promise.all(mine.map(async (t) => [t, await armiesOn(page, t)] as const))).sort(
    (a, b) => b[1] - a[1],
  )[0]![0];
  const before = await armiesOn(page, strongest);
  await page.click(`g[data-territory="${strongest}"]`);
  await asked(page, ['deploy']);
  await page.click('[data-testid="amount-ok"]');
  await asked(page, ['deploy-confirm']);
  await page.click('[data-testid="deploy-send"]');
  await asked(page, ['attack-from', 'fortify-from']);
  expect(await armiesOn(page, strongest)).toBeGreaterThan(before);
  if ((await step(page)) === 'attack-from' && (await lit(page)).includes(strongest)) {
    await page.click(`g[data-territory="${strongest}"]`);
    await asked(page, ['attack-to']);
    const targets = await lit(page);
    expect(targets.length).toBeGreaterThan(0);
    await page.click(`g[data-territory="${targets[0]}"]`);
    await asked(page, ['attack-dice']);
    // The exact odds of this attack, before any die is rolled.
    await expect.poll(() => textOf(page, '[data-testid="detail"]')).toMatch(/Win odds to the end (\d+%|<1%|>99%)/);
    const dice = await page.locator('[data-testid^="roll-"]').count();
    await page.click(`[data-testid="roll-${dice}"]`);
    await page.waitForSelector('[data-testid="battle"]');
    const next = await asked(page, ['capture', 'attack-dice', 'attack-from', 'fortify-from']);
    if (next === 'capture') {
      await page.click('[data-testid="amount-ok"]');
      await asked(page, ['attack-from', 'fortify-from', 'attack-dice']);
    }
  }
  await shot(page, 'quick-turn.png');
  if ((await step(page)) !== 'fortify-from') await page.click('[data-testid="end-attacks"]');
  await asked(page, ['fortify-from']);
  await page.click('[data-testid="end-turn"]');
}

/** Quit in the page's menu: `risk` stops cleanly, and the page is closed. */
async function quitFromMenu(page: Page, game: Risk) {
  await page.click('[data-testid="menu-quit"]');
  expect(await game.exited).toBe(0);
  await page.close();
}

/** `risk play --web` for hosting from the page: its lobby on 127.0.0.1 only, nothing stored. */
const hostingInPage = (name: string) =>
  risk(['play', '--web', '--no-record', '--bot-delay', '0', '--listen', '127.0.0.1', '--port', '0', '--name', name]);

describe.skipIf(!hasChromium)(
  `the game in a browser (Chromium${hasChromium ? '' : ' not installed: apt package "chromium"'})`,
  () => {
    it('a quick game by clicks to its end screen, with its charts; a reload and a second tab show the game', async () => {
      const game = await risk(['play', 'quick', '--web', '--no-record', '--bot-delay', '0', '--name', 'Tess']);
      expect(game.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]{16,}$/);
      const page = await open(game.url);
      await expect.poll(() => textOf(page, '[data-testid="turn"]')).toBe('setup');
      // Claim three territories by clicks, then let the computer place the rest.
      for (let i = 0; i < 3; i++) {
        await asked(page, ['setup']);
        const [t] = await lit(page);
        await page.click(`g[data-territory="${t}"]`);
        await page.waitForSelector(`g[data-territory="${t}"][data-owner="0"]`);
      }
      await asked(page, ['setup']);
      await shot(page, 'quick-setup.png');
      await page.click('[data-testid="auto-setup"]');
      await playTurnByClicks(page);

      // A reload, and a second tab, show the game as it is now.
      await page.reload();
      await page.waitForSelector('g.territory');
      await expect.poll(() => textOf(page, '[data-testid="turn"]')).toMatch(/turn \d+/);
      const second = await open(game.url);
      await expect.poll(() => textOf(second, '[data-testid="turn"]')).toMatch(/turn \d+/);
      await second.close();

      // The rest of the game: the computer plays for Tess.
      await page.click('text=Let the computer play for me');
      await page.waitForSelector('[data-testid="end"]', { timeout: GAME_MS });
      await expect.poll(() => textOf(page, '[data-testid="end"] h1')).toMatch(/wins|win!|no winner/);
      await expect.poll(() => page.locator('[data-testid="chart"]').count()).toBe(2);
      await expect.poll(() => textOf(page, '[data-testid="end"]')).toMatch(/\d+ turns? played, \d+ battles fought/);
      await shot(page, 'quick-end.png');
      expect(problemsOf(page)).toEqual([]);

      await page.click('[data-testid="to-menu"]');
      await page.click('[data-testid="menu-quit"]');
      await expect.poll(() => textOf(page, 'h1')).toBe('risk has stopped');
      expect(await game.exited).toBe(0);
      await page.close();
    }, 420_000);

    it('hosted in the page, joined by a bot peer (risk bot join): the lobby, then the game to its end', async () => {
      const host = await hostingInPage('Hana');
      const page = await open(host.url);
      await page.click('[data-testid="menu-host"]');
      await page.selectOption('[data-testid="host-players"]', '2');
      await page.click('[data-testid="host-open"]');
      await expect
        .poll(() => textOf(page, '[data-testid="addresses"] li'), { timeout: 30_000 })
        .toMatch(/^127\.0\.0\.1:\d+$/);
      const address = await textOf(page, '[data-testid="addresses"] li');
      await shot(page, 'host-lobby.png');
      const bot = spawn(
        process.execPath,
        ['bin/risk.js', 'bot', 'join', address, '--bot', 'easy', '--name', 'Robo', '--no-record'],
        { cwd: root, env, stdio: 'ignore' },
      );
      started.push(bot);
      // The lobby fills: the game starts. Two players: territories dealt, the neutral army beside them.
      await asked(page, ['setup'], 60_000);
      await expect.poll(() => textOf(page, '.players')).toContain('Robo');
      await expect.poll(() => textOf(page, '.players')).toContain('Neutral');
      await expect.poll(() => textOf(page, '[data-testid="countdown"]')).toMatch(/⏱ \d+:\d\d/);
      const [t] = await lit(page, 0);
      const before = await armiesOn(page, t!);
      await page.click(`g[data-territory="${t}"]`);
      await expect.poll(() => armiesOn(page, t!)).toBe(before + 1);
      await page.click('text=Let the computer play for me');
      await page.waitForSelector('[data-testid="end"]', { timeout: GAME_MS });
      await shot(page, 'host-end.png');
      expect(problemsOf(page)).toEqual([]);
      await page.click('[data-testid="to-menu"]');
      await quitFromMenu(page, host);
    }, 420_000);

    it('RISC hosted in the page: the RISC lobby with its terms, a bot takes the empty seat, the placement committed', async () => {
      const host = await hostingInPage('Hana');
      const page = await open(host.url);
      await page.click('[data-testid="menu-risc"]');
      await page.selectOption('[data-testid="risc-how"]', 'host');
      await page.selectOption('[data-testid="risc-players"]', '2');
      await page.click('[data-testid="risc-start"]');
      await expect.poll(() => textOf(page, '[data-testid="lobby"] h1'), { timeout: 30_000 }).toMatch(/^RISC lobby/);
      await expect
        .poll(() => textOf(page, '[data-testid="addresses"] li'), { timeout: 30_000 })
        .toMatch(/^127\.0\.0\.1:\d+$/);
      await expect.poll(() => textOf(page, '[data-testid="lobby"]')).toMatch(/30 starting units each/);
      await shot(page, 'risc-lobby.png');
      await page.click('[data-testid="lobby-bots"]');
      // The host commits first: its placement is asked as soon as the game starts.
      await page.waitForSelector('text=Placement: put your 30 units', { timeout: 60_000 });
      await page.click('[data-testid="risc-commit"]');
      await expect
        .poll(() => textOf(page, '[data-testid="story"]'), { timeout: 30_000 })
        .toContain('Everyone has placed their units.');
      expect(problemsOf(page)).toEqual([]);
      await page.click('text=Leave');
      await quitFromMenu(page, host);
    }, 120_000);

    it('a hot-seat game left in the page goes on from its Resume list where it stopped', async () => {
      // Its own game database (in the home removed after the tests): the other tests store nothing.
      const db = join(home, 'resume', 'risk.db');
      const game = await risk(['play', '--web', '--bot-delay', '0', '--name', 'Tess'], undefined, { RISK_DB: db });
      const page = await open(game.url);
      await page.click('[data-testid="menu-hotseat"]');
      await page.click('[data-testid="start"]');
      // Two players: territories dealt; whoever places first (the deal decides) places one army by a click.
      await asked(page, ['setup']);
      const [t] = await lit(page);
      const before = await armiesOn(page, t!);
      await page.click(`g[data-territory="${t}"]`);
      await expect.poll(() => armiesOn(page, t!)).toBe(before + 1);
      await page.click('text=Leave (q)');
      await expect.poll(() => textOf(page, '.overlay')).toContain('Resume in the menu goes on with it');
      await page.click('text=Leave the game');

      await page.click('[data-testid="menu-resume"]');
      await page.waitForSelector('[data-testid="saved"]');
      expect(await page.locator('[data-testid^="go-on-"]').count()).toBe(1);
      await expect.poll(() => textOf(page, '[data-testid="saved"] li')).toMatch(/Tess, Player 2 +· \d+ moves/);
      await expect.poll(() => textOf(page, '[data-testid="saved"]')).toContain('risk play --game risc --resume N');
      await shot(page, 'resume-list.png');
      await page.click('[data-testid^="go-on-"]');
      await page.waitForSelector('g.territory', { timeout: 30_000 });
      await expect.poll(() => textOf(page, '[data-testid="turn"]')).toBe('setup');
      expect(await armiesOn(page, t!)).toBe(before + 1);
      await shot(page, 'resume-game.png');
      expect(problemsOf(page)).toEqual([]);
      await page.click('text=Leave (q)');
      await page.click('text=Leave the game');
      await quitFromMenu(page, game);
    }, 120_000);

    it('RISC: the placement and a turn of orders by clicks, committed with one button; no page without the token', async () => {
      const game = await risk([
        'play',
        '--game',
        'risc',
        '--web',
        '--players',
        '2',
        '--bot',
        'easy',
        '--seed',
        '3',
        '--start-units',
        '36',
        '--no-record',
        '--name',
        'Rita',
      ]);
      const page = await open(game.url);
      const refused = await browser.newPage();
      const response = await refused.goto(game.url.replace(/\?t=.*$/, ''));
      expect(response?.status()).toBe(403);
      expect(await refused.textContent('body')).toMatch(/needs its secret/);
      await refused.close();

      await page.waitForSelector('text=Placement: put your 36 units');
      await page.click('[data-testid="risc-commit"]');
      await expect.poll(() => textOf(page, '[data-testid="risc-commit"]'), { timeout: 30_000 }).toBe('Commit 0 orders');
      await expect.poll(() => textOf(page, '[data-testid="turn"]')).toBe('turn 1');
      // An attack: one of Rita's territories next to the bot's, then the bot's territory.
      const sources = await lit(page, 0);
      let attack: [number, number] | null = null;
      for (const from of sources) {
        await page.click(`g[data-territory="${from}"]`);
        const enemy = await lit(page, 1);
        if (enemy.length > 0) {
          attack = [from, enemy[0]!];
          break;
        }
      }
      expect(attack).not.toBeNull();
      await page.click(`g[data-territory="${attack![1]}"]`);
      await page.fill('[data-testid="risc-units"]', '2');
      await page.click('[data-testid="risc-add"]');
      await expect.poll(() => page.locator('[data-testid="risc-orders"] li').count()).toBe(1);
      await expect.poll(() => textOf(page, '[data-testid="risc-orders"]')).toContain('attack 2 from');
      await shot(page, 'risc-orders.png');
      await page.click('[data-testid="risc-commit"]');
      await expect.poll(() => textOf(page, '[data-testid="story"]'), { timeout: 30_000 }).toContain('Turn 1:');
      await expect.poll(() => textOf(page, '[data-testid="turn"]')).toMatch(/turn 2|over/);
      await shot(page, 'risc-turn.png');
      expect(problemsOf(page)).toEqual([]);
      await page.click('text=Leave');
      await quitFromMenu(page, game);
    }, 120_000);
  },
);
