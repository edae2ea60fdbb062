// The statistics as text lines: tables per player and per bot kind, win rate over time, and one
// game's armies and territories per turn. `risk stats` prints them; the Stats screen shows them.
import type { GameSeries } from '../core/steps/analysis.js';
import type { Standing, StatsReport } from '../store/stats.js';
import { lineChart, sparkline } from './charts.js';

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;

function table(title: string, rows: readonly Standing[]): string[] {
  const width = Math.max(8, ...rows.map((r) => Math.min(20, r.who.length)));
  const out = [
    title,
    `  ${'who'.padEnd(width)}  games   wins  win rate  avg turns  taken   lost  sets  battles  dice luck (lost vs expected)`,
  ];
  for (const r of rows) {
    const who = r.who.length > width ? `${r.who.slice(0, width - 1)}…` : r.who;
    out.push(
      `  ${who.padEnd(width)}  ${String(r.games).padStart(5)}  ${String(r.wins).padStart(5)}  ${pct(r.winRate).padStart(8)}  ${r.averageTurns.toFixed(1).padStart(9)}  ${String(r.territoriesTaken).padStart(5)}  ${String(r.territoriesLost).padStart(5)}  ${String(r.setsTraded).padStart(4)}  ${String(r.battles).padStart(7)}  ${signed(r.luck).padStart(7)} (${r.armiesLost} vs ${r.armiesLostExpected.toFixed(1)})`,
    );
  }
  return out;
}

export function describeStats(
  report: StatsReport,
  chart: { id: number; names: string[]; series: GameSeries } | null,
  width = 60,
): string[] {
  if (report.finished === 0) {
    return [`no finished games stored yet (${report.games} game${report.games === 1 ? '' : 's'} in the database)`];
  }
  const out = [`${report.finished} finished game${report.finished === 1 ? '' : 's'} (${report.games} stored)`, ''];
  out.push(...table('Players', report.byPlayer.slice(0, 20)));
  if (report.byPlayer.length > 20) out.push(`  … and ${report.byPlayer.length - 20} more (--json lists them all)`);
  if (report.byBotKind.length > 0)
    out.push('', ...table('Bot kinds (a kind in several seats of one game counts once)', report.byBotKind));
  out.push('', 'dice luck: armies the dice spared against the exact odds of every roll (+ luckier, − unluckier)');
  const trend = (report.byBotKind.length > 0 ? report.byBotKind : report.byPlayer).slice(0, 6);
  const nameWidth = Math.max(...trend.map((t) => t.who.length));
  out.push('', `Win rate over time (each game in order; ▁ 0% … █ 100%)`);
  for (const t of trend)
    out.push(
      `  ${t.who.padEnd(nameWidth)}  ${sparkline(t.winRateOverTime, width, { min: 0, max: 1 })}  ${pct(t.winRate)}`,
    );
  if (chart !== null) out.push('', ...gameCharts(chart, width));
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
