// The game's table on the page: the Table's view (views/table.ts) put back together from what the
// server sends (views/web/wire.ts): the state with its board, the decision with its state. So the
// page reads it with the same helpers the terminal's screens use (privacy, goals, the end's words).
import type { Board, GameState } from '../model/index.js';
import type { LogEntry, TableView } from '../views/table.js';
import type { Series, WireTable } from '../views/web/wire.js';

export interface PageTable extends TableView {
  readonly dueAt: number | null;
  readonly canAutoPlay: boolean;
  readonly series: Series;
}

export function tableViewOf(wire: WireTable, board: Board, log: readonly LogEntry[]): PageTable {
  const state: GameState | null = wire.state === null ? null : { ...wire.state, board };
  return {
    ...wire,
    state,
    log,
    decision: wire.decision === null || state === null ? null : { ...wire.decision, state },
    lastBattle: wire.lastBattle === null || state === null ? null : { ...wire.lastBattle, state },
    dueSince: null,
  };
}

/** A player's name as the table says it: "Ann (you)", the neutral army as Neutral. */
export function nameIn(view: Pick<TableView, 'players' | 'state'>, player: number): string {
  const p = view.players.find((x) => x.id === player);
  if (p === undefined) return view.state?.neutralArmy === player ? 'Neutral' : `player ${player}`;
  return p.kind === 'you' ? `${p.name} (you)` : p.name;
}

/** The person here whose move is due now, with the decision; null when it is no one's here. */
export function localDecision(view: TableView): TableView['decision'] {
  const d = view.decision;
  if (d === null) return null;
  const kind = view.players.find((p) => p.id === d.player)?.kind;
  return kind === 'you' || kind === 'human' ? d : null;
}
