// Starts the Ink UI on this terminal and resolves when the player quits. The alternate screen
// keeps the shell's scrollback untouched and is restored on exit.
import { render } from 'ink';
import { App, type AppProps } from './app.js';
import { ThemeContext } from './theme.js';

export interface UiOptions extends Omit<AppProps, 'onExit' | 'onWeb'> {
  readonly color: boolean;
}

/** Resolves when the player quits ('quit'), or chose to go on in the browser ('web'). */
export async function runTerminalUi(options: UiOptions): Promise<'quit' | 'web'> {
  const { color, ...props } = options;
  let how: 'quit' | 'web' = 'quit';
  let quit = () => {};
  const quitting = new Promise<void>((resolve) => (quit = resolve));
  const instance = render(
    <ThemeContext.Provider value={{ color }}>
      <App
        {...props}
        onExit={() => quit()}
        onWeb={() => {
          how = 'web';
          quit();
        }}
      />
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
  return how;
}
