// The drawn map: every territory of the classic board, the RISC grid and any other board gets land
// of its own around its token, no two lands overlap, and the sea routes drawn are links of the board.
import { describe, expect, it } from 'vitest';
import riscMap from '../../src/model/boards/risc.json' with { type: 'json' };
import { boardFromMap, classicBoard, type MapFile } from '../../src/model/index.js';
import { loadRiscMap } from '../../src/model/risc/index.js';
import { cellsOf, layoutFor, linkKey, type Point } from '../../src/page/map-geometry.js';

/** Whether p lies inside a convex polygon (either winding). */
function inside(p: Point, polygon: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

const ring: MapFile = {
  data: 'map',
  continents: { '0': [0, 1, 2], '1': [3, 4] },
  connections: [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
  ],
  continent_values: { '0': 2, '1': 1 },
  country_card: { '0': 0, '1': 1, '2': 2, '3': 0, '4': 1 },
} as unknown as MapFile;

describe('the drawn map', () => {
  const risc = loadRiscMap(riscMap);
  if (!risc.ok) throw new Error(risc.reason);
  const other = boardFromMap(ring);
  if (!other.ok) throw new Error(other.reason);
  const boards = { classic: classicBoard(), risc: risc.value.board, other: other.value };

  for (const [name, board] of Object.entries(boards))
    it(`${name}: each territory's land holds its own token and no other's, within the map`, () => {
      const layout = layoutFor(board);
      expect(layout.sites).toHaveLength(board.territories.length);
      expect(layout.cells).toHaveLength(board.territories.length);
      layout.cells.forEach((cell, t) => {
        expect(cell.length, `territory ${t}`).toBeGreaterThanOrEqual(3);
        expect(inside(layout.sites[t]!, cell), `territory ${t} holds its token`).toBe(true);
        layout.sites.forEach((site, o) => {
          if (o !== t) expect(inside(site, cell), `territory ${t} holds ${o}'s token`).toBe(false);
        });
        for (const p of cell) {
          expect(p.x).toBeGreaterThanOrEqual(-1e-9);
          expect(p.y).toBeGreaterThanOrEqual(-1e-9);
          expect(p.x).toBeLessThanOrEqual(layout.width + 1e-9);
          expect(p.y).toBeLessThanOrEqual(layout.height + 1e-9);
        }
      });
      layout.labels.forEach((label) => expect(label).toBeDefined());
    });

  it('the classic sea routes (Alaska–Kamchatka across the edge among them) are links of the board', () => {
    const board = classicBoard();
    const layout = layoutFor(board);
    const links = new Set(board.adjacency.flatMap((next, a) => next.map((b) => linkKey(a, b))));
    expect(layout.sea.size).toBeGreaterThanOrEqual(15);
    for (const key of layout.sea) expect(links.has(key), key).toBe(true);
    expect([...layout.wrap]).toEqual([linkKey(0, 29)]);
    expect(layout.sea.has(linkKey(2, 13))).toBe(true); // Greenland – Iceland
    expect(layout.sea.has(linkKey(0, 1))).toBe(false); // Alaska – Northwest Territory: land
  });

  it('lands between neighbours keep a strait between them', () => {
    const [a, b] = cellsOf(
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
      ],
      80,
      10,
      { width: 1000, height: 1000 },
    ).map((cell) => cell.map((p) => p.x));
    expect(Math.max(...a!)).toBeCloseTo(45);
    expect(Math.min(...b!)).toBeCloseTo(55);
  });
});
