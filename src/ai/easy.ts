// The easy bot: one stack at a time. It claims where it already has most, piles all its armies on
// the border stack nearest a weak neighbour, attacks whenever it has two more armies than the
// target and rolls the whole stack on after a capture, trades cards as soon as it can, and walks
// idle armies towards the front.
import {
  type Action,
  attackOptions,
  type Dice,
  fortifyTargets,
  type GameState,
  maxAttackDice,
  maxDefendDice,
  territoriesOf,
} from '../model/index.js';
import { boardFacts } from './board-facts.js';
import type { Bot } from './bot.js';
import { chooseSets, tradeAction } from './card-play.js';
import { readPosition } from './evaluate.js';
import { variantDecision } from './objective.js';
import { bestBy } from './tactics.js';

export function easyBot(rng: Dice): Bot {
  return {
    kind: 'easy',
    decide(state: GameState, player: number): Action {
      const special = variantDecision(state, player, rng);
      if (special !== null) return special;
      switch (state.phase) {
        case 'setup':
          return { command: 'setup', player, payload: setupChoice(state, player, rng) };
        case 'cards':
          return tradeAction(player, chooseSets(state, player, 'one'));
        case 'deploy': {
          const stack = attackStack(state, player, rng);
          return { command: 'deploy', player, payload: [[stack, state.toDeploy]] };
        }
        case 'attack': {
          const attacks = attackOptions(state).filter(([from, to]) => state.armies[from]! >= state.armies[to]! + 2);
          const choice = bestBy(attacks, ([from, to]) => state.armies[from]! - state.armies[to]!, rng);
          if (choice === undefined) return fortify(state, player, rng);
          return { command: 'attack', player, payload: [choice[0], choice[1], maxAttackDice(state, choice[0])] };
        }
        case 'defend':
          return { command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) };
        case 'capture':
          return { command: 'attack_capture', player, payload: moveIn(state, player) };
        default:
          throw new Error(`easy bot asked to decide in phase ${state.phase}`);
      }
    },
  };
}

function setupChoice(state: GameState, player: number, rng: Dice): number {
  const position = readPosition(state);
  const { continentOf } = position.facts;
  if (state.owner.includes(-1)) {
    const size = (c: number) => state.board.continents.find((k) => k.id === c)!.territories.length;
    return bestBy(
      territoriesOf(state, -1),
      (t) => (position.owned[continentOf[t]!]![player]! + 1) / size(continentOf[t]!),
      rng,
    )!;
  }
  return bestBy(
    territoriesOf(state, player),
    (t) => (position.foreignNeighbours[t]! > 0 ? position.biggestThreat[t]! - state.armies[t]! : -Infinity),
    rng,
  )!;
}

/** The border territory where a big stack meets a weak neighbour. */
function attackStack(state: GameState, player: number, rng: Dice): number {
  const weakest = (t: number) => {
    let w = Infinity;
    for (const n of state.board.adjacency[t]!) if (state.owner[n] !== player) w = Math.min(w, state.armies[n]!);
    return w;
  };
  const mine = territoriesOf(state, player);
  const border = mine.filter((t) => weakest(t) < Infinity);
  return bestBy(border.length > 0 ? border : mine, (t) => state.armies[t]! - weakest(t), rng)!;
}

function moveIn(state: GameState, player: number): [number, number, number] {
  const { from, to, minimum } = state.pendingCapture!;
  const most = state.armies[from]! - 1;
  const exposed = (t: number) => state.board.adjacency[t]!.some((n) => state.owner[n] !== player);
  // The stack rolls on; only a capture surrounded by our own gets the minimum.
  const count = exposed(to) ? most : minimum;
  return [from, to, count];
}

/** Idle armies (no enemy next to them) step towards the nearest enemy. */
function fortify(state: GameState, player: number, rng: Dice): Action {
  const { distance } = boardFacts(state.board);
  const enemies = state.owner.flatMap((o, t) => (o !== player ? [t] : []));
  const toFront = (t: number) => Math.min(...enemies.map((e) => distance[t]![e]!));
  const idle = territoriesOf(state, player).filter((t) => state.armies[t]! > 1 && toFront(t) > 1);
  const from = bestBy(idle, (t) => state.armies[t]!, rng);
  if (from === undefined) return { command: 'fortify', player, payload: null };
  const to = bestBy(fortifyTargets(state, from), (t) => -toFront(t), rng);
  if (to === undefined || toFront(to) >= toFront(from)) return { command: 'fortify', player, payload: null };
  return { command: 'fortify', player, payload: [from, to, state.armies[from]! - 1] };
}
