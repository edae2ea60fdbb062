// One rogue among four peers performs one attack; the honest three must finish, agree on one
// outcome that the rogue did not win by breaking a rule, and their records blame only the rogue.
import { describe, expect, it } from 'vitest';
import { honestAgreement, playMemoryGame } from './memory-game.js';
import { ATTACKS, type Attack, EXPELLED, rogue } from './rogue.js';

const ROGUE = 1;
const HONEST = [0, 2, 3];
/** Attacks that break no rule line by line: the honest peers must cut the rogue's link, and say why. */
const CUT: Partial<Record<Attack, RegExp>> = {
  'replay-flood': /closed the link to player 1: sent more than \d+ lines/,
};
/** Attacks that are only a fault of the rogue's link: every honest peer that got one says so. */
const FAULT: Partial<Record<Attack, RegExp>> = {
  'forged-reveal': /ignored a line from p1: sent a line whose signature does not match/,
};

describe('a rogue peer cannot split or steal a game', () => {
  it.each(ATTACKS)(
    '%s',
    async (attack) => {
      const game = await playMemoryGame({ players: 4, seed: 7, rogue: { player: ROGUE, links: rogue(attack) } });
      const { winner } = honestAgreement(game, HONEST);
      expect(winner).not.toBeNull();
      for (const i of HONEST) {
        const result = game.results[i]!;
        expect(['conquest', 'forfeit']).toContain(result.outcome);
        // Only the rogue is ever blamed, by the live peers and by the audit of their records.
        for (const v of result.violations) expect(v.player).toBe(ROGUE);
        const audit = game.audits[i]!;
        expect(audit.truncated).toBe(false);
        for (const v of audit.violations) expect(v.player).toBe(ROGUE);
        expect(audit.state!.winner).toBe(winner);
        if (EXPELLED.has(attack))
          expect(result.state.players[ROGUE]!.neutral || result.state.players[ROGUE]!.eliminated).toBe(true);
        else expect(result.state.players.filter((p) => p.neutral && p.id !== ROGUE)).toEqual([]);
      }
      if (EXPELLED.has(attack)) expect(winner).not.toBe(ROGUE);
      const fault = FAULT[attack];
      if (fault)
        for (const i of HONEST.filter((h) => h !== 0))
          expect(game.events[i]!.some((e) => e.type === 'info' && fault.test(e.text))).toBe(true);
      const cut = CUT[attack];
      if (cut)
        for (const i of HONEST) expect(game.events[i]!.some((e) => e.type === 'info' && cut.test(e.text))).toBe(true);
    },
    600_000,
  );
});

describe('two players left and an eliminated one watching', () => {
  // Three players: an honest one is eliminated first (seed 1), then the rogue keeps voting the last
  // honest opponent silent. The watcher must not take the rogue's word alone, or the two honest
  // peers name different winners.
  it('false votes against the last opponent change nothing', async () => {
    const game = await playMemoryGame({ players: 3, seed: 1, rogue: { player: 2, links: rogue('false-votes', 40) } });
    honestAgreement(game, [0, 1]);
    for (const i of [0, 1]) {
      const result = game.results[i]!;
      expect(result.state.players.filter((p) => p.id !== 2 && p.eliminated).length).toBeGreaterThan(0);
      expect(result.state.players.filter((p) => p.neutral)).toEqual([]);
      expect(result.violations).toEqual([]);
      expect(game.audits[i]!.violations).toEqual([]);
    }
  }, 600_000);
});
