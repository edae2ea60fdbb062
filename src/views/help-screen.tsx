// How to play: the rules in short, the keys and the settings, scrollable. Opens from anywhere
// with "?"; in a local game the game waits while it is open.
import { Box } from 'ink';
import type { ReactNode } from 'react';
import type { GameOptions } from '../model/index.js';
import { KEYS_SUMMARY, rulesSummary } from './rules-text.js';
import { rewrap, type ScrollLine, ScrollPage } from './scroll.js';

export interface HelpSettings {
  readonly defendByHand: boolean;
  /** Whether the computer plays for the people here; null: it cannot. */
  readonly autopilot: boolean | null;
  readonly paused: boolean;
}

/** The game the help is opened in: its rules, and the player's own goal (mission, capital). */
export interface HelpGame {
  readonly options: GameOptions;
  readonly territories: number;
  readonly goal: readonly string[];
}

/** The help's lines for a width; in a game, that game's rules. */
export function helpLines(width: number, settings: HelpSettings | null, game: HelpGame | null = null): ScrollLine[] {
  const wrap = (text: readonly string[]) => rewrap(text, width).map((line) => ({ text: line }));
  // The player's own goal, then the settings: what a player comes back for.
  const lines: ScrollLine[] = [];
  if (game !== null && game.goal.length > 0)
    lines.push(...game.goal.map((text) => ({ text, bold: true })), { text: '' });
  if (settings) {
    lines.push({ text: 'Settings', bold: true });
    lines.push({
      text: `d  defence: ${settings.defendByHand ? 'decide by hand when attacked' : 'automatically with the most dice (press d to decide by hand)'}`,
    });
    if (settings.autopilot !== null) {
      lines.push({
        text: `p  the computer plays for you: ${settings.autopilot ? 'on (press p to play yourself again)' : 'off (press p to let it play your turns)'}`,
      });
    }
    if (settings.paused) lines.push({ text: 'The game waits while this help is open.', dim: true });
    lines.push({ text: '' });
  }
  lines.push(
    ...(game !== null ? [{ text: 'The rules of this game', bold: true }] : []),
    ...wrap(rulesSummary(game?.options, game?.territories)),
    { text: '' },
    { text: 'Keys', bold: true },
    ...wrap(KEYS_SUMMARY),
  );
  return lines;
}

export function HelpScreen({
  columns = 120,
  rows = 40,
  offset = 0,
  settings = null,
  game = null,
  closeHint = 'Esc, Enter or ? closes this help',
  top,
}: {
  columns?: number;
  rows?: number;
  offset?: number;
  settings?: HelpSettings | null;
  game?: HelpGame | null;
  closeHint?: string;
  top?: ReactNode;
}) {
  const width = Math.max(20, columns - 1);
  const lines = helpLines(width, settings, game);
  const topRows = top ? 1 : 0;
  return (
    <Box flexDirection="column">
      <ScrollPage
        title="How to play"
        lines={lines}
        offset={Math.min(offset, Math.max(0, lines.length - helpRows(rows, topRows)))}
        rows={helpRows(rows, topRows)}
        width={width}
        footer={`${lines.length > helpRows(rows, topRows) ? '↑↓ PgUp PgDn scroll · ' : ''}${closeHint}`}
        top={top}
      />
    </Box>
  );
}

/** Text lines a help page of `rows` terminal rows shows (title, footer and a spare line aside). */
export function helpRows(rows: number, topRows = 0): number {
  return Math.max(3, rows - 3 - topRows);
}
