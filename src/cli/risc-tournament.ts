// `risk tournament --game risc`: RISC bots play many offline games, seats rotated, with how the
// games ended, their length (turns p50/p99) and the wins per seat and per bot.

import { type RiscTournament, riscTournament } from '../ai/risc/arena.js';
import { isRiscBotKind, RISC_BOT_KINDS, type RiscBotKind } from '../ai/risc/bots.js';
import { DEFAULT_TURN_LIMIT } from '../model/risc/index.js';
import { MAX_TURN_LIMIT } from '../protocol/risc-terms.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';

export const RISC_TOURNAMENT_USAGE = `usage: risk tournament --game risc --bots K1,K2[,K3[,K4]] [--games G] [--seed S] [--turn-limit T] [--json]
  --bots        2–4 RISC bots, one per seat: ${RISC_BOT_KINDS.join(', ')} (kinds may repeat)
  --games       1–100000 (default 100); seats rotate from game to game
  --seed        0–4294967295 (default 1): game g plays seed + g
  --turn-limit  the agreed turn limit, 1–${MAX_TURN_LIMIT}, or none (default ${DEFAULT_TURN_LIMIT}): after it the most
                territories wins, then the most units, else a draw
  --json        print one JSON object
`;

export function runRiscTournament(args: string[], io: CommandIO): number {
  const usage = (reason: string) => usageError(io, 'risk tournament', reason, RISC_TOURNAMENT_USAGE);
  const parsed = parseCommand(args, io, {
    command: 'risk tournament',
    usage: RISC_TOURNAMENT_USAGE,
    options: {
      bots: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string' },
      'turn-limit': { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (typeof v.bots !== 'string') return usage('--bots is required, e.g. --bots hard,hard,hard');
  const bots: RiscBotKind[] = [];
  for (const name of v.bots.split(',').map((b) => b.trim())) {
    if (!isRiscBotKind(name)) return usage(`--bots: "${name}" is not a RISC bot (${RISC_BOT_KINDS.join(', ')})`);
    bots.push(name);
  }
  if (bots.length < 2 || bots.length > 4) return usage(`--bots names ${bots.length} bots; a RISC game seats 2 to 4`);
  const games = parseInteger((v.games as string | undefined) ?? '100', 1, 100_000);
  if (games === null) return usage(`--games "${v.games}" must be a whole number from 1 to 100000`);
  const seed = parseInteger((v.seed as string | undefined) ?? '1', 0, 0xffffffff);
  if (seed === null) return usage(`--seed "${v.seed}" must be a whole number from 0 to 4294967295`);
  const limitText = (v['turn-limit'] as string | undefined) ?? String(DEFAULT_TURN_LIMIT);
  const turnLimit = limitText === 'none' ? null : parseInteger(limitText, 1, MAX_TURN_LIMIT);
  if (turnLimit === null && limitText !== 'none')
    return usage(`--turn-limit "${limitText}" must be a whole number from 1 to ${MAX_TURN_LIMIT}, or none`);
  const started = performance.now();
  // Without a limit, a safety net: a game still going after 5000 turns is stopped and counted as such.
  const result = riscTournament({ bots, games, seed, turnLimit, turnCap: turnLimit ?? 5000 });
  const seconds = (performance.now() - started) / 1000;
  if (v.json === true) {
    const { list: _list, ...summary } = result;
    io.out(`${JSON.stringify({ game: 'risc', bots, seed, turnLimit, ...summary, seconds })}\n`);
  } else io.out(describe(result, bots, seed, turnLimit, seconds));
  return 0;
}

function describe(
  r: RiscTournament,
  bots: readonly RiscBotKind[],
  seed: number,
  turnLimit: number | null,
  seconds: number,
): string {
  const pct = (n: number) => `${((100 * n) / r.games).toFixed(1)}%`;
  const lines = [
    `RISC tournament: ${r.games} games, ${bots.length} players (${bots.join(', ')}), seed ${seed}, ${turnLimit === null ? 'no turn limit' : `turn limit ${turnLimit}`}`,
    `ended: ${r.ended} of ${r.games} (${r.conquests} by conquest, ${r.byLimit} at the turn limit, ${r.draws} of them drawn)${r.ended < r.games ? `; ${r.games - r.ended} stopped after ${5000} turns` : ''}`,
    `turns: p50 ${r.turns.p50}, p99 ${r.turns.p99}, max ${r.turns.max}`,
    `wins per seat: ${r.winsBySeat.map((w, s) => `seat ${s} ${w}`).join(', ')}`,
    ` #  bot      wins  win rate  95% interval`,
    ...bots.map((kind, i) => {
      const [low, high] = r.intervals[i]!;
      return `${String(i + 1).padStart(2)}  ${kind.padEnd(7)} ${String(r.winsByPosition[i]).padStart(5)}  ${pct(r.winsByPosition[i]!).padStart(8)}  ${(100 * low).toFixed(1)}%–${(100 * high).toFixed(1)}%`;
    }),
    `(${seconds.toFixed(1)} s)`,
  ];
  return `${lines.join('\n')}\n`;
}
