// The RISC game as the mesh replica asks it (core/risc/mesh-game.ts): commitments then reveals in
// seat order, the turn executed as a draw, and every cheat a refused move (proof for the replica).
import { describe, expect, it } from 'vitest';
import { createRiscBot } from '../../src/ai/risc/bots.js';
import { RiscHand, type RiscMeshState, type RiscMove, riscGame } from '../../src/core/risc/mesh-game.js';
import { seededDice } from '../../src/protocol/random.js';
import { sealOrders } from '../../src/protocol/risc-orders.js';

const terms = { game: 'risc-mesh-test', players: ['ann', 'bob', 'cy'], startUnits: 30, turnLimit: 12 };
const game = riscGame(terms);

function must(state: RiscMeshState, move: RiscMove, seed = 1): RiscMeshState {
  const result = game.apply(state, move, seededDice(seed));
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

/** Plays every due move with bots until `stop` says so or the game ends; the draws with seeded dice. */
async function play(state: RiscMeshState, hands: RiscHand[], stop = (_s: RiscMeshState) => false, seed = 7) {
  const bot = createRiscBot('hard');
  const rng = seededDice(seed);
  for (let steps = 0; steps < 5000 && !game.over(state) && !stop(state); steps++) {
    const draw = game.drawStep(state);
    if (draw !== null) {
      state = must(state, draw, steps);
      continue;
    }
    const who = game.decisionBy(state)!;
    const hand = hands[who]!;
    const risc = state.risc;
    const move =
      hand.due(state) === 'commit'
        ? hand.commit(
            state,
            risc.phase === 'placement'
              ? { stage: 'placement', placement: bot.place(risc, who, rng) }
              : { stage: 'orders', orders: bot.orders(risc, who, rng) },
          )
        : hand.reveal(state);
    state = must(state, move!);
  }
  return state;
}

const handsFor = () => terms.players.map((_, i) => new RiscHand(i));

describe('RISC on the mesh replica', () => {
  it('plays commitments then reveals in seat order, executes each turn as a draw, and ends', async () => {
    let state = game.start(3);
    expect(game.decisionBy(state)).toBe(0);
    const hands = handsFor();
    // Commitments first, in seat order: nobody reveals before every player committed.
    for (const player of [0, 1, 2]) {
      expect(game.decisionBy(state)).toBe(player);
      expect(hands[player]!.due(state)).toBe('commit');
      state = must(state, hands[player]!.commit(state, { stage: 'placement', placement: [] }));
    }
    expect(game.drawStep(state)).toBeNull();
    for (const player of [0, 1, 2]) {
      expect(game.decisionBy(state)).toBe(player);
      expect(hands[player]!.due(state)).toBe('reveal');
      state = must(state, hands[player]!.reveal(state)!);
    }
    expect(game.decisionBy(state)).toBeNull();
    expect(game.drawStep(state)).toEqual({ command: 'risc_execute' });
    state = must(state, { command: 'risc_execute' });
    expect(state.risc.phase).toBe('orders');
    expect(state.risc.turn).toBe(1);
    state = await play(state, hands);
    expect(game.over(state)).toBe(true);
    expect(game.wonOnBoard(state)).toBe(true);
  });

  it('refuses, as proof, a second commitment, a reveal that does not match, illegal orders, and a move out of turn', async () => {
    const hands = handsFor();
    let state = await play(game.start(3), hands, (s) => s.risc.turn === 2);
    const at = { game: terms.game, turn: 2, player: 0 };
    const mine = state.risc.owner.indexOf(0);
    const legal = sealOrders(at, { stage: 'orders', orders: [] });
    // Out of turn: player 1 before player 0.
    const early = sealOrders({ ...at, player: 1 }, { stage: 'orders', orders: [] });
    expect(game.check(state, early.commit)).toEqual({ ok: false, reason: "it is player 0's commitment" });
    state = must(state, legal.commit);
    for (const p of [1, 2])
      state = must(state, sealOrders({ ...at, player: p }, { stage: 'orders', orders: [] }).commit);
    // Player 0 must reveal now: another commitment is a second, different one.
    const again = sealOrders(at, { stage: 'orders', orders: [{ kind: 'move', from: mine, to: mine, units: 1 }] });
    expect(game.check(state, again.commit)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/committed twice/),
    });
    // A reveal of other orders than committed.
    expect(game.check(state, again.reveal)).toMatchObject({ ok: false, reason: expect.stringMatching(/do not match/) });
    // A reveal that matches its commitment but orders units it does not have.
    const greedy = {
      stage: 'orders' as const,
      orders: [{ kind: 'attack' as const, from: mine, to: mine, units: 10_000 }],
    };
    const s2 = await play(game.start(3), handsFor(), (s) => s.risc.turn === 2);
    const cheat = sealOrders(at, greedy);
    const committed = must(s2, cheat.commit);
    const all = [1, 2].reduce(
      (s, p) => must(s, sealOrders({ ...at, player: p }, { stage: 'orders', orders: [] }).commit),
      committed,
    );
    expect(game.check(all, cheat.reveal).ok).toBe(false);
    // The honest reveal passes.
    expect(game.check(state, legal.reveal)).toEqual({ ok: true });
  });

  it('a player made neutral mid-round orders nothing; the last player still in wins by forfeit', async () => {
    const hands = handsFor();
    let state = await play(game.start(3), hands, (s) => s.risc.turn === 2 && game.decisionBy(s) === 1);
    state = must(state, game.neutralise(1));
    expect(game.standings(state)[1]).toEqual({ id: 1, neutral: true, eliminated: false });
    expect(game.decisionBy(state)).toBe(2);
    state = must(state, game.neutralise(2));
    expect(game.over(state)).toBe(true);
    expect(game.winner(state)).toBe(0);
    expect(game.wonOnBoard(state)).toBe(false);
  });

  it('peers compare the commitments and reveals of the round in progress', async () => {
    const state = game.start(3);
    const a = must(
      state,
      sealOrders({ game: terms.game, turn: 0, player: 0 }, { stage: 'placement', placement: [] }).commit,
    );
    const b = must(
      state,
      sealOrders({ game: terms.game, turn: 0, player: 0 }, { stage: 'placement', placement: [] }).commit,
    );
    expect(game.stateHash(a)).not.toBe(game.stateHash(b)); // fresh salts: two different commitments
    expect(game.stateHash(a)).toBe(game.stateHash(structuredClone(a)));
  });
});
