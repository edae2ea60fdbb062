// A stored RISC game played back: the board after the placement and after each turn, with that
// turn's story. As text lines (risk replay --plain) or in the Ink UI, a turn at a time.
import { Box, Text, useInput, useWindowSize } from 'ink';
import { useState } from 'react';
import type { RiscStory } from '../../core/risc/story.js';
import { isCtrlC } from '../keys.js';
import { compactBoard, fullBoard, type Line, wrap } from './layout.js';
import { LineOfPieces } from './pieces.js';
import { riscLayout } from './risc-screen.js';
import { stateLines, turnLines } from './text.js';

/** The whole game as text: each turn's story, then the final board and the result. */
export function riscStoryText(story: RiscStory): string[] {
  const out: string[] = [];
  for (const frame of story.frames.slice(1)) out.push(...turnLines(frame.state, frame.turn, frame.events));
  const s = story.final;
  out.push('', ...stateLines(s, null));
  out.push(
    s.phase !== 'over'
      ? `The record ends at turn ${s.turn}: the game was not finished.`
      : s.winner === null
        ? 'A draw at the turn limit.'
        : `${s.players[s.winner]!.name} wins.`,
  );
  return out;
}

export function RiscReplayScreen({
  title,
  story,
  onExit,
  size,
}: {
  title: string;
  story: RiscStory;
  onExit: () => void;
  size?: { readonly columns: number; readonly rows: number };
}) {
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const last = story.frames.length - 1;
  const [at, setAt] = useState(Math.min(1, last));
  useInput((input, key) => {
    if (key.escape || input === 'q' || isCtrlC(input, key)) return onExit();
    if (key.rightArrow || input === ' ' || key.downArrow) setAt((i) => Math.min(last, i + 1));
    if (key.leftArrow || key.upArrow) setAt((i) => Math.max(0, i - 1));
    if (key.home) setAt(0);
    if (key.end) setAt(last);
  });
  const frame = story.frames[at]!;
  const small = riscLayout(columns, rows) === 'small';
  const width = Math.max(20, columns - 1);
  const board: Line[] = small ? compactBoard(frame.state, null, width) : fullBoard(frame.state, null);
  const told = (frame.turn < 0 ? ['Before the placement.'] : turnLines(frame.state, frame.turn, frame.events)).flatMap(
    (l) => wrap(l, width),
  );
  const room = Math.max(2, rows - 4 - board.length);
  const shown = told.length <= room ? told : [...told.slice(0, room - 1), `… ${told.length - room + 1} more lines`];
  return (
    <Box flexDirection="column" width={columns}>
      <Text bold wrap="truncate-end">
        {`${title} · ${frame.turn < 0 ? 'start' : frame.turn === 0 ? 'after the placement' : `after turn ${frame.turn}`} (${at} of ${last})`}
      </Text>
      {board.map((line, i) => (
        <LineOfPieces key={i} line={line} />
      ))}
      {shown.map((line, i) => (
        <Text key={`t${i}`} wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        → or space: next turn · ←: back · Home End: first, last · q: quit
      </Text>
    </Box>
  );
}
