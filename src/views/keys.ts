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
  // Keys that arrive in one chunk (two Enters, a digit and Enter) come as one string: each counts.
  const keys: UiKey[] = [];
  for (const char of input) {
    if (char === '\r' || char === '\n') keys.push({ name: 'enter' });
    else if (char === '\t') keys.push({ name: 'tab' });
    else if (char === '\x7f' || char === '\b') keys.push({ name: 'backspace' });
    else if (char >= ' ') keys.push({ name: 'char', char });
  }
  return keys;
}

export const isCtrlC = (input: string, key: Key): boolean => key.ctrl && input === 'c';

export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/**
 * One input report as the single keys in it: keys typed faster than the terminal is read ("h?",
 * two Enters) arrive as one string, and each must count.
 */
export function splitKeys(input: string, key: Key): [string, Key][] {
  const chars = [...input];
  if (chars.length <= 1 || key.ctrl || key.meta || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow)
    return [[input, key]];
  return chars.map((ch): [string, Key] => {
    if (ch === '\r' || ch === '\n') return ['', { ...NO_KEY, return: true }];
    if (ch === '\t') return ['', { ...NO_KEY, tab: true }];
    if (ch === '\x7f' || ch === '\b') return ['', { ...NO_KEY, backspace: true }];
    if (ch === '\x03') return ['c', { ...NO_KEY, ctrl: true }];
    return [ch, { ...NO_KEY, shift: /[A-Z]/.test(ch) }];
  });
}
