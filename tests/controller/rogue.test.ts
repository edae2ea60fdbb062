// One rogue among four peers performs one attack; the honest three must finish, agree on one
// outcome that the rogue did not win by breaking a rule, and their records blame only the rogue.
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import { type GameState, isActive } from '../../src/model/index.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { unseal } from '../../src/protocol/signing.js';
import { honestAgreement, playMemoryGame, type Rogue } from './memory-game.js';
import { PER_ROUND_DICE, withSend } from './mesh-game.js';
import { ATTACKS, rogue } from './rogue.js';
import { attackGame } from './rogue-attack.js';

/** The game players get: dice chains with early reveals, pipelining with a window of two. */
const DEFAULT = [...NATIVE_FEATURES];

/**
 * Every attack in the default game, but two commitments for one round: with dice chains a player
 * commits once, and the chain's analogue (a second chain tip) is in dice-chain-rogues.test.ts. The
 * copied commitment is then a copied chain tip, in the opening draws (the rogue commits only there).
 */
const IN_THE_DEFAULT_GAME = ATTACKS.filter((a) => a !== 'two-commitments');

describe('a rogue peer cannot split or steal a game', () => {
  it.each(IN_THE_DEFAULT_GAME)(
    '%s',
    (attack) => attackGame(attack, DEFAULT, attack === 'copied-commitment' ? 0 : undefined),
    600_000,
  );
});

describe('two players left and an eliminated one watching', () => {
  // Three players: an honest one is eliminated first (seed 1), then the rogue keeps voting the last
  // honest opponent silent. The watcher must not take the rogue's word alone, or the two honest
  // peers name different winners.
  it('false votes against the last opponent change nothing', async () => {
    const game = await playMemoryGame({
      players: 3,
      seed: 1,
      features: DEFAULT,
      rogue: { player: 2, links: rogue('false-votes', 40) },
    });
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

describe('the last player in the game keeps its final move from those watching', () => {
  /** Sends nothing more once it is the only active player left: its capture that ends the game never arrives. */
  const withholdsTheEnd: Rogue = (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          if (context.state().players.filter(isActive).length > 1) link.send(line);
        }),
      ]),
    );

  // Seeds where player 1 wins the honest default game: with 2 players (and the neutral army) and with 3.
  it.each([
    [2, 1, [0]],
    [3, 1, [0, 2]],
  ])(
    '%i players: the watchers stop waiting (lost contact), blame nobody and agree',
    async (players, seed, watchers) => {
      const game = await playMemoryGame({
        players,
        seed,
        features: DEFAULT,
        rogue: { player: 1, links: withholdsTheEnd },
      });
      honestAgreement(game, watchers);
      for (const i of watchers) {
        const result = game.results[i]!;
        expect(result.outcome).toBe('lost-contact');
        expect(result.reason).toMatch(/p1, the last player in the game, went silent/);
        expect(result.winner).toBeNull();
        expect(result.state.players[i]!.eliminated).toBe(true);
        expect(result.violations).toEqual([]);
        const audit = game.audits[i]!;
        expect(audit.truncated).toBe(false);
        expect(audit.violations).toEqual([]);
      }
    },
    600_000,
  );
});

/**
 * A rogue that sends some players another version of a line it sends (signed by it): `other` gives
 * the version for player `to`, or null for the line as it is.
 */
function otherVersions(other: (message: Message, state: GameState, to: number) => Message | null): Rogue {
  return (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          const sealed = unseal(line);
          const decoded = sealed === null ? null : decodeLine(sealed.inner);
          const message = decoded?.ok && 'message' in decoded ? decoded.message : null;
          const version = message === null ? null : other(message, context.state(), player);
          link.send(version === null ? line : context.sign(version));
        }),
      ]),
    );
}

describe('a rogue shows a watcher another version of its move', () => {
  /**
   * Once a player is out of the game, the rogue's first attack with two or more dice reaches each
   * watcher with one die fewer (signed, so a second move for one point). The players in the game
   * settle the first version without the watchers' acks; a watcher must take that version too.
   */
  const equivocatesToWatchers =
    (version: 'legal' | 'illegal'): Rogue =>
    (links, context) => {
      let done = false;
      const last = Math.max(...links.keys());
      return otherVersions((m, state, to) => {
        const playing = state.players.filter(isActive).length;
        if (done || m.command !== 'attack' || m.payload[2] < 2 || !state.players[to]!.eliminated || playing < 3)
          return null;
        if (to === last) done = true;
        // An illegal version (an attack from the defender's territory) is proof to the watcher at once.
        const [from, into, dice] = m.payload;
        return {
          ...m,
          payload: version === 'legal' ? [from, into, (dice - 1) as 1 | 2] : [into, from, dice],
        } as Message;
      })(links, context);
    };

  // Seeds where a watcher gets the other version while two honest players are still in the game,
  // in lockstep with a commitment per round (where bench:chaos found the cases) and in the default game.
  const LOCKSTEP = 'lockstep';
  const EVERY = 'every native feature';
  it.each([
    [4, 2, [0, 2, 3], 'legal', LOCKSTEP],
    [4, 3, [0, 2, 3], 'legal', EVERY],
    [5, 3, [0, 2, 3, 4], 'legal', EVERY],
    // The watcher makes the rogue neutral at that point itself (found by bench:chaos, seed 1 game 71:
    // the watcher waited for ever for acknowledgements of its neutralisation).
    [4, 2, [0, 2, 3], 'illegal', LOCKSTEP],
    // The same with every native feature: a player in the game that had not yet settled the move took
    // the watcher's neutralisation at the move's point, the other (settled) one put it a point later,
    // and the two voted each other out. A watcher's proposal no longer takes back a move it could
    // not have held up (mayTakeBack).
    [4, 2, [0, 2, 3], 'illegal', EVERY],
  ] as const)(
    '%i players, seed %i, honest %j, a %s version, %s: every honest peer finishes on one state, and only the rogue is blamed',
    async (players, seed, honest, version, features) => {
      const game = await playMemoryGame({
        players,
        seed,
        rogue: { player: 1, links: equivocatesToWatchers(version) },
        features: features === EVERY ? DEFAULT : PER_ROUND_DICE,
      });
      const { winner } = honestAgreement(game, honest);
      expect(winner).not.toBe(1);
      const took = honest.filter((i) =>
        game.events[i]!.some(
          (e) => e.type === 'info' && /acknowledged another move \d+ by p1: taking that one/.test(e.text),
        ),
      );
      expect(took.length).toBeGreaterThan(0);
      for (const i of honest) {
        const result = game.results[i]!;
        expect(['conquest', 'forfeit']).toContain(result.outcome);
        for (const v of result.violations) expect(v.player).toBe(1);
        const audit = game.audits[i]!;
        expect(audit.truncated).toBe(false);
        for (const v of audit.violations) expect(v.player).toBe(1);
        expect(audit.state!.winner).toBe(winner);
      }
    },
    600_000,
  );
});

describe('a rogue shows the one other player in the game another version of its move', () => {
  /**
   * Three players, one honest one out of the game (a watcher): the rogue's first fortify once only
   * it and one honest player are left reaches that player as "no fortify", while the watcher gets
   * the real one, which the rogue acknowledges to both. The player in the game proves the two
   * versions and wins at the next point; the watcher must finish on its state, not on the version
   * the rogue acknowledged. Found by bench:chaos (seed 3, game 48: the two honest final states differed).
   */
  const otherVersionInGame: Rogue = (links, context) => {
    let done = false;
    return otherVersions((m, state, to) => {
      const active = state.players.filter(isActive);
      if (done || m.command !== 'fortify' || m.payload === null || active.length !== 2) return null;
      if (state.players[to]!.eliminated) return null;
      done = true;
      return { ...m, payload: null } as Message;
    })(links, context);
  };

  it.each([
    [1, 'lockstep', PER_ROUND_DICE],
    [2, 'every native feature', DEFAULT],
  ] as const)(
    'seed %i, %s: the watcher finishes on the state of the player in the game; only the rogue is blamed',
    async (seed, _, features) => {
      const game = await playMemoryGame({
        players: 3,
        seed,
        rogue: { player: 2, links: otherVersionInGame },
        features,
      });
      const { winner } = honestAgreement(game, [0, 1]);
      expect(winner).not.toBe(2);
      for (const i of [0, 1]) {
        const result = game.results[i]!;
        expect(result.violations.some((v) => v.player === 2 && /signed two different moves/.test(v.reason))).toBe(true);
        for (const v of result.violations) expect(v.player).toBe(2);
        const audit = game.audits[i]!;
        expect(audit.truncated).toBe(false);
        for (const v of audit.violations) expect(v.player).toBe(2);
      }
    },
    600_000,
  );
});

describe('a rogue that goes silent with its links open, while the honest peers lose each other', () => {
  // Found by bench:chaos (seed 2, game 45): an honest peer that fell behind closed its links to the
  // others, and the rogue's link, open but silent, kept it waiting for ever. With every other
  // player gone or voted silent, no vote can reach a quorum: the peer stops, lost contact.
  const FROM_TURN = 6;
  const silentFrom: Rogue = (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          if (context.state().turn < FROM_TURN) link.send(line);
        }),
      ]),
    );
  /** Player 0's link to player 1 breaks when the rogue goes silent (a network split). */
  const splitFromOne: Rogue = (links, context) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          if (player === 1 && context.state().turn >= FROM_TURN && !link.closed) return void link.close();
          link.send(line);
        }),
      ]),
    );

  // With every native feature (the default) the last entry had settled when the rogue went quiet, so
  // nothing was awaited from it: player 1 voted the unreachable player 0 twice, no quorum came, and
  // it waited for ever. A judge that neither hands on nor votes is now voted silent too.
  it.each([
    ['lockstep', PER_ROUND_DICE],
    ['every native feature', DEFAULT],
  ] as const)(
    '%s: each honest peer stops (lost contact) instead of waiting for ever; both blame only the rogue',
    async (_, features) => {
      const game = await playMemoryGame({
        players: 3,
        seed: 4,
        rogue: { player: 2, links: silentFrom },
        crash: { player: 0, links: splitFromOne },
        features,
      });
      for (const i of [0, 1]) {
        const result = game.results[i];
        expect(result, `peer ${i} hung`).not.toBeNull();
        expect(result!.outcome).toBe('lost-contact');
        expect(result!.winner).toBeNull();
        for (const v of result!.violations) expect(v.player).toBe(2);
        expect(game.audits[i]!.truncated).toBe(false);
        for (const v of game.audits[i]!.violations) expect(v.player).toBe(2);
      }
    },
    600_000,
  );
});

describe('a rogue cannot frame an honest player with its own signed lines', () => {
  // A random deal: the deck's round and the deal's round follow each other. When both had round
  // id 1, an honest player's two real commitments (one per round) read as two for one round, and
  // a rogue that showed them in an expel had that player made neutral at every peer. With dice
  // chains a player commits once: the frame is its chain tip and a real reveal of the deal's round.
  const framing =
    (evidence: 'two commitments' | 'a tip and a reveal'): Rogue =>
    (links, context) => {
      const victim = [...links.keys()].sort((a, b) => a - b)[0]!;
      const lines: string[] = [];
      let sent = false;
      const messageOf = (line: string): Message | null => {
        const sealed = unseal(line);
        const decoded = sealed === null ? null : decodeLine(sealed.inner);
        return decoded?.ok && 'message' in decoded ? decoded.message : null;
      };
      const reason =
        evidence === 'two commitments'
          ? 'signed two dice commitments for round 1'
          : 'revealed a dice number that does not match its commitment';
      const frame = (acked: number) => {
        sent = true;
        const expel: Message = {
          command: 'expel',
          payload: { player: victim, reason, evidence: lines },
          player_id: context.me,
          ack_id: acked + 1,
        };
        for (const l of links.values()) l.send(context.sign(expel));
      };
      // Its commitments for the deck and for the deal (the first player's round is 0); or its chain
      // tip and its reveal for the deal.
      const wanted = (m: Message) =>
        evidence === 'two commitments'
          ? m.command === 'roll_hash' && (m.round ?? 0) >= 1
          : (m.command === 'roll_hash' && lines.length === 0) || (m.command === 'roll_number' && m.round === 2);
      return new Map(
        [...links].map(([player, link]) => {
          const sending = withSend(link, (line) => {
            link.send(line);
            const m = messageOf(line);
            if (!sent && lines.length === 2 && m?.command === 'acknowledgement' && m.payload >= 4) frame(m.payload);
          });
          sending.onLine = (listener) =>
            link.onLine((line) => {
              const m = messageOf(line);
              if (m !== null && 'player_id' in m && m.player_id === victim && wanted(m) && lines.length < 2)
                lines.push(line);
              listener(line);
            });
          return [player, sending];
        }),
      );
    };

  it.each([
    ['two commitments', 'a commitment per round', PER_ROUND_DICE],
    ['a tip and a reveal', 'every native feature', DEFAULT],
  ] as const)(
    '%s of one player, real, prove nothing (%s); the accuser gains nothing',
    async (evidence, _, features) => {
      const game = await playMemoryGame({
        players: 3,
        seed: 3,
        rules: { setup: 'random' },
        features,
        rogue: { player: 1, links: framing(evidence) },
      });
      const { winner } = honestAgreement(game, [0, 2]);
      expect(winner).not.toBeNull();
      for (const i of [0, 2]) {
        // The frame was shown.
        const shown = game.records[i]!.filter((l) => {
          const sealed = unseal(l.raw);
          return l.dir === 'in' && sealed?.by === 1 && sealed.inner.startsWith('{"command":"expel"');
        });
        expect(shown.length).toBeGreaterThan(0);
        const result = game.results[i]!;
        expect(result.state.players[0]!.neutral).toBe(false);
        for (const v of result.violations) expect(v.player).toBe(1);
        for (const v of game.audits[i]!.violations) expect(v.player).toBe(1);
      }
    },
    300_000,
  );
});

describe('acknowledgements and dice reveals used before their signature is checked', () => {
  // Four seats: a peer that took the rogue's ack unchecked could not hand it to the one peer it
  // was kept from; that peer would wait for it and be voted out by the others, who went on (the
  // rule was tried so, and failed exactly here). So with more than two seats every ack and reveal
  // is checked on arrival, and these attacks are in the default game above: the rogue is voted out.
  it.each([
    ['badly-signed-acks', 'acknowledgement', 1],
    ['badly-signed-acks', 'acknowledgement', 7],
    ['badly-signed-reveals', 'roll_number', 1],
    ['badly-signed-reveals', 'roll_number', 7],
  ] as const)(
    'two seats (%s: %s lines, seed %i): a rogue signing them badly is taken at its word, nobody blamed',
    async (attack, command, seed) => {
      const game = await playMemoryGame({
        players: 2,
        seed,
        features: DEFAULT,
        rogue: { player: 1, links: rogue(attack, 40) },
      });
      const result = game.results[0]!;
      expect(result).not.toBeNull();
      expect(['conquest', 'forfeit']).toContain(result.outcome);
      // Its lines were its own word on its own link: they counted, and it was not voted out.
      expect(result.state.players[1]!.neutral).toBe(false);
      expect(result.violations).toEqual([]);
      // The record holds those lines as they came, and is read as the peer played it.
      const bad = game.records[0]!.filter((l) => {
        const sealed = unseal(l.raw);
        return l.dir === 'in' && sealed?.by === 1 && sealed.inner.startsWith(`{"command":"${command}"`);
      });
      expect(bad.length).toBeGreaterThan(0);
      const audit = game.audits[0]!;
      expect(audit.truncated).toBe(false);
      expect(audit.violations).toEqual([]);
      expect(audit.state!.winner).toBe(result.winner);
    },
    300_000,
  );
});
