// Moving the cursor between territories: arrow keys go to the nearest choosable territory in
// that direction on screen; typed letters jump to a territory whose name starts with them.
import type { Board } from '../model/index.js';
import type { Position } from './map-layout.js';

export type Direction = 'up' | 'down' | 'left' | 'right';

// A text row is about as tall as three columns are wide, so rows weigh more than columns.
const ROW_WEIGHT = 3;

/** The nearest candidate from `from` in `direction`, or `from` when there is none that way. */
export function moveCursor(
  positions: readonly (Position | undefined)[],
  from: number,
  direction: Direction,
  candidates: readonly number[],
): number {
  const origin = positions[from];
  if (origin === undefined) return candidates[0] ?? from;
  let best = from;
  let bestScore = Infinity;
  for (const c of candidates) {
    const p = positions[c];
    if (c === from || p === undefined) continue;
    const dx = p.col - origin.col;
    const dy = (p.row - origin.row) * ROW_WEIGHT;
    const along = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    const across = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** Candidates whose name, a word of the name, or code starts with `text` (case ignored), best kind first. */
export function matchingNames(
  board: Board,
  candidates: readonly number[],
  text: string,
  code: (t: number) => string,
): number[] {
  const wanted = text.toLowerCase();
  if (wanted === '') return [];
  const name = (t: number) => board.territories[t]!.name.toLowerCase();
  const whole = candidates.filter((t) => name(t).startsWith(wanted));
  const word = candidates.filter(
    (t) =>
      !whole.includes(t) &&
      name(t)
        .split(/\s+/)
        .some((w) => w.startsWith(wanted)),
  );
  const coded = candidates.filter(
    (t) => !whole.includes(t) && !word.includes(t) && code(t).toLowerCase().startsWith(wanted),
  );
  return [...whole, ...word, ...coded];
}

export interface NameSearch {
  readonly cursor: number;
  readonly search: string;
  /** Set when nothing matched. */
  readonly missing?: string;
}

/**
 * One more letter typed: extend the search; if that matches nothing, start again from this
 * letter; typing the same single letter again steps to the next territory starting with it.
 */
export function typeLetter(
  board: Board,
  candidates: readonly number[],
  cursor: number,
  search: string,
  letter: string,
  code: (t: number) => string,
): NameSearch {
  const extended = search + letter.toLowerCase();
  const matches = matchingNames(board, candidates, extended, code);
  if (matches.length > 0) {
    const keep = matches.includes(cursor) && extended.length > 1 ? cursor : matches[0]!;
    return { cursor: keep, search: extended };
  }
  const fresh = letter.toLowerCase();
  const again = matchingNames(board, candidates, fresh, code);
  if (again.length === 0) return { cursor, search: '', missing: extended };
  const next = search === fresh ? again[(again.indexOf(cursor) + 1) % again.length]! : again[0]!;
  return { cursor: next, search: fresh };
}
