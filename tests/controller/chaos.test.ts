// Property: whatever mix of misbehaviour one rogue peer shows, the honest peers finish, agree on
// the state at the start of every turn and on the outcome, blame only the rogue, and the rogue
// never wins once it has been caught breaking a rule. RISK_CHAOS_RUNS=N for more seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chaosRogue } from './chaos.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';

const RUNS = Number(process.env.RISK_CHAOS_RUNS ?? 6);
const rate = fc.constantFrom(0, 0.002, 0.01, 0.05);
// Not yet: lines corrupted under a valid-looking frame at a few per cent, mixed with duplicates,
// can still end with an honest peer neutralised or cut off (seeds 1040177128 and 1054867442 with
// 3 players; issue 11's note). bench:chaos includes them and counts what goes wrong.
const corruptNotYet = fc.constant(0);

describe('one rogue with random misbehaviour', () => {
  it('cannot split a game or win it by breaking a rule', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 2, max: 4 }),
        fc.record({
          drop: rate,
          delay: rate,
          duplicate: rate,
          reorder: rate,
          corrupt: corruptNotYet,
          equivocate: rate,
          spoof: rate,
        }),
        async (seed, players, rates) => {
          const rogue = seed % players;
          const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogue);
          const game = await playMemoryGame({
            players,
            seed,
            rogue: { player: rogue, links: chaosRogue(seed, rates) },
          });
          const { winner } = honestAgreement(game, honest);
          const caught = honest.some((i) => game.results[i]!.violations.length > 0);
          for (const i of honest) {
            const result = game.results[i]!;
            expect(['conquest', 'forfeit']).toContain(result.outcome);
            for (const v of result.violations) expect(v.player).toBe(rogue);
            const audit = game.audits[i]!;
            expect(audit.truncated).toBe(false);
            for (const v of audit.violations) expect(v.player).toBe(rogue);
            expect(audit.state!.winner).toBe(winner);
            if (caught) expect(result.state.players[rogue]!.neutral).toBe(true);
          }
          if (caught) expect(winner).not.toBe(rogue);
        },
      ),
      { numRuns: RUNS, seed: 20261123 },
    );
  }, 600_000);
});
