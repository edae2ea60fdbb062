// The drawn map and the compact list: every territory once, in its place, sea routes drawn.
import { describe, expect, it } from 'vitest';
import { classicBoard } from '../../src/model/index.js';
import { compactLayout } from '../../src/views/compact-board.js';
import { findTerritory, takeTerritories } from '../../src/views/line-commands.js';
import { MAP_TEMPLATE, MAP_WIDTH, mapFits, mapPieces, TERRITORY_CODES } from '../../src/views/map-layout.js';

const board = classicBoard();
const T = Object.fromEntries(board.territories.map((t) => [t.name, t.id])) as Record<string, number>;

describe('the world map', () => {
  it('has a slot for each of the 42 territories, exactly once, and fits 120 columns', () => {
    expect(mapFits(board)).toBe(true);
    for (const code of TERRITORY_CODES) expect(MAP_TEMPLATE.join('\n').split(`${code}####`)).toHaveLength(2);
    expect(new Set(TERRITORY_CODES).size).toBe(42);
    expect(MAP_WIDTH).toBeLessThan(120);
  });

  it('keeps the real shape: the Americas west of Europe and Africa, Asia east, Australia south-east', () => {
    const { positions } = mapPieces();
    const at = (name: string) => positions[T[name]!]!;
    expect(at('Alaska').col).toBeLessThan(at('Iceland').col);
    expect(at('Brazil').col).toBeLessThan(at('North Africa').col);
    expect(at('Ural').col).toBeGreaterThan(at('Ukraine').col);
    expect(at('Kamchatka').col).toBeGreaterThan(at('Japan').col - 5);
    expect(at('Eastern Australia').row).toBeGreaterThan(at('Siam').row);
    expect(at('Argentina').row).toBeGreaterThan(at('Central America').row);
  });

  it('draws the sea routes: Alaska–Kamchatka off both edges, Brazil–North Africa, Greenland–Iceland', () => {
    const { positions } = mapPieces();
    const line = (name: string) => MAP_TEMPLATE[positions[T[name]!]!.row]!;
    expect(line('Alaska').startsWith('◄┄')).toBe(true);
    expect(line('Kamchatka').trimEnd().endsWith('┄►')).toBe(true);
    expect(line('Brazil')).toMatch(/BRA####┄+/);
    expect(line('Greenland')).toMatch(/GRL####┄+ICE####/);
  });

  it('compact list: every territory once, lines fit the width', () => {
    for (const width of [40, 80, 100]) {
      const { rows, positions } = compactLayout(board, width);
      expect(rows.flatMap((r) => r.territories).sort((a, b) => a - b)).toEqual(board.territories.map((t) => t.id));
      expect(positions.every((p) => p.col + 7 <= width)).toBe(true);
    }
  });
});

describe('territory names in typed commands', () => {
  it('exact names, codes and unambiguous starts, any case; ambiguity is explained', () => {
    expect(findTerritory(board, 'alaska')).toEqual({ ok: true, territory: T.Alaska });
    expect(findTerritory(board, 'KAM')).toEqual({ ok: true, territory: T.Kamchatka });
    expect(findTerritory(board, 'kamch')).toEqual({ ok: true, territory: T.Kamchatka });
    expect(findTerritory(board, 'western-united-states')).toEqual({ ok: true, territory: T['Western United States'] });
    const east = findTerritory(board, 'east');
    expect(east.ok).toBe(false);
    if (!east.ok)
      expect(east.reason).toMatch(
        /could be Eastern United States, East Africa, Middle East, Eastern Australia: say more/,
      );
    const none = findTerritory(board, 'atlantis');
    expect(none).toEqual({ ok: false, reason: 'no territory is called "atlantis" ("map" lists them all)' });
    expect(findTerritory(board, 'Kamchatla')).toEqual({
      ok: false,
      reason: 'no territory is called "Kamchatla" (did you mean "Kamchatka"?) ("map" lists them all)',
    });
  });

  it('several words per name: the longest that names a territory wins', () => {
    expect(takeTerritories(board, ['east', 'africa', 'egypt', '3'], 2)).toEqual({
      ok: true,
      territories: [T['East Africa'], T.Egypt],
      rest: ['3'],
    });
    expect(takeTerritories(board, ['north', 'africa', 'brazil'], 2)).toEqual({
      ok: true,
      territories: [T['North Africa'], T.Brazil],
      rest: [],
    });
    expect(takeTerritories(board, ['alaska'], 2)).toMatchObject({ ok: false });
  });
});
