// The house-rule flags shared by `risk play`, `risk bot host`, `risk simulate` and `risk tournament`.
import { HOUSE_RULES, type OptionsInput } from '../model/options.js';
import { parseInteger } from './io.js';

export const RULE_FLAGS = {
  variant: { type: 'string' },
  setup: { type: 'string' },
  fortify: { type: 'string' },
  cards: { type: 'string' },
  'two-player': { type: 'string' },
  'capitals-to-win': { type: 'string' },
} as const;

export const RULE_USAGE = `  --variant V         domination (default), capital (Capital Risk) or mission (Secret Mission Risk)
  --setup S           claim (default: territories claimed in turn) or random (dealt at random)
  --fortify F         adjacent (default) or connected (along a chain of your own territories)
  --cards C           escalating (default: 4, 6, 8, 10, 12, 15, +5) or fixed (6 infantry, 8 cavalry,
                      10 artillery, 10 one of each)
  --two-player T      neutral (default: the 1993 neutral army) or duel (two players, no neutral)
  --capitals-to-win N Capital Risk: enemy capitals to hold besides your own (default: all with
                      up to 4 players, 3 with 5–6)
`;

type Rules = Omit<OptionsInput, 'players'>;

/** The rules the flags choose (only those given), or what is wrong with one. */
export function rulesFromFlags(
  values: Record<string, string | boolean | undefined>,
): { ok: true; value: Rules } | { ok: false; reason: string } {
  const rules: Record<string, unknown> = {};
  const pairs: [string, keyof typeof HOUSE_RULES][] = [
    ['variant', 'variant'],
    ['setup', 'setup'],
    ['fortify', 'fortify'],
    ['cards', 'cardValues'],
    ['two-player', 'twoPlayer'],
  ];
  for (const [flag, key] of pairs) {
    const text = values[flag];
    if (typeof text !== 'string') continue;
    const value = text.trim().toLowerCase();
    const choices: readonly string[] = HOUSE_RULES[key];
    if (!choices.includes(value)) return { ok: false, reason: `--${flag} "${text}": choose ${choices.join(' or ')}` };
    rules[key] = value;
  }
  const capitals = values['capitals-to-win'];
  if (typeof capitals === 'string') {
    const n = parseInteger(capitals, 1, 5);
    if (n === null) return { ok: false, reason: `--capitals-to-win "${capitals}" must be a whole number from 1 to 5` };
    rules.capitalsToWin = n;
  }
  return { ok: true, value: rules as Rules };
}
