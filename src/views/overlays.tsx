// Small full-screen questions over the game: leaving, and passing the keyboard in a hot-seat game.
import { Box, Text } from 'ink';
import type { TableMode } from './table.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

const LEAVING: Record<TableMode, string> = {
  network: 'The other players are told you left; your territories stay on the board as a neutral player.',
  quick: 'The bots are told you left and this quick game ends.',
  hotseat: 'The game stops here for everyone at this keyboard.',
};

export function QuitConfirm({ mode, exiting }: { mode: TableMode; exiting: boolean }) {
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1}>
      <Text bold>{exiting ? 'Quit risk?' : 'Leave this game?'}</Text>
      <Text>{LEAVING[mode]}</Text>
      <Text> </Text>
      <Text>y: {exiting ? 'quit' : 'leave (back to the menu)'} · n or Esc: keep playing</Text>
    </Box>
  );
}

export function PassScreen({ player, name }: { player: number; name: string }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" borderStyle="double" paddingX={2} paddingY={1}>
      <Text bold>
        Pass the keyboard to{' '}
        <Text {...tint(theme, playerColor(player))}>
          {playerMark(player)} {name}
        </Text>
      </Text>
      <Text> </Text>
      <Text>Everyone else: look away. {name}'s cards are shown on the next screen.</Text>
      <Text> </Text>
      <Text>{name}: press Enter when you are ready.</Text>
    </Box>
  );
}
