// The world map drawn in text in its real shape (see map-layout.ts), each territory in its
// owner's colour and mark with its army count.
import { Box, Text } from 'ink';
import type { GameState } from '../model/index.js';
import { type Highlight, territoryLook } from './board-marks.js';
import { MAP_TEMPLATE, mapPieces, SLOT_WIDTH, SMALL_MAP_TEMPLATE } from './map-layout.js';
import { TerritoryLabel } from './territory-label.js';
import { tint, useTheme } from './theme.js';

const LINES = { big: mapPieces(MAP_TEMPLATE).lines, small: mapPieces(SMALL_MAP_TEMPLATE).lines };
const SEA = new Set(['┄', '┆', '·', '◄', '►']);

/** Splits drawn text into runs of sea routes, land borders and titles, so each can be styled. */
function runs(text: string): { text: string; kind: 'sea' | 'land' | 'title' }[] {
  const out: { text: string; kind: 'sea' | 'land' | 'title' }[] = [];
  for (const ch of text) {
    const kind = SEA.has(ch) ? 'sea' : /[A-Z0-9+]/.test(ch) ? 'title' : 'land';
    const last = out.at(-1);
    if (last && (last.kind === kind || ch === ' ')) last.text += ch;
    else out.push({ text: ch, kind });
  }
  return out;
}

export function WorldMap({
  state,
  highlight,
  template = 'big',
}: {
  state: GameState;
  highlight: Highlight;
  template?: 'big' | 'small';
}) {
  const theme = useTheme();
  const lines = LINES[template];
  return (
    <Box flexDirection="column">
      {lines.map((pieces, row) => (
        <Text key={row} wrap="truncate-end">
          {pieces.length === 0 ? ' ' : null}
          {pieces.map((piece, i) => {
            if (piece.kind === 'text') {
              return runs(piece.text).map((run, j) => (
                <Text
                  key={`${i}.${j}`}
                  {...tint(theme, run.kind === 'sea' ? 'blue' : run.kind === 'land' ? 'gray' : undefined)}
                  bold={run.kind === 'title'}
                >
                  {run.text}
                </Text>
              ));
            }
            const look = territoryLook(state, piece.territory, highlight, SLOT_WIDTH);
            return <TerritoryLabel key={i} look={look} theme={theme} />;
          })}
        </Text>
      ))}
    </Box>
  );
}
