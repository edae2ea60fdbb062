// The RISC map: a board in the class map file format, plus the starting groups RISC needs. The
// extra key "risc_groups" maps a player count to that many equal groups of territories (each of at
// least six) that together cover the board exactly, so one map serves 2, 3 and 4 players.
import { z } from 'zod';
import type { Board, Result } from '../board.js';
import riscMapFile from '../boards/risc.json' with { type: 'json' };
import { loadBoard } from '../map-file.js';

export const MIN_GROUP_SIZE = 6;

export interface RiscMap {
  readonly board: Board;
  /** groups[n] = the n starting groups for an n-player game, each ascending. */
  readonly groups: Readonly<Record<number, readonly (readonly number[])[]>>;
}

const GroupsSchema = z.record(
  z.string().regex(/^\d+$/, 'player count must be a whole number'),
  z.array(z.array(z.number().int().nonnegative())),
);

/** Loads a RISC map: the board through the class map loader, then the starting groups checked. */
export function loadRiscMap(input: unknown): Result<RiscMap> {
  const board = loadBoard(input);
  if (!board.ok) return board;
  const raw = (input as { risc_groups?: unknown }).risc_groups;
  if (raw === undefined) return { ok: false, reason: 'map file: risc_groups is missing (RISC needs starting groups)' };
  const parsed = GroupsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `map file: risc_groups.${issue.path.join('.')}: ${issue.message}` };
  }
  const count = board.value.territories.length;
  const groups: Record<number, number[][]> = {};
  for (const [key, list] of Object.entries(parsed.data)) {
    const players = Number(key);
    if (players < 2) return { ok: false, reason: `risc_groups.${key}: a game needs at least 2 players` };
    if (list.length !== players)
      return { ok: false, reason: `risc_groups.${key}: ${list.length} groups for ${players} players` };
    const size = list[0]!.length;
    if (size < MIN_GROUP_SIZE)
      return { ok: false, reason: `risc_groups.${key}: groups of ${size}, at least ${MIN_GROUP_SIZE} needed` };
    const seen = new Set<number>();
    for (const group of list) {
      if (group.length !== size)
        return { ok: false, reason: `risc_groups.${key}: groups differ in size (${size} and ${group.length})` };
      for (const t of group) {
        if (t >= count) return { ok: false, reason: `risc_groups.${key}: unknown territory ${t}` };
        if (seen.has(t)) return { ok: false, reason: `risc_groups.${key}: territory ${t} is in two groups` };
        seen.add(t);
      }
    }
    if (seen.size !== count)
      return { ok: false, reason: `risc_groups.${key}: the groups cover ${seen.size} of ${count} territories` };
    groups[players] = list.map((g) => [...g].sort((a, b) => a - b));
  }
  if (Object.keys(groups).length === 0) return { ok: false, reason: 'map file: risc_groups names no player count' };
  return { ok: true, value: { board: board.value, groups } };
}

let bundled: RiscMap | undefined;

/** The bundled 24-territory RISC map (groups for 2, 3 and 4 players). */
export function riscMap(): RiscMap {
  if (bundled === undefined) {
    const loaded = loadRiscMap(riscMapFile);
    if (!loaded.ok) throw new Error(`bundled RISC map is invalid: ${loaded.reason}`);
    bundled = loaded.value;
  }
  return bundled;
}

/** Player counts the map has starting groups for, ascending. */
export function playerCounts(map: RiscMap): number[] {
  return Object.keys(map.groups)
    .map(Number)
    .sort((a, b) => a - b);
}
