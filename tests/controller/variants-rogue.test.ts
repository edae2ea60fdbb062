// A rogue among three peers cheats in a secret round of Capital Risk or Secret Mission Risk: it
// withholds its share of the mission deal, shows or claims a mission it was not dealt, swaps or
// withholds its capital. The honest peers finish, agree, and blame only the rogue — live and in
// the audit of their records (`risk verify`).
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { isActive, type OptionsInput } from '../../src/model/index.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';
import {
  claimForOne,
  keepsKeyAtEnd,
  SECRET_ATTACKS,
  type SecretAttack,
  secretRogue,
  wrongKeyAtEnd,
} from './secret-rogue.js';

const ROGUE = 1;
const HONEST = [0, 2];
/** The game players get: every native feature (a secret round waits for every entry to settle). */
const FEATURES = [...NATIVE_FEATURES];
/** A game the rogue is still in at its end, won by another's claim (so the others wait for its key). */
const SEED_WRONG_KEY = 9;
/** A game the rogue (seat 1) wins by claiming its mission when it plays honestly. */
const SEED_ROGUE_CLAIMS = 20;

/** What an honest peer names the rogue for (silence is not a cheat: it is timed out). */
const NAMED: Partial<Record<SecretAttack, RegExp>> = {
  'chosen-card': /product proof fails/,
  'wrong-mission': /not the card dealt to it/,
  'false-claim': /not the card dealt to it/,
  'claim-out-of-turn': /not the card dealt to it|claimed a mission out of turn|out of turn/,
  'swapped-capital': /capital that does not match its commitment/,
  'other-capital-for-one': /two different commitments for capital round 0/,
};

/**
 * Withholding from one peer only, or sending it lines out of order, is no proof: the others hand
 * its lines on (or the peer waits for the line that comes late) and play on with it.
 */
const WITHHOLDS_FROM_ONE: readonly SecretAttack[] = [
  'withholds-from-one',
  'withholds-capital-reveal-from-one',
  'withholds-deal-accept-from-one',
  'reveals-capital-first-to-one',
];

const variantOf = (attack: SecretAttack): Omit<OptionsInput, 'players'> =>
  attack.includes('capital') ? { variant: 'capital' } : { variant: 'mission' };

describe('a rogue cannot learn, choose or swap a secret', () => {
  it.each(SECRET_ATTACKS)(
    '%s',
    async (attack) => {
      const rules = variantOf(attack);
      const game = await playMemoryGame({
        players: 3,
        seed: 11,
        rules,
        features: FEATURES,
        rogue: { player: ROGUE, links: secretRogue(attack) },
      });
      const { winner } = honestAgreement(game, HONEST);
      expect(winner).not.toBeNull();
      const fromOne = WITHHOLDS_FROM_ONE.includes(attack);
      if (!fromOne) expect(winner).not.toBe(ROGUE);
      for (const i of HONEST) {
        const result = game.results[i]!;
        expect(['conquest', 'forfeit']).toContain(result.outcome);
        if (!fromOne)
          expect(result.state.players[ROGUE]!.neutral || result.state.players[ROGUE]!.eliminated).toBe(true);
        for (const v of result.violations) expect(v.player).toBe(ROGUE);
        if (fromOne)
          expect(result.state.players.filter((p) => p.neutral && p.id !== result.state.neutralArmy)).toEqual([]);
        expect(
          result.state.players.filter((p) => p.neutral && p.id !== ROGUE && p.id !== result.state.neutralArmy),
        ).toEqual([]);
        const audit = game.audits[i]!;
        expect(audit.truncated).toBe(false);
        for (const v of audit.violations) expect(v.player).toBe(ROGUE);
        expect(audit.state!.winner).toBe(winner);
      }
      // Cheats (not silence) are named as such by every honest peer.
      const named = NAMED[attack];
      if (named !== undefined)
        for (const i of HONEST) expect(game.results[i]!.violations.map((v) => v.reason).join('\n')).toMatch(named);
      // The deal went on without the rogue: the honest peers still hold distinct missions.
      if (rules.variant === 'mission') {
        const own = HONEST.map((i) => game.results[i]!.state.missions[i]);
        expect(own.every((m) => m !== null)).toBe(true);
        expect(new Set(own).size).toBe(HONEST.length);
      }
      if (rules.variant === 'capital')
        for (const i of HONEST) expect(game.results[i]!.state.capitals[i]).toBeGreaterThanOrEqual(0);
    },
    300_000,
  );
});

describe('the deal keys published at the end of a Secret Mission game', () => {
  it('a rogue that publishes another key than its own is named in the records; the outcome stands', async () => {
    const game = await playMemoryGame({
      players: 3,
      seed: SEED_WRONG_KEY,
      rules: { variant: 'mission' },
      features: FEATURES,
      rogue: { player: ROGUE, links: wrongKeyAtEnd() },
    });
    const { winner } = honestAgreement(game, HONEST);
    expect(winner).not.toBeNull();
    for (const i of HONEST) {
      const result = game.results[i]!;
      expect(result.outcome).toBe('conquest');
      // The rogue is still in at the end, and did not win by its claim (which shows its mission).
      expect(isActive(result.state.players[ROGUE]!)).toBe(true);
      expect(result.winner).not.toBe(ROGUE);
      expect(result.violations.map((v) => v.player)).toEqual([ROGUE]);
      expect(result.violations[0]!.reason).toMatch(/revealed a key that is not the one it dealt with/);
      const audit = game.audits[i]!;
      expect(audit.violations.map((v) => v.player)).toEqual([ROGUE]);
      expect(audit.state!.winner).toBe(winner);
      // The rogue's mission is not shown (its key opens nothing); the honest seats' are.
      expect((audit.missions ?? []).map((m) => m.player)).not.toContain(ROGUE);
    }
  }, 300_000);

  it('a player still in that keeps its key: the others finish after the wait, the record names it, no one is blamed', async () => {
    const game = await playMemoryGame({
      players: 3,
      seed: SEED_WRONG_KEY,
      rules: { variant: 'mission' },
      features: FEATURES,
      rogue: { player: ROGUE, links: keepsKeyAtEnd() },
    });
    const { winner } = honestAgreement(game, HONEST);
    expect(winner).not.toBeNull();
    for (const i of HONEST) {
      expect(isActive(game.results[i]!.state.players[ROGUE]!)).toBe(true);
      expect(game.results[i]!.winner).not.toBe(ROGUE);
      expect(game.results[i]!.violations).toEqual([]);
      const end = game.records[i]!.filter((l) => l.dir === 'note' && l.raw.includes('"end"')).map((l) =>
        JSON.parse(l.raw),
      );
      expect(end).toEqual([{ end: 'conquest', winner, keysMissing: [ROGUE] }]);
      const shown = (game.audits[i]!.missions ?? []).map((m) => m.player);
      expect(shown).not.toContain(ROGUE);
      for (const j of HONEST) expect(shown).toContain(j);
    }
  }, 300_000);
});

describe('a mission claim for one peer and another move for the others', () => {
  it.each(['illegal', 'legal'] as const)(
    'another move the rules find %s: only the claimer is blamed',
    async (other) => {
      const game = await playMemoryGame({
        players: 3,
        seed: SEED_ROGUE_CLAIMS,
        rules: { variant: 'mission' },
        features: FEATURES,
        rogue: { player: ROGUE, links: claimForOne(other) },
      });
      const { winner } = honestAgreement(game, HONEST);
      expect(winner).not.toBeNull();
      expect(winner).not.toBe(ROGUE);
      for (const i of HONEST) {
        const result = game.results[i]!;
        expect(result.state.players[ROGUE]!.neutral).toBe(true);
        // The claim and the other move met: two signed lines for one point, or the other refused.
        expect(result.violations.map((v) => v.reason)).toContainEqual(
          expect.stringMatching(
            other === 'legal' ? /^signed two different moves/ : /^signed two different moves|^illegal deploy/,
          ),
        );
        for (const v of result.violations) expect(v.player).toBe(ROGUE);
        const audit = game.audits[i]!;
        for (const v of audit.violations) expect(v.player).toBe(ROGUE);
        expect(audit.state!.winner).toBe(winner);
      }
    },
    300_000,
  );
});

/** The sequence point a game line belongs to (a move's or claim's `ack_id`, an ack's payload), or null. */
function pointOf(raw: string): number | null {
  const sealed = unseal(raw);
  if (sealed === null) return null;
  try {
    const message = JSON.parse(sealed.inner) as { command?: string; payload?: unknown; ack_id?: unknown };
    if (message.command === 'acknowledgement' && typeof message.payload === 'number') return message.payload;
    return typeof message.ack_id === 'number' ? message.ack_id : null;
  } catch {
    return null;
  }
}

const isKeyBy = (raw: string, players: readonly number[]) => {
  const sealed = unseal(raw);
  return sealed !== null && players.includes(sealed.by) && sealed.inner.startsWith('{"command":"deal_reveal"');
};

describe('a winning claim taken back: the honest deal keys stay secret', () => {
  it('no honest key goes out before the real end; every record shows every honest mission', async () => {
    const game = await playMemoryGame({
      players: 3,
      seed: SEED_ROGUE_CLAIMS,
      rules: { variant: 'mission' },
      features: FEATURES,
      rogue: { player: ROGUE, links: claimForOne('legal') },
    });
    honestAgreement(game, HONEST);
    // The game's last point, as every record shows it; the rogue's winning claim came well before it.
    const last = Math.max(...game.records.flat().map((l) => pointOf(l.raw) ?? -1));
    const claim = game.records[0]!.find((l) => unseal(l.raw)?.inner.startsWith('{"command":"deal_claim"'));
    expect(pointOf(claim!.raw)).toBeLessThan(last);
    // In every record (the rogue's too: what it was sent), an honest key comes only after a line
    // of the last point: the claim taken back at an earlier point published nothing.
    for (const record of game.records) {
      const firstOfLast = record.findIndex((l) => pointOf(l.raw) === last);
      const firstKey = record.findIndex((l) => isKeyBy(l.raw, HONEST));
      if (firstKey >= 0) expect(firstOfLast).toBeGreaterThanOrEqual(0);
      if (firstKey >= 0) expect(firstKey).toBeGreaterThan(firstOfLast);
    }
    // ... and at the real end every honest record holds every honest seat's key.
    for (const i of HONEST) {
      const own = HONEST.map((j) => game.results[j]!.state.missions[j]);
      const shown = new Map((game.audits[i]!.missions ?? []).map((m) => [m.player, m.mission]));
      for (const [at, j] of HONEST.entries()) expect(shown.get(j)).toBe(own[at]);
    }
  }, 300_000);
});
