// Where the program keeps its files (the game database, the records of networked games, the kept
// peer keys): the data folder each platform's own programs use. Linux and other Unix systems:
// $XDG_DATA_HOME/p2p-risk, else ~/.local/share/p2p-risk (the XDG base directory spec); Windows:
// %APPDATA%\p2p-risk (the roaming application data, as a profile that follows its user across
// machines has it); macOS: ~/Library/Application Support/p2p-risk.
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

/** What the data folder depends on; the running system by default. */
export interface DataSystem {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
}

const thisSystem = (): DataSystem => ({ platform: process.platform, env: process.env, home: homedir() });

/** The data folder of a system: this one, or this one with some of its facts given (tests, an env). */
export function dataDir(given: Partial<DataSystem> = {}): string {
  const { platform, env, home } = { ...thisSystem(), ...given };
  // A relative or empty variable is ignored, as the XDG spec says (and a relative %APPDATA% is
  // no Windows profile's).
  const set = (value: string | undefined, path: typeof posix) => (value && path.isAbsolute(value) ? value : null);
  if (platform === 'win32')
    return win32.join(set(env.APPDATA, win32) ?? win32.join(home, 'AppData', 'Roaming'), 'p2p-risk');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', 'p2p-risk');
  return posix.join(set(env.XDG_DATA_HOME, posix) ?? posix.join(home, '.local', 'share'), 'p2p-risk');
}
