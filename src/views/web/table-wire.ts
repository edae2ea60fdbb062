// A game's table as the page gets it (wire.ts WireTable): the Table's view without the board and
// the story (sent apart), and the charts' series, sampled as `risk stats` samples a stored game
// (core/steps/analysis.ts): each seated player's territories and armies at the start of each turn,
// and once more at the end.
import { countTerritories, type GameState, totalArmies } from '../../model/index.js';
import type { Table } from '../table.js';
import type { Series, WireState, WireTable } from './wire.js';

/** The series of one game, fed every state the table shows. */
export class SeriesKeeper {
  private readonly turns: number[] = [];
  private readonly territories: number[][] = [];
  private readonly armies: number[][] = [];
  private last: GameState | null = null;

  constructor(private readonly seated: number) {}

  see(state: GameState | null): void {
    if (state === null || state === this.last) return;
    this.last = state;
    const sampled = this.turns.at(-1);
    // A turn's first state; the end is added by `series` (the game may end mid-turn).
    if (state.turn >= 1 && state.phase !== 'over' && (sampled === undefined || state.turn > sampled))
      this.sample(state);
  }

  private sample(state: GameState) {
    const seats = state.players.slice(0, this.seated);
    this.turns.push(state.turn);
    this.territories.push(seats.map((p) => countTerritories(state, p.id)));
    this.armies.push(seats.map((p) => totalArmies(state, p.id)));
  }

  /** The samples so far, with the last state seen as the last sample. */
  series(): Series {
    const now = this.last;
    if (now === null || now.turn < 1) return { turns: this.turns, territories: this.territories, armies: this.armies };
    const seats = now.players.slice(0, this.seated);
    return {
      turns: [...this.turns, now.turn],
      territories: [...this.territories, seats.map((p) => countTerritories(now, p.id))],
      armies: [...this.armies, seats.map((p) => totalArmies(now, p.id))],
    };
  }
}

/** The state without its board. */
export function withoutBoard(state: GameState): WireState {
  const { board: _board, ...rest } = state;
  return rest;
}

export function wireTable(table: Table, series: Series): WireTable {
  const view = table.view;
  const { log: _log, decision, lastBattle, dueSince: _due, state, ...rest } = view;
  const left = table.timeLeft();
  return {
    ...rest,
    state: state === null ? null : withoutBoard(state),
    decision: decision === null ? null : { id: decision.id, player: decision.player },
    lastBattle:
      lastBattle === null ? null : { id: lastBattle.id, battle: lastBattle.battle, conquered: lastBattle.conquered },
    dueAt: left === null ? null : table.now() + left,
    canAutoPlay: table.canAutoPlay,
    series,
  };
}
