// A person at this keyboard as a seat: the table shows the decision and the seat answers with the
// move the player finishes on screen.
import type { Seat } from '../sessions/seat.js';
import type { Table } from './table.js';

export function humanSeat(table: Table): Seat {
  return { kind: 'human', decide: (state, player) => table.ask(state, player) };
}
