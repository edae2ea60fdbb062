// How a game ended for this machine, in plain words: the headline of the game-over screen and,
// when the game did not simply end on the board, one line on why (from the session's outcome).
import type { Outcome } from '../core/contract.js';
import { type GameState, wonOnBoard } from '../model/index.js';

export interface GameEnd {
  readonly winner: number | null;
  /** The session's outcome; null where the session does not tell (local and class-profile games). */
  readonly outcome: Outcome | null;
  /** The session's reason (or the program's), if any. */
  readonly reason: string | null;
}

/** A session's result as the table keeps it. `left`: this player chose to leave (the session may only say "stopped"). */
export function gameEndOf(
  result: { readonly winner: number | null; readonly outcome?: Outcome; readonly reason?: string },
  left = false,
): GameEnd {
  if (left && result.outcome !== 'conquest' && result.outcome !== 'forfeit')
    return { winner: result.winner, outcome: 'left', reason: null };
  return { winner: result.winner, outcome: result.outcome ?? null, reason: result.reason ?? null };
}

/**
 * What the game-over screen and plain mode say. `me`: this machine's player, if it has exactly one;
 * `state`: the final state, which tells how the winner won (a capital, a mission, the last rival
 * knocked out while the neutral army still holds ground).
 */
export function endWords(
  end: GameEnd,
  me: number | null,
  name: (player: number) => string,
  state?: GameState,
): { readonly headline: string; readonly detail: string | null } {
  const why = end.reason !== null && end.reason !== '' ? sentence(end.reason) : null;
  switch (end.outcome) {
    case 'neutralised':
      return {
        headline: 'Game over for you: the other players made your territories neutral.',
        detail: why === null ? null : `Why: ${why}`,
      };
    case 'lost-contact':
      return {
        headline: 'Game over: lost contact with every other player.',
        detail:
          'Nobody is declared the winner here: this machine cannot tell whether the others left or the network failed.',
      };
    case 'left':
      return {
        headline: 'You left the game.',
        detail: why === null || /^left the game\.?$/i.test(end.reason ?? '') ? null : `Why: ${why}`,
      };
    case 'stopped':
      return {
        headline: 'The game was stopped before it ended.',
        detail: why === null || /^stopped\.?$/i.test(end.reason ?? '') ? null : `Why: ${why}`,
      };
    case 'forfeit':
      if (end.winner === null) break;
      return {
        headline:
          end.winner === me
            ? `You win! ${name(end.winner)} is the last player standing.`
            : `${name(end.winner)} wins the game.`,
        detail: 'Every other player left the game or was made neutral.',
      };
    case 'conquest':
    case null:
      break;
  }
  if (end.winner === null) return { headline: 'Game over: no winner.', detail: why };
  const how = state === undefined ? WORLD : howWon(state);
  const won = how === WORLD ? `${name(end.winner)} holds every territory.` : `${name(end.winner)} ${how}.`;
  return {
    headline: end.winner === me ? `You win! ${name(end.winner)} ${how}.` : `${name(end.winner)} wins the game.`,
    detail: end.outcome === 'conquest' ? won : (why ?? (state !== undefined && end.winner !== me ? won : null)),
  };
}

const WORLD = 'rules the world';

/** How the winner won, in a few words (variants and the neutral army's game end short of the world). */
export function howWon(state: GameState): string {
  if (state.winner !== null && state.owner.every((o) => o === state.winner)) return WORLD;
  if (!wonOnBoard(state)) return 'is the last player left in the game';
  if (state.options.variant === 'capital' && state.capitals.length > 0) return 'holds the capitals';
  if (state.options.variant === 'mission' && state.winner !== null && state.missionsRevealed[state.winner])
    return 'completed their secret mission';
  return 'knocked every other player out';
}

/** "timed out: 2 of 3…" → "Timed out: 2 of 3….": the core's reasons are lower-case fragments. */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Plain mode's exit status: 0 when the game has a result or this player chose to leave, 1 when it broke off. */
export function exitCodeOf(end: GameEnd): number {
  if (end.winner !== null) return 0;
  return end.outcome === 'neutralised' || end.outcome === 'lost-contact' || end.outcome === 'stopped' ? 1 : 0;
}

/** How a player who is no longer at the table is shown: "left", "disconnected", "timed out", "expelled". */
export function goneWord(reason: string | undefined): string | null {
  if (reason === undefined) return null;
  if (/disconnect|connection|went away/i.test(reason)) return 'disconnected';
  if (/time|did not move|silent/i.test(reason)) return 'timed out';
  if (/cheat|expel|violat/i.test(reason)) return 'expelled';
  return 'left';
}
