// Dice from hash chains (the `dice_chains` feature, protocol-spec/native.md, Dice chains): each
// player commits once to the tip of a chain of secret numbers, one per round id, and each dice round
// reveals the chain's value for that round, which anyone checks by hashing it down to a value it
// already holds. A value cannot be chosen after the others are seen: every value of a chain is
// fixed by its tip, which every peer holds before anyone reveals in a round the chain covers.
import { boundCommitmentBytes, boundHead, bytesToHex, hexToBytes } from '../../protocol/commitment.js';
import type { Message } from '../../protocol/messages.js';

/** Round ids one chain covers, from the round it is committed for on (an agreement limit). */
export const CHAIN_ROUNDS = 1024;
/** Chains kept per player, of those not over yet: an honest one has one or two live at a time. */
export const MAX_CHAINS = 16;

/**
 * One link down the chain: the value of round `round - 1` from the value of `round`. It is the
 * bound commitment of the value to that round and player, so a chain of one round is exactly the
 * per-round bound commitment, and a chain copied from another player or game never verifies.
 */
const link = (head: Uint8Array, value: Uint8Array, round: number, player: number) =>
  boundCommitmentBytes(head, value, round, player);

/** A player's own chain: its values by round id, and the tip it commits to. */
export interface OwnChain {
  readonly from: number;
  readonly tip: string;
  /** values[i] is the value of round from + i. */
  readonly values: readonly Uint8Array[];
}

/** The chain grown down from `seed` (the value of its last round), covering rounds from … from + length − 1. */
export function chainFrom(
  seed: Uint8Array,
  context: { gameId: string; from: number; player: number },
  length = CHAIN_ROUNDS,
): OwnChain {
  const head = boundHead(context.gameId);
  const values: Uint8Array[] = new Array(length);
  let value = seed;
  for (let i = length - 1; i >= 0; i--) {
    values[i] = value;
    value = link(head, value, context.from + i, context.player);
  }
  return { from: context.from, tip: bytesToHex(value), values };
}

/** Whether `value`, claimed for `round`, hashes down to `known`, the value held for round `knownRound` < `round`. */
export function reaches(
  gameId: string,
  player: number,
  value: Uint8Array,
  round: number,
  known: Uint8Array,
  knownRound: number,
): boolean {
  if (round <= knownRound || round - knownRound > CHAIN_ROUNDS) return false;
  const head = boundHead(gameId);
  let v = value;
  for (let r = round; r > knownRound; r--) v = link(head, v, r, player);
  return bytesToHex(v) === bytesToHex(known);
}

/**
 * Where the chain that covers `round` starts: chains are laid end to end from round 0, so a
 * round taken back and played again (a lower id) is still covered by the chain already committed.
 */
export function chainStart(round: number): number {
  return round - (round % CHAIN_ROUNDS);
}

/** Whether a chain committed for round `from` covers round `round`. */
export function covers(from: number, round: number): boolean {
  return round >= from && round < from + CHAIN_ROUNDS;
}

/** Two chains of one player that share a round id: the first round they share. */
function shared(a: number, b: number): number | null {
  return Math.abs(a - b) < CHAIN_ROUNDS ? Math.max(a, b) : null;
}

interface Chain {
  readonly from: number;
  readonly tip: string;
  readonly line: string;
  /** The latest value checked (the tip at first), so a reveal is hashed down only to it. */
  known: { readonly round: number; readonly value: Uint8Array };
}

export type ChainCheck =
  | { readonly ok: true; readonly fresh: boolean }
  | { readonly ok: false; readonly why: 'two-chains'; readonly round: number; readonly other: string }
  | { readonly ok: false; readonly why: 'too-many'; readonly reason: string };

/** Every player's chains in one game, as the commitments that carried them: what a reveal is checked against. */
export class DiceChains {
  private readonly chains = new Map<number, Chain[]>();
  private readonly own = new Map<string, OwnChain>();
  /** Rounds of each player where two of its chains met: no value of its counts there. */
  private readonly conflicts = new Map<number, { readonly from: number; readonly to: number }[]>();

  constructor(private readonly gameId: string) {}

  /**
   * Takes a chain commitment; two of one player sharing a round id cannot both stand. `now`: the
   * round id the game is at. The player's chains that ended before it are dropped first: no round
   * they cover is played again, and a long game needs more than MAX_CHAINS chains in all.
   */
  commit(player: number, from: number, tip: string, line: string, now = 0): ChainCheck {
    const list = (this.chains.get(player) ?? []).filter((chain) => {
      const over = chain.from + CHAIN_ROUNDS <= now;
      if (over) this.own.delete(chain.tip);
      return !over;
    });
    this.chains.set(player, list);
    for (const chain of list) {
      if (chain.from === from && chain.tip === tip) return { ok: true, fresh: false };
      const round = shared(chain.from, from);
      if (round !== null) {
        const spans = this.conflicts.get(player) ?? [];
        spans.push({ from: Math.min(chain.from, from), to: Math.max(chain.from, from) + CHAIN_ROUNDS });
        this.conflicts.set(player, spans);
        return { ok: false, why: 'two-chains', round, other: chain.line };
      }
    }
    if (list.length >= MAX_CHAINS)
      return { ok: false, why: 'too-many', reason: `committed to more than ${MAX_CHAINS} dice chains` };
    list.push({ from, tip, line, known: { round: from - 1, value: hexToBytes(tip) } });
    this.chains.set(player, list);
    return { ok: true, fresh: true };
  }

  /**
   * Whether `player` signed two chains that cover `round`: it takes no part in that round (in the
   * opening draws, where its neutralisation waits for point 0, the draws go on without it).
   */
  voided(player: number, round: number): boolean {
    return this.conflicts.get(player)?.some((s) => round >= s.from && round < s.to) ?? false;
  }

  /** The chain of `player` that covers `round`, as its commitment carried it. */
  covering(player: number, round: number): { readonly tip: string; readonly line: string } | undefined {
    return this.chains.get(player)?.find((c) => covers(c.from, round));
  }

  /** Whether `value` is the value for `round` of the player's chain with tip `tip` (and, if so, keeps it). */
  opens(player: number, round: number, value: Uint8Array, tip: string): boolean {
    const chain = this.chains.get(player)?.find((c) => c.tip === tip && covers(c.from, round));
    if (chain === undefined || !this.reachesChain(player, chain, round, value)) return false;
    if (round > chain.known.round) chain.known = { round, value };
    return true;
  }

  /** Whether `value` is the value for `round` of the chain of `player` that covers it; keeps nothing. */
  fits(player: number, round: number, value: Uint8Array): boolean {
    const chain = this.chains.get(player)?.find((c) => covers(c.from, round));
    return chain !== undefined && !this.voided(player, round) && this.reachesChain(player, chain, round, value);
  }

  /** Hashed down to the latest value held below it (one link for consecutive rounds), else to the tip. */
  private reachesChain(player: number, chain: Chain, round: number, value: Uint8Array): boolean {
    const below = chain.known.round < round ? chain.known : { round: chain.from - 1, value: hexToBytes(chain.tip) };
    return reaches(this.gameId, player, value, round, below.value, below.round);
  }

  /** Keeps this peer's own chain (its values are what it reveals). */
  keepOwn(chain: OwnChain) {
    this.own.set(chain.tip, chain);
  }

  /** This peer's value for `round` of its chain `tip`, or null when it does not hold that chain's values. */
  ownValue(tip: string, round: number): Uint8Array | null {
    const chain = this.own.get(tip);
    return chain !== undefined && covers(chain.from, round) ? chain.values[round - chain.from]! : null;
  }
}

type RollMessage = Extract<Message, { command: 'roll_hash' | 'roll_number' }>;

/**
 * What two signed dice lines of one player prove with dice chains, checked from the two lines
 * alone: a reveal that is not its chain's value for its round, or two chains sharing a round id.
 * Null when they prove nothing.
 */
export function chainPairProof(gameId: string, a: RollMessage, b: RollMessage): string | null {
  if (a.round === undefined || b.round === undefined || a.player_id !== b.player_id) return null;
  const player = a.player_id;
  if (a.command === 'roll_hash' && b.command === 'roll_hash') {
    const round = shared(a.round, b.round);
    return round !== null && a.payload !== b.payload ? `signed two dice commitments for round ${round}` : null;
  }
  if (a.command === 'roll_hash' && b.command === 'roll_number') {
    if (!covers(a.round, b.round)) return null;
    return reaches(gameId, player, hexToBytes(b.payload), b.round, hexToBytes(a.payload), a.round - 1)
      ? null
      : 'revealed a dice number that does not match its commitment';
  }
  return null;
}
