// Where randomness enters the model. The model never draws numbers itself: a dice source is
// handed in from outside (a seeded generator offline, a commit-reveal round online).

export interface Dice {
  /** One die face, 1–6. */
  die(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /** A permutation of 0..n-1. */
  shuffle(n: number): number[];
}

export interface BattleOutcome {
  readonly attackerDice: readonly number[]; // sorted descending
  readonly defenderDice: readonly number[]; // sorted descending
  readonly attackerLosses: number;
  readonly defenderLosses: number;
}

/** Compares the dice pairwise, highest first; ties go to the defender. */
export function compareDice(attackerRoll: readonly number[], defenderRoll: readonly number[]): BattleOutcome {
  const attackerDice = [...attackerRoll].sort((a, b) => b - a);
  const defenderDice = [...defenderRoll].sort((a, b) => b - a);
  let attackerLosses = 0;
  let defenderLosses = 0;
  const pairs = Math.min(attackerDice.length, defenderDice.length);
  for (let i = 0; i < pairs; i++) {
    if (attackerDice[i]! > defenderDice[i]!) defenderLosses++;
    else attackerLosses++;
  }
  return { attackerDice, defenderDice, attackerLosses, defenderLosses };
}

/** A battle draws attacker faces first, then defender faces (cs3099-observed.md §6). */
export function rollBattle(dice: Dice, attackerCount: number, defenderCount: number): BattleOutcome {
  const attacker = Array.from({ length: attackerCount }, () => dice.die());
  const defender = Array.from({ length: defenderCount }, () => dice.die());
  return compareDice(attacker, defender);
}

/**
 * Dice for checking legality only: whether a move is legal never depends on the faces rolled,
 * so a check may run before the real dice round.
 */
export const CHECK_DICE: Dice = {
  die: () => 1,
  below: () => 0,
  shuffle: (n) => Array.from({ length: n }, (_, i) => i),
};
