// A bot answers whatever decision is due for its seat, like any other seat.
import type { Action, GameState } from '../model/index.js';

export interface Bot {
  readonly kind: string;
  /** The action for `player`, who must be the seat whose decision is due. */
  decide(state: GameState, player: number): Action;
}
