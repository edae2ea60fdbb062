// The RISC game in the Ink UI: the state listed per player (units and neighbours), what happened
// last turn, and the RISC questions — placement one territory at a time, then (M)ove, (A)ttack,
// (D)one — answered in a one-line field. The same dialogue as the plain client; the bots are seats
// of the same local driver, and everything goes through commit and reveal.
import { Box, Text, useInput, useStdout } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { RiscBotKind } from '../../ai/risc/bots.js';
import { botSeats } from '../../ai/risc/seat.js';
import type { RiscRecordLine } from '../../core/risc/record.js';
import type { Placement, RiscOrder, RiscState } from '../../model/risc/index.js';
import { territoriesOf, unitsOf } from '../../model/risc/index.js';
import { type RiscSeat, runRiscLocal } from '../../sessions/risc-local.js';
import { isCtrlC } from '../keys.js';
import { editText } from '../text-field.js';
import { playerColor, playerMark, useTheme } from '../theme.js';
import {
  answerOrder,
  answerPlacement,
  NEW_PLANNING,
  newPlacing,
  orderPrompt,
  orderText,
  type Placing,
  type Planning,
  placementPrompt,
} from './dialogue.js';
import { RISC_BOT_NAMES } from './plain.js';
import { eventLines, nameOf } from './text.js';

export interface RiscGameOptions {
  readonly name: string;
  readonly players: number;
  readonly bot: RiscBotKind;
  readonly seed: number;
  readonly startUnits?: number;
  readonly onRecord?: (line: RiscRecordLine) => void;
}

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

const LOG_LINES = 8;

export function RiscGameScreen({
  options,
  onLeave,
  rows,
}: {
  options: RiscGameOptions;
  onLeave: () => void;
  rows?: number;
}) {
  const { color } = useTheme();
  const { stdout } = useStdout();
  const [state, setState] = useState<RiscState | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [input, setInput] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const askingRef = useRef<Asking | null>(null);
  const ask = (a: Asking | null) => {
    askingRef.current = a;
    setAsking(a);
  };

  useEffect(() => {
    let alive = true;
    const you: RiscSeat = {
      name: options.name,
      kind: 'human',
      place: (s, player) =>
        new Promise((resolve) => {
          setState(s);
          ask({ kind: 'place', state: s, placing: newPlacing(s, player), resolve });
        }),
      orders: (s) =>
        new Promise((resolve) => {
          setState(s);
          setMessage(null);
          ask({ kind: 'orders', state: s, planning: NEW_PLANNING, resolve });
        }),
    };
    const names = [options.name, ...RISC_BOT_NAMES.slice(0, options.players - 1).map((n) => `${n} (bot)`)];
    runRiscLocal({
      seats: [you, ...botSeats(names.slice(1), [options.bot], options.seed)],
      seed: options.seed,
      turnCap: 1000,
      ...(options.startUnits !== undefined ? { startUnits: options.startUnits } : {}),
      ...(options.onRecord ? { onRecord: options.onRecord } : {}),
      onRound: (s) => alive && setState(s),
      onExecuted: (s, turn, events) => {
        if (!alive) return;
        setState(s);
        const lines =
          turn === 0
            ? ['Everyone has placed their units.']
            : [`Turn ${turn}:`, ...(events.length ? eventLines(s, events) : ['no one moved or attacked'])];
        setLog((old) => [...old, ...lines].slice(-LOG_LINES));
      },
    }).then(
      (result) => {
        if (!alive) return;
        if (result.stopped === 'left') return onLeave();
        const s = result.state;
        setState(s);
        setOver(
          s.winner === 0
            ? 'You hold every territory. You win!'
            : s.winner !== null
              ? `${s.players[s.winner]!.name} wins.`
              : 'The game ended without a winner.',
        );
      },
      (error: Error) => alive && setOver(`The game stopped: ${error.message}`),
    );
    return () => {
      alive = false;
      askingRef.current?.resolve(null);
    };
  }, []);

  const submit = (line: string) => {
    const a = askingRef.current;
    if (a === null) return;
    setInput('');
    if (a.kind === 'place') {
      const r = answerPlacement(a.state, a.placing, line);
      if (r.kind === 'quit') {
        ask(null);
        return a.resolve(null);
      }
      if (r.kind === 'done') {
        setMessage('Placement committed. Waiting for the others…');
        ask(null);
        return a.resolve(r.placement);
      }
      setMessage(r.message ?? null);
      return ask({ ...a, placing: r.placing });
    }
    const r = answerOrder(a.state, 0, a.planning, line);
    if (r.kind === 'quit') {
      ask(null);
      return a.resolve(null);
    }
    if (r.kind === 'done') {
      setMessage(`Orders committed (${r.orders.length}). Waiting for the others…`);
      ask(null);
      return a.resolve(r.orders);
    }
    setMessage(r.message ?? null);
    ask({ ...a, planning: r.planning });
  };

  useInput((ch, key) => {
    if (isCtrlC(ch, key)) {
      if (askingRef.current) return submit('q');
      return onLeave();
    }
    if (over !== null) {
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

  const paint = (player: number, text: string) => (
    <Text color={color ? playerColor(player) : undefined} bold>
      {playerMark(player)} {text}
    </Text>
  );
  // One line per territory with its neighbours when the terminal is tall enough; else a line per player.
  const height = rows ?? (stdout as { rows?: number }).rows ?? 50;
  const roomy = state === null || height >= state.board.territories.length + 2 * state.players.length + LOG_LINES + 10;
  const prompt =
    asking === null
      ? null
      : asking.kind === 'place'
        ? placementPrompt(asking.state, asking.placing)
        : orderPrompt(asking.state, 0, asking.planning);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text>
        <Text bold inverse>
          {' '}
          RISC{' '}
        </Text>{' '}
        {state === null ? 'starting…' : state.phase === 'placement' ? 'placement' : `turn ${state.turn}`} · everyone
        orders at once, in secret · Ctrl-C leave
      </Text>
      {state === null
        ? null
        : state.players.map((p) => (
            <Box key={p.id} flexDirection="column">
              <Text>
                {paint(p.id, `${p.name}${p.id === 0 ? ' (you)' : ''}`)}
                <Text dimColor>
                  {' '}
                  {unitsOf(state, p.id)} units{state.lost[p.id] ? ' — lost' : state.expelled[p.id] ? ' — expelled' : ''}
                </Text>
              </Text>
              {roomy ? (
                territoriesOf(state, p.id).map((t) => (
                  <Text key={t}>
                    {String(state.units[t]).padStart(5)} in {nameOf(state, t)}
                    <Text dimColor>
                      {' '}
                      (next to: {state.board.adjacency[t]!.map((n) => nameOf(state, n)).join(', ')})
                    </Text>
                  </Text>
                ))
              ) : (
                <Text>
                  {'   '}
                  {territoriesOf(state, p.id)
                    .map((t) => `${nameOf(state, t)} ${state.units[t]}`)
                    .join(' · ')}
                </Text>
              )}
            </Box>
          ))}
      {log.length > 0 ? (
        <Box flexDirection="column" marginTop={1}>
          {log.map((line, i) => (
            <Text key={i} dimColor={i < log.length - 1 && !line.startsWith('Turn')}>
              {line}
            </Text>
          ))}
        </Box>
      ) : null}
      {asking?.kind === 'orders' && asking.planning.orders.length > 0 ? (
        <Text>Your orders: {asking.planning.orders.map((o) => orderText(asking.state, o)).join('; ')}</Text>
      ) : null}
      {message ? <Text color={color ? 'yellow' : undefined}>{message}</Text> : null}
      {over !== null ? (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>{over}</Text>
          <Text dimColor>Enter: back</Text>
        </Box>
      ) : prompt !== null ? (
        <Box flexDirection="column" marginTop={1}>
          {prompt.split('\n').map((line, i) => (
            <Text key={i} bold={i === 0}>
              {line}
            </Text>
          ))}
          <Text>
            › {input}
            <Text inverse> </Text>
          </Text>
        </Box>
      ) : (
        <Text dimColor>waiting for the others…</Text>
      )}
    </Box>
  );
}
