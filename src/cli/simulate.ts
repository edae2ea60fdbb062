// `risk simulate`: offline games between random-legal bots.

import { resolveOptions } from '../model/options.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';
import { RULE_FLAGS, RULE_USAGE, rulesFromFlags } from './rule-flags.js';

const USAGE = `usage: risk simulate [--players N] [--games G] [--seed S] [--turn-cap T] [--json]
  --players   2–6 (default 4)        --games     1–1000000 (default 100)
  --seed      0–4294967295 (default 1) --turn-cap  turns before a game is stopped (default 5000)
  --json      print one JSON object
${RULE_USAGE}`;

export async function runSimulate(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommand(args, io, {
    command: 'risk simulate',
    usage: USAGE,
    options: {
      players: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string' },
      'turn-cap': { type: 'string' },
      json: { type: 'boolean' },
      ...RULE_FLAGS,
    },
  });
  if (!parsed.ok) return parsed.exit;
  const v = parsed.values as Record<string, string | undefined>;
  const rules = rulesFromFlags(parsed.values);
  if (!rules.ok) return usageError(io, 'risk simulate', rules.reason, USAGE);
  const numbers = {
    players: [v.players ?? '4', 2, 6],
    games: [v.games ?? '100', 1, 1_000_000],
    seed: [v.seed ?? '1', 0, 0xffffffff],
    'turn-cap': [v['turn-cap'] ?? '5000', 1, 1_000_000],
  } as const;
  const values: Record<string, number> = {};
  for (const [name, [text, min, max]] of Object.entries(numbers)) {
    const value = parseInteger(text, min, max);
    if (value === null) {
      return usageError(io, 'risk simulate', `--${name} "${text}" must be a whole number from ${min} to ${max}`, USAGE);
    }
    values[name] = value;
  }
  const checked = resolveOptions({ ...rules.value, players: values.players! });
  if (!checked.ok) return usageError(io, 'risk simulate', checked.reason, USAGE);
  const [{ randomBot }, { runArena }] = await Promise.all([import('../ai/random.js'), import('../ai/arena.js')]);
  const stats = runArena({
    players: values.players!,
    games: values.games!,
    seed: values.seed!,
    turnCap: values['turn-cap']!,
    seatBot: (_game, _seat, rng) => randomBot(rng),
    options: rules.value,
  });
  if (parsed.values.json === true) {
    io.out(
      `${JSON.stringify({ players: values.players, seed: values.seed, turnCap: values['turn-cap'], ...stats })}\n`,
    );
    return 0;
  }
  const share = (wins: number) => `${((100 * wins) / stats.games).toFixed(1)}%`;
  io.out(
    `${[
      `${stats.games} games, ${values.players} random-legal bots, seed ${values.seed}`,
      `speed: ${stats.gamesPerSecond.toFixed(1)} games/s (${stats.seconds.toFixed(2)} s)`,
      `turns: mean ${stats.meanTurns.toFixed(1)}, max ${stats.maxTurns}; battles per game: mean ${stats.meanBattles.toFixed(1)}`,
      `wins by seat: ${stats.winsBySeat.map((w, seat) => `seat ${seat} ${w} (${share(w)})`).join(', ')}`,
      `stopped at the turn cap (${values['turn-cap']}) without a winner: ${stats.cappedGames}`,
    ].join('\n')}\n`,
  );
  return 0;
}
