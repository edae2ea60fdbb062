// How a game ended, in plain words: each session outcome of the core (conquest, forfeit,
// neutralised, lost contact, left, stopped) on the game-over screen and in plain mode; and real
// outcomes from a two-player in-memory game in which one seat never answers.
import { PassThrough } from 'node:stream';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/model/index.js';
import type { Seat } from '../../src/sessions/seat.js';
import { endWords, exitCodeOf, type GameEnd, gameEndOf, goneWord } from '../../src/views/game-end.js';
import { GameScreen } from '../../src/views/game-screen.js';
import type { Launcher } from '../../src/views/launcher.js';
import { runPlain } from '../../src/views/plain.js';
import { Table, type TablePlayer } from '../../src/views/table.js';
import { playMemoryGame } from '../controller/memory-game.js';
import { midGame } from '../helpers.js';
import { until } from './ink-helpers.js';

const PLAYERS: TablePlayer[] = [
  { id: 0, name: 'Ann', kind: 'you' },
  { id: 1, name: 'Bea', kind: 'remote' },
];
const name = (p: number) => (p === 0 ? 'Ann (you)' : 'Bea');
const end = (change: Partial<GameEnd>): GameEnd => ({ winner: null, outcome: null, reason: null, ...change });

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

describe('the end of a game in words', () => {
  it('says how the game ended for every outcome of the session', () => {
    expect(endWords(end({ winner: 0, outcome: 'conquest' }), 0, name)).toEqual({
      headline: 'You win! Ann (you) rules the world.',
      detail: 'Ann (you) holds every territory.',
    });
    expect(endWords(end({ winner: 1, outcome: 'conquest' }), 0, name).headline).toBe('Bea wins the game.');
    expect(endWords(end({ winner: 0, outcome: 'forfeit' }), 0, name)).toEqual({
      headline: 'You win! Ann (you) is the last player standing.',
      detail: 'Every other player left the game or was made neutral.',
    });
    expect(
      endWords(end({ outcome: 'neutralised', reason: 'timed out: 2 of 3 other players found it silent' }), 0, name),
    ).toEqual({
      headline: 'Game over for you: the other players made your territories neutral.',
      detail: 'Why: Timed out: 2 of 3 other players found it silent.',
    });
    const lost = endWords(end({ outcome: 'lost-contact', reason: 'lost contact with every other player' }), 0, name);
    expect(lost.headline).toBe('Game over: lost contact with every other player.');
    expect(lost.detail).toMatch(/Nobody is declared the winner/);
    expect(endWords(end({ outcome: 'left', reason: 'left the game' }), 0, name)).toEqual({
      headline: 'You left the game.',
      detail: null,
    });
    expect(endWords(end({ outcome: 'left', reason: 'this seat failed to decide: boom' }), 0, name).detail).toBe(
      'Why: This seat failed to decide: boom.',
    );
    expect(endWords(end({ outcome: 'stopped', reason: 'stopped' }), 0, name)).toEqual({
      headline: 'The game was stopped before it ended.',
      detail: null,
    });
    // Local games: only the board says who won.
    expect(endWords(end({ winner: 1 }), 0, name)).toEqual({ headline: 'Bea wins the game.', detail: null });
    expect(endWords(end({}), 0, name).headline).toBe('Game over: no winner.');
  });

  it('a player who chose to leave left, whatever the session calls it; a finished game keeps its result', () => {
    expect(gameEndOf({ winner: null, outcome: 'stopped', reason: 'stopped' }, true)).toEqual(end({ outcome: 'left' }));
    expect(gameEndOf({ winner: 0, outcome: 'conquest' }, true)).toEqual(end({ winner: 0, outcome: 'conquest' }));
    expect(gameEndOf({ winner: null })).toEqual(end({}));
  });

  it('plain mode exits 1 only when the game broke off', () => {
    expect(exitCodeOf(end({ winner: 1, outcome: 'conquest' }))).toBe(0);
    expect(exitCodeOf(end({ outcome: 'left' }))).toBe(0);
    for (const outcome of ['neutralised', 'lost-contact', 'stopped'] as const)
      expect(exitCodeOf(end({ outcome }))).toBe(1);
  });

  it('a player no longer at the table is shown as left, disconnected, timed out or expelled', () => {
    expect(goneWord('left the game')).toBe('left');
    expect(goneWord('disconnected')).toBe('disconnected');
    expect(goneWord('timed out: 1 of 1 other players found it silent')).toBe('timed out');
    expect(goneWord('expelled: sent a move out of turn')).toBe('expelled');
    expect(goneWord(undefined)).toBeNull();
  });

  it('the table keeps why: a lost connection (named by the core), a timeout, an expulsion that is not "left"', () => {
    const table = new Table({ mode: 'network', players: [...PLAYERS, { id: 2, name: 'Cy', kind: 'remote' }] });
    table.record({ type: 'info', text: 'lost the connection to Bea' });
    expect(table.view.gone[1]).toBe('disconnected');
    table.record({ type: 'neutral', player: 1, reason: 'timed out: 1 of 1 other players found it silent' });
    expect(goneWord(table.view.gone[1])).toBe('timed out');
    table.record({ type: 'violation', player: 2, reason: 'sent a move out of turn', evidence: [] });
    table.record({ type: 'neutral', player: 2, reason: 'sent a move out of turn' });
    expect(goneWord(table.view.gone[2])).toBe('expelled');
  });
});

describe('the game-over screen and plain mode', () => {
  const finished = (over: GameEnd): Table => {
    const table = new Table({ mode: 'network', players: PLAYERS });
    const base = midGame({ owner: (t) => (t % 2 === 0 ? 0 : 1) });
    // Ann was made neutral (as the session's timeout action leaves the state).
    const state: GameState = {
      ...base,
      turn: 7,
      players: base.players.map((p) => (p.id === 0 ? { ...p, neutral: true } : p)),
    };
    table.show(state);
    table.record({ type: 'neutral', player: 0, reason: 'timed out: 1 of 1 other players found it silent' });
    table.end(over);
    return table;
  };

  it('the screen says the other players made this player neutral, and why', async () => {
    const table = finished(end({ outcome: 'neutralised', reason: 'timed out: 1 of 1 other players found it silent' }));
    const screen = render(<GameScreen table={table} rollMs={0} size={{ columns: 120, rows: 40 }} onLeave={() => {}} />);
    unmount = screen.unmount;
    const frame = await until(screen.lastFrame, 'Game over for you: the other players made your territories neutral.');
    expect(frame).toContain('Why: Timed out: 1 of 1 other players found it silent.');
    expect(frame).toMatch(/Ann \(you\).*timed out/);
  });

  it('a later game_over event does not replace the session outcome', () => {
    const table = finished(end({ winner: 1, outcome: 'forfeit' }));
    table.record({ type: 'game', event: { type: 'game_over', winner: 1 }, state: table.view.state! });
    expect(table.view.over).toEqual(end({ winner: 1, outcome: 'forfeit' }));
  });

  it('plain mode prints the outcome in words and exits 1 when contact was lost', async () => {
    const table = finished(end({ outcome: 'lost-contact', reason: 'lost contact with every other player' }));
    const launcher: Launcher = {
      quickGame: async () => ({ ok: true, table }),
      hostGame: async () => ({ ok: false, reason: 'not scripted' }),
      joinGame: async () => ({ ok: false, reason: 'not scripted' }),
      hotSeat: () => ({ ok: false, reason: 'not scripted' }),
    };
    let output = '';
    const input = new PassThrough();
    const code = await runPlain({
      launcher,
      input,
      out: (t) => (output += t),
      color: false,
      defaultName: 'Ann',
      start: { kind: 'quick' },
    });
    input.end();
    expect(code).toBe(1);
    expect(output).toContain('\nGame over: lost contact with every other player.\n');
    expect(output).toContain('Nobody is declared the winner here');
    expect(output).toMatch(/Ann \(you\): \d+ territories, \d+ armies, 0 battles, 0 conquests, timed out/);
  });
});

describe('outcomes from a real session', () => {
  it('a seat that never answers is made neutral; the other player wins by forfeit; both told in words', async () => {
    const silent: Seat = { kind: 'silent', decide: () => new Promise(() => {}) };
    const game = await playMemoryGame({
      players: 2,
      seed: 3,
      seats: new Map([[1, silent]]),
      moveTimeoutMs: 5000,
      maxVirtualMs: 600_000,
    });
    const [winner, silenced] = game.results;
    expect(winner?.outcome).toBe('forfeit');
    expect(silenced?.outcome).toBe('neutralised');
    const winnerWords = endWords(gameEndOf(winner!), 0, (p) => `p${p}`);
    expect(winnerWords).toEqual({
      headline: 'You win! p0 is the last player standing.',
      detail: 'Every other player left the game or was made neutral.',
    });
    const silencedWords = endWords(gameEndOf(silenced!), 1, (p) => `p${p}`);
    expect(silencedWords.headline).toBe('Game over for you: the other players made your territories neutral.');
    expect(silencedWords.detail).toMatch(/^Why: Timed out/);
  }, 60_000);
});
