// The board: territories, adjacency, continents and cards, built from the class map JSON format
// (cs3099-observed.md §9) and checked before any game can use it. The shape of a map file from
// outside is checked by map-file.ts (zod); the built-in map's shape is checked by a test, so the
// programs that only use it (the menu) do not load zod.
import classicMap from './boards/classic.json' with { type: 'json' };

export type CardType = 0 | 1 | 2; // infantry, cavalry, artillery

/** A map in the class JSON format (cs3099-observed.md §9), ids as ints or strings; map-file.ts checks its shape. */
export interface MapFile {
  readonly data?: 'map' | undefined;
  readonly continents: Readonly<Record<string, readonly (number | string)[]>>;
  readonly connections: readonly (readonly [number | string, number | string])[];
  readonly continent_values: Readonly<Record<string, number>>;
  readonly continent_names?: Readonly<Record<string, string>> | undefined;
  readonly country_names?: Readonly<Record<string, string>> | undefined;
  readonly country_card: Readonly<Record<string, CardType>>;
  readonly wildcards?: number | undefined;
}
export const CARD_TYPE_NAMES = ['infantry', 'cavalry', 'artillery'] as const;

export interface Territory {
  readonly id: number;
  readonly name: string;
  readonly continent: number;
  readonly card: CardType;
}

export interface Continent {
  readonly id: number;
  readonly name: string;
  readonly value: number;
  readonly territories: readonly number[];
}

export interface Board {
  readonly territories: readonly Territory[];
  /** adjacency[t] lists the neighbours of territory t, ascending. */
  readonly adjacency: readonly (readonly number[])[];
  readonly continents: readonly Continent[];
  readonly wildcards: number;
  /** Territory cards first (card i shows territory i), then the wildcards. */
  readonly cardCount: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; reason: string };

const num = (v: number | string): number => (typeof v === 'number' ? v : Number(v));

/**
 * Builds the board of a map file whose shape is right (map-file.ts's loadBoard checks that first),
 * or names the first problem found: continents, ids without gaps, connections, connectedness, cards.
 */
export function boardFromMap(map: MapFile): Result<Board> {
  const continentOf = new Map<number, number>();
  const continentIds = Object.keys(map.continents).map((k) => {
    if (!/^\d+$/.test(k)) return NaN;
    return Number(k);
  });
  for (const [key, cid] of Object.keys(map.continents).map((k, i) => [k, continentIds[i]!] as const)) {
    if (Number.isNaN(cid)) return { ok: false, reason: `continent id "${key}" is not a non-negative integer` };
    const members = map.continents[key]!;
    if (members.length === 0) return { ok: false, reason: `continent ${key} has no territories` };
    for (const t of members.map(num)) {
      const other = continentOf.get(t);
      if (other !== undefined) {
        return { ok: false, reason: `territory ${t} is in two continents (${other} and ${cid})` };
      }
      continentOf.set(t, cid);
    }
    if (map.continent_values[key] === undefined)
      return { ok: false, reason: `continent ${key} has no value in continent_values` };
  }
  for (const key of Object.keys(map.continent_values)) {
    if (map.continents[key] === undefined)
      return { ok: false, reason: `continent_values names unknown continent ${key}` };
  }

  const count = continentOf.size;
  for (let t = 0; t < count; t++) {
    if (!continentOf.has(t)) {
      return {
        ok: false,
        reason: `territory ids must run 0..${count - 1} without gaps: ${t} is missing from every continent`,
      };
    }
  }
  for (const t of continentOf.keys()) {
    if (t >= count) return { ok: false, reason: `territory ids must run 0..${count - 1} without gaps: found ${t}` };
  }

  const neighbours: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  for (const [rawA, rawB] of map.connections) {
    const a = num(rawA);
    const b = num(rawB);
    if (!continentOf.has(a)) return { ok: false, reason: `connection [${a}, ${b}] names unknown territory ${a}` };
    if (!continentOf.has(b)) return { ok: false, reason: `connection [${a}, ${b}] names unknown territory ${b}` };
    if (a === b) return { ok: false, reason: `connection [${a}, ${b}] joins a territory to itself` };
    neighbours[a]!.add(b);
    neighbours[b]!.add(a); // connections are undirected: each edge listed once serves both ways
  }

  // Connected: every territory reachable from territory 0.
  const seen = new Set<number>([0]);
  const queue = [0];
  while (queue.length > 0) {
    for (const n of neighbours[queue.pop()!]!) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  if (seen.size !== count) {
    const cut = [...Array(count).keys()].filter((t) => !seen.has(t));
    return {
      ok: false,
      reason: `map is not connected: territories ${cut.join(', ')} cannot be reached from territory 0`,
    };
  }

  for (const key of Object.keys(map.country_card)) {
    if (!/^\d+$/.test(key) || !continentOf.has(Number(key))) {
      return { ok: false, reason: `country_card names unknown territory "${key}"` };
    }
  }
  const territories: Territory[] = [];
  for (let t = 0; t < count; t++) {
    const card = map.country_card[String(t)];
    if (card === undefined) return { ok: false, reason: `territory ${t} has no card type in country_card` };
    territories.push({
      id: t,
      name: map.country_names?.[String(t)] ?? `Territory ${t}`,
      continent: continentOf.get(t)!,
      card,
    });
  }

  const continents: Continent[] = Object.keys(map.continents)
    .map((key) => ({
      id: Number(key),
      name: map.continent_names?.[key] ?? `Continent ${key}`,
      value: map.continent_values[key]!,
      territories: map.continents[key]!.map(num).sort((x, y) => x - y),
    }))
    .sort((x, y) => x.id - y.id);

  const wildcards = map.wildcards ?? 2;
  return {
    ok: true,
    value: {
      territories,
      adjacency: neighbours.map((s) => [...s].sort((x, y) => x - y)),
      continents,
      wildcards,
      cardCount: count + wildcards,
    },
  };
}

let classic: Board | undefined;

/** The classic 42-territory board with the class ids. */
export function classicBoard(): Board {
  if (classic === undefined) {
    // Its shape is checked against the map file schema by tests/model/board.test.ts (JSON imports
    // type arrays as arrays, not as the schema's pairs: hence the cast).
    const loaded = boardFromMap(classicMap as unknown as MapFile);
    if (!loaded.ok) throw new Error(`bundled classic board is invalid: ${loaded.reason}`);
    classic = loaded.value;
  }
  return classic;
}

export function areAdjacent(board: Board, a: number, b: number): boolean {
  return board.adjacency[a]?.includes(b) ?? false;
}
