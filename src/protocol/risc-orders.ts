// RISC secret orders on the wire: each player commits SHA-256 of their placement or orders with a
// salt, and reveals both once every player has committed; every peer recomputes the hash. The hash
// covers a domain tag, the game id, the turn, the stage and the player, so a commitment copied from
// another game, turn or player never verifies. (A local helper until the generic secret-* helpers land.)
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Placement, RiscOrder } from '../model/risc/index.js';

export const RISC_COMMIT_TAG = 'p2p-risk/risc-orders/v1';
export const SALT_BYTES = 32;
/** More orders than this in one turn is refused outright (a peer must not be made to hash megabytes). */
export const MAX_ORDERS = 500;

export type RiscStage = 'placement' | 'orders';

export type RiscBody =
  | { readonly stage: 'placement'; readonly placement: readonly Placement[] }
  | { readonly stage: 'orders'; readonly orders: readonly RiscOrder[] };

export interface CommitContext {
  readonly game: string;
  readonly turn: number;
  readonly player: number;
}

/** JSON with object keys sorted and no spaces: the same value gives the same bytes on every peer. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** Only the fields that matter, in a fixed shape, so extra keys in a reveal never change the hash. */
function normalBody(body: RiscBody): unknown {
  return body.stage === 'placement'
    ? { stage: body.stage, placement: body.placement.map((p) => ({ territory: p.territory, units: p.units })) }
    : { stage: body.stage, orders: body.orders.map((o) => ({ kind: o.kind, from: o.from, to: o.to, units: o.units })) };
}

export function ordersCommitment(context: CommitContext, body: RiscBody, salt: string): string {
  const preimage = canonicalJson({
    tag: RISC_COMMIT_TAG,
    game: context.game,
    turn: context.turn,
    player: context.player,
    salt: salt.toLowerCase(),
    body: normalBody(body),
  });
  return createHash('sha256').update(preimage, 'utf8').digest('hex');
}

export function freshSalt(): string {
  return randomBytes(SALT_BYTES).toString('hex');
}

// ---------------------------------------------------------------------------------------------
// Wire messages, in the class frame: { command, payload, player_id }.

const nat = z.int().min(0);
const hex64 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, { error: 'expected 64 hex digits' })
  .transform((h) => h.toLowerCase());
const stage = z.enum(['placement', 'orders']);
const gameId = z.string().min(1).max(200);

export const PlacementSchema = z.object({ territory: nat, units: nat });
export const RiscOrderSchema = z.object({ kind: z.enum(['move', 'attack']), from: nat, to: nat, units: nat });

export const RiscCommitSchema = z.object({
  command: z.literal('risc_commit'),
  payload: z.object({ game: gameId, turn: nat, stage, hash: hex64 }),
  player_id: nat,
});
export type RiscCommit = z.infer<typeof RiscCommitSchema>;

export const RiscRevealSchema = z.object({
  command: z.literal('risc_reveal'),
  payload: z.union([
    z.object({
      game: gameId,
      turn: nat,
      stage: z.literal('placement'),
      salt: hex64,
      placement: z.array(PlacementSchema).max(MAX_ORDERS),
    }),
    z.object({
      game: gameId,
      turn: nat,
      stage: z.literal('orders'),
      salt: hex64,
      orders: z.array(RiscOrderSchema).max(MAX_ORDERS),
    }),
  ]),
  player_id: nat,
});
export type RiscReveal = z.infer<typeof RiscRevealSchema>;

export const RiscMessageSchema = z.union([RiscCommitSchema, RiscRevealSchema]);
export type RiscMessage = RiscCommit | RiscReveal;

export function revealBody(reveal: RiscReveal): RiscBody {
  const p = reveal.payload;
  return 'placement' in p ? { stage: 'placement', placement: p.placement } : { stage: 'orders', orders: p.orders };
}

/** A player's commit and the reveal that goes with it (send the commit now, the reveal after all commits). */
export function sealOrders(
  context: CommitContext,
  body: RiscBody,
  salt = freshSalt(),
): { commit: RiscCommit; reveal: RiscReveal } {
  const hash = ordersCommitment(context, body, salt);
  const head = { game: context.game, turn: context.turn };
  const payload: RiscReveal['payload'] =
    body.stage === 'placement'
      ? { ...head, stage: 'placement', salt, placement: [...body.placement] }
      : { ...head, stage: 'orders', salt, orders: [...body.orders] };
  return {
    commit: { command: 'risc_commit', payload: { ...head, stage: body.stage, hash }, player_id: context.player },
    reveal: { command: 'risc_reveal', payload, player_id: context.player },
  };
}

/** Parses one wire value, or names the first problem. */
export function parseRiscMessage(value: unknown): { ok: true; value: RiscMessage } | { ok: false; reason: string } {
  const parsed = RiscMessageSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, reason: `${issue.path.join('.') || '(message)'}: ${issue.message}` };
}
