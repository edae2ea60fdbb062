// The web view's speed, in real Chromium (Debian's chromium, driven by playwright-core):
//   first paint: `risk play quick --web` started; from the moment it prints the page's URL to the
//     page's first contentful paint, and to the map drawn with the game on it (the browser is
//     already running, as a player's is);
//   a click while bots play: a quick game where the computer plays every seat (the person's too)
//     with no pause, so the server sends the page a new screen every frame; the time from a click on
//     a button the server must answer (Defence: most dice ⇄ by hand) to the page showing the answer;
//     and, in the person's own move, from a click on the map to the question's next step shown (the
//     page's own answer).
// Usage: npm run bench:web [-- --runs N --clicks M]. Prints medians, percentiles and maxima; asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, clicks: { type: 'string', default: '30' } },
});
const RUNS = Math.max(1, Number(values.runs));
const CLICKS = Math.max(1, Number(values.clicks));
const CHROMIUM = '/usr/bin/chromium';
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
const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(CHROMIUM)) {
  console.error(`bench:web: ${CHROMIUM} is missing (Debian package chromium)`);
  process.exit(2);
}
if (!existsSync(`${root}dist/page/app.js`)) {
  console.error('bench:web: run "npm run build" first (the page is served from dist/page)');
  process.exit(2);
}

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
};

/** `risk play quick --web`: its URL and the moment (Date.now) it was printed. */
function quick(extra: string[] = []): Promise<{ url: string; printedAt: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['bin/risk.js', 'play', 'quick', '--web', '--no-record', '--no-browser', '--name', 'Bench', ...extra],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('risk printed no URL within 30 s')), 30_000);
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const printedAt = Date.now();
      text += chunk.toString();
      const url = /The game is at (http:\S+)/.exec(text)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, printedAt, child });
      }
    });
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;
/** Median, 90th percentile and maximum of click times, and how many were answered within 100 ms. */
const clickSpread = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const p90 = s[Math.min(s.length - 1, Math.ceil(s.length * 0.9) - 1)] ?? NaN;
  const within = s.filter((x) => x <= 100).length;
  return `median ${ms(median(s))}, 90th percentile ${ms(p90)}, max ${ms(Math.max(...s))}; ${within} of ${s.length} within 100 ms`;
};

async function firstPaint(browser: Browser) {
  const paint: number[] = [];
  const drawn: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const game = await quick(['--bot-delay', '250']);
    await page.goto(game.url);
    await page.waitForSelector('g.territory', { timeout: 30_000 });
    const drawnAt = Date.now();
    // The page's own clock: its time origin and its first contentful paint, as this machine's time.
    const fcp = (await page.evaluate(
      "(() => { const e = performance.getEntriesByName('first-contentful-paint')[0]; return e === undefined ? null : performance.timeOrigin + e.startTime; })()",
    )) as number | null;
    if (fcp !== null) paint.push(fcp - game.printedAt);
    drawn.push(drawnAt - game.printedAt);
    await page.close();
    await stop(game.child);
  }
  return { paint, drawn };
}

// Runs in the page (plain JavaScript: this file is type-checked without the DOM's types): clicks
// `selector`, resolves with the milliseconds until the text of `answered` changed and the next frame
// after that began.
const CLICK_IN_PAGE = `([selector, answered]) => new Promise((resolve, reject) => {
  const target = document.querySelector(selector);
  if (target === null) return reject(new Error('no ' + selector));
  const before = document.querySelector(answered)?.textContent ?? null;
  const start = performance.now();
  const check = () => {
    const now = document.querySelector(answered);
    if (now !== null && now.textContent !== before) return requestAnimationFrame(() => resolve(performance.now() - start));
    if (performance.now() - start > 5000) return reject(new Error('no answer within 5 s'));
    requestAnimationFrame(check);
  };
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  requestAnimationFrame(check);
})`;

/** The time from a click to the page showing its answer, measured in the page (to the next frame after). */
async function timeClick(page: Page, selector: string, answered: string): Promise<number> {
  const run = await page.evaluateHandle(CLICK_IN_PAGE);
  return (await run.evaluate(
    (fn, args) => (fn as unknown as (a: string[]) => Promise<number>)(args),
    [selector, answered],
  )) as number;
}

async function clicks(browser: Browser) {
  const game = await quick(['--bot-delay', '0']);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(game.url);
  // The page's own answer, in Bench's first move: a territory clicked (the question moves on to how
  // many armies), then Esc (back), again and again.
  await page.waitForSelector('[data-testid="decision"][data-step="setup"]', { timeout: 30_000 });
  await page.click('[data-testid="auto-setup"]');
  await page.waitForSelector('[data-testid="decision"][data-step="deploy"]', { timeout: 60_000 });
  const local: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const lit = await page.locator('g.territory.candidate').first().getAttribute('data-territory');
    local.push(await timeClick(page, `g[data-territory="${lit}"]`, '[data-testid="decision"] .ask'));
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="decision"] .ask:text-matches("choose a territory")');
  }
  // Then the computer plays every seat without pause; a button the server answers, clicked meanwhile.
  await page.click('text=Let the computer play for me');
  const server: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    if ((await page.locator('[data-testid="end"]').count()) > 0) break;
    server.push(await timeClick(page, '.game-header button:nth-of-type(2)', '.game-header button:nth-of-type(2)'));
  }
  await page.close();
  await stop(game.child);
  return { server, local };
}

let browser: Browser | null = null;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const { paint, drawn } = await firstPaint(browser);
  console.log(`bench:web  (load average before: ${load}; ${RUNS} runs)`);
  console.log(
    `first contentful paint after the URL is printed: median ${ms(median(paint))}, max ${ms(Math.max(...paint))}`,
  );
  console.log(
    `the map drawn with the game after the URL is printed: median ${ms(median(drawn))}, max ${ms(Math.max(...drawn))}`,
  );
  const { server, local } = await clicks(browser);
  console.log(`a click the server answers, while every seat plays without pause: ${clickSpread(server)}`);
  console.log(`a click on the map in your move, answered by the page: ${clickSpread(local)}`);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser?.close();
  stopAll();
}
