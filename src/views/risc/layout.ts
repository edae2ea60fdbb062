// The RISC board as lines of coloured pieces, fitted to the terminal: every territory with its
// units and neighbours — by name, one territory a line, when there is room; else two a line with
// three-letter codes for the neighbours (80×24). Pure: state and size in, lines out.
import type { RiscOrder, RiscState } from '../../model/risc/index.js';
import { territoriesOf, unitsOf } from '../../model/risc/index.js';
import { playerMark } from '../theme.js';
import { nameOf, territoryCodes } from './text.js';

export interface Piece {
  readonly text: string;
  /** Coloured as this player's. */
  readonly player?: number;
  readonly dim?: boolean;
  readonly bold?: boolean;
}
export type Line = readonly Piece[];

export const lineText = (line: Line) => line.map((p) => p.text).join('');

/** The player's line: mark, name, territories and units, and whether they are out. */
export function playerHeader(state: RiscState, player: number, me: number | null): Line {
  const p = state.players[player]!;
  const out = state.lost[player] ? ' — out' : state.expelled[player] ? ' — expelled' : '';
  return [
    { text: `${playerMark(player)} ${p.name}${player === me ? ' (you)' : ''}`, player, bold: true },
    { text: ` ${territoriesOf(state, player).length} territories, ${unitsOf(state, player)} units${out}`, dim: true },
  ];
}

/** One territory a line, grouped by player: units, name and every neighbour by name. */
export function fullBoard(state: RiscState, me: number | null): Line[] {
  const lines: Line[] = [];
  for (const p of state.players) {
    const mine = territoriesOf(state, p.id);
    if (mine.length === 0) continue;
    lines.push(playerHeader(state, p.id, me));
    for (const t of mine) {
      const next = state.board.adjacency[t]!.map((n) => nameOf(state, n)).join(', ');
      lines.push([
        { text: String(state.units[t]).padStart(5), player: p.id },
        { text: ` in ${nameOf(state, t)}` },
        { text: ` (next to: ${next})`, dim: true },
      ]);
    }
  }
  return lines;
}

/**
 * Two territories a line in board order: mark, units, name, and the neighbours' codes, each in
 * its holder's colour. The players' totals go on one line above.
 */
export function compactBoard(state: RiscState, me: number | null, columns: number): Line[] {
  const codes = territoryCodes(state);
  const unitsWidth = Math.max(2, ...state.units.map((u) => String(u).length));
  const longest = Math.max(...state.board.territories.map((t) => t.name.length));
  const neighbours = Math.max(...state.board.adjacency.map((a) => a.length)) * 4;
  // Two territories a line when a name of at least 6 letters still fits; else one, names whole.
  const room = Math.floor((columns - 1) / 2) - 1 - unitsWidth - 1 - neighbours;
  const perLine = room >= 6 ? 2 : 1;
  const nameWidth = perLine === 2 ? Math.min(longest, room) : longest;
  const cut = (name: string) => (name.length > nameWidth ? `${name.slice(0, nameWidth - 1)}…` : name.padEnd(nameWidth));
  const cell = (t: number): Piece[] => {
    const owner = state.owner[t]!;
    return [
      { text: playerMark(owner), player: owner },
      { text: `${String(state.units[t]).padStart(unitsWidth)} ${cut(nameOf(state, t))}`, bold: owner === me },
      ...state.board.adjacency[t]!.flatMap((n): Piece[] => [
        { text: ' ' },
        { text: codes[n]!.padEnd(3), player: state.owner[n]!, dim: state.owner[n] === owner },
      ]),
    ];
  };
  const width = (pieces: readonly Piece[]) => pieces.reduce((n, p) => n + p.text.length, 0);
  const cells = state.board.territories.map((t) => cell(t.id));
  const cellWidth = Math.max(...cells.map(width));
  const half = Math.ceil(cells.length / perLine);
  const totals: Piece[] = state.players.flatMap((p, i): Piece[] => [
    ...(i > 0 ? [{ text: ' · ', dim: true }] : []),
    { text: `${playerMark(p.id)} ${p.name}${p.id === me ? ' (you)' : ''}`, player: p.id, bold: true },
    {
      text: state.lost[p.id]
        ? ' out'
        : ` ${territoriesOf(state, p.id).length}t ${unitsOf(state, p.id)}u${state.expelled[p.id] ? ' expelled' : ''}`,
      dim: true,
    },
  ]);
  const lines: Line[] = [totals];
  for (let row = 0; row < half; row++) {
    const left = cells[row]!;
    const right = perLine === 2 ? cells[row + half] : undefined;
    lines.push(right === undefined ? left : [...left, { text: ' '.repeat(cellWidth - width(left) + 1) }, ...right]);
  }
  return lines;
}

/** Codes a player may type as well as names (see findTerritory). */
export function codeLegend(state: RiscState): string {
  const codes = territoryCodes(state);
  return state.board.territories.map((t) => `${codes[t.id]} ${t.name}`).join(' · ');
}

/** A player's orders so far on one line: full names when they fit, else codes. */
export function ordersLine(state: RiscState, orders: readonly RiscOrder[], width: number): string {
  if (orders.length === 0) return 'Your orders: none yet';
  const codes = territoryCodes(state);
  const long = orders.map((o) => `${o.kind} ${o.units} ${nameOf(state, o.from)}→${nameOf(state, o.to)}`);
  const short = orders.map((o) => `${o.kind === 'move' ? 'm' : 'a'}${o.units} ${codes[o.from]}→${codes[o.to]}`);
  const head = `Your orders (${orders.length}): `;
  const full = head + long.join(' · ');
  if (full.length <= width) return full;
  const compact = head + short.join(' · ');
  return compact.length <= width ? compact : `${compact.slice(0, Math.max(0, width - 1))}…`;
}

/** Words wrapped to `width` columns, later lines indented; a word longer than a line is split. */
export function wrap(text: string, width: number, indent = '  '): string[] {
  const out: string[] = [];
  let line = '';
  const room = Math.max(1, width - indent.length);
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (next.length <= width) {
      line = next;
      continue;
    }
    if (line !== '') out.push(line);
    let rest = word;
    while (indent.length + rest.length > width) {
      out.push(indent + rest.slice(0, room));
      rest = rest.slice(room);
    }
    line = indent + rest;
  }
  if (line !== '' || out.length === 0) out.push(line);
  return out;
}
