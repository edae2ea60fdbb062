// The page's Resume list: the launcher's saved games as rows the page shows, in the words the
// terminal's Resume screen and plain mode use (views/saved-games.ts).
import type { SavedGame, SavedGames } from '../launcher.js';
import { gameLine, NO_SAVED_GAMES, networkActions, networkNote } from '../saved-games.js';
import type { SavedRow, SavedView } from './wire.js';

/** One saved game as a row of the list. */
export function savedRow(game: SavedGame): SavedRow {
  if (game.network === undefined) return { id: game.id, line: gameLine(game), network: null };
  return {
    id: game.id,
    line: gameLine(game),
    network: {
      note: networkNote(game),
      actions: networkActions(game),
      hostAddress: game.network.hostAddresses[0] ?? null,
    },
  };
}

/** The list as the page gets it: local games, then networked ones; or why there is none. */
export function savedView(saved: SavedGames | null, notice: string | null = null): SavedView {
  if (saved === null) return { rows: [], problem: NO_SAVED_GAMES, notice };
  if (!saved.ok) return { rows: [], problem: saved.reason, notice };
  return { rows: saved.games.map(savedRow), problem: null, notice };
}
