// A full-screen page of text lines that scrolls: ↑↓ a line, PgUp/PgDn or Space a page, Home/End.
import { Box, type Key, Text } from 'ink';
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
        <Text
          key={offset + i}
          wrap="truncate-end"
          bold={line.bold === true}
          dimColor={line.dim === true}
          {...(line.color ? { color: line.color } : {})}
        >
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

/** One line cut at spaces into lines of at most `width` columns; the rest hang at `hang` columns. */
export function wrapLine(text: string, width: number, hang = 0): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > width) {
    let cut = rest.lastIndexOf(' ', width);
    if (cut <= hang) cut = width;
    out.push(rest.slice(0, cut).trimEnd());
    rest = ' '.repeat(hang) + rest.slice(cut).trimStart();
  }
  out.push(rest);
  return out;
}

/**
 * Text written as lines for a wide screen, re-cut for `width`: an indented line that does not
 * start a numbered item continues the line before it, and hangs at its own indent.
 */
export function rewrap(lines: readonly string[], width: number): string[] {
  const paragraphs: { text: string; hang: number }[] = [];
  for (const line of lines) {
    const indent = /^\s*/.exec(line)![0].length;
    const last = paragraphs.at(-1);
    if (last && indent > 0 && line.trim() !== '' && !/^\s*\d+\./.test(line) && !last.text.endsWith(':')) {
      last.text = `${last.text} ${line.trim()}`;
      last.hang = indent;
    } else paragraphs.push({ text: line, hang: /^\S+\s{2,}/.exec(line)?.[0].length ?? indent + 2 });
  }
  return paragraphs.flatMap((p) => wrapLine(p.text, width, Math.min(p.hang, Math.floor(width / 2))));
}
