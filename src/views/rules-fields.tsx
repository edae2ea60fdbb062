// The house-rule rows of the Host and Hot-seat forms (rules-words.ts has their words): ←→ or space
// cycles the focused row's value.
import { Text } from 'ink';
import type { Rules } from '../protocol/rules.js';
import { LABELS, type RuleField, valueText } from './rules-words.js';

export function RuleRow({
  rules,
  field,
  focus,
  players,
}: {
  rules: Rules;
  field: RuleField;
  focus: boolean;
  players: number;
}) {
  return (
    <Text>
      <Text bold={focus}>
        {focus ? '▸ ' : '  '}
        {`${LABELS[field]}: `}
      </Text>
      <Text inverse={focus}>{` ◂ ${valueText(rules, field, players)} ▸ `}</Text>
    </Text>
  );
}
