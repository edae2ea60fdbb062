// A reveal names the commitments its revealer holds for the round, one [player, hash] each. A round
// counts only once every reveal names, for every participant still in it, the commitment this peer
// holds: a player that signed two commitments for one round (one for some peers, one for the rest)
// is caught before anyone uses the round. Dice rounds and secret commit-reveal rounds share this.

/** [player, commitment] pairs as a reveal carries them. */
export type NamedCommitments = readonly (readonly [number, string])[];

/** Whether a reveal names exactly the commitments of `named`. */
export function sameNamed(named: ReadonlyMap<number, string>, other: NamedCommitments | undefined): boolean {
  return other !== undefined && other.length === named.size && other.every(([p, hash]) => named.get(p) === hash);
}

/**
 * The revealers still in the round whose reveal names another commitment than this peer holds
 * (`held`) for a participant still in the round.
 */
export function disputedRevealers(
  named: ReadonlyMap<number, ReadonlyMap<number, string>>,
  participants: readonly number[],
  held: (player: number) => string | undefined,
): number[] {
  return [...named]
    .filter(([revealer, list]) => participants.includes(revealer) && participants.some((p) => list.get(p) !== held(p)))
    .map(([revealer]) => revealer);
}
