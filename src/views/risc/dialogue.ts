// The RISC questions and answers, as a pure state machine both the plain text client and the Ink
// screen drive: placement one territory at a time, then (M)ove, (A)ttack, (D)one each turn.
// One-line forms work too: "m narnia oz 3", "a gondor mordor 5", "d".
import { checkOrders, type Placement, type RiscOrder, type RiscState, territoriesOf } from '../../model/risc/index.js';
import { findTerritory, nameOf, riscRules, stateLines } from './text.js';

export type OrderStep =
  | { readonly step: 'menu' }
  | { readonly step: 'from'; readonly kind: RiscOrder['kind'] }
  | { readonly step: 'to'; readonly kind: RiscOrder['kind']; readonly from: number }
  | {
      readonly step: 'units';
      readonly kind: RiscOrder['kind'];
      readonly from: number;
      readonly to: number;
      readonly max: number;
    };

export interface Planning {
  readonly orders: readonly RiscOrder[];
  readonly step: OrderStep;
}

export const NEW_PLANNING: Planning = { orders: [], step: { step: 'menu' } };

export type Answered =
  | { readonly kind: 'continue'; readonly planning: Planning; readonly message?: string }
  | { readonly kind: 'done'; readonly orders: readonly RiscOrder[] }
  | { readonly kind: 'quit' };

export const ORDER_HELP = `(M)ove units between your territories, (A)ttack a neighbour, (D)one: commit your orders.
Also: (L)ist your orders, (U)ndo the last one, (S)tate again, (R)ules, (Q)uit. One line works too: "m narnia oz 3".
Esc or an empty line goes back to the menu.`;

/** Units still free to leave a territory this turn (what stood there minus what already leaves). */
export function freeUnits(state: RiscState, orders: readonly RiscOrder[], t: number): number {
  return state.units[t]! - orders.filter((o) => o.from === t).reduce((n, o) => n + o.units, 0);
}

export function orderText(state: RiscState, o: RiscOrder): string {
  return `${o.kind === 'move' ? 'move' : 'attack'} ${o.units} from ${nameOf(state, o.from)} to ${nameOf(state, o.to)}`;
}

/** Why a territory cannot start an attack (no neighbour held by another player); null when it can. */
export function noAttackFrom(state: RiscState, player: number, t: number): string | null {
  const next = state.board.adjacency[t]!;
  if (next.some((n) => state.owner[n] !== player)) return null;
  const names = next.map((n) => nameOf(state, n));
  const all = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${nameOf(state, t)} has no enemy neighbour to attack: ${all} ${names.length === 1 ? 'is' : 'are all'} yours`;
}

/** The question for the step the player is at; `short`: on one line (a small terminal). */
export function orderPrompt(state: RiscState, player: number, planning: Planning, short = false): string {
  const s = planning.step;
  switch (s.step) {
    case 'menu': {
      const so = `${planning.orders.length} order${planning.orders.length === 1 ? '' : 's'} so far`;
      return short
        ? `${state.players[player]!.name}: (M)ove, (A)ttack or (D)one? (${so}; H help)`
        : `You are ${state.players[player]!.name}, what would you like to do? (${so})\n(M)ove\n(A)ttack\n(D)one`;
    }
    case 'from':
      return `${s.kind === 'move' ? 'Move' : 'Attack'} from which of your territories?`;
    case 'to':
      return s.kind === 'move'
        ? `Move from ${nameOf(state, s.from)} to which of your territories?`
        : `Attack which territory next to ${nameOf(state, s.from)}?`;
    case 'units':
      return `How many units (1–${s.max})?`;
  }
}

function add(state: RiscState, player: number, planning: Planning, order: RiscOrder): Answered {
  const nowhere =
    order.kind === 'attack' && state.owner[order.from] === player ? noAttackFrom(state, player, order.from) : null;
  if (nowhere !== null)
    return { kind: 'continue', planning: { ...planning, step: { step: 'menu' } }, message: nowhere };
  const check = checkOrders(state, player, [...planning.orders, order]);
  if (!check.ok)
    return {
      kind: 'continue',
      planning: { ...planning, step: { step: 'menu' } },
      message: check.reason.replace(/^order \d+: /, ''),
    };
  return {
    kind: 'continue',
    planning: { orders: [...planning.orders, order], step: { step: 'menu' } },
    message: `ok: ${orderText(state, order)}`,
  };
}

export function answerOrder(state: RiscState, player: number, planning: Planning, line: string): Answered {
  const text = line.trim();
  const s = planning.step;
  const back = (message?: string): Answered => ({
    kind: 'continue',
    planning: { ...planning, step: { step: 'menu' } },
    ...(message ? { message } : {}),
  });
  if (s.step !== 'menu' && text === '') return back();
  switch (s.step) {
    case 'menu': {
      const [word = '', ...rest] = text.split(/\s+/);
      const key = word.toLowerCase();
      if (key === 'm' || key === 'move' || key === 'a' || key === 'attack') {
        const kind = key.startsWith('m') ? 'move' : 'attack';
        if (rest.length === 0) return { kind: 'continue', planning: { ...planning, step: { step: 'from', kind } } };
        return oneLine(state, player, planning, kind, rest);
      }
      if (key === 'd' || key === 'done') return { kind: 'done', orders: planning.orders };
      if (key === 'q' || key === 'quit') return { kind: 'quit' };
      if (key === 'u' || key === 'undo') {
        const last = planning.orders.at(-1);
        if (!last) return back('no orders to undo');
        return {
          kind: 'continue',
          planning: { orders: planning.orders.slice(0, -1), step: { step: 'menu' } },
          message: `undone: ${orderText(state, last)}`,
        };
      }
      if (key === 'l' || key === 'list')
        return back(
          planning.orders.length
            ? planning.orders.map((o, i) => `${i + 1}. ${orderText(state, o)}`).join('\n')
            : 'no orders yet',
        );
      if (key === 'h' || key === 'help' || key === '?') return back(ORDER_HELP);
      if (key === 's' || key === 'state') return back(stateLines(state, player).join('\n'));
      if (key === 'r' || key === 'rules') return back(riscRules(state.turnLimit));
      if (key === '') return back();
      return back(`"${text}"? Type M, A or D (H for help)`);
    }
    case 'from': {
      const t = findTerritory(state, text);
      if (!t.ok) return { kind: 'continue', planning, message: t.reason };
      if (state.owner[t.value] !== player)
        return { kind: 'continue', planning, message: `${nameOf(state, t.value)} is not yours` };
      if (freeUnits(state, planning.orders, t.value) < 1)
        return { kind: 'continue', planning, message: `no units left to order in ${nameOf(state, t.value)}` };
      const nowhere = s.kind === 'attack' ? noAttackFrom(state, player, t.value) : null;
      if (nowhere !== null) return { kind: 'continue', planning, message: nowhere };
      return { kind: 'continue', planning: { ...planning, step: { step: 'to', kind: s.kind, from: t.value } } };
    }
    case 'to': {
      const t = findTerritory(state, text);
      if (!t.ok) return { kind: 'continue', planning, message: t.reason };
      const trial = checkOrders(state, player, [{ kind: s.kind, from: s.from, to: t.value, units: 1 }]);
      if (!trial.ok) return { kind: 'continue', planning, message: trial.reason.replace(/^order \d+: /, '') };
      const max = freeUnits(state, planning.orders, s.from);
      return {
        kind: 'continue',
        planning: { ...planning, step: { step: 'units', kind: s.kind, from: s.from, to: t.value, max } },
      };
    }
    case 'units': {
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > s.max)
        return { kind: 'continue', planning, message: `type a number from 1 to ${s.max}` };
      return add(state, player, planning, { kind: s.kind, from: s.from, to: s.to, units: n });
    }
  }
}

function oneLine(
  state: RiscState,
  player: number,
  planning: Planning,
  kind: RiscOrder['kind'],
  rest: string[],
): Answered {
  // "from to units" where names may have spaces: the last word is the number, the split between
  // the two names is the one where both resolve.
  const units = rest.at(-1) ?? '';
  if (!/^\d+$/.test(units))
    return { kind: 'continue', planning, message: `usage: ${kind === 'move' ? 'm' : 'a'} <from> <to> <units>` };
  const names = rest.slice(0, -1);
  for (let cut = 1; cut < names.length; cut++) {
    const from = findTerritory(state, names.slice(0, cut).join(' '));
    const to = findTerritory(state, names.slice(cut).join(' '));
    if (from.ok && to.ok)
      return add(state, player, planning, { kind, from: from.value, to: to.value, units: Number(units) });
  }
  return { kind: 'continue', planning, message: `could not read two territories in "${names.join(' ')}"` };
}

// ---- placement ----

export interface Placing {
  /** Territories in order; the player is asked about each in turn. */
  readonly territories: readonly number[];
  readonly placed: readonly Placement[];
}

export function newPlacing(state: RiscState, player: number): Placing {
  return { territories: territoriesOf(state, player), placed: [] };
}

export const unitsLeft = (state: RiscState, placing: Placing) =>
  state.startUnits - placing.placed.reduce((n, p) => n + p.units, 0);

export const PLACEMENT_HELP = `Type how many units go on the territory asked about; the last one takes what is left.
"auto" spreads the rest evenly, (R)ules shows the rules, (Q)uit leaves.`;

export function placementPrompt(state: RiscState, placing: Placing): string {
  const t = placing.territories[placing.placed.length]!;
  return `How many units in ${nameOf(state, t)}? (${unitsLeft(state, placing)} left; "auto" spreads the rest evenly)`;
}

export type Placed =
  | { readonly kind: 'continue'; readonly placing: Placing; readonly message?: string }
  | { readonly kind: 'done'; readonly placement: readonly Placement[] }
  | { readonly kind: 'quit' };

export function answerPlacement(state: RiscState, placing: Placing, line: string): Placed {
  const text = line.trim().toLowerCase();
  const left = unitsLeft(state, placing);
  const remaining = placing.territories.slice(placing.placed.length);
  if (text === 'q' || text === 'quit') return { kind: 'quit' };
  if (text === 'h' || text === 'help' || text === '?') return { kind: 'continue', placing, message: PLACEMENT_HELP };
  if (text === 'r' || text === 'rules') return { kind: 'continue', placing, message: riscRules(state.turnLimit) };
  if (text === 'auto' || text === 'a') {
    const spread = remaining.map((territory, i) => ({
      territory,
      units: Math.floor(left / remaining.length) + (i < left % remaining.length ? 1 : 0),
    }));
    return { kind: 'done', placement: [...placing.placed, ...spread] };
  }
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n > left)
    return { kind: 'continue', placing, message: `type a number from 0 to ${left}, or auto` };
  const placed = [...placing.placed, { territory: remaining[0]!, units: n }];
  const next = { ...placing, placed };
  if (remaining.length === 2) {
    // the last territory takes what is left
    return { kind: 'done', placement: [...placed, { territory: remaining[1]!, units: left - n }] };
  }
  if (remaining.length === 1) {
    if (n !== left) return { kind: 'continue', placing, message: `the last territory takes the ${left} units left` };
    return { kind: 'done', placement: placed };
  }
  return { kind: 'continue', placing: next };
}
