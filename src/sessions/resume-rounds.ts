// The resume's agreement in rounds (protocol-spec/resume.md, Agreement in rounds): an authenticated
// broadcast in timed rounds, after Dolev and Strong, so that a player that signs two statements (one
// to some players, another to the others) cannot split the honest ones. A statement counts in round
// r only with r signers (its author and r − 1 co-signers, never the peer that takes it); a peer that
// takes one before the last round co-signs it and hands it on, so every honest peer ends the last
// round with the same statements. Plain data and pure functions: the handshake (resume.ts) keeps the
// clock and the links.
import type { Statement } from '../protocol/resume.js';

/** How long the rounds last, from the moment a peer took the offer (its own clock). */
export interface RoundTimes {
  /** Round 1 (L): the offer reaching every player, its store looked up, its statement delivered. */
  readonly firstRoundMs: number;
  /** Each later round (Δ): a statement handed on and co-signed reaching every player (a round trip). */
  readonly roundMs: number;
}

/** Statements kept per author: two different ones prove it stated its history twice. */
export const MAX_STATEMENTS_PER_PLAYER = 2;

/** The round a line taken `elapsed` ms after this peer took the offer counts in (before it: round 1). */
export function roundAt(elapsed: number, times: RoundTimes): number {
  if (elapsed < times.firstRoundMs) return 1;
  return 2 + Math.floor((elapsed - times.firstRoundMs) / times.roundMs);
}

/** When a session of `players` present decides, after the offer: the end of round players − 1. */
export function decisionAt(players: number, times: RoundTimes): number {
  return times.firstRoundMs + Math.max(0, players - 2) * times.roundMs;
}

/** A co-signature: `player` accepted the statement (over resumeRelayDigest). */
export interface CoSignature {
  readonly player: number;
  readonly sig: string;
}

/** A statement as it reached this peer, its author's signature checked already. */
export interface Candidate {
  readonly author: number;
  /** Its inner text, as its author signed it: what identifies it (a second signature on it is the same statement). */
  readonly inner: string;
  /** The line sealed by its author, as a relay carries it. */
  readonly line: string;
  readonly statement: Statement;
  readonly signers: readonly CoSignature[];
}

/** What a peer accepted so far: per author, its statements by inner text (at most two). */
export type Accepted = Map<number, Map<string, Candidate>>;

export interface Acceptance {
  readonly me: number;
  /** The players present in the session (this peer too): only they take part, and sign. */
  readonly present: ReadonlySet<number>;
  /** Whether `sig` is `player`'s co-signature of the statement. */
  readonly coSigned: (player: number, sig: string) => boolean;
}

/**
 * Takes `candidate` into `accepted` if it counts in `round`: a statement of a present player other
 * than this one, new, its author not caught with two already, with co-signatures of at least
 * round − 1 distinct present players other than its author and this peer, every one of them good.
 * A relay with a bad or misplaced co-signature is dropped whole: it proves nothing against anyone.
 */
export function accept(accepted: Accepted, candidate: Candidate, round: number, rules: Acceptance): boolean {
  const { author, signers } = candidate;
  if (author === rules.me || !rules.present.has(author)) return false;
  const held = accepted.get(author) ?? new Map<string, Candidate>();
  if (held.has(candidate.inner) || held.size >= MAX_STATEMENTS_PER_PLAYER) return false;
  if (1 + signers.length < round) return false;
  const seen = new Set<number>();
  for (const { player } of signers) {
    if (player === author || player === rules.me || !rules.present.has(player) || seen.has(player)) return false;
    seen.add(player);
  }
  // Signatures last: the cheap checks first, and each only for a statement that would count.
  if (!signers.every(({ player, sig }) => rules.coSigned(player, sig))) return false;
  held.set(candidate.inner, candidate);
  accepted.set(author, held);
  return true;
}

/**
 * What every honest peer holds at the decision, per seat of the game: the one statement accepted
 * from it; two: it stated its history twice; none from a present player: it did not answer in time;
 * a seat not present: not in this session. The same accepted sets give the same map.
 */
export function agreedStatements(
  accepted: Accepted,
  seats: number,
  present: ReadonlySet<number>,
): Map<number, Statement> {
  const agreed = new Map<number, Statement>();
  for (let p = 0; p < seats; p++) {
    const held = [...(accepted.get(p)?.values() ?? [])];
    if (held.length === 1) agreed.set(p, held[0]!.statement);
    else if (held.length > 1) agreed.set(p, { fails: `player ${p} stated its history twice` });
    else if (present.has(p)) agreed.set(p, { fails: `no answer in time from player ${p}` });
    else agreed.set(p, { fails: `player ${p} is not in this session, and it is still in the game` });
  }
  return agreed;
}
