// `risk tournament`: bots against each other over many offline games, seats rotated, with win
// rates and their 95% confidence intervals. A game count that is not a multiple of the number of
// bots is rounded up to one, so that every bot plays every seat equally often (the output says so).
import { type BotKind, parseBotKind } from '../ai/registry.js';
import {
  playTournamentGames,
  summarize,
  type TournamentGame,
  type TournamentSetup,
  type TournamentSummary,
} from '../ai/tournament.js';
import { type OptionsInput, resolveOptions } from '../model/options.js';
import { defaultStorePath } from '../store/paths.js';
import { type CommandIO, parseCommand, parseInteger, takeGame, usageError } from './io.js';
import { RULE_FLAGS, RULE_USAGE, rulesFromFlags } from './rule-flags.js';
import { runOnWorkers } from './tournament-pool.js';

const USAGE = `usage: risk tournament --bots K1,K2[,…] [--games G] [--seed S] [--workers W] [--turn-cap T] [--store] [--json]
  --bots      2–6 bot kinds, one per seat: random, easy, normal, hard (kinds may repeat)
  --games     1–1000000 (default 100), rounded up to a multiple of the number of bots
  --seed      0–4294967295 (default 1)   --workers   1–64 threads (default 1); same results for any W
  --turn-cap  turns before a game is stopped without a winner (default 5000)
  --store     store every game in the game database for risk stats, history, replay and export
              (dice then come from per-round numbers derived from the seed, so the results
              differ from the same seed unstored); --db FILE names the database
  --json      print one JSON object
  --game risc RISC bots instead (risk tournament --game risc --help)
${RULE_USAGE}`;

interface TournamentArgs {
  readonly setup: TournamentSetup;
  readonly requestedGames: number;
  readonly workers: number;
  readonly json: boolean;
  /** Store the games here (null: not stored). */
  readonly store: string | null;
}

function parseTournamentArgs(
  args: string[],
  io: CommandIO,
): { ok: true; value: TournamentArgs } | { ok: false; reason: string } | { ok: false; exit: number } {
  const parsed = parseCommand(args, io, {
    command: 'risk tournament',
    usage: USAGE,
    options: {
      bots: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      'turn-cap': { type: 'string' },
      json: { type: 'boolean' },
      store: { type: 'boolean' },
      db: { type: 'string' },
      ...RULE_FLAGS,
    },
  });
  if (!parsed.ok) return parsed;
  const rules = rulesFromFlags(parsed.values);
  if (!rules.ok) return rules;
  const v = parsed.values as Record<string, string | undefined>;
  if (v.bots === undefined) return { ok: false, reason: '--bots is required, e.g. --bots hard,normal,normal,normal' };
  const bots: BotKind[] = [];
  for (const name of v.bots.split(',')) {
    const kind = parseBotKind(name);
    if (!kind.ok) return kind;
    bots.push(kind.value);
  }
  if (bots.length < 2 || bots.length > 6)
    return { ok: false, reason: `--bots names ${bots.length} bots; a game seats 2 to 6` };
  const numbers = {
    games: [v.games ?? '100', 1, 1_000_000],
    seed: [v.seed ?? '1', 0, 0xffffffff],
    workers: [v.workers ?? '1', 1, 64],
    'turn-cap': [v['turn-cap'] ?? '5000', 1, 1_000_000],
  } as const;
  const values: Record<string, number> = {};
  for (const [name, [text, min, max]] of Object.entries(numbers)) {
    const value = parseInteger(text, min, max);
    if (value === null)
      return { ok: false, reason: `--${name} "${text}" must be a whole number from ${min} to ${max}` };
    values[name] = value;
  }
  const checked = resolveOptions({ ...rules.value, players: bots.length });
  if (!checked.ok) return checked;
  const requestedGames = values.games!;
  const games = Math.ceil(requestedGames / bots.length) * bots.length;
  return {
    ok: true,
    value: {
      setup: { bots, games, seed: values.seed!, turnCap: values['turn-cap']!, rules: rules.value },
      requestedGames,
      workers: values.workers!,
      json: parsed.values.json === true,
      store:
        parsed.values.store === true
          ? typeof parsed.values.db === 'string'
            ? parsed.values.db
            : defaultStorePath()
          : null,
    },
  };
}

export async function runTournament(args: string[], io: CommandIO): Promise<number> {
  const game = takeGame(args);
  if (game.game === 'risc') return (await import('./risc-tournament.js')).runRiscTournament(game.rest, io);
  if (game.game !== 'classic')
    return usageError(io, 'risk tournament', `--game "${game.game}": the games are classic and risc`, USAGE);
  const parsed = parseTournamentArgs(args, io);
  if (!parsed.ok) return 'exit' in parsed ? parsed.exit : usageError(io, 'risk tournament', parsed.reason, USAGE);
  const { setup, requestedGames, workers, json, store: storePath } = parsed.value;
  const started = performance.now();
  let records: TournamentGame[];
  if (workers === 1) {
    // The store's modules (node:sqlite) load only for --store.
    const storing =
      storePath === null ? null : await Promise.all([import('../store/store.js'), import('./tournament-store.js')]);
    const opened = storing === null || storePath === null ? null : storing[0].GameStore.open(storePath);
    if (opened && !opened.ok) {
      io.err(`risk tournament: ${opened.reason}\n`);
      return 1;
    }
    try {
      records = playTournamentGames(
        setup,
        0,
        setup.games,
        undefined,
        opened && storing ? storing[1].tournamentRecording(opened.store, setup.seed) : undefined,
      );
    } finally {
      if (opened) opened.store.close();
    }
  } else {
    const pooled = runOnWorkers(setup, workers, storePath);
    if (!pooled.ok) {
      io.err(`risk tournament: ${pooled.reason}\n`);
      return 1;
    }
    records = pooled.value;
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(setup, records);
  const speed = { workers, seconds, gamesPerSecond: setup.games / seconds };
  if (json) io.out(`${JSON.stringify({ requestedGames, ...summary, ...speed })}\n`);
  else io.out(describe(summary, requestedGames, speed));
  if (storePath !== null && !json) io.out(`stored ${setup.games} games in ${storePath} (risk stats, risk history)\n`);
  return 0;
}

function describe(
  s: TournamentSummary,
  requestedGames: number,
  speed: { workers: number; seconds: number; gamesPerSecond: number },
): string {
  const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
  const lines = [
    `tournament: ${s.games} games, ${s.bots.length} players, seed ${s.seed}, turn cap ${s.turnCap}, ${speed.workers} worker${speed.workers === 1 ? '' : 's'}`,
    `rules: ${rulesLine(s.bots.length, s.rules)}`,
  ];
  if (requestedGames !== s.games) {
    lines.push(
      `(${requestedGames} games asked for, rounded up to ${s.games} so that every bot plays every seat equally often)`,
    );
  }
  lines.push(` #  bot      wins  win rate  95% interval    fair share`);
  for (const b of s.standings) {
    lines.push(
      `${String(b.position + 1).padStart(2)}  ${b.kind.padEnd(7)} ${String(b.wins).padStart(5)}  ${pct(b.winRate).padStart(8)}  ${`${pct(b.low)}–${pct(b.high)}`.padEnd(14)}  ${pct(s.fairShare)}`,
    );
  }
  lines.push(
    `speed: ${speed.gamesPerSecond.toFixed(2)} games/s (${speed.seconds.toFixed(1)} s); turns per game: mean ${s.meanTurns.toFixed(1)}, max ${s.maxTurns}`,
    `stopped at the turn cap (${s.turnCap}) without a winner: ${s.cappedGames}`,
  );
  return `${lines.join('\n')}\n`;
}

/** The rules a run played, in one line. */
export function rulesLine(players: number, rules: Omit<OptionsInput, 'players'> = {}): string {
  const o = resolveOptions({ ...rules, players });
  if (!o.ok) return o.reason;
  const v = o.value;
  const parts = [
    v.variant === 'domination'
      ? 'world domination'
      : v.variant === 'capital'
        ? `Capital Risk (own + ${v.capitalsToWin})`
        : 'Secret Mission Risk',
  ];
  if (players === 2) parts.push(v.twoPlayer === 'neutral' ? 'neutral army' : 'duel, no neutral');
  parts.push(`${v.setup} setup`, `${v.fortify} fortify`, `${v.cardValues} card values`);
  return parts.join(', ');
}
