// Who is playing: mark and colour, territories, armies, cards held, and armies due next turn.
import { Box, Text } from 'ink';
import { countTerritories, type GameState, reinforcements, totalArmies } from '../model/index.js';
import { goneWord } from './game-end.js';
import type { TablePlayer } from './table.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

const KIND: Record<TablePlayer['kind'], string> = { you: 'you', human: 'human', bot: 'bot', remote: 'peer' };

export function PlayersPanel({
  state,
  players,
  width,
  gone = {},
}: {
  state: GameState;
  players: readonly TablePlayer[];
  width: number;
  gone?: Readonly<Record<number, string>>;
}) {
  const theme = useTheme();
  const setup = state.phase === 'setup' || state.turn === 0;
  const last = setup ? 'to place' : 'next';
  // Columns: turn marker, mark, name, then "terr armies cards next" right-aligned under their titles.
  const nameWidth = Math.max(8, width - 2 - ' terr armies cards'.length - (last.length + 1) - 1);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">
        {`  ${'Players'.padEnd(nameWidth)}`} terr armies cards {last}
      </Text>
      {state.players.map((p) => {
        const info = players.find((x) => x.id === p.id);
        // The two-player game's neutral army (1993) is no person: named Neutral, it places in setup and takes no turns.
        const army = p.id === state.neutralArmy;
        const label = army
          ? 'Neutral'
          : `${info?.name ?? `Player ${p.id}`} (${goneWord(gone[p.id]) ?? (info ? KIND[info.kind] : '?')})`;
        const status = p.eliminated
          ? 'out'
          : army
            ? setup
              ? String(p.reserve)
              : ''
            : p.neutral
              ? 'neutral'
              : setup
                ? String(p.reserve)
                : `+${reinforcements(state, p.id).total}`;
        const current = state.current === p.id && state.phase !== 'over';
        return (
          <Text key={p.id} wrap="truncate-end" strikethrough={p.eliminated} dimColor={p.eliminated || p.neutral}>
            <Text bold={current}>{current ? '▶' : ' '}</Text>
            <Text {...tint(theme, playerColor(p.id))} bold>
              {playerMark(p.id)}
            </Text>
            <Text bold={current}>
              {label.length > nameWidth ? `${label.slice(0, nameWidth - 1)}…` : label.padEnd(nameWidth)}
            </Text>
            {String(countTerritories(state, p.id)).padStart(5)} {String(totalArmies(state, p.id)).padStart(6)}{' '}
            {String(p.cards.length).padStart(5)} {status.padStart(last.length)}
          </Text>
        );
      })}
    </Box>
  );
}

/** The players in a few short lines, for small terminals: mark, name, territories/armies, next. */
export function PlayersLine({
  state,
  players,
  width,
  perLine,
  gone = {},
}: {
  state: GameState;
  players: readonly TablePlayer[];
  width: number;
  perLine: number;
  gone?: Readonly<Record<number, string>>;
}) {
  const theme = useTheme();
  const cell = Math.floor(width / perLine);
  const setup = state.phase === 'setup' || state.turn === 0;
  const lines: (typeof state.players)[] = [];
  for (let i = 0; i < state.players.length; i += perLine) lines.push(state.players.slice(i, i + perLine));
  return (
    <Box flexDirection="column" width={width}>
      {lines.map((line, r) => (
        <Text key={r} wrap="truncate-end">
          {line.map((p) => {
            const info = players.find((x) => x.id === p.id);
            const current = state.current === p.id && state.phase !== 'over';
            // The two-player game's neutral army, as in the full table: Neutral, no cards, never "neutral".
            const army = p.id === state.neutralArmy;
            const status =
              goneWord(gone[p.id]) ??
              (p.eliminated
                ? 'out'
                : p.neutral && !army
                  ? 'neutral'
                  : setup
                    ? `${p.reserve} left`
                    : `${countTerritories(state, p.id)}t ${totalArmies(state, p.id)}a${army ? '' : ` ${p.cards.length}c`}`);
            const who = army ? 'Neutral' : `${info?.name ?? `Player ${p.id}`}${info?.kind === 'you' ? ' (you)' : ''}`;
            const body = `${who.slice(0, Math.max(4, cell - status.length - 4))} ${status}`;
            return (
              <Text key={p.id} dimColor={p.eliminated || p.neutral}>
                <Text bold={current}>{current ? '▶' : ' '}</Text>
                <Text {...tint(theme, playerColor(p.id))} bold>
                  {playerMark(p.id)}
                </Text>
                <Text bold={current}>{body.padEnd(cell - 2)}</Text>
              </Text>
            );
          })}
        </Text>
      ))}
    </Box>
  );
}
