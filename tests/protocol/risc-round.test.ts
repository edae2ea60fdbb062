// The RISC commit-reveal round: honest play, and every cheat a peer can try.
import { describe, expect, it } from 'vitest';
import { executePlacement, type RiscState, riscMap, startRisc, territoriesOf } from '../../src/model/risc/index.js';
import { seededDice } from '../../src/protocol/random.js';
import { ordersCommitment, parseRiscMessage, type RiscBody, sealOrders } from '../../src/protocol/risc-orders.js';
import {
  awaitingCommits,
  expire,
  finishRound,
  isComplete,
  openRound,
  type RiscRound,
  receive,
} from '../../src/protocol/risc-round.js';

const GAME = 'g-1';
const SALT = 'ab'.repeat(32);

function placedState(): RiscState {
  const s = startRisc(riscMap(), ['a', 'b', 'c'], 16);
  if (!s.ok) throw new Error(s.reason);
  return executePlacement(s.value, [[], [], []]).state; // 2 units on each of 8 territories
}

function feed(round: RiscRound, state: RiscState, ...messages: unknown[]) {
  const outcomes = [];
  for (const raw of messages) {
    const parsed = parseRiscMessage(raw);
    if (!parsed.ok) throw new Error(parsed.reason);
    const r = receive(round, state, parsed.value);
    round = r.round;
    outcomes.push(r);
  }
  return { round, outcomes };
}

const edge = (state: RiscState, player: number) => {
  for (const t of territoriesOf(state, player))
    for (const n of state.board.adjacency[t]!) if (state.owner[n] !== player) return { from: t, to: n };
  throw new Error('no edge');
};

describe('RISC commitments', () => {
  it('binds the orders, the salt, the game, the turn and the player', () => {
    const body: RiscBody = { stage: 'orders', orders: [{ kind: 'move', from: 1, to: 2, units: 3 }] };
    const base = ordersCommitment({ game: GAME, turn: 1, player: 0 }, body, SALT);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(ordersCommitment({ game: GAME, turn: 1, player: 0 }, body, SALT)).toBe(base);
    expect(ordersCommitment({ game: 'other', turn: 1, player: 0 }, body, SALT)).not.toBe(base);
    expect(ordersCommitment({ game: GAME, turn: 2, player: 0 }, body, SALT)).not.toBe(base);
    expect(ordersCommitment({ game: GAME, turn: 1, player: 1 }, body, SALT)).not.toBe(base);
    expect(ordersCommitment({ game: GAME, turn: 1, player: 0 }, body, 'cd'.repeat(32))).not.toBe(base);
    expect(
      ordersCommitment(
        { game: GAME, turn: 1, player: 0 },
        { stage: 'orders', orders: [{ kind: 'move', from: 1, to: 2, units: 4 }] },
        SALT,
      ),
    ).not.toBe(base);
    // key order and extra keys in a reveal do not matter
    const shuffled = {
      stage: 'orders',
      orders: [{ units: 3, to: 2, kind: 'move', from: 1, note: 'x' }],
    } as unknown as RiscBody;
    expect(ordersCommitment({ game: GAME, turn: 1, player: 0 }, shuffled, SALT)).toBe(base);
  });

  it('refuses malformed wire messages with a specific reason', () => {
    expect(
      parseRiscMessage({
        command: 'risc_commit',
        payload: { game: GAME, turn: 1, stage: 'orders', hash: 'xyz' },
        player_id: 0,
      }),
    ).toMatchObject({ ok: false, reason: /payload.hash/ });
    expect(
      parseRiscMessage({
        command: 'risc_reveal',
        payload: {
          game: GAME,
          turn: 1,
          stage: 'orders',
          salt: SALT,
          orders: [{ kind: 'fly', from: 0, to: 1, units: 1 }],
        },
        player_id: 0,
      }).ok,
    ).toBe(false);
    expect(
      parseRiscMessage({
        command: 'risc_commit',
        payload: { game: GAME, turn: -1, stage: 'orders', hash: SALT },
        player_id: 0,
      }).ok,
    ).toBe(false);
  });
});

describe('the RISC round driver', () => {
  it('runs an honest turn: all commit, all reveal, then it executes', () => {
    const state = placedState();
    let round = openRound(state, GAME);
    const e = edge(state, 0);
    const sealed = [0, 1, 2].map((p) =>
      sealOrders(
        { game: GAME, turn: 1, player: p },
        { stage: 'orders', orders: p === 0 ? [{ kind: 'attack', ...e, units: 2 }] : [] },
      ),
    );
    ({ round } = feed(round, state, ...sealed.map((s) => s.commit)));
    expect(awaitingCommits(round)).toEqual([]);
    expect(isComplete(round)).toBe(false);
    const { round: done, outcomes } = feed(round, state, ...sealed.map((s) => s.reveal));
    expect(outcomes.map((o) => o.outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(isComplete(done)).toBe(true);
    const { state: next, events } = finishRound(state, done, seededDice(3));
    expect(events.some((ev) => ev.kind === 'battle' && ev.territory === e.to)).toBe(true);
    expect(next.turn).toBe(2);
  });

  it('expels a player whose reveal does not match the commitment', () => {
    const state = placedState();
    const e = edge(state, 1);
    const honest = sealOrders({ game: GAME, turn: 1, player: 1 }, { stage: 'orders', orders: [] });
    const changed = sealOrders(
      { game: GAME, turn: 1, player: 1 },
      { stage: 'orders', orders: [{ kind: 'attack', ...e, units: 2 }] },
      honest.reveal.payload.salt,
    );
    const { round, outcomes } = feed(openRound(state, GAME), state, honest.commit, changed.reveal);
    expect(outcomes[1]).toMatchObject({ outcome: 'violation', violation: { player: 1, kind: 'reveal-mismatch' } });
    const finished = finishRound(state, expire(round), seededDice(1)).state;
    expect(finished.expelled).toEqual([false, true, false]);
    expect(finished.owner[e.to]).toBe(state.owner[e.to]); // the changed attack never happened
  });

  it('expels a player who reveals illegal orders, even when they match the commitment', () => {
    const state = placedState();
    const e = edge(state, 2);
    const s = sealOrders(
      { game: GAME, turn: 1, player: 2 },
      { stage: 'orders', orders: [{ kind: 'attack', ...e, units: 3 }] },
    );
    const { outcomes } = feed(openRound(state, GAME), state, s.commit, s.reveal);
    expect(outcomes[1]).toMatchObject({
      outcome: 'violation',
      violation: { player: 2, kind: 'illegal-orders', reason: /which has 2/ },
    });
  });

  it('expels a second, different commitment (changing orders after the commit), and ignores a resend', () => {
    const state = placedState();
    const a = sealOrders({ game: GAME, turn: 1, player: 0 }, { stage: 'orders', orders: [] });
    const b = sealOrders({ game: GAME, turn: 1, player: 0 }, { stage: 'orders', orders: [] });
    const { outcomes } = feed(openRound(state, GAME), state, a.commit, a.commit, b.commit);
    expect(outcomes.map((o) => o.outcome)).toEqual(['accepted', 'ignored', 'violation']);
    expect(outcomes[2]).toMatchObject({ violation: { kind: 'duplicate-commit' } });
  });

  it('expels a reveal without a commitment, orders from a player who is out, and a commit after a timeout', () => {
    const state = { ...placedState(), lost: [false, false, true] };
    const r0 = sealOrders({ game: GAME, turn: 1, player: 0 }, { stage: 'orders', orders: [] });
    const r2 = sealOrders({ game: GAME, turn: 1, player: 2 }, { stage: 'orders', orders: [] });
    let round = openRound(state, GAME);
    expect(round.expected).toEqual([0, 1]);
    const first = feed(round, state, r0.reveal, r2.commit);
    expect(first.outcomes.map((o) => o.outcome === 'violation' && o.violation.kind)).toEqual([
      'reveal-without-commit',
      'not-a-player',
    ]);
    round = expire(openRound(state, GAME));
    const late = feed(
      round,
      state,
      sealOrders({ game: GAME, turn: 1, player: 1 }, { stage: 'orders', orders: [] }).commit,
    );
    expect(late.outcomes[0]).toMatchObject({ outcome: 'violation', violation: { kind: 'late-commit' } });
  });

  it('commits an empty order set for a player who times out', () => {
    const state = placedState();
    const e = edge(state, 0);
    const s0 = sealOrders(
      { game: GAME, turn: 1, player: 0 },
      { stage: 'orders', orders: [{ kind: 'attack', ...e, units: 2 }] },
    );
    let { round } = feed(openRound(state, GAME), state, s0.commit, s0.reveal);
    round = expire(round);
    expect(isComplete(round)).toBe(true);
    expect(round.timedOut).toEqual([1, 2]);
    expect(round.bodies[1]).toEqual({ stage: 'orders', orders: [] });
    const { events } = finishRound(state, round, seededDice(2));
    expect(events.filter((ev) => ev.kind === 'battle')).toHaveLength(1);
  });

  it('leaves messages of another round or game for the caller to buffer', () => {
    const state = placedState();
    const next = sealOrders({ game: GAME, turn: 2, player: 0 }, { stage: 'orders', orders: [] });
    const other = sealOrders({ game: 'g-2', turn: 1, player: 0 }, { stage: 'orders', orders: [] });
    const { outcomes } = feed(openRound(state, GAME), state, next.commit, other.commit);
    expect(outcomes.map((o) => o.outcome)).toEqual(['other-round', 'other-round']);
  });

  it('runs the placement round the same way, and a commitment for one stage never opens the other', () => {
    const s = startRisc(riscMap(), ['a', 'b'], 12);
    if (!s.ok) throw new Error(s.reason);
    const state = s.value;
    const mine = territoriesOf(state, 0);
    const p0 = sealOrders(
      { game: GAME, turn: 0, player: 0 },
      { stage: 'placement', placement: [{ territory: mine[0]!, units: 12 }] },
    );
    const p1 = sealOrders(
      { game: GAME, turn: 0, player: 1 },
      { stage: 'placement', placement: [{ territory: mine[0]!, units: 12 }] },
    );
    const { round, outcomes } = feed(openRound(state, GAME), state, p0.commit, p1.commit, p0.reveal, p1.reveal);
    expect(outcomes.map((o) => o.outcome)).toEqual(['accepted', 'accepted', 'accepted', 'violation']);
    const placed = finishRound(state, round, null).state;
    expect(placed.units[mine[0]!]).toBe(12);
    expect(placed.expelled).toEqual([false, true]);
    expect(placed.phase).toBe('orders');
  });
});
