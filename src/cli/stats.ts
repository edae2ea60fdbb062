// `risk stats`: per player and per bot kind over the stored games (classic, then RISC), with charts.
import { gameSeries, gatherStats, latestFinished } from '../store/stats.js';
import { describeRiscStats, describeStats, gameCharts } from '../views/stats-text.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';
import { DB_OPTION, DB_USAGE, openStoreToRead } from './store-args.js';

const KINDS = ['quick', 'hotseat', 'network', 'cs3099', 'bot', 'tournament'];
const USAGE = `usage: risk stats [--game N] [--kind K[,K…]] [--json] [--db FILE]
  --game N    chart this game's armies and territories (default: the newest finished game)
  --kind K    only games of these kinds: ${KINDS.join(', ')}
  --json      one JSON object (tables, win rate over time, the game's series; RISC games under "risc")
${DB_USAGE}
`;

export function runStats(args: string[], io: CommandIO): number {
  const parsed = parseCommand(args, io, {
    command: 'risk stats',
    usage: USAGE,
    options: { ...DB_OPTION, json: { type: 'boolean' }, game: { type: 'string' }, kind: { type: 'string' } },
  });
  if (!parsed.ok) return parsed.exit;
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const game = v.game === undefined ? null : parseInteger(v.game as string, 1, Number.MAX_SAFE_INTEGER);
  if (v.game !== undefined && game === null) {
    return usageError(
      io,
      'risk stats',
      `--game "${String(v.game)}" must be a game number (risk history lists them)`,
      USAGE,
    );
  }
  const kinds = typeof v.kind === 'string' ? v.kind.split(',').map((k) => k.trim()) : undefined;
  const unknown = kinds?.find((k) => !KINDS.includes(k));
  if (unknown !== undefined) {
    return usageError(io, 'risk stats', `unknown game kind "${unknown}": choose from ${KINDS.join(', ')}`, USAGE);
  }
  const opened = openStoreToRead(v);
  if (!opened.ok) {
    io.err(`risk stats: ${opened.reason}\n`);
    return 1;
  }
  try {
    const store = opened.store;
    const report = gatherStats(store, { kinds });
    const risc = gatherStats(store, { kinds, game: 'risc' });
    const chartId = game ?? latestFinished(store);
    const series = chartId === null ? null : gameSeries(store, chartId);
    if (game !== null && series === null) {
      io.err(`risk stats: game ${game} has no statistics (it is not stored, or not finished)\n`);
      return 1;
    }
    if (v.json === true) {
      io.out(`${JSON.stringify({ ...report, risc, game: series === null ? null : { id: chartId, ...series } })}\n`);
      return 0;
    }
    // As wide as the terminal (80 columns in a pipe): every column stays whole.
    const width = Math.max(60, process.stdout.isTTY ? process.stdout.columns : 80);
    const classic = report.finished > 0 || risc.finished === 0 ? describeStats(report, null, width) : [];
    const riscLines = describeRiscStats(risc);
    const charts = series === null ? [] : gameCharts({ id: chartId!, ...series }, width);
    const blocks = [classic, riscLines, charts].filter((b) => b.length > 0);
    io.out(`${blocks.map((b) => b.join('\n')).join('\n\n')}\n`);
    return 0;
  } finally {
    opened.store.close();
  }
}
