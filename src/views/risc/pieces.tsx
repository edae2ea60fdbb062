// One line of the RISC board on screen: its pieces, each in its player's colour (when colour is on).
import { Text } from 'ink';
import { playerColor, useTheme } from '../theme.js';
import type { Line } from './layout.js';

export function LineOfPieces({ line }: { line: Line }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end">
      {line.map((piece, j) => (
        <Text
          key={j}
          {...(theme.color && piece.player !== undefined ? { color: playerColor(piece.player) } : {})}
          {...(piece.dim ? { dimColor: true } : {})}
          {...(piece.bold ? { bold: true } : {})}
        >
          {piece.text}
        </Text>
      ))}
    </Text>
  );
}
