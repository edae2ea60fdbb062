// Ink's key reports turned into the few keys the game understands.
import type { Key } from 'ink';
import type { UiKey } from './turn-input.js';

/** The keys in one input report (a paste gives several characters). */
export function uiKeys(input: string, key: Key): UiKey[] {
  if (key.upArrow) return [{ name: 'up' }];
  if (key.downArrow) return [{ name: 'down' }];
  if (key.leftArrow) return [{ name: 'left' }];
  if (key.rightArrow) return [{ name: 'right' }];
  if (key.return) return [{ name: 'enter' }];
  if (key.escape) return [{ name: 'escape' }];
  if (key.tab) return [{ name: 'tab' }];
  if (key.backspace || key.delete) return [{ name: 'backspace' }];
  if (key.ctrl || key.meta) return [];
  return [...input].filter((ch) => ch >= ' ').map((char) => ({ name: 'char', char }));
}

export const isCtrlC = (input: string, key: Key): boolean => key.ctrl && input === 'c';
