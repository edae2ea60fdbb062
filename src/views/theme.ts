// How players look on screen: a colour and a shape each, so the board stays readable without
// colour (NO_COLOR, colour-blind players, screen readers reading the marks).
import { createContext, useContext } from 'react';

export const PLAYER_COLORS = ['red', 'blue', 'green', 'yellow', 'magenta', 'cyan'] as const;
export const PLAYER_MARKS = ['●', '▲', '■', '◆', '★', '✚'] as const;
export const NEUTRAL_MARK = '○';

export interface Theme {
  /** False under NO_COLOR (or --no-color): components then add no colour, only marks and bold/inverse. */
  readonly color: boolean;
  /** Colours shown as others on this screen: your chosen colour swapped with your seat's (settings). */
  readonly recolor?: Readonly<Record<string, string>>;
  /** The colour you chose for yourself (settings); the game screen swaps it in for your seat's. */
  readonly yours?: string | null;
}

export const ThemeContext = createContext<Theme>({ color: true });

export const useTheme = (): Theme => useContext(ThemeContext);

/** NO_COLOR (https://no-color.org): any non-empty value turns colour off. */
export function colorWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return !(env.NO_COLOR !== undefined && env.NO_COLOR !== '');
}

export function playerColor(player: number): (typeof PLAYER_COLORS)[number] | 'gray' {
  return player >= 0 ? PLAYER_COLORS[player % PLAYER_COLORS.length]! : 'gray';
}

export function playerMark(player: number): string {
  return player >= 0 ? PLAYER_MARKS[player % PLAYER_MARKS.length]! : NEUTRAL_MARK;
}

/** A colour prop that disappears when colour is off. */
export function tint(theme: Theme, color: string | undefined): { color?: string } {
  return theme.color && color !== undefined ? { color: theme.recolor?.[color] ?? color } : {};
}

/** The theme of a screen where `you` sit: your chosen colour and your seat's change places. */
export function yourColors(theme: Theme, you: number | null): Theme {
  if (you === null || !theme.yours) return theme;
  const seat = playerColor(you);
  if (seat === theme.yours) return theme;
  return { ...theme, recolor: { [seat]: theme.yours, [theme.yours]: seat } };
}
