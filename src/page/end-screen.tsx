// The end of a game: who won and how, everyone's territories, armies, battles and conquests, and
// the charts `risk stats` draws for a stored game (territories and armies of each player at the
// start of each turn), as lines in the players' colours.
import { useState } from 'react';
import { countTerritories, type GameState, totalArmies } from '../model/index.js';
import { endWords, goneWord } from '../views/game-end.js';
import { battlesOf } from '../views/table.js';
import { Mark, MarkIcon, playerFill } from './marks.js';
import { Overlay } from './overlay.js';
import type { PageTable } from './table-view.js';

export interface ChartProps {
  readonly title: string;
  readonly turns: readonly number[];
  /** values[sample][player] */
  readonly values: readonly (readonly number[])[];
  readonly players: number;
  readonly name: (player: number) => string;
}

const W = 460;
const H = 200;
const PAD = { left: 40, right: 10, top: 12, bottom: 26 };

/** A line chart: one line per player over the turns, the y axis from 0 to the highest value. */
export function LineChart({ title, turns, values, players, name }: ChartProps) {
  const max = Math.max(1, ...values.flat());
  const first = turns[0] ?? 0;
  const last = turns.at(-1) ?? 1;
  const x = (turn: number) =>
    PAD.left + (last === first ? 0 : ((turn - first) / (last - first)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + (1 - v / max) * (H - PAD.top - PAD.bottom);
  return (
    <figure className="chart" data-testid="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        <line x1={PAD.left} y1={y(0)} x2={W - PAD.right} y2={y(0)} className="axis" />
        <line x1={PAD.left} y1={y(0)} x2={PAD.left} y2={PAD.top} className="axis" />
        <text x={PAD.left - 4} y={y(max) + 4} textAnchor="end" className="tick">
          {max}
        </text>
        <text x={PAD.left - 4} y={y(0) + 4} textAnchor="end" className="tick">
          0
        </text>
        <text x={PAD.left} y={H - 6} className="tick">
          turn {first}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" className="tick">
          turn {last}
        </text>
        {Array.from({ length: players }, (_, p) => {
          const points = values.map((row, i) => `${x(turns[i]!).toFixed(1)},${y(row[p] ?? 0).toFixed(1)}`);
          const end = values.at(-1);
          return (
            <g key={p}>
              <polyline points={points.join(' ')} fill="none" stroke={playerFill(p, false)} strokeWidth={2.5} />
              {end ? <Mark player={p} x={x(last) - 5} y={y(end[p] ?? 0) - 5} size={10} /> : null}
            </g>
          );
        })}
      </svg>
      <p className="legend">
        {Array.from({ length: players }, (_, p) => (
          <span key={p}>
            <MarkIcon player={p} /> {name(p)}
          </span>
        ))}
      </p>
    </figure>
  );
}

export function EndScreen({
  view,
  state,
  name,
  onMenu,
}: {
  view: PageTable;
  state: GameState;
  name: (p: number) => string;
  onMenu: () => void;
}) {
  const [story, setStory] = useState(false);
  const over = view.over!;
  const mine = view.players.filter((p) => p.kind === 'you');
  const { headline, detail } = endWords(over, mine.length === 1 ? mine[0]!.id : null, name, state);
  const seated = view.players.length;
  return (
    <div className="screen end" data-testid="end">
      <h1>{headline}</h1>
      {detail !== null ? <p>{detail}</p> : null}
      <p>
        {state.turn} {state.turn === 1 ? 'turn' : 'turns'} played, {battlesOf(view)} battles fought.
      </p>
      <table className="results">
        <thead>
          <tr>
            <th>player</th>
            <th>territories</th>
            <th>armies</th>
            <th>battles</th>
            <th>conquests</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {state.players.map((p) => {
            const s = view.stats[p.id] ?? { battles: 0, conquests: 0, outInTurn: null };
            const fate =
              p.id === over.winner
                ? 'winner'
                : p.eliminated
                  ? `out${s.outInTurn ? ` (turn ${s.outInTurn})` : ''}`
                  : p.id === state.neutralArmy
                    ? ''
                    : p.neutral
                      ? (goneWord(view.gone[p.id]) ?? 'neutral')
                      : '';
            return (
              <tr key={p.id}>
                <td>
                  <MarkIcon player={p.id} /> {name(p.id)}
                </td>
                <td>{countTerritories(state, p.id)}</td>
                <td>{totalArmies(state, p.id)}</td>
                <td>{s.battles}</td>
                <td>{s.conquests}</td>
                <td>{fate}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {view.series.turns.length > 1 ? (
        <div className="charts">
          <LineChart
            title="Territories at the start of each turn"
            turns={view.series.turns}
            values={view.series.territories}
            players={seated}
            name={name}
          />
          <LineChart
            title="Armies at the start of each turn"
            turns={view.series.turns}
            values={view.series.armies}
            players={seated}
            name={name}
          />
        </div>
      ) : null}
      <div className="buttons">
        <button type="button" className="primary" onClick={onMenu} data-testid="to-menu">
          Back to the menu
        </button>
        <button type="button" onClick={() => setStory(true)}>
          The whole story
        </button>
      </div>
      {story ? (
        <Overlay title="The story of the game" onClose={() => setStory(false)}>
          <ol className="story-all">
            {view.log.map((e) => (
              <li key={e.id} className={`tone-${e.tone}`}>
                {e.text}
              </li>
            ))}
          </ol>
        </Overlay>
      ) : null}
    </div>
  );
}
