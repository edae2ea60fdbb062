// Turning everyone's revealed placements and orders into the next state. Deterministic: the same
// state, orders and dice give the same result on every peer. Rolls: d20, attacker's die first.
import type { Dice } from '../dice.js';
import { checkOrders, checkPlacement, type Placement, placementUnits, type RiscOrder } from './orders.js';
import type { RiscState } from './state.js';

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
      /** The attacking forces in the order they fought round the list. */
      readonly attackers: readonly Force[];
      readonly rolls: number;
      /** Who holds the territory afterwards, with how many units. */
      readonly winner: Force;
    }
  | { readonly kind: 'lost'; readonly player: number }
  | { readonly kind: 'won'; readonly player: number };

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

/** One combat: one attacking unit against one defending unit; true when the attacker wins (ties go to the defender). */
export function attackerWinsRoll(dice: Dice): boolean {
  const attacker = dice.below(DIE_SIDES) + 1;
  const defender = dice.below(DIE_SIDES) + 1;
  return attacker > defender;
}

/**
 * Several forces attack one territory: they fight one unit at a time round the list. When a force
 * beats the last defending unit it takes the territory with what it has left, leaves the list, and
 * the rest go on attacking it. A territory with no units falls to the next force without a roll.
 */
export function fight(defender: Force, attackers: readonly Force[], dice: Dice): { winner: Force; rolls: number } {
  let holder = defender.player;
  let hold = defender.units;
  const forces = attackers.map((a) => ({ ...a }));
  let rolls = 0;
  while (forces.some((f) => f.units > 0)) {
    for (const f of forces) {
      if (f.units === 0) continue;
      if (hold === 0) {
        holder = f.player;
        hold = f.units;
        f.units = 0;
        continue;
      }
      rolls++;
      if (attackerWinsRoll(dice)) hold--;
      else f.units--;
      if (hold === 0 && f.units > 0) {
        holder = f.player;
        hold = f.units;
        f.units = 0;
      }
    }
  }
  return { winner: { player: holder, units: hold }, rolls };
}

/**
 * Executes one turn: moves first; then every attacking unit leaves its territory at once and all
 * arrive at once (so X→Y and Y→X forces miss each other and each fights who stayed home); one
 * player's attacks on one territory form one force; several attackers are listed in an order drawn
 * from the dice; territories are fought over in ascending id. Then every territory gains one unit,
 * players with no territory have lost, and one player holding everything wins.
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
    const { winner, rolls } = fight(defender, attackers, dice);
    owner[target] = winner.player;
    units[target] = winner.units;
    events.push({ kind: 'battle', territory: target, defender, attackers, rolls, winner });
  }

  for (let t = 0; t < units.length; t++) units[t]! += 1;

  const lost = state.lost.map((was, player) => {
    const now = was || !owner.includes(player);
    if (now && !was) events.push({ kind: 'lost', player });
    return now;
  });
  const sole = owner.every((o) => o === owner[0]) ? owner[0]! : null;
  if (sole !== null) events.push({ kind: 'won', player: sole });
  const next: RiscState = {
    ...state,
    owner,
    units,
    lost,
    turn: state.turn + 1,
    phase: sole !== null ? 'over' : state.phase,
    winner: sole,
  };
  const stillPlaying = next.players.some((p) => !next.lost[p.id] && !next.expelled[p.id]);
  return { state: stillPlaying ? next : { ...next, phase: 'over' }, events };
}
