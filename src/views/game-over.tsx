// The end: who won, and a short summary of everyone's game.
import { Box, Text } from 'ink';
import { countTerritories, totalArmies, wonOnBoard, type GameState } from '../model/index.js';
import type { TablePlayer, TableView } from './table.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

export function GameOver({ view, state, name }: { view: TableView; state: GameState; name: (p: number) => string }) {
  const theme = useTheme();
  const over = view.over!;
  const me = view.players.find((p: TablePlayer) => p.kind === 'you');
  const headline =
    over.winner === null
      ? 'Game over: no winner'
      : me !== undefined && over.winner === me.id
        ? `You win! ${name(over.winner)} ${howWon(state)}.`
        : `${name(over.winner)} wins the game.`;
  return (
    <Box flexDirection="column" borderStyle="double" paddingX={2} paddingY={1}>
      <Text bold {...tint(theme, over.winner === null ? undefined : playerColor(over.winner))}>
        {headline}
      </Text>
      {over.reason ? <Text>{over.reason}</Text> : null}
      <Text>
        {state.turn} {state.turn === 1 ? 'turn' : 'turns'} played, {view.stats.reduce((n, s) => n + s.battles, 0)} battles fought.
      </Text>
      <Text> </Text>
      <Text bold>{'  Player'.padEnd(26)}territories armies battles conquests</Text>
      {state.players.map((p) => {
        const s = view.stats[p.id] ?? { battles: 0, conquests: 0, outInTurn: null };
        const fate =
          p.id === over.winner ? 'winner' : p.eliminated ? `out${s.outInTurn ? ` (turn ${s.outInTurn})` : ''}` : p.id === state.neutralArmy ? '' : p.neutral ? 'left' : '';
        return (
          <Text key={p.id}>
            <Text {...tint(theme, playerColor(p.id))}>{playerMark(p.id)}</Text> {name(p.id).slice(0, 23).padEnd(24)}
            {String(countTerritories(state, p.id)).padStart(11)} {String(totalArmies(state, p.id)).padStart(6)} {String(s.battles).padStart(7)}{' '}
            {String(s.conquests).padStart(9)} {fate}
          </Text>
        );
      })}
      <Text> </Text>
      <Text dimColor>Enter: back to the menu · q: quit</Text>
    </Box>
  );
}

/** How the winner won, in a few words (variants and the neutral army's game end short of the world). */
function howWon(state: GameState): string {
  if (state.winner !== null && state.owner.every((o) => o === state.winner)) return 'rules the world';
  if (!wonOnBoard(state)) return 'is the last player left in the game';
  if (state.options.variant === 'capital' && state.capitals.length > 0) return 'holds the capitals';
  if (state.options.variant === 'mission' && state.winner !== null && state.missionsRevealed[state.winner]) return 'completed their secret mission';
  return 'knocked every other player out';
}
