// What a territory looks like on the board: its code, its owner's mark and colour, its armies,
// and how the current choice highlights it. Shared by the map and the compact list.
import type { GameState } from '../model/index.js';
import { territoryCode } from './map-layout.js';
import { playerColor, playerMark } from './theme.js';

export interface Highlight {
  /** Territories that may be chosen now; the rest are dimmed while a choice is open. */
  readonly candidates: ReadonlySet<number>;
  readonly cursor: number;
  /** The territory already chosen in this move (attack source, fortify source). */
  readonly chosen: number;
  /** Armies planned but not yet sent (a deployment in progress). */
  readonly planned: ReadonlyMap<number, number>;
}

export const CAPITAL_MARK = '⌂';

export const NO_HIGHLIGHT: Highlight = { candidates: new Set(), cursor: -1, chosen: -1, planned: new Map() };

export interface TerritoryLook {
  readonly text: string;
  readonly color: string;
  readonly inverse: boolean;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly underline: boolean;
}

export function territoryLook(state: GameState, territory: number, highlight: Highlight, width: number): TerritoryLook {
  const owner = state.owner[territory]!;
  const planned = highlight.planned.get(territory) ?? 0;
  const armies = state.armies[territory]! + planned;
  const count = owner < 0 ? '' : String(armies);
  // Capital Risk: ⌂ marks a capital (shown once all are revealed).
  const capital = state.capitals.includes(territory) ? CAPITAL_MARK : '';
  const text = `${territoryCode(state.board, territory)}${playerMark(owner)}${count}${planned > 0 ? '+' : ''}${capital}`;
  const choosing = highlight.candidates.size > 0;
  return {
    text: text.length >= width ? text : text.padEnd(width),
    color: playerColor(owner),
    inverse: territory === highlight.cursor,
    bold: highlight.candidates.has(territory) || territory === highlight.chosen || planned > 0,
    dim:
      choosing &&
      !highlight.candidates.has(territory) &&
      territory !== highlight.chosen &&
      territory !== highlight.cursor,
    underline: territory === highlight.chosen || planned > 0,
  };
}
