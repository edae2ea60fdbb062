// Hot seat: who sits at this keyboard. Each row is a player: Enter renames it (typing goes into the
// name only then, so q, y and other command keys never land in a name), ←→ switch between a person
// and a bot, +/- for more or fewer players; then the house rules (←→ or space changes one); the
// last row starts the game.
import { Box, type Key, Text, useInput } from 'ink';
import { useRef, useState } from 'react';
import type { Rules } from '../protocol/rules.js';
import { isCtrlC, splitKeys } from './keys.js';
import { type HotSeatPlayer, SEAT_KINDS, type SeatKind } from './launcher.js';
import { RuleRow } from './rules-fields.js';
import { cycledRule, type RuleField, ruleFields, rulesFor } from './rules-words.js';
import { editText } from './text-field.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';

const KIND_LABEL: Record<SeatKind, string> = {
  human: 'person',
  easy: 'easy bot',
  normal: 'normal bot',
  hard: 'hard bot',
};

const defaultPlayer = (i: number): HotSeatPlayer => ({ name: `Player ${i + 1}`, kind: 'human' });

/** Whom a new form starts with: you (your name from the settings), a second person, and a bot of your kind. */
export interface HotSeatYou {
  readonly name: string;
  readonly bot: Exclude<SeatKind, 'human'>;
}

export interface HotSeatForm {
  readonly players: readonly HotSeatPlayer[];
  /** The house rules chosen so far (defaults left out). */
  readonly rules: Rules;
  /** The row under the cursor: the players, then the rules, then the "Start the game" row. */
  readonly row: number;
  /** True while the name in `row` is being typed. */
  readonly editing: boolean;
  readonly problem: string | null;
}

export type HotSeatOutcome = { readonly form: HotSeatForm; readonly start?: HotSeatPlayer[]; readonly back?: true };

export function initialHotSeatForm(
  players?: readonly HotSeatPlayer[],
  rules: Rules = {},
  you: HotSeatYou = { name: defaultPlayer(0).name, bot: 'normal' },
): HotSeatForm {
  return {
    players: players
      ? [...players]
      : [{ name: you.name, kind: 'human' }, defaultPlayer(1), { name: 'Bot 3', kind: you.bot }],
    rules,
    row: 0,
    editing: false,
    problem: null,
  };
}

/** The rule rows the form shows now. */
export function hotSeatRules(form: Pick<HotSeatForm, 'players' | 'rules'>): RuleField[] {
  return ruleFields(form.players.length, form.rules);
}

/** The row the cursor moves to when the rows change: the same player, rule or the start row. */
function sameRow(before: HotSeatForm, after: Pick<HotSeatForm, 'players' | 'rules'>): number {
  const n = before.players.length;
  const fields = hotSeatRules(before);
  const nextFields = hotSeatRules(after);
  const start = after.players.length + nextFields.length;
  if (before.row < n) return Math.min(before.row, after.players.length - 1);
  if (before.row < n + fields.length) {
    const at = nextFields.indexOf(fields[before.row - n]!);
    return at >= 0 ? after.players.length + at : start;
  }
  return start;
}

/** One key on the hot-seat form. Pure, so that several keys arriving at once are applied in turn. */
export function hotSeatKey(form: HotSeatForm, input: string, key: Key): HotSeatOutcome {
  const { players, row } = form;
  const fields = hotSeatRules(form);
  const startRow = players.length + fields.length;
  const rule = row >= players.length && row < startRow ? fields[row - players.length] : undefined;
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
  if (key.downArrow || key.tab) return set({ row: Math.min(startRow, row + 1) });
  if (rule !== undefined && (key.leftArrow || key.rightArrow || input === ' ')) {
    const rules = cycledRule(form.rules, rule, key.leftArrow ? -1 : 1, players.length);
    return set({ rules, row: sameRow(form, { players, rules }) });
  }
  if ((key.leftArrow || key.rightArrow) && row < players.length) {
    const p = players[row]!;
    const k = SEAT_KINDS.indexOf(p.kind);
    const kind = SEAT_KINDS[(k + (key.rightArrow ? 1 : SEAT_KINDS.length - 1)) % SEAT_KINDS.length]!;
    return set({ players: players.map((q, i) => (i === row ? { ...q, kind } : q)) });
  }
  if (input === '+') {
    if (players.length >= 6) return set({ problem: 'At most 6 players' });
    const more = [...players, defaultPlayer(players.length)];
    return set({ players: more, row: sameRow(form, { players: more, rules: form.rules }) });
  }
  if (input === '-') {
    if (players.length <= 2) return set({ problem: 'At least 2 players' });
    const fewer = players.slice(0, -1);
    const rules = rulesFor(form.rules, fewer.length);
    return set({ players: fewer, rules, row: sameRow(form, { players: fewer, rules }) });
  }
  if (key.return && row < players.length) return set({ editing: true });
  if (key.return || input === 's') {
    if (!players.some((p) => p.kind === 'human')) return set({ problem: 'At least one player must be a person' });
    return { form, start: players.map((p, i) => ({ ...p, name: p.name.trim() || defaultPlayer(i).name })) };
  }
  if (/^[\p{L}\p{N}]/u.test(input) && !key.ctrl && !key.meta) {
    return set({
      problem:
        rule === undefined
          ? 'Enter renames this player · s starts the game'
          : '←→ changes this rule · s starts the game',
    });
  }
  return { form };
}

export function HotSeatSetup({
  initial,
  initialRules = {},
  you,
  onStart,
  onBack,
}: {
  initial?: readonly HotSeatPlayer[];
  initialRules?: Rules;
  you?: HotSeatYou;
  onStart: (players: HotSeatPlayer[], rules: Rules) => void;
  onBack: () => void;
}) {
  const theme = useTheme();
  // The form lives in a ref as well: keys that arrive together each see the one before.
  const current = useRef(initialHotSeatForm(initial, initialRules, you));
  const [form, setForm] = useState(current.current);

  useInput((text, k) => {
    for (const [input, key] of splitKeys(text, k)) {
      const outcome = hotSeatKey(current.current, input, key);
      current.current = outcome.form;
      setForm(outcome.form);
      if (outcome.back) return onBack();
      if (outcome.start) return onStart(outcome.start, outcome.form.rules);
    }
  });

  const { players, rules, row, editing, problem } = form;
  const fields = hotSeatRules(form);
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
      <Text> </Text>
      {fields.map((f, i) => (
        <RuleRow key={f} rules={rules} field={f} focus={row === players.length + i} players={players.length} />
      ))}
      <Text> </Text>
      <Text inverse={row === players.length + fields.length}>
        {row === players.length + fields.length ? '▸ ' : '  '}Start the game
      </Text>
      <Text> </Text>
      {problem ? <Text bold>{problem}</Text> : null}
      <Text dimColor>
        {editing
          ? 'type the name · Backspace deletes · Enter done'
          : '↑↓ choose a row · Enter rename · ←→ person or bot, or a rule · + / - players · s or Start the game · q/Esc back'}
      </Text>
    </Box>
  );
}
