// The menu's Resume and Stats screens: saved local games to go on with, and the statistics of
// every stored game (tables and charts), scrolled with the arrow keys.
import { Box, Text, useInput, useWindowSize } from 'ink';
import { useMemo, useState } from 'react';
import { isCtrlC } from './keys.js';
import type { SavedGame } from './launcher.js';

export function ResumeScreen({
  games,
  onResume,
  onBack,
}: {
  games: readonly SavedGame[];
  onResume: (id: number) => void;
  onBack: () => void;
}) {
  const [selected, setSelected] = useState(0);
  useInput((input, key) => {
    if (key.escape || input === 'q' || isCtrlC(input, key)) return onBack();
    if (games.length === 0) {
      if (key.return) onBack();
      return;
    }
    if (key.upArrow) setSelected((s) => (s + games.length - 1) % games.length);
    if (key.downArrow || key.tab) setSelected((s) => (s + 1) % games.length);
    if (key.return) onResume(games[selected]!.id);
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Resume a saved game</Text>
      <Text dimColor>
        quick and hot-seat games are saved move by move; choose one to go on exactly where it stopped
      </Text>
      <Text> </Text>
      {games.length === 0 ? <Text>No saved games to resume.</Text> : null}
      {games.slice(0, 20).map((g, i) => (
        <Text key={g.id} inverse={i === selected} bold={i === selected}>
          {i === selected ? '▸ ' : '  '}
          {`#${g.id}  ${g.startedAt.slice(0, 16).replace('T', ' ')}  ${g.players.map((p) => (p.botKind ? `${p.name} (${p.botKind})` : p.name)).join(', ')}  · ${g.stepCount} moves`}
        </Text>
      ))}
      <Text> </Text>
      <Text dimColor>{games.length === 0 ? 'Enter or Esc: back' : '↑↓ choose · Enter resume · Esc back'}</Text>
    </Box>
  );
}

export function StatsScreen({
  load,
  onBack,
  size,
}: {
  load: (width: number) => readonly string[];
  onBack: () => void;
  size?: { columns: number; rows: number };
}) {
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const lines = useMemo(() => load(Math.max(20, Math.min(80, columns - 12))), [columns]);
  const page = Math.max(3, rows - 3);
  const [top, setTop] = useState(0);
  const maxTop = Math.max(0, lines.length - page);
  useInput((input, key) => {
    if (key.escape || key.return || input === 'q' || isCtrlC(input, key)) return onBack();
    if (key.downArrow) setTop((t) => Math.min(maxTop, t + 1));
    if (key.upArrow) setTop((t) => Math.max(0, t - 1));
    if (key.pageDown || input === ' ') setTop((t) => Math.min(maxTop, t + page));
    if (key.pageUp) setTop((t) => Math.max(0, t - page));
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Statistics</Text>
      {lines.slice(top, top + page).map((line, i) => (
        <Text key={top + i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
      <Text dimColor>
        {lines.length > page
          ? `↑↓ PgUp PgDn scroll (${top + 1}–${Math.min(lines.length, top + page)} of ${lines.length}) · `
          : ''}
        Esc back · risk stats --json for all of it
      </Text>
    </Box>
  );
}
