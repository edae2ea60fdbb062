// Statistics over the stored games: per player (by name) and per bot kind, plus the win rate over
// time and one game's armies and territories per turn, for tables and charts.
import type { GameSeries } from '../core/steps/analysis.js';
import type { GameName, GameStore } from './store.js';

export interface Standing {
  /** A player's name, or a bot kind. */
  readonly who: string;
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  /** Mean turns of the finished games played. */
  readonly averageTurns: number;
  readonly territoriesTaken: number;
  readonly territoriesLost: number;
  readonly setsTraded: number;
  readonly battles: number;
  readonly armiesLost: number;
  readonly armiesLostExpected: number;
  /** Armies saved by the dice: expected losses minus actual (positive: luckier than the odds). */
  readonly luck: number;
  /** Win rate after each game, oldest first. */
  readonly winRateOverTime: readonly number[];
}

export interface StatsReport {
  readonly games: number;
  readonly finished: number;
  readonly byPlayer: readonly Standing[];
  readonly byBotKind: readonly Standing[];
}

interface Row {
  game_id: number;
  started_at: string;
  winner: number | null;
  turns: number | null;
  seat: number;
  name: string;
  bot_kind: string | null;
  territories_taken: number | null;
  territories_lost: number | null;
  sets_traded: number | null;
  battles: number | null;
  armies_lost: number | null;
  armies_lost_expected: number | null;
}

export interface StatsFilter {
  /** Only games of these kinds. */
  readonly kinds?: readonly string[];
  /** Only classic games, or only RISC games (default: classic; a database before schema 6 has only classic). */
  readonly game?: GameName;
}

export function gatherStats(store: GameStore, filter: StatsFilter = {}): StatsReport {
  const kinds = filter.kinds ?? [];
  const game = filter.game ?? 'classic';
  const byGame = store.schemaVersion >= 6;
  if (!byGame && game === 'risc') return { games: 0, finished: 0, byPlayer: [], byBotKind: [] };
  const where = `g.status = 'finished'${byGame ? ' AND g.game = ?' : ''}${kinds.length ? ` AND g.kind IN (${kinds.map(() => '?').join(', ')})` : ''}`;
  const rows = store.db
    .prepare(
      `SELECT g.id AS game_id, g.started_at, g.winner, g.turns, p.seat, p.name, p.bot_kind,
              s.territories_taken, s.territories_lost, s.sets_traded, s.battles, s.armies_lost, s.armies_lost_expected
         FROM games g JOIN players p ON p.game_id = g.id LEFT JOIN player_stats s ON s.game_id = g.id AND s.seat = p.seat
        WHERE ${where} ORDER BY g.started_at, g.id, p.seat`,
    )
    .all(...(byGame ? [game] : []), ...kinds) as unknown as Row[];
  const total = (
    store.db
      .prepare(`SELECT COUNT(*) AS n FROM games${byGame ? ' WHERE game = ?' : ''}`)
      .get(...(byGame ? [game] : [])) as {
      n: number;
    }
  ).n;
  const finished = new Set(rows.map((r) => r.game_id)).size;
  return {
    games: total,
    finished,
    byPlayer: standings(rows, (r) => [r.name]),
    // A bot kind counts once per game even when it holds several seats: did one of them win?
    byBotKind: standings(rows, (r) => (r.bot_kind === null ? [] : [r.bot_kind]), true),
  };
}

function standings(rows: readonly Row[], keys: (row: Row) => string[], perGame = false): Standing[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    for (const key of keys(row)) {
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
  }
  const result: Standing[] = [];
  for (const [who, seats] of groups) {
    const byGame = new Map<number, Row[]>();
    for (const s of seats) {
      const inGame = byGame.get(s.game_id);
      if (inGame) inGame.push(s);
      else byGame.set(s.game_id, [s]);
    }
    const overTime: number[] = [];
    let games = 0;
    let wins = 0;
    let turns = 0;
    for (const [, inGame] of byGame) {
      const entries = perGame ? [inGame] : inGame.map((s) => [s]);
      for (const entry of entries) {
        games++;
        if (entry.some((s) => s.winner === s.seat)) wins++;
        turns += entry[0]!.turns ?? 0;
        overTime.push(wins / games);
      }
    }
    const sum = (f: (r: Row) => number | null) => seats.reduce((n, r) => n + (f(r) ?? 0), 0);
    const armiesLost = sum((r) => r.armies_lost);
    const armiesLostExpected = sum((r) => r.armies_lost_expected);
    result.push({
      who,
      games,
      wins,
      winRate: games === 0 ? 0 : wins / games,
      averageTurns: games === 0 ? 0 : turns / games,
      territoriesTaken: sum((r) => r.territories_taken),
      territoriesLost: sum((r) => r.territories_lost),
      setsTraded: sum((r) => r.sets_traded),
      battles: sum((r) => r.battles),
      armiesLost,
      armiesLostExpected,
      luck: armiesLostExpected - armiesLost,
      winRateOverTime: overTime,
    });
  }
  return result.sort((a, b) => b.games - a.games || b.winRate - a.winRate || a.who.localeCompare(b.who));
}

/** One game's armies and territories per turn (finished games), with the players' names. */
export function gameSeries(store: GameStore, id: number): { names: string[]; series: GameSeries } | null {
  const row = store.db.prepare('SELECT series FROM game_series WHERE game_id = ?').get(id) as
    | { series: string }
    | undefined;
  if (row === undefined) return null;
  const names = (
    store.db.prepare('SELECT name FROM players WHERE game_id = ? ORDER BY seat').all(id) as { name: string }[]
  ).map((p) => p.name);
  return { names, series: JSON.parse(row.series) as GameSeries };
}

/** The newest finished game with a series, for the default chart. */
export function latestFinished(store: GameStore): number | null {
  const row = store.db
    .prepare(
      "SELECT g.id FROM games g JOIN game_series s ON s.game_id = g.id WHERE g.status = 'finished' ORDER BY g.started_at DESC, g.id DESC LIMIT 1",
    )
    .get() as { id: number } | undefined;
  return row?.id ?? null;
}
