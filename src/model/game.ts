// Starting a game: options resolved and checked against the board.
import type { Board } from './board.js';
import { type OptionsInput, resolveOptions } from './options.js';
import { type GameState, newGame } from './state.js';

export function startGame(
  board: Board,
  input: OptionsInput,
): { ok: true; value: GameState } | { ok: false; reason: string } {
  const options = resolveOptions(input);
  if (!options.ok) return options;
  const { players, startingArmies } = options.value;
  if (players * startingArmies < board.territories.length) {
    return {
      ok: false,
      reason: `${players} players with ${startingArmies} armies each cannot claim all ${board.territories.length} territories`,
    };
  }
  return { ok: true, value: newGame(board, options.value) };
}
