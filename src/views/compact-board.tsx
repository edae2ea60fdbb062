// The board as a compact list for small terminals: one or two lines per continent, each
// territory as code, owner mark and armies. Arrow keys move along and between the lines.
import { Box, Text } from 'ink';
import type { Board, GameState } from '../model/index.js';
import { type Highlight, territoryLook } from './board-marks.js';
import type { Position } from './map-layout.js';
import { TerritoryLabel } from './territory-label.js';
import { useTheme } from './theme.js';

const ITEM_WIDTH = 8;
const PREFIX_WIDTH = 5;
const SHORT_CONTINENT: Record<string, string> = {
  'North America': 'N.Am',
  'South America': 'S.Am',
  Europe: 'Eur',
  Africa: 'Afr',
  Asia: 'Asia',
  Australia: 'Aus',
};

export interface CompactRow {
  readonly label: string;
  readonly territories: readonly number[];
}

/** The list's lines for a given width, and where each territory sits on them. */
export function compactLayout(board: Board, width: number): { rows: CompactRow[]; positions: Position[] } {
  const perLine = Math.max(1, Math.floor((width - PREFIX_WIDTH) / ITEM_WIDTH));
  const rows: CompactRow[] = [];
  const positions: Position[] = [];
  for (const continent of board.continents) {
    for (let i = 0; i < continent.territories.length; i += perLine) {
      const territories = continent.territories.slice(i, i + perLine);
      const label = i === 0 ? (SHORT_CONTINENT[continent.name] ?? continent.name.slice(0, 4)) : '';
      territories.forEach((t, k) => (positions[t] = { row: rows.length, col: PREFIX_WIDTH + k * ITEM_WIDTH }));
      rows.push({ label, territories });
    }
  }
  return { rows, positions };
}

export function CompactBoard({
  state,
  highlight,
  width,
  rows: room = Infinity,
  cursor = -1,
}: {
  state: GameState;
  highlight: Highlight;
  width: number;
  /** Lines available; when the list is longer it shows the part with the cursor. */
  rows?: number;
  cursor?: number;
}) {
  const theme = useTheme();
  const { rows: all, positions } = compactLayout(state.board, width);
  const shown = Math.max(1, Math.min(all.length, room));
  const at = cursor >= 0 ? (positions[cursor]?.row ?? 0) : 0;
  const first = Math.max(0, Math.min(all.length - shown, at - Math.floor(shown / 2)));
  const rows = all.slice(first, first + shown);
  return (
    <Box flexDirection="column">
      {rows.map((row, r) => (
        <Text key={r} wrap="truncate-end">
          <Text bold>{row.label.padEnd(PREFIX_WIDTH)}</Text>
          {row.territories.map((t) => {
            const look = territoryLook(state, t, highlight, ITEM_WIDTH);
            return <TerritoryLabel key={t} look={look} theme={theme} />;
          })}
        </Text>
      ))}
    </Box>
  );
}
