// The house-rule rows of the Host and Hot-seat forms: the goal (variant), setup, fortify, card
// values, and for two players the neutral army. ←→ or space cycles the focused row's value.
import { Text } from 'ink';
import { HOUSE_RULES } from '../model/index.js';
import type { Rules } from '../protocol/rules.js';

export type RuleField = 'variant' | 'setup' | 'fortify' | 'cardValues' | 'twoPlayer';

const LABELS: Record<RuleField, string> = {
  variant: 'Goal',
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

/** The rule rows a game of this many players offers (the neutral army's game always deals at random). */
export function ruleFields(players: number, rules: Rules): RuleField[] {
  const neutral = players === 2 && (rules.twoPlayer ?? 'neutral') === 'neutral';
  return [
    'variant',
    ...(players === 2 ? (['twoPlayer'] as const) : []),
    ...(neutral ? [] : (['setup'] as const)),
    'fortify',
    'cardValues',
  ];
}

export function ruleValue(rules: Rules, field: RuleField): string {
  return rules[field] ?? HOUSE_RULES[field][0];
}

/** The rules with one field moved to its next (or previous) value; defaults are left out. */
export function cycledRule(rules: Rules, field: RuleField, step: 1 | -1): Rules {
  const values: readonly string[] = HOUSE_RULES[field];
  const next = values[(values.indexOf(ruleValue(rules, field)) + step + values.length) % values.length]!;
  const { [field]: _old, ...rest } = rules;
  return next === values[0] ? rest : { ...rest, [field]: next };
}

export function RuleRow({ rules, field, focus }: { rules: Rules; field: RuleField; focus: boolean }) {
  return (
    <Text>
      <Text bold={focus}>
        {focus ? '▸ ' : '  '}
        {`${LABELS[field]}: `}
      </Text>
      <Text inverse={focus}>{` ◂ ${VALUE_TEXT[ruleValue(rules, field)] ?? ruleValue(rules, field)} ▸ `}</Text>
    </Text>
  );
}
