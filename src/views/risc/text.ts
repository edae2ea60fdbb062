// RISC as text: the state listed per player (units and neighbours, in the RISC style), what happened
// in a turn, and territory names as a person types them.
import type { RiscEvent, RiscState } from '../../model/risc/index.js';
import { territoriesOf, unitsOf } from '../../model/risc/index.js';

export const RISC_RULES = `RISC: everyone plans at once, in secret.
- Start: each player gets a group of territories and places the same number of units on them.
- Each turn, everyone orders any number of moves (along a path of your own territories) and
  attacks (on a territory next to one of yours). No one sees any order until all have committed.
- Moves happen first. Then all attackers leave at once and arrive at once; a unit takes part in
  one order per turn. Units that leave do not defend. Your attacks on one territory join forces.
- Combat: one unit against one, two 20-sided dice, the lower roll loses a unit, a tie goes to the
  defender. Several attackers on one territory take turns, one unit at a time.
- Then every territory gains one unit. Hold every territory to win.`;

export const nameOf = (state: RiscState, t: number) => state.board.territories[t]?.name ?? `territory ${t}`;
export const playerName = (state: RiscState, p: number) => state.players[p]?.name ?? `player ${p}`;

/** The RISC listing: each player, then each of their territories with units and neighbours. */
export function stateLines(state: RiscState, you: number | null = null): string[] {
  const lines: string[] = [];
  for (const p of state.players) {
    const title = `${p.name}${p.id === you ? ' (you)' : ''}${state.lost[p.id] ? ' — lost' : state.expelled[p.id] ? ' — expelled' : ''}: ${unitsOf(state, p.id)} units`;
    lines.push(title, '-'.repeat(title.length));
    for (const t of territoriesOf(state, p.id)) {
      const next = state.board.adjacency[t]!.map((n) => nameOf(state, n)).join(', ');
      lines.push(
        `${String(state.units[t]).padStart(3)} ${state.units[t] === 1 ? 'unit ' : 'units'} in ${nameOf(state, t)} (next to: ${next})`,
      );
    }
    lines.push('');
  }
  return lines;
}

export function eventLines(state: RiscState, events: readonly RiscEvent[]): string[] {
  return events.map((e) => {
    switch (e.kind) {
      case 'move':
        return `${playerName(state, e.player)} moves ${e.units} from ${nameOf(state, e.from)} to ${nameOf(state, e.to)}`;
      case 'battle': {
        const who = e.attackers.map((a) => `${playerName(state, a.player)} (${a.units})`).join(', then ');
        const result =
          e.winner.player === e.defender.player
            ? `${playerName(state, e.defender.player)} holds it with ${e.winner.units}`
            : `${playerName(state, e.winner.player)} takes it with ${e.winner.units}`;
        return `⚔ ${nameOf(state, e.territory)}: ${who} against ${playerName(state, e.defender.player)} (${e.defender.units}); ${e.rolls} rolls; ${result}`;
      }
      case 'lost':
        return `${playerName(state, e.player)} has no territories left and is out`;
      case 'won':
        return `${playerName(state, e.player)} holds every territory and wins!`;
    }
  });
}

/** A territory by name: any case, the whole name or an unambiguous start, or its number. */
export function findTerritory(
  state: RiscState,
  text: string,
): { ok: true; value: number } | { ok: false; reason: string } {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return { ok: false, reason: 'type a territory name' };
  if (/^\d+$/.test(wanted) && Number(wanted) < state.board.territories.length)
    return { ok: true, value: Number(wanted) };
  const names = state.board.territories.map((t) => t.name.toLowerCase());
  const exact = names.indexOf(wanted);
  if (exact >= 0) return { ok: true, value: exact };
  const starts = names.flatMap((n, i) => (n.startsWith(wanted) ? [i] : []));
  if (starts.length === 1) return { ok: true, value: starts[0]! };
  if (starts.length > 1)
    return { ok: false, reason: `"${text.trim()}" could be ${starts.map((i) => nameOf(state, i)).join(' or ')}` };
  return { ok: false, reason: `no territory called "${text.trim()}"` };
}
