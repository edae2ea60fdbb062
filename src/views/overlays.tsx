// Small full-screen questions over the game: leaving, and passing the keyboard in a hot-seat game.
import { Box, Text } from 'ink';
import type { TableMode } from './table.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

/** What leaving does to the game: a local game that is kept can go on later from the menu. */
export function leavingText(mode: TableMode, resumable: boolean): string {
  if (mode === 'network')
    return 'The other players are told you left; your territories stay on the board as a neutral player.';
  const stops = mode === 'quick' ? 'The game stops here' : 'The game stops here for everyone at this keyboard';
  return resumable
    ? `${stops}; it is saved, and Resume in the menu goes on with it later.`
    : `${stops} and ends: it is not saved (games are not recorded).`;
}

export function QuitConfirm({ mode, resumable, exiting }: { mode: TableMode; resumable: boolean; exiting: boolean }) {
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1}>
      <Text bold>{exiting ? 'Quit risk?' : 'Leave this game?'}</Text>
      <Text>{leavingText(mode, resumable)}</Text>
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
