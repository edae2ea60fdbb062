// The terms check between joiners (native.md, Full mesh): the host alone tells each joiner the
// game's terms, so a rogue host could tell two joiners different rules, game ids, features,
// timeouts or seats, and the two would play two games, each taking the other's acknowledgements
// for proof of cheating. Before its game starts each joiner sends every other joiner a digest of
// the terms it was given and reads theirs; one that differs means the host told them different
// things, and the game is given up before it starts.
import { z } from 'zod';
import { LineReader, type Link } from '../net/link.js';
import { sha256Hex } from '../protocol/hash.js';
import { canonicalJson } from '../protocol/risc-orders.js';
import { type RiscTerms, termsOnWire } from '../protocol/risc-terms.js';
import type { Rules } from '../protocol/rules.js';

/** What every player of one game must have been told alike. */
export interface AgreedTerms {
  readonly gameId: string;
  readonly features: readonly string[];
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly rules: Rules;
  readonly risc: RiscTerms | null;
  /** Seats and the peer ids that hold them (names and addresses may differ harmlessly). */
  readonly players: readonly { readonly id: number; readonly peerId: string }[];
}

export const MeshTermsSchema = z.object({
  command: z.literal('mesh_terms'),
  payload: z.string().regex(/^[0-9a-f]{64}$/),
  player_id: z.int().min(0),
});

/** SHA-256 of the terms in one canonical form: equal terms give equal digests on every peer. */
export function termsDigest(terms: AgreedTerms): string {
  return sha256Hex(
    canonicalJson({
      tag: 'p2p-risk/mesh-terms/v1',
      game_id: terms.gameId,
      features: terms.features,
      ack_timeout_ms: terms.ackTimeoutMs,
      move_timeout_ms: terms.moveTimeoutMs,
      rules: terms.rules,
      risc: terms.risc === null ? null : termsOnWire(terms.risc),
      players: [...terms.players].sort((a, b) => a.id - b.id).map((p) => [p.id, p.peerId]),
    }),
  );
}

/**
 * Sends this joiner's digest to every other joiner (`peers`: their links) and checks theirs, each
 * the first line of its link; the lines after it stay on the link for the game. Fails on the
 * first digest that differs, or is missing by the deadline.
 */
export async function checkTerms(
  me: number,
  digest: string,
  peers: ReadonlyMap<number, Link>,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const line = JSON.stringify({ command: 'mesh_terms', payload: digest, player_id: me });
  for (const link of peers.values()) link.send(line);
  const deadline = Date.now() + timeoutMs;
  const answers = await Promise.all(
    [...peers].map(async ([player, link]) => {
      const reader = new LineReader(link);
      const next = await reader.next(Math.max(0, deadline - Date.now()));
      reader.release();
      if (!next.ok) return `player ${player} did not confirm the game's terms: ${next.reason}`;
      let value: unknown;
      try {
        value = JSON.parse(next.line);
      } catch {
        value = null;
      }
      const parsed = MeshTermsSchema.safeParse(value);
      if (!parsed.success) return `player ${player} did not confirm the game's terms`;
      if (parsed.data.payload !== digest)
        return `the host told player ${player} other terms (rules, game id, features, timeouts or seats) than this player`;
      return null;
    }),
  );
  const problem = answers.find((a) => a !== null);
  return problem ? { ok: false, reason: problem } : { ok: true };
}
