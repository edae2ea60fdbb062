// Replaying a stored game: the board as it was after each step, what that step did, and keys to
// step, go back, jump to a turn, and play at a chosen speed.
import { Box, type Key, Text, useInput, useWindowSize } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { NO_HIGHLIGHT } from './board-marks.js';
import { CompactBoard } from './compact-board.js';
import { isCtrlC, splitKeys } from './keys.js';
import { MAP_WIDTH } from './map-layout.js';
import { PlayersPanel } from './players-panel.js';
import { type Frame, pressReplayKey, type ReplayKey, type ReplayPosition, START, tick } from './replay.js';
import type { TablePlayer } from './table.js';
import { WorldMap } from './world-map.js';

export interface ReplayScreenProps {
  readonly title: string;
  readonly frames: readonly Frame[];
  readonly players: readonly TablePlayer[];
  readonly onExit: () => void;
  readonly size?: { readonly columns: number; readonly rows: number };
}

export const REPLAY_KEYS =
  '→/space step · ← back · ↓↑ next/previous turn · t jump to turn · p play/pause · +/- speed · Home/End · q back';

export function ReplayScreen({ title, frames, players, onExit, size }: ReplayScreenProps) {
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const [pos, setPosState] = useState<ReplayPosition>(START);
  // Also in a ref: keys that arrive together ("t25" and Enter) each see the one before.
  const current = useRef(pos);
  const setPos = (change: (p: ReplayPosition) => ReplayPosition) => {
    current.current = change(current.current);
    setPosState(current.current);
  };
  useEffect(() => {
    if (!pos.playing) return;
    const timer = setTimeout(() => setPos((p) => tick(frames, p)), 1000 / pos.speed);
    return () => clearTimeout(timer);
  }, [pos, frames]);
  useInput((text, k) => {
    for (const [input, key] of splitKeys(text, k)) if (onKey(input, key)) break;
  });

  /** One key; true when the replay is left. */
  function onKey(input: string, key: Key): boolean {
    if (isCtrlC(input, key)) {
      onExit();
      return true;
    }
    const press = (k: ReplayKey, digit?: string) => setPos((p) => pressReplayKey(frames, p, k, digit));
    if (current.current.turnEntry !== null) {
      if (/^\d$/.test(input)) press('digit', input);
      else if (key.return) press('enter');
      else if (key.escape) press('escape');
      else if (key.backspace || key.delete) press('erase');
      return false;
    }
    if (input === 'q' || key.escape) {
      onExit();
      return true;
    }
    if (key.rightArrow || input === ' ' || input === 'n') press('next');
    else if (key.leftArrow || input === 'b') press('back');
    else if (key.downArrow) press('nextTurn');
    else if (key.upArrow) press('backTurn');
    else if (key.home || input === 'g') press('first');
    else if (key.end || input === 'G') press('last');
    else if (input === 'p' || key.return) press('play');
    else if (input === '+' || input === '=') press('faster');
    else if (input === '-') press('slower');
    else if (input === 't') press('turn');
    return false;
  }
  const frame = frames[pos.at]!;
  const state = frame.state;
  const full = columns >= MAP_WIDTH && rows >= 37;
  const recent: string[] = [];
  for (let i = pos.at; i >= 0 && recent.length < 5; i--) recent.unshift(...frames[i]!.lines.slice(-5 + recent.length));
  return (
    <Box flexDirection="column">
      <Text bold>
        {' REPLAY '} {title} · step {pos.at + 1}/{frames.length} · turn {state.turn} ·{' '}
        {pos.playing ? `playing ×${pos.speed}/s` : `paused (×${pos.speed}/s)`}
      </Text>
      {full ? (
        <WorldMap state={state} highlight={NO_HIGHLIGHT} />
      ) : (
        <CompactBoard state={state} highlight={NO_HIGHLIGHT} width={columns} />
      )}
      <PlayersPanel state={state} players={players} width={Math.min(columns - 1, 60)} />
      {recent.map((line, i) => (
        <Text key={i} wrap="truncate-end" dimColor={i < recent.length - frame.lines.length}>
          · {line}
        </Text>
      ))}
      {state.phase === 'over' ? (
        <Text bold>
          Game over: {state.winner === null ? 'no winner' : `${players[state.winner]?.name ?? state.winner} wins`}
        </Text>
      ) : null}
      <Text dimColor>
        {pos.turnEntry !== null ? `Jump to turn: ${pos.turnEntry}▏ (Enter go · Esc cancel)` : REPLAY_KEYS}
      </Text>
    </Box>
  );
}
