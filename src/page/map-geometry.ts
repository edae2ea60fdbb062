// The drawn map: where each territory sits and the shape of its land. The classic board has a hand-
// placed point per territory in its real shape (the world); the RISC board is a grid; any other
// board is laid out continent by continent on a ring. Each territory's land is its Voronoi cell
// among all the points, cut to a disc around its own point, with a strait between neighbours:
// islands where the points stand apart, a coast where they crowd. Pure functions over the board.
import type { Board } from '../model/index.js';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface MapLayout {
  readonly width: number;
  readonly height: number;
  /** Where each territory's army token sits. */
  readonly sites: readonly Point[];
  /** Each territory's land, a convex polygon. */
  readonly cells: readonly (readonly Point[])[];
  /** Links drawn as sea routes (dashed); the others are land borders. Each pair once, low id first. */
  readonly sea: ReadonlySet<string>;
  /** Links that leave the map on one side and come back on the other (Alaska–Kamchatka). */
  readonly wrap: ReadonlySet<string>;
  /** Where each continent's name is written. */
  readonly labels: readonly Point[];
  /** Territories are labelled by their three-letter codes (the classic board); else by name. */
  readonly codes: boolean;
}

export const linkKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

// The classic board, in class ids: a point per territory on a 1000 × 580 world.
const CLASSIC_SITES: readonly (readonly [number, number])[] = [
  [62, 92], // Alaska
  [165, 88], // Northwest Territory
  [335, 52], // Greenland
  [150, 158], // Alberta
  [235, 162], // Ontario
  [315, 150], // Quebec
  [158, 235], // Western United States
  [250, 245], // Eastern United States
  [190, 318], // Central America
  [262, 382], // Venezuela
  [252, 462], // Peru
  [338, 440], // Brazil
  [285, 532], // Argentina
  [432, 108], // Iceland
  [525, 88], // Scandinavia
  [618, 150], // Ukraine
  [440, 182], // Great Britain
  [528, 182], // Northern Europe
  [455, 262], // Western Europe
  [545, 250], // Southern Europe
  [478, 360], // North Africa
  [575, 332], // Egypt
  [548, 438], // Congo
  [625, 410], // East Africa
  [565, 522], // South Africa
  [665, 510], // Madagascar
  [705, 120], // Ural
  [778, 82], // Siberia
  [862, 62], // Yakutsk
  [948, 82], // Kamchatka
  [850, 142], // Irkutsk
  [872, 205], // Mongolia
  [958, 222], // Japan
  [688, 208], // Afghanistan
  [795, 250], // China
  [638, 282], // Middle East
  [728, 312], // India
  [818, 330], // Siam
  [832, 425], // Indonesia
  [928, 410], // New Guinea
  [848, 520], // Western Australia
  [938, 508], // Eastern Australia
];

// Routes across water on the classic board (the terminal map draws them dotted too).
const CLASSIC_SEA: readonly (readonly [number, number])[] = [
  [2, 13], // Greenland – Iceland
  [13, 14], // Iceland – Scandinavia
  [13, 16], // Iceland – Great Britain
  [14, 16], // Scandinavia – Great Britain
  [16, 17], // Great Britain – Northern Europe
  [16, 18], // Great Britain – Western Europe
  [11, 20], // Brazil – North Africa
  [18, 20], // Western Europe – North Africa
  [19, 20], // Southern Europe – North Africa
  [19, 21], // Southern Europe – Egypt
  [23, 25], // East Africa – Madagascar
  [24, 25], // South Africa – Madagascar
  [29, 32], // Kamchatka – Japan
  [31, 32], // Mongolia – Japan
  [37, 38], // Siam – Indonesia
  [38, 39], // Indonesia – New Guinea
  [38, 40], // Indonesia – Western Australia
  [39, 41], // New Guinea – Eastern Australia
  [0, 29], // Alaska – Kamchatka
];
const CLASSIC_LABELS: readonly (readonly [number, number])[] = [
  [95, 30], // North America
  [205, 575], // South America
  [470, 40], // Europe
  [455, 470], // Africa
  [705, 40], // Asia
  [880, 575], // Australia
];
const CLASSIC_NAMES = ['Alaska', 'Northwest Territory', 'Greenland'];

function isClassic(board: Board): boolean {
  return (
    board.territories.length === CLASSIC_SITES.length &&
    CLASSIC_NAMES.every((name, i) => board.territories[i]?.name === name)
  );
}

/** The RISC board: six columns and four rows, continents of two rows by three columns. */
function isGrid(board: Board): boolean {
  return board.territories.length === 24 && board.territories[0]?.name === 'Narnia';
}

/** Each continent's points on a ring, its territories on a small ring around it. */
function ringSites(board: Board, width: number, height: number): { sites: Point[]; labels: Point[] } {
  const sites: Point[] = [];
  const labels: Point[] = [];
  const n = Math.max(1, board.continents.length);
  const big = Math.min(width, height) * (n === 1 ? 0 : 0.33);
  board.continents.forEach((continent, i) => {
    const angle = (2 * Math.PI * i) / n - Math.PI / 2;
    const cx = width / 2 + big * Math.cos(angle);
    const cy = height / 2 + big * Math.sin(angle);
    labels[continent.id] = { x: cx, y: cy - 18 };
    const members = continent.territories;
    const small = members.length === 1 ? 0 : Math.min(width, height) * 0.12;
    members.forEach((t, k) => {
      const a = (2 * Math.PI * k) / members.length;
      sites[t] = { x: cx + small * Math.cos(a), y: cy + small * Math.sin(a) };
    });
  });
  return { sites, labels: board.continents.map((c) => labels[c.id]!) };
}

/** The layout of a board: the classic world, the RISC grid, or a ring of continents. */
export function layoutFor(board: Board): MapLayout {
  const count = board.territories.length;
  if (isClassic(board)) {
    const sites = CLASSIC_SITES.map(([x, y]) => ({ x, y }));
    const wrap = new Set([linkKey(0, 29)]);
    return {
      width: 1000,
      height: 590,
      sites,
      cells: cellsOf(sites, 56, 10, { width: 1000, height: 590 }),
      sea: new Set(CLASSIC_SEA.map(([a, b]) => linkKey(a, b))),
      wrap,
      labels: CLASSIC_LABELS.map(([x, y]) => ({ x, y })),
      codes: true,
    };
  }
  if (isGrid(board)) {
    const sites = board.territories.map((t) => ({ x: 90 + (t.id % 6) * 150, y: 80 + Math.floor(t.id / 6) * 140 }));
    return {
      width: 930,
      height: 560,
      sites,
      cells: cellsOf(sites, 82, 14, { width: 930, height: 560 }),
      sea: new Set(),
      wrap: new Set(),
      labels: board.continents.map((c) => {
        const first = sites[c.territories[0]!]!;
        return { x: first.x + 75, y: first.y - 62 };
      }),
      codes: false,
    };
  }
  const width = 1000;
  const height = 640;
  const { sites, labels } = ringSites(board, width, height);
  return {
    width,
    height,
    sites,
    cells: cellsOf(sites, count > 30 ? 45 : 60, 4, { width, height }),
    sea: new Set(),
    wrap: new Set(),
    labels,
    codes: false,
  };
}

// ---- land: clipped Voronoi cells ----

const CIRCLE_STEPS = 24;

/** Keeps the part of a convex polygon where (p − origin)·normal ≤ limit (Sutherland–Hodgman). */
function clip(polygon: readonly Point[], origin: Point, normal: Point, limit: number): Point[] {
  const side = (p: Point) => (p.x - origin.x) * normal.x + (p.y - origin.y) * normal.y - limit;
  const out: Point[] = [];
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!;
    const sp = side(p);
    const sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
    }
  });
  return out;
}

/**
 * Each point's cell: the disc of `radius` around it, cut by the half-way line to every other point
 * (moved `gap` / 2 towards it: a strait between neighbours), and by the map's edges.
 */
export function cellsOf(
  sites: readonly Point[],
  radius: number,
  gap: number,
  frame: { readonly width: number; readonly height: number },
): Point[][] {
  return sites.map((s, i) => {
    let cell: Point[] = Array.from({ length: CIRCLE_STEPS }, (_, k) => {
      const a = (2 * Math.PI * k) / CIRCLE_STEPS;
      return { x: s.x + radius * Math.cos(a), y: s.y + radius * Math.sin(a) };
    });
    sites.forEach((o, j) => {
      if (j === i || cell.length === 0) return;
      const dx = o.x - s.x;
      const dy = o.y - s.y;
      const d = Math.hypot(dx, dy);
      if (d === 0 || d > 2 * radius) return;
      const normal = { x: dx / d, y: dy / d };
      cell = clip(cell, s, normal, d / 2 - gap / 2);
    });
    const edges: [Point, Point, number][] = [
      [{ x: 0, y: 0 }, { x: -1, y: 0 }, 0],
      [{ x: 0, y: 0 }, { x: 0, y: -1 }, 0],
      [{ x: frame.width, y: 0 }, { x: 1, y: 0 }, 0],
      [{ x: 0, y: frame.height }, { x: 0, y: 1 }, 0],
    ];
    for (const [origin, normal, limit] of edges) cell = clip(cell, origin, normal, limit);
    return cell;
  });
}

/** An SVG path for a polygon. */
export function pathOf(polygon: readonly Point[]): string {
  if (polygon.length === 0) return '';
  return `${polygon.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join('')}Z`;
}

/** Positions for the keyboard's arrow keys (views/navigation.ts): rows and columns of equal weight. */
export function cursorPositions(layout: MapLayout): { row: number; col: number }[] {
  // navigation.ts weighs a row as three columns (text cells are tall): a row here is 30 units, a column 10.
  return layout.sites.map((p) => ({ row: p.y / 30, col: p.x / 10 }));
}
