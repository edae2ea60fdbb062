// What of a player's own the screens show, and to whom: cards (during the draft only), the secret
// mission and the capital. In hot seat several people share the screen, so these show only for the
// player at the keyboard in their own turn; in every other game, for this machine's player.
import type { GameState } from '../model/index.js';
import { ownGoal } from './own-goal.js';
import type { TableView } from './table.js';

/** The people at this keyboard: you, or the hot-seat players who are not bots. */
export function people(view: TableView): number[] {
  return view.players.filter((p) => p.kind === 'you' || p.kind === 'human').map((p) => p.id);
}

/**
 * Whose private things (cards, mission, capital) the screen shows: yours; in a hot-seat game of
 * several people, those of the player at the keyboard during their own turn only.
 */
export function privateOwner(view: TableView, state: GameState, viewer: number | null): number | null {
  if (view.mode !== 'hotseat' || people(view).length === 1) return viewer;
  return viewer !== null && state.current === viewer ? viewer : null;
}

/** Cards are for the draft: a player sees their hand while they reinforce (trade, then deploy). */
export function drafting(state: GameState, player: number): boolean {
  return state.current === player && (state.phase === 'cards' || state.phase === 'deploy');
}

/**
 * The goal lines of Capital and Secret Mission Risk for the screen's private owner (none in a game
 * of world domination); in hot seat between turns, that each player's is shown on their turn.
 */
export function goalLines(
  view: TableView,
  state: GameState,
  owner: number | null,
  name: (p: number) => string,
): string[] {
  if (state.options.variant === 'domination') return [];
  if (owner === null)
    return [`Each player's ${state.options.variant === 'mission' ? 'mission' : 'capital'} is shown on their own turn`];
  return ownGoal(state, owner, name, view.chosenCapitals[owner]);
}
