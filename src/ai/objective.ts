// What a variant asks a bot to take: the neutral army's setup placements, a capital to choose,
// and, in Capital and Secret Mission games, the territories that bring the win nearer and a
// measure of how near it is. Shared by every bot; the bots differ in how hard they press.
import {
  type Action,
  capitalsMissing,
  type Dice,
  effectiveMission,
  type GameState,
  missionClaimDue,
  setupExpects,
  territoriesOf,
} from '../model/index.js';
import type { Snapshot } from './features.js';
import { bestBy } from './tactics.js';

/**
 * The decisions a variant adds, the same for every bot but random: claim a completed mission at
 * once, choose a capital, place the neutral army's setup army. Null when none is due.
 */
export function variantDecision(state: GameState, player: number, rng: Dice): Action | null {
  const claim = missionClaimDue(state);
  if (claim !== null && claim.player === player) return claim;
  if (state.phase === 'capitals') return capitalChoice(state, player, rng);
  if (state.phase === 'setup' && setupExpects(state) === 'neutral') {
    return { command: 'setup', player, payload: neutralPlacement(state, player, rng) };
  }
  return null;
}

/** The neutral army's placement (two-player game): thicken the neutral wall facing the opponent, not facing us. */
export function neutralPlacement(state: GameState, player: number, rng: Dice): number {
  return bestBy(
    territoriesOf(state, state.neutralArmy),
    (t) => {
      let score = 0;
      for (const n of state.board.adjacency[t]!) {
        const o = state.owner[n]!;
        if (o === player) score -= 1 + state.armies[n]! / 10;
        else if (o !== state.neutralArmy && o >= 0) score += 1 + state.armies[n]! / 10;
      }
      return score - state.armies[t]! / 20;
    },
    rng,
  )!;
}

/** A capital that is hard to reach: few enemy neighbours, many armies, deep in our own ground. */
export function capitalChoice(state: GameState, player: number, rng: Dice): Action {
  const mine = territoriesOf(state, player);
  const choice = bestBy(
    mine,
    (t) => {
      let enemies = 0;
      let enemyArmies = 0;
      for (const n of state.board.adjacency[t]!) {
        if (state.owner[n] !== player) {
          enemies++;
          enemyArmies += state.armies[n]!;
        }
      }
      return state.armies[t]! * 2 - enemies * 3 - enemyArmies;
    },
    rng,
  )!;
  return { command: 'choose_capital', player, payload: choice };
}

/** Territories the variant wants us to take: enemy capitals, mission continents, a mission's target player. */
export function objectiveTargets(state: GameState, player: number): number[] {
  if (state.options.variant === 'capital') {
    return state.capitals.filter((t) => t >= 0 && state.owner[t] !== player);
  }
  const card = state.options.variant === 'mission' ? state.missions[player] : null;
  if (card === null || card === undefined) return [];
  const mission = effectiveMission(state, player, card);
  switch (mission.kind) {
    case 'continents': {
      const named = state.board.continents.filter((c) => mission.continents.includes(c.name));
      const out = named.flatMap((c) => c.territories.filter((t) => state.owner[t] !== player));
      if (mission.anyOther) {
        // The other continent nearest to being ours.
        const others = state.board.continents.filter((c) => !mission.continents.includes(c.name));
        const best = bestOf(
          others,
          (c) => c.territories.filter((t) => state.owner[t] === player).length / c.territories.length,
        );
        if (best !== undefined) out.push(...best.territories.filter((t) => state.owner[t] !== player));
      }
      return out;
    }
    case 'destroy':
      return territoriesOf(state, mission.seat);
    case 'territories':
      return [];
  }
}

function bestOf<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  let best: T | undefined;
  let top = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > top) {
      top = s;
      best = item;
    }
  }
  return best;
}

/**
 * How near each player is to the variant's win, as `me` may know it: capitals are public, a
 * secret mission only our own (others score 0). Undefined in world domination.
 */
export function objectiveMeasure(state: GameState, me: number): Snapshot['objective'] {
  if (state.options.variant === 'domination') return undefined;
  if (state.options.variant === 'capital') return (p, owner, armies) => objectiveProgress(state, p, owner, armies);
  return (p, owner, armies) => (p === me ? objectiveProgress(state, p, owner, armies) : 0);
}

/** How far a board of owners and armies is towards the variant's win for `player`: 0 nothing, 1 won. */
export function objectiveProgress(
  state: GameState,
  player: number,
  owner: ArrayLike<number>,
  armies: ArrayLike<number>,
): number {
  if (state.options.variant === 'capital') {
    if (state.capitals.length === 0) return 0;
    const s = { ...state, owner: Array.from(owner) };
    const missing = capitalsMissing(s, player);
    const needed =
      Math.min(state.options.capitalsToWin, state.capitals.filter((t, p) => p !== player && t >= 0).length) + 1;
    return Number.isFinite(missing) ? 1 - missing / needed : 0;
  }
  const card = state.options.variant === 'mission' ? state.missions[player] : null;
  if (card === null || card === undefined) return 0;
  const mission = effectiveMission(state, player, card);
  switch (mission.kind) {
    case 'continents': {
      const share = (territories: readonly number[]) =>
        territories.filter((t) => owner[t] === player).length / territories.length;
      const named = state.board.continents.filter((c) => mission.continents.includes(c.name));
      let total = named.reduce((sum, c) => sum + share(c.territories), 0);
      let parts = named.length;
      if (mission.anyOther) {
        const others = state.board.continents.filter((c) => !mission.continents.includes(c.name));
        total += Math.max(...others.map((c) => share(c.territories)));
        parts++;
      }
      const whole = named.every((c) => share(c.territories) === 1);
      return whole && total === parts ? 1 : (0.9 * total) / parts;
    }
    case 'territories': {
      let n = 0;
      for (let t = 0; t < owner.length; t++) if (owner[t] === player && armies[t]! >= mission.armiesEach) n++;
      return Math.min(1, n / mission.count);
    }
    case 'destroy': {
      let left = 0;
      for (let t = 0; t < owner.length; t++) if (owner[t] === mission.seat) left++;
      return left === 0 ? 1 : 0.9 * (1 - left / owner.length);
    }
  }
}
