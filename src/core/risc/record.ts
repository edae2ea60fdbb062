// The record of a RISC game: JSON lines in the class frame ({command, payload, player_id?}).
//   risc_game     the header: game id, map, player names, starting units, the agreed turn limit
//   risc_commit   a player's commitment (the wire message itself)
//   risc_reveal   a player's reveal (the wire message itself)
//   risc_timeout  players whose orders became empty when the round's deadline passed
//   risc_expel    a player made neutral by the peers (proof or votes) in the round in progress: it
//                 orders nothing from there on; the last player still in wins (networked games)
//   risc_dice     the turn's dice: an offline seed, or the peers' committed and revealed numbers
//   risc_turn     the board after the turn was executed (owners and units), for cross-checking
// Every line but the header is optional for an auditor to understand; the header must come first.
import { z } from 'zod';
import { RiscCommitSchema, RiscRevealSchema } from '../../protocol/risc-orders.js';
import { MAX_START_UNITS, MAX_TURN_LIMIT, type RiscTerms } from '../../protocol/risc-terms.js';

const nat = z.int().min(0);
const hex64 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, { error: 'expected 64 hex digits' })
  .transform((h) => h.toLowerCase());
const game = z.string().min(1).max(200);
const stage = z.enum(['placement', 'orders']);

/** 2: the §5c ring battle and the turn limit (version 1 fought each attacker against the holder only). */
export const RISC_RECORD_VERSION = 2;

export const RiscHeaderSchema = z.object({
  command: z.literal('risc_game'),
  payload: z.object({
    version: z.literal(RISC_RECORD_VERSION, {
      error: `this program reads RISC records of version ${RISC_RECORD_VERSION} (the §5c ring battle and the turn limit); an older record needs the program that wrote it`,
    }),
    game,
    map: z.literal('risc'),
    players: z.array(z.string().min(1).max(64)).min(2).max(8),
    start_units: z.int().min(1).max(MAX_START_UNITS),
    /** The last turn the players agreed to play; null: none. */
    turn_limit: z.int().min(1).max(MAX_TURN_LIMIT).nullable(),
  }),
});
export type RiscHeader = z.infer<typeof RiscHeaderSchema>;

/** The header every peer (and the local driver) writes first. */
export function riscHeader(game: string, players: readonly string[], terms: RiscTerms): RiscHeader {
  return {
    command: 'risc_game',
    payload: {
      version: RISC_RECORD_VERSION,
      game,
      map: 'risc',
      players: [...players],
      start_units: terms.startUnits,
      turn_limit: terms.turnLimit,
    },
  };
}

export const RiscTimeoutSchema = z.object({
  command: z.literal('risc_timeout'),
  payload: z.object({ game, turn: nat, stage, players: z.array(nat) }),
});

export const RiscExpelSchema = z.object({
  command: z.literal('risc_expel'),
  payload: z.object({ game, player: nat }),
});
export type RiscExpelLine = z.infer<typeof RiscExpelSchema>;

export const RiscDiceSchema = z.object({
  command: z.literal('risc_dice'),
  payload: z.union([
    z.object({
      game,
      turn: nat,
      seed: z
        .int()
        .min(0)
        .max(2 ** 32 - 1),
    }),
    z.object({ game, turn: nat, numbers: z.array(z.object({ player: nat, hash: hex64, number: hex64 })).min(1) }),
  ]),
});
export type RiscDiceLine = z.infer<typeof RiscDiceSchema>;

export const RiscTurnSchema = z.object({
  command: z.literal('risc_turn'),
  payload: z.object({ game, turn: nat, owner: z.array(nat), units: z.array(nat) }),
});

export const RiscRecordLineSchema = z.union([
  RiscHeaderSchema,
  RiscCommitSchema,
  RiscRevealSchema,
  RiscTimeoutSchema,
  RiscExpelSchema,
  RiscDiceSchema,
  RiscTurnSchema,
]);
export type RiscRecordLine = z.infer<typeof RiscRecordLineSchema>;

/** Whether a record's first line says it is a RISC game (so `risk verify` picks the RISC auditor). */
export function isRiscRecord(text: string): boolean {
  const first = text.split('\n').find((line) => line.trim() !== '');
  if (first === undefined) return false;
  try {
    return (JSON.parse(first) as { command?: unknown }).command === 'risc_game';
  } catch {
    return false;
  }
}
