import { describe, expect, it } from 'vitest';
import { FEATURE_COUNT, features, winChances } from '../../src/ai/features.js';
import { imagine } from '../../src/ai/outlook.js';
import { EVALUATIONS } from '../../src/ai/weights.js';
import { classicBoard, startGame } from '../../src/model/index.js';

/** A hand-made three-player position on the classic board. */
function position() {
  const started = startGame(classicBoard(), { players: 3 });
  if (!started.ok) throw new Error(started.reason);
  const state = {
    ...started.value,
    owner: started.value.owner.map((_, t) => (t < 20 ? 0 : t < 32 ? 1 : 2)),
    armies: started.value.owner.map((_, t) => 1 + (t % 5)),
  };
  return imagine(state, 1);
}

describe('the evaluation', () => {
  it('scores each player as the softmax of the weighted features (the scoring path that reuses buffers)', () => {
    const s = position();
    const weights = EVALUATIONS.three;
    const f = features(s);
    const logits = [0, 1, 2].map((p) => weights.reduce((z, w, k) => z + w * f[p * FEATURE_COUNT + k]!, 0));
    const top = Math.max(...logits);
    const sum = logits.reduce((x, z) => x + Math.exp(z - top), 0);
    const chances = winChances(s, weights);
    logits.forEach((z, p) => expect(chances[p]).toBeCloseTo(Math.exp(z - top) / sum, 12));
    // Scoring another position in between leaves nothing behind.
    winChances({ ...s, armies: s.armies.map((a) => a + 3), toMove: 2 }, weights);
    expect(Array.from(winChances(s, weights))).toEqual(Array.from(chances));
  });

  it('every table has a weight per feature, and an inactive player scores 0', () => {
    for (const table of Object.values(EVALUATIONS)) expect(table).toHaveLength(FEATURE_COUNT);
    const s = position();
    const chances = winChances({ ...s, active: [true, false, true] }, EVALUATIONS.duel);
    expect(chances[1]).toBe(0);
    expect(chances[0]! + chances[2]!).toBeCloseTo(1, 12);
  });
});
