// Wire messages of networked resume (protocol-spec/resume.md): the host offers a stored game to
// the players of a new mesh, and every player proves it holds the same history by the hashes of
// its state at its last sequence points. Same frame as the other messages; each line is signed
// (signed_messages) over the resumed session's own id, so nothing signed in it counts elsewhere.
import { hash as digestOf } from 'node:crypto';
import { z } from 'zod';
import { frame, nat, parseFramed, playerId } from './frames.js';

/** Hashes a peer sends of its last sequence points: peers of one game stop at most a point or two apart. */
export const MAX_RESUME_HASHES = 4;
export const MAX_RESUME_PLAYERS = 16;
/**
 * The longest statement line (a sealed resume_state or resume_refuse) a resume_relay carries: an
 * honest one is under 1 000 characters; a refusal's 300-character reason, escaped twice, stays under it.
 */
export const MAX_RELAYED_LINE = 4096;

const hash = z.string().regex(/^[0-9a-f]{64}$/, { error: 'expected a SHA-256 hash: 64 lowercase hex digits' });
const id = (what: string) =>
  z.string().regex(/^[A-Za-z0-9._~-]{1,128}$/, { error: `${what} is 1–128 letters, digits or . _ ~ -` });

const resumeGame = frame(
  'resume_game',
  z
    .object({
      /** The game as first played: every player looks it up in its own store. */
      game_id: id('a game id'),
      /** The resumed session's id: its lines, dice commitments and moves are bound to it. */
      session_id: id('a session id'),
      /** Each seat's peer id: a player takes back only its own seat (its key proves it). */
      players: z
        .array(z.object({ id: playerId, name: z.string().max(64), peer_id: z.string().max(128) }).strict())
        .min(2)
        .max(MAX_RESUME_PLAYERS),
    })
    .strict(),
  'The host offers a stored game to resume, in a new session.',
);

const resumeState = frame(
  'resume_state',
  z
    .object({
      session_id: id('a session id'),
      /** Sequence points this peer applied: the next move would be move `index`. */
      index: nat('an index'),
      /** The resume hashes of the state after points index - hashes.length + 1 … index, oldest first. */
      hashes: z.array(hash).min(1).max(MAX_RESUME_HASHES),
    })
    .strict(),
  'A player states how far its stored game goes and what its state is there.',
);

const resumeRefuse = frame(
  'resume_refuse',
  z.object({ session_id: id('a session id'), reason: z.string().max(300) }).strict(),
  'A player cannot resume the offered game (not stored here, another seat, finished), and says why.',
);

const resumeRelay = frame(
  'resume_relay',
  z
    .object({
      session_id: id('a session id'),
      /** A player's statement (its resume_state or resume_refuse), sealed by its author, as it travelled. */
      line: z.string().min(1).max(MAX_RELAYED_LINE),
      /** The players that accepted it before and co-signed it (resumeRelayDigest), the sender last. */
      signers: z
        .array(
          z
            .object({
              player: playerId,
              sig: z.string().regex(/^[0-9a-f]{128}$/, { error: 'expected an Ed25519 signature: 128 hex digits' }),
            })
            .strict(),
        )
        .min(1)
        .max(MAX_RESUME_PLAYERS),
    })
    .strict(),
  "A player hands on a statement it accepted in the resume's rounds, with the co-signatures it came with and its own.",
);

export const resumeSchemas = {
  resume_game: resumeGame,
  resume_state: resumeState,
  resume_refuse: resumeRefuse,
  resume_relay: resumeRelay,
} as const;

export type ResumeGame = z.output<typeof resumeGame>;
export type ResumeState = z.output<typeof resumeState>;
export type ResumeRefuse = z.output<typeof resumeRefuse>;
export type ResumeRelay = z.output<typeof resumeRelay>;
export type ResumeMessage = ResumeGame | ResumeState | ResumeRefuse | ResumeRelay;
export type ResumeCommand = keyof typeof resumeSchemas;

export type ResumeParse = { ok: true; message: ResumeMessage } | { ok: false; reason: string };

/** Validates one parsed JSON value as a resume message; the reason names the field. */
export function parseResumeMessage(value: unknown): ResumeParse {
  return parseFramed<ResumeMessage>(resumeSchemas, 'resume', value);
}

/**
 * What a player co-signs when it accepts another player's statement in the resume's rounds
 * (protocol-spec/resume.md, Agreement in rounds): the statement's inner text (what its author
 * signed), bound to the session.
 */
export function resumeRelayDigest(sessionId: string, statement: string): Buffer {
  return digestOf('sha256', `p2p-risk/resume-relay|${sessionId}|${digestOf('sha256', statement, 'hex')}`, 'buffer');
}

/**
 * Where a resume goes on from, given every player's stated point: the lowest point stated, if
 * every player sent its hash there and all those hashes agree; else why not (naming a player).
 */
export function commonPoint(
  states: ReadonlyMap<number, { readonly index: number; readonly hashes: readonly string[] }>,
): { ok: true; index: number; hash: string } | { ok: false; reason: string } {
  if (states.size === 0) return { ok: false, reason: 'no player stated its history' };
  const index = Math.min(...[...states.values()].map((s) => s.index));
  // The player furthest behind: its store stops there (a player made neutral keeps the game only to that point).
  const behind = [...states].sort(([a], [b]) => a - b).find(([, s]) => s.index === index)![0];
  let agreed: { player: number; hash: string } | null = null;
  for (const [player, s] of [...states].sort(([a], [b]) => a - b)) {
    const at = s.hashes.length - 1 - (s.index - index);
    if (at < 0)
      return {
        ok: false,
        reason: `player ${player} is ${s.index - index} moves ahead of player ${behind}, whose stored game stops at move ${index}: too far to go back there`,
      };
    const hash = s.hashes[at]!;
    if (agreed === null) agreed = { player, hash };
    else if (hash !== agreed.hash)
      return {
        ok: false,
        reason: `player ${player}'s stored game differs from player ${agreed.player}'s at move ${index}: not the same history`,
      };
  }
  return { ok: true, index, hash: agreed!.hash };
}

/** What a peer holds of one player in the handshake: its stated history, or why it fails the resume. */
export type Statement = { readonly index: number; readonly hashes: readonly string[] } | { readonly fails: string };

/**
 * The common point of a resume (protocol-spec/resume.md, Steps 4). `activeAt(c)`: the players not
 * neutral at point c in this peer's own history (c ≤ `latest`, its own index). The required players
 * are those active at this peer's latest point; the point is the lowest index they state; then the
 * required players are those active at that point, and so on until they no longer change (they only
 * grow as the point goes back, so this ends). The others' statements are not used. `wait`: required
 * players whose statement is not held yet.
 */
export function resumePoint(
  statements: ReadonlyMap<number, Statement>,
  latest: number,
  activeAt: (point: number) => readonly number[],
):
  | { ok: true; index: number; hash: string; required: readonly number[] }
  | { ok: false; reason: string }
  | { wait: readonly number[] } {
  let required = [...activeAt(latest)].sort((a, b) => a - b);
  for (;;) {
    // A player once required stays required: its failure is final, whatever else comes.
    for (const p of required) {
      const s = statements.get(p);
      if (s !== undefined && 'fails' in s) return { ok: false, reason: s.fails };
    }
    const missing = required.filter((p) => !statements.has(p));
    if (missing.length > 0) return { wait: missing };
    if (required.length === 0) return { ok: false, reason: 'no player is left in the game' };
    const point = Math.min(...required.map((p) => (statements.get(p) as { index: number }).index));
    if (point > latest)
      return {
        ok: false,
        reason: `this player's stored game stops at move ${latest}, before move ${point}, where the players still in the game go on`,
      };
    const next = [...activeAt(point)].sort((a, b) => a - b);
    if (next.length === required.length) break;
    required = next;
  }
  const held = new Map(required.map((p) => [p, statements.get(p) as { index: number; hashes: readonly string[] }]));
  const agreed = commonPoint(held);
  return agreed.ok ? { ...agreed, required } : agreed;
}
