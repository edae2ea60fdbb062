// Hot seat: who sits at this keyboard. Each row is a player: Enter renames it (typing goes into the
// name only then, so q, y and other command keys never land in a name), ←→ switch between a person
// and a bot, +/- for more or fewer players; the last row starts the game.
import { Box, Text, useInput, type Key } from 'ink';
import { useRef, useState } from 'react';
import { isCtrlC, splitKeys } from './keys.js';
import { SEAT_KINDS, type HotSeatPlayer, type SeatKind } from './launcher.js';
import { editText } from './text-field.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

const KIND_LABEL: Record<SeatKind, string> = { human: 'person', easy: 'easy bot', normal: 'normal bot', hard: 'hard bot' };

const defaultPlayer = (i: number): HotSeatPlayer => ({ name: `Player ${i + 1}`, kind: 'human' });

export interface HotSeatForm {
  readonly players: readonly HotSeatPlayer[];
  /** The row under the cursor; `players.length` is the "Start the game" row. */
  readonly row: number;
  /** True while the name in `row` is being typed. */
  readonly editing: boolean;
  readonly problem: string | null;
}

export type HotSeatOutcome = { readonly form: HotSeatForm; readonly start?: HotSeatPlayer[]; readonly back?: true };

export function initialHotSeatForm(players?: readonly HotSeatPlayer[]): HotSeatForm {
  return { players: players ? [...players] : [defaultPlayer(0), defaultPlayer(1), { name: 'Bot 3', kind: 'normal' }], row: 0, editing: false, problem: null };
}

/** One key on the hot-seat form. Pure, so that several keys arriving at once are applied in turn. */
export function hotSeatKey(form: HotSeatForm, input: string, key: Key): HotSeatOutcome {
  const { players, row } = form;
  const set = (change: Partial<HotSeatForm>): HotSeatOutcome => ({ form: { ...form, problem: null, ...change } });
  const rename = (name: string) => players.map((p, i) => (i === row ? { ...p, name } : p));
  if (form.editing) {
    if (key.return || key.escape || key.tab || key.upArrow || key.downArrow) {
      const name = players[row]!.name.trim() || defaultPlayer(row).name;
      return set({ players: rename(name), editing: false });
    }
    const edited = editText(players[row]!.name, input, key, 24);
    return edited === null ? { form } : set({ players: rename(edited) });
  }
  if (key.escape || isCtrlC(input, key) || input === 'q') return { form, back: true };
  if (key.upArrow) return set({ row: Math.max(0, row - 1) });
  if (key.downArrow || key.tab) return set({ row: Math.min(players.length, row + 1) });
  if ((key.leftArrow || key.rightArrow) && row < players.length) {
    const p = players[row]!;
    const k = SEAT_KINDS.indexOf(p.kind);
    const kind = SEAT_KINDS[(k + (key.rightArrow ? 1 : SEAT_KINDS.length - 1)) % SEAT_KINDS.length]!;
    return set({ players: players.map((q, i) => (i === row ? { ...q, kind } : q)) });
  }
  if (input === '+') {
    if (players.length >= 6) return set({ problem: 'At most 6 players' });
    return set({ players: [...players, defaultPlayer(players.length)], row: row === players.length ? row + 1 : row });
  }
  if (input === '-') {
    if (players.length <= 2) return set({ problem: 'At least 2 players' });
    return set({ players: players.slice(0, -1), row: Math.min(row, players.length - 1) });
  }
  if (key.return && row < players.length) return set({ editing: true });
  if (key.return || input === 's') {
    if (!players.some((p) => p.kind === 'human')) return set({ problem: 'At least one player must be a person' });
    return { form, start: players.map((p, i) => ({ ...p, name: p.name.trim() || defaultPlayer(i).name })) };
  }
  if (/^[\p{L}\p{N}]/u.test(input) && !key.ctrl && !key.meta) return set({ problem: 'Enter renames this player · s starts the game' });
  return { form };
}

export function HotSeatSetup({ initial, onStart, onBack }: { initial?: readonly HotSeatPlayer[]; onStart: (players: HotSeatPlayer[]) => void; onBack: () => void }) {
  const theme = useTheme();
  // The form lives in a ref as well: keys that arrive together each see the one before.
  const current = useRef(initialHotSeatForm(initial));
  const [form, setForm] = useState(current.current);

  useInput((text, k) => {
    for (const [input, key] of splitKeys(text, k)) {
      const outcome = hotSeatKey(current.current, input, key);
      current.current = outcome.form;
      setForm(outcome.form);
      if (outcome.back) return onBack();
      if (outcome.start) return onStart(outcome.start);
    }
  });

  const { players, row, editing, problem } = form;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Hot seat: {players.length} players at this keyboard</Text>
      <Text dimColor>Between turns a “pass to …” screen hides the next player’s cards until they are ready.</Text>
      <Text> </Text>
      {players.map((p, i) => (
        <Text key={i} inverse={i === row && !editing}>
          {i === row ? '▸ ' : '  '}
          <Text {...tint(theme, playerColor(i))}>{playerMark(i)}</Text>{' '}
          {i === row && editing ? (
            <Text underline>
              {p.name}
              <Text inverse> </Text>
              {' '.repeat(Math.max(0, 23 - p.name.length))}
            </Text>
          ) : (
            p.name.padEnd(24)
          )}{' '}
          ◂ {KIND_LABEL[p.kind].padEnd(10)} ▸
        </Text>
      ))}
      <Text inverse={row === players.length}>{row === players.length ? '▸ ' : '  '}Start the game</Text>
      <Text> </Text>
      {problem ? <Text bold>{problem}</Text> : null}
      <Text dimColor>
        {editing
          ? 'type the name · Backspace deletes · Enter done'
          : '↑↓ choose a row · Enter rename · ←→ person or bot · + / - players · s or Start the game · q/Esc back'}
      </Text>
    </Box>
  );
}
