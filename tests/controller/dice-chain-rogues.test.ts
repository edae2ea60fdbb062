// Dice chains (dice_chains): a rogue among four peers reveals a wrong chain value, skips a value,
// shows some peers a second chain tip, or withholds a reveal. The honest three finish, agree on one
// outcome, and their records (audited by `risk verify`'s code) blame only the rogue.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { chainFrom, chainStart } from '../../src/core/native/dice-chain.js';
import { sealMessage } from '../../src/core/native/lines.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { bytesToHex } from '../../src/protocol/commitment.js';
import type { Message } from '../../src/protocol/messages.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, type MemoryGame, playMemoryGame, type Rogue } from './memory-game.js';
import { type RogueContext, withSend } from './mesh-game.js';

const ROGUE = 1;
const HONEST = [0, 2, 3];
const OTHER_SEED = Uint8Array.from({ length: 32 }, (_, i) => i + 7);

type RollMessage = Extract<Message, { command: 'roll_hash' | 'roll_number' }>;
type Rewrite = (m: RollMessage, to: number, context: RogueContext) => RollMessage[] | null;

/** Each dice line the rogue sends goes through `rewrite` per receiver (null: as it is; [] : nothing). */
function rewritingDice(rewrite: Rewrite): Rogue {
  return (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          const sealed = unseal(line);
          const decoded = sealed ? decodeLine(sealed.inner) : null;
          const m = decoded?.ok && 'message' in decoded ? decoded.message : null;
          // Only its own lines: the others' it hands on (a dispute) go as they are.
          if (m === null || (m.command !== 'roll_hash' && m.command !== 'roll_number') || m.player_id !== context.me)
            return link.send(line);
          const out = rewrite(m, player, context);
          if (out === null) return link.send(line);
          for (const message of out) link.send(sealMessage(context.gameId, message, context.me, context.keyring).line);
        }),
      ]),
    );
}

/** The first round from id 40 on (a battle's, past the opening draws) in which the rogue reveals. */
function fromRound40(): (m: RollMessage) => boolean {
  let chosen: number | null = null;
  return (m) => {
    if (m.command !== 'roll_number' || m.round === undefined) return false;
    if (chosen === null && m.round >= 40) chosen = m.round;
    return m.round === chosen;
  };
}

/** Its reveal of that round rewritten for everyone. */
function atRound40(
  change: (m: Extract<RollMessage, { command: 'roll_number' }>, c: RogueContext) => RollMessage[],
): Rewrite {
  const chosen = fromRound40();
  return (m, _to, context) => (m.command === 'roll_number' && chosen(m) ? change(m, context) : null);
}

/** The rogue's own chain, grown from the same seed the harness gives it (its first secret number). */
const ownChain = (context: RogueContext) =>
  // mesh-game.ts: the secret numbers are SHA-256 of `${seed} ${player} ${n}`; the first seeds the chain.
  chainFrom(Uint8Array.from(createHash('sha256').update(`3 ${context.me} 0`).digest()), {
    gameId: context.gameId,
    from: 0,
    player: context.me,
  });

const ATTACKS: Record<string, { rogue: Rogue; blamed: RegExp | null }> = {
  'a wrong chain value': {
    rogue: rewritingDice(atRound40((m) => [{ ...m, payload: 'ab'.repeat(32) }])),
    blamed: /revealed a dice number that does not match its commitment/,
  },
  'a skipped value (the next round’s)': {
    rogue: rewritingDice(
      atRound40((m, context) => [{ ...m, payload: bytesToHex(ownChain(context).values[(m.round ?? 0) + 1]!) }]),
    ),
    blamed: /revealed a dice number that does not match its commitment/,
  },
  'a second chain tip shown to one peer': {
    rogue: rewritingDice(
      (() => {
        const chosen = fromRound40();
        return (m: RollMessage, to: number, context: RogueContext): RollMessage[] | null => {
          if (!chosen(m) || m.command !== 'roll_number' || m.round === undefined || to !== 0) return null;
          const from = chainStart(m.round);
          const other = chainFrom(OTHER_SEED, { gameId: context.gameId, from, player: context.me });
          return [
            { command: 'roll_hash', payload: other.tip, player_id: context.me, round: from },
            { ...m, payload: bytesToHex(other.values[m.round - from]!) },
          ];
        };
      })(),
    ),
    blamed: /signed two dice commitments for round 0/,
  },
  'a second chain tip from the start, to one peer': {
    rogue: rewritingDice((m, to, context) => {
      if (to !== 0 || m.round === undefined) return null;
      const other = chainFrom(OTHER_SEED, { gameId: context.gameId, from: chainStart(m.round), player: context.me });
      return m.command === 'roll_hash'
        ? [{ ...m, payload: other.tip }]
        : [{ ...m, payload: bytesToHex(other.values[m.round - chainStart(m.round)]!) }];
    }),
    blamed: /signed two dice commitments for round 0/,
  },
  'withholding a reveal': {
    rogue: rewritingDice((m) => (m.command === 'roll_number' && (m.round ?? 0) >= 40 ? [] : null)),
    blamed: null,
  },
};

function onlyTheRogueLoses(game: MemoryGame) {
  const { winner } = honestAgreement(game, HONEST);
  expect(winner).not.toBeNull();
  expect(winner).not.toBe(ROGUE);
  for (const i of HONEST) {
    const result = game.results[i]!;
    expect(['conquest', 'forfeit']).toContain(result.outcome);
    expect(result.state.players[ROGUE]!.neutral).toBe(true);
    expect(result.state.players.filter((p) => p.neutral && p.id !== ROGUE)).toEqual([]);
    for (const v of result.violations) expect(v.player).toBe(ROGUE);
    const audit = game.audits[i]!;
    expect(audit.truncated).toBe(false);
    for (const v of audit.violations) expect(v.player).toBe(ROGUE);
    expect(audit.state!.winner).toBe(winner);
  }
}

describe('a rogue with dice chains', () => {
  it('an honest game commits one chain per player and re-derives every roll in the audit', async () => {
    const game = await playMemoryGame({ players: 4, seed: 3, features: [...NATIVE_FEATURES] });
    honestAgreement(game, [0, 1, 2, 3]);
    for (const i of [0, 1, 2, 3]) {
      const out = game.records[i]!.filter((l) => l.dir === 'out');
      expect(out.filter((l) => l.raw.includes('roll_hash'))).toHaveLength(1);
      expect(out.filter((l) => l.raw.includes('roll_number')).length).toBeGreaterThan(10);
      expect(game.audits[i]!.violations).toEqual([]);
      expect(game.audits[i]!.roundsVerified).toBeGreaterThan(10);
    }
  }, 600_000);

  it.each(Object.keys(ATTACKS))(
    '%s',
    async (name) => {
      const attack = ATTACKS[name]!;
      const game = await playMemoryGame({
        players: 4,
        seed: 3,
        features: [...NATIVE_FEATURES],
        rogue: { player: ROGUE, links: attack.rogue },
      });
      onlyTheRogueLoses(game);
      for (const i of HONEST) {
        const violations = game.results[i]!.violations;
        if (attack.blamed === null) expect(violations).toEqual([]);
        else expect(violations.map((v) => v.reason)).toContainEqual(expect.stringMatching(attack.blamed));
      }
    },
    600_000,
  );
});
