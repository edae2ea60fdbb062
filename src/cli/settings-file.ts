// The player's settings file: settings.json in the directory the program keeps its data in (beside
// the game database, which store/paths.ts places). A file that is missing gives the defaults; one
// that cannot be read or is wrong gives the defaults too, and says why (it is left as it is).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultStorePath } from '../store/paths.js';
import { type Settings, settingsFrom } from '../views/settings.js';

/** Where the settings live: beside the game database (its directory is the program's data directory). */
export function settingsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(defaultStorePath(env)), 'settings.json');
}

export interface LoadedSettings {
  readonly settings: Settings;
  /** Why the file was not used, or null. */
  readonly problem: string | null;
}

export function loadSettings(path: string, defaults: Settings): LoadedSettings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: defaults, problem: null };
    return {
      settings: defaults,
      problem: `${path} cannot be read (${(error as Error).message}): the defaults are used`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { settings: defaults, problem: `${path} is not JSON (${(error as Error).message}): the defaults are used` };
  }
  const checked = settingsFrom(json, defaults);
  return checked.ok
    ? { settings: checked.value, problem: null }
    : { settings: defaults, problem: `${path}: ${checked.reason}; the defaults are used` };
}

/** Writes the settings (a whole new file, then renamed over the old: a crash leaves one or the other). */
export function saveSettings(path: string, settings: Settings): { ok: true } | { ok: false; reason: string } {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(settings, null, 2)}\n`);
    renameSync(temporary, path);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `cannot save ${path}: ${(error as Error).message}` };
  }
}
