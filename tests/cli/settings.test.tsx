// The player's settings (issue 27, point 15): a file in the program's data directory, checked with
// clear reasons, overridden by the command line, edited and saved from the menu, and read by the
// real program at its next start.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { playSettings } from '../../src/cli/play-settings.js';
import { loadSettings, saveSettings, settingsPath } from '../../src/cli/settings-file.js';
import { App } from '../../src/views/app.js';
import { defaultSettings, settingsFrom } from '../../src/views/settings.js';
import { playerColor, tint, yourColors } from '../../src/views/theme.js';
import { fakeLauncher, KEY, press, screenMounter, until } from '../views/ink-helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'risk-settings-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const mount = screenMounter();
const DEFAULTS = defaultSettings('Ann');

describe('the settings file', () => {
  it('lives in the data directory, beside the game database', () => {
    expect(settingsPath({ XDG_DATA_HOME: '/data' })).toBe('/data/p2p-risk/settings.json');
    expect(settingsPath({ RISK_DB: '/games/mine.db' })).toBe('/games/settings.json');
  });

  it('is checked field by field: missing fields take the defaults, a wrong one is named', () => {
    expect(settingsFrom({ bot: 'hard', rules: { variant: 'capital', capitalsToWin: 2 } }, DEFAULTS)).toEqual({
      ok: true,
      value: { ...DEFAULTS, bot: 'hard', rules: { variant: 'capital', capitalsToWin: 2 } },
    });
    const wrong = (json: unknown) => (settingsFrom(json, DEFAULTS) as { reason: string }).reason;
    expect(wrong([1])).toBe('it must hold one JSON object, e.g. {"name": "Ann"}');
    expect(wrong({ colour: 'red' })).toMatch(/^"colour" is not a setting \(they are name, color, /);
    expect(wrong({ bot: 'genius' })).toBe('"bot" must be easy, normal, hard');
    expect(wrong({ color: 'purple' })).toMatch(/^"color" must be red, blue, green, yellow, magenta, cyan or null/);
    expect(wrong({ moveTimeoutSeconds: 2 })).toBe('"moveTimeoutSeconds" must be a whole number from 5 to 86400');
    expect(wrong({ rules: { setup: 'sideways' } })).toBe('"rules.setup" must be claim or random, not "sideways"');
    expect(wrong({ rules: { dice: 6 } })).toMatch(/^"rules.dice" is not a house rule/);
  });

  it('saves and loads; a missing file gives the defaults, a broken one the defaults and why', () => {
    const path = join(scratch, 'a', 'settings.json');
    expect(loadSettings(path, DEFAULTS)).toEqual({ settings: DEFAULTS, problem: null });
    const mine = { ...DEFAULTS, name: 'Zed', color: 'cyan' as const, diceAnimation: false, moveTimeoutSeconds: 60 };
    expect(saveSettings(path, mine)).toEqual({ ok: true });
    expect(loadSettings(path, DEFAULTS)).toEqual({ settings: mine, problem: null });
    writeFileSync(path, '{"name": ');
    const broken = loadSettings(path, DEFAULTS);
    expect(broken.settings).toEqual(DEFAULTS);
    expect(broken.problem).toMatch(/settings\.json is not JSON .*: the defaults are used$/);
    // Nothing is written over a broken file until the player saves.
    expect(readFileSync(path, 'utf8')).toBe('{"name": ');
  });

  it('the command line overrides the file for one run, rule by rule', () => {
    const file = { ...DEFAULTS, name: 'Zed', moveTimeoutSeconds: 60, rules: { variant: 'capital' as const } };
    const run = playSettings({ name: 'Kim', fortify: 'connected' }, ['host'], file);
    if (typeof run === 'string') throw new Error(run);
    expect(run.name).toBe('Kim');
    expect(run.launch.moveTimeoutMs).toBe(60_000);
    expect(run.launch.rules).toEqual({ variant: 'capital', fortify: 'connected' });
    expect(run.settings).toMatchObject({ name: 'Kim', rules: { variant: 'capital', fortify: 'connected' } });
  });
});

describe('your colour', () => {
  it("takes your seat's place on your screen, and your seat's colour goes to whoever had yours", () => {
    const theme = yourColors({ color: true, yours: 'cyan' }, 0);
    expect(tint(theme, playerColor(0))).toEqual({ color: 'cyan' });
    expect(tint(theme, 'cyan')).toEqual({ color: 'red' });
    expect(tint(theme, playerColor(1))).toEqual({ color: 'blue' });
    // Colours off stay off; no seat of yours (hot seat): nothing changes.
    expect(tint({ ...theme, color: false }, playerColor(0))).toEqual({});
    expect(yourColors({ color: true, yours: 'cyan' }, null).recolor).toBeUndefined();
  });
});

describe('Settings in the menu', () => {
  it('edits the name, the bots and a house rule; Enter saves them, and the next quick game uses them', async () => {
    const save = vi.fn(() => ({ ok: true as const }));
    const quickGame = vi.fn(fakeLauncher().quickGame);
    const { stdin, lastFrame } = mount(
      <App
        launcher={fakeLauncher({ quickGame })}
        defaultName="Ann"
        settings={DEFAULTS}
        saveSettings={save}
        settingsPath="/data/p2p-risk/settings.json"
        onExit={() => {}}
        rollMs={0}
      />,
    );
    await until(lastFrame, 'Settings');
    await press(stdin, KEY.up, KEY.up, KEY.enter);
    await until(lastFrame, 'kept in /data/p2p-risk/settings.json');
    await press(stdin, KEY.backspace, KEY.backspace, KEY.backspace);
    stdin.write('Zed');
    await press(stdin, KEY.down, KEY.down, KEY.down, KEY.down, KEY.right);
    await until(lastFrame, '◂ hard (quick game, empty seats) ▸');
    await press(stdin, KEY.down, KEY.down, KEY.right);
    await until(lastFrame, '▸ Goal:  ◂ Capital Risk ▸');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'Settings saved.');
    expect(save).toHaveBeenCalledWith({ ...DEFAULTS, name: 'Zed', bot: 'hard', rules: { variant: 'capital' } });
    await press(stdin, '1');
    await vi.waitFor(() => expect(quickGame).toHaveBeenCalledWith('Zed', 'hard'));
  });
});

describe('the real program', () => {
  it('starts with the name and bots of the settings file (plain mode)', () => {
    const data = join(scratch, 'home');
    mkdirSync(join(data, 'p2p-risk'), { recursive: true });
    writeFileSync(join(data, 'p2p-risk', 'settings.json'), JSON.stringify({ name: 'Zed', bot: 'easy' }));
    const run = spawnSync(process.execPath, ['bin/risk.js', 'play', 'quick', '--no-record', '--bot-delay', '0'], {
      cwd: root,
      input: 'quit\n',
      encoding: 'utf8',
      env: { ...process.env, XDG_DATA_HOME: data, RISK_DB: '' },
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('starting a quick game: you and three easy bots');
    expect(run.stdout).toContain('the game starts: Zed (you), Ada, Babbage, Curie');
  }, 60_000);
});
