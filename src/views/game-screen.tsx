// The game screen: the board (world map, or a compact list on small terminals), the players, the
// viewer's cards, the last battle's dice, the story so far, and the question of the moment.
// Keys go to the move in progress; "?" and "q" work everywhere.
import { Box, Text, useInput, useWindowSize } from 'ink';
import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { GameState } from '../model/index.js';
import { BattlePanel } from './battle-panel.js';
import { NO_HIGHLIGHT, type Highlight } from './board-marks.js';
import { CardsPanel } from './cards-panel.js';
import { CompactBoard, compactLayout } from './compact-board.js';
import { EventLog } from './event-log.js';
import { GameOver } from './game-over.js';
import { HelpScreen } from './help-screen.js';
import { isCtrlC, uiKeys } from './keys.js';
import { MAP_HEIGHT, MAP_WIDTH, mapFits, mapPieces, territoryCode } from './map-layout.js';
import { PassScreen, QuitConfirm } from './overlays.js';
import { PlayersPanel } from './players-panel.js';
import { promptText } from './prompt-text.js';
import type { PendingDecision, Table, TableView } from './table.js';
import { tint, useTheme } from './theme.js';
import { beginInput, candidatesFor, plannedArmies, pressKey, type Decision, type TurnInput } from './turn-input.js';
import { WorldMap } from './world-map.js';

export interface GameScreenProps {
  readonly table: Table;
  /** How long the dice tumble before settling (0 in tests). */
  readonly rollMs?: number;
  /** Terminal size; by default the real one, following resizes. */
  readonly size?: { readonly columns: number; readonly rows: number };
  /** The player is done with this game: back to the menu, or quit the program. */
  readonly onLeave: (how: 'menu' | 'exit') => void;
}

const MAP_POSITIONS = mapPieces().positions;
// The drawn map is the classic board's; any other board is shown as the compact list.
const fits = new WeakMap<object, boolean>();
const drawable = (board: GameState['board']) => fits.get(board) ?? fits.set(board, mapFits(board)).get(board)!;
/** Below this size the compact list replaces the map. */
export const FULL_LAYOUT = { columns: MAP_WIDTH, rows: 37 };

const PHASE_NAMES: Record<GameState['phase'], string> = {
  first_player: 'drawing the first player',
  shuffle_deck: 'shuffling the cards',
  deal_missions: 'dealing secret missions',
  deal: 'dealing territories',
  setup: 'setup',
  capitals: 'choosing capitals',
  cards: 'cards',
  deploy: 'reinforce',
  attack: 'attack',
  defend: 'attack (defence)',
  capture: 'attack (moving in)',
  over: 'game over',
};

/** Whether this table shows the decision to the person at the keyboard now. */
function isLocal(view: TableView, decision: PendingDecision | null): boolean {
  if (decision === null) return false;
  const kind = view.players.find((p) => p.id === decision.player)?.kind;
  return kind === 'you' || kind === 'human';
}

/** In hot seat, a decision other than setup or defence is private: the right player must be at the keyboard. */
function needsPass(view: TableView, decision: PendingDecision | null, viewer: number | null): boolean {
  if (view.mode !== 'hotseat' || decision === null || !isLocal(view, decision)) return false;
  const phase = decision.state.phase;
  return phase !== 'setup' && phase !== 'defend' && viewer !== decision.player;
}

export function GameScreen({ table, rollMs = 600, size, onLeave }: GameScreenProps) {
  const view = useSyncExternalStore(table.subscribe, table.getView);
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const [overlay, setOverlay] = useState<null | 'help' | 'leave' | 'exit'>(null);
  const [viewer, setViewer] = useState<number | null>(() => view.players.find((p) => p.kind === 'you')?.id ?? null);
  const [held, setHeld] = useState<{ id: number; input: TurnInput } | null>(null);
  const lastInput = useRef<TurnInput | undefined>(undefined);

  const state = view.state;
  const decision = isLocal(view, view.decision) ? view.decision! : null;
  const fresh = useMemo(() => (decision ? beginInput(decision, lastInput.current) : null), [decision?.id]);
  const input = decision ? (held?.id === decision.id ? held.input : fresh) : null;
  const full = columns >= FULL_LAYOUT.columns && rows >= FULL_LAYOUT.rows && (state === null || drawable(state.board));
  const positions = state === null ? [] : full ? MAP_POSITIONS : compactLayout(state.board, columns).positions;
  const passing = needsPass(view, decision, viewer);

  const leave = (how: 'menu' | 'exit') => {
    void table.quit().then(() => onLeave(how));
  };

  useInput((text, key) => {
    if (overlay === 'help') {
      if (key.escape || key.return || text === '?' || text === 'q') setOverlay(null);
      return;
    }
    if (overlay === 'leave' || overlay === 'exit') {
      if (text === 'y' || text === 'Y' || isCtrlC(text, key)) leave(overlay === 'exit' || isCtrlC(text, key) ? 'exit' : 'menu');
      else if (text === 'n' || text === 'N' || key.escape) setOverlay(null);
      return;
    }
    if (isCtrlC(text, key)) return view.over ? leave('exit') : setOverlay('exit');
    if (view.over) {
      if (key.return || key.escape) leave('menu');
      else if (text === 'q') leave('exit');
      return;
    }
    if (text === '?') return setOverlay('help');
    if (text === 'q' && (input === null || input.search === '')) return setOverlay('leave');
    if (passing) {
      if (key.return) setViewer(decision!.player);
      return;
    }
    if (decision === null || input === null || state === null) return;
    let current = input;
    for (const k of uiKeys(text, key)) {
      const result = pressKey(decision, current, k, positions, (t) => territoryCode(decision.state.board, t));
      current = result.input;
      if (result.autoDefend) table.defendAutomatically(decision.player);
      if (result.autoSetup) {
        table.placeRestAutomatically(decision.player);
        break;
      }
      if (result.action) {
        table.answer(decision.id, result.action);
        break;
      }
    }
    lastInput.current = current;
    setHeld({ id: decision.id, input: current });
  });

  if (overlay === 'help') return <HelpScreen />;
  if (overlay === 'leave' || overlay === 'exit') return <QuitConfirm mode={view.mode} exiting={overlay === 'exit'} />;
  if (state === null) {
    return (
      <Box flexDirection="column">
        <Text bold>Starting the game…</Text>
        <Text dimColor>The peers are drawing the first player and shuffling the cards. q leaves.</Text>
      </Box>
    );
  }
  if (view.over) return <GameOver view={view} state={state} name={table.nameOf} />;
  if (passing) return <PassScreen player={decision!.player} name={table.nameOf(decision!.player)} />;

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
  // Cards are shown to the viewer; in hot seat only during the viewer's own turn.
  const cardsOwner = view.mode === 'hotseat' ? (viewer !== null && shownState.current === viewer ? viewer : null) : viewer;
  const trade = decision && input?.step.kind === 'cards' && decision.player === cardsOwner ? { decision, step: input.step } : null;

  const header = <Header view={view} state={shownState} name={table.nameOf} />;
  const prompt = <PromptBar view={view} decision={decision} input={input} name={table.nameOf} state={shownState} />;
  if (full) {
    const third = Math.floor((columns - 2) / 3);
    const logRows = Math.max(3, rows - 1 - MAP_HEIGHT - 1 - 9 - 4 - 1);
    return (
      <Box flexDirection="column" width={columns}>
        {header}
        <WorldMap state={shownState} highlight={highlight} />
        <Box height={9} marginTop={1}>
          <PlayersPanel state={shownState} players={view.players} width={third + 5} />
          <Box marginLeft={1}>
            <CardsPanel state={shownState} viewer={cardsOwner} trade={trade} width={third - 5} height={9} />
          </Box>
          <Box marginLeft={1}>
            <BattlePanel battle={view.lastBattle} name={table.nameOf} width={third - 1} rollMs={rollMs} />
          </Box>
        </Box>
        <EventLog log={view.log} state={shownState} rows={logRows} width={columns - 1} />
        {prompt}
      </Box>
    );
  }
  const boardRows = compactLayout(shownState.board, columns).rows.length;
  const logRows = Math.max(1, rows - 1 - boardRows - (shownState.players.length + 1) - 4 - 4 - 1);
  return (
    <Box flexDirection="column" width={columns}>
      {header}
      <CompactBoard state={shownState} highlight={highlight} width={columns} />
      <PlayersPanel state={shownState} players={view.players} width={Math.min(columns - 1, 60)} />
      <Box height={4}>
        <CardsPanel state={shownState} viewer={cardsOwner} trade={trade} width={Math.floor(columns / 2) - 1} height={4} />
        <Box marginLeft={1}>
          <BattlePanel battle={view.lastBattle} name={table.nameOf} width={Math.floor(columns / 2) - 1} rollMs={rollMs} compact />
        </Box>
      </Box>
      <EventLog log={view.log} state={shownState} rows={logRows} width={columns - 1} />
      {prompt}
    </Box>
  );
}

function Header({ view, state, name }: { view: TableView; state: GameState; name: (p: number) => string }) {
  const who = state.current >= 0 && state.phase !== 'over' ? name(state.current) : '';
  const turn = state.turn > 0 ? `turn ${state.turn} · ` : '';
  return (
    <Text wrap="truncate-end">
      <Text bold inverse>
        {' RISK '}
      </Text>{' '}
      {turn}
      {who ? `${who} · ` : ''}
      {PHASE_NAMES[state.phase]}
      {view.mode === 'hotseat' ? ' · hot seat' : view.mode === 'quick' ? ' · quick game' : ''}
      <Text dimColor>{'   ? help · q leave'}</Text>
    </Text>
  );
}

function PromptBar({
  view,
  decision,
  input,
  name,
  state,
}: {
  view: TableView;
  decision: Decision | null;
  input: TurnInput | null;
  name: (p: number) => string;
  state: GameState;
}) {
  if (decision === null || input === null) {
    const other: PendingDecision | null = view.decision;
    const waitingFor = other !== null && !isLocal(view, other) ? other.player : state.phase === 'defend' ? state.owner[state.pendingAttack!.to]! : state.current;
    const doing = state.phase === 'defend' ? 'to defend' : state.phase === 'setup' ? 'to place an army' : `to play (${PHASE_NAMES[state.phase]})`;
    return (
      <Box flexDirection="column" borderStyle="single" borderLeft={false} borderRight={false} borderBottom={false}>
        <Text wrap="truncate-end">{waitingFor >= 0 ? `Waiting for ${name(waitingFor)} ${doing}…` : 'Waiting…'}</Text>
        <Text dimColor wrap="truncate-end">
          ? help · q leave the game
        </Text>
      </Box>
    );
  }
  const theme = useTheme();
  const text = promptText(decision, input, name);
  return (
    <Box flexDirection="column" borderStyle="single" borderLeft={false} borderRight={false} borderBottom={false}>
      <Text bold wrap="truncate-end">
        {/* Several people share this keyboard: say whose question it is. */}
        {view.mode === 'hotseat' && input.step.kind !== 'defend' ? `${name(decision.player)}: ` : ''}
        {text.title}
      </Text>
      <Text wrap="truncate-end">
        {input.message ? <Text {...tint(theme, 'yellow')} bold>
            {input.message}
          </Text> : text.detail || ' '}
        {input.search ? <Text dimColor>{`  [typed: ${input.search}]`}</Text> : null}
      </Text>
      <Text dimColor wrap="truncate-end">
        {text.keys} · ? help · q leave
      </Text>
    </Box>
  );
}
