// Charts as plain text lines, for `risk stats` and the Stats screen: a line chart of several
// players' values over time (each player drawn with its board mark), and one-line sparklines.
import { PLAYER_MARKS } from './theme.js';

const BARS = '▁▂▃▄▅▆▇█';

/** Evenly picks at most `width` of the values (the first and last always kept). */
export function resample(values: readonly number[], width: number): number[] {
  if (values.length <= width) return [...values];
  return Array.from({ length: width }, (_, i) => values[Math.round((i * (values.length - 1)) / (width - 1))]!);
}

/** One line: each value a block of height proportional to it within [min, max]. */
export function sparkline(values: readonly number[], width = 40, range?: { min: number; max: number }): string {
  const sampled = resample(values, width);
  if (sampled.length === 0) return '';
  const min = range?.min ?? Math.min(...sampled);
  const max = range?.max ?? Math.max(...sampled);
  return sampled.map((v) => BARS[max === min ? 0 : Math.round(((v - min) / (max - min)) * (BARS.length - 1))]).join('');
}

export interface ChartLine {
  readonly label: string;
  readonly values: readonly number[];
}

/**
 * A line chart: one column per sample (resampled to `width`), `height` rows, the y axis labelled
 * with its top and bottom values, and a legend naming each line's mark. Where lines meet, the later one shows.
 */
export function lineChart(
  title: string,
  lines: readonly ChartLine[],
  options: { width?: number; height?: number; xLabel?: string; xRange?: readonly [number, number] } = {},
): string[] {
  const width = Math.max(2, options.width ?? 60);
  const height = Math.max(2, options.height ?? 10);
  const sampled = lines.map((l) => resample(l.values, width));
  const all = sampled.flat();
  if (all.length === 0) return [title, '  (no data)'];
  const max = Math.max(...all);
  const min = Math.min(0, ...all);
  const grid = Array.from({ length: height }, () => Array<string>(Math.max(...sampled.map((s) => s.length))).fill(' '));
  sampled.forEach((values, i) => {
    values.forEach((v, x) => {
      const y = max === min ? 0 : Math.round(((v - min) / (max - min)) * (height - 1));
      grid[height - 1 - y]![x] = PLAYER_MARKS[i % PLAYER_MARKS.length]!;
    });
  });
  const axis = Math.max(String(max).length, String(min).length);
  const out = [title];
  grid.forEach((row, r) => {
    const label = r === 0 ? String(max) : r === height - 1 ? String(min) : '';
    out.push(`${label.padStart(axis)} ┤${row.join('')}`);
  });
  const columns = grid[0]!.length;
  out.push(`${' '.repeat(axis)} └${'─'.repeat(columns)}`);
  if (options.xRange) {
    const [from, to] = options.xRange;
    const right = `${to}`;
    out.push(
      `${' '.repeat(axis + 2)}${String(from).padEnd(Math.max(1, columns - right.length))}${right}${options.xLabel ? `  ${options.xLabel}` : ''}`,
    );
  }
  out.push(
    `${' '.repeat(axis + 2)}${lines.map((l, i) => `${PLAYER_MARKS[i % PLAYER_MARKS.length]} ${l.label}`).join('   ')}`,
  );
  return out;
}
