// How much of our ground the rivals' next turns could roll over, by the easy bot's rule: each
// rival puts its income on the stack with the most armies over its weakest neighbour and rolls on
// through the weakest territory ahead while two armies up, losing about one army per army killed.
// Cheap and exact to the rule, so the hard bot can keep its borders from being the territory a
// rival's stack would pick next, and leave the rivals to fight each other.
import { territoryArmies } from '../model/index.js';
import type { Snapshot } from './features.js';

/** The rule's roll stops after this many captures (a bound, rarely reached). */
const LONGEST_ROLL = 15;

/** Our territories the rivals' rolls would take, each rival on the board as it stands. */
export function rolledOver(s: Snapshot, me: number): number {
  let lost = 0;
  for (let rival = 0; rival < s.active.length; rival++) {
    if (rival !== me && s.active[rival]) lost += rollInto(s, rival, me);
  }
  return lost;
}

function rollInto(s: Snapshot, rival: number, me: number): number {
  const { board, owner, armies } = s;
  const enemy = (t: number) => owner[t] !== rival && owner[t]! >= 0;
  let held = 0;
  let from = -1;
  let best = -Infinity;
  for (let t = 0; t < owner.length; t++) {
    if (owner[t] !== rival) continue;
    held++;
    let weakest = Infinity;
    for (const n of board.adjacency[t]!) if (enemy(n)) weakest = Math.min(weakest, armies[n]!);
    if (weakest < Infinity && armies[t]! - weakest > best) {
      best = armies[t]! - weakest;
      from = t;
    }
  }
  if (from < 0) return 0;
  let bonus = 0;
  for (const c of board.continents) if (c.territories.every((t) => owner[t] === rival)) bonus += c.value;
  let stack = armies[from]! + territoryArmies(held) + bonus;
  const taken = new Set<number>();
  let head = from;
  let lost = 0;
  for (let step = 0; step < LONGEST_ROLL; step++) {
    let next = -1;
    for (const n of board.adjacency[head]!) {
      if (enemy(n) && !taken.has(n) && (next < 0 || armies[n]! < armies[next]!)) next = n;
    }
    if (next < 0 || stack < armies[next]! + 2) break;
    // One army lost per army killed, one left behind.
    stack -= armies[next]! + 1;
    if (stack < 1) break;
    taken.add(next);
    if (owner[next] === me) lost++;
    head = next;
  }
  return lost;
}
