// The end: who won, and a short summary of everyone's game.
import { Box, Text } from 'ink';
import { countTerritories, type GameState, totalArmies } from '../model/index.js';
import { endWords, goneWord } from './game-end.js';
import type { TablePlayer, TableView } from './table.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

export function GameOver({ view, state, name }: { view: TableView; state: GameState; name: (p: number) => string }) {
  const theme = useTheme();
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
        {state.turn} {state.turn === 1 ? 'turn' : 'turns'} played, {view.stats.reduce((n, s) => n + s.battles, 0)}{' '}
        battles fought.
      </Text>
      <Text> </Text>
      <Text bold>{'  Player'.padEnd(26)}territories armies battles conquests</Text>
      {state.players.map((p) => {
        const s = view.stats[p.id] ?? { battles: 0, conquests: 0, outInTurn: null };
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
          <Text key={p.id}>
            <Text {...tint(theme, playerColor(p.id))}>{playerMark(p.id)}</Text> {name(p.id).slice(0, 23).padEnd(24)}
            {String(countTerritories(state, p.id)).padStart(11)} {String(totalArmies(state, p.id)).padStart(6)}{' '}
            {String(s.battles).padStart(7)} {String(s.conquests).padStart(9)} {fate}
          </Text>
        );
      })}
      <Text> </Text>
      <Text dimColor>Enter: back to the menu · h: the game's history · q: quit</Text>
    </Box>
  );
}
