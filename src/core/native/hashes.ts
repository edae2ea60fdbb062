// The hashes peers compare: the state after each move (acknowledgements), a move at its point
// (signatures of moves), and the state with who is neutral (resume and rejoin).
import { type GameState, sharedState } from '../../model/index.js';
import { sha256Hex } from '../../protocol/hash.js';

/**
 * What every peer must agree on after each move: the game state without the board and options
 * they share, and without who is neutral (a neutralisation reaches peers a move apart, and shows
 * in every later move anyway).
 */
export function stateHash(state: GameState): string {
  // A mission stays its owner's secret until claimed: each peer knows only its own.
  const { board: _board, options: _options, players, ...rest } = sharedState(state);
  return sha256Hex(JSON.stringify({ ...rest, players: players.map(({ neutral: _neutral, ...p }) => p) }));
}

export const messageHashOf = (index: number, action: unknown) => sha256Hex(JSON.stringify([index, action]));

/**
 * With pipelining_two, what a move names as its parent: the history up to and including an entry,
 * chained from the session's first parent, so two entries name one parent only on one history (a
 * take-back may undo three entries, and the second may be made again with the same message hash).
 */
export const historyHashOf = (parent: string, messageHash: string) =>
  sha256Hex(`p2p-risk/history|${parent}|${messageHash}`);

/**
 * What a move built on an entry names as its parent: the entry's message hash, or with
 * pipelining_two (`chained`) its history hash, from what the entry itself named (`parent`).
 */
export const parentAfter = (chained: boolean, parent: string, messageHash: string) =>
  chained ? historyHashOf(parent, messageHash) : messageHash;

/**
 * What a resume compares: the agreed state hash and who is neutral (which the in-game hash leaves
 * out, as a neutralisation reaches peers a move apart; at a resume it must be settled).
 */
export function resumeHash(state: GameState): string {
  const neutral = state.players.filter((p) => p.neutral).map((p) => p.id);
  return sha256Hex(`${stateHash(state)}|neutral:${neutral.join(',')}`);
}

/** resumeHash for any game on the mesh (a RISC game's): its state hash and who is neutral, the same way. */
export function gameResumeHash<S>(
  game: {
    stateHash(state: S): string;
    standings(state: S): readonly { readonly id: number; readonly neutral: boolean }[];
  },
  state: S,
): string {
  const neutral = game
    .standings(state)
    .filter((p) => p.neutral)
    .map((p) => p.id);
  return sha256Hex(`${game.stateHash(state)}|neutral:${neutral.join(',')}`);
}
