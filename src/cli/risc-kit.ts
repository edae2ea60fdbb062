// What RISC's local and networked games share: the options of this run, the game database (opened
// on first use), record files, and a seat its player may leave.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RiscRecordLine } from '../core/risc/record.js';
import type { RiscSeat } from '../sessions/risc-local.js';
import type { RiscNetOptions } from '../sessions/risc-net.js';
import type { RiscStoreRejoin } from '../sessions/risc-rejoin.js';
import type { RiscStoreResume } from '../sessions/risc-resume.js';
import { sessionsOf } from '../store/network-games.js';
import { defaultStorePath } from '../store/paths.js';
import { storeRecorder, teeRecorder } from '../store/recorder.js';
import type { StoredRisc, storeRisc } from '../store/risc-games.js';
import { GameStore } from '../store/store.js';
import { historyLines, type Recorder, recordFileLines } from '../store/transcript-recorder.js';
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

/** A stored networked RISC game going on: this seat taken back (rejoined), or every player's resumed. */
export type RiscContinued = RiscStoreRejoin | RiscStoreResume;

/**
 * What a networked RISC peer records and answers with: its RISC record into the store (a rejoined
 * or resumed game writes it again from the start: the lines stored already are skipped), its record
 * of signed lines into `file` and the store (the stored notes keep its sealed orders and dice
 * numbers, so its seat can be taken back), the record it sends a player that rejoins (the file, else
 * the stored lines of the session), and where that player listens now (for the store).
 */
export function riscRecording(
  file: { readonly path: string; readonly recorder: Recorder } | null,
  stored: { readonly store: GameStore; readonly game: StoredRisc } | null,
  continued?: RiscContinued,
): Pick<
  RiscNetOptions,
  'onRecord' | 'transcript' | 'history' | 'onRejoinAddresses' | 'rejoin' | 'rejoinResumed' | 'resume'
> {
  const kept = continued?.transcript ?? (stored === null ? null : storeRecorder(stored.game.handle));
  const transcript = file !== null && kept !== null ? teeRecorder(file.recorder, kept) : (file?.recorder ?? kept);
  let skip = continued?.storedLines ?? 0;
  const history =
    file !== null
      ? () => recordFileLines(file.path)
      : stored !== null
        ? () => historyLines(sessionsOf(stored.store.lines(stored.game.handle.id)).at(-1) ?? [])
        : null;
  return {
    onRecord: (line) => {
      if (skip > 0) skip--;
      else stored?.game.record(line);
    },
    ...(transcript !== null ? { transcript } : {}),
    ...(history !== null ? { history } : {}),
    ...(stored !== null
      ? { onRejoinAddresses: (player, at) => stored.store.updateAddresses(stored.game.handle.id, player, at) }
      : {}),
    ...(continued === undefined
      ? {}
      : 'rejoined' in continued
        ? { rejoin: continued.rejoined, ...(continued.resumed ? { rejoinResumed: continued.resumed } : {}) }
        : { resume: continued.resume }),
  };
}
