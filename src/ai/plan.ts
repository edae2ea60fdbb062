// Attack plans for the hard bot. A goal — take a continent, wipe out a player, reach the variant's
// objective, take one territory, or roll one stack on — becomes legs: chains of conquests, each by
// one stack, with their exact odds.
// Plans are only proposed here; the bot judges them by the board they would leave (outlook.ts).
// The walks loop by index: a bot peer plays its game in code not yet optimised, where a `for…of`
// allocates an iterator result per step.
import { type ChainOdds, chainOdds, chainSteps } from './chain-odds.js';
import type { Position } from './evaluate.js';

export type Goal =
  | { readonly kind: 'continent'; readonly continent: number; readonly targets: readonly number[] }
  | { readonly kind: 'eliminate'; readonly player: number; readonly targets: readonly number[] }
  /** The variant's objective: an enemy capital, or the territories a mission asks for. */
  | { readonly kind: 'objective'; readonly targets: readonly number[] }
  /** Any one of the targets: the turn's card, a rival's continent broken, a step forward. */
  | { readonly kind: 'capture'; readonly targets: readonly number[] }
  /** One stack rolling on through the weakest territories in its way, as far as the chain goes. */
  | { readonly kind: 'roll'; readonly source: number; readonly targets: readonly number[] };

export interface Leg {
  readonly source: number;
  /** Territories to take in order, each next to the one before (the first next to the source). */
  readonly chain: readonly number[];
  /** Armies in the source when the leg starts (deployment included). */
  readonly armies: number;
  readonly odds: ChainOdds;
}

export interface Plan {
  readonly goal: Goal;
  readonly legs: readonly Leg[];
  /** Where the armies to deploy go for this plan, or null when there are none to deploy. */
  readonly deployOn: number | null;
}

/** Foreign territories a stack may pass through on its way to a target. */
const DETOUR = 2;
/** Most stacks one plan may use. */
const MAX_LEGS = 5;
/** Sources tried for each leg (more when armies are still to deploy, since any source can take them). */
const SOURCES_TRIED = 3;

/** Candidate plans for a goal with `deploy` armies still to place on one source. */
export function plansFor(position: Position, me: number, goal: Goal, deploy: number): Plan[] {
  if (goal.kind === 'capture') return capturePlans(position, me, goal, deploy);
  if (goal.kind === 'roll') {
    const armies = position.state.armies[goal.source]! + deploy;
    if (armies < 2) return [];
    return [
      {
        goal,
        legs: [leg(position, goal.source, [...goal.targets], armies)],
        deployOn: deploy > 0 ? goal.source : null,
      },
    ];
  }
  const plan = coverPlan(position, me, goal, deploy);
  return plan === null ? [] : [plan];
}

function leg(position: Position, source: number, chain: number[], armies: number): Leg {
  return {
    source,
    chain,
    armies,
    odds: chainOdds(
      armies,
      chain.map((t) => position.state.armies[t]!),
    ),
  };
}

/** One plan per target: from our biggest stack beside it, else through one foreign territory. */
function capturePlans(position: Position, me: number, goal: Goal, deploy: number): Plan[] {
  const { state } = position;
  const plans: Plan[] = [];
  for (const t of goal.targets) {
    let source = -1;
    let via = -1;
    const around = state.board.adjacency[t]!;
    for (let i = 0; i < around.length; i++) {
      const s = around[i]!;
      if (state.owner[s] === me && (source < 0 || state.armies[s]! > state.armies[source]!)) source = s;
    }
    if (source < 0) {
      for (let i = 0; i < around.length; i++) {
        const x = around[i]!;
        if (state.owner[x] === me) continue;
        const beyond = state.board.adjacency[x]!;
        for (let j = 0; j < beyond.length; j++) {
          const s = beyond[j]!;
          if (state.owner[s] !== me) continue;
          if (source < 0 || state.armies[s]! - state.armies[x]! > state.armies[source]! - state.armies[via]!) {
            source = s;
            via = x;
          }
        }
      }
    }
    if (source < 0) continue;
    const armies = state.armies[source]! + deploy;
    if (armies < 2) continue;
    const chain = via < 0 ? [t] : [via, t];
    plans.push({ goal, legs: [leg(position, source, chain, armies)], deployOn: deploy > 0 ? source : null });
  }
  return plans;
}

/** Sources worth trying for a leg: our stacks next to a remaining target, or a short detour away from one. */
function legSources(
  position: Position,
  me: number,
  remaining: ReadonlySet<number>,
  used: ReadonlySet<number>,
): number[] {
  const { state } = position;
  const near = new Set<number>();
  let frontier = [...remaining];
  const seen = new Set(frontier);
  for (let depth = 0; depth <= DETOUR && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (let f = 0; f < frontier.length; f++) {
      const around = state.board.adjacency[frontier[f]!]!;
      for (let i = 0; i < around.length; i++) {
        const n = around[i]!;
        if (state.owner[n] === me) near.add(n);
        else if (!seen.has(n)) {
          seen.add(n);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return [...near].filter((s) => !used.has(s)).sort((a, b) => state.armies[b]! - state.armies[a]! || a - b);
}

/**
 * The chain one stack would follow from `source` through the remaining targets: next the target
 * with the fewest onward targets (so the walk does not strand any), else the cheapest detour
 * through up to DETOUR foreign territories to the nearest target.
 */
export function walk(position: Position, me: number, source: number, remaining: ReadonlySet<number>): number[] {
  const { state } = position;
  const chain: number[] = [];
  const taken = new Set<number>();
  let head = source;
  for (;;) {
    let next = -1;
    let bestKey = Infinity;
    const around = state.board.adjacency[head]!;
    for (let i = 0; i < around.length; i++) {
      const t = around[i]!;
      if (!remaining.has(t) || taken.has(t)) continue;
      let onward = 0;
      const beyond = state.board.adjacency[t]!;
      for (let j = 0; j < beyond.length; j++) if (remaining.has(beyond[j]!) && !taken.has(beyond[j]!)) onward++;
      const key = onward * 1000 + state.armies[t]!;
      if (key < bestKey) {
        bestKey = key;
        next = t;
      }
    }
    if (next >= 0) {
      chain.push(next);
      taken.add(next);
      head = next;
      continue;
    }
    const path = detour(position, me, head, remaining, taken);
    if (path === null) return chain;
    for (const t of path) {
      chain.push(t);
      taken.add(t);
    }
    head = path[path.length - 1]!;
  }
}

/** The cheapest path (by defending armies) from `head` through foreign territories to a remaining target. */
function detour(
  position: Position,
  me: number,
  head: number,
  remaining: ReadonlySet<number>,
  taken: ReadonlySet<number>,
): number[] | null {
  const { state } = position;
  let paths: { path: number[]; cost: number }[] = [{ path: [], cost: 0 }];
  let best = null as { path: number[]; cost: number } | null;
  for (let depth = 0; depth <= DETOUR; depth++) {
    const next: { path: number[]; cost: number }[] = [];
    for (let p = 0; p < paths.length; p++) {
      const { path, cost } = paths[p]!;
      const at = path.length === 0 ? head : path[path.length - 1]!;
      const around = state.board.adjacency[at]!;
      for (let i = 0; i < around.length; i++) {
        const n = around[i]!;
        if (state.owner[n] === me || taken.has(n) || path.includes(n)) continue;
        // A step's path is built only when it is kept.
        const stepCost = cost + state.armies[n]!;
        if (remaining.has(n)) {
          if (best === null || stepCost < best.cost) best = { path: [...path, n], cost: stepCost };
        } else if (depth < DETOUR) next.push({ path: [...path, n], cost: stepCost });
      }
    }
    if (best !== null) return best.path;
    paths = next;
  }
  return null;
}

/** Legs that between them take every target, chosen greedily by targets covered, then odds; null if none can. */
function coverPlan(position: Position, me: number, goal: Goal, deploy: number): Plan | null {
  const { state } = position;
  const remaining = new Set(goal.targets);
  const used = new Set<number>();
  const legs: Leg[] = [];
  let deployOn: number | null = null;
  let left = deploy;
  while (remaining.size > 0) {
    if (legs.length === MAX_LEGS) return null;
    let best: { leg: Leg; key: number } | null = null;
    let tried = 0;
    for (const s of legSources(position, me, remaining, used)) {
      const armies = state.armies[s]! + left;
      if (armies < 2) continue;
      const chain = walk(position, me, s, remaining);
      const covered = chain.filter((t) => remaining.has(t)).length;
      if (covered === 0) continue;
      const candidate = leg(position, s, chain, armies);
      const key = covered + candidate.odds.success;
      if (best === null || key > best.key) best = { leg: candidate, key };
      if (++tried >= SOURCES_TRIED + (left > 0 ? 3 : 0)) break;
    }
    if (best === null) return null;
    legs.push(best.leg);
    used.add(best.leg.source);
    for (const t of best.leg.chain) remaining.delete(t);
    if (left > 0) deployOn = best.leg.source;
    left = 0;
  }
  return { goal, legs, deployOn };
}

/** Longest roll proposed. */
const ROLL = 10;
/** Rolls are cut where the chance of getting that far drops below this. */
const ROLL_ODDS = 0.05;

/**
 * Rolls from `source` with `deploy` more armies: the stack takes the weakest territory next to it
 * (of two alike, the one with more territories beyond to go on to), then the next; one plan for
 * each place it could stop.
 */
export function rollPlans(position: Position, me: number, source: number, deploy: number): Plan[] {
  const { state } = position;
  const armies = state.armies[source]! + deploy;
  if (armies < 2) return [];
  const chain: number[] = [];
  const inChain = new Set<number>();
  let head = source;
  while (chain.length < ROLL) {
    let next = -1;
    let bestKey = Infinity;
    const around = state.board.adjacency[head]!;
    for (let i = 0; i < around.length; i++) {
      const t = around[i]!;
      if (state.owner[t] === me || inChain.has(t)) continue;
      let onward = 0;
      const beyond = state.board.adjacency[t]!;
      for (let j = 0; j < beyond.length; j++) if (state.owner[beyond[j]!] !== me && !inChain.has(beyond[j]!)) onward++;
      const key = state.armies[t]! * 8 - Math.min(onward, 7);
      if (key < bestKey) {
        bestKey = key;
        next = t;
      }
    }
    if (next < 0) break;
    chain.push(next);
    inChain.add(next);
    head = next;
  }
  const steps = chainSteps(
    armies,
    chain.map((t) => state.armies[t]!),
  );
  const plans: Plan[] = [];
  for (let k = 0; k < steps.length && steps[k]!.success >= ROLL_ODDS; k++) {
    const targets = chain.slice(0, k + 1);
    plans.push({
      goal: { kind: 'roll', source, targets },
      legs: [{ source, chain: targets, armies, odds: steps[k]! }],
      deployOn: deploy > 0 ? source : null,
    });
  }
  return plans;
}
