import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import classicMap from '../../src/model/boards/classic.json' with { type: 'json' };
import { classicBoard } from '../../src/model/index.js';
import { loadBoard, MapFileSchema } from '../../src/model/map-file.js';

const observed = readFileSync(new URL('../fixtures/cs3099-observed.md', import.meta.url), 'utf8');

describe('classic board', () => {
  const board = classicBoard();

  it('has the 42 class territories, 83 connections, 6 continents and 44 cards', () => {
    expect(board.territories).toHaveLength(42);
    expect(board.adjacency.reduce((n, list) => n + list.length, 0) / 2).toBe(83);
    expect(board.continents.map((c) => [c.name, c.value, c.territories.length])).toEqual([
      ['North America', 5, 9],
      ['South America', 2, 4],
      ['Europe', 5, 7],
      ['Africa', 3, 6],
      ['Asia', 7, 12],
      ['Australia', 2, 4],
    ]);
    expect(board.cardCount).toBe(44);
  });

  // classicBoard() builds the bundled map without the schema (no zod at start-up): it is checked here.
  it('is a map file of the right shape, and loadBoard builds the same board from it', () => {
    expect(MapFileSchema.safeParse(classicMap).success).toBe(true);
    expect(loadBoard(classicMap)).toEqual({ ok: true, value: board });
  });

  it('matches the table of cs3099-observed.md §9 row by row', () => {
    const rows = [...observed.matchAll(/^\| (\d+) \| ([^|]+) \| ([ICA]) \| ([\d,]+) \|$/gm)];
    expect(rows).toHaveLength(42);
    for (const [, id, name, card, adjacent] of rows) {
      const t = board.territories[Number(id)]!;
      expect(t.name).toBe(name!.trim());
      expect(t.card).toBe('ICA'.indexOf(card!));
      expect(board.adjacency[t.id]).toEqual(
        adjacent!
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
      );
    }
  });
});

describe('loadBoard rejects a bad map with a message naming the problem', () => {
  const base = () => structuredClone(classicMap) as Record<string, unknown> & typeof classicMap;
  const cases: [string, (m: ReturnType<typeof base>) => unknown, RegExp][] = [
    ['not an object', () => 42, /map file/],
    ['missing connections', (m) => ({ ...m, connections: undefined }), /connections/],
    [
      'a territory in two continents',
      (m) => ({ ...m, continents: { ...m.continents, '5': [...m.continents['5'], 0] } }),
      /territory 0 is in two continents/,
    ],
    [
      'an edge to an unknown territory',
      (m) => ({ ...m, connections: [...m.connections, [3, 99]] }),
      /unknown territory 99/,
    ],
    ['a self-loop', (m) => ({ ...m, connections: [...m.connections, [7, 7]] }), /to itself/],
    [
      'a disconnected graph',
      (m) => ({
        ...m,
        connections: m.connections.filter(([a, b]) => !(a! >= 38 || b! >= 38) || (a! >= 38 && b! >= 38)),
      }),
      /not connected: territories 38, 39, 40, 41/,
    ],
    ['a card type outside 0–2', (m) => ({ ...m, country_card: { ...m.country_card, '4': 3 } }), /country_card\.4/],
    [
      'a territory without a card',
      (m) => {
        const cards: Record<string, number> = { ...m.country_card };
        delete cards['12'];
        return { ...m, country_card: cards };
      },
      /territory 12 has no card type/,
    ],
    ['a gap in the ids', (m) => ({ ...m, continents: { ...m.continents, '5': [38, 39, 40, 45] } }), /without gaps/],
    [
      'a continent without a value',
      (m) => ({ ...m, continent_values: { ...m.continent_values, '2': undefined } }),
      /continent 2 has no value|continent_values/,
    ],
    ['a non-numeric id', (m) => ({ ...m, connections: [...m.connections, ['x', 1]] }), /connections\.\d+\.0/],
  ];
  for (const [name, mutate, reason] of cases) {
    it(name, () => {
      const result = loadBoard(mutate(base()));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(reason);
    });
  }

  it('accepts string ids as well as ints', () => {
    const m = base();
    const stringy = { ...m, connections: m.connections.map(([a, b]) => [String(a), String(b)]) };
    const result = loadBoard(stringy);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.adjacency).toEqual(classicBoard().adjacency);
  });
});
