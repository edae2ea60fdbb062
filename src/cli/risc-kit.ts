// What RISC's local and networked games share: the options of this run, the game database (opened
// on first use), record files, and a seat its player may leave.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RiscRecordLine } from '../core/risc/record.js';
import type { RiscSeat } from '../sessions/risc-local.js';
import { defaultStorePath } from '../store/paths.js';
import type { StoredRisc, storeRisc } from '../store/risc-games.js';
import { GameStore } from '../store/store.js';
import type { LauncherOptions } from './launch-kit.js';

export const RISC_BOT_NAMES = ['Ada', 'Babbage', 'Curie', 'Dijkstra', 'Euler'];

export interface RiscLaunchOptions extends LauncherOptions {
  /** A game against bots writes its record here (networked games: under games/ unless records are off). */
  readonly recordFile?: string;
}

/** The record lines of a game to a file, each as it is written; or why the file cannot be written. */
export function recordFile(
  path: string,
): { ok: true; write: (line: RiscRecordLine) => void } | { ok: false; reason: string } {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
  } catch (error) {
    return { ok: false, reason: `cannot write the record ${path}: ${(error as Error).message}` };
  }
  return { ok: true, write: (line) => appendFileSync(path, `${JSON.stringify(line)}\n`) };
}

/** A seat that may be left: once left, it answers null (and so does a pending question). */
export function leavable(you: RiscSeat): { seat: RiscSeat; leave(): void; left: Promise<void> } {
  let gone = false;
  let onLeft = () => {};
  const left = new Promise<void>((resolve) => (onLeft = resolve));
  const ask = <T>(answer: Promise<T | null>) =>
    gone
      ? Promise.resolve(null)
      : Promise.race([answer, left.then(() => null)]).then((a) => {
          if (a === null) {
            gone = true;
            onLeft();
          }
          return a;
        });
  return {
    seat: { ...you, place: (s, p) => ask(you.place(s, p)), orders: (s, p) => ask(you.orders(s, p)) },
    leave() {
      gone = true;
      onLeft();
    },
    left,
  };
}

export interface RiscKit {
  readonly options: RiscLaunchOptions;
  readonly seed: number;
  /** The game database, or null (records off, or it cannot be opened: storeProblem says why). */
  openStore(): GameStore | null;
  storeProblem(): string | null;
  /** Stores a game (notes say where, or why not). */
  storing(open: (s: GameStore) => ReturnType<typeof storeRisc>, notes: string[]): StoredRisc | null;
}

export function riscKit(options: RiscLaunchOptions, seed: number): RiscKit {
  let store: GameStore | null = null;
  let storeProblem: string | null = null;
  function openStore(): GameStore | null {
    if (!options.record) return null;
    if (store === null && storeProblem === null) {
      const opened = GameStore.open(options.storePath ?? defaultStorePath());
      if (opened.ok) store = opened.store;
      else storeProblem = opened.reason;
    }
    return store;
  }
  /** Stores a game (notes say where, or why not). */
  function storing(open: (s: GameStore) => ReturnType<typeof storeRisc>, notes: string[]): StoredRisc | null {
    const s = openStore();
    if (s === null) {
      if (storeProblem !== null) notes.push(`this game is not saved: ${storeProblem}`);
      return null;
    }
    const stored = open(s);
    if (!stored.ok) notes.push(stored.reason);
    return stored.ok ? stored.stored : null;
  }

  return { options, seed, openStore, storeProblem: () => storeProblem, storing };
}
