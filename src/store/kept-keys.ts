// The peer keys the menu keeps beside the database (keys/PEERID.key) for its networked games: a
// seat can only be taken back, or a game resumed, with the key it was played with. A key is
// removed once every stored game played with it is over (or can no longer go on). Keys this
// database knows nothing of are left alone: another database in the same folder may need them.
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chancesOf, NETWORK_KINDS } from './network-games.js';
import type { GameStore } from './store.js';

const KEY_FILE = /^([1-9A-HJ-NP-Za-km-z]{20,100})\.key$/;

/** Where the keys of the networked games played from the menu are kept: beside the database. */
export function keptKeysDir(store: GameStore): string | null {
  return store.path === ':memory:' ? null : join(dirname(store.path), 'keys');
}

/**
 * This player's keys in the stored networked games: `needed` by a game that can still be resumed
 * or rejoined, `known` by any game.
 */
export function keysOfGames(store: GameStore): { needed: Set<string>; known: Set<string> } {
  const needed = new Set<string>();
  const known = new Set<string>();
  // (Classic and RISC games alike: a RISC seat is taken back with its key too.)
  for (const game of store.games({ kinds: NETWORK_KINDS })) {
    const peerId = game.me === null ? null : game.players[game.me]?.peerId;
    if (!peerId) continue;
    known.add(peerId);
    if (game.status === 'finished' || needed.has(peerId)) continue;
    let chances: { resume: string | null; rejoin: string | null };
    try {
      chances = chancesOf(store, game);
    } catch {
      // A record that cannot be read now: keep its key, to be safe.
      chances = { resume: null, rejoin: null };
    }
    if (chances.resume === null || chances.rejoin === null) needed.add(peerId);
  }
  return { needed, known };
}

/**
 * Removes the kept keys that no stored game needs any more. `keep`: a key file never to remove
 * (the player's --key). The files are listed before the games are read, so a key kept by a game
 * that starts meanwhile (stored first, key kept after) is either not listed or found needed.
 */
export function pruneKeptKeys(
  store: GameStore,
  keep?: string,
): { ok: true; removed: string[] } | { ok: false; reason: string } {
  const dir = keptKeysDir(store);
  if (dir === null) return { ok: true, removed: [] };
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, removed: [] };
    return { ok: false, reason: `cannot list the kept keys in ${dir}: ${(error as Error).message}` };
  }
  let keys: ReturnType<typeof keysOfGames>;
  try {
    keys = keysOfGames(store);
  } catch (error) {
    return { ok: false, reason: `cannot read which games need the kept keys: ${(error as Error).message}` };
  }
  const removed: string[] = [];
  for (const file of files) {
    const peerId = KEY_FILE.exec(file)?.[1];
    if (peerId === undefined || !keys.known.has(peerId) || keys.needed.has(peerId)) continue;
    const path = join(dir, file);
    if (keep !== undefined && resolve(keep) === resolve(path)) continue;
    try {
      rmSync(path);
      removed.push(file);
    } catch (error) {
      return { ok: false, reason: `cannot remove the old key ${path}: ${(error as Error).message}` };
    }
  }
  return { ok: true, removed };
}
