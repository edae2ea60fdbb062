// `risk play --game risc` on a terminal: the RISC screen alone, until the player leaves.
import { render } from 'ink';
import { ThemeContext } from '../theme.js';
import { type RiscGameOptions, RiscGameScreen } from './risc-screen.js';

export async function runRiscUi(options: RiscGameOptions & { readonly color: boolean }): Promise<void> {
  const { color, ...game } = options;
  let quit = () => {};
  const quitting = new Promise<void>((resolve) => (quit = resolve));
  const instance = render(
    <ThemeContext.Provider value={{ color }}>
      <RiscGameScreen options={game} onLeave={() => quit()} />
    </ThemeContext.Provider>,
    { exitOnCtrlC: false, alternateScreen: true, interactive: true },
  );
  await Promise.race([quitting, instance.waitUntilExit()]);
  instance.unmount();
  await instance.waitUntilExit().catch(() => {});
}
