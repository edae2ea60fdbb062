// One commit-reveal dice round, as pure data and checks: who takes part, their commitments and
// reveals (with the lines that carried them, as evidence), the checks every profile makes, and the
// dice the combined numbers give. The native replica, the cs3099 star core and `risk verify` all
// run their rounds on this; each decides for itself what a failed check costs the sender.
import type { Dice, GameState } from '../model/index.js';
import { boundCommitment, bytesToHex, combineNumbers, commitment, hexToBytes } from '../protocol/commitment.js';
import { disputedRevealers } from '../protocol/named-commitments.js';
import { cs3099Dice, hashChainStream, mersenneStream, uniformDice, wordsFromBytes } from '../protocol/random.js';
import type { StepNumbers } from './contract.js';

/**
 * The id of the dice round about to start (native commitments are bound to it): 0 for the first
 * player's draw, 1 for the deck's, 2 + k for the round of sequence point k (a move, or the random
 * deal, which comes before any move of its point). Every round of a game has its own id, so a
 * commitment for one round can never pass for another's.
 */
export function roundIdFor(phase: GameState['phase'], index: number): number {
  if (phase === 'first_player') return 0;
  if (phase === 'shuffle_deck') return 1;
  return 2 + index;
}

/** How a profile commits to a number and turns the combined numbers into dice. */
export interface RoundProfile {
  commitmentOf(number: Uint8Array, round: number, player: number): string;
  /**
   * Whether a number opens the commitment held for its player in round `round`. Absent: the
   * number's own commitment must equal it. (Dice chains: the number hashes down the player's chain.)
   */
  opens?(number: Uint8Array, round: number, player: number, commitment: string): boolean;
  dice(seed: Uint8Array): Dice;
}

/**
 * The one numbers → dice rule: the round's numbers XORed into a seed, read by the profile's stream
 * (MT19937 on the native mesh, the class's SHA-256 hash chain on cs3099).
 */
export function diceFromSeed(mtDice: boolean, seed: Uint8Array): Dice {
  return mtDice ? uniformDice(mersenneStream(wordsFromBytes(seed))) : cs3099Dice(hashChainStream(seed));
}

/** The dice of a round from its players' numbers (in any order: XOR). */
export function diceOfNumbers(mtDice: boolean, numbers: readonly Uint8Array[]): Dice {
  return diceFromSeed(mtDice, combineNumbers([...numbers]));
}

/** cs3099 (§6): SHA-256 of the raw number; a SHA-256 hash chain read as u32 % n. */
export const CS3099_ROUNDS: RoundProfile = {
  commitmentOf: (number) => commitment(number),
  dice: (seed) => diceFromSeed(false, seed),
};

/** A profile from the game's features: bound commitments and MT19937 dice where agreed. */
export function roundProfile(features: { mtDice: boolean; boundCommitments: boolean }, gameId: string): RoundProfile {
  return {
    commitmentOf: (number, round, player) =>
      features.boundCommitments ? boundCommitment(number, { gameId, round, player }) : commitment(number),
    dice: (seed) => diceFromSeed(features.mtDice, seed),
  };
}

/** Why a commitment or a reveal does not count. */
export type RoundRefusal =
  | { readonly ok: false; readonly why: 'not-taking-part' | 'second' | 'early' | 'late'; readonly reason: string }
  | { readonly ok: false; readonly why: 'copied'; readonly from: number; readonly reason: string }
  | { readonly ok: false; readonly why: 'mismatch'; readonly reason: string };

export type RoundCheck = { readonly ok: true } | RoundRefusal;

const OK: RoundCheck = { ok: true };

export class DiceRound {
  /** Who must commit and reveal: the active players when the round began, less those made neutral since. */
  participants: number[];
  readonly hashes = new Map<number, { readonly hash: string; readonly line: string }>();
  readonly numbers = new Map<number, { readonly bytes: Uint8Array; readonly line: string }>();
  /** The commitments each reveal names (native peers): the round counts only when they agree. */
  readonly named = new Map<number, ReadonlyMap<number, string>>();
  /** This peer has revealed its own number. */
  revealed = false;

  constructor(
    private readonly profile: RoundProfile,
    /** The round's id (the native profile binds commitments to it; cs3099 rounds use -1). */
    readonly number: number,
    participants: readonly number[],
    /** This peer's secret number, or null when it takes no part (or replays a record). */
    readonly mine: Uint8Array | null,
    readonly startedAt = 0,
  ) {
    this.participants = [...participants];
  }

  commitmentOf(number: Uint8Array, player: number): string {
    return this.profile.commitmentOf(number, this.number, player);
  }

  /** Whether `number` opens the commitment this round holds for `player`. */
  opens(player: number, number: Uint8Array): boolean {
    const held = this.hashes.get(player)?.hash;
    if (held === undefined) return false;
    return this.profile.opens
      ? this.profile.opens(number, this.number, player, held)
      : this.commitmentOf(number, player) === held;
  }

  /** This peer's commitment, recorded as its own (`line` is the line that carries it). */
  commitMine(me: number, line: (hash: string) => string): string {
    if (this.mine === null) throw new Error('this peer takes no part in the round');
    const hash = this.commitmentOf(this.mine, me);
    this.hashes.set(me, { hash, line: line(hash) });
    return hash;
  }

  /** Every commitment is in and this peer has not revealed yet. */
  get dueToReveal(): boolean {
    return this.allCommitted && !this.revealed && this.mine !== null;
  }

  /** This peer's reveal, recorded as its own. */
  revealMine(me: number, line: (hex: string) => string): string {
    if (this.mine === null) throw new Error('this peer takes no part in the round');
    this.revealed = true;
    const hex = bytesToHex(this.mine);
    this.numbers.set(me, { bytes: this.mine, line: line(hex) });
    return hex;
  }

  get allCommitted(): boolean {
    return this.participants.every((p) => this.hashes.has(p));
  }

  get complete(): boolean {
    return this.allCommitted && this.participants.every((p) => this.numbers.has(p)) && this.disputed().length === 0;
  }

  /** Who the round waits for at its current stage (commitments, reveals, then agreement on the commitments). */
  missing(): number[] {
    const stage = this.allCommitted ? this.numbers : this.hashes;
    const missing = this.participants.filter((p) => !stage.has(p));
    return missing.length > 0 || !this.allCommitted ? missing : this.disputed();
  }

  /** The commitments this peer holds, as a reveal names them. */
  namedCommitments(): [number, string][] {
    return this.participants.map((p) => [p, this.hashes.get(p)!.hash]);
  }

  /**
   * The participants whose reveal names another commitment than this peer holds for a participant
   * still in the round (a player that signed two: until its other one is seen here, the round waits).
   */
  disputed(): number[] {
    return disputedRevealers(this.named, this.participants, (p) => this.hashes.get(p)?.hash);
  }

  /** Checks a commitment and, when it counts, keeps it. `copies` refuses one equal to another's (cs3099). */
  commit(player: number, hash: string, line: string, copies: 'refuse' | 'allow' = 'refuse'): RoundCheck {
    if (!this.participants.includes(player))
      return { ok: false, why: 'not-taking-part', reason: `player ${player} takes no part in this dice round` };
    if (this.hashes.has(player))
      return { ok: false, why: 'second', reason: 'sent a second dice commitment in one round' };
    if (this.numbers.size > 0)
      return { ok: false, why: 'late', reason: 'sent a dice commitment after the reveals began' };
    if (copies === 'refuse') {
      const copied = [...this.hashes].find(([, h]) => h.hash === hash);
      if (copied)
        return { ok: false, why: 'copied', from: copied[0], reason: `copied player ${copied[0]}'s dice commitment` };
    }
    this.hashes.set(player, { hash, line });
    return OK;
  }

  /** Checks a reveal against its commitment and, when it counts, keeps it. */
  reveal(player: number, hex: string, line: string, named?: readonly (readonly [number, string])[]): RoundCheck {
    if (!this.participants.includes(player))
      return { ok: false, why: 'not-taking-part', reason: `player ${player} takes no part in this dice round` };
    if (!this.allCommitted)
      return { ok: false, why: 'early', reason: 'revealed its dice number before every commitment was in' };
    if (this.numbers.has(player))
      return { ok: false, why: 'second', reason: 'revealed a second dice number in one round' };
    const bytes = hexToBytes(hex);
    const committed = this.hashes.get(player)!;
    if (!this.opens(player, bytes)) {
      const copied = [...this.hashes].find(([p, h]) => p !== player && h.hash === committed.hash);
      return copied
        ? { ok: false, why: 'copied', from: copied[0], reason: `copied player ${copied[0]}'s dice commitment` }
        : { ok: false, why: 'mismatch', reason: 'revealed a dice number that does not match its commitment' };
    }
    this.numbers.set(player, { bytes, line });
    if (named !== undefined) this.named.set(player, new Map(named));
    return OK;
  }

  /** A revealer shown to have named two different lists: its lists no longer count, its number does. */
  forgetNamed(player: number) {
    this.named.delete(player);
  }

  /** A participant made neutral: the round goes on without it. */
  drop(player: number) {
    this.participants = this.participants.filter((p) => p !== player);
    this.hashes.delete(player);
    this.numbers.delete(player);
    this.named.delete(player);
  }

  /** The revealed numbers by player (what the game store keeps of the round). */
  stepNumbers(): StepNumbers {
    return [...this.numbers].map(([player, n]) => [player, n.bytes] as const);
  }

  /** The round's dice: the profile's stream seeded by the XOR of every reveal. */
  dice(): Dice {
    return this.profile.dice(combineNumbers([...this.numbers.values()].map((n) => n.bytes)));
  }
}
