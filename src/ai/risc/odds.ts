// The chance that an attacking force takes a territory from its holder in a RISC battle of one
// attacker (§5a: one unit against one, d20 each, ties to the holder), by dynamic programming over
// the units left on both sides. Larger battles are cut to the table's size, keeping their ratio.
import { DIE_SIDES } from '../../model/risc/index.js';

/** One fight: the attacker's die strictly higher. */
export const ATTACKER_WINS_FIGHT = (DIE_SIDES * (DIE_SIDES - 1)) / 2 / (DIE_SIDES * DIE_SIDES);

const SIZE = 160;
let table: Float64Array | null = null;

function build(): Float64Array {
  const t = new Float64Array((SIZE + 1) * (SIZE + 1));
  const p = ATTACKER_WINS_FIGHT;
  for (let a = 0; a <= SIZE; a++)
    for (let d = 0; d <= SIZE; d++) {
      const at = a * (SIZE + 1) + d;
      if (d === 0) t[at] = a > 0 ? 1 : 0;
      else if (a === 0) t[at] = 0;
      else t[at] = p * t[a * (SIZE + 1) + d - 1]! + (1 - p) * t[(a - 1) * (SIZE + 1) + d]!;
    }
  return t;
}

/** The chance that `attackers` units take a territory held by `defenders` units. */
export function takeChance(attackers: number, defenders: number): number {
  if (defenders <= 0) return attackers > 0 ? 1 : 0;
  if (attackers <= 0) return 0;
  table ??= build();
  let a = attackers;
  let d = defenders;
  if (a > SIZE || d > SIZE) {
    const scale = SIZE / Math.max(a, d);
    a = Math.max(1, Math.round(a * scale));
    d = Math.max(1, Math.round(d * scale));
  }
  return table[a * (SIZE + 1) + d]!;
}

/** The fewest attackers that take `defenders` with at least `chance` (null: more than `max`). */
export function attackersFor(defenders: number, chance: number, max: number): number | null {
  for (let a = 1; a <= max; a++) if (takeChance(a, defenders) >= chance) return a;
  return null;
}
