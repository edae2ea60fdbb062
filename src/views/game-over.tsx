// The end: who won, and a short summary of everyone's game.
import { Box, Text } from 'ink';
import { countTerritories, type GameState, totalArmies } from '../model/index.js';
import { endWords, goneWord } from './game-end.js';
import { battlesOf, type TablePlayer, type TableView } from './table.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

export function GameOver({
  view,
  state,
  name,
  columns = 120,
}: {
  view: TableView;
  state: GameState;
  name: (p: number) => string;
  columns?: number;
}) {
  const theme = useTheme();
  // Inside the frame (2 columns of border and 4 of padding), every row on one line at 80 columns.
  const inner = Math.max(30, columns - 6);
  const nameWidth = Math.max(8, Math.min(24, inner - 54));
  const over = view.over!;
  const mine = view.players.filter((p: TablePlayer) => p.kind === 'you');
  const { headline, detail } = endWords(over, mine.length === 1 ? mine[0]!.id : null, name, state);
  return (
    <Box flexDirection="column" borderStyle="double" paddingX={2} paddingY={1}>
      <Text bold {...tint(theme, over.winner === null ? undefined : playerColor(over.winner))}>
        {headline}
      </Text>
      {detail !== null ? <Text>{detail}</Text> : null}
      <Text>
        {state.turn} {state.turn === 1 ? 'turn' : 'turns'} played, {battlesOf(view)} battles fought.
      </Text>
      <Text> </Text>
      <Text bold wrap="truncate-end">
        {'  Player'.padEnd(nameWidth + 2)} territories armies battles conquests
      </Text>
      {state.players.map((p) => {
        const s = view.stats[p.id] ?? { battles: 0, conquests: 0, outInTurn: null };
        const shown = name(p.id);
        // The neutral army of the two-player game is no player who left: no word for it.
        const fate =
          p.id === over.winner
            ? 'winner'
            : p.eliminated
              ? `out${s.outInTurn ? ` (turn ${s.outInTurn})` : ''}`
              : p.id === state.neutralArmy
                ? ''
                : p.neutral
                  ? (goneWord(view.gone[p.id]) ?? 'neutral')
                  : '';
        return (
          <Text key={p.id} wrap="truncate-end">
            <Text {...tint(theme, playerColor(p.id))}>{playerMark(p.id)}</Text>{' '}
            {(shown.length > nameWidth ? `${shown.slice(0, nameWidth - 1)}…` : shown).padEnd(nameWidth)}
            {String(countTerritories(state, p.id)).padStart(12)} {String(totalArmies(state, p.id)).padStart(6)}{' '}
            {String(s.battles).padStart(7)} {String(s.conquests).padStart(9)} {fate}
          </Text>
        );
      })}
      <Text> </Text>
      <Text dimColor>Enter: back to the menu · h: the game's history · q: quit</Text>
    </Box>
  );
}
