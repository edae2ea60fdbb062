// Starts the Ink UI on this terminal and resolves when the player quits. The alternate screen
// keeps the shell's scrollback untouched and is restored on exit.
import { render } from 'ink';
import { App, type AppProps } from './app.js';
import { ThemeContext } from './theme.js';

export interface UiOptions extends Omit<AppProps, 'onExit'> {
  readonly color: boolean;
}

export async function runTerminalUi(options: UiOptions): Promise<void> {
  const { color, ...props } = options;
  let quit = () => {};
  const quitting = new Promise<void>((resolve) => (quit = resolve));
  const instance = render(
    <ThemeContext.Provider value={{ color }}>
      <App {...props} onExit={() => quit()} />
    </ThemeContext.Provider>,
    // Ctrl-C is a key like any other (it asks before leaving a game); stdout is known to be a
    // terminal here, so render live even where CI variables are set.
    { exitOnCtrlC: false, alternateScreen: true, interactive: true },
  );
  const onSignal = () => quit();
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  await Promise.race([quitting, instance.waitUntilExit()]);
  process.off('SIGTERM', onSignal);
  process.off('SIGHUP', onSignal);
  instance.unmount();
  await instance.waitUntilExit().catch(() => {});
}
