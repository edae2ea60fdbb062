// Wire messages of the secret protocols (protocol-spec/secret-dealing.md): commit-reveal of a
// secret value, and the mental-poker deal of distinct cards. Same frame as the other messages
// (command, payload, player_id, optional ack_id); the schemas check shape and size only — group
// membership and proofs are checked by the drivers, which name the sender on failure.
import { z } from 'zod';
import { ELEMENT_HEX } from './secret-group.js';
import { canonicalJson } from './secret-json.js';

/** Upper bounds that keep every message small: a deck of at most 64 cards dealt to at most 16 players. */
export const MAX_DEAL_CARDS = 64;
export const MAX_DEAL_PLAYERS = 16;
/**
 * Longest sealed deal line a session accepts (secret-dealing.md §11): a signed shuffle, with the
 * previous step attached, takes about 1.25 KB per card (17.5 KB for 14); 32 KiB covers 24 cards
 * and 6 players. The drivers allow more; a session must deal no bigger deck.
 */
export const MAX_DEAL_LINE = 32 * 1024;

const nat = (what: string) => z.int().min(0, { error: `${what} must be ≥ 0` });
const playerId = nat('a player id');

const hexOf = (digits: number, what: string) =>
  z
    .string()
    .regex(new RegExp(`^[0-9a-fA-F]{${digits}}$`), { error: `expected ${what}: ${digits} hex digits` })
    .transform((hex) => hex.toLowerCase());

const hash = hexOf(64, 'a SHA-256 hash');
const salt = hexOf(64, 'a 32-byte salt');
/** A group element or a scalar mod q: 2048 bits, always written with all 512 digits. */
const element = hexOf(ELEMENT_HEX, 'a 2048-bit number');

const proof = z.object({ c: hexOf(64, 'a proof challenge'), s: element }).strict();

const purpose = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'a purpose is 1–64 lowercase letters, digits, _ or -' });

const frame = <C extends string, P extends z.ZodType>(command: C, payload: P, description: string) =>
  z
    .object({ command: z.literal(command), payload, player_id: playerId, ack_id: nat('an ack id').optional() })
    .meta({ title: `secret ${command}`, description });

/** A signature by the sender's identity key over the message (secret-dealing.md, Signatures); hex. */
const sig = z
  .string()
  .regex(/^[0-9a-fA-F]{2,1024}$/, { error: 'a signature is 2–1024 hex digits' })
  .transform((hex) => hex.toLowerCase())
  .optional();

/** Deal messages carry an optional signature; sequenced ones also the previous step's message, as evidence. */
const signed = <C extends string, P extends z.ZodType>(command: C, payload: P, description: string) =>
  z
    .object({ command: z.literal(command), payload, player_id: playerId, ack_id: nat('an ack id').optional(), sig })
    .meta({ title: `secret ${command}`, description });

// ---------------------------------------------------------------------------------------------
// Commit-reveal of one secret value per player (a capital, RISC orders or placements)

const secretCommit = frame(
  'secret_commit',
  z.object({ purpose, round: nat('a round'), commitment: hash }).strict(),
  'A player commits to its secret value for (purpose, round): SHA-256 over the bound preimage.',
);

const jsonValue = z.json().superRefine((value, ctx) => {
  const canonical = canonicalJson(value);
  if (!canonical.ok) ctx.addIssue({ code: 'custom', message: canonical.reason });
});

const secretReveal = frame(
  'secret_reveal',
  z
    .object({
      purpose,
      round: nat('a round'),
      value: jsonValue,
      salt,
      // The [player, commitment] pairs its revealer holds: the round counts only once every
      // reveal names the same ones (protocol/named-commitments.ts).
      commitments: z
        .array(z.tuple([playerId, hash]))
        .max(8, { error: 'at most 8 commitments in one round' })
        .optional(),
    })
    .strict(),
  'A player reveals its committed value and salt once every participant has committed, naming the commitments it holds.',
);

// ---------------------------------------------------------------------------------------------
// The deal of distinct cards

const deal = nat('a deal number');

const shufflePayload = z
  .object({
    deal,
    prev: hash,
    key: element,
    deck: z
      .array(element)
      .min(1, { error: 'a deck holds at least one card' })
      .max(MAX_DEAL_CARDS, { error: `a deck holds at most ${MAX_DEAL_CARDS} cards` }),
    proof,
  })
  .strict();
const shuffleDescription =
  'Shuffle step: the public part of the key (G^e), the deck encrypted with e and permuted, and a proof that the product of the cards was raised to e.';

const unlockedCard = z.object({ position: nat('a position'), value: element, proof }).strict();
const unlockPayload = z
  .object({
    deal,
    prev: hash,
    cards: z
      .array(unlockedCard)
      .max(MAX_DEAL_PLAYERS, { error: `at most ${MAX_DEAL_PLAYERS} cards are unlocked at once` }),
  })
  .strict();
const unlockDescription =
  'Unlock step: the sender removes its layer from every dealt card but its own, each with a proof.';

/** A sequenced message as embedded in the next one (without its own `previous`). */
const sequencedBare = z.union([
  signed('deal_shuffle', shufflePayload, shuffleDescription),
  signed('deal_unlock', unlockPayload, unlockDescription),
]);

const sequenced = <C extends string, P extends z.ZodType>(command: C, payload: P, description: string) =>
  signed(command, payload, description).extend({ previous: sequencedBare.optional() });

const dealShuffle = sequenced('deal_shuffle', shufflePayload, shuffleDescription);
const dealUnlock = sequenced('deal_unlock', unlockPayload, unlockDescription);

const dealAccept = sequenced(
  'deal_accept',
  z.object({ deal, prev: hash }).strict(),
  'The sender decrypted a valid card; prev is the hash of the whole deal transcript it saw.',
);

const dealComplaint = sequenced(
  'deal_complaint',
  z.object({ deal, prev: hash }).strict(),
  'The sender decrypted something that is not a card: the deal is void and every player reveals its key.',
);

const dealReveal = signed(
  'deal_reveal',
  z.object({ deal, key: element, seed: salt }).strict(),
  'The sender publishes its key and shuffle seed: after a complaint, or for the audit at the end of the game.',
);

const dealClaim = signed(
  'deal_claim',
  z.object({ deal, card: nat('a card'), proof }).strict(),
  'The sender shows its dealt card: a proof that its final ciphertext is the card raised to its key.',
);

/** Evidence of a fork: two signed messages of one step that differ, or one whose previous does not lead to its prev. */
const forkEvidence = z.union([dealShuffle, dealUnlock, dealAccept, dealComplaint]);

const dealAbort = signed(
  'deal_abort',
  z
    .object({
      deal,
      reason: z.string().max(512, { error: 'a reason is at most 512 characters' }),
      first: forkEvidence.optional(),
      second: forkEvidence.optional(),
    })
    .strict(),
  'The sender saw the deal transcript fork and voids the deal; with signatures, the evidence names who forked it.',
);

export const secretSchemas = {
  secret_commit: secretCommit,
  secret_reveal: secretReveal,
  deal_shuffle: dealShuffle,
  deal_unlock: dealUnlock,
  deal_accept: dealAccept,
  deal_complaint: dealComplaint,
  deal_reveal: dealReveal,
  deal_claim: dealClaim,
  deal_abort: dealAbort,
} as const;

export type SecretCommand = keyof typeof secretSchemas;
export const SECRET_COMMANDS = Object.keys(secretSchemas) as SecretCommand[];

export type SecretCommit = z.output<typeof secretCommit>;
export type SecretReveal = z.output<typeof secretReveal>;
export type DealShuffle = z.output<typeof dealShuffle>;
export type DealUnlock = z.output<typeof dealUnlock>;
export type DealAccept = z.output<typeof dealAccept>;
export type DealComplaint = z.output<typeof dealComplaint>;
export type DealReveal = z.output<typeof dealReveal>;
export type DealClaim = z.output<typeof dealClaim>;
export type DealAbort = z.output<typeof dealAbort>;
/** The messages that extend the transcript hash chain (each names the head it extends). */
export type DealSequenced = DealShuffle | DealUnlock | DealAccept | DealComplaint;
export type CommitMessage = SecretCommit | SecretReveal;
export type DealMessage = DealShuffle | DealUnlock | DealAccept | DealComplaint | DealReveal | DealClaim | DealAbort;
export type SecretMessage = CommitMessage | DealMessage;

export type SecretParse =
  | { readonly ok: true; readonly message: SecretMessage }
  | { readonly ok: false; readonly reason: string };

/** Validates one parsed JSON value as a secret-protocol message; the reason names the field. */
export function parseSecretMessage(value: unknown): SecretParse {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'message: expected a JSON object' };
  const command = (value as { command?: unknown }).command;
  if (typeof command !== 'string' || !(command in secretSchemas)) {
    return { ok: false, reason: `command: expected one of ${SECRET_COMMANDS.join(', ')}` };
  }
  const result = (secretSchemas[command as SecretCommand] as z.ZodType<SecretMessage>).safeParse(value);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0]!;
  const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  return { ok: false, reason: `${command}${path}: ${issue.message}` };
}
