// A rogue against a seat that rejoins (protocol-spec/resume.md, Rejoin, step 6): the seat's last
// move (or dice commitment) before its process died reached the rogue alone, and the rogue leaves
// it out of the history it sends back. The returning seat, deciding afresh at that point (or
// drawing a fresh number), would sign a second one, and the rogue would hand both on: proof
// against an honest player. In-memory links, fake timers.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import type { GameState } from '../../src/model/index.js';
import type { Link } from '../../src/net/link.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { seededDice } from '../../src/protocol/random.js';
import { unseal } from '../../src/protocol/signing.js';
import type { Seat } from '../../src/sessions/seat.js';
import { honestAgreement, type MemoryGame, playMemoryGame, type Rogue } from './memory-game.js';
import { PER_ROUND_DICE, withSend } from './mesh-game.js';
import { seatBackVerdict } from './seat-back.js';

const ROGUE = 0;
const R = 2;

/** A line's sequenced move by `by`: its command and point; null for any other line. */
function moveBy(line: string, by: number): { command: string; point: number } | null {
  const sealed = unseal(line);
  if (sealed?.by !== by) return null;
  const decoded = decodeLine(sealed.inner);
  if (!decoded.ok || !('message' in decoded)) return null;
  const m = decoded.message;
  if (m.command === 'acknowledgement' || m.command === 'roll_hash' || m.command === 'roll_number') return null;
  return 'ack_id' in m && typeof m.ack_id === 'number' ? { command: m.command, point: m.ack_id } : null;
}

/** The dice round of a line by `by` that commits to its number in it; null for any other line. */
function commitmentBy(line: string, by: number): number | null {
  const sealed = unseal(line);
  if (sealed?.by !== by || !sealed.inner.startsWith('{"command":"roll_hash"')) return null;
  const decoded = decodeLine(sealed.inner);
  return decoded.ok && 'message' in decoded && decoded.message.command === 'roll_hash'
    ? (decoded.message.round ?? null)
    : null;
}

/** What a line of seat R signs for: a move for a point, a commitment for a round (null: anything else). */
const slotOf = (line: string) => {
  const move = moveBy(line, R);
  const round = move === null ? commitmentBy(line, R) : null;
  return move !== null ? `move ${move.point}` : round !== null ? `round ${round}` : null;
};

/** The lines of seat R the rogue keeps to itself, and whether it has handed them on. */
interface Withheld {
  readonly lines: string[];
  handedOn: boolean;
}

/**
 * The lines seat R sent last before it died (`withheld.lines`) never reach the rogue's session,
 * so the rogue neither acknowledges them, hands them on, nor sends them back in its history. Once
 * R signs for one of their points or rounds again, the rogue hands them to everyone.
 */
function withholds(withheld: Withheld): Rogue {
  // Shared by the rogue's links of the game and its new link to the seat that comes back.
  const everyone: Link[] = [];
  let sessions = 0;
  return (links) => {
    // Its links of the game keep the lines from its session; its link to the seat back does not.
    const keeps = sessions++ === 0;
    return new Map(
      [...links].map(([player, link]) => {
        everyone.push(link);
        const rogueLink = withSend(link, (line) => link.send(line));
        rogueLink.onLine = (listener) =>
          link.onLine((line) => {
            if (keeps && withheld.lines.includes(line)) return;
            listener(line);
            const slot = keeps || withheld.handedOn ? null : slotOf(line);
            if (slot === null || !withheld.lines.some((l) => slotOf(l) === slot)) return;
            withheld.handedOn = true;
            for (const l of everyone) if (!l.closed) for (const w of withheld.lines) l.send(w);
          });
        return [player, rogueLink];
      }),
    );
  };
}

/** Back, its first decision is to end its attacks (the turn ends): another move than its withheld attack. */
function endsAttacksFirst(): Seat {
  const bot = botSeat(createBot('normal', seededDice(7)), seededDice(8), { deadlineMs: 60_000 });
  let first = true;
  return {
    kind: 'scripted',
    decide: (state: GameState, player: number) => {
      if (!first || state.phase !== 'attack') return bot.decide(state, player);
      first = false;
      return Promise.resolve({ command: 'fortify', player, payload: null });
    },
  };
}

/** The seat came back at `index` and the rogue handed its withheld lines on; the honest peers finished on one outcome, blaming only the rogue. */
function judge(game: MemoryGame, withheld: Withheld, index: number) {
  expect(game.seatBack!.rejoined).toEqual({ ok: true, index });
  expect(withheld.handedOn, 'the rogue handed on what it withheld').toBe(true);
  expect(seatBackVerdict(game.seatBack!)).toBe('back');
  // (The rogue may win: it broke no rule anyone can prove, it only kept lines to itself.)
  honestAgreement(game, [1, R]);
  for (const i of [1, R]) {
    const result = game.results[i]!;
    expect(result.state.players[R]!.neutral).toBe(false);
    for (const v of result.violations) expect(v.player).toBe(ROGUE);
    expect(game.audits[i]!.truncated).toBe(false);
    for (const v of game.audits[i]!.violations) expect(v.player).toBe(ROGUE);
  }
}

describe('a rogue keeps to itself what a seat sent last before it dropped out', () => {
  it.each([
    ['a commitment per round', PER_ROUND_DICE],
    ['every native feature: pipelined on its deploy, dice chains', [...NATIVE_FEATURES]],
  ] as const)(
    'its move: the seat makes that move again as it was, so nobody can show two of its moves for that point (%s)',
    async (_, features) => {
      const withheld: Withheld = { lines: [], handedOn: false };
      let previous: { command: string; point: number } | null = null;
      const game = await playMemoryGame({
        players: 3,
        seed: 5,
        features,
        rogue: { player: ROGUE, links: withholds(withheld) },
        rejoin: {
          player: R,
          after: 60,
          // Its attack (on the move just before it: its deploy) reaches the rogue (its first link), then its process dies.
          at: (line, to) => {
            const move = to === ROGUE ? moveBy(line, R) : null;
            if (move === null) return false;
            const onDeploy = previous?.command === 'deploy' && previous.point === move.point - 1;
            previous = move;
            if (move.command !== 'attack' || !onDeploy) return false;
            withheld.lines.push(line);
            return true;
          },
          backAfterMs: 500,
          seat: endsAttacksFirst(),
        },
      });
      expect(withheld.lines.length, 'the seat dropped out right after an attack').toBe(1);
      judge(game, withheld, moveBy(withheld.lines[0]!, R)!.point);
    },
    300_000,
  );

  it('its two moves with pipelining, its deploy and the attack on it: it makes both again as they were', async () => {
    const withheld: Withheld = { lines: [], handedOn: false };
    // Its deploy from its `after`-th line on, and the attack it builds on it while the deploy is unsettled.
    let deploy: number | null = null;
    const game = await playMemoryGame({
      players: 3,
      seed: 5,
      features: [...NATIVE_FEATURES],
      rogue: { player: ROGUE, links: withholds(withheld) },
      rejoin: {
        player: R,
        after: 60,
        // Its link to player 1 is down from its deploy on: both reach the rogue alone, then its process dies.
        lost: (_, to) => to === 1 && deploy !== null,
        at: (line, to) => {
          const move = to === ROGUE ? moveBy(line, R) : null;
          if (move === null || (deploy === null && move.command !== 'deploy')) return false;
          deploy ??= move.point;
          withheld.lines.push(line);
          return move.command === 'attack' && move.point === deploy + 1;
        },
        backAfterMs: 500,
        seat: endsAttacksFirst(),
      },
    });
    expect(withheld.lines.map((l) => moveBy(l, R)!.command)).toEqual(['deploy', 'attack']);
    judge(game, withheld, deploy!);
  }, 300_000);

  it('its commitment to a dice round: the seat commits with the number its record noted again', async () => {
    const withheld: Withheld = { lines: [], handedOn: false };
    let attack: number | null = null;
    // The commitment to its attack's dice round: the round of the defence's point (attack + 1), id 2 + that point.
    const ofItsAttack = (line: string) => attack !== null && commitmentBy(line, R) === attack + 3;
    const game = await playMemoryGame({
      players: 3,
      seed: 5,
      rogue: { player: ROGUE, links: withholds(withheld) },
      rejoin: {
        player: R,
        after: 60,
        // Its link to player 1 is down when it commits: the commitment reaches the rogue alone, then its process dies.
        lost: (line, to) => to === 1 && ofItsAttack(line),
        at: (line, to) => {
          if (to !== ROGUE) return false;
          if (moveBy(line, R)?.command === 'attack') attack = moveBy(line, R)!.point;
          if (!ofItsAttack(line)) return false;
          withheld.lines.push(line);
          return true;
        },
        backAfterMs: 500,
      },
    });
    expect(withheld.lines.length, 'the seat dropped out right after its commitment').toBe(1);
    judge(game, withheld, attack! + 1);
  }, 300_000);
});
