// The random bot: uniform over legal choices, with limits that make games end: it always rolls
// the most dice, deploys on one territory, attacks only from a larger stack and presses a battle
// until it is decided.
import {
  type Action,
  attackOptions,
  type Dice,
  fortifyTargets,
  type GameState,
  handLimitFor,
  maxAttackDice,
  maxDefendDice,
  mayTradeAnother,
  missionClaimDue,
  setsInHand,
  setupChoices,
  territoriesOf,
} from '../model/index.js';
import type { Bot } from './bot.js';

export function randomBot(rng: Dice): Bot {
  const pick = <T>(items: readonly T[]): T => items[rng.below(items.length)]!;
  let engaged: readonly [number, number] | null = null;
  return {
    kind: 'random',
    decide(state: GameState, player: number): Action {
      const claim = missionClaimDue(state);
      if (claim !== null && claim.player === player) return claim;
      switch (state.phase) {
        case 'setup':
          return { command: 'setup', player, payload: pick(setupChoices(state)) };
        case 'capitals':
          return { command: 'choose_capital', player, payload: pick(territoriesOf(state, player)) };
        case 'cards': {
          let hand = [...state.players[player]!.cards];
          const limit = handLimitFor(state, player);
          const sets: number[][] = [];
          for (;;) {
            const available = setsInHand(state.board, hand);
            if (available.length === 0) break;
            const mustTrade = limit !== null && hand.length > limit;
            if (!mustTrade && !mayTradeAnother(state, hand.length)) break;
            // Optional trades: uniform over "no trade" and each available set.
            const choice = mustTrade ? pick(available) : pick([null, ...available]);
            if (choice === null) break;
            sets.push(choice);
            hand = hand.filter((c) => !choice.includes(c));
            if (!mustTrade) break;
          }
          return { command: 'play_cards', player, payload: sets.length > 0 ? { cards: sets, armies: -1 } : null };
        }
        case 'deploy':
          // Limit: all armies on one territory, so stacks grow large enough to break through.
          return { command: 'deploy', player, payload: [[pick(territoriesOf(state, player)), state.toDeploy]] };
        case 'attack': {
          // A battle once begun is pressed until the target falls or the source runs out.
          if (
            engaged !== null &&
            state.owner[engaged[0]] === player &&
            state.owner[engaged[1]] !== player &&
            state.armies[engaged[0]]! >= 2
          ) {
            return { command: 'attack', player, payload: [engaged[0], engaged[1], maxAttackDice(state, engaged[0])] };
          }
          // Limit: only attacks from a larger stack than the target's, so armies are not thrown away forever.
          const attacks = attackOptions(state).filter(([from, to]) => state.armies[from]! > state.armies[to]!);
          const choice = attacks.length > 0 ? pick(attacks) : null;
          engaged = choice;
          if (choice === null) return randomFortify(state, player, rng);
          const [from, to] = choice;
          return { command: 'attack', player, payload: [from, to, maxAttackDice(state, from)] };
        }
        case 'defend':
          return { command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) };
        case 'capture': {
          const { from, to, minimum } = state.pendingCapture!;
          const most = state.armies[from]! - 1;
          return { command: 'attack_capture', player, payload: [from, to, most] };
        }
        default:
          throw new Error(`random bot asked to decide in phase ${state.phase}`);
      }
    },
  };
}

function randomFortify(state: GameState, player: number, rng: Dice): Action {
  const moves: [number, number][] = [];
  for (const from of territoriesOf(state, player)) {
    if (state.armies[from]! < 2) continue;
    for (const to of fortifyTargets(state, from)) moves.push([from, to]);
  }
  const choice = rng.below(moves.length + 1);
  if (choice === moves.length) return { command: 'fortify', player, payload: null };
  const [from, to] = moves[choice]!;
  return { command: 'fortify', player, payload: [from, to, 1 + rng.below(state.armies[from]! - 1)] };
}
