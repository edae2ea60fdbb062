// The words under the board: what the player is asked now, about which territory, and the keys.
import { type Board, CARD_TYPE_NAMES, cardType, type GameState, setupExpects } from '../model/index.js';
import { conquerChance, percent, rollChances } from './attack-odds.js';
import { territoryCode } from './map-layout.js';
import {
  amountRange,
  amountValue,
  candidatesFor,
  cardsView,
  type Decision,
  plannedArmies,
  type TurnInput,
} from './turn-input.js';

export interface PromptText {
  readonly title: string;
  readonly detail: string;
  readonly keys: string;
}

/** A card in a few letters for lists of sets: "NWT inf", "wild". */
export function shortCardName(board: Board, card: number): string {
  const type = cardType(board, card);
  if (type >= CARD_TYPE_NAMES.length) return 'wild';
  return `${territoryCode(board, card)} ${CARD_TYPE_NAMES[type]!.slice(0, 3)}`;
}

/** The territories whose card in this set earns +2 (by default only the first such card of a set). */
export function setBonus(state: GameState, player: number, set: readonly number[]): number[] {
  const shown = set.filter((c) => c < state.owner.length && state.owner[c] === player);
  return state.options.territoryBonusCards === 'one' ? shown.slice(0, 1) : shown;
}

export function cardName(board: Board, card: number): string {
  const type = cardType(board, card);
  if (type >= CARD_TYPE_NAMES.length) return 'Wildcard';
  return `${board.territories[card]!.name} (${CARD_TYPE_NAMES[type]})`;
}

function where(state: GameState, t: number, name: (p: number) => string): string {
  if (t < 0) return '';
  const owner = state.owner[t]!;
  const territory = state.board.territories[t]!;
  const continent = state.board.continents[territory.continent]?.name ?? '';
  if (owner < 0) return `${territory.name} (${continent}): unclaimed`;
  return `${territory.name} (${continent}): ${name(owner)}, ${state.armies[t]} ${state.armies[t] === 1 ? 'army' : 'armies'}`;
}

const MOVE = '←↑↓→/type a name';

export function promptText(decision: Decision, input: TurnInput, name: (p: number) => string): PromptText {
  const { state, player } = decision;
  const step = input.step;
  const t = (id: number) => state.board.territories[id]!.name;
  const here = where(state, input.cursor, name);
  const value = amountValue(decision, step);
  const range = amountRange(decision, step);
  const between = range ? `${range.min}–${range.max}` : '';
  const none = candidatesFor(decision, step).length === 0;
  switch (step.kind) {
    case 'capital':
      return {
        title: 'Capital Risk: choose your capital in secret (all capitals are shown together)',
        detail: here,
        keys: `${MOVE} · Enter choose this territory`,
      };
    case 'setup': {
      const expects = setupExpects(state);
      const left = state.players[expects === 'neutral' ? state.neutralArmy : player]!.reserve;
      const what =
        expects === 'claim'
          ? 'Setup: claim an empty territory'
          : expects === 'own'
            ? 'Setup: put an army on one of your territories'
            : 'Setup: put a neutral army on a neutral territory';
      return {
        title: `${what} (${left} left to place)`,
        detail: here,
        keys: `${MOVE} · Enter place 1 army · Tab place the rest automatically`,
      };
    }
    case 'cards': {
      const view = cardsView(decision, step);
      const must = view.limit !== null;
      const offered = view.options[step.option];
      const bonus = offered ? setBonus(state, player, offered) : [];
      const plus = bonus.length > 0 ? ` + 2 on ${bonus.map(t).join(' and ')}` : '';
      return {
        title: must
          ? `Cards: you must trade down to ${view.limit} cards — choose a set (${view.nextValue} armies${plus})`
          : `Cards: trade a set for ${view.nextValue} armies${plus}?`,
        detail:
          step.chosen.length > 0
            ? `Chosen so far: ${step.chosen.map((s) => s.map((c) => cardName(state.board, c)).join(' + ')).join('; ')}`
            : '',
        keys: `↑↓ or 1–9 choose a set · Enter trade${must ? '' : ' · Tab no trade'} · Esc clear`,
      };
    }
    case 'deploy': {
      const left = state.toDeploy - [...plannedArmies(step).values()].reduce((a, b) => a + b, 0);
      if (step.amount !== null) {
        return {
          title: `Deploy: how many armies on ${t(input.cursor)}? ${value} (${between})`,
          detail: here,
          keys: 'digits or ↑↓ set the number · Enter place · Esc back',
        };
      }
      return {
        title: `Deploy: ${left} ${left === 1 ? 'army' : 'armies'} to place — choose a territory`,
        detail: here,
        keys: `${MOVE} · Enter place here · Tab place all ${left} here${step.plan.length ? ' · Esc undo last' : ''}`,
      };
    }
    case 'deploy-confirm':
      return {
        title: 'Deploy: all armies placed. Send this deployment?',
        detail: [...plannedArmies(step)].map(([id, n]) => `${n} on ${t(id)}`).join(', '),
        keys: 'Enter send · Esc undo the last placement',
      };
    case 'attack-from':
      return {
        title: none
          ? 'Attack: no attack is possible — Tab to go on to fortify'
          : 'Attack: choose a territory to attack from',
        detail: here,
        keys: `${MOVE} · Enter choose · Tab end attacks`,
      };
    case 'attack-to':
      return {
        title: `Attack from ${t(step.from)} (${state.armies[step.from]}): choose the enemy territory to attack`,
        detail: here,
        keys: `${MOVE} · Enter choose · Esc back · Tab end attacks`,
      };
    case 'attack-dice': {
      const a = state.armies[step.from]!;
      const d = state.armies[step.to]!;
      const roll = rollChances(value!, d)
        .map(
          (o) =>
            `${o.defenderLosses === 0 ? `you −${o.attackerLosses}` : o.attackerLosses === 0 ? `they −${o.defenderLosses}` : 'each −1'} ${percent(o.probability)}`,
        )
        .join(', ');
      return {
        // The numbers first: at 80 columns two long names would cut them off.
        title: `Attack with ${value} ${value === 1 ? 'die' : 'dice'} (${between}): ${t(step.from)} (${a}) → ${t(step.to)} (${d})`,
        detail: `Win odds to the end ${percent(conquerChance(a, d))} · this roll vs ${Math.min(2, d)}: ${roll}`,
        keys: 'digits or ↑↓ dice · Enter roll · b blitz · Esc back · Tab end attacks',
      };
    }
    case 'blitz': {
      const a = state.armies[step.from]!;
      const d = state.armies[step.to]!;
      return {
        title: `Blitz until won or down to ${value} (${between}): ${t(step.from)} (${a}) → ${t(step.to)} (${d})`,
        detail: `Win odds ${percent(conquerChance(a, d, value!))} (${name(state.owner[step.to]!)} defending with the most dice)`,
        keys: 'digits or ↑↓ armies to keep · Enter blitz · Esc back',
      };
    }
    case 'fortify-from':
      return {
        title: none
          ? 'Fortify: no move is possible — Tab ends your turn'
          : 'Fortify: move armies from which territory? (optional)',
        detail: here,
        keys: `${MOVE} · Enter choose · Tab end turn without moving · Esc back to attacking`,
      };
    case 'fortify-to':
      return {
        title: `Fortify from ${t(step.from)} (${state.armies[step.from]}): move armies to which territory?`,
        detail: here,
        keys: `${MOVE} · Enter choose · Esc back · Tab end turn without moving`,
      };
    case 'fortify-count':
      return {
        title: `Fortify: move ${value} of ${state.armies[step.from]} armies (${between}) from ${t(step.from)} to ${t(step.to)}`,
        detail: 'This ends your turn.',
        keys: 'digits or ↑↓ set the number · Enter move · Esc back',
      };
    case 'capture': {
      const { from, to } = state.pendingCapture!;
      return {
        title: `${t(to)} is yours! Move ${value} armies in (${between}) from ${t(from)}`,
        detail: `${state.armies[from]} armies in ${t(from)}; one must stay behind.`,
        keys: 'digits or ↑↓ set the number · Enter move in',
      };
    }
    case 'defend': {
      const attack = state.pendingAttack!;
      return {
        title: `${name(player)}: defend ${t(attack.to)} (${state.armies[attack.to]}) with ${value} ${value === 1 ? 'die' : 'dice'}? (${between})`,
        detail: `${name(state.current)} attacks from ${t(attack.from)} (${state.armies[attack.from]}) with ${attack.dice} ${attack.dice === 1 ? 'die' : 'dice'}`,
        keys: 'digits or ↑↓ dice · Enter roll · a always defend with the most dice',
      };
    }
  }
}
