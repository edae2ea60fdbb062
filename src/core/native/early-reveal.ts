// Early reveals (the `early_reveals` feature, protocol-spec/native.md, Early reveals): with dice
// chains every commitment of a battle's round is held before the battle starts, so a number can
// go out before its round does, saving network trips. It may go early only where no participant
// whose decision the round resolves could then hold every number before signing that decision: a
// defender that chooses its dice must sign its `defend` first. So only a round for a neutral
// defender (its dice are fixed by the rules) is revealed early: by the attacker with its attack,
// by everyone else once the attack is settled here (then it can never be taken back, and the
// round's id can serve no other move).

/** What the rule reads of the replica at the point after the attack. */
export interface EarlyRevealView {
  readonly me: number;
  /** The player whose decision is due at the next point (null: a draw or a dice round is due). */
  readonly awaited: number | null;
  /** Whether `awaited` is a neutral player (its move is a defend the rules fix). */
  readonly awaitedNeutral: boolean;
  /** The author of the last entry applied here (-1: a neutralisation; null: none kept). */
  readonly lastAuthor: number | null;
  /** Whether every entry applied here is settled. */
  readonly settled: boolean;
  /** Whether every entry before the last one applied here is settled (pipelining: the attack's parent). */
  readonly settledBefore: boolean;
  /** The id of the round the next point's move would roll. */
  readonly roundId: number;
  /** The active players (the round's participants), less those whose chains are void for it. */
  readonly participants: readonly number[];
  /** The tip of the chain covering `round` for `player`, or undefined. */
  readonly tipOf: (player: number, round: number) => string | undefined;
}

/** The reveal this peer may send now, ahead of its round: its id and the commitments it names; or null. */
export function earlyRevealDue(view: EarlyRevealView): { round: number; named: [number, string][] } | null {
  if (view.awaited === null || !view.awaitedNeutral) return null;
  if (!view.participants.includes(view.me)) return null;
  // The attacker with its own attack; anyone else once the attack can no longer be taken back.
  if (view.lastAuthor !== view.me && !view.settled) return null;
  // Nor on an attack that may itself be taken back with the entry it was built on (pipelining).
  if (!view.settledBefore) return null;
  const named: [number, string][] = [];
  for (const player of view.participants) {
    const tip = view.tipOf(player, view.roundId);
    // A chain that runs out is committed afresh when the round starts: the reveal waits for it.
    if (tip === undefined) return null;
    named.push([player, tip]);
  }
  return { round: view.roundId, named };
}

/** This peer's reveals sent ahead of their rounds, by round id (a handful at most: old ones go). */
export class EarlyReveals {
  private readonly sent = new Map<number, string>();

  has(round: number): boolean {
    return this.sent.has(round);
  }

  keep(round: number, line: string) {
    this.sent.set(round, line);
  }

  /** The line of this peer's reveal for `round` sent early, taken out, or null. */
  take(round: number): string | null {
    const line = this.sent.get(round) ?? null;
    this.sent.delete(round);
    return line;
  }

  /** Rounds below `round` will not run any more (their ids only count up). */
  forgetBelow(round: number) {
    for (const id of this.sent.keys()) if (id < round) this.sent.delete(id);
  }
}
