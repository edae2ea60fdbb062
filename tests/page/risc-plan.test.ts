// RISC orders planned by clicks on the page: a source, a target (a move to your own land, an attack
// on a neighbour), how many; the model's own check refuses what the game would refuse.
import { describe, expect, it } from 'vitest';
import riscMap from '../../src/model/boards/risc.json' with { type: 'json' };
import { executePlacement, loadRiscMap, type RiscState, startRisc } from '../../src/model/risc/index.js';
import {
  addOrder,
  choices,
  clickTerritory,
  evenPlacement,
  NO_PLAN,
  placementProblem,
  placeOne,
  removeOrder,
} from '../../src/page/risc-plan.js';

function game(): RiscState {
  const map = loadRiscMap(riscMap);
  if (!map.ok) throw new Error(map.reason);
  const started = startRisc(map.value, ['Ann', 'Bo'], 12);
  if (!started.ok) throw new Error(started.reason);
  return executePlacement(started.value, [evenPlacement(started.value, 0), evenPlacement(started.value, 1)]).state;
}

describe('RISC orders by clicks', () => {
  const state = game();
  const mine = state.owner.flatMap((o, t) => (o === 0 ? [t] : []));
  const from = mine.find((t) => state.board.adjacency[t]!.some((n) => state.owner[n] === 1))!;
  const enemy = state.board.adjacency[from]!.find((n) => state.owner[n] === 1)!;
  const friend = mine.find((t) => t !== from)!;

  it('a source, then an enemy neighbour: an attack with every free unit by default, added', () => {
    expect(choices(state, 0, NO_PLAN).sort()).toEqual(mine.filter((t) => state.units[t]! > 0).sort());
    let plan = clickTerritory(state, 0, NO_PLAN, from);
    expect(choices(state, 0, plan)).toContain(enemy);
    expect(choices(state, 0, plan)).toContain(friend);
    plan = clickTerritory(state, 0, plan, enemy);
    expect(plan).toMatchObject({ from, to: enemy, units: state.units[from] });
    plan = addOrder(state, 0, plan);
    expect(plan.orders).toEqual([{ kind: 'attack', from, to: enemy, units: state.units[from] }]);
    expect(plan.from).toBeNull();
    // Every unit of that territory is ordered: it is no longer a source.
    expect(choices(state, 0, plan)).not.toContain(from);
    expect(removeOrder(plan, 0).orders).toEqual([]);
  });

  it('more units than are free are refused with the game’s reason; a foreign territory is no source', () => {
    let plan = clickTerritory(state, 0, clickTerritory(state, 0, NO_PLAN, from), friend);
    plan = addOrder(state, 0, { ...plan, units: state.units[from]! + 1 });
    expect(plan.orders).toEqual([]);
    expect(plan.message).toMatch(/units would leave/);
    expect(clickTerritory(state, 0, NO_PLAN, enemy).message).toMatch(/is not yours/);
  });

  it('placement: even by default, one more or one fewer at a time, never past the units there are', () => {
    const map = loadRiscMap(riscMap);
    if (!map.ok) throw new Error(map.reason);
    const start = startRisc(map.value, ['Ann', 'Bo'], 12);
    if (!start.ok) throw new Error(start.reason);
    const even = evenPlacement(start.value, 0);
    expect(even.reduce((n, p) => n + p.units, 0)).toBe(12);
    expect(placementProblem(start.value, 0, even)).toBeNull();
    const t = even[0]!.territory;
    expect(placeOne(start.value, even, t, 1)).toEqual(even);
    const fewer = placeOne(start.value, even, t, -1);
    expect(placementProblem(start.value, 0, fewer)).toMatch(/exactly 12/);
    expect(placeOne(start.value, fewer, even[1]!.territory, 1).reduce((n, p) => n + p.units, 0)).toBe(12);
  });
});
