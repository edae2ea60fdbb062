// The game screen: the board (the world map in one of three sizes, or a compact list), the players,
// the viewer's cards, the last battle's dice, the story so far, and the question of the moment.
// Keys go to the move in progress; "?" (help), "h" (history) and "q" work everywhere. The title
// line with whose turn it is and the countdown for the move now due stays on every screen.
import { Box, type Key, Text, useInput, useWindowSize } from 'ink';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { GameState } from '../model/index.js';
import { BattlePanel } from './battle-panel.js';
import { type Highlight, NO_HIGHLIGHT } from './board-marks.js';
import { CardsPanel } from './cards-panel.js';
import { CompactBoard, compactLayout } from './compact-board.js';
import { EventLog } from './event-log.js';
import { goneWord } from './game-end.js';
import { GameOver } from './game-over.js';
import { type HelpGame, HelpScreen, helpLines, helpRows } from './help-screen.js';
import { HistoryScreen, historyLines, historyRows } from './history-screen.js';
import { isCtrlC, splitKeys, uiKeys } from './keys.js';
import {
  MAP_HEIGHT,
  MAP_TEMPLATE,
  MAP_WIDTH,
  mapFits,
  mapPieces,
  type Position,
  SMALL_MAP_HEIGHT,
  SMALL_MAP_TEMPLATE,
  SMALL_MAP_WIDTH,
  territoryCode,
} from './map-layout.js';
import { PassScreen, QuitConfirm } from './overlays.js';
import { PlayersLine, PlayersPanel } from './players-panel.js';
import { drafting, goalLines, people, privateOwner } from './privacy.js';
import { promptText } from './prompt-text.js';
import { scrollKey } from './scroll.js';
import type { PendingDecision, Table, TableView } from './table.js';
import { ThemeContext, tint, useTheme, yourColors } from './theme.js';
import { beginInput, candidatesFor, type Decision, plannedArmies, pressKey, type TurnInput } from './turn-input.js';
import { WorldMap } from './world-map.js';

export interface GameScreenProps {
  readonly table: Table;
  /** How long the dice tumble before settling (0, the default: the real dice at once). */
  readonly rollMs?: number;
  /** Terminal size; by default the real one, following resizes. */
  readonly size?: { readonly columns: number; readonly rows: number };
  /**
   * The player is done with this game: back to the menu, or quit the program. `ended`: the game
   * was over when they went (they did not leave it).
   */
  readonly onLeave: (how: 'menu' | 'exit', ended: boolean) => void;
}

const BIG_POSITIONS = mapPieces(MAP_TEMPLATE).positions;
const SMALL_POSITIONS = mapPieces(SMALL_MAP_TEMPLATE).positions;
// The drawn maps are the classic board's; any other board is shown as the compact list.
const fits = new WeakMap<object, boolean>();
const drawable = (board: GameState['board']) => fits.get(board) ?? fits.set(board, mapFits(board)).get(board)!;

/** The big map with the panels beneath it; below this size the small map or the list. */
export const FULL_LAYOUT = { columns: MAP_WIDTH, rows: 37 };
/** The big map with the panels beside it and a long story beneath (200×60 and the like). */
export const WIDE_LAYOUT = { columns: MAP_WIDTH + 44, rows: 40 };
/** The small map (80×24). */
export const SMALL_LAYOUT = { columns: SMALL_MAP_WIDTH, rows: 22 };
/** Lines under the board: the prompt's rule, title, detail and keys. */
const PROMPT_ROWS = 4;

export type Layout = 'wide' | 'full' | 'small' | 'list';

export function layoutFor(columns: number, rows: number, board: GameState['board'] | null): Layout {
  const map = board === null || drawable(board);
  if (map && columns >= WIDE_LAYOUT.columns && rows >= WIDE_LAYOUT.rows) return 'wide';
  if (map && columns >= FULL_LAYOUT.columns && rows >= FULL_LAYOUT.rows) return 'full';
  if (map && columns >= SMALL_LAYOUT.columns && rows >= SMALL_LAYOUT.rows) return 'small';
  return 'list';
}

const PHASE_NAMES: Record<GameState['phase'], string> = {
  first_player: 'drawing the first player',
  shuffle_deck: 'shuffling the cards',
  deal_missions: 'dealing secret missions',
  deal: 'dealing territories',
  setup: 'setup',
  capitals: 'choosing capitals',
  // Trading cards is the start of reinforcing: the same words whether or not a trade is asked.
  cards: 'reinforce',
  deploy: 'reinforce',
  attack: 'attack',
  defend: 'attack (defence)',
  capture: 'attack (moving in)',
  over: 'game over',
};

/** What a player does in each part of a turn, after "Waiting for Bea to …". */
const DOING: Record<GameState['phase'], string> = {
  first_player: 'draw the first player',
  shuffle_deck: 'shuffle the cards',
  deal_missions: 'deal the missions',
  deal: 'deal the territories',
  setup: 'place an army',
  capitals: 'choose a capital',
  cards: 'reinforce',
  deploy: 'reinforce',
  attack: 'attack',
  defend: 'defend',
  capture: 'move in',
  over: 'finish',
};

/** The opening draws: no one player's move, but a dice round every player takes part in. */
const DRAWS: Partial<Record<GameState['phase'], string>> = {
  first_player: 'drawing the first player',
  shuffle_deck: 'shuffling the cards',
  deal_missions: 'dealing the secret missions',
  deal: 'dealing the territories',
};

/** Whether this table shows the decision to the person at the keyboard now. */
function isLocal(view: TableView, decision: PendingDecision | null): boolean {
  if (decision === null) return false;
  const kind = view.players.find((p) => p.id === decision.player)?.kind;
  return kind === 'you' || kind === 'human';
}

/**
 * In hot seat, a decision other than setup or defence is private: the right player must be at the
 * keyboard. With one person at the table there is nobody to hide anything from.
 */
function needsPass(view: TableView, decision: PendingDecision | null, viewer: number | null): boolean {
  if (view.mode !== 'hotseat' || decision === null || !isLocal(view, decision)) return false;
  if (people(view).length === 1) return false;
  const phase = decision.state.phase;
  return phase !== 'setup' && phase !== 'defend' && viewer !== decision.player;
}

/** The player whose move is due now, as far as this table can tell. */
export function dueFrom(view: TableView, state: GameState): number {
  if (view.decision !== null) return view.decision.player;
  if (state.phase === 'defend' && state.pendingAttack) return state.owner[state.pendingAttack.to]!;
  return state.current;
}

/** "4:05" */
export function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Re-renders every second while `active`, so a countdown moves. */
function useTicking(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
}

type Overlay =
  | null
  | { kind: 'help'; offset: number }
  | { kind: 'history'; offset: number | null }
  | { kind: 'leave' }
  | { kind: 'exit' };

// Two key presses closer than this are a held key repeating.
const REPEAT_MS = 250;

// The screen draws the table at most this often: bots at full speed change it hundreds of times a
// second, and drawing a big terminal costs more than the game itself (keys still redraw at once).
const FRAME_MS = 100;

/** The table's changes, at most one per frame (the last one always arrives). */
function framed(table: Table): (listener: () => void) => () => void {
  return (listener) => {
    let timer: NodeJS.Timeout | null = null;
    const off = table.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        listener();
      }, FRAME_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  };
}

export function GameScreen(props: GameScreenProps) {
  // The colour you chose (settings) takes your seat's place on your screen.
  const theme = useTheme();
  const you = props.table.view.players.find((p) => p.kind === 'you')?.id ?? null;
  const yours = useMemo(() => yourColors(theme, you), [theme, you]);
  return (
    <ThemeContext.Provider value={yours}>
      <GameView {...props} />
    </ThemeContext.Provider>
  );
}

function GameView({ table, rollMs = 0, size, onLeave }: GameScreenProps) {
  const subscribe = useMemo(() => framed(table), [table]);
  const view = useSyncExternalStore(subscribe, table.getView);
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  // Screen state lives in refs as well as in React state: keys that arrive together must each see
  // the effect of the one before, before React has drawn again.
  const [overlay, setOverlayState] = useState<Overlay>(null);
  const overlayRef = useRef<Overlay>(null);
  const setOverlay = (next: Overlay) => {
    if ((overlayRef.current?.kind === 'help') !== (next?.kind === 'help')) table.pause(next?.kind === 'help');
    overlayRef.current = next;
    setOverlayState(next);
  };
  const [viewer, setViewerState] = useState<number | null>(() => {
    const alone = people(view);
    return view.players.find((p) => p.kind === 'you')?.id ?? (alone.length === 1 ? alone[0]! : null);
  });
  const viewerRef = useRef(viewer);
  const setViewer = (next: number) => {
    viewerRef.current = next;
    setViewerState(next);
  };
  const [, redraw] = useState(0);
  const held = useRef<{ id: number; input: TurnInput } | null>(null);
  const lastInput = useRef<TurnInput | undefined>(undefined);
  const lastEnter = useRef(-Infinity);

  // The move in progress for a decision: what the keys made of it, or its first step.
  const inputFor = (decision: PendingDecision): TurnInput => {
    if (held.current?.id !== decision.id)
      held.current = { id: decision.id, input: beginInput(decision, lastInput.current) };
    return held.current.input;
  };

  const state = view.state;
  const decision = isLocal(view, view.decision) ? view.decision! : null;
  const input = decision ? inputFor(decision) : null;
  const layout = layoutFor(columns, rows, state?.board ?? null);
  const positionsFor = (s: GameState, l: Layout): readonly (Position | undefined)[] =>
    l === 'wide' || l === 'full'
      ? BIG_POSITIONS
      : l === 'small'
        ? SMALL_POSITIONS
        : compactLayout(s.board, columns).positions;
  const passing = needsPass(view, decision, viewer);
  const countdown = view.moveTimeoutMs !== null && state !== null && view.over === null && state.phase !== 'over';
  useTicking(countdown);
  useEffect(() => () => table.pause(false), []);

  const leave = (how: 'menu' | 'exit') => {
    const ended = table.getView().over !== null;
    void table.quit().then(() => onLeave(how, ended));
  };

  useInput((text, key) => {
    for (const [t, k] of splitKeys(text, key)) onKey(t, k);
  });

  function onKey(text: string, key: Key) {
    const now = table.getView();
    const current = overlayRef.current;
    if (current?.kind === 'help' || current?.kind === 'history') {
      if (isCtrlC(text, key)) return setOverlay({ kind: 'exit' });
      const closing =
        current.kind === 'help'
          ? key.escape || key.return || text === '?' || text === 'q'
          : key.escape || key.return || text === 'h' || text === 'q';
      if (closing) return setOverlay(null);
      if (current.kind === 'help' && text === 'd') return table.setDefendByHand(!now.defendByHand);
      if (current.kind === 'help' && text === 'p' && table.canAutoPlay) {
        const here = people(now);
        return table.setAutopilot(here, !here.every((p) => now.autopilot.includes(p)));
      }
      const s = now.state;
      if (s === null) return;
      const lines =
        current.kind === 'help'
          ? helpLines(columns - 1, helpSettings(now), helpGame(now)).length
          : historyLines(now, s, table.nameOf, goalOf(now)).length;
      const page = current.kind === 'help' ? helpRows(rows, 1) : historyRows(rows, 1);
      const from = current.offset ?? Math.max(0, lines - page);
      const next = scrollKey(from, lines, page, text, key);
      if (next !== null) setOverlay({ ...current, offset: next });
      return;
    }
    if (current?.kind === 'leave' || current?.kind === 'exit') {
      if (text === 'y' || text === 'Y' || isCtrlC(text, key))
        leave(current.kind === 'exit' || isCtrlC(text, key) ? 'exit' : 'menu');
      else if (text === 'n' || text === 'N' || key.escape) setOverlay(null);
      return;
    }
    if (isCtrlC(text, key)) return now.over ? leave('exit') : setOverlay({ kind: 'exit' });
    if (now.over) {
      if (key.return || key.escape) leave('menu');
      else if (text === 'q') leave('exit');
      else if (text === 'h') setOverlay({ kind: 'history', offset: 0 });
      return;
    }
    const mine = isLocal(now, now.decision) ? now.decision! : null;
    const typing = mine !== null && inputFor(mine).search !== '';
    if (text === '?') return setOverlay({ kind: 'help', offset: 0 });
    if (text === 'h' && !typing) return setOverlay({ kind: 'history', offset: null });
    if (text === 'q' && !typing) return setOverlay({ kind: 'leave' });
    if (needsPass(now, mine, viewerRef.current)) {
      if (key.return) setViewer(mine!.player);
      return;
    }
    if (mine === null || now.state === null) return;
    let currentInput = inputFor(mine);
    const positions = positionsFor(mine.state, layoutFor(columns, rows, mine.state.board));
    for (const k of uiKeys(text, key)) {
      if (k.name !== 'enter') lastEnter.current = -Infinity;
      else {
        const at = table.now();
        const repeated = at - lastEnter.current < REPEAT_MS;
        lastEnter.current = at;
        // Enter held through a conquest must not move every army in: a fresh press is needed.
        if (repeated && currentInput.step.kind === 'capture') {
          currentInput = { ...currentInput, message: 'Release Enter, then press it again to move the armies in' };
          continue;
        }
      }
      const result = pressKey(mine, currentInput, k, positions, (t) => territoryCode(mine.state.board, t));
      currentInput = result.input;
      if (result.autoDefend) table.defendAutomatically(mine.player);
      if (result.autoSetup) {
        table.placeRestAutomatically(mine.player);
        break;
      }
      if (result.blitz) {
        table.startBlitz(mine.id, result.blitz.from, result.blitz.to, result.blitz.stopAt);
        break;
      }
      if (result.action) {
        table.answer(mine.id, result.action);
        break;
      }
    }
    lastInput.current = currentInput;
    held.current = { id: mine.id, input: currentInput };
    redraw((n) => n + 1);
  }

  /** The goal lines for this screen's private owner (see goalLines). */
  function goalOf(v: TableView): string[] {
    const s = v.decision !== null && isLocal(v, v.decision) ? v.decision.state : v.state;
    return s === null ? [] : goalLines(v, s, privateOwner(v, s, viewerRef.current), table.nameOf);
  }

  function helpGame(v: TableView): HelpGame | null {
    const s = v.state;
    return s === null ? null : { options: s.options, territories: s.board.territories.length, goal: goalOf(v) };
  }

  function helpSettings(v: TableView) {
    const here = people(v);
    return {
      defendByHand: v.defendByHand,
      paused: v.paused,
      autopilot: table.canAutoPlay ? here.length > 0 && here.every((p) => v.autopilot.includes(p)) : null,
    };
  }

  const due = state === null ? -1 : dueFrom(view, state);
  const timeLeft = countdown ? table.timeLeft() : null;
  const header =
    state === null ? null : (
      <Header
        view={view}
        state={decision?.state ?? state}
        name={table.nameOf}
        due={due}
        timeLeft={timeLeft}
        narrow={columns < FULL_LAYOUT.columns}
      />
    );

  if (overlay?.kind === 'help') {
    return (
      <HelpScreen
        columns={columns}
        rows={rows}
        offset={overlay.offset}
        settings={helpSettings(view)}
        game={helpGame(view)}
        top={header}
      />
    );
  }
  if (overlay?.kind === 'history' && state !== null) {
    return (
      <HistoryScreen
        view={view}
        state={state}
        name={table.nameOf}
        goal={goalOf(view)}
        columns={columns}
        rows={rows}
        offset={overlay.offset}
        top={header}
      />
    );
  }
  if (overlay?.kind === 'leave' || overlay?.kind === 'exit') {
    return (
      <Box flexDirection="column">
        {header}
        <QuitConfirm mode={view.mode} resumable={view.resumable} exiting={overlay.kind === 'exit'} />
      </Box>
    );
  }
  if (state === null) {
    return (
      <Box flexDirection="column">
        <Text bold>Starting the game…</Text>
        <Text dimColor>The peers are drawing the first player and shuffling the cards. q leaves.</Text>
      </Box>
    );
  }
  if (view.over) return <GameOver view={view} state={state} name={table.nameOf} columns={columns} />;
  if (passing) {
    return (
      <Box flexDirection="column">
        {header}
        <PassScreen player={decision!.player} name={table.nameOf(decision!.player)} />
      </Box>
    );
  }

  const shownState = decision?.state ?? state;
  const highlight: Highlight =
    decision && input
      ? {
          candidates: new Set(candidatesFor(decision, input.step)),
          cursor: input.cursor,
          chosen: 'from' in input.step ? input.step.from : -1,
          planned: plannedArmies(input.step),
        }
      : NO_HIGHLIGHT;
  // The dice tumble for the battles of people here (not a blitz, nor moves the computer makes for them).
  const fought = view.lastBattle?.battle;
  const here = people(view);
  const battleRollMs =
    fought !== undefined &&
    view.blitz === null &&
    [fought.attacker, fought.defender].some((p) => here.includes(p) && !view.autopilot.includes(p))
      ? rollMs
      : 0;
  const cardsOwner = privateOwner(view, shownState, viewer);
  const draft = cardsOwner !== null && drafting(shownState, cardsOwner);
  const trade =
    decision && input?.step.kind === 'cards' && decision.player === cardsOwner ? { decision, step: input.step } : null;
  const goal = goalLines(view, shownState, cardsOwner, table.nameOf);
  const goalLine = goal.length > 0 ? <GoalLine lines={goal} width={columns - 1} /> : null;
  const prompt = (
    <PromptBar view={view} decision={decision} input={input} name={table.nameOf} state={shownState} layout={layout} />
  );
  // Every layout keeps its height within the terminal's, so the title line never scrolls away.
  const bottom = rows - 1 - PROMPT_ROWS;

  if (layout === 'wide') {
    const side = columns - MAP_WIDTH - 2;
    const logRows = Math.max(3, bottom - MAP_HEIGHT - 1 - goal.length);
    return (
      <Box flexDirection="column" width={columns}>
        {header}
        <Box>
          <WorldMap state={shownState} highlight={highlight} />
          <Box flexDirection="column" marginLeft={2} width={side}>
            <PlayersPanel state={shownState} players={view.players} gone={view.gone} width={side} />
            <Box marginTop={1}>
              <CardsPanel state={shownState} viewer={cardsOwner} draft={draft} trade={trade} width={side} height={8} />
            </Box>
          </Box>
        </Box>
        <Box marginTop={1} flexDirection="column">
          {goalLine}
        </Box>
        <Box height={logRows}>
          <Box width={columns - 46}>
            <EventLog log={view.log} state={shownState} rows={logRows} width={columns - 47} />
          </Box>
          <BattlePanel battle={view.lastBattle} name={table.nameOf} width={45} rollMs={battleRollMs} />
        </Box>
        {prompt}
      </Box>
    );
  }
  if (layout === 'full') {
    const third = Math.floor((columns - 2) / 3);
    const logRows = Math.max(3, bottom - MAP_HEIGHT - 1 - 9 - goal.length);
    return (
      <Box flexDirection="column" width={columns}>
        {header}
        <WorldMap state={shownState} highlight={highlight} />
        <Box height={9} marginTop={1}>
          <PlayersPanel state={shownState} players={view.players} gone={view.gone} width={third + 5} />
          <Box marginLeft={1}>
            <CardsPanel
              state={shownState}
              viewer={cardsOwner}
              draft={draft}
              trade={trade}
              width={third - 5}
              height={9}
            />
          </Box>
          <Box marginLeft={1}>
            <BattlePanel battle={view.lastBattle} name={table.nameOf} width={third - 1} rollMs={battleRollMs} />
          </Box>
        </Box>
        {goalLine}
        <EventLog log={view.log} state={shownState} rows={logRows} width={columns - 1} />
        {prompt}
      </Box>
    );
  }
  if (layout === 'small') {
    // The small map, the players on one line each pair, the cards in a line, and the story.
    const playerRows = Math.ceil(shownState.players.length / 3);
    const cardRows = trade ? Math.min(4, 1 + Math.max(1, bottom - SMALL_MAP_HEIGHT - playerRows - 3)) : 1;
    const logRows = Math.max(1, bottom - SMALL_MAP_HEIGHT - playerRows - cardRows - goal.length);
    return (
      <Box flexDirection="column" width={columns}>
        {header}
        <WorldMap state={shownState} highlight={highlight} template="small" />
        <PlayersLine state={shownState} players={view.players} gone={view.gone} width={columns - 1} perLine={3} />
        {trade ? (
          <CardsPanel state={shownState} viewer={cardsOwner} trade={trade} width={columns - 1} height={cardRows} />
        ) : (
          <CardsPanel
            state={shownState}
            viewer={cardsOwner}
            draft={draft}
            trade={null}
            width={columns - 1}
            height={1}
            line
          />
        )}
        {goalLine}
        <EventLog log={view.log} state={shownState} rows={logRows} width={columns - 1} />
        {prompt}
      </Box>
    );
  }
  const boardRows = compactLayout(shownState.board, columns).rows.length;
  const playerRows = Math.ceil(shownState.players.length / 2);
  const boardShown = Math.min(boardRows, Math.max(1, bottom - playerRows - 1 - goal.length));
  const logRows = Math.max(0, bottom - boardShown - playerRows - 1 - goal.length);
  return (
    <Box flexDirection="column" width={columns}>
      {header}
      <CompactBoard
        state={shownState}
        highlight={highlight}
        width={columns}
        rows={boardShown}
        cursor={highlight.cursor}
      />
      <PlayersLine state={shownState} players={view.players} gone={view.gone} width={columns - 1} perLine={2} />
      <CardsPanel
        state={shownState}
        viewer={cardsOwner}
        draft={draft}
        trade={trade}
        width={columns - 1}
        height={1}
        line
      />
      {goalLine}
      {logRows > 0 ? <EventLog log={view.log} state={shownState} rows={logRows} width={columns - 1} /> : null}
      {prompt}
    </Box>
  );
}

function GoalLine({ lines, width }: { lines: readonly string[]; width: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      {lines.map((line) => (
        <Text key={line} bold wrap="truncate-end" {...tint(theme, 'yellow')}>
          {line}
        </Text>
      ))}
    </Box>
  );
}

function Header({
  view,
  state,
  name,
  due,
  timeLeft,
  narrow,
}: {
  view: TableView;
  state: GameState;
  name: (p: number) => string;
  due: number;
  timeLeft: number | null;
  narrow: boolean;
}) {
  const theme = useTheme();
  const who = state.current >= 0 && state.phase !== 'over' ? name(state.current) : '';
  const turn = state.turn > 0 ? `turn ${state.turn} · ` : '';
  const urgent = timeLeft !== null && timeLeft < 30_000;
  return (
    <Text wrap="truncate-end">
      <Text bold inverse>
        {' RISK '}
      </Text>{' '}
      {timeLeft !== null && due >= 0 ? (
        <Text bold {...tint(theme, urgent ? 'red' : 'yellow')}>
          {`⏱ ${clock(timeLeft)} ${name(due)} · `}
        </Text>
      ) : null}
      {turn}
      {who ? `${who} · ` : ''}
      {PHASE_NAMES[state.phase]}
      {view.mode === 'hotseat' ? ' · hot seat' : view.mode === 'quick' ? ' · quick game' : ''}
      {view.paused ? ' · paused' : ''}
      {view.autopilot.length > 0 ? ' · computer plays for you' : ''}
      <Text dimColor>{narrow ? '  ? h q' : '   ? help · h history · q leave'}</Text>
    </Text>
  );
}

function PromptBar({
  view,
  decision,
  input,
  name,
  state,
  layout,
}: {
  view: TableView;
  decision: Decision | null;
  input: TurnInput | null;
  name: (p: number) => string;
  state: GameState;
  layout: Layout;
}) {
  const theme = useTheme();
  if (decision === null || input === null) {
    const due = dueFrom(view, state);
    const kind = view.players.find((p) => p.id === due)?.kind;
    const drawing = DRAWS[state.phase];
    // A move of a person here that is not asked yet is on its way (automatic defence, a blitz).
    const text =
      drawing !== undefined
        ? `Every player rolls the dice together: ${drawing}…`
        : kind === 'you' || kind === 'human'
          ? state.phase === 'defend'
            ? 'Defending with the most dice…'
            : 'Your move is on its way…'
          : due >= 0 && view.gone[due] !== undefined
            ? `${name(due)} ${goneWord(view.gone[due]) ?? 'left'}: waiting for them to come back, or to be made neutral…`
            : due >= 0
              ? `Waiting for ${name(due)} to ${DOING[state.phase]}…`
              : 'Waiting…';
    return (
      <Box flexDirection="column" borderStyle="single" borderLeft={false} borderRight={false} borderBottom={false}>
        <Text wrap="truncate-end">{text}</Text>
        <Text dimColor wrap="truncate-end">
          {view.blitz ? 'Blitz in progress' : ' '}
        </Text>
        <Text dimColor wrap="truncate-end">
          ? help · h history · q leave the game
        </Text>
      </Box>
    );
  }
  const text = promptText(decision, input, name);
  // On the small map neighbours are not drawn: name them.
  const neighbours =
    layout === 'small' && input.cursor >= 0 && candidatesFor(decision, input.step).length > 0 && !input.message
      ? ` · borders ${decision.state.board.adjacency[input.cursor]!.map((t) => territoryCode(decision.state.board, t)).join(' ')}`
      : '';
  return (
    <Box flexDirection="column" borderStyle="single" borderLeft={false} borderRight={false} borderBottom={false}>
      <Text bold wrap="truncate-end">
        {/* Several people share this keyboard: say whose question it is. */}
        {view.mode === 'hotseat' && input.step.kind !== 'defend' ? `${name(decision.player)}: ` : ''}
        {text.title}
      </Text>
      <Text wrap="truncate-end">
        {input.message ? (
          <Text {...tint(theme, 'yellow')} bold>
            {input.message}
          </Text>
        ) : (
          (text.detail || ' ') + neighbours
        )}
        {input.search ? <Text dimColor>{`  [typed: ${input.search}]`}</Text> : null}
      </Text>
      <Text dimColor wrap="truncate-end">
        {layout === 'small' || layout === 'list' ? text.keys : `${text.keys} · ? help · h history · q leave`}
      </Text>
    </Box>
  );
}
