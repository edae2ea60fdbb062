// A rogue peer of a Capital or Secret Mission game: an honest session whose links rewrite its
// secret-round traffic to perform one attack, signing what it forges with its own key.
import { randomBytes } from 'node:crypto';
import type { Link } from '../../src/net/link.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { secretCommitment } from '../../src/protocol/secret-commitment.js';
import { dealDigest } from '../../src/protocol/secret-deal.js';
import { cardElements, hex } from '../../src/protocol/secret-deal-crypto.js';
import type { DealClaim, DealMessage, SecretMessage } from '../../src/protocol/secret-messages.js';
import { lineDigest, seal, unseal } from '../../src/protocol/signing.js';
import { type Rogue, type RogueContext, withSends } from './mesh-game.js';

export const SECRET_ATTACKS = [
  /** Never sends its shuffle or unlock of the mission deal. */
  'withholds-share',
  /** Sends its shuffle and unlock to every peer but one (that peer gets them handed on). */
  'withholds-from-one',
  /** Puts the card it wants (mission card 0, in the clear) into its shuffle of the deal. */
  'chosen-card',
  /** Shows (deal_claim, unsequenced) a mission card it was not dealt. */
  'wrong-mission',
  /** At its first deploy, claims the win with a mission card it does not hold. */
  'false-claim',
  /** After its first turn, claims a mission at the next point of another player's turn. */
  'claim-out-of-turn',
  /** Reveals another capital than the one it committed to. */
  'swapped-capital',
  /** Commits to a capital and never reveals it. */
  'withholds-capital',
  /** Shows one peer another capital: its own commitment and reveal of another territory it holds. */
  'other-capital-for-one',
  /** Sends its capital reveal, the round's last line, to every peer but one. */
  'withholds-capital-reveal-from-one',
  /** Sends its acceptance of the mission deal, the deal's last line, to every peer but one. */
  'withholds-deal-accept-from-one',
  /** Sends one peer its capital reveal first and its commitment after it (no proof of anything). */
  'reveals-capital-first-to-one',
] as const;
export type SecretAttack = (typeof SECRET_ATTACKS)[number];

type Opened =
  | { kind: 'secret'; message: SecretMessage }
  | { kind: 'move'; command: string; ackId?: number; player?: number; acked?: number }
  | null;

function open(line: string): Opened {
  const sealed = unseal(line);
  if (sealed === null) return null;
  if (/^\{"command":"(deal_|secret_)/.test(sealed.inner))
    return { kind: 'secret', message: JSON.parse(sealed.inner) as SecretMessage };
  const decoded = decodeLine(sealed.inner);
  if (!decoded.ok || !('message' in decoded)) return null;
  const m = decoded.message;
  return {
    kind: 'move',
    command: m.command,
    ...('ack_id' in m && m.ack_id !== undefined ? { ackId: m.ack_id } : {}),
    ...(m.command === 'acknowledgement'
      ? { acked: m.payload, ...(m.author !== undefined ? { player: m.author } : {}) }
      : {}),
  };
}

/** A secret line signed by the rogue as its session would sign it. */
function signSecret(context: RogueContext, message: SecretMessage): string {
  const inner = JSON.stringify(message);
  return seal(inner, context.me, context.keyring.sign(lineDigest(context.gameId, inner)));
}

/** A claim of `card` with a well-formed proof that proves nothing, signed at both levels. */
function forgedClaim(context: RogueContext, card: number, ackId?: number): string {
  const claim: DealClaim = {
    command: 'deal_claim',
    player_id: context.me,
    payload: { deal: 0, card, proof: { c: randomBytes(32).toString('hex'), s: randomBytes(256).toString('hex') } },
  };
  const signed = { ...claim, sig: context.keyring.sign(dealDigest(context.gameId, claim)) };
  return signSecret(context, ackId === undefined ? signed : { ...signed, ack_id: ackId });
}

/** A capital round's commitment and reveal of the last territory the rogue holds, signed by it. */
function forgeCapital(context: RogueContext): { commit: string; reveal: string } {
  const owner = context.state().owner;
  const territory = owner.lastIndexOf(context.me);
  const salt = randomBytes(32);
  const round = { gameId: context.gameId, purpose: 'capital', round: 0, player: context.me };
  const value = { territory };
  const commitment = secretCommitment(value, salt, round);
  return {
    commit: signSecret(context, {
      command: 'secret_commit',
      player_id: context.me,
      payload: { purpose: 'capital', round: 0, commitment },
    }),
    reveal: signSecret(context, {
      command: 'secret_reveal',
      player_id: context.me,
      payload: { purpose: 'capital', round: 0, value, salt: salt.toString('hex') },
    }),
  };
}

export function secretRogue(attack: SecretAttack): Rogue {
  return (links: Map<number, Link>, context: RogueContext) => {
    let done = false;
    let played = false;
    let otherCapital: { commit: string; reveal: string } | undefined;
    let heldCommit: string | undefined;
    const last = Math.max(...links.keys());
    const victim = Math.min(...links.keys());
    return withSends(links, (player, link) => (line) => {
      for (const out of rewrite(player, line)) link.send(out);
    });

    function rewrite(to: number, line: string): string[] {
      const wire = open(line);
      if (wire === null) return [line];
      const once = (lines: string[]) => {
        if (to === last) done = true;
        return lines;
      };
      switch (attack) {
        case 'withholds-share':
          return wire.kind === 'secret' &&
            (wire.message.command === 'deal_shuffle' || wire.message.command === 'deal_unlock')
            ? []
            : [line];
        case 'withholds-from-one':
          return to === victim &&
            wire.kind === 'secret' &&
            (wire.message.command === 'deal_shuffle' || wire.message.command === 'deal_unlock')
            ? []
            : [line];
        case 'chosen-card': {
          if (wire.kind !== 'secret' || wire.message.command !== 'deal_shuffle' || wire.message.payload.deal !== 0)
            return [line];
          const { deck } = wire.message.payload;
          const wanted = hex(cardElements(context.gameId, deck.length)[0]!);
          const { sig: _sig, ...unsigned } = wire.message;
          const changed = { ...unsigned, payload: { ...unsigned.payload, deck: [wanted, ...deck.slice(1)] } };
          return [
            signSecret(context, {
              ...changed,
              sig: context.keyring.sign(dealDigest(context.gameId, changed as DealMessage)),
            }),
          ];
        }
        case 'wrong-mission':
          // Card 0 for everyone: no forged proof opens any card's ciphertext.
          if (done || wire.kind !== 'move' || wire.command !== 'deploy') return [line];
          return once([forgedClaim(context, 0), line]);
        case 'false-claim':
          if (done || wire.kind !== 'move' || wire.command !== 'deploy') return [line];
          return once([forgedClaim(context, 1, wire.ackId)]);
        case 'claim-out-of-turn':
          if (wire.kind === 'move' && wire.command === 'deploy') played = true;
          // Acknowledging another player's move of its turn: the next point is that player's too.
          if (done || !played || wire.kind !== 'move' || wire.acked === undefined) return [line];
          if (wire.player === undefined || wire.player === context.me) return [line];
          return once([line, forgedClaim(context, 2, wire.acked + 1)]);
        case 'swapped-capital': {
          if (wire.kind !== 'secret' || wire.message.command !== 'secret_reveal') return [line];
          const value = wire.message.payload.value as { territory: number };
          return [
            signSecret(context, {
              ...wire.message,
              payload: { ...wire.message.payload, value: { territory: value.territory + 1 } },
            }),
          ];
        }
        case 'withholds-capital':
          return wire.kind === 'secret' && wire.message.command === 'secret_reveal' ? [] : [line];
        case 'other-capital-for-one': {
          if (to !== victim || wire.kind !== 'secret') return [line];
          const forged = otherCapital ?? (otherCapital = forgeCapital(context));
          if (wire.message.command === 'secret_commit') return [forged.commit];
          if (wire.message.command === 'secret_reveal') return [forged.reveal];
          return [line];
        }
        case 'withholds-capital-reveal-from-one':
          return to === victim && wire.kind === 'secret' && wire.message.command === 'secret_reveal' ? [] : [line];
        case 'withholds-deal-accept-from-one':
          return to === victim && wire.kind === 'secret' && wire.message.command === 'deal_accept' ? [] : [line];
        case 'reveals-capital-first-to-one': {
          if (to !== victim || wire.kind !== 'secret') return [line];
          if (wire.message.command === 'secret_commit' && heldCommit === undefined) {
            heldCommit = line;
            return [];
          }
          if (wire.message.command === 'secret_reveal' && heldCommit !== undefined) return [line, heldCommit];
          return [line];
        }
      }
    }
  };
}

/**
 * At the end of a Secret Mission game, publishes another key than the one it dealt with (a
 * valid-looking element and seed, signed at both levels).
 */
export function wrongKeyAtEnd(): Rogue {
  return (links: Map<number, Link>, context: RogueContext) =>
    withSends(links, (_player, link) => (line) => {
      const wire = open(line);
      if (wire?.kind !== 'secret' || wire.message.command !== 'deal_reveal') return link.send(line);
      const { sig: _sig, ...unsigned } = wire.message;
      const other = {
        ...unsigned,
        payload: { ...unsigned.payload, key: hex(cardElements(context.gameId, 2)[1]!) },
      };
      link.send(
        signSecret(context, {
          ...other,
          sig: context.keyring.sign(dealDigest(context.gameId, other as DealMessage)),
        }),
      );
    });
}

/** Never publishes its deal key at the end of the game (it MAY keep it: no cheat, a note in the records). */
export function keepsKeyAtEnd(): Rogue {
  return (links: Map<number, Link>) =>
    withSends(links, (_player, link) => (line) => {
      const wire = open(line);
      if (wire?.kind !== 'secret' || wire.message.command !== 'deal_reveal') link.send(line);
    });
}

/**
 * When its mission is complete, sends its sequenced claim to the lowest seat only and, for the
 * same point, another signed move to every other — one the rules refuse (a deploy of 999 armies)
 * or one they accept (ending the turn): two signed lines for one point, one of them a mission claim.
 */
export function claimForOne(other: 'illegal' | 'legal'): Rogue {
  return (links: Map<number, Link>, context: RogueContext) => {
    const victim = Math.min(...links.keys());
    return withSends(links, (player, link) => (line) => {
      const wire = open(line);
      const claimAt =
        wire?.kind === 'secret' && wire.message.command === 'deal_claim' ? wire.message.ack_id : undefined;
      if (player === victim || claimAt === undefined) return link.send(line);
      const owned = context.state().owner.indexOf(context.me);
      const move =
        other === 'illegal'
          ? { command: 'deploy', payload: [[owned, 999]], player_id: context.me, ack_id: claimAt }
          : { command: 'fortify', payload: null, player_id: context.me, ack_id: claimAt };
      link.send(context.sign(move as Message));
    });
  };
}
