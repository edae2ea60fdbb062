// The last lines of the game's story, every battle with its dice.
import { Box, Text } from 'ink';
import type { GameState } from '../model/index.js';
import { dieFace } from './dice-faces.js';
import type { LogEntry } from './table.js';
import { tint, useTheme } from './theme.js';

/** A battle in one line with dice faces, e.g. "Alaska → Kamchatka ⚅⚄⚂ vs ⚃⚁: attacker −1, defender −1". */
export function battleLine(entry: LogEntry, state: GameState): string {
  const b = entry.battle!;
  const t = (id: number) => state.board.territories[id]!.name;
  const faces = (dice: readonly number[]) => dice.map((d) => `${dieFace(d)}${d}`).join(' ');
  return `${t(b.from)} → ${t(b.to)}: ${faces(b.attackerDice)} vs ${faces(b.defenderDice)} — attacker −${b.attackerLosses}, defender −${b.defenderLosses}`;
}

export function EventLog({
  log,
  state,
  rows,
  width,
}: {
  log: readonly LogEntry[];
  state: GameState;
  rows: number;
  width: number;
}) {
  const theme = useTheme();
  const shown = log.slice(-rows);
  return (
    <Box flexDirection="column" width={width}>
      {shown.length === 0 ? <Text dimColor>The game begins…</Text> : null}
      {shown.map((entry) => (
        <Text
          key={entry.id}
          wrap="truncate-end"
          {...tint(theme, entry.tone === 'alert' ? 'red' : undefined)}
          dimColor={entry.tone === 'info'}
        >
          {entry.tone === 'battle' && entry.battle ? `⚔ ${battleLine(entry, state)}` : `· ${entry.text}`}
        </Text>
      ))}
    </Box>
  );
}
