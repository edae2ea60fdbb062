// The game's history, full screen and scrollable: what each player won and lost so far, then
// every line of the story with every battle's dice (what the bots did between your turns too).
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { countTerritories, type GameState } from '../model/index.js';
import { battleLine } from './event-log.js';
import { type ScrollLine, ScrollPage } from './scroll.js';
import type { TableView } from './table.js';

export function historyLines(
  view: TableView,
  state: GameState,
  name: (p: number) => string,
  goal: readonly string[] = [],
): ScrollLine[] {
  const lines: ScrollLine[] = [
    // The player's own goal (mission, capital) first: the history is where a player looks back.
    ...(goal.length > 0 ? [...goal.map((text) => ({ text, bold: true })), { text: '' }] : []),
    { text: `${'Player'.padEnd(24)} terr  battles  taken  lost  armies killed  armies lost`, bold: true },
  ];
  for (const p of state.players) {
    const s = view.stats[p.id];
    if (!s) continue;
    const fate = p.eliminated
      ? `  out${s.outInTurn ? ` in turn ${s.outInTurn}` : ''}`
      : p.neutral
        ? '  left (neutral)'
        : '';
    lines.push({
      text: `${name(p.id).slice(0, 23).padEnd(24)} ${String(countTerritories(state, p.id)).padStart(4)} ${String(s.battles).padStart(8)} ${String(s.conquests).padStart(6)} ${String(s.territoriesLost).padStart(5)} ${String(s.armiesKilled).padStart(14)} ${String(s.armiesLost).padStart(12)}${fate}`,
    });
  }
  lines.push({ text: '' });
  for (const entry of view.log) {
    if (entry.tone === 'battle' && entry.battle) lines.push({ text: `⚔ ${battleLine(entry, state)}` });
    else
      lines.push({
        text: `· ${entry.text}`,
        ...(entry.tone === 'info' ? { dim: true } : {}),
        ...(entry.tone === 'alert' ? { bold: true } : {}),
      });
  }
  return lines;
}

export function HistoryScreen({
  view,
  state,
  name,
  columns,
  rows,
  offset,
  goal = [],
  top,
}: {
  view: TableView;
  state: GameState;
  name: (p: number) => string;
  goal?: readonly string[];
  columns: number;
  rows: number;
  /** First line shown; null: the end (the latest events). */
  offset: number | null;
  top?: ReactNode;
}) {
  const lines = historyLines(view, state, name, goal);
  const page = historyRows(rows, top ? 1 : 0);
  const last = Math.max(0, lines.length - page);
  return (
    <Box flexDirection="column">
      <ScrollPage
        title="Game history"
        lines={lines}
        offset={offset === null ? last : Math.min(offset, last)}
        rows={page}
        width={Math.max(20, columns - 1)}
        footer="↑↓ PgUp PgDn Home End scroll · h or Esc back to the game"
        top={top}
      />
    </Box>
  );
}

export function historyRows(rows: number, topRows = 0): number {
  return Math.max(3, rows - 3 - topRows);
}
