// Saved games in words, for the terminal UI's Resume screen and the plain view alike: what can be
// done with a stored networked game, how a game reads in a list, and what to do after a resume or
// rejoin failed. No Ink here, so the plain view does not load it.
import { resumePartProblem } from '../store/network-games.js';
import { adviceFor, type Launcher, type SavedGame } from './launcher.js';

export const NO_SAVED_GAMES = 'saved games are not available here';

/**
 * Saved game `id` as the launcher lists it, or why it cannot go on here (`unlisted`: the list has
 * no such game, rather than no list).
 */
export function findSavedGame(
  launcher: Pick<Launcher, 'savedGames'>,
  id: number,
): { ok: true; game: SavedGame } | { ok: false; reason: string; unlisted?: true } {
  if (!launcher.savedGames) return { ok: false, reason: NO_SAVED_GAMES };
  const saved = launcher.savedGames();
  if (!saved.ok) return { ok: false, reason: `the saved games cannot be listed: ${saved.reason}` };
  const game = saved.games.find((g) => g.id === id);
  return game ? { ok: true, game } : { ok: false, reason: `no saved game #${id} can go on here`, unlisted: true };
}

/**
 * How `resume <game>` goes on with a saved game: a local one where it stopped; a networked one
 * hosted again from the seat that hosts its resume, else joined at its host.
 */
export function resumeWay(game: SavedGame): 'local' | 'host' | 'join' {
  const network = game.network;
  if (network === undefined) return 'local';
  return network.me === (network.host ?? 0) ? 'host' : 'join';
}

/** What can be done with a stored networked game from here. */
export type NetworkAction = 'rejoin' | 'host' | 'join';

/** Each action on a networked game: possible (null), or why not. */
export function networkActions(game: SavedGame): Record<NetworkAction, string | null> {
  const n = game.network;
  if (n === undefined) return { rejoin: 'a local game', host: 'a local game', join: 'a local game' };
  const hostName = game.players[n.host ?? 0]?.name ?? 'the host';
  return {
    rejoin: n.rejoin,
    host: n.resume ?? resumePartProblem(hostName, n.me, true, n.host),
    join: n.resume ?? resumePartProblem(hostName, n.me, false, n.host),
  };
}

/** The actions on a networked game, in the order the Resume screen offers them. */
export const NETWORK_ACTIONS: readonly NetworkAction[] = ['rejoin', 'host', 'join'];

/** How a saved game reads in the list: when, who, how far. */
export function gameLine(g: SavedGame): string {
  const who = g.players.map((p, seat) => {
    const name = p.botKind ? `${p.name} (${p.botKind})` : p.name;
    return g.network && seat === g.network.me ? `${name} (you)` : name;
  });
  return `#${g.id}  ${g.startedAt.slice(0, 16).replace('T', ' ')}  ${who.join(', ')}  · ${g.stepCount} moves`;
}

/** A networked game's state in a word or two, and what it offers or why nothing. */
export function networkNote(g: SavedGame): string {
  if (g.network!.status === 'finished') return 'finished: nothing left to play';
  const actions = networkActions(g);
  const open = NETWORK_ACTIONS.filter((a) => actions[a] === null);
  const state = g.network!.status === 'playing' ? 'was playing' : g.network!.status;
  if (open.length > 0) return `${state} · ${open.join(' or ')}`;
  const reason = g.network!.resume ?? g.network!.rejoin ?? actions.host ?? 'nothing to do';
  return `${state} · cannot go on: ${reason}`;
}

/** What to do after a resume or rejoin failed, in words. */
export function resumeAdvice(reason: string, action: NetworkAction): string {
  if (/made neutral|neutral already|out of the game/.test(reason))
    return 'Your seat was made neutral before you came back: the others play on without you.';
  if (/game is over/.test(reason)) return 'The game is over for the others: there is nothing to rejoin.';
  if (/no other player could be reached/.test(reason))
    return action === 'rejoin'
      ? 'Nobody answered at the addresses stored with the game: the others may all have stopped (then one of you hosts it again, the others join), or be on another network.'
      : adviceFor(reason);
  if (/not kept here|another key|--key/.test(reason))
    return 'Start risk with --key FILE, the key file this game was played with.';
  if (/cannot be (resumed|rejoined|resumed and rejoined)|is not stored here|not built/.test(reason))
    return 'Go back and choose another game, or start a new one.';
  if (/Not a player of this game|Seat \d+ is taken/.test(reason))
    return 'Each player must come back with the key the game was played with (the same program and data directory, or --key).';
  if (/different|differs|too far ahead|same history/.test(reason))
    return 'The players’ stored games differ: this game cannot go on together. Start a new one.';
  if (action === 'rejoin')
    return 'Try again soon after the drop: a player has about one acknowledgement timeout before the others make its seat neutral.';
  return adviceFor(reason);
}
