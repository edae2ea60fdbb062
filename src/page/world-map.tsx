// The board as an SVG map: continents shaded, each territory's land in its owner's colour with the
// owner's mark and the armies on it, the links between territories (sea routes dashed, Alaska to
// Kamchatka across the map's edge), the territories that may be chosen now lit, the one chosen
// outlined, and arrows for the moves being planned. A click on a territory picks it.
import { useMemo } from 'react';
import type { Board } from '../model/index.js';
import { territoryCode } from '../views/map-layout.js';
import { layoutFor, linkKey, type MapLayout, type Point, pathOf } from './map-geometry.js';
import { Mark, playerFill } from './marks.js';

export interface Arrow {
  readonly from: number;
  readonly to: number;
  readonly kind: 'move' | 'attack';
  readonly label?: string;
}

export interface MapProps {
  readonly board: Board;
  readonly owner: readonly number[];
  readonly armies: readonly number[];
  /** Territories that may be chosen now (lit); empty: nothing to choose. */
  readonly candidates?: ReadonlySet<number>;
  /** The keyboard's cursor. */
  readonly cursor?: number;
  /** The territory chosen first (an attack's or a move's source). */
  readonly chosen?: number;
  /** Armies being placed, shown as +n. */
  readonly planned?: ReadonlyMap<number, number>;
  /** Capitals (Capital Risk), marked with a star of their own. */
  readonly capitals?: readonly number[];
  readonly arrows?: readonly Arrow[];
  /** Each territory's owner in words, for its title. */
  readonly ownerName?: (player: number) => string;
  readonly onPick?: (territory: number) => void;
  readonly onHover?: (territory: number) => void;
}

const CONTINENT_SHADES = ['#d9b45a', '#7fb069', '#8a9fd1', '#d98a52', '#b07cc6', '#d67a93', '#5fb3a6', '#a8a86a'];
const SEA = '#b9d3e6';

const layouts = new WeakMap<Board, MapLayout>();
function layoutOf(board: Board): MapLayout {
  let layout = layouts.get(board);
  if (layout === undefined) {
    layout = layoutFor(board);
    layouts.set(board, layout);
  }
  return layout;
}

/** The end of a line from a to b that stops `gap` short of b (an arrow's head clears the token). */
function shortened(a: Point, b: Point, gap: number): Point {
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  if (d <= gap) return a;
  return { x: b.x - ((b.x - a.x) * gap) / d, y: b.y - ((b.y - a.y) * gap) / d };
}

export function WorldMap(props: MapProps) {
  const { board, owner, armies } = props;
  const layout = layoutOf(board);
  const candidates = props.candidates ?? new Set<number>();
  const choosing = candidates.size > 0;
  const links = useMemo(() => {
    const list: [number, number][] = [];
    board.adjacency.forEach((next, a) => {
      for (const b of next) if (a < b) list.push([a, b]);
    });
    return list;
  }, [board]);

  return (
    <svg
      className="world-map"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label="The board: each territory with its owner and armies"
    >
      <defs>
        <marker id="arrow-move" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">
          <path d="M0,0L10,5L0,10Z" className="arrow-head move" />
        </marker>
        <marker id="arrow-attack" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">
          <path d="M0,0L10,5L0,10Z" className="arrow-head attack" />
        </marker>
      </defs>
      <rect x={0} y={0} width={layout.width} height={layout.height} fill={SEA} />
      {/* The continents: each territory's land, widened in its continent's shade. */}
      <g className="continents">
        {board.territories.map((t) => (
          <path
            key={t.id}
            d={pathOf(layout.cells[t.id]!)}
            fill={CONTINENT_SHADES[t.continent % CONTINENT_SHADES.length]}
            stroke={CONTINENT_SHADES[t.continent % CONTINENT_SHADES.length]}
            strokeWidth={14}
            strokeLinejoin="round"
          />
        ))}
      </g>
      <g className="links">
        {links.map(([a, b]) => {
          const key = linkKey(a, b);
          const p = layout.sites[a]!;
          const q = layout.sites[b]!;
          if (layout.wrap.has(key)) {
            // Leaves the map at the side nearer each end.
            const [left, right] = p.x < q.x ? [p, q] : [q, p];
            return (
              <g key={key}>
                <line className="link sea" x1={left.x} y1={left.y} x2={0} y2={left.y} />
                <line className="link sea" x1={right.x} y1={right.y} x2={layout.width} y2={right.y} />
              </g>
            );
          }
          return (
            <line
              key={key}
              className={`link ${layout.sea.has(key) ? 'sea' : 'land'}`}
              x1={p.x}
              y1={p.y}
              x2={q.x}
              y2={q.y}
            />
          );
        })}
      </g>
      <g className="territories">
        {board.territories.map((t) => {
          const o = owner[t.id] ?? -1;
          const site = layout.sites[t.id]!;
          const lit = candidates.has(t.id);
          const classes = [
            'territory',
            lit ? 'candidate' : choosing ? 'dim' : '',
            props.chosen === t.id ? 'chosen' : '',
            props.cursor === t.id ? 'cursor' : '',
          ]
            .filter(Boolean)
            .join(' ');
          const planned = props.planned?.get(t.id) ?? 0;
          const who = o < 0 ? 'unclaimed' : (props.ownerName?.(o) ?? `player ${o + 1}`);
          const capital = props.capitals?.includes(t.id) ?? false;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a territory is SVG, where no <button> can be
            <g
              key={t.id}
              className={classes}
              data-territory={t.id}
              data-owner={o}
              data-armies={armies[t.id] ?? 0}
              role="button"
              tabIndex={lit ? 0 : -1}
              aria-label={`${t.name}: ${who}, ${armies[t.id] ?? 0}`}
              onClick={() => props.onPick?.(t.id)}
              onKeyDown={(event) => {
                // Enter or Space on a focused territory picks it (and is no key of the move besides).
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                event.stopPropagation();
                props.onPick?.(t.id);
              }}
              onMouseEnter={() => props.onHover?.(t.id)}
            >
              <title>{`${t.name}: ${who}, ${armies[t.id] ?? 0} ${armies[t.id] === 1 ? 'army' : 'armies'}`}</title>
              <path d={pathOf(layout.cells[t.id]!)} className="land" fill={playerFill(o, true)} />
              <text x={site.x} y={site.y - 20} className="territory-code" textAnchor="middle">
                {layout.codes ? territoryCode(board, t.id) : t.name}
              </text>
              <circle cx={site.x} cy={site.y} r={15} className="token" fill={playerFill(o, false)} />
              {o >= 0 ? <Mark player={o} x={site.x - 17} y={site.y - 13} size={9} /> : null}
              <text x={site.x} y={site.y + 5} className="army-count" textAnchor="middle">
                {armies[t.id] ?? 0}
              </text>
              {capital ? (
                <path
                  d={`M${site.x + 12},${site.y - 12}l6,-6l6,6v7h-12Z`}
                  className="capital-mark"
                  aria-label="capital"
                />
              ) : null}
              {planned > 0 ? (
                <text x={site.x + 15} y={site.y + 20} className="planned">
                  +{planned}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      {board.continents.map((c) => {
        const at = layout.labels[c.id];
        return at === undefined ? null : (
          <text key={c.id} x={at.x} y={at.y} className="continent-label" textAnchor="middle">
            {c.name}
            {c.value > 0 ? ` +${c.value}` : ''}
          </text>
        );
      })}
      <g className="arrows">
        {(props.arrows ?? []).map((a, i) => {
          const p = layout.sites[a.from];
          const q = layout.sites[a.to];
          if (p === undefined || q === undefined) return null;
          const end = shortened(p, q, 18);
          return (
            <g key={`${a.from}-${a.to}-${i}`} className={`arrow ${a.kind}`}>
              <line x1={p.x} y1={p.y} x2={end.x} y2={end.y} markerEnd={`url(#arrow-${a.kind})`} />
              {a.label ? (
                <text x={(p.x + q.x) / 2} y={(p.y + q.y) / 2 - 4} textAnchor="middle" className="arrow-label">
                  {a.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
