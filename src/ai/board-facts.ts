// What a bot knows about a board before any army is placed: continents, their edges and entrances,
// and distances. Computed once per board and shared by every bot.
import type { Board } from '../model/index.js';

export interface BoardFacts {
  readonly size: number;
  readonly continentOf: readonly number[];
  /** Territories of each continent that touch another continent: the ones a holder must guard. */
  readonly edges: readonly (readonly number[])[];
  /** Territories outside each continent that touch it: where attacks on it come from. */
  readonly entrances: readonly (readonly number[])[];
  /** Hops between two territories, ignoring owners. */
  readonly distance: readonly (readonly number[])[];
  /** A rough worth of holding each continent, per turn: its bonus less the cost of guarding its edges. */
  readonly continentWorth: readonly number[];
}

const cache = new WeakMap<Board, BoardFacts>();

export function boardFacts(board: Board): BoardFacts {
  let facts = cache.get(board);
  if (facts === undefined) {
    facts = computeFacts(board);
    cache.set(board, facts);
  }
  return facts;
}

function computeFacts(board: Board): BoardFacts {
  const size = board.territories.length;
  const continentOf = board.territories.map((t) => t.continent);
  const edges: number[][] = [];
  const entrances: number[][] = [];
  for (const continent of board.continents) {
    const edge: number[] = [];
    const entry = new Set<number>();
    for (const t of continent.territories) {
      const outside = board.adjacency[t]!.filter((n) => continentOf[n] !== continent.id);
      if (outside.length > 0) edge.push(t);
      for (const n of outside) entry.add(n);
    }
    edges[continent.id] = edge;
    entrances[continent.id] = [...entry].sort((a, b) => a - b);
  }
  const distance = Array.from({ length: size }, (_, from) => {
    const d = Array<number>(size).fill(Infinity);
    d[from] = 0;
    const queue = [from];
    for (let i = 0; i < queue.length; i++) {
      const t = queue[i]!;
      for (const n of board.adjacency[t]!) {
        if (d[n] === Infinity) {
          d[n] = d[t]! + 1;
          queue.push(n);
        }
      }
    }
    return d;
  });
  // Bonus per guarded edge, and per territory to take: small continents with few edges come first.
  const continentWorth = board.continents.map((c) => c.value / (edges[c.id]!.length + 0.5 * c.territories.length));
  const byId: number[] = [];
  board.continents.forEach((c, i) => (byId[c.id] = continentWorth[i]!));
  return { size, continentOf, edges, entrances, distance, continentWorth: byId };
}
