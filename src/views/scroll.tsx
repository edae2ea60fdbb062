// A full-screen page of text lines that scrolls: ↑↓ a line, PgUp/PgDn or Space a page, Home/End.
import { Box, Text, type Key } from 'ink';
import type { ReactNode } from 'react';

export interface ScrollLine {
  readonly text: string;
  readonly bold?: boolean;
  readonly dim?: boolean;
  readonly color?: string;
}

/** The first line shown after a key; null when the key does not scroll. `end` marks "stick to the end". */
export function scrollKey(offset: number, total: number, rows: number, input: string, key: Key): number | null {
  const last = Math.max(0, total - rows);
  const clamp = (n: number) => Math.max(0, Math.min(last, n));
  if (key.upArrow || input === 'k') return clamp(offset - 1);
  if (key.downArrow || input === 'j') return clamp(offset + 1);
  if (key.pageUp || input === 'b') return clamp(offset - Math.max(1, rows - 1));
  if (key.pageDown || input === ' ') return clamp(offset + Math.max(1, rows - 1));
  if (key.home || input === 'g') return 0;
  if (key.end || input === 'G') return last;
  return null;
}

export function ScrollPage({
  title,
  lines,
  offset,
  rows,
  width,
  footer,
  top,
}: {
  title: string;
  lines: readonly ScrollLine[];
  offset: number;
  /** Lines of text shown (the page also has a title, a position line and the footer). */
  rows: number;
  width: number;
  footer: string;
  top?: ReactNode;
}) {
  const shown = lines.slice(offset, offset + rows);
  const end = Math.min(lines.length, offset + rows);
  return (
    <Box flexDirection="column" width={width}>
      {top}
      <Text bold wrap="truncate-end">
        {title}
        <Text dimColor>{lines.length > rows ? `  lines ${offset + 1}–${end} of ${lines.length}` : ''}</Text>
      </Text>
      {shown.map((line, i) => (
        <Text key={offset + i} wrap="truncate-end" bold={line.bold === true} dimColor={line.dim === true} {...(line.color ? { color: line.color } : {})}>
          {line.text === '' ? ' ' : line.text}
        </Text>
      ))}
      {Array.from({ length: Math.max(0, rows - shown.length) }, (_, i) => (
        <Text key={`pad${i}`}> </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {footer}
      </Text>
    </Box>
  );
}

/** Text cut to lines of at most `width` columns at spaces, keeping the leading indent. */
export function wrapLines(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const indent = /^\s*/.exec(text)![0];
  const out: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const next = line === '' ? indent + word : `${line} ${word}`;
    if (next.length > width && line !== '') {
      out.push(line);
      line = indent + '  ' + word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}
