// Small decisions the normal and hard bots share: where to claim and place in setup, how many
// armies to move in after a capture, and how to bring idle armies to the front.
import { type Action, type Dice, fortifyTargets, type GameState, territoriesOf } from '../model/index.js';
import type { Position } from './evaluate.js';

/** The candidate with the highest score; ties broken by the bot's random stream. */
export function bestBy<T>(items: readonly T[], score: (item: T) => number, rng: Dice): T | undefined {
  let best: T[] = [];
  let top = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > top) {
      top = s;
      best = [item];
    } else if (s === top) best.push(item);
  }
  return best.length <= 1 ? best[0] : best[rng.below(best.length)];
}

export interface ClaimWeights {
  /** How much a rival's territories in a continent put us off it. */
  readonly rival: number;
  /** Per own neighbour: keeps claims together. */
  readonly friends: number;
  /** Taking a territory of a continent a rival is about to claim whole, per continent worth. */
  readonly block: number;
}

export const CLAIM: ClaimWeights = { rival: 0.6, friends: 0.03, block: 0.5 };

/** How much claiming territory t helps towards holding its continent (or stops a rival holding it). */
export function claimScore(position: Position, player: number, t: number, weights: ClaimWeights = CLAIM): number {
  const { state, facts } = position;
  const c = facts.continentOf[t]!;
  const size = state.board.continents.find((k) => k.id === c)!.territories.length;
  const counts = position.owned[c]!;
  const mine = counts[player]!;
  let rival = 0;
  let claimed = 0;
  counts.forEach((k, p) => {
    claimed += k;
    if (p !== player) rival = Math.max(rival, k);
  });
  const worth = facts.continentWorth[c]!;
  let score = worth * ((1 + mine) / size - (weights.rival * rival) / size);
  // A rival holding every claimed territory of an almost full continent: take one to block it.
  if (rival === claimed && rival >= size - 2 && claimed > 0) score += weights.block * worth;
  let friends = 0;
  for (const n of state.board.adjacency[t]!) if (state.owner[n] === player) friends++;
  return score + weights.friends * friends;
}

/**
 * A claim with one rival: every territory is contested, so claims gather where we already hold
 * most, drawn by `worth` to the continents worth most for their edges (measured in duels).
 */
export function gatherScore(position: Position, player: number, t: number, worth: number): number {
  const { state, facts } = position;
  const c = facts.continentOf[t]!;
  const size = state.board.continents.find((k) => k.id === c)!.territories.length;
  return ((position.owned[c]![player]! + 1) / size) * (1 + worth * facts.continentWorth[c]!);
}

/** Where to put one setup army: on a pressed border, first in the continents we hold most of. */
export function setupPlacement(position: Position, player: number, rng: Dice): number {
  const { state, facts } = position;
  const share = (t: number) => {
    const c = facts.continentOf[t]!;
    return position.owned[c]![player]! / state.board.continents.find((k) => k.id === c)!.territories.length;
  };
  const mine = territoriesOf(state, player);
  return bestBy(
    mine,
    (t) =>
      position.foreignNeighbours[t]! === 0
        ? -1
        : (0.5 + share(t) * share(t)) * ((position.biggestThreat[t]! + 2) / (state.armies[t]! + 1)),
    rng,
  )!;
}

/**
 * Where the hard bot puts one setup army: on the border territory with the fewest armies (of two
 * alike, the one facing the bigger stack), so the wall grows evenly and leaves no thin spot for a
 * first roll to run through (measured in three-player tournaments: +6 to +8 points over
 * setupPlacement, which gathers them in the continents we hold most of).
 */
export function evenPlacement(position: Position, player: number, rng: Dice): number {
  const { state } = position;
  const mine = territoriesOf(state, player);
  const border = mine.filter((t) => position.foreignNeighbours[t]! > 0);
  return bestBy(border.length > 0 ? border : mine, (t) => -state.armies[t]! + position.biggestThreat[t]! / 100, rng)!;
}

/** The capture move keeping `keep` extra armies in the source (all but the minimum when the target is surrounded by our own). */
export function moveInKeeping(state: GameState, keep: number): [number, number, number] {
  const { from, to, minimum } = state.pendingCapture!;
  const most = state.armies[from]! - 1;
  const player = state.owner[from]!;
  const exposed = state.board.adjacency[to]!.some((n) => state.owner[n] !== player);
  const count = exposed ? Math.min(most, Math.max(minimum, most - Math.max(0, keep))) : minimum;
  return [from, to, count];
}

/** Steps from each territory to the nearest territory of another player. */
export function distanceToFront(position: Position, player: number): number[] {
  const { state, facts } = position;
  const enemies: number[] = [];
  state.owner.forEach((o, t) => {
    if (o !== player) enemies.push(t);
  });
  return state.owner.map((_, t) => {
    let d = Infinity;
    for (const e of enemies) d = Math.min(d, facts.distance[t]![e]!);
    return d;
  });
}

/**
 * Ends the turn moving idle armies: the biggest stack with no enemy beside it steps towards the
 * front; failing that, spare armies on a quiet border go to the most outnumbered neighbour.
 */
export function frontFortify(position: Position, player: number, rng: Dice): Action {
  const { state } = position;
  const front = distanceToFront(position, player);
  const mine = territoriesOf(state, player);
  const idle = mine.filter((t) => state.armies[t]! > 1 && front[t]! > 1);
  const from = bestBy(idle, (t) => state.armies[t]!, rng);
  if (from !== undefined) {
    const to = bestBy(fortifyTargets(state, from), (t) => -front[t]! * 1000 + position.biggestThreat[t]!, rng);
    if (to !== undefined && front[to]! < front[from]!)
      return { command: 'fortify', player, payload: [from, to, state.armies[from]! - 1] };
  }
  const deficit = (t: number) => position.biggestThreat[t]! - state.armies[t]!;
  let best: [number, number, number] | null = null;
  let gain = 0;
  for (const f of mine) {
    const spare = Math.min(state.armies[f]! - 1, -deficit(f) - 1);
    if (spare <= 0) continue;
    for (const t of fortifyTargets(state, f)) {
      if (position.foreignNeighbours[t]! === 0 || deficit(t) <= gain) continue;
      gain = deficit(t);
      best = [f, t, Math.min(spare, deficit(t) + 1)];
    }
  }
  return { command: 'fortify', player, payload: best };
}
