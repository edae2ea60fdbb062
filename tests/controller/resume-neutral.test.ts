// A whole game on in-memory links and fake timers in which a player is made neutral (a rogue caught
// cheating, or a player gone silent), then the whole table stops and meets again: the players still
// in the game resume it from their stores (protocol-spec/resume.md, Steps 4) without the neutral
// player, or with it present stating an old or a forged state, and play it on to one outcome.
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import type { Link } from '../../src/net/link.js';
import { lineDigest, seal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame, type Rogue } from './memory-game.js';
import { withSends } from './mesh-game.js';
import { rogue } from './rogue.js';

/** The rogue's links: `attack` in the first session; in the resumed one (its id ends in .r1) `resume`. */
function twoFaced(first: Rogue, resume?: Rogue): Rogue {
  return (links, context) =>
    context.gameId.endsWith('.r1') ? (resume ? resume(links, context) : links) : first(links, context);
}

/** In the resume, its resume_state says it holds the game as far as `index` with hashes nobody holds. */
const forgedState =
  (index: number): Rogue =>
  (links, context) =>
    withSends(links, (_p, link: Link) => (line: string) => {
      if (!line.includes('resume_state') || !line.includes(`"by":${context.me}`)) return link.send(line);
      const inner = JSON.stringify({
        command: 'resume_state',
        payload: { session_id: context.gameId, index, hashes: ['f'.repeat(64)] },
        player_id: context.me,
      });
      link.send(seal(inner, context.me, context.keyring.sign(lineDigest(context.gameId, inner))));
    });

const caught = twoFaced(rogue('illegal-action', 20));

describe('resume of a game with a player made neutral', { timeout: 300_000 }, () => {
  it.each([
    ['a rogue caught cheating, absent', 3, 2, caught, [2]],
    ['a rogue caught cheating, present with its old state', 3, 2, caught, []],
    [
      'a rogue caught cheating, present with a forged state',
      3,
      2,
      twoFaced(rogue('illegal-action', 20), forgedState(900)),
      [],
    ],
    ['player 0 caught cheating, absent (player 1 hosts)', 4, 0, caught, [0]],
    ['a player gone silent, voted out, absent', 3, 1, twoFaced(rogue('crash', 20)), [1]],
    // Each peer rebuilds the mission deal from its own store; a seat away sends no deal key at the end.
    ['a rogue caught cheating in Secret Mission Risk, absent', 3, 2, caught, [2], 'mission'],
    ['a rogue caught cheating in Capital Risk, absent', 3, 2, caught, [2], 'capital'],
  ] as const)(
    '%s: the others resume without it and finish on one outcome',
    async (_how, players, neutral, links, absent, variant?: 'mission' | 'capital') => {
      const game = await playMemoryGame({
        players,
        seed: 11,
        ...(variant ? { rules: { variant }, features: [...NATIVE_FEATURES] } : {}),
        rogue: { player: neutral, links },
        resume: { after: players === 4 || variant === 'mission' ? 4000 : 1500, backAfterMs: 1000, absent },
      });
      const back = game.tableBack!;
      const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== neutral);
      expect(back.stoppedAt).not.toBeNull();
      const answers = honest.map((p) => back.answers[p]);
      expect(answers.every((a) => a?.ok)).toBe(true);
      expect(new Set(answers.map((a) => a?.ok && a.index)).size).toBe(1);
      // Present, the neutral player's own resume fails (its store stops where it was made neutral).
      if (absent.length === 0) expect(back.answers[neutral]?.ok).toBe(false);
      const { winner } = honestAgreement(game, honest);
      expect(winner).not.toBe(neutral);
      for (const i of honest) {
        const result = game.results[i]!;
        expect(['conquest', 'forfeit']).toContain(result.outcome);
        expect(result.state.players[neutral]!.neutral).toBe(true);
        for (const v of result.violations) expect(v.player).toBe(neutral);
        // Each record chain (before the stop, then the resumed session) audits to the winner, blaming the neutral player alone.
        const audit = game.audits[i]!;
        expect(audit.truncated).toBe(false);
        expect(audit.state!.winner).toBe(winner);
        for (const v of audit.violations) expect(v.player).toBe(neutral);
      }
    },
  );
});
