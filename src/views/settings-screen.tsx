// Settings, from the menu: your name, your colour, colours and the dice animation on or off, the
// bots, the move timeout when you host, and the house rules the forms start from. ↑↓ choose a row,
// ←→ change it (typing changes the name), Enter saves, Esc goes back without saving.
import { Box, type Key, Text, useInput } from 'ink';
import { useRef, useState } from 'react';
import { isCtrlC, splitKeys } from './keys.js';
import { RuleRow } from './rules-fields.js';
import { cycledRule, type RuleField } from './rules-words.js';
import { BOT_KINDS, MOVE_TIMEOUTS, type PlayerColor, type Settings, secondsText } from './settings.js';
import { editText, TextField } from './text-field.js';
import { PLAYER_COLORS, tint, useTheme } from './theme.js';

const RULE_ROWS: readonly RuleField[] = ['variant', 'setup', 'fortify', 'cardValues', 'twoPlayer'];
const ROWS = ['name', 'color', 'colors', 'diceAnimation', 'bot', 'moveTimeoutSeconds', ...RULE_ROWS] as const;
type Row = (typeof ROWS)[number];

/** The next value in a list of choices, wrapping around. */
function cycle<T>(values: readonly T[], now: T, step: 1 | -1): T {
  const at = values.indexOf(now);
  return values[(at + step + values.length) % values.length]!;
}

/** One key on the form: the settings after it (rows other than the name change with ←→ or space). */
export function settingsKey(settings: Settings, row: Row, input: string, key: Key): Settings {
  if (row === 'name') {
    const edited = editText(settings.name, input, key, 32);
    return edited === null ? settings : { ...settings, name: edited };
  }
  if (!key.leftArrow && !key.rightArrow && input !== ' ') return settings;
  const step = key.leftArrow ? -1 : 1;
  switch (row) {
    case 'color':
      return { ...settings, color: cycle<PlayerColor | null>([null, ...PLAYER_COLORS], settings.color, step) };
    case 'colors':
      return { ...settings, colors: !settings.colors };
    case 'diceAnimation':
      return { ...settings, diceAnimation: !settings.diceAnimation };
    case 'bot':
      return { ...settings, bot: cycle(BOT_KINDS, settings.bot, step) };
    case 'moveTimeoutSeconds': {
      const listed: readonly number[] = MOVE_TIMEOUTS.includes(settings.moveTimeoutSeconds as never)
        ? MOVE_TIMEOUTS
        : [...MOVE_TIMEOUTS, settings.moveTimeoutSeconds].sort((a, b) => a - b);
      return { ...settings, moveTimeoutSeconds: cycle(listed, settings.moveTimeoutSeconds, step) };
    }
    default:
      return { ...settings, rules: cycledRule(settings.rules, row, step, 4) };
  }
}

export interface SettingsScreenProps {
  readonly settings: Settings;
  /** Where they are kept, shown to the player. */
  readonly path?: string;
  /** Saves them; null: they cannot be saved here (they still apply to this run). */
  readonly save: ((next: Settings) => { ok: true } | { ok: false; reason: string }) | null;
  /** Saved (or kept for this run): the settings from now on. */
  readonly onDone: (next: Settings) => void;
  readonly onBack: () => void;
}

export function SettingsScreen({ settings: initial, path, save, onDone, onBack }: SettingsScreenProps) {
  const theme = useTheme();
  // In refs as well: keys that arrive together (a pasted name) each see the one before.
  const current = useRef({ settings: initial, row: 0 });
  const [form, setForm] = useState(current.current);
  const [problem, setProblem] = useState<string | null>(null);

  useInput((text, k) => {
    for (const [input, key] of splitKeys(text, k)) {
      const { settings, row } = current.current;
      if (key.escape || isCtrlC(input, key)) return onBack();
      if (key.return) {
        const next = { ...settings, name: settings.name.trim() || initial.name };
        const saved = save?.(next) ?? { ok: true };
        if (!saved.ok) return setProblem(`${saved.reason} (they apply to this run)`);
        return onDone(next);
      }
      const moved = key.upArrow ? -1 : key.downArrow || key.tab ? 1 : 0;
      current.current =
        moved !== 0
          ? { settings, row: Math.max(0, Math.min(ROWS.length - 1, row + moved)) }
          : { settings: settingsKey(settings, ROWS[row]!, input, key), row };
      setForm(current.current);
    }
  });

  const { settings, row } = form;
  const focus = (r: Row) => ROWS[row] === r;
  const choice = (r: Row, label: string, value: string, shown?: { color?: string }) => (
    <Text key={r}>
      <Text bold={focus(r)}>{`${focus(r) ? '▸ ' : '  '}${label}: `}</Text>
      <Text inverse={focus(r)} {...(shown ?? {})}>{` ◂ ${value} ▸ `}</Text>
    </Text>
  );
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Settings</Text>
      {path ? (
        <Text dimColor wrap="truncate-end">
          kept in {path}
        </Text>
      ) : null}
      <Text dimColor>flags on the command line override them for one run</Text>
      <Text> </Text>
      <TextField label="Your name" value={settings.name} focus={focus('name')} />
      {choice(
        'color',
        'Your colour',
        settings.color ?? "your seat's own",
        settings.color ? tint(theme, settings.color) : undefined,
      )}
      {choice('colors', 'Colours', settings.colors ? 'on' : 'off (marks only)')}
      {choice('diceAnimation', 'Dice roll', settings.diceAnimation ? 'animated' : 'shown at once')}
      {choice('bot', 'Bots', `${settings.bot} (quick game, empty seats)`)}
      {choice('moveTimeoutSeconds', 'Move timeout when you host', secondsText(settings.moveTimeoutSeconds))}
      <Text> </Text>
      <Text dimColor>House rules your Host and Hot-seat forms start from:</Text>
      {RULE_ROWS.map((f) => (
        <RuleRow key={f} rules={settings.rules} field={f} focus={focus(f)} players={f === 'twoPlayer' ? 2 : 4} />
      ))}
      <Text> </Text>
      {problem ? <Text bold>{problem}</Text> : null}
      <Text dimColor>↑↓ choose · ←→ change · type your name · Enter save · Esc back without saving</Text>
    </Box>
  );
}
