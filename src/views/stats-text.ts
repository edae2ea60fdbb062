// The statistics as text lines: tables per player and per bot kind, win rate over time, and one
// game's armies and territories per turn. `risk stats` prints them; the Stats screen shows them.
import type { GameSeries } from '../core/steps/analysis.js';
import type { Standing, StatsReport } from '../store/stats.js';
import { lineChart, sparkline } from './charts.js';

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;

const COLUMNS = ['games', 'wins', 'win rate', 'turns', 'taken', 'lost', 'sets', 'battles', 'dice luck'] as const;

/**
 * One table of standings in `width` columns: a name column of 8 to 20, then the numbers, each under
 * its heading; the armies lost against the expected loss, behind the luck, only where they fit.
 */
function table(title: string, rows: readonly Standing[], width: number): string[] {
  const numbers = COLUMNS.reduce((n, c) => n + 1 + c.length, 0);
  const who = Math.max(8, Math.min(20, width - 2 - numbers, Math.max(3, ...rows.map((r) => r.who.length))));
  const out = [title, `  ${'who'.padEnd(who)}${COLUMNS.map((c) => ` ${c}`).join('')}`];
  for (const r of rows) {
    const name = r.who.length > who ? `${r.who.slice(0, who - 1)}…` : r.who;
    const cells = [
      String(r.games),
      String(r.wins),
      pct(r.winRate),
      r.averageTurns.toFixed(1),
      String(r.territoriesTaken),
      String(r.territoriesLost),
      String(r.setsTraded),
      String(r.battles),
      signed(r.luck),
    ];
    const line = `  ${name.padEnd(who)}${cells.map((cell, i) => ` ${cell.padStart(COLUMNS[i]!.length)}`).join('')}`;
    const detail = ` (lost ${r.armiesLost} vs ${r.armiesLostExpected.toFixed(1)} expected)`;
    out.push(line.length + detail.length <= width ? line + detail : line);
  }
  return out;
}

export function describeStats(
  report: StatsReport,
  chart: { id: number; names: string[]; series: GameSeries } | null,
  /** The columns the lines may fill (a terminal's width). */
  width = 80,
): string[] {
  if (report.finished === 0) {
    return [`no finished games stored yet (${report.games} game${report.games === 1 ? '' : 's'} in the database)`];
  }
  const out = [`${report.finished} finished game${report.finished === 1 ? '' : 's'} (${report.games} stored)`, ''];
  out.push(...table('Players', report.byPlayer.slice(0, 20), width));
  if (report.byPlayer.length > 20) out.push(`  … and ${report.byPlayer.length - 20} more (--json lists them all)`);
  if (report.byBotKind.length > 0)
    out.push('', ...table('Bot kinds (a kind in several seats of one game counts once)', report.byBotKind, width));
  out.push('', 'dice luck: armies the dice spared against the exact odds of every roll', '  (+ luckier, − unluckier)');
  const trend = (report.byBotKind.length > 0 ? report.byBotKind : report.byPlayer).slice(0, 6);
  const nameWidth = Math.min(20, Math.max(...trend.map((t) => t.who.length)));
  out.push('', `Win rate over time (each game in order; ▁ 0% … █ 100%)`);
  for (const t of trend)
    out.push(
      `  ${t.who.slice(0, nameWidth).padEnd(nameWidth)}  ${sparkline(t.winRateOverTime, Math.max(10, width - nameWidth - 12), { min: 0, max: 1 })}  ${pct(t.winRate)}`,
    );
  // A chart's lines hold its axis labels (up to 5 digits and " ┤") and "  turn" beside the plot.
  if (chart !== null) out.push('', ...gameCharts(chart, Math.max(10, width - 14)));
  return out;
}

/** The RISC games' standings: no cards and no per-roll odds in RISC, so no sets or luck columns. */
export function describeRiscStats(report: StatsReport): string[] {
  if (report.finished === 0) return [];
  const rows = (title: string, list: readonly Standing[]) => {
    const width = Math.max(8, ...list.map((r) => Math.min(20, r.who.length)));
    return [
      title,
      `  ${'who'.padEnd(width)}  games   wins  win rate  avg turns  taken   lost  battles  units lost`,
      ...list.map((r) => {
        const who = r.who.length > width ? `${r.who.slice(0, width - 1)}…` : r.who;
        return `  ${who.padEnd(width)}  ${String(r.games).padStart(5)}  ${String(r.wins).padStart(5)}  ${pct(r.winRate).padStart(8)}  ${r.averageTurns.toFixed(1).padStart(9)}  ${String(r.territoriesTaken).padStart(5)}  ${String(r.territoriesLost).padStart(5)}  ${String(r.battles).padStart(7)}  ${String(r.armiesLost).padStart(10)}`;
      }),
    ];
  };
  const out = [
    `RISC: ${report.finished} finished game${report.finished === 1 ? '' : 's'} (${report.games} stored)`,
    '',
  ];
  out.push(...rows('RISC players', report.byPlayer.slice(0, 20)));
  if (report.byBotKind.length > 0) out.push('', ...rows('RISC bot kinds', report.byBotKind));
  return out;
}

export function gameCharts(chart: { id: number; names: string[]; series: GameSeries }, width = 60): string[] {
  const { series, names } = chart;
  const turns = series.turns;
  const xRange = [turns[0] ?? 0, turns[turns.length - 1] ?? 0] as const;
  const column = (values: number[][], seat: number) => values.map((v) => v[seat] ?? 0);
  return [
    ...lineChart(
      `Game ${chart.id}: armies per player`,
      names.map((label, seat) => ({ label, values: column(series.armies, seat) })),
      { width, height: 8, xRange, xLabel: 'turn' },
    ),
    '',
    ...lineChart(
      `Game ${chart.id}: territories per player`,
      names.map((label, seat) => ({ label, values: column(series.territories, seat) })),
      { width, height: 8, xRange, xLabel: 'turn' },
    ),
  ];
}
