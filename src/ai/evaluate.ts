// A bot's reading of a position: who is strong, which borders are pressed, how far each continent
// is from being held. Plain arrays, computed in one pass over the board per decision.
import { isActive, setValue, type GameState } from '../model/index.js';
import { boardFacts, type BoardFacts } from './board-facts.js';

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
  /** Per territory: all armies of active enemies of its owner next to it. */
  readonly totalThreat: readonly number[];
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
    const holder = counts.findIndex((k) => k === c.territories.length);
    continentHolder[c.id] = holder;
    if (holder >= 0) bonus[holder]! += c.value;
  }
  const biggestThreat = Array<number>(size).fill(0);
  const totalThreat = Array<number>(size).fill(0);
  const foreignNeighbours = Array<number>(size).fill(0);
  for (let t = 0; t < size; t++) {
    const o = owner[t]!;
    let big = 0;
    let total = 0;
    let foreign = 0;
    for (const nb of board.adjacency[t]!) {
      const other = owner[nb]!;
      if (other === o) continue;
      foreign++;
      if (other < 0 || !active[other]) continue;
      const a = armies[nb]! - 1;
      total += a;
      if (a > big) big = a;
    }
    biggestThreat[t] = big;
    totalThreat[t] = total;
    foreignNeighbours[t] = foreign;
  }
  const players = state.players.map((p, id) => ({
    territories: territories[id]!,
    armies: armyCount[id]!,
    income: Math.max(3, Math.floor(territories[id]! / 3)) + bonus[id]!,
    cards: p.cards.length,
    active: active[id]!,
  }));
  return { state, facts, players, biggestThreat, totalThreat, foreignNeighbours, owned: ownedById, continentHolder };
}

/** Armies a card is worth to its holder, roughly: a third of the next set, as sets escalate game-wide. */
export function cardWorth(state: GameState): number {
  return setValue(state.setsTraded) / 3;
}

/** Own territories with a foreign neighbour. */
export function frontier(position: Position, player: number): number[] {
  const { owner } = position.state;
  const out: number[] = [];
  for (let t = 0; t < owner.length; t++) if (owner[t] === player && position.foreignNeighbours[t]! > 0) out.push(t);
  return out;
}

/** Strength of a player as the other bots see it: armies on the board plus what income and cards bring. */
export function strength(position: Position, player: number): number {
  const p = position.players[player]!;
  return p.armies + 2 * p.income + p.cards * cardWorth(position.state);
}
