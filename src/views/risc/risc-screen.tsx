// A RISC game in the Ink UI, from one seat of a match (against bots, or networked): the board with
// every territory's units and neighbours, what happened in each turn (every battle told round its
// list), the orders so far, and the RISC questions — placement one territory at a time, then
// (M)ove, (A)ttack, (D)one — answered in a one-line field. Three layouts: 80×24 (two territories
// a line with neighbour codes; Tab switches between the board and the last turn's report), 120×40
// (one territory a line by name, the last turn below) and 200×60 (the turn's story beside the board).
import { Box, Text, useInput, useWindowSize } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { Placement, RiscOrder, RiscState } from '../../model/risc/index.js';
import type { RiscSeat } from '../../sessions/risc-local.js';
import { isCtrlC } from '../keys.js';
import { editText } from '../text-field.js';
import {
  answerOrder,
  answerPlacement,
  NEW_PLANNING,
  newPlacing,
  orderPrompt,
  type Placing,
  type Planning,
  placementPrompt,
} from './dialogue.js';
import { compactBoard, fullBoard, type Line, ordersLine, wrap } from './layout.js';
import type { RiscEnd, RiscMatch } from './match.js';
import { LineOfPieces } from './pieces.js';
import { endText, turnLines } from './text.js';

type Asking =
  | {
      readonly kind: 'place';
      readonly state: RiscState;
      readonly placing: Placing;
      readonly resolve: (p: readonly Placement[] | null) => void;
    }
  | {
      readonly kind: 'orders';
      readonly state: RiscState;
      readonly planning: Planning;
      readonly resolve: (o: readonly RiscOrder[] | null) => void;
    };

/** Kept for the report pane: the story of the last turns. */
const LOG_KEPT = 400;

export interface RiscScreenProps {
  readonly match: RiscMatch;
  readonly onLeave: () => void;
  /** Terminal size; by default the real one, following resizes. */
  readonly size?: { readonly columns: number; readonly rows: number };
}

/** Which layout a terminal gets. */
export function riscLayout(columns: number, rows: number): 'small' | 'medium' | 'big' {
  if (columns >= 160 && rows >= 40) return 'big';
  if (columns >= 90 && rows >= 34) return 'medium';
  return 'small';
}

export function RiscGameScreen({ match, onLeave, size }: RiscScreenProps) {
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const layout = riscLayout(columns, rows);
  // Read by the match's callbacks, which outlive a resize.
  const smallRef = useRef(layout === 'small');
  smallRef.current = layout === 'small';
  const me = match.me;
  const [state, setState] = useState<RiscState | null>(null);
  const [log, setLog] = useState<string[]>([...match.notes]);
  // Before the first turn: what the match has to say (who plays, where the record goes).
  const [lastTurn, setLastTurn] = useState<string[]>([...match.notes]);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [input, setInput] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [end, setEnd] = useState<RiscEnd | null>(null);
  const [pane, setPane] = useState<'board' | 'report'>('board');
  const askingRef = useRef<Asking | null>(null);
  const ask = (a: Asking | null) => {
    askingRef.current = a;
    setAsking(a);
  };

  useEffect(() => {
    let alive = true;
    const you: RiscSeat = {
      name: match.players[me]?.name ?? 'you',
      kind: 'human',
      place: (s, player) =>
        new Promise((resolve) => {
          if (!alive) return resolve(null);
          setState(s);
          ask({ kind: 'place', state: s, placing: newPlacing(s, player), resolve });
        }),
      orders: (s) =>
        new Promise((resolve) => {
          if (!alive) return resolve(null);
          setState(s);
          setMessage(null);
          ask({ kind: 'orders', state: s, planning: NEW_PLANNING, resolve });
        }),
    };
    match
      .play(you, {
        onExecuted: (s, turn, events) => {
          if (!alive) return;
          setState(s);
          const lines = turnLines(s, turn, events);
          setLastTurn(lines);
          setLog((old) => [...old, ...lines].slice(-LOG_KEPT));
          // A small screen shows the battles first: the person reads them, then Tab shows the board.
          if (turn > 0 && smallRef.current && events.some((e) => e.kind === 'battle')) setPane('report');
        },
        onNote: (text) => {
          if (!alive) return;
          setLog((old) => [...old, text].slice(-LOG_KEPT));
          setMessage(text);
        },
      })
      .then(
        (result) => {
          if (!alive) return;
          if (result.how === 'left') return onLeave();
          setState(result.state);
          setEnd(result);
          ask(null);
        },
        (error: Error) =>
          alive && setEnd({ state: null, how: 'broken', reason: error.message, violations: [], notes: [] }),
      );
    return () => {
      alive = false;
      askingRef.current?.resolve(null);
      match.leave();
    };
  }, []);

  const submit = (line: string) => {
    const a = askingRef.current;
    if (a === null) return;
    setInput('');
    if (a.kind === 'place') {
      const r = answerPlacement(a.state, a.placing, line);
      if (r.kind === 'quit') return leave();
      if (r.kind === 'done') {
        setMessage('Placement committed. Waiting for the others…');
        ask(null);
        return a.resolve(r.placement);
      }
      setMessage(r.message ?? null);
      return ask({ ...a, placing: r.placing });
    }
    const r = answerOrder(a.state, me, a.planning, line);
    if (r.kind === 'quit') return leave();
    if (r.kind === 'done') {
      setMessage(`Orders committed (${r.orders.length}). Waiting for the others…`);
      ask(null);
      return a.resolve(r.orders);
    }
    setMessage(r.message ?? null);
    ask({ ...a, planning: r.planning });
  };

  const leave = () => {
    const a = askingRef.current;
    ask(null);
    a?.resolve(null);
    match.leave();
  };

  useInput((ch, key) => {
    if (isCtrlC(ch, key)) return end === null ? leave() : onLeave();
    if (key.tab) return setPane((p) => (p === 'board' ? 'report' : 'board'));
    if (end !== null) {
      if (key.return || key.escape || ch === 'q') onLeave();
      return;
    }
    if (key.return) return submit(input);
    if (key.escape) return submit('');
    if (/[\r\n]/.test(ch)) {
      // Pasted or fast-typed text arrives in one piece: each line break is an Enter.
      const [first = '', ...more] = ch.split(/\r\n|[\r\n]/);
      submit(input + first);
      for (const line of more.slice(0, -1)) submit(line);
      return setInput(more.at(-1) ?? '');
    }
    const edited = editText(input, ch, key, 80);
    if (edited !== null) setInput(edited);
  });

  // ---- what goes where ----
  const small = layout === 'small';
  const width = Math.max(20, columns - 1);
  const prompt =
    end !== null
      ? 'Enter: back to the menu'
      : asking === null
        ? 'Waiting for the others to commit…'
        : asking.kind === 'place'
          ? placementPrompt(asking.state, asking.placing)
          : orderPrompt(asking.state, me, asking.planning, small);
  const promptLines = prompt.split('\n').flatMap((l) => wrap(l, width));
  // Long messages (help, the rules, a listing) take the main pane until the next answer.
  const messageLines = (message ?? '')
    .split('\n')
    .filter((l) => l !== '')
    .flatMap((l) => wrap(l, width));
  const messageRoom = small ? 2 : 4;
  const messageInPane = messageLines.length > messageRoom;
  const endLines = end === null ? [] : endText(end, me).flatMap((l) => wrap(l, width));
  const bottom: string[] = [
    ...(asking?.kind === 'orders' ? [ordersLine(asking.state, asking.planning.orders, width)] : []),
    ...(end !== null ? endLines : messageInPane ? [] : messageLines),
    ...promptLines,
  ];
  // The title, a blank line under the pane, the input line, and one row spare at the bottom.
  const paneRows = Math.max(3, rows - 4 - bottom.length);

  const board: Line[] =
    state === null ? [[{ text: 'starting…' }]] : small ? compactBoard(state, me, width) : fullBoard(state, me);
  const story = (lines: readonly string[]) => lines.flatMap((l) => wrap(l, width)).map((text): Line => [{ text }]);
  const reportLines = story(lastTurn.length > 0 ? lastTurn : ['No turn has been played yet.']);
  let main: Line[];
  let side: Line[] | null = null;
  if (messageInPane) main = messageLines.map((text) => [{ text }]);
  else if (layout === 'big') {
    main = board;
    const sideWidth = Math.max(30, columns - 104);
    side = log.flatMap((l) => wrap(l, sideWidth)).map((text): Line => [{ text }]);
  } else if (pane === 'report') main = reportLines;
  else if (layout === 'medium') {
    // The last turn under the board, from its heading on; Tab shows all of it.
    const below = paneRows - board.length - 1;
    const head = below >= 2 ? reportLines.slice(0, below) : [];
    if (head.length < reportLines.length && head.length > 0)
      head[head.length - 1] = [
        { text: `… ${reportLines.length - head.length + 1} more lines: Tab shows the whole turn`, dim: true },
      ];
    main = [...board, ...(head.length > 0 ? [[{ text: '' }], ...head] : [])];
  } else main = board;
  const cut = (lines: Line[], n: number) =>
    lines.length <= n
      ? lines
      : [...lines.slice(0, n - 1), [{ text: `… ${lines.length - n + 1} more lines`, dim: true }]];

  const when =
    state === null
      ? 'starting'
      : state.phase === 'placement'
        ? 'placement'
        : state.phase === 'over'
          ? 'game over'
          : `turn ${state.turn}${state.turnLimit !== null ? ` of ${state.turnLimit}` : ''}`;
  const tab = layout === 'big' ? '' : `Tab: ${pane === 'board' ? 'last turn' : 'board'} · `;
  const title = `RISC · ${when} · ${small ? '' : 'everyone orders at once, in secret · '}${tab}Ctrl-C leave`;
  const render = (line: Line, i: number) => <LineOfPieces key={i} line={line} />;
  return (
    <Box flexDirection="column" width={columns}>
      <Text wrap="truncate-end" bold>
        {title}
      </Text>
      <Box flexDirection="row" height={paneRows} marginBottom={1}>
        <Box flexDirection="column" width={side === null ? width : 104}>
          {cut(main, paneRows).map(render)}
        </Box>
        {side !== null ? (
          <Box flexDirection="column" width={columns - 105}>
            {side.slice(-paneRows).map(render)}
          </Box>
        ) : null}
      </Box>
      {bottom.map((line, i) => (
        <Text key={`b${i}`} wrap="truncate-end" bold={i === bottom.length - promptLines.length}>
          {line}
        </Text>
      ))}
      {end === null && asking !== null ? (
        <Text wrap="truncate-end">
          › {input}
          <Text inverse> </Text>
        </Text>
      ) : null}
    </Box>
  );
}
