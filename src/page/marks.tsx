// Players' colours and marks on the page: the terminal's six (views/theme.ts: red ●, blue ▲,
// green ■, yellow ◆, magenta ★, cyan ✚) drawn as shapes, so that no font is needed and the
// board stays readable without colour.
import { PLAYER_COLORS } from '../views/theme.js';

const STRONG: Readonly<Record<(typeof PLAYER_COLORS)[number], string>> = {
  red: '#c93c3c',
  blue: '#2f62c9',
  green: '#2f8f43',
  yellow: '#c9a21f',
  magenta: '#a443b8',
  cyan: '#1e9aae',
};
const LIGHT: Readonly<Record<(typeof PLAYER_COLORS)[number], string>> = {
  red: '#f2b6b0',
  blue: '#b5c8f0',
  green: '#b3ddb9',
  yellow: '#f3e1a0',
  magenta: '#e1bde9',
  cyan: '#ade0e7',
};

/** A player's colour: strong for tokens and marks, light for land; grey for the neutral army or nobody. */
export function playerFill(player: number, light: boolean): string {
  if (player < 0) return light ? '#efe9da' : '#9a9a9a';
  const name = PLAYER_COLORS[player % PLAYER_COLORS.length]!;
  return light ? LIGHT[name] : STRONG[name];
}

/** The shape of a player's mark in a box of `size` at (x, y). */
function shapeOf(player: number, x: number, y: number, s: number): string {
  const c = { x: x + s / 2, y: y + s / 2 };
  switch (player % 6) {
    case 0: // ●
      return `M${c.x - s / 2},${c.y}a${s / 2},${s / 2} 0 1,0 ${s},0a${s / 2},${s / 2} 0 1,0 ${-s},0Z`;
    case 1: // ▲
      return `M${c.x},${y}L${x + s},${y + s}L${x},${y + s}Z`;
    case 2: // ■
      return `M${x},${y}h${s}v${s}h${-s}Z`;
    case 3: // ◆
      return `M${c.x},${y}L${x + s},${c.y}L${c.x},${y + s}L${x},${c.y}Z`;
    case 4: {
      // ★
      const points = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? s / 2 : s / 5;
        const a = (Math.PI * i) / 5 - Math.PI / 2;
        return `${(c.x + r * Math.cos(a)).toFixed(1)},${(c.y + r * Math.sin(a)).toFixed(1)}`;
      });
      return `M${points.join('L')}Z`;
    }
    default: {
      // ✚
      const t = s / 3;
      return `M${x + t},${y}h${t}v${t}h${t}v${t}h${-t}v${t}h${-t}v${-t}h${-t}v${-t}h${t}Z`;
    }
  }
}

/** A player's mark inside an SVG. */
export function Mark({ player, x, y, size }: { player: number; x: number; y: number; size: number }) {
  return <path d={shapeOf(player, x, y, size)} fill={playerFill(player, false)} className="mark" />;
}

/** A player's mark in a line of text. */
export function MarkIcon({ player }: { player: number }) {
  return (
    <svg className="mark-icon" viewBox="0 0 12 12" aria-hidden="true">
      {player >= 0 ? (
        <path d={shapeOf(player, 1, 1, 10)} fill={playerFill(player, false)} />
      ) : (
        <circle cx={6} cy={6} r={4.5} fill="none" stroke="#777" strokeWidth={1.5} />
      )}
    </svg>
  );
}
