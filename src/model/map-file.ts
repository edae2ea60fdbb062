// A map file from outside the program (the class map JSON format, cs3099-observed.md §9): its
// shape checked by a zod schema, then the board built and checked by board.ts. Kept apart from
// board.ts so that the programs using only the built-in map do not load zod.
import { z } from 'zod';
import { type Board, boardFromMap, type MapFile, type Result } from './board.js';

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, 'must be a non-negative integer')]);

/** The class map file, as written (ids as ints or strings). */
export const MapFileSchema: z.ZodType<MapFile> = z.object({
  data: z.literal('map').optional(),
  continents: z.record(z.string(), z.array(id)),
  connections: z.array(z.tuple([id, id])),
  continent_values: z.record(z.string(), z.number().int().nonnegative()),
  continent_names: z.record(z.string(), z.string()).optional(),
  country_names: z.record(z.string(), z.string()).optional(),
  country_card: z.record(z.string(), z.union([z.literal(0), z.literal(1), z.literal(2)])),
  wildcards: z.number().int().nonnegative().optional(),
});
export type { MapFile };

/** Validates a parsed map file and builds the board, or names the first problem found. */
export function loadBoard(input: unknown): Result<Board> {
  const parsed = MapFileSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `map file: ${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  return boardFromMap(parsed.data);
}
