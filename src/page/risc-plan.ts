// RISC orders planned by clicks: a source, then a target (your own territory: a move along your
// land; a neighbour of another player: an attack), then how many units. Checked with the model's
// own rules as each order is added, so the set committed with one button is one the game accepts.
import { checkOrders, checkPlacement, ownPathExists, type Placement, type RiscOrder } from '../model/risc/orders.js';
import { type RiscState, territoriesOf } from '../model/risc/state.js';

export interface RiscPlan {
  readonly orders: readonly RiscOrder[];
  /** The order being made: its source, then its target. */
  readonly from: number | null;
  readonly to: number | null;
  readonly units: number;
  readonly message: string | null;
}

export const NO_PLAN: RiscPlan = { orders: [], from: null, to: null, units: 0, message: null };

/** Units still free to leave a territory this turn (what stood there minus what already leaves). */
export function unitsFree(state: RiscState, orders: readonly RiscOrder[], t: number): number {
  return state.units[t]! - orders.filter((o) => o.from === t).reduce((n, o) => n + o.units, 0);
}

/** Territories an order may start from now. */
export function sources(state: RiscState, player: number, orders: readonly RiscOrder[]): number[] {
  return territoriesOf(state, player).filter((t) => unitsFree(state, orders, t) > 0);
}

/** Where units from `from` may go: moves along your own land, attacks on a neighbour. */
export function targets(state: RiscState, player: number, from: number): { moves: number[]; attacks: number[] } {
  const moves = territoriesOf(state, player).filter((t) => t !== from && ownPathExists(state, player, from, t));
  const attacks = state.board.adjacency[from]!.filter((t) => state.owner[t] !== player);
  return { moves, attacks };
}

/** The territories to click now. */
export function choices(state: RiscState, player: number, plan: RiscPlan): number[] {
  if (plan.from === null) return sources(state, player, plan.orders);
  if (plan.to === null) {
    const { moves, attacks } = targets(state, player, plan.from);
    return [...moves, ...attacks];
  }
  return [];
}

/** A click on a territory. */
export function clickTerritory(state: RiscState, player: number, plan: RiscPlan, t: number): RiscPlan {
  const name = state.board.territories[t]?.name ?? `territory ${t}`;
  if (plan.from !== null && plan.to === null && choices(state, player, plan).includes(t))
    return { ...plan, to: t, units: unitsFree(state, plan.orders, plan.from), message: null };
  // Anything else starts an order from there, if it can.
  if (sources(state, player, plan.orders).includes(t)) return { ...plan, from: t, to: null, message: null };
  return {
    ...plan,
    message:
      state.owner[t] === player
        ? `No units are free to leave ${name}`
        : `${name} is not yours: choose one of yours first`,
  };
}

/** The order being made added to the plan, or why it cannot be. */
export function addOrder(state: RiscState, player: number, plan: RiscPlan): RiscPlan {
  if (plan.from === null || plan.to === null) return { ...plan, message: 'Choose where from and where to first' };
  const kind = state.owner[plan.to] === player ? 'move' : 'attack';
  const order: RiscOrder = { kind, from: plan.from, to: plan.to, units: plan.units };
  const checked = checkOrders(state, player, [...plan.orders, order]);
  if (!checked.ok) return { ...plan, message: checked.reason.replace(/^order \d+: /, '') };
  return { orders: [...plan.orders, order], from: null, to: null, units: 0, message: null };
}

export function removeOrder(plan: RiscPlan, index: number): RiscPlan {
  return { ...plan, orders: plan.orders.filter((_, i) => i !== index), message: null };
}

// ---- placement ----

/** The starting units spread evenly over your territories (the first ones take the rest). */
export function evenPlacement(state: RiscState, player: number): Placement[] {
  const mine = territoriesOf(state, player);
  return mine.map((territory, i) => ({
    territory,
    units: Math.floor(state.startUnits / mine.length) + (i < state.startUnits % mine.length ? 1 : 0),
  }));
}

/** One more (or one fewer) unit on a territory; the total may not pass the units there are. */
export function placeOne(state: RiscState, placement: readonly Placement[], t: number, step: 1 | -1): Placement[] {
  const total = placement.reduce((n, p) => n + p.units, 0);
  return placement.map((p) => {
    if (p.territory !== t) return p;
    if (step === 1 && total >= state.startUnits) return p;
    return { ...p, units: Math.max(0, p.units + step) };
  });
}

export function placementProblem(state: RiscState, player: number, placement: readonly Placement[]): string | null {
  const checked = checkPlacement(state, player, placement);
  return checked.ok ? null : checked.reason;
}
