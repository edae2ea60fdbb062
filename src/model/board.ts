// The board: territories, adjacency, continents and cards, loaded from the class map JSON format
// (cs3099-observed.md §9) and validated before any game can use it.
import { z } from 'zod';
import classicMap from './boards/classic.json' with { type: 'json' };

export type CardType = 0 | 1 | 2; // infantry, cavalry, artillery
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

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, 'must be a non-negative integer')]);

/** The class map file, as written (ids as ints or strings). */
export const MapFileSchema = z.object({
  data: z.literal('map').optional(),
  continents: z.record(z.string(), z.array(id)),
  connections: z.array(z.tuple([id, id])),
  continent_values: z.record(z.string(), z.number().int().nonnegative()),
  continent_names: z.record(z.string(), z.string()).optional(),
  country_names: z.record(z.string(), z.string()).optional(),
  country_card: z.record(z.string(), z.union([z.literal(0), z.literal(1), z.literal(2)])),
  wildcards: z.number().int().nonnegative().optional(),
});
export type MapFile = z.infer<typeof MapFileSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; reason: string };

const num = (v: number | string): number => (typeof v === 'number' ? v : Number(v));

/** Validates a parsed map file and builds the board, or names the first problem found. */
export function loadBoard(input: unknown): Result<Board> {
  const parsed = MapFileSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `map file: ${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  const map = parsed.data;

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
    const loaded = loadBoard(classicMap);
    if (!loaded.ok) throw new Error(`bundled classic board is invalid: ${loaded.reason}`);
    classic = loaded.value;
  }
  return classic;
}

export function areAdjacent(board: Board, a: number, b: number): boolean {
  return board.adjacency[a]?.includes(b) ?? false;
}
