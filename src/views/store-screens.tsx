// The menu's Resume and Stats screens: saved games to go on with (local ones where they stopped,
// networked ones resumed or rejoined), and the statistics of every stored game (tables and charts),
// scrolled with the arrow keys.
import { Box, Text, useInput, useWindowSize } from 'ink';
import { useMemo, useState } from 'react';
import { isCtrlC } from './keys.js';
import type { SavedGame } from './launcher.js';
import { gameLine, type NetworkAction, networkActions, networkNote } from './saved-games.js';
import { editText, TextField } from './text-field.js';

const ACTIONS: readonly { id: NetworkAction; key: string; label: string; hint: string }[] = [
  { id: 'rejoin', key: 'r', label: 'Rejoin the running game', hint: 'your program dropped out; the others still play' },
  { id: 'host', key: 'h', label: 'Host it again', hint: 'everybody had stopped; the others choose Join' },
  {
    id: 'join',
    key: 'j',
    label: 'Join the player hosting it again',
    hint: 'everybody had stopped; its host offers it',
  },
];

type ResumeStage =
  | { readonly kind: 'list' }
  | { readonly kind: 'actions'; readonly game: SavedGame; readonly problem: string | null }
  | { readonly kind: 'address'; readonly game: SavedGame; readonly address: string };

/** Rows of the list shown at once (it scrolls with the selection). */
const LIST_ROWS = 14;

export function ResumeScreen({
  games,
  problem = null,
  onResume,
  onNetwork,
  onBack,
}: {
  games: readonly SavedGame[];
  /** Why the saved games cannot be listed (the database cannot be opened or read), shown instead of the list. */
  problem?: string | null;
  onResume: (id: number) => void;
  /** A networked game: rejoin it, host it again, or join its host at `address`. */
  onNetwork?: (game: SavedGame, action: NetworkAction, address?: string) => void;
  onBack: () => void;
}) {
  const [selected, setSelected] = useState(0);
  const [stage, setStage] = useState<ResumeStage>({ kind: 'list' });
  const [action, setAction] = useState(0);
  const choose = (game: SavedGame, id: NetworkAction) => {
    const why = networkActions(game)[id];
    if (why !== null)
      return setStage({ kind: 'actions', game, problem: `${ACTIONS.find((a) => a.id === id)!.label}: ${why}` });
    if (id === 'join') return setStage({ kind: 'address', game, address: game.network?.hostAddresses[0] ?? '' });
    onNetwork?.(game, id);
  };
  useInput((input, key) => {
    if (isCtrlC(input, key)) return onBack();
    if (stage.kind === 'address') {
      if (key.escape) return setStage({ kind: 'actions', game: stage.game, problem: null });
      if (key.return) {
        if (stage.address.trim() === '') return;
        return onNetwork?.(stage.game, 'join', stage.address.trim());
      }
      const edited = editText(stage.address, input, key, 300);
      if (edited !== null) setStage({ ...stage, address: edited.trim() });
      return;
    }
    if (stage.kind === 'actions') {
      if (key.escape || input === 'q') return setStage({ kind: 'list' });
      if (key.upArrow) setAction((a) => (a + ACTIONS.length - 1) % ACTIONS.length);
      if (key.downArrow || key.tab) setAction((a) => (a + 1) % ACTIONS.length);
      if (key.return) return choose(stage.game, ACTIONS[action]!.id);
      const byKey = ACTIONS.find((a) => a.key === input);
      if (byKey) choose(stage.game, byKey.id);
      return;
    }
    if (key.escape || input === 'q') return onBack();
    if (games.length === 0) {
      if (key.return) onBack();
      return;
    }
    if (key.upArrow) setSelected((s) => (s + games.length - 1) % games.length);
    if (key.downArrow || key.tab) setSelected((s) => (s + 1) % games.length);
    if (key.return) {
      const game = games[selected]!;
      if (game.network === undefined) return onResume(game.id);
      // The first action it offers is under the cursor.
      const actions = networkActions(game);
      setAction(
        Math.max(
          0,
          ACTIONS.findIndex((a) => actions[a.id] === null),
        ),
      );
      setStage({ kind: 'actions', game, problem: null });
    }
  });

  if (stage.kind === 'actions' || stage.kind === 'address') {
    const game = stage.game;
    const actions = networkActions(game);
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold>{`Networked game #${game.id}`}</Text>
        <Text>{gameLine(game)}</Text>
        <Text> </Text>
        {stage.kind === 'address' ? (
          <>
            <Text>The address of the player hosting it again (its host's, as stored when the game started):</Text>
            <TextField label="Host address" value={stage.address} focus placeholder="e.g. 192.168.1.20:7475" />
            {(game.network?.hostAddresses ?? []).slice(1, 4).map((a) => (
              <Text key={a} dimColor>{`  also stored: ${a}`}</Text>
            ))}
            <Text> </Text>
            <Text dimColor>type to change it · Enter join · Esc back</Text>
          </>
        ) : (
          <>
            {ACTIONS.map((a, i) => (
              <Text key={a.id} dimColor={actions[a.id] !== null}>
                <Text inverse={i === action} bold={i === action}>
                  {i === action ? '▸ ' : '  '}
                  {`${a.key}  ${a.label}`}
                </Text>
                {`  ${actions[a.id] === null ? a.hint : `— ${actions[a.id]}`}`}
              </Text>
            ))}
            <Text> </Text>
            {stage.problem ? <Text bold>{stage.problem}</Text> : null}
            <Text dimColor>↑↓ and Enter, or the letter · Esc back to the list</Text>
          </>
        )}
      </Box>
    );
  }

  const local = games.filter((g) => g.network === undefined);
  const first = Math.min(Math.max(0, selected - Math.floor(LIST_ROWS / 2)), Math.max(0, games.length - LIST_ROWS));
  const shown = games.slice(first, first + LIST_ROWS);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Resume a saved game</Text>
      <Text dimColor>
        local games (quick, hot seat) go on exactly where they stopped; networked games are resumed with their players,
        or rejoined while the others play on (RISC games: the RISC menu's Resume)
      </Text>
      <Text> </Text>
      {problem !== null ? (
        <Text bold>{`The saved games cannot be listed: ${problem}`}</Text>
      ) : games.length === 0 ? (
        <Text>No saved games to resume.</Text>
      ) : null}
      {shown.map((g, n) => {
        const i = first + n;
        const heading =
          i === 0 && local.length > 0
            ? 'Local games'
            : i === local.length
              ? 'Networked games (yours: the seat marked you)'
              : null;
        return (
          <Box key={g.id} flexDirection="column">
            {heading ? <Text underline>{heading}</Text> : null}
            <Text inverse={i === selected} bold={i === selected} wrap="truncate-end">
              {i === selected ? '▸ ' : '  '}
              {gameLine(g)}
              {g.network ? `  · ${networkNote(g)}` : ''}
            </Text>
          </Box>
        );
      })}
      {games.length > LIST_ROWS ? (
        <Text dimColor>{`  (${first + 1}–${first + shown.length} of ${games.length})`}</Text>
      ) : null}
      <Text> </Text>
      <Text dimColor>
        {games.length === 0 ? 'Enter or Esc: back' : '↑↓ choose · Enter resume (networked: choose how) · Esc back'}
      </Text>
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
  const lines = useMemo(() => load(Math.max(40, Math.min(120, columns - 1))), [columns]);
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
