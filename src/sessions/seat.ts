// Seats: whoever answers the decision due for a player. Local humans and bots are seats; a
// remote player is not (its answers arrive as messages). Bots as seats live in src/ai/seat.ts.
import type { Action, GameState } from '../model/index.js';

export interface Seat {
  readonly kind: string;
  decide(state: GameState, player: number): Promise<Action>;
}

/** A seat that answers at once (bots in offline games and look-aheads). */
export interface InstantSeat {
  readonly kind: string;
  /** The action for `player`, who must be the seat whose decision is due. */
  decide(state: GameState, player: number): Action;
}

export interface SeatIncident {
  readonly player: number;
  readonly reason: string;
}
