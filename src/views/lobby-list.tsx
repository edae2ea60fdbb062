// The players gathered in a lobby so far, with empty seats still to fill.
import { Box, Text } from 'ink';
import type { LobbyPlayer } from '../sessions/lobby.js';
import { distinctNames } from './table.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

export function LobbyList({
  players,
  seats,
  me,
}: {
  players: readonly Pick<LobbyPlayer, 'id' | 'name'>[];
  seats: number | null;
  me: number | null;
}) {
  const theme = useTheme();
  const sorted = [...players].sort((a, b) => a.id - b.id);
  // Told apart as the game will tell them apart ("Root", "Root 2").
  const names = distinctNames(sorted.map((p) => p.name));
  const empty = seats === null ? 0 : Math.max(0, seats - sorted.length);
  return (
    <Box flexDirection="column">
      {sorted.map((p, i) => (
        <Text key={p.id}>
          {'  '}
          <Text {...tint(theme, playerColor(p.id))}>{playerMark(p.id)}</Text> {names[i]}
          {p.id === 0 ? ' (host)' : ''}
          {p.id === me ? ' (you)' : ''}
        </Text>
      ))}
      {Array.from({ length: empty }, (_, i) => (
        <Text key={`empty${i}`} dimColor>
          {'  ○ waiting for a player…'}
        </Text>
      ))}
    </Box>
  );
}

/** The lobby's players after one event. */
export function withLobbyEvent<P extends { id: number }>(
  players: readonly P[],
  event: { type: string; player?: P },
): P[] {
  if (event.type === 'joined' && event.player)
    return [...players.filter((p) => p.id !== event.player!.id), event.player];
  if (event.type === 'left' && event.player) return players.filter((p) => p.id !== event.player!.id);
  return [...players];
}
