// The frame shared by the small families of wire messages beside the game's own (resume, rejoin):
// a command, its payload and the sender's player id, nothing else; and one parser per family.
import { z } from 'zod';

export const nat = (what: string) => z.int().min(0, { error: `${what} must be ≥ 0` });
export const playerId = nat('a player id');

/** A message of the shared frame, with its schema's title and description (for the generated JSON Schema). */
export const frame = <C extends string, P extends z.ZodType>(command: C, payload: P, description: string) =>
  z
    .object({ command: z.literal(command), payload, player_id: playerId })
    .strict()
    .meta({ title: command, description });

/** Validates one parsed JSON value as a message of `family` (its schemas by command); the reason names the field. */
export function parseFramed<M>(
  schemas: Readonly<Record<string, z.ZodType>>,
  family: string,
  value: unknown,
): { ok: true; message: M } | { ok: false; reason: string } {
  const command = (value as { command?: unknown } | null)?.command;
  if (typeof command !== 'string' || !Object.hasOwn(schemas, command))
    return { ok: false, reason: `not a ${family} message: command ${JSON.stringify(command)}` };
  const result = (schemas[command] as z.ZodType<M>).safeParse(value);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, reason: `${command}: ${issue.path.join('.') || 'message'}: ${issue.message}` };
}
