// `risk history`: the stored games, newest first.
import type { GameSummary } from '../store/store.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';
import { DB_OPTION, DB_USAGE, openStoreToRead } from './store-args.js';

const USAGE = `usage: risk history [--limit N] [--json] [--db FILE]
  --limit N   the newest N games (default 50)
  --json      one JSON object per game
${DB_USAGE}
`;

export function runHistory(args: string[], io: CommandIO): number {
  const parsed = parseCommand(args, io, {
    command: 'risk history',
    usage: USAGE,
    options: { ...DB_OPTION, limit: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (!parsed.ok) return parsed.exit;
  const limit = parseInteger((parsed.values.limit as string | undefined) ?? '50', 1, 1_000_000);
  if (limit === null)
    return usageError(
      io,
      'risk history',
      `--limit "${String(parsed.values.limit)}" must be a whole number from 1 to 1000000`,
      USAGE,
    );
  const opened = openStoreToRead(parsed.values);
  if (!opened.ok) {
    io.err(`risk history: ${opened.reason}\n`);
    return 1;
  }
  try {
    const games = opened.store.games({ limit });
    if (parsed.values.json === true) {
      for (const g of games) io.out(`${JSON.stringify(g)}\n`);
      return 0;
    }
    if (games.length === 0) {
      io.out(`no stored games yet in ${opened.store.path}\n`);
      return 0;
    }
    io.out(`${describeHistory(games).join('\n')}\n`);
    return 0;
  } finally {
    opened.store.close();
  }
}

export function outcomeText(g: GameSummary): string {
  if (g.status === 'playing') return 'unfinished';
  if (g.status === 'stopped') return 'stopped';
  if (g.winner === null) return g.game === 'risc' ? 'a draw (turn limit)' : 'no winner (turn cap)';
  return `won by ${g.players[g.winner]?.name ?? `player ${g.winner}`}`;
}

/** The kind column: a RISC game says so (RISC quick: against bots on this machine). */
export function kindText(g: GameSummary): string {
  if (g.game !== 'risc') return g.kind;
  return `RISC ${g.kind === 'network' ? 'net' : g.kind === 'tournament' ? 'tour' : g.kind}`;
}

export function describeHistory(games: readonly GameSummary[]): string[] {
  const lines = ['   #  started           kind        turns  players                               outcome'];
  for (const g of games) {
    const started = g.startedAt.slice(0, 16).replace('T', ' ');
    const players = g.players.map((p) => (p.botKind ? `${p.name} (${p.botKind})` : p.name)).join(', ');
    lines.push(
      `${String(g.id).padStart(4)}  ${started}  ${kindText(g).padEnd(10)} ${String(g.turns ?? '-').padStart(6)}  ${players.length > 36 ? `${players.slice(0, 35)}…` : players.padEnd(36)}  ${outcomeText(g)}`,
    );
  }
  return lines;
}
