// A typo gets a suggestion, never a guess acted on: a wrong territory or command could cost a move.
import { closest, distance } from 'fastest-levenshtein';

/** How many typos a word of this length may hold and still be recognised. */
function typosAllowed(length: number): number {
  if (length <= 2) return 0;
  return length <= 5 ? 1 : 2;
}

/** `word` with two neighbouring letters swapped, each way: Levenshtein counts a swap as two typos. */
function swaps(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  return out;
}

/** The known word `typed` is a typo of (case aside), or null when none is close enough. */
export function closestWord(typed: string, known: readonly string[]): string | null {
  const wanted = typed.trim().toLowerCase();
  if (wanted === '' || known.length === 0) return null;
  const lower = known.map((k) => k.toLowerCase());
  if (lower.includes(wanted)) return null;
  const swapped = swaps(wanted).find((w) => lower.includes(w));
  if (swapped !== undefined && wanted.length > 2) return known[lower.indexOf(swapped)]!;
  const best = closest(wanted, lower);
  return distance(wanted, best) <= typosAllowed(wanted.length) ? known[lower.indexOf(best)]! : null;
}

/** ` (did you mean "x"?)` when `typed` is a typo of a known word, else ''. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const word = closestWord(typed, known);
  return word === null ? '' : ` (did you mean "${word}"?)`;
}
