// Turning everyone's revealed placements and orders into the next state. Deterministic: the same
// state, orders and dice give the same result on every peer. Rolls: d20, attacker's die first.
import type { Dice } from '../dice.js';
import { checkOrders, checkPlacement, type Placement, placementUnits, type RiscOrder } from './orders.js';
import { type RiscState, territoriesOf, unitsOf } from './state.js';

export const DIE_SIDES = 20;

export interface Force {
  readonly player: number;
  readonly units: number;
}

export type RiscEvent =
  | {
      readonly kind: 'move';
      readonly player: number;
      readonly from: number;
      readonly to: number;
      readonly units: number;
    }
  | {
      readonly kind: 'battle';
      readonly territory: number;
      /** Holder and units left at home when the attackers arrived. */
      readonly defender: Force;
      /** The attacking forces in the order the dice listed them. */
      readonly attackers: readonly Force[];
      /** The §5c list as it began: the holder first (when it had units at home), then the attackers. */
      readonly list: readonly Force[];
      /** Who left the list, in order, with the number of fights fought by then. */
      readonly out: readonly { readonly player: number; readonly afterRolls: number }[];
      /** Fights fought (each cost its loser one unit). */
      readonly rolls: number;
      /** Who holds the territory afterwards, with how many units. */
      readonly winner: Force;
    }
  | { readonly kind: 'lost'; readonly player: number }
  | { readonly kind: 'won'; readonly player: number }
  /** The agreed turn limit was reached: the winner by the limit's rule (null: a draw). */
  | { readonly kind: 'limit'; readonly turn: number; readonly winner: number | null };

export interface Executed {
  readonly state: RiscState;
  readonly events: readonly RiscEvent[];
}

/** Applies every player's placement at once (index = player; missing or empty = spread evenly). */
export function executePlacement(
  state: RiscState,
  placements: readonly (readonly Placement[] | undefined)[],
): Executed {
  const units = [...state.units];
  for (const p of state.players) {
    const placement = placements[p.id] ?? [];
    const check = checkPlacement(state, p.id, placement);
    if (!check.ok) throw new Error(`executePlacement: illegal placement for player ${p.id}: ${check.reason}`);
    for (const [t, n] of placementUnits(state, p.id, placement)) units[t] = n;
  }
  return { state: { ...state, units, phase: 'orders', turn: 1 }, events: [] };
}

export interface Fought {
  readonly winner: Force;
  /** Fights, each costing its loser one unit (a tie thrown again counts once). */
  readonly rolls: number;
  readonly list: readonly Force[];
  readonly out: readonly { readonly player: number; readonly afterRolls: number }[];
}

/**
 * The battle for one territory, as RISC §5c states it. The list: the holder first, with the units
 * it kept at home (left out when it kept none), then the attackers in the order given, each player
 * once. One unit of entry 0 fights one unit of entry 1, then 1 against 2, and so on round the
 * ring until the last entry against entry 0; then from 0 and 1 again. A fight is one roll each
 * (two d20; the attacker's die first against the holder, else the first entry's): the lower loses
 * a unit; a tie goes to the holder when it is one of the two, and is thrown again between two
 * attackers. An entry with no units left leaves the list; the next fight begins at the entry that
 * followed the last fight's first entry, in the list as it now stands. The last entry left holds
 * the territory with what it has left.
 */
export function fight(defender: Force, attackers: readonly Force[], dice: Dice): Fought {
  const start = [...(defender.units > 0 ? [defender] : []), ...attackers.filter((a) => a.units > 0)];
  const ring = start.map((f) => ({ ...f }));
  const out: { player: number; afterRolls: number }[] = [];
  let rolls = 0;
  let at = 0;
  while (ring.length > 1) {
    const first = ring[at]!;
    const second = ring[(at + 1) % ring.length]!;
    let loser: typeof first;
    rolls++;
    for (;;) {
      // The attacker's die first when the holder fights (as in a one-on-one battle).
      const one = dice.below(DIE_SIDES);
      const two = dice.below(DIE_SIDES);
      const [a, b] = first.player === defender.player ? [two, one] : [one, two];
      if (a !== b) {
        loser = a < b ? first : second;
        break;
      }
      if (first.player === defender.player) {
        loser = second;
        break;
      }
      if (second.player === defender.player) {
        loser = first;
        break;
      }
    }
    loser.units--;
    if (loser.units === 0) {
      ring.splice(ring.indexOf(loser), 1);
      out.push({ player: loser.player, afterRolls: rolls });
    }
    // The entry that followed the first one goes next: after it, or in its place when it left.
    const follow = ring.includes(first) ? ring.indexOf(first) + 1 : at;
    at = follow % ring.length;
  }
  const winner = ring[0] ?? { player: defender.player, units: 0 };
  return { winner: { player: winner.player, units: winner.units }, rolls, list: start, out };
}

/**
 * The winner when the agreed turn limit is reached: the player still in (not expelled) holding
 * the most territories; between equals, the one with the most units; still equal, no one (a draw).
 */
export function limitWinner(state: RiscState): number | null {
  const ranked = state.players
    .filter((p) => !state.expelled[p.id] && !state.lost[p.id])
    .map((p) => ({ id: p.id, held: territoriesOf(state, p.id).length, units: unitsOf(state, p.id) }))
    .sort((a, b) => b.held - a.held || b.units - a.units);
  const [best, second] = ranked;
  if (best === undefined) return null;
  if (second !== undefined && second.held === best.held && second.units === best.units) return null;
  return best.id;
}

/**
 * Executes one turn: moves first; then every attacking unit leaves its territory at once and all
 * arrive at once (so X→Y and Y→X forces miss each other and each fights who stayed home); one
 * player's attacks on one territory form one force; several attackers are listed in an order drawn
 * from the dice and fight as §5c says (see fight); territories are fought over in ascending id.
 * Then every territory gains one unit, players with no territory have lost, and one player holding
 * everything wins; at the agreed turn limit the game ends with the limit's winner (limitWinner).
 */
export function executeTurn(
  state: RiscState,
  orders: readonly (readonly RiscOrder[] | undefined)[],
  dice: Dice,
): Executed {
  if (state.phase !== 'orders') throw new Error(`executeTurn: phase is ${state.phase}`);
  const owner = [...state.owner];
  const units = [...state.units];
  const events: RiscEvent[] = [];
  const all = state.players.map((p) => orders[p.id] ?? []);
  all.forEach((list, player) => {
    const check = checkOrders(state, player, list);
    if (!check.ok) throw new Error(`executeTurn: illegal orders for player ${player}: ${check.reason}`);
  });

  for (const [player, list] of all.entries()) {
    for (const o of list) {
      if (o.kind !== 'move') continue;
      units[o.from]! -= o.units;
      units[o.to]! += o.units;
      events.push({ kind: 'move', player, from: o.from, to: o.to, units: o.units });
    }
  }

  // force[target][player] = units attacking target
  const forces = new Map<number, Map<number, number>>();
  for (const [player, list] of all.entries()) {
    for (const o of list) {
      if (o.kind !== 'attack') continue;
      units[o.from]! -= o.units;
      const at = forces.get(o.to) ?? new Map<number, number>();
      at.set(player, (at.get(player) ?? 0) + o.units);
      forces.set(o.to, at);
    }
  }
  for (const target of [...forces.keys()].sort((a, b) => a - b)) {
    const byPlayer = [...forces.get(target)!].sort((a, b) => a[0] - b[0]).map(([player, n]) => ({ player, units: n }));
    const attackers = byPlayer.length > 1 ? dice.shuffle(byPlayer.length).map((i) => byPlayer[i]!) : byPlayer;
    const defender = { player: owner[target]!, units: units[target]! };
    const { winner, rolls, list, out } = fight(defender, attackers, dice);
    owner[target] = winner.player;
    units[target] = winner.units;
    events.push({ kind: 'battle', territory: target, defender, attackers, list, out, rolls, winner });
  }

  for (let t = 0; t < units.length; t++) units[t]! += 1;

  const lost = state.lost.map((was, player) => {
    const now = was || !owner.includes(player);
    if (now && !was) events.push({ kind: 'lost', player });
    return now;
  });
  const sole = owner.every((o) => o === owner[0]) ? owner[0]! : null;
  if (sole !== null) events.push({ kind: 'won', player: sole });
  const played = { ...state, owner, units, lost, turn: state.turn + 1 };
  const limited = sole === null && state.turnLimit !== null && state.turn >= state.turnLimit;
  const byLimit = limited ? limitWinner(played) : null;
  if (limited) events.push({ kind: 'limit', turn: state.turn, winner: byLimit });
  const next: RiscState = {
    ...played,
    phase: sole !== null || limited ? 'over' : state.phase,
    winner: sole ?? byLimit,
  };
  const stillPlaying = next.players.some((p) => !next.lost[p.id] && !next.expelled[p.id]);
  return { state: stillPlaying ? next : { ...next, phase: 'over' }, events };
}
