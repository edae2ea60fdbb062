// Clicks and keys on the page, turned into the terminal's own move steps (views/turn-input.ts): a
// click on a territory is the cursor put there and Enter pressed; a button is the key it names. So
// the page and the terminal share one tested flow for every decision, and every decision can be
// made with the mouse or the keyboard alike.
import {
  amountRange,
  candidatesFor,
  type Decision,
  type KeyResult,
  pressKey,
  type Step,
  type TurnInput,
  type UiKey,
} from '../views/turn-input.js';

export type Positions = readonly ({ row: number; col: number } | undefined)[];

/** Where a click on a territory that is not a choice of this step goes instead: the step that offers it. */
function stepOffering(decision: Decision, step: Step, territory: number): Step | null {
  const offers = (s: Step) => candidatesFor(decision, s).includes(territory);
  switch (step.kind) {
    case 'attack-to':
    case 'attack-dice':
    case 'blitz':
      // Another attack source; or, for a territory only a move can reach, the fortify steps.
      return offers({ kind: 'attack-from' }) ? { kind: 'attack-from' } : null;
    case 'fortify-to':
    case 'fortify-count':
      return offers({ kind: 'fortify-from' }) ? { kind: 'fortify-from' } : null;
    case 'deploy':
      return step.amount !== null && offers({ ...step, amount: null }) ? { ...step, amount: null } : null;
    default:
      return null;
  }
}

/** A click on `territory`: the step's choice made, or another choice begun, or why it cannot be chosen. */
export function pick(
  decision: Decision,
  input: TurnInput,
  territory: number,
  positions: Positions,
  code: (t: number) => string,
): KeyResult {
  let step = input.step;
  // The territory whose armies are being counted, clicked again: place them.
  if (step.kind === 'deploy' && step.amount !== null && territory === input.cursor)
    return pressKey(decision, input, { name: 'enter' }, positions, code);
  if (!candidatesFor(decision, step).includes(territory)) {
    const other = stepOffering(decision, step, territory);
    if (other === null) {
      const name = decision.state.board.territories[territory]?.name ?? 'That territory';
      return { input: { ...input, cursor: territory, search: '', message: `${name} cannot be chosen now` } };
    }
    step = other;
  }
  return pressKey(decision, { ...input, step, cursor: territory, search: '' }, { name: 'enter' }, positions, code);
}

/** The move with its number set to `value` (within the step's range). */
export function withAmount(decision: Decision, input: TurnInput, value: number): TurnInput {
  const range = amountRange(decision, input.step);
  if (range === null || !('amount' in input.step) || input.step.amount === null) return input;
  const v = Math.max(range.min, Math.min(range.max, Math.round(value)));
  return { ...input, step: { ...input.step, amount: { text: String(v), typing: false } } as Step, message: null };
}

/** A key press as the terminal's flow knows it; null for keys it has no use for. */
export function uiKey(key: string): UiKey | null {
  switch (key) {
    case 'ArrowUp':
      return { name: 'up' };
    case 'ArrowDown':
      return { name: 'down' };
    case 'ArrowLeft':
      return { name: 'left' };
    case 'ArrowRight':
      return { name: 'right' };
    case 'Enter':
      return { name: 'enter' };
    case 'Escape':
      return { name: 'escape' };
    case 'Tab':
      return { name: 'tab' };
    case 'Backspace':
      return { name: 'backspace' };
    default:
      return [...key].length === 1 ? { name: 'char', char: key } : null;
  }
}
