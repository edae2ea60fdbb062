// Opens the player's browser at the page, where this machine has one to open: `open` on macOS,
// `start` on Windows, xdg-open on a Linux desktop (a display is set). Elsewhere (a server, SSH, CI)
// nothing is started: the URL is printed to be opened by hand.
import { spawn } from 'node:child_process';

export function browserCommand(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  url: string,
): { command: string; args: string[] } | null {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // cmd's start takes its first quoted argument as the window title; the URL has no characters cmd treats apart.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return { command: 'xdg-open', args: [url] };
  return null;
}

/** Starts the browser, detached; resolves with whether it could be started. */
export function openBrowser(url: string): Promise<boolean> {
  const how = browserCommand(process.platform, process.env, url);
  if (how === null) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(how.command, how.args, { detached: true, stdio: 'ignore', windowsHide: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
