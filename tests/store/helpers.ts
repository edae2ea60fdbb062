// Shared by the store tests: temporary databases and local games between bots.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BotKind, createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { type VerifyReport, verifyTranscript } from '../../src/audit/verify.js';
import type { LauncherOptions } from '../../src/cli/launcher.js';
import { seededDice } from '../../src/protocol/random.js';
import { parseTranscript, type TranscriptLine } from '../../src/protocol/transcript.js';
import type { Seat } from '../../src/sessions/seat.js';
import { exportTranscript } from '../../src/store/export.js';
import { GameStore, type StoredGame } from '../../src/store/store.js';
import type { Launcher, SavedGame } from '../../src/views/launcher.js';

/** A command's output and errors, captured. */
export function capture() {
  let out = '';
  let err = '';
  return {
    io: { out: (t: string) => void (out += t), err: (t: string) => void (err += t) },
    out: () => out,
    err: () => err,
  };
}

export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'risk-store-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The menu's launcher as the store tests start it: 127.0.0.1 on any port, no bot delay, saving to `storePath`. */
export function menuOptions(storePath: string, more: Partial<LauncherOptions> = {}): LauncherOptions {
  return {
    listen: '127.0.0.1',
    port: 0,
    moveTimeoutMs: 60_000,
    ackTimeoutMs: 5000,
    botDelayMs: 0,
    record: true,
    storePath,
    ...more,
  };
}

export function openStore(path: string): GameStore {
  const opened = GameStore.open(path);
  if (!opened.ok) throw new Error(opened.reason);
  return opened.store;
}

/** The game a `risk bot --store` database holds (its first bot game). */
export function botGameIn(store: GameStore): StoredGame {
  const [summary] = store.games({ kinds: ['bot'] });
  const found = store.find(String(summary!.id));
  if (!found.ok) throw new Error(found.reason);
  return found.game;
}

export function botSeats(kinds: readonly BotKind[], seed: number): Seat[] {
  return kinds.map((kind, i) =>
    botSeat(createBot(kind, seededDice(seed + i)), seededDice(seed + 100 + i), { deadlineMs: 60_000 }),
  );
}

/** Seats that call `stop` once `moves` decisions have been asked of them in total. */
export function stoppingAfter(seats: readonly Seat[], moves: number, stop: () => void): Seat[] {
  let asked = 0;
  return seats.map((seat) => ({
    kind: seat.kind,
    decide: (state, player) => {
      if (++asked > moves) stop();
      return seat.decide(state, player);
    },
  }));
}

/** The launcher's saved games (the Resume screen's list); a failure to list them fails the test. */
export function savedGamesOf(launcher: Launcher): readonly SavedGame[] {
  const saved = launcher.savedGames!();
  if (!saved.ok) throw new Error(saved.reason);
  return saved.games;
}

/** A stored game as `risk export` writes it, read back and audited as `risk verify` does. */
export function auditExported(
  store: GameStore,
  game: StoredGame,
): { lines: TranscriptLine[]; problems: { line: number; reason: string }[]; report: VerifyReport } {
  const exported = exportTranscript(game, store.lines(game.id));
  if (!exported.ok) throw new Error(exported.reason);
  const parsed = parseTranscript(exported.text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return { lines: parsed.lines, problems: parsed.problems, report: verifyTranscript(parsed.lines, { lenient: false }) };
}
