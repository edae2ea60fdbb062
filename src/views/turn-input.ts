// The keyboard side of a decision: which step of a move the player is on, what the keys do there,
// and the action to send once the move is complete. Pure functions, so every flow is testable
// without a terminal. Nothing is sent until the last key of a move; Esc steps back before that.
import {
  type Action,
  attackOptions,
  fortifyTargets,
  type GameState,
  handLimitFor,
  maxAttackDice,
  maxDefendDice,
  setsInHand,
  setupChoices,
  setValue,
} from '../model/index.js';
import type { Position } from './map-layout.js';
import { type Direction, moveCursor, typeLetter } from './navigation.js';

export type UiKey =
  | { readonly name: 'up' | 'down' | 'left' | 'right' | 'enter' | 'escape' | 'tab' | 'backspace' }
  | { readonly name: 'char'; readonly char: string };

/** A number being typed: empty text shows the default; arrows adjust it. */
export interface Amount {
  readonly text: string;
  /** True while the player is typing digits (the next digit appends instead of replacing). */
  readonly typing: boolean;
}

export type Placement = readonly [territory: number, armies: number];

export type Step =
  | { readonly kind: 'setup' }
  | { readonly kind: 'capital' }
  | { readonly kind: 'cards'; readonly chosen: readonly (readonly number[])[]; readonly option: number }
  | { readonly kind: 'deploy'; readonly plan: readonly Placement[]; readonly amount: Amount | null }
  | { readonly kind: 'deploy-confirm'; readonly plan: readonly Placement[] }
  | { readonly kind: 'attack-from' }
  | { readonly kind: 'attack-to'; readonly from: number }
  | { readonly kind: 'attack-dice'; readonly from: number; readonly to: number; readonly amount: Amount }
  /** "Attack until won or down to N": the amount is N, the armies to keep in `from`. */
  | { readonly kind: 'blitz'; readonly from: number; readonly to: number; readonly amount: Amount }
  | { readonly kind: 'fortify-from' }
  | { readonly kind: 'fortify-to'; readonly from: number }
  | { readonly kind: 'fortify-count'; readonly from: number; readonly to: number; readonly amount: Amount }
  | { readonly kind: 'capture'; readonly amount: Amount }
  | { readonly kind: 'defend'; readonly amount: Amount };

export interface TurnInput {
  readonly step: Step;
  /** The territory under the cursor, -1 for none. */
  readonly cursor: number;
  /** Letters typed so far to find a territory by name. */
  readonly search: string;
  /** Feedback for the last key: why it did nothing, or what to do next. */
  readonly message: string | null;
}

export interface Decision {
  readonly state: GameState;
  readonly player: number;
}

export interface KeyResult {
  readonly input: TurnInput;
  /** The finished move, to send. */
  readonly action?: Action;
  /** The player asked the computer to place the rest of their setup armies. */
  readonly autoSetup?: boolean;
  /** The player asked to always defend with the most dice. */
  readonly autoDefend?: boolean;
  /** The player asked to attack with the most dice until the territory falls or `from` is down to `stopAt`. */
  readonly blitz?: { readonly from: number; readonly to: number; readonly stopAt: number };
}

const NO_AMOUNT: Amount = { text: '', typing: false };

// ---- starting a decision ----

/** The first step of a decision; keeps the cursor and, after a battle, offers the same attack again. */
export function beginInput(decision: Decision, previous?: TurnInput): TurnInput {
  const { state } = decision;
  const cursorFrom = previous?.cursor ?? -1;
  const make = (step: Step, message: string | null = null): TurnInput => {
    const candidates = candidatesFor(decision, step);
    const cursor = candidates.includes(cursorFrom) ? cursorFrom : (candidates[0] ?? cursorFrom);
    return { step, cursor, search: '', message };
  };
  switch (state.phase) {
    case 'setup':
      return make({ kind: 'setup' });
    case 'capitals':
      return make({ kind: 'capital' });
    case 'cards':
      return make({ kind: 'cards', chosen: [], option: 0 });
    case 'deploy':
      return make({ kind: 'deploy', plan: [], amount: null });
    case 'capture':
      return {
        step: { kind: 'capture', amount: NO_AMOUNT },
        cursor: state.pendingCapture!.to,
        search: '',
        message: null,
      };
    case 'defend':
      return {
        step: { kind: 'defend', amount: NO_AMOUNT },
        cursor: state.pendingAttack!.to,
        search: '',
        message: null,
      };
    case 'attack': {
      const last = previous?.step;
      if (last?.kind === 'attack-dice' && canAttack(state, last.from, last.to)) {
        return {
          step: { ...last, amount: NO_AMOUNT },
          cursor: last.to,
          search: '',
          message: 'Enter rolls again · Esc to choose another attack',
        };
      }
      // After a capture the cursor stays on the captured territory: the armies are there now.
      return make({ kind: 'attack-from' });
    }
    default:
      return { step: { kind: 'setup' }, cursor: -1, search: '', message: null };
  }
}

/** A decision with only one possible answer, answered without asking. */
export function onlyAnswer(decision: Decision): Action | null {
  const { state, player } = decision;
  switch (state.phase) {
    case 'cards':
      return setsInHand(state.board, state.players[player]!.cards).length === 0
        ? { command: 'play_cards', player, payload: null }
        : null;
    case 'capture': {
      const { from, to, minimum } = state.pendingCapture!;
      const most = state.armies[from]! - 1;
      return minimum >= most ? { command: 'attack_capture', player, payload: [from, to, most] } : null;
    }
    case 'defend':
      return maxDefendDice(state, state.pendingAttack!.to) === 1 ? { command: 'defend', player, payload: 1 } : null;
    default:
      return null;
  }
}

// ---- what may be chosen ----

function canAttack(state: GameState, from: number, to: number): boolean {
  return attackOptions(state).some(([a, b]) => a === from && b === to);
}

/** Territories that may be chosen in this step (empty when the step asks for a number). */
export function candidatesFor(decision: Decision, step: Step): number[] {
  const { state, player } = decision;
  const mine = (t: number) => state.owner[t] === player;
  const all = state.owner.map((_, t) => t);
  switch (step.kind) {
    case 'setup':
      return setupChoices(state);
    case 'capital':
      return all.filter(mine);
    case 'deploy':
      return step.amount === null ? all.filter(mine) : [];
    case 'attack-from':
      return [...new Set(attackOptions(state).map(([from]) => from))];
    case 'attack-to':
      return attackOptions(state)
        .filter(([from]) => from === step.from)
        .map(([, to]) => to);
    case 'fortify-from':
      return all.filter((t) => mine(t) && state.armies[t]! >= 2 && fortifyTargets(state, t).length > 0);
    case 'fortify-to':
      return fortifyTargets(state, step.from);
    default:
      return [];
  }
}

/** Armies already planned for each territory in this deployment. */
export function plannedArmies(step: Step): Map<number, number> {
  const plan = step.kind === 'deploy' || step.kind === 'deploy-confirm' ? step.plan : [];
  const total = new Map<number, number>();
  for (const [t, n] of plan) total.set(t, (total.get(t) ?? 0) + n);
  return total;
}

function planned(step: { plan: readonly Placement[] }): number {
  return step.plan.reduce((sum, [, n]) => sum + n, 0);
}

/** The range and default of the number asked for in this step. */
export function amountRange(decision: Decision, step: Step): { min: number; max: number; fallback: number } | null {
  const { state } = decision;
  switch (step.kind) {
    case 'deploy': {
      if (step.amount === null) return null;
      const left = state.toDeploy - planned(step);
      return { min: 1, max: left, fallback: left };
    }
    case 'attack-dice': {
      const most = maxAttackDice(state, step.from);
      return { min: 1, max: most, fallback: most };
    }
    case 'blitz':
      return { min: 1, max: Math.max(1, state.armies[step.from]! - 1), fallback: 1 };
    case 'fortify-count': {
      const most = state.armies[step.from]! - 1;
      return { min: 1, max: most, fallback: most };
    }
    case 'capture': {
      const { from, minimum } = state.pendingCapture!;
      const most = state.armies[from]! - 1;
      return { min: minimum, max: most, fallback: most };
    }
    case 'defend': {
      const most = maxDefendDice(state, state.pendingAttack!.to);
      return { min: 1, max: most, fallback: most };
    }
    default:
      return null;
  }
}

/** The number shown in a number step: what was typed, or the default. */
export function amountValue(decision: Decision, step: Step): number | null {
  const range = amountRange(decision, step);
  if (range === null) return null;
  const amount = 'amount' in step ? step.amount : null;
  return amount && amount.text !== '' ? Number(amount.text) : range.fallback;
}

// ---- cards ----

export interface CardsView {
  /** Cards still in hand after the sets chosen so far. */
  readonly remaining: readonly number[];
  /** Sets that can still be added to the trade. */
  readonly options: readonly (readonly number[])[];
  /** The most cards the player may keep, or null when trading is optional. */
  readonly limit: number | null;
  /** Armies for each chosen set and for the next one. */
  readonly nextValue: number;
}

export function cardsView(decision: Decision, step: Extract<Step, { kind: 'cards' }>): CardsView {
  const { state, player } = decision;
  const used = new Set(step.chosen.flat());
  const remaining = state.players[player]!.cards.filter((c) => !used.has(c));
  return {
    remaining,
    options: setsInHand(state.board, remaining),
    limit: handLimitFor(state, player),
    nextValue: setValue(state.setsTraded + step.chosen.length),
  };
}

// ---- keys ----

const isLetter = (s: string) => /^[a-z]$/i.test(s);
const isDigit = (s: string) => /^[0-9]$/.test(s);

/** Applies one key to the decision in progress. */
export function pressKey(
  decision: Decision,
  input: TurnInput,
  key: UiKey,
  positions: readonly (Position | undefined)[],
  code: (t: number) => string,
): KeyResult {
  const { state } = decision;
  const step = input.step;
  const candidates = candidatesFor(decision, step);
  // Any key but a letter ends a name search.
  const same = (change: Partial<TurnInput>): KeyResult => ({
    input: { ...input, message: null, search: '', ...change },
  });
  const to = (next: Step, message: string | null = null): KeyResult => {
    const choices = candidatesFor(decision, next);
    const cursor = choices.includes(input.cursor) ? input.cursor : (choices[0] ?? input.cursor);
    return { input: { step: next, cursor, search: '', message } };
  };

  // Choosing a territory: arrows and letters move the cursor.
  if (candidates.length > 0 || isTerritoryStep(step)) {
    if (key.name === 'up' || key.name === 'down' || key.name === 'left' || key.name === 'right') {
      return same({ cursor: moveCursor(positions, input.cursor, key.name as Direction, candidates), search: '' });
    }
    if (key.name === 'char' && (isLetter(key.char) || (key.char === ' ' && input.search !== ''))) {
      const found = typeLetter(state.board, candidates, input.cursor, input.search, key.char, code);
      return same({
        cursor: found.cursor,
        search: found.search,
        message: found.missing ? `No territory you can choose here starts with "${found.missing}"` : null,
      });
    }
    if (key.name === 'backspace' && input.search !== '') return same({ search: input.search.slice(0, -1) });
  }

  // Typing a number.
  const range = amountRange(decision, step);
  if (range !== null && 'amount' in step && step.amount !== null) {
    const amount = step.amount;
    const value = amountValue(decision, step)!;
    const withAmount = (next: Amount, message: string | null = null) =>
      same({ step: { ...step, amount: next } as Step, message });
    if (key.name === 'char' && isDigit(key.char)) {
      const text = (amount.typing ? amount.text + key.char : key.char).replace(/^0+(?=\d)/, '').slice(0, 3);
      return withAmount({ text, typing: true });
    }
    if (key.name === 'backspace') return withAmount({ text: amount.text.slice(0, -1), typing: true });
    if (key.name === 'up' || key.name === 'right' || (key.name === 'char' && key.char === '+')) {
      return withAmount({ text: String(Math.min(range.max, value + 1)), typing: false });
    }
    if (key.name === 'down' || key.name === 'left' || (key.name === 'char' && key.char === '-')) {
      return withAmount({ text: String(Math.max(range.min, value - 1)), typing: false });
    }
    if (key.name === 'enter') {
      if (!Number.isInteger(value) || value < range.min || value > range.max) {
        return withAmount({ text: '', typing: false }, `Choose a number from ${range.min} to ${range.max}`);
      }
      return finishAmount(decision, input, step, value, to);
    }
  }

  switch (step.kind) {
    case 'setup':
      if (key.name === 'enter' && candidates.includes(input.cursor)) {
        return { input: same({}).input, action: { command: 'setup', player: decision.player, payload: input.cursor } };
      }
      if (key.name === 'tab') return { input: same({}).input, autoSetup: true };
      break;
    case 'capital':
      if (key.name === 'enter' && candidates.includes(input.cursor)) {
        return {
          input: same({}).input,
          action: { command: 'choose_capital', player: decision.player, payload: input.cursor },
        };
      }
      break;
    case 'cards':
      return cardsKey(decision, input, step, key);
    case 'deploy':
      if (step.amount === null) {
        if (key.name === 'enter' && candidates.includes(input.cursor))
          return same({ step: { ...step, amount: NO_AMOUNT } });
        if (key.name === 'tab' && candidates.includes(input.cursor)) {
          const left = state.toDeploy - planned(step);
          return to({ kind: 'deploy-confirm', plan: [...step.plan, [input.cursor, left]] });
        }
        if (key.name === 'escape' && step.plan.length > 0)
          return same({ step: { ...step, plan: step.plan.slice(0, -1) }, message: 'Last placement taken back' });
      } else if (key.name === 'escape') {
        return same({ step: { ...step, amount: null } });
      }
      break;
    case 'deploy-confirm':
      if (key.name === 'enter')
        return {
          input: same({}).input,
          action: { command: 'deploy', player: decision.player, payload: mergePlan(step.plan) },
        };
      if (key.name === 'escape')
        return to({ kind: 'deploy', plan: step.plan.slice(0, -1), amount: null }, 'Last placement taken back');
      break;
    case 'attack-from':
      if (key.name === 'enter' && candidates.includes(input.cursor))
        return to({ kind: 'attack-to', from: input.cursor });
      if (key.name === 'tab') return toFortify(decision, input);
      break;
    case 'attack-to':
      if (key.name === 'enter' && candidates.includes(input.cursor)) {
        return {
          input: {
            step: { kind: 'attack-dice', from: step.from, to: input.cursor, amount: NO_AMOUNT },
            cursor: input.cursor,
            search: '',
            message: null,
          },
        };
      }
      if (key.name === 'escape')
        return { input: { step: { kind: 'attack-from' }, cursor: step.from, search: '', message: null } };
      if (key.name === 'tab') return toFortify(decision, input);
      break;
    case 'attack-dice':
      if (key.name === 'escape')
        return { input: { step: { kind: 'attack-to', from: step.from }, cursor: step.to, search: '', message: null } };
      if (key.name === 'tab') return toFortify(decision, input);
      if (key.name === 'char' && key.char === 'b')
        return same({ step: { kind: 'blitz', from: step.from, to: step.to, amount: NO_AMOUNT } });
      break;
    case 'blitz':
      if (key.name === 'escape')
        return same({ step: { kind: 'attack-dice', from: step.from, to: step.to, amount: NO_AMOUNT } });
      if (key.name === 'tab') return toFortify(decision, input);
      break;
    case 'fortify-from':
      if (key.name === 'enter' && candidates.includes(input.cursor))
        return to({ kind: 'fortify-to', from: input.cursor });
      if (key.name === 'tab')
        return { input: same({}).input, action: { command: 'fortify', player: decision.player, payload: null } };
      if (key.name === 'escape') {
        return state.phase === 'attack' && attackOptions(state).length > 0
          ? to({ kind: 'attack-from' }, 'Back to attacking')
          : same({});
      }
      break;
    case 'fortify-to':
      if (key.name === 'enter' && candidates.includes(input.cursor)) {
        return {
          input: {
            step: { kind: 'fortify-count', from: step.from, to: input.cursor, amount: NO_AMOUNT },
            cursor: input.cursor,
            search: '',
            message: null,
          },
        };
      }
      if (key.name === 'escape')
        return { input: { step: { kind: 'fortify-from' }, cursor: step.from, search: '', message: null } };
      if (key.name === 'tab')
        return { input: same({}).input, action: { command: 'fortify', player: decision.player, payload: null } };
      break;
    case 'fortify-count':
      if (key.name === 'escape')
        return { input: { step: { kind: 'fortify-to', from: step.from }, cursor: step.to, search: '', message: null } };
      break;
    case 'capture':
      if (key.name === 'escape')
        return same({
          step: { ...step, amount: NO_AMOUNT },
          message: 'Armies must move in: the number is back to the default',
        });
      break;
    case 'defend':
      if (key.name === 'escape') return same({ step: { ...step, amount: NO_AMOUNT } });
      if (key.name === 'char' && key.char === 'a') {
        const most = maxDefendDice(state, state.pendingAttack!.to);
        return {
          input: same({}).input,
          action: { command: 'defend', player: decision.player, payload: most },
          autoDefend: true,
        };
      }
      break;
  }
  if (key.name === 'char' && isDigit(key.char))
    return same({ message: 'Numbers are for army counts: choose a territory first' });
  return same({ search: '' });
}

function isTerritoryStep(step: Step): boolean {
  return (
    ['setup', 'capital', 'attack-from', 'attack-to', 'fortify-from', 'fortify-to'].includes(step.kind) ||
    (step.kind === 'deploy' && step.amount === null)
  );
}

function toFortify(decision: Decision, input: TurnInput): KeyResult {
  const step: Step = { kind: 'fortify-from' };
  const choices = candidatesFor(decision, step);
  const cursor = choices.includes(input.cursor) ? input.cursor : (choices[0] ?? input.cursor);
  const message =
    choices.length === 0 ? 'No armies can move: Tab ends your turn' : 'Attacks over: fortify, or Tab to end your turn';
  return { input: { step, cursor, search: '', message } };
}

function finishAmount(
  decision: Decision,
  input: TurnInput,
  step: Step,
  value: number,
  to: (next: Step, message?: string | null) => KeyResult,
): KeyResult {
  const { player, state } = decision;
  const keep = { input: { ...input, message: null } };
  switch (step.kind) {
    case 'deploy': {
      const plan: Placement[] = [...step.plan, [input.cursor, value]];
      if (planned({ plan }) >= state.toDeploy) return to({ kind: 'deploy-confirm', plan });
      const left = state.toDeploy - planned({ plan });
      return to({ kind: 'deploy', plan, amount: null }, `${left} ${left === 1 ? 'army' : 'armies'} left to place`);
    }
    case 'attack-dice':
      return { ...keep, action: { command: 'attack', player, payload: [step.from, step.to, value] } };
    case 'blitz':
      return { ...keep, blitz: { from: step.from, to: step.to, stopAt: value } };
    case 'fortify-count':
      return { ...keep, action: { command: 'fortify', player, payload: [step.from, step.to, value] } };
    case 'capture': {
      const { from, to: target } = state.pendingCapture!;
      return { ...keep, action: { command: 'attack_capture', player, payload: [from, target, value] } };
    }
    case 'defend':
      return { ...keep, action: { command: 'defend', player, payload: value } };
    default:
      return keep;
  }
}

function cardsKey(decision: Decision, input: TurnInput, step: Extract<Step, { kind: 'cards' }>, key: UiKey): KeyResult {
  const view = cardsView(decision, step);
  const { player } = decision;
  const same = (change: Partial<Step & { kind: 'cards' }>, message: string | null = null): KeyResult => ({
    input: { ...input, step: { ...step, ...change }, message },
  });
  const choose = (index: number): KeyResult => {
    const set = view.options[index];
    if (set === undefined) return same({}, `There is no set ${index + 1}`);
    const chosen = [...step.chosen, set];
    const left = view.remaining.length - 3;
    if (view.limit !== null && left > view.limit) {
      return same(
        { chosen, option: 0 },
        `You still hold ${left} cards: choose another set to trade down to ${view.limit}`,
      );
    }
    return {
      input: { ...input, message: null },
      action: { command: 'play_cards', player, payload: { cards: chosen.map((s) => [...s]) } },
    };
  };
  if (key.name === 'up') return same({ option: Math.max(0, step.option - 1) });
  if (key.name === 'down') return same({ option: Math.min(view.options.length - 1, step.option + 1) });
  if (key.name === 'enter') return choose(step.option);
  if (key.name === 'char' && /^[1-9]$/.test(key.char)) return choose(Number(key.char) - 1);
  if (key.name === 'tab') {
    if (view.limit !== null)
      return same(
        {},
        `You hold ${decision.state.players[player]!.cards.length} cards: you must trade down to ${view.limit}`,
      );
    if (step.chosen.length > 0) {
      return {
        input: { ...input, message: null },
        action: { command: 'play_cards', player, payload: { cards: step.chosen.map((s) => [...s]) } },
      };
    }
    return { input: { ...input, message: null }, action: { command: 'play_cards', player, payload: null } };
  }
  if (key.name === 'escape' && step.chosen.length > 0) return same({ chosen: [], option: 0 }, 'Trade cleared');
  return same({});
}

/** One entry per territory, in the order first placed. */
export function mergePlan(plan: readonly Placement[]): [number, number][] {
  const merged = new Map<number, number>();
  for (const [t, n] of plan) merged.set(t, (merged.get(t) ?? 0) + n);
  return [...merged.entries()];
}
