// What a player may order. A placement puts the starting units on the player's own territories; an
// order moves units along a path of the player's own territories or attacks an adjacent territory of
// another player. Each unit takes part in at most one order per turn: the units leaving a territory
// (moves and attacks together) never exceed what stood there when the turn began, and units that
// arrive by a move do not leave again the same turn — so no order creates a unit or uses one twice.
import type { Result } from '../board.js';
import type { RiscState } from './state.js';
import { territoriesOf } from './state.js';

export interface Placement {
  readonly territory: number;
  readonly units: number;
}

export interface RiscOrder {
  readonly kind: 'move' | 'attack';
  readonly from: number;
  readonly to: number;
  readonly units: number;
}

const ok: Result<void> = { ok: true, value: undefined };
const fail = (reason: string): Result<void> => ({ ok: false, reason });

function isTerritory(state: RiscState, t: number): boolean {
  return Number.isInteger(t) && t >= 0 && t < state.board.territories.length;
}

const nameOf = (state: RiscState, t: number) => state.board.territories[t]?.name ?? `territory ${t}`;

/** An empty placement is allowed (a timeout): the units are then spread evenly, see placementUnits. */
export function checkPlacement(state: RiscState, player: number, placement: readonly Placement[]): Result<void> {
  if (state.phase !== 'placement') return fail('placement is over');
  if (placement.length === 0) return ok;
  const seen = new Set<number>();
  let total = 0;
  for (const p of placement) {
    if (!isTerritory(state, p.territory)) return fail(`no territory ${p.territory}`);
    if (state.owner[p.territory] !== player) return fail(`${nameOf(state, p.territory)} is not yours`);
    if (seen.has(p.territory)) return fail(`${nameOf(state, p.territory)} is placed on twice`);
    if (!Number.isInteger(p.units) || p.units < 0)
      return fail(`units must be a whole number of 0 or more, not ${p.units}`);
    seen.add(p.territory);
    total += p.units;
  }
  if (total !== state.startUnits) return fail(`placed ${total} units; exactly ${state.startUnits} must be placed`);
  return ok;
}

/** The units a placement puts on each of the player's territories (empty: spread evenly, first ones get the rest). */
export function placementUnits(state: RiscState, player: number, placement: readonly Placement[]): Map<number, number> {
  const mine = territoriesOf(state, player);
  const result = new Map<number, number>(mine.map((t) => [t, 0]));
  if (placement.length === 0) {
    mine.forEach((t, i) =>
      result.set(t, Math.floor(state.startUnits / mine.length) + (i < state.startUnits % mine.length ? 1 : 0)),
    );
  } else for (const p of placement) result.set(p.territory, p.units);
  return result;
}

/** Whether a path of the player's own territories joins from and to. */
export function ownPathExists(state: RiscState, player: number, from: number, to: number): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const t = queue.pop()!;
    if (t === to) return true;
    for (const n of state.board.adjacency[t]!) {
      if (!seen.has(n) && state.owner[n] === player) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return false;
}

/** Checks one player's whole set of orders for this turn. */
export function checkOrders(state: RiscState, player: number, orders: readonly RiscOrder[]): Result<void> {
  if (state.phase !== 'orders')
    return fail(state.phase === 'over' ? 'the game is over' : 'orders come after placement');
  if (orders.length > 0 && (state.lost[player] || state.expelled[player]))
    return fail('a player who is out has no orders');
  const leaving = new Map<number, number>();
  for (const [i, o] of orders.entries()) {
    const at = `order ${i + 1}`;
    if (o.kind !== 'move' && o.kind !== 'attack') return fail(`${at}: unknown kind`);
    if (!isTerritory(state, o.from)) return fail(`${at}: no territory ${o.from}`);
    if (!isTerritory(state, o.to)) return fail(`${at}: no territory ${o.to}`);
    if (!Number.isInteger(o.units) || o.units < 1)
      return fail(`${at}: units must be a whole number of 1 or more, not ${o.units}`);
    if (state.owner[o.from] !== player) return fail(`${at}: ${nameOf(state, o.from)} is not yours`);
    if (o.from === o.to) return fail(`${at}: from and to are the same territory`);
    if (o.kind === 'move') {
      if (state.owner[o.to] !== player) return fail(`${at}: ${nameOf(state, o.to)} is not yours (attack it instead)`);
      if (!ownPathExists(state, player, o.from, o.to))
        return fail(`${at}: no path of your own territories joins ${nameOf(state, o.from)} and ${nameOf(state, o.to)}`);
    } else {
      if (state.owner[o.to] === player) return fail(`${at}: ${nameOf(state, o.to)} is yours (move there instead)`);
      if (!state.board.adjacency[o.from]!.includes(o.to))
        return fail(`${at}: ${nameOf(state, o.to)} is not next to ${nameOf(state, o.from)}`);
    }
    const out = (leaving.get(o.from) ?? 0) + o.units;
    if (out > state.units[o.from]!) {
      return fail(
        `${at}: ${out} units would leave ${nameOf(state, o.from)}, which has ${state.units[o.from]} (a unit may take part in one order only)`,
      );
    }
    leaving.set(o.from, out);
  }
  return ok;
}
