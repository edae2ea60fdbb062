// The house rules on the wire: the host's choice, carried in the lobby handshake (accept_join_game,
// native profile) so that every peer plays the same rules and a joiner sees them before the game.
import { z } from 'zod';
import { HOUSE_RULES, type OptionsInput, resolveOptions } from '../model/index.js';

export const RulesSchema = z
  .object({
    variant: z.enum(HOUSE_RULES.variant).optional(),
    setup: z.enum(HOUSE_RULES.setup).optional(),
    fortify: z.enum(HOUSE_RULES.fortify).optional(),
    cardValues: z.enum(HOUSE_RULES.cardValues).optional(),
    twoPlayer: z.enum(HOUSE_RULES.twoPlayer).optional(),
    capitalsToWin: z.number().int().min(1).max(5).optional(),
  })
  .strict()
  .meta({ description: 'House rules and variant chosen by the host; absent fields take the 1993 defaults.' });

export type Rules = z.output<typeof RulesSchema>;

/** The rules from a wire value, or why they cannot be played (checked against the player count too). */
export function parseRules(
  value: unknown,
  players: number,
): { ok: true; value: Rules } | { ok: false; reason: string } {
  const parsed = RulesSchema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `rules: ${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  const resolved = resolveOptions({ ...parsed.data, players });
  return resolved.ok ? { ok: true, value: parsed.data } : resolved;
}

/** The rules in a few words each, for the lobby and the game header (players: null when not known yet). */
export function describeRules(rules: Omit<OptionsInput, 'players'>, players: number | null): string[] {
  const o = resolveOptions({ ...rules, players: players ?? 6 });
  if (!o.ok) return [o.reason];
  const v = o.value;
  const capitals =
    rules.capitalsToWin !== undefined
      ? `${rules.capitalsToWin} other capital${rules.capitalsToWin === 1 ? '' : 's'}`
      : players === null
        ? 'every other capital (3 others with 5–6 players)'
        : v.capitalsToWin === players - 1
          ? 'every other capital'
          : `${v.capitalsToWin} other capitals`;
  const lines = [
    v.variant === 'domination'
      ? 'Goal: world domination'
      : v.variant === 'capital'
        ? `Goal: Capital Risk — hold your own capital and ${capitals}`
        : 'Goal: Secret Mission Risk — complete your secret mission',
  ];
  if (players === 2 || (players === null && rules.twoPlayer !== undefined))
    lines.push(v.twoPlayer === 'neutral' ? 'Two players with a neutral army (1993)' : 'Two players, no neutral army');
  lines.push(
    v.setup === 'claim' ? 'Setup: claim territories in turn' : 'Setup: territories dealt at random',
    v.fortify === 'adjacent'
      ? 'Fortify: to a neighbouring territory'
      : 'Fortify: along a chain of your own territories',
    v.cardValues === 'escalating'
      ? 'Card sets: 4, 6, 8, 10, 12, 15, then +5'
      : 'Card sets: 6 infantry, 8 cavalry, 10 artillery, 10 one of each',
  );
  return lines;
}
