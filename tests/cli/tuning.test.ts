import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript of the launcher (bin/), without types
import { GAME_FLAGS, tuning } from '../../bin/tuning.js';

type Tuned = { flags: string[]; retune: boolean };
const tuned = (args: string[], execArgv: string[] = [], env: Record<string, string> = {}): Tuned =>
  tuning(args, execArgv, env);

describe('the Node flags of each risk command (bin/tuning.js)', () => {
  it('gives the game the small young generation and --optimize-for-size, its #! line gives the same', () => {
    expect(tuned([]).flags).toEqual(['--max-semi-space-size=1', '--optimize-for-size']);
    expect(tuned(['play']).flags).toEqual(GAME_FLAGS);
    expect(tuned([], GAME_FLAGS).retune).toBe(false);
  });

  it('gives a bot peer a 2 MB young generation, and re-executes one started with the game flags', () => {
    expect(tuned(['bot', 'host']).flags).toEqual(['--max-semi-space-size=2']);
    expect(tuned(['bot', 'host'], GAME_FLAGS).retune).toBe(true);
    expect(tuned(['bot', 'host'], ['--max-semi-space-size=2']).retune).toBe(false);
    expect(tuned(['bot', 'host'], GAME_FLAGS, { RISK_NODE_REEXEC: '1' }).retune).toBe(false);
  });

  it('runs computing commands without the game flags', () => {
    expect(tuned(['tournament']).flags).toEqual([]);
    expect(tuned(['simulate'], GAME_FLAGS).retune).toBe(true);
    expect(tuned(['bot', '--help']).flags).toEqual([]);
  });
});
