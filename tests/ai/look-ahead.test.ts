import { describe, expect, it } from 'vitest';
import { HARD, type Judged } from '../../src/ai/hard.js';
import { lookAheadChooser } from '../../src/ai/look-ahead.js';
import { classicBoard, type GameState, startGame } from '../../src/model/index.js';
import { seededDice } from '../../src/protocol/random.js';

const SIAM = 37;
const INDONESIA = 38;
const NEW_GUINEA = 39;

/**
 * A hand-made three-player position, our (seat 0) first deployment of 10 armies: we hold
 * Australia, one army a territory; seat 1, next to move, has 8 armies in Siam beside Indonesia
 * and four territories behind it; every other territory holds 2 armies of seat 1 or 2.
 */
function position(players = 3): GameState {
  const started = startGame(classicBoard(), { players });
  if (!started.ok) throw new Error(started.reason);
  const s = started.value;
  const ours = (t: number) => t >= INDONESIA;
  return {
    ...s,
    phase: 'deploy',
    current: 0,
    firstPlayer: 0,
    turn: 1,
    toDeploy: 10,
    players: s.players.map((p) => ({ ...p, reserve: 0 })),
    owner: s.owner.map((_, t) => (ours(t) ? 0 : t >= 33 ? 1 : 2)),
    armies: s.owner.map((_, t) => (ours(t) ? 1 : t === SIAM ? 8 : 2)),
  };
}

const guard = (t: number, value: number): Judged => ({ plan: null, placements: [[t, 10]], value });

describe("the hard bot's look-ahead over the rivals' turns", () => {
  it('plays out the candidates and keeps the one that leaves us best off: the guard facing the stack', () => {
    // Ranked first by the search, New Guinea behind the front; the play-outs see Siam's stack roll into Australia.
    const candidates = [guard(NEW_GUINEA, 0.4), guard(INDONESIA, 0.3)];
    for (const seed of [1, 2, 3]) {
      const chosen = lookAheadChooser(seededDice(seed), HARD).choose(position(), 0, candidates, []);
      expect(chosen).toBe(candidates[1]);
    }
  });

  it('is deterministic under its seed', () => {
    const state = position();
    const candidates = [39, 40, 41].map((t) => guard(t, 0.5));
    const picks = [0, 1].map(
      () => lookAheadChooser(seededDice(7), HARD).choose(state, 0, candidates, [guard(INDONESIA, 0.1)]).placements,
    );
    expect(picks[1]).toEqual(picks[0]);
  });

  it('applies to three-player domination games with all three in, nowhere else', () => {
    const chooser = lookAheadChooser(seededDice(1), HARD);
    const three = position();
    expect(chooser.applies(three)).toBe(true);
    expect(chooser.applies(position(4))).toBe(false);
    expect(chooser.applies({ ...three, options: { ...three.options, variant: 'capital' } })).toBe(false);
    const out = three.players.map((p, i) => (i === 2 ? { ...p, eliminated: true } : p));
    expect(chooser.applies({ ...three, players: out })).toBe(false);
  });
});
