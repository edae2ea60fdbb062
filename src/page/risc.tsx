// RISC on the page: the board as a map, everyone's units; the placement by clicks (a click on the
// map or + adds a unit, − takes one off), then each turn's orders made by clicks (a source, a target, how many) and
// committed all at once with one button. Nobody sees an order before all have committed.
import { useEffect, useRef, useState } from 'react';
import type { Placement } from '../model/risc/orders.js';
import { type RiscState, territoriesOf, unitsOf } from '../model/risc/state.js';
import type { PageCommand, RiscView } from '../views/web/wire.js';
import { MarkIcon } from './marks.js';
import { Overlay } from './overlay.js';
import {
  addOrder,
  choices,
  clickTerritory,
  evenPlacement,
  NO_PLAN,
  placementProblem,
  placeOne,
  type RiscPlan,
  removeOrder,
  unitsFree,
} from './risc-plan.js';
import { type Arrow, WorldMap } from './world-map.js';

const RULES = [
  'Everyone plans at once, in secret: no one sees an order until all have committed.',
  'Moves go along a path of your own territories; attacks go to a territory next to one of yours.',
  'Each unit takes part in one order a turn. Moves happen first; then all attackers leave and arrive at once.',
  'Combat: one unit against one, two 20-sided dice, the lower roll loses a unit, a tie goes to the defender.',
  'Then every territory gains one unit. Hold every territory to win.',
];

const nameOf = (state: RiscState, t: number) => state.board.territories[t]?.name ?? `territory ${t}`;

export function RiscScreen({ risc, send }: { risc: RiscView; send: (command: PageCommand) => void }) {
  const { state, you, asking } = risc;
  const [plan, setPlan] = useState<RiscPlan>(NO_PLAN);
  const [placement, setPlacement] = useState<Placement[]>(() => evenPlacement(state, you));
  const [rules, setRules] = useState(false);
  const round = asking === null ? null : `${asking.kind}-${asking.turn}`;
  // A new round: a new plan.
  useEffect(() => {
    setPlan(NO_PLAN);
    if (asking?.kind === 'place') setPlacement(evenPlacement(state, you));
  }, [round]);

  const ordering = asking?.kind === 'orders';
  const placing = asking?.kind === 'place';
  const placed = placement.reduce((n, p) => n + p.units, 0);
  const commit = () => {
    if (asking === null) return;
    if (placing) send({ type: 'risc-place', turn: asking.turn, placement });
    else send({ type: 'risc-orders', turn: asking.turn, orders: [...plan.orders] });
  };
  const add = () => setPlan((p) => addOrder(state, you, p));

  const latest = useRef({ add, commit, plan, ordering });
  latest.current = { add, commit, plan, ordering };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName) && event.key !== 'Enter') return;
      const l = latest.current;
      if (!l.ordering) return;
      if (event.key === 'Escape') setPlan((p) => ({ ...p, from: null, to: null, message: null }));
      else if (event.key === 'Enter' && l.plan.to !== null) {
        event.preventDefault();
        l.add();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shown = placing
    ? { ...state, units: state.units.map((u, t) => u + (placement.find((p) => p.territory === t)?.units ?? 0)) }
    : state;
  const candidates = ordering
    ? new Set(choices(state, you, plan))
    : placing
      ? new Set(territoriesOf(state, you))
      : new Set<number>();
  const arrows: Arrow[] = [...(risc.committed?.orders ?? []), ...(ordering ? plan.orders : [])].map((o) => ({
    from: o.from,
    to: o.to,
    kind: o.kind,
    label: String(o.units),
  }));
  if (ordering && plan.from !== null && plan.to !== null)
    arrows.push({ from: plan.from, to: plan.to, kind: state.owner[plan.to] === you ? 'move' : 'attack' });

  return (
    <div className="game risc">
      <header className="game-header">
        <span className="title">RISC</span>
        <span className="turn" data-testid="turn">
          {state.phase === 'placement' ? 'placement' : state.phase === 'over' ? 'over' : `turn ${state.turn}`}
        </span>
        <span>everyone orders at once, in secret</span>
        <span className="spacer" />
        <button type="button" onClick={() => setRules(true)}>
          Rules
        </button>
        <button type="button" onClick={() => send({ type: 'menu' })}>
          {risc.over !== null ? 'Back to the menu' : 'Leave'}
        </button>
      </header>
      <main className="game-main">
        <section className="board">
          <WorldMap
            board={state.board}
            owner={shown.owner}
            armies={shown.units}
            candidates={candidates}
            {...(plan.from !== null ? { chosen: plan.from } : {})}
            arrows={arrows}
            ownerName={(p) => state.players[p]?.name ?? `player ${p}`}
            onPick={(t) => {
              if (ordering) setPlan((p) => clickTerritory(state, you, p, t));
              if (placing) setPlacement((l) => placeOne(state, l, t, 1));
            }}
          />
          <div className="decision" data-testid="risc-decision">
            {risc.over !== null ? (
              <p className="ask" data-testid="risc-over">
                {risc.over}
              </p>
            ) : placing ? (
              <>
                <p className="ask">
                  Placement: put your {state.startUnits} units on your territories ({placed} placed). Nobody sees where
                  until all have placed.
                </p>
                <ul className="placement">
                  {placement.map((p) => (
                    <li key={p.territory}>
                      <span>{nameOf(state, p.territory)}</span>
                      <button
                        type="button"
                        aria-label={`one fewer on ${nameOf(state, p.territory)}`}
                        onClick={() => setPlacement((l) => placeOne(state, l, p.territory, -1))}
                      >
                        −
                      </button>
                      <strong>{p.units}</strong>
                      <button
                        type="button"
                        aria-label={`one more on ${nameOf(state, p.territory)}`}
                        onClick={() => setPlacement((l) => placeOne(state, l, p.territory, 1))}
                      >
                        +
                      </button>
                    </li>
                  ))}
                </ul>
                <div className="buttons">
                  <button type="button" onClick={() => setPlacement(evenPlacement(state, you))}>
                    Spread evenly
                  </button>
                  <button
                    type="button"
                    className="primary"
                    data-testid="risc-commit"
                    disabled={placementProblem(state, you, placement) !== null}
                    onClick={commit}
                  >
                    Commit the placement
                  </button>
                </div>
                {placementProblem(state, you, placement) ? (
                  <p className="message">{placementProblem(state, you, placement)}</p>
                ) : null}
              </>
            ) : ordering ? (
              <>
                <p className="ask">
                  {plan.from === null
                    ? 'Your orders: click one of your territories to order its units.'
                    : plan.to === null
                      ? `From ${nameOf(state, plan.from)} (${unitsFree(state, plan.orders, plan.from)} free): click one of yours to move there, or a neighbour to attack.`
                      : `${state.owner[plan.to] === you ? 'Move' : 'Attack'} from ${nameOf(state, plan.from)} to ${nameOf(state, plan.to)}: how many units?`}
                </p>
                {plan.from !== null && plan.to !== null ? (
                  <div className="amount">
                    <input
                      type="number"
                      min={1}
                      max={unitsFree(state, plan.orders, plan.from)}
                      value={plan.units}
                      aria-label="units"
                      data-testid="risc-units"
                      onChange={(e) => {
                        const units = Number(e.currentTarget.value);
                        setPlan((p) => ({ ...p, units }));
                      }}
                    />
                    <button type="button" className="primary" onClick={add} data-testid="risc-add">
                      Add the order <kbd>Enter</kbd>
                    </button>
                    <button
                      type="button"
                      onClick={() => setPlan((p) => ({ ...p, from: null, to: null, message: null }))}
                    >
                      Cancel <kbd>Esc</kbd>
                    </button>
                  </div>
                ) : null}
                {plan.orders.length > 0 ? (
                  <ol className="orders" data-testid="risc-orders">
                    {plan.orders.map((o, i) => (
                      <li key={i}>
                        {o.kind === 'move' ? 'move' : 'attack'} {o.units} from {nameOf(state, o.from)} to{' '}
                        {nameOf(state, o.to)}{' '}
                        <button
                          type="button"
                          aria-label="remove this order"
                          onClick={() => setPlan((p) => removeOrder(p, i))}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ol>
                ) : null}
                <div className="buttons">
                  <button type="button" className="primary" data-testid="risc-commit" onClick={commit}>
                    Commit {plan.orders.length} {plan.orders.length === 1 ? 'order' : 'orders'}
                  </button>
                </div>
                {plan.message ? <p className="message">{plan.message}</p> : null}
              </>
            ) : (
              <p className="ask" data-testid="waiting">
                {risc.committed ? 'Committed. ' : ''}Waiting for the others…
              </p>
            )}
          </div>
        </section>
        <aside className="side">
          <section className="panel players">
            <h3>Players</h3>
            <table>
              <tbody>
                {state.players.map((p) => (
                  <tr key={p.id} className={state.lost[p.id] || state.expelled[p.id] ? 'out' : ''}>
                    <td>
                      <MarkIcon player={p.id} /> {p.name}
                      {p.id === you ? ' (you)' : ''}
                    </td>
                    <td>{territoriesOf(state, p.id).length} terr.</td>
                    <td>{unitsOf(state, p.id)} units</td>
                    <td>{state.lost[p.id] ? 'lost' : state.expelled[p.id] ? 'expelled' : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="panel story">
            <h3>Story</h3>
            <ol data-testid="story">
              {risc.story.slice(-80).map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ol>
          </section>
        </aside>
      </main>
      {rules ? (
        <Overlay title="RISC" onClose={() => setRules(false)}>
          {RULES.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Overlay>
      ) : null}
    </div>
  );
}
