// The house rules in the words of the Host and Hot-seat forms: the goal (variant), for Capital Risk
// the capitals to hold, setup, fortify, card values, and for two players the neutral army; cycling a
// row's value; the same words tell the rules in the lobby (and in plain mode).
import { defaultCapitalsToWin, HOUSE_RULES } from '../model/index.js';
import type { Rules } from '../protocol/rules.js';

export type RuleField = 'variant' | 'capitalsToWin' | 'setup' | 'fortify' | 'cardValues' | 'twoPlayer';

export const LABELS: Record<RuleField, string> = {
  variant: 'Goal',
  capitalsToWin: 'Capitals to win',
  setup: 'Setup',
  fortify: 'Fortify',
  cardValues: 'Card sets',
  twoPlayer: 'Two players',
};

const VALUE_TEXT: Record<string, string> = {
  domination: 'world domination',
  capital: 'Capital Risk',
  mission: 'Secret Mission Risk',
  claim: 'claim territories in turn',
  random: 'deal territories at random',
  adjacent: 'to a neighbour',
  connected: 'along your own territories',
  escalating: '4, 6, 8, 10, 12, 15, +5',
  fixed: 'fixed: 6 / 8 / 10, mixed 10',
  neutral: 'with a neutral army (1993)',
  duel: 'no neutral army',
};

/**
 * The rule rows a game of this many players offers (the neutral army's game always deals at
 * random; the capitals to hold only in Capital Risk).
 */
export function ruleFields(players: number, rules: Rules): RuleField[] {
  const neutral = players === 2 && (rules.twoPlayer ?? 'neutral') === 'neutral';
  return [
    'variant',
    ...(rules.variant === 'capital' && players > 2 ? (['capitalsToWin'] as const) : []),
    ...(players === 2 ? (['twoPlayer'] as const) : []),
    ...(neutral ? [] : (['setup'] as const)),
    'fortify',
    'cardValues',
  ];
}

/** The choices of a row, defaults first. */
function choices(field: RuleField, players: number): readonly string[] {
  if (field !== 'capitalsToWin') return HOUSE_RULES[field];
  const first = defaultCapitalsToWin(players);
  return [first, ...Array.from({ length: players - 1 }, (_, i) => i + 1).filter((n) => n !== first)].map(String);
}

export function ruleValue(rules: Rules, field: RuleField, players: number): string {
  const value = rules[field];
  return value === undefined ? choices(field, players)[0]! : String(value);
}

/** The rules with one field moved to its next (or previous) value; defaults are left out. */
export function cycledRule(rules: Rules, field: RuleField, step: 1 | -1, players: number): Rules {
  const values = choices(field, players);
  const next = values[(values.indexOf(ruleValue(rules, field, players)) + step + values.length) % values.length]!;
  const { [field]: _old, ...rest } = rules;
  if (next === values[0]) return rest;
  return field === 'capitalsToWin' ? { ...rest, capitalsToWin: Number(next) } : { ...rest, [field]: next };
}

/** The rules for another number of players: a capitals count they cannot reach goes back to the default. */
export function rulesFor(rules: Rules, players: number): Rules {
  if (rules.capitalsToWin === undefined || rules.capitalsToWin <= players - 1) return rules;
  const { capitalsToWin: _dropped, ...rest } = rules;
  return rest;
}

export function valueText(rules: Rules, field: RuleField, players: number): string {
  const value = ruleValue(rules, field, players);
  if (field !== 'capitalsToWin') return VALUE_TEXT[value] ?? value;
  const n = Number(value);
  return n === players - 1 ? `every other capital (${n})` : `${n} other capital${n === 1 ? '' : 's'}`;
}

/**
 * The rules in the form's words, one "Label: value" each (the lobby shows them). `players`: null
 * when not known yet (a joiner), then the capitals and two-player rows show only if the host set them.
 */
export function rulesWords(rules: Rules, players: number | null): string[] {
  const fields =
    players === null
      ? ruleFields(rules.twoPlayer === undefined ? 3 : 2, rules).filter(
          (f) => f !== 'capitalsToWin' || rules.capitalsToWin !== undefined,
        )
      : ruleFields(players, rules);
  return fields.map((f) =>
    f === 'capitalsToWin' && players === null
      ? `${LABELS[f]}: ${rules.capitalsToWin} other${rules.capitalsToWin === 1 ? '' : 's'}`
      : `${LABELS[f]}: ${valueText(rules, f, players ?? 6)}`,
  );
}
