// The Quick game (you against three bots, each a peer on this machine) is stored as it is played,
// from the player's peer: every move and dice round it applied. Left part-way, it is listed for
// Resume, replays, and goes on from exactly where it stopped to a winner, with statistics and an
// export that passes risk verify.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeHistory } from '../../src/cli/history.js';
import { realLauncher } from '../../src/cli/launcher.js';
import { loadResumable } from '../../src/sessions/local-resume.js';
import { gatherStats } from '../../src/store/stats.js';
import type { GameStore } from '../../src/store/store.js';
import { framesOf } from '../../src/views/replay.js';
import { auditExported, menuOptions, openStore, savedGamesOf, tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
let store: GameStore | null = null;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => {
  store?.close();
  store = null;
  tmp.remove();
});

const stepsOf = (s: GameStore) =>
  (s.db.prepare('SELECT COUNT(*) AS n FROM steps').get() as { n: number } | undefined)?.n ?? 0;

describe('the quick game in the store', () => {
  it('is stored move by move, resumes where it was left, and finishes with statistics', async () => {
    const storePath = join(tmp.dir, 'risk.db');
    const options = menuOptions(storePath, { seed: 11 });
    const launcher = realLauncher(options);
    const started = await launcher.quickGame('Ann');
    if (!started.ok) throw new Error(started.reason);
    const table = started.table;
    // The computer plays for Ann; she leaves once the game is well past the setup.
    table.setAutopilot([0], true);
    store = openStore(storePath);
    await expect.poll(() => stepsOf(store!), { timeout: 60_000, interval: 100 }).toBeGreaterThan(260);
    await table.quit();
    await expect.poll(() => table.getView().over?.outcome, { timeout: 20_000 }).toBe('left');

    const [summary] = store.games();
    expect(summary).toMatchObject({ kind: 'quick', status: 'playing', lineCount: 0 });
    expect(summary!.players.map((p) => [p.name, p.botKind])).toEqual([
      ['Ann', null],
      ['Ada', 'normal'],
      ['Babbage', 'normal'],
      ['Curie', 'normal'],
    ]);
    expect(describeHistory(store.games()).join('\n')).toMatch(/quick .*Ann, Ada \(normal\).*unfinished/);
    const resumable = loadResumable(store, String(summary!.id));
    if (!resumable.ok) throw new Error(resumable.reason);
    expect(resumable.state.phase).not.toBe('setup');
    const frames = framesOf(resumable.game);
    if (!frames.ok) throw new Error(frames.reason);
    expect(frames.frames.length).toBe(resumable.game.steps.length);
    // What the player's peer had reached when she left is what the store replays to (the move in
    // flight, at most, is lost).
    const left = table.getView().state!;
    expect([resumable.state.turn, resumable.state.turn + 1]).toContain(left.turn);

    // Resume, from the menu's list: a quick game again, at the stored state.
    const later = realLauncher(options);
    expect(savedGamesOf(later).map((g) => g.id)).toEqual([summary!.id]);
    const resumed = later.resumeGame!(summary!.id);
    if (!resumed.ok) throw new Error(resumed.reason);
    expect(resumed.table.getView().mode).toBe('quick');
    // (The table may show the stored state or one step on: a draw or a neutral's defence is taken
    // at once. That the game went on from exactly the stored state, the audit below checks: the
    // steps after the resume are legal only from there.)
    expect([resumable.state.turn, resumable.state.turn + 1]).toContain(resumed.table.getView().state!.turn);
    resumed.table.setAutopilot([0], true);
    await expect.poll(() => resumed.table.getView().over, { timeout: 60_000 }).not.toBeNull();
    const winner = resumed.table.getView().over!.winner;
    expect(winner).not.toBeNull();

    const found = store.find(String(summary!.id));
    if (!found.ok) throw new Error(found.reason);
    expect(found.game).toMatchObject({ kind: 'quick', status: 'finished', winner });
    expect(savedGamesOf(later)).toEqual([]);
    const stats = gatherStats(store, { kinds: ['quick'] });
    expect(stats.finished).toBe(1);
    expect(stats.byPlayer.find((s) => s.who === 'Ann')).toMatchObject({ games: 1 });
    expect(stats.byPlayer.reduce((n, s) => n + s.battles, 0)).toBeGreaterThan(0);
    // Both parts (played by peers, then at this keyboard) export as one game that risk verify audits.
    const { report } = auditExported(store, found.game);
    expect(report.violations).toEqual([]);
    expect(report.state?.winner).toBe(winner);
  }, 150_000);
});
