// RISC games in the game database: each record line stored as it is written (a line row, dir
// 'risc'), the outcome and statistics when the game ends. risk history and stats list them, risk
// replay tells them, risk export writes the record back (for risk verify), and a local game left
// before its end is resumed from its lines.
import type { RiscRecordLine } from '../core/risc/record.js';
import { parseRiscLines, type RiscStory, riscAnalysis, riscStory } from '../core/risc/story.js';
import type { RiscState } from '../model/risc/index.js';
import type { GameHandle, GameKind, GameStore, PlayerMeta, StoredGame } from './store.js';

/** The line direction RISC record lines are stored under. */
export const RISC_DIR = 'risc';

export interface RiscGameMeta {
  /** quick: against bots on this machine (resumable); network: a person's networked game; bot: risk bot. */
  readonly kind: Extract<GameKind, 'quick' | 'network' | 'bot' | 'tournament'>;
  readonly uid?: string;
  /** The recording player's seat. */
  readonly me: number;
  readonly players: readonly PlayerMeta[];
}

export interface StoredRisc {
  readonly handle: GameHandle;
  /** Every record line, in order, as the game writes it. */
  record(line: RiscRecordLine): void;
  /**
   * The game is over (finished, with statistics), or this player stopped for good before its end
   * (stopped: not to be resumed; a resumable game is left with close()).
   */
  finish(state: RiscState): void;
  /** Stops writing, the game stays unfinished (a local game to be resumed). */
  close(): void;
}

/** Starts storing a RISC game; or why it cannot be (e.g. a database this program cannot write). */
export function storeRisc(
  store: GameStore,
  meta: RiscGameMeta,
): { ok: true; stored: StoredRisc } | { ok: false; reason: string } {
  let handle: GameHandle;
  try {
    handle = store.openGame({ ...meta, game: 'risc', profile: 'native' });
  } catch (error) {
    return { ok: false, reason: `this game is not saved: ${(error as Error).message}` };
  }
  return { ok: true, stored: storedOn(handle, []) };
}

/** Goes on storing a stored RISC game (resumed): its lines so far are `lines`. */
export function continueRisc(store: GameStore, id: number, lines: readonly RiscRecordLine[]): StoredRisc {
  return storedOn(store.continueGame(id), lines);
}

function storedOn(handle: GameHandle, before: readonly RiscRecordLine[]): StoredRisc {
  const lines: RiscRecordLine[] = [...before];
  return {
    handle,
    record(line) {
      lines.push(line);
      handle.append(RISC_DIR, JSON.stringify(line));
    },
    finish(state) {
      const over = state.phase === 'over';
      const story = over ? riscStory(lines) : null;
      handle.finish(
        { winner: state.winner, turns: Math.max(0, state.turn - 1), status: over ? 'finished' : 'stopped' },
        story?.ok ? riscAnalysis(story.story) : undefined,
      );
    },
    close: () => handle.close(),
  };
}

/** A stored RISC game's record lines (as stored: JSON text). */
export function riscLinesOf(lines: readonly { readonly dir: string; readonly raw: string }[]): string[] {
  return lines.filter((l) => l.dir === RISC_DIR).map((l) => l.raw);
}

/** A stored RISC game's record as a file `risk verify` audits. */
export function riscRecordText(game: StoredGame, lines: readonly { readonly dir: string; readonly raw: string }[]) {
  const record = riscLinesOf(lines);
  if (record.length === 0) return { ok: false as const, reason: `RISC game ${game.id} has no stored record lines` };
  return { ok: true as const, text: `${record.join('\n')}\n` };
}

/** A stored RISC game read back: its story, for replay and resume. */
export function storedRiscStory(
  lines: readonly { readonly dir: string; readonly raw: string }[],
): { ok: true; story: RiscStory; lines: RiscRecordLine[] } | { ok: false; reason: string } {
  const parsed = parseRiscLines(riscLinesOf(lines));
  if (!parsed.ok) return parsed;
  const told = riscStory(parsed.lines);
  return told.ok ? { ok: true, story: told.story, lines: parsed.lines } : told;
}
