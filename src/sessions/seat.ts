// Seats: whoever answers the decision due for a player. Local humans and bots are seats; a
// remote player is not (its answers arrive as messages). Bots as seats live in src/ai/seat.ts.
import type { Action, GameState } from '../model/index.js';

/** `S`, `A`: the game's state and moves (the classic game's by default). */
export interface Seat<S = GameState, A = Action> {
  readonly kind: string;
  decide(state: S, player: number): Promise<A>;
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
