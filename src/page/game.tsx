// The game on the page: the map, and around it whose turn it is, the phase and the countdown (always
// in the header), the question of the moment with its controls, the dice of the last battle, the
// players, your own cards and goal, and the story. Clicks and keys make the same moves the
// terminal's keys make (picking.ts over views/turn-input.ts); the server checks and sends each.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameState } from '../model/index.js';
import { countTerritories, reinforcements, totalArmies } from '../model/index.js';
import { pairResults } from '../views/dice-faces.js';
import { goneWord } from '../views/game-end.js';
import { territoryCode } from '../views/map-layout.js';
import { drafting, goalLines, people, privateOwner } from '../views/privacy.js';
import { cardName, promptText } from '../views/prompt-text.js';
import { rulesSummary } from '../views/rules-text.js';
import type { LogEntry, TablePlayer } from '../views/table.js';
import {
  beginInput,
  candidatesFor,
  type Decision,
  type KeyResult,
  plannedArmies,
  pressKey,
  type TurnInput,
} from '../views/turn-input.js';
import type { PageCommand } from '../views/web/wire.js';
import { DecisionBar } from './decision-bar.js';
import { EndScreen } from './end-screen.js';
import { cursorPositions, layoutFor } from './map-geometry.js';
import { MarkIcon } from './marks.js';
import { Overlay } from './overlay.js';
import { pick, uiKey } from './picking.js';
import { localDecision, nameIn, type PageTable } from './table-view.js';
import { type Arrow, WorldMap } from './world-map.js';

const PHASES: Record<GameState['phase'], string> = {
  first_player: 'drawing the first player',
  shuffle_deck: 'shuffling the cards',
  deal_missions: 'dealing secret missions',
  deal: 'dealing territories',
  setup: 'setup',
  capitals: 'choosing capitals',
  cards: 'reinforce',
  deploy: 'reinforce',
  attack: 'attack',
  defend: 'attack (defence)',
  capture: 'attack (moving in)',
  over: 'game over',
};

const KIND: Record<TablePlayer['kind'], string> = { you: 'you', human: 'here', bot: 'bot', remote: 'peer' };

/** "4:05" */
export function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The player whose move is due now, as far as the table can tell. */
function dueFrom(view: PageTable, state: GameState): number {
  if (view.decision !== null) return view.decision.player;
  if (state.phase === 'defend' && state.pendingAttack) return state.owner[state.pendingAttack.to]!;
  return state.current;
}

/** In hot seat, a decision other than setup or defence is private: the right player must be at the screen. */
function needsPass(view: PageTable, decision: Decision | null, viewer: number | null): boolean {
  if (view.mode !== 'hotseat' || decision === null || people(view).length === 1) return false;
  const phase = decision.state.phase;
  return phase !== 'setup' && phase !== 'defend' && viewer !== decision.player;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

type Shown = null | 'help' | 'story' | 'leave';

export function GameScreen({ view, send }: { view: PageTable; send: (command: PageCommand) => void }) {
  const state = view.state;
  const name = (p: number) => nameIn(view, p);
  const [overlay, setOverlay] = useState<Shown>(null);
  const [viewer, setViewer] = useState<number | null>(() => {
    const here = people(view);
    return view.players.find((p) => p.kind === 'you')?.id ?? (here.length === 1 ? here[0]! : null);
  });
  const decision = localDecision(view);
  // The move in progress for the decision on screen (its first step for a new decision).
  const held = useRef<{ id: number; input: TurnInput } | null>(null);
  const last = useRef<TurnInput | undefined>(undefined);
  const [, redraw] = useState(0);
  if (decision !== null && held.current?.id !== decision.id)
    held.current = { id: decision.id, input: beginInput(decision, last.current) };
  const input = decision !== null ? held.current!.input : null;
  const positions = useMemo(() => (state === null ? [] : cursorPositions(layoutFor(state.board))), [state?.board]);
  const passing = needsPass(view, decision, viewer);
  const now = useNow(view.dueAt !== null);

  const code = (t: number) => (state === null ? '' : territoryCode(state.board, t));

  /** What a click or a key made of the move: sent when finished, else shown. */
  const done = (result: KeyResult) => {
    if (decision === null) return;
    const player = decision.player;
    if (result.autoDefend) send({ type: 'auto-defend', player });
    if (result.autoSetup) send({ type: 'auto-setup', player });
    else if (result.blitz) send({ type: 'blitz', decision: decision.id, ...result.blitz });
    else if (result.action) send({ type: 'answer', decision: decision.id, action: result.action as never });
    last.current = result.input;
    held.current = { id: decision.id, input: result.input };
    redraw((n) => n + 1);
  };
  const setInput = (next: TurnInput) => {
    if (decision === null) return;
    held.current = { id: decision.id, input: next };
    last.current = next;
    redraw((n) => n + 1);
  };
  const press = (key: Parameters<typeof pressKey>[2], from?: TurnInput) => {
    if (decision === null || input === null) return;
    done(pressKey(decision, from ?? input, key, positions, code));
  };

  // The keyboard: the terminal's keys for the move, and ? h q for help, the story and leaving.
  const latest = useRef({ press, decision, input, overlay, passing });
  latest.current = { press, decision, input, overlay, passing };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName) && event.key !== 'Escape') return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const l = latest.current;
      if (l.overlay !== null) {
        if (event.key === 'Escape') setOverlay(null);
        return;
      }
      const typing = l.input !== null && l.input.search !== '';
      if (event.key === '?') return setOverlay('help');
      if (event.key === 'h' && !typing) return setOverlay('story');
      if (event.key === 'q' && !typing) return setOverlay('leave');
      if (l.passing) {
        if (event.key === 'Enter' && l.decision !== null) setViewer(l.decision.player);
        return;
      }
      const key = uiKey(event.key);
      if (key === null || l.decision === null) return;
      event.preventDefault();
      l.press(key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (state === null)
    return (
      <div className="screen">
        <h2>Starting the game…</h2>
        <p>The peers are drawing the first player and shuffling the cards.</p>
      </div>
    );
  if (view.over !== null)
    return <EndScreen view={view} state={state} name={name} onMenu={() => send({ type: 'menu' })} />;

  const due = dueFrom(view, state);
  const timeLeft = view.dueAt === null ? null : Math.max(0, view.dueAt - now);
  const owner = privateOwner(view, state, viewer);
  const goal = goalLines(view, state, owner, name);
  const here = people(view);
  const autopilot = here.length > 0 && here.every((p) => view.autopilot.includes(p));
  const step = input?.step;
  const candidates =
    decision !== null && input !== null && !passing ? new Set(candidatesFor(decision, input.step)) : new Set<number>();
  const arrows: Arrow[] = [];
  if (step && 'from' in step && 'to' in step)
    arrows.push({ from: step.from, to: step.to, kind: step.kind.startsWith('fortify') ? 'move' : 'attack' });
  if (state.pendingCapture) arrows.push({ from: state.pendingCapture.from, to: state.pendingCapture.to, kind: 'move' });
  if (state.pendingAttack) arrows.push({ from: state.pendingAttack.from, to: state.pendingAttack.to, kind: 'attack' });

  return (
    <div className="game">
      <header className="game-header" aria-live="polite">
        <span className="title">RISK</span>
        <span className="turn" data-testid="turn">
          {state.turn === 0 ? 'setup' : `turn ${state.turn}`}
        </span>
        <span className="due">
          <MarkIcon player={due} /> {name(due)} · <span data-testid="phase">{PHASES[state.phase]}</span>
        </span>
        {timeLeft !== null ? (
          <span className={`countdown${timeLeft < 30_000 ? ' short' : ''}`} data-testid="countdown">
            ⏱ {clock(timeLeft)}
          </span>
        ) : null}
        {view.mode === 'quick' ? <span className="mode">quick game</span> : null}
        {view.mode === 'hotseat' ? <span className="mode">hot seat</span> : null}
        <span className="spacer" />
        {view.canAutoPlay ? (
          <button
            type="button"
            className={autopilot ? 'on' : ''}
            onClick={() => send({ type: 'autopilot', on: !autopilot })}
          >
            {autopilot ? 'The computer plays for you: stop' : 'Let the computer play for me'}
          </button>
        ) : null}
        <button type="button" onClick={() => send({ type: 'defend-by-hand', on: !view.defendByHand })}>
          {view.defendByHand ? 'Defence: by hand' : 'Defence: most dice'}
        </button>
        <button type="button" onClick={() => setOverlay('help')}>
          Rules (?)
        </button>
        <button type="button" onClick={() => setOverlay('story')}>
          Story (h)
        </button>
        <button type="button" onClick={() => setOverlay('leave')}>
          Leave (q)
        </button>
      </header>
      <main className="game-main">
        <section className="board">
          <WorldMap
            board={state.board}
            owner={state.owner}
            armies={state.armies}
            candidates={candidates}
            {...(input ? { cursor: input.cursor } : {})}
            {...(step && 'from' in step ? { chosen: step.from } : {})}
            {...(step ? { planned: plannedArmies(step) } : {})}
            capitals={state.capitals.filter((c) => c >= 0)}
            arrows={arrows}
            ownerName={name}
            onPick={(t) => {
              if (decision === null || input === null || passing) return;
              done(pick(decision, input, t, positions, code));
            }}
            onHover={(t) => {
              if (decision !== null && input !== null && input.cursor !== t)
                setInput({ ...input, cursor: t, message: null });
            }}
          />
          {passing && decision !== null ? (
            <div className="pass" role="dialog">
              <p>
                <MarkIcon player={decision.player} /> {name(decision.player)}’s turn: pass the screen to them.
              </p>
              <button type="button" onClick={() => setViewer(decision.player)}>
                I am {view.players.find((p) => p.id === decision.player)?.name} (Enter)
              </button>
            </div>
          ) : decision !== null && input !== null ? (
            <DecisionBar
              decision={decision}
              input={input}
              name={name}
              prompt={promptText(decision, input, name)}
              onInput={setInput}
              onKey={press}
              several={here.length > 1}
            />
          ) : (
            <div className="decision waiting" data-testid="waiting">
              {view.paused ? 'Paused.' : `Waiting for ${name(due)}…`}
            </div>
          )}
          {goal.length > 0 ? (
            <div className="goal" data-testid="goal">
              {goal.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
        </section>
        <aside className="side">
          <PlayersPanel view={view} state={state} />
          <BattlePanel view={view} state={state} name={name} />
          <HandPanel state={state} owner={owner} />
          <StoryPanel log={view.log} />
        </aside>
      </main>
      {overlay === 'help' ? (
        <Overlay title="The rules of this game" onClose={() => setOverlay(null)}>
          {rulesSummary(state.options, state.board.territories.length).map((line, i) => (
            <p key={i}>{line}</p>
          ))}
          <h3>Mouse and keys</h3>
          <p>Click a lit territory to choose it; the buttons under the map finish each move.</p>
          <p>
            Keys as in the terminal: arrows or the first letters of a name move the cursor, Enter chooses, Esc steps
            back, Tab ends a part of the turn (and places the rest of the setup), digits set a number, b blitzes, a
            always defends with the most dice; ? these rules, h the story, q leave.
          </p>
        </Overlay>
      ) : null}
      {overlay === 'story' ? (
        <Overlay title="The story of the game" onClose={() => setOverlay(null)}>
          <ol className="story-all">
            {view.log.map((e) => (
              <li key={e.id} className={`tone-${e.tone}`}>
                {e.text}
              </li>
            ))}
          </ol>
        </Overlay>
      ) : null}
      {overlay === 'leave' ? (
        <Overlay title="Leave this game?" onClose={() => setOverlay(null)}>
          <p>
            {view.mode === 'network'
              ? 'The others are told; your territories become neutral and the game goes on without you.'
              : view.resumable
                ? 'The game is saved: Resume in the menu goes on with it.'
                : 'The game stops.'}
          </p>
          <div className="buttons">
            <button type="button" onClick={() => send({ type: 'leave' })}>
              Leave the game
            </button>
            <button type="button" onClick={() => setOverlay(null)}>
              Stay
            </button>
          </div>
        </Overlay>
      ) : null}
    </div>
  );
}

function PlayersPanel({ view, state }: { view: PageTable; state: GameState }) {
  const setup = state.phase === 'setup' || state.turn === 0;
  return (
    <section className="panel players">
      <h3>Players</h3>
      <table>
        <thead>
          <tr>
            <th />
            <th>name</th>
            <th title="territories">terr.</th>
            <th>armies</th>
            <th>cards</th>
            <th>{setup ? 'to place' : 'next'}</th>
          </tr>
        </thead>
        <tbody>
          {state.players.map((p) => {
            const info = view.players.find((x) => x.id === p.id);
            const army = p.id === state.neutralArmy;
            const label = army ? 'Neutral' : (info?.name ?? `Player ${p.id + 1}`);
            const kind = army ? '' : (goneWord(view.gone[p.id]) ?? (info ? KIND[info.kind] : ''));
            const status = p.eliminated
              ? 'out'
              : army
                ? setup
                  ? String(p.reserve)
                  : ''
                : p.neutral
                  ? 'neutral'
                  : setup
                    ? String(p.reserve)
                    : `+${reinforcements(state, p.id).total}`;
            const current = state.current === p.id && state.phase !== 'over';
            return (
              <tr key={p.id} className={`${current ? 'current' : ''} ${p.eliminated || p.neutral ? 'out' : ''}`}>
                <td>{current ? '▶' : ''}</td>
                <td>
                  <MarkIcon player={p.id} /> {label} <span className="kind">{kind}</span>
                </td>
                <td>{countTerritories(state, p.id)}</td>
                <td>{totalArmies(state, p.id)}</td>
                <td>{p.cards.length}</td>
                <td>{status}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

export function Die({ value, side, won }: { value: number; side: 'attack' | 'defend'; won: boolean | null }) {
  return (
    <svg
      className={`die ${side}${won === null ? '' : won ? ' won' : ' lost'}`}
      viewBox="0 0 40 40"
      role="img"
      aria-label={String(value)}
    >
      <rect x={2} y={2} width={36} height={36} rx={7} />
      {(PIPS[value] ?? []).map(([c, r], i) => (
        <circle key={i} cx={c * 10} cy={r * 10} r={3.6} />
      ))}
    </svg>
  );
}

function BattlePanel({ view, state, name }: { view: PageTable; state: GameState; name: (p: number) => string }) {
  const last = view.lastBattle;
  if (last === null)
    return (
      <section className="panel battle">
        <h3>Dice</h3>
        <p className="quiet">No battle yet.</p>
      </section>
    );
  const b = last.battle;
  const results = pairResults(b);
  const t = (id: number) => state.board.territories[id]!.name;
  return (
    <section className="panel battle" data-testid="battle">
      <h3>Dice</h3>
      <p>
        <MarkIcon player={b.attacker} /> {name(b.attacker)} attacks {t(b.to)} from {t(b.from)}
      </p>
      {/* Keyed by the battle: each roll lands anew. */}
      <div className="dice" key={last.id}>
        <div className="dice-row">
          {b.attackerDice.map((v, i) => (
            <Die key={i} value={v} side="attack" won={results[i] ?? null} />
          ))}
        </div>
        <div className="dice-row">
          {b.defenderDice.map((v, i) => (
            <Die key={i} value={v} side="defend" won={results[i] === undefined ? null : !results[i]} />
          ))}
        </div>
      </div>
      <p>
        {name(b.attacker)} −{b.attackerLosses}, {name(b.defender)} −{b.defenderLosses}
        {last.conquered ? ` · ${t(b.to)} conquered!` : ''}
      </p>
    </section>
  );
}

function HandPanel({ state, owner }: { state: GameState; owner: number | null }) {
  if (owner === null) return null;
  const hand = state.players[owner]?.cards ?? [];
  const draft = drafting(state, owner);
  return (
    <section className="panel hand" data-testid="hand">
      <h3>Your cards ({hand.length})</h3>
      {hand.length === 0 ? (
        <p className="quiet">None yet: conquer a territory in a turn to draw one.</p>
      ) : draft ? (
        <ul>
          {hand.map((c) => (
            <li key={c}>{cardName(state.board, c)}</li>
          ))}
        </ul>
      ) : (
        <p className="quiet">Shown while you reinforce.</p>
      )}
    </section>
  );
}

function StoryPanel({ log }: { log: readonly LogEntry[] }) {
  const list = useRef<HTMLOListElement | null>(null);
  const shown = log.slice(-80);
  // The newest line in sight, within the panel (the page itself does not scroll).
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [shown.at(-1)?.id]);
  return (
    <section className="panel story">
      <h3>Story</h3>
      <ol data-testid="story" ref={list}>
        {shown.map((e) => (
          <li key={e.id} className={`tone-${e.tone}`}>
            {e.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
