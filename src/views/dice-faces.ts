// Dice as dice: the Unicode die faces for lines of text, boxed digits for the battle panel.
import type { BattleEvent } from './table.js';

export const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;

export function dieFace(value: number): string {
  return DIE_FACES[value - 1] ?? '?';
}

/** A row of dice as three lines of boxes: ┌───┐ / │ 6 │ / └───┘. */
export function boxedDice(values: readonly number[]): [string, string, string] {
  return [
    values.map(() => '┌───┐').join(''),
    values.map((v) => `│ ${v} │`).join(''),
    values.map(() => '└───┘').join(''),
  ];
}

/** Which pairs the attacker won, highest dice first (ties go to the defender). */
export function pairResults(battle: Pick<BattleEvent, 'attackerDice' | 'defenderDice'>): boolean[] {
  const pairs = Math.min(battle.attackerDice.length, battle.defenderDice.length);
  return Array.from({ length: pairs }, (_, i) => battle.attackerDice[i]! > battle.defenderDice[i]!);
}

/** One side's losses in words, e.g. "Attacker loses 1 army". */
export function lossText(who: string, armies: number): string {
  return `${who} loses ${armies === 0 ? 'nothing' : `${armies} ${armies === 1 ? 'army' : 'armies'}`}`;
}

/** The outcome in words, e.g. "Attacker loses 1 army, defender loses nothing." */
export function outcomeText(
  battle: Pick<BattleEvent, 'attackerLosses' | 'defenderLosses'>,
  attacker: string,
  defender: string,
): string {
  return `${lossText(attacker, battle.attackerLosses)}, ${lossText(defender, battle.defenderLosses)}.`;
}
