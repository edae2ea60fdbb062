// A finished game's statistics, computed by replaying its stored steps, written next to it.
import { GameAnalyser, type GameAnalysis } from '../core/steps/analysis.js';
import type { DiceKind } from '../core/steps/dice.js';
import { parseStep, replaySteps } from '../core/steps/replay.js';
import type { Database } from './sqlite.js';

interface GameRow {
  id: number;
  rules: string;
  dice: string;
}

/** Replays game `id` and writes its player_stats and game_series rows. False when it has no steps or does not replay. */
export function writeSummary(db: Database, id: number): boolean {
  const game = db.prepare('SELECT id, rules, dice FROM games WHERE id = ?').get(id) as GameRow | undefined;
  if (game === undefined) return false;
  const players = (db.prepare('SELECT COUNT(*) AS n FROM players WHERE game_id = ?').get(id) as { n: number }).n;
  const rows = db.prepare('SELECT seq, action, numbers FROM steps WHERE game_id = ? ORDER BY seq').all(id) as {
    seq: number;
    action: string;
    numbers: Uint8Array | string | null;
  }[];
  if (rows.length === 0 || players === 0) return false;
  const analyser = new GameAnalyser(players);
  const replay = replaySteps(
    {
      playerCount: players,
      rules: JSON.parse(game.rules),
      dice: game.dice as DiceKind,
      steps: rows.map((r) => parseStep(r.seq, r.action, r.numbers)),
    },
    (_step, before, events, after) => analyser.observe(before, events, after),
  );
  if (!replay.ok) return false;
  writeAnalysis(db, id, analyser.finish(replay.state));
  return true;
}

/** Writes a game's statistics (replayed from its steps, or observed live by a networked session). */
export function writeAnalysis(db: Database, id: number, analysis: GameAnalysis) {
  db.prepare('DELETE FROM player_stats WHERE game_id = ?').run(id);
  const insert = db.prepare(
    `INSERT INTO player_stats (game_id, seat, territories_taken, territories_lost, sets_traded, battles, armies_lost,
       armies_lost_expected, final_territories, final_armies) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  analysis.players.forEach((p, seat) =>
    insert.run(
      id,
      seat,
      p.territoriesTaken,
      p.territoriesLost,
      p.setsTraded,
      p.battles,
      p.armiesLost,
      p.armiesLostExpected,
      p.finalTerritories,
      p.finalArmies,
    ),
  );
  db.prepare('INSERT OR REPLACE INTO game_series (game_id, series) VALUES (?, ?)').run(
    id,
    JSON.stringify(analysis.series),
  );
}

/** Migration 3: statistics for the finished games stored without them (before version 2). */
export function backfillSummaries(db: Database) {
  const finished = db
    .prepare(
      "SELECT id FROM games WHERE status = 'finished' AND NOT EXISTS (SELECT 1 FROM player_stats s WHERE s.game_id = games.id)",
    )
    .all() as { id: number }[];
  for (const { id } of finished) writeSummary(db, id);
}
