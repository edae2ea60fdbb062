// A bot's reading of a position: how big each player is, which borders are pressed, how far each
// continent is from being held. Plain arrays, computed in one pass over the board per decision.
import { type GameState, isActive, territoryArmies } from '../model/index.js';
import { type BoardFacts, boardFacts } from './board-facts.js';

export interface PlayerSummary {
  readonly territories: number;
  readonly armies: number;
  /** Armies due next turn before cards: base plus whole continents. */
  readonly income: number;
  readonly cards: number;
  /** Takes turns and attacks (not neutral, not out). */
  readonly active: boolean;
}

export interface Position {
  readonly state: GameState;
  readonly facts: BoardFacts;
  readonly players: readonly PlayerSummary[];
  /** Per territory: the largest stack an active enemy of its owner has next to it. */
  readonly biggestThreat: readonly number[];
  /** Per territory: neighbours owned by someone else (any player). */
  readonly foreignNeighbours: readonly number[];
  /** owned[continent][player]: territories held there. */
  readonly owned: readonly (readonly number[])[];
  /** Owner of each continent as a whole, or -1. */
  readonly continentHolder: readonly number[];
}

export function readPosition(state: GameState): Position {
  const facts = boardFacts(state.board);
  const { owner, armies, board } = state;
  const n = state.players.length;
  const size = facts.size;
  const active = state.players.map(isActive);
  const territories = Array<number>(n).fill(0);
  const armyCount = Array<number>(n).fill(0);
  const owned = board.continents.map(() => Array<number>(n).fill(0));
  const ownedById: number[][] = [];
  board.continents.forEach((c, i) => (ownedById[c.id] = owned[i]!));
  for (let t = 0; t < size; t++) {
    const o = owner[t]!;
    if (o < 0) continue;
    territories[o]!++;
    armyCount[o]! += armies[t]!;
    ownedById[facts.continentOf[t]!]![o]!++;
  }
  const continentHolder: number[] = [];
  const bonus = Array<number>(n).fill(0);
  for (const c of board.continents) {
    const counts = ownedById[c.id]!;
    const holder = counts.indexOf(c.territories.length);
    continentHolder[c.id] = holder;
    if (holder >= 0) bonus[holder]! += c.value;
  }
  const biggestThreat = Array<number>(size).fill(0);
  const foreignNeighbours = Array<number>(size).fill(0);
  for (let t = 0; t < size; t++) {
    const o = owner[t]!;
    let big = 0;
    let foreign = 0;
    const around = board.adjacency[t]!;
    for (let i = 0; i < around.length; i++) {
      const other = owner[around[i]!]!;
      if (other === o) continue;
      foreign++;
      if (other < 0 || !active[other]) continue;
      const a = armies[around[i]!]! - 1;
      if (a > big) big = a;
    }
    biggestThreat[t] = big;
    foreignNeighbours[t] = foreign;
  }
  const players = state.players.map((p, id) => ({
    territories: territories[id]!,
    armies: armyCount[id]!,
    income: territoryArmies(territories[id]!) + bonus[id]!,
    cards: p.cards.length,
    active: active[id]!,
  }));
  return { state, facts, players, biggestThreat, foreignNeighbours, owned: ownedById, continentHolder };
}
