// The world map as text: a hand-drawn template in the board's real shape. Each territory sits in
// a 7-cell slot written as its code and "####"; land borders are solid lines, sea routes dotted
// (┄ ┆ ·), and the Alaska–Kamchatka route leaves the map on both sides (◄┄ … ┄►).
import type { Board } from '../model/index.js';

/** Three-letter codes by territory id (the class ids of the classic board). */
export const TERRITORY_CODES: readonly string[] = [
  'ALA',
  'NWT',
  'GRL',
  'ALB',
  'ONT',
  'QUE',
  'WUS',
  'EUS',
  'CAM',
  'VEN',
  'PER',
  'BRA',
  'ARG',
  'ICE',
  'SCA',
  'UKR',
  'GBR',
  'NEU',
  'WEU',
  'SEU',
  'NAF',
  'EGY',
  'CON',
  'EAF',
  'SAF',
  'MAD',
  'URA',
  'SIB',
  'YAK',
  'KAM',
  'IRK',
  'MON',
  'JAP',
  'AFG',
  'CHI',
  'MID',
  'IND',
  'SIA',
  'IDN',
  'NGU',
  'WAU',
  'EAU',
];

export const SLOT_WIDTH = 7;

export const MAP_TEMPLATE: readonly string[] = [
  '   NORTH AMERICA +5                     EUROPE +5                            ASIA +7',
  '',
  '◄┄ ALA####─────NWT####─────GRL####┄┄┄┄┄┄ICE####┄┄┄┄┄┄SCA####              ╭──URA####────SIB####────YAK####────KAM####┄►',
  '       │     ╱     │     ╱     │         ┆      ·      │     ╲            │    │    ╲      │   ╲      │    ╱ ╱    ┆',
  '      ALB####─────ONT####─────QUE####  GBR####┄┄┄┄┄┄NEU####─────UKR####───╯    │     ╲     │    ───IRK####─ ╱     ┆',
  '         │      ╱     │      ╱             ┆      ╱      │      ╱  │   ╲       │      ╲    │           │   ╱      ┆',
  '        WUS####──────EUS####               WEU####───────SEU####   │    ────AFG####─────CHI####─────MON####┄┄┄┄JAP####',
  '              ╲       ╱                     ┆          ·    ┆   ╲  │      ╱     │     ╲     ╲',
  '               CAM####                      ┆         ·     ┆    ───MID####──────IND####──────SIA####',
  '                  │                      ┄┄┄NAF####──────EGY####────╯   │                         ┆',
  '               VEN####                  ·      │     ╲      │           │                         ┆',
  '              ╱       ╲                ·      CON####──────EAF####──────╯                       IDN####┄┄┄┄┄NGU####',
  '         PER####──────BRA####┄┄┄┄┄┄┄┄┄┄            │     ╱       ┆                                   ┆    ·     ┆',
  '               ╲       ╱                          SAF####┄┄┄┄┄┄┄MAD####                             WAU####────EAU####',
  '                ARG####               AFRICA +3',
  '   SOUTH AMERICA +2                                                                             AUSTRALIA +2',
];

export const MAP_WIDTH = Math.max(...MAP_TEMPLATE.map((line) => [...line].length));
export const MAP_HEIGHT = MAP_TEMPLATE.length;

// The small map for 80×24: the same shape on a grid of 8-column cells, one line per row of
// territories. ─ joins two neighbours side by side; the prompt names the neighbours of the
// territory under the cursor, since a line per row leaves no room to draw the others.
const SMALL_GRID: readonly string[] = [
  'ALA NWT GRL ICE SCA ... URA SIB YAK KAM',
  'ALB ONT QUE GBR NEU UKR AFG CHI MON IRK',
  'WUS EUS ... WEU SEU MID IND SIA ... JAP',
  '... CAM ... NAF EGY ... ... ... IDN NGU',
  '... VEN ... CON EAF ... ... ... WAU EAU',
  'PER BRA ... SAF MAD',
  '... ARG',
];
// Neighbours in the same grid row, joined by ─ (land) or ┄ (sea) on the small map.
const SMALL_JOINS: Readonly<Record<string, '─' | '┄'>> = {
  'ALA NWT': '─',
  'NWT GRL': '─',
  'GRL ICE': '┄',
  'ICE SCA': '┄',
  'URA SIB': '─',
  'SIB YAK': '─',
  'YAK KAM': '─',
  'ALB ONT': '─',
  'ONT QUE': '─',
  'GBR NEU': '┄',
  'NEU UKR': '─',
  'UKR AFG': '─',
  'AFG CHI': '─',
  'CHI MON': '─',
  'MON IRK': '─',
  'WUS EUS': '─',
  'WEU SEU': '─',
  'SEU MID': '─',
  'MID IND': '─',
  'IND SIA': '─',
  'NAF EGY': '─',
  'IDN NGU': '┄',
  'CON EAF': '─',
  'WAU EAU': '─',
  'PER BRA': '─',
  'SAF MAD': '┄',
};
const SMALL_CELL = 8;

function smallTemplate(): string[] {
  const lines = SMALL_GRID.map((row) => {
    const codes = row.split(' ');
    return codes
      .map((code, i) => {
        if (code === '...') return ' '.repeat(SMALL_CELL);
        const join = SMALL_JOINS[`${code} ${codes[i + 1]}`] ?? (code === 'KAM' ? '►' : ' ');
        return `${code}####${join}`;
      })
      .join('')
      .trimEnd();
  });
  const titles = ' N.AMERICA +5           EUROPE +5               ASIA +7';
  const south = ' S.AMERICA +2           AFRICA +3               AUSTRALIA +2';
  return [titles, ...lines, south];
}

export const SMALL_MAP_TEMPLATE: readonly string[] = smallTemplate();
export const SMALL_MAP_WIDTH = Math.max(...SMALL_MAP_TEMPLATE.map((line) => [...line].length));
export const SMALL_MAP_HEIGHT = SMALL_MAP_TEMPLATE.length;

export interface Position {
  readonly row: number;
  readonly col: number;
}

/** A short code for any territory: the classic code, or one made from the name on other boards. */
export function territoryCode(board: Board, territory: number): string {
  const classic = board.territories.length === TERRITORY_CODES.length ? TERRITORY_CODES[territory] : undefined;
  return (
    classic ??
    board.territories[territory]!.name.replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()
      .padEnd(3, '?')
  );
}

/** One piece of a template line: drawn text, or a territory's slot. */
export type MapPiece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'slot'; readonly territory: number };

const SLOT = /([A-Z]{3})####/g;

/** The template cut into pieces, and where each territory's slot is (for arrow-key moves). */
export function mapPieces(template: readonly string[] = MAP_TEMPLATE): { lines: MapPiece[][]; positions: Position[] } {
  const positions: Position[] = [];
  const lines = template.map((line, row) => {
    const pieces: MapPiece[] = [];
    const chars = [...line];
    let text = '';
    for (let col = 0; col < chars.length; ) {
      const rest = chars.slice(col, col + SLOT_WIDTH).join('');
      SLOT.lastIndex = 0;
      const match = SLOT.exec(rest);
      const territory = match?.index === 0 ? TERRITORY_CODES.indexOf(match[1]!) : -1;
      if (territory < 0) {
        text += chars[col];
        col++;
        continue;
      }
      if (text) pieces.push({ kind: 'text', text });
      text = '';
      pieces.push({ kind: 'slot', territory });
      positions[territory] = { row, col };
      col += SLOT_WIDTH;
    }
    if (text) pieces.push({ kind: 'text', text });
    return pieces;
  });
  return { lines, positions };
}

/** Whether the drawn map fits the classic board (every territory has exactly one slot). */
export function mapFits(board: Board): boolean {
  if (board.territories.length !== TERRITORY_CODES.length) return false;
  const { positions } = mapPieces();
  return TERRITORY_CODES.every((_, t) => positions[t] !== undefined);
}
