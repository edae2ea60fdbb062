// What the players of a RISC game agree in the lobby: the units each places at the start and the
// turn limit (null: none). The host sends them with its acceptance of each joiner (native
// profile), each joiner sees them before the game starts, and every peer writes them into its
// record's header, so every replica plays the same game.
import { z } from 'zod';
import { MAX_START_UNITS, MAX_TURN_LIMIT } from '../model/risc/state.js';

export { MAX_START_UNITS, MAX_TURN_LIMIT };

export interface RiscTerms {
  readonly startUnits: number;
  readonly turnLimit: number | null;
}

export const RiscTermsSchema = z
  .object({
    start_units: z.int().min(1).max(MAX_START_UNITS),
    turn_limit: z.int().min(1).max(MAX_TURN_LIMIT).nullable(),
  })
  .transform((t): RiscTerms => ({ startUnits: t.start_units, turnLimit: t.turn_limit }));

export function termsOnWire(terms: RiscTerms): { start_units: number; turn_limit: number | null } {
  return { start_units: terms.startUnits, turn_limit: terms.turnLimit };
}

/** The terms in words, for the lobby. */
export function describeTerms(terms: RiscTerms): string {
  const limit =
    terms.turnLimit === null
      ? 'no turn limit'
      : `turn limit ${terms.turnLimit} (then the most territories wins, then the most units; else a draw)`;
  return `RISC: ${terms.startUnits} starting units each; ${limit}`;
}
