// Hot seat: who sits at this keyboard. Each row is a player: type to rename, ←→ to switch between
// a person and a bot, +/- for more or fewer players, Enter to start.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { isCtrlC } from './keys.js';
import { SEAT_KINDS, type HotSeatPlayer, type SeatKind } from './launcher.js';
import { playerColor, playerMark, tint, useTheme } from './theme.js';
import { cycledRule, RuleRow, ruleFields } from './rules-fields.js';
import type { Rules } from '../protocol/rules.js';

const KIND_LABEL: Record<SeatKind, string> = { human: 'person', easy: 'easy bot', normal: 'normal bot', hard: 'hard bot' };

const defaultPlayer = (i: number): HotSeatPlayer => ({ name: `Player ${i + 1}`, kind: 'human' });

export function HotSeatSetup({
  initial,
  initialRules = {},
  onStart,
  onBack,
}: {
  initial?: readonly HotSeatPlayer[];
  initialRules?: Rules;
  onStart: (players: HotSeatPlayer[], rules: Rules) => void;
  onBack: () => void;
}) {
  const theme = useTheme();
  const [players, setPlayers] = useState<HotSeatPlayer[]>(() => (initial ? [...initial] : [defaultPlayer(0), defaultPlayer(1), { name: 'Bot 3', kind: 'normal' }]));
  const [row, setRow] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [rules, setRules] = useState<Rules>(initialRules);
  // Rows: the players, then the house rules.
  const fields = ruleFields(players.length, rules);
  const rows = players.length + fields.length;
  const ruleAt = (r: number) => (r >= players.length ? fields[r - players.length] : undefined);

  const change = (i: number, next: Partial<HotSeatPlayer>) => setPlayers((list) => list.map((p, k) => (k === i ? { ...p, ...next } : p)));

  useInput((input, key) => {
    if (key.escape || isCtrlC(input, key)) return onBack();
    setProblem(null);
    if (key.upArrow) return setRow((r) => Math.max(0, r - 1));
    if (key.downArrow || key.tab) return setRow((r) => Math.min(rows - 1, r + 1));
    const rule = ruleAt(row);
    if (rule !== undefined && (key.leftArrow || key.rightArrow || input === ' ')) return setRules((r) => cycledRule(r, rule, key.leftArrow ? -1 : 1));
    if (key.leftArrow || key.rightArrow) {
      const p = players[row]!;
      const k = SEAT_KINDS.indexOf(p.kind);
      const next = SEAT_KINDS[(k + (key.rightArrow ? 1 : SEAT_KINDS.length - 1)) % SEAT_KINDS.length]!;
      return change(row, { kind: next });
    }
    if (input === '+') {
      if (players.length >= 6) return setProblem('At most 6 players');
      return setPlayers((list) => [...list, defaultPlayer(list.length)]);
    }
    if (input === '-') {
      if (players.length <= 2) return setProblem('At least 2 players');
      setRow((r) => (r >= players.length - 1 ? 0 : r));
      return setPlayers((list) => list.slice(0, -1));
    }
    if (key.return) {
      if (!players.some((p) => p.kind === 'human')) return setProblem('At least one player must be a person');
      return onStart(
        players.map((p, i) => ({ ...p, name: p.name.trim() || defaultPlayer(i).name })),
        rules,
      );
    }
    if (rule !== undefined) return;
    if (key.backspace || key.delete) return change(row, { name: players[row]!.name.slice(0, -1) });
    const printable = [...input].filter((ch) => ch >= ' ').join('');
    if (printable && !key.ctrl && !key.meta) change(row, { name: (players[row]!.name + printable).slice(0, 24) });
  });

  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Hot seat: {players.length} players at this keyboard</Text>
      <Text dimColor>Between turns a “pass to …” screen hides the next player’s cards until they are ready.</Text>
      <Text> </Text>
      {players.map((p, i) => (
        <Text key={i} inverse={i === row}>
          {i === row ? '▸ ' : '  '}
          <Text {...tint(theme, playerColor(i))}>{playerMark(i)}</Text> {p.name.padEnd(24)} ◂ {KIND_LABEL[p.kind].padEnd(10)} ▸
        </Text>
      ))}
      <Text> </Text>
      {fields.map((f, i) => (
        <RuleRow key={f} rules={rules} field={f} focus={row === players.length + i} />
      ))}
      <Text> </Text>
      {problem ? <Text bold>{problem}</Text> : null}
      <Text dimColor>↑↓ choose a row · type to rename (Backspace deletes) · ←→ person or bot, or a rule · + / - players · Enter start · Esc back</Text>
    </Box>
  );
}
