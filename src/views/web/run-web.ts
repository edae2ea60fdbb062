// `risk play … --web`: the game in the browser. The same peer, sessions and records as in the
// terminal; the page is only a view, served on 127.0.0.1 behind a secret URL that is printed here
// (and opened in the browser where one can be). Runs until the page's Quit or Ctrl-C.
import type { Launcher } from '../launcher.js';
import { openBrowser } from './open-browser.js';
import { loadPageAssets } from './page-assets.js';
import { startWebServer } from './server.js';
import { WebFront, type WebStart } from './web-front.js';
import type { Defaults } from './wire.js';

export interface RunWebOptions {
  readonly launcher: Launcher;
  readonly defaults: Defaults;
  readonly start: WebStart;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Try to open the browser (a person at a terminal); else only print the URL. */
  readonly open: boolean;
  /** The page's port (default: any free one). */
  readonly port?: number;
}

export async function runWeb(options: RunWebOptions): Promise<number> {
  const loaded = loadPageAssets();
  if (!loaded.ok) {
    options.err(`risk: cannot serve the web page: ${loaded.reason}\n`);
    return 1;
  }
  let stop = () => {};
  const stopping = new Promise<void>((resolve) => (stop = resolve));
  const front = new WebFront({
    launcher: options.launcher,
    defaults: options.defaults,
    start: options.start,
    onQuit: () => stop(),
  });
  let server: Awaited<ReturnType<typeof startWebServer>>;
  try {
    server = await startWebServer({
      front,
      assets: loaded.assets,
      ...(options.port !== undefined ? { port: options.port } : {}),
    });
  } catch (error) {
    options.err(`risk: cannot serve the web page: ${(error as Error).message}\n`);
    await front.close();
    return 1;
  }
  options.out(`The game is at ${server.url}\n`);
  options.out(
    'Open that address in a browser on this machine (it holds the secret of your seat: share it with nobody).\n',
  );
  if (options.open && (await openBrowser(server.url))) options.out('Opened it in your browser.\n');
  options.out('Quit in the page, or Ctrl-C here, stops risk.\n');
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.once(signal, stop);
  await stopping;
  for (const signal of signals) process.off(signal, stop);
  await front.close();
  await server.close();
  return 0;
}
