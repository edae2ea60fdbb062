// `risk play --game risc` on a terminal: the RISC screens alone, from the start asked for, until
// the player leaves.
import { render } from 'ink';
import { ThemeContext } from '../theme.js';
import type { RiscLauncher, RiscStart } from './match.js';
import { RiscApp } from './risc-app.js';

export async function runRiscUi(options: {
  readonly launcher: RiscLauncher;
  readonly name: string;
  readonly start: RiscStart;
  readonly color: boolean;
}): Promise<void> {
  let quit = () => {};
  const quitting = new Promise<void>((resolve) => (quit = resolve));
  const instance = render(
    <ThemeContext.Provider value={{ color: options.color }}>
      <RiscApp launcher={options.launcher} defaultName={options.name} start={options.start} onExit={() => quit()} />
    </ThemeContext.Provider>,
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
