// RISC on the one replica (core/native/replica.ts with core/risc/mesh-game.ts), replicas driven
// directly: lines and `now` in, effects out (tests/core/harness.ts). Honest peers finish alike; a
// rogue that equivocates, changes its orders, stays silent or orders what the rules refuse is made
// neutral on every honest peer, by proof or by vote, and only it is blamed; a line sent to one
// peer only reaches the others by relay.
import { describe, expect, it } from 'vitest';
import type { RiscHand } from '../../src/core/risc/mesh-game.js';
import type { Message } from '../../src/protocol/messages.js';
import { sealOrders } from '../../src/protocol/risc-orders.js';
import { unseal } from '../../src/protocol/signing.js';
import { eventsOf } from './harness.js';
import { messageOf, type RiscMesh, riscMesh, signedBy } from './risc-mesh.js';

const ROGUE = 1;
/** The turn at which the rogue cheats. */
const TURN = 2;

/** A move of the rogue's, signed by it, as it would send it. */
const forged = (mesh: RiscMesh, message: Message) => signedBy(mesh, ROGUE, message);

/** The rogue's commitment or reveal for the cheating turn, if this line is one. */
function rogueMove(from: number, line: string) {
  const m = messageOf(line);
  if (from !== ROGUE || (m?.command !== 'risc_commit' && m?.command !== 'risc_reveal')) return null;
  return m.payload.turn === TURN && m.payload.stage === 'orders' ? m : null;
}

/**
 * The honest replicas all finished, on one winner and one board; the rogue was made neutral on
 * each (for a cheat, blamed: `proof`); nobody else was made neutral or blamed.
 */
function honestAgree(mesh: RiscMesh, proof: boolean) {
  const honest = mesh.replicas.flatMap((r, i) =>
    i === ROGUE ? [] : [{ result: r.finished, effects: mesh.effects[i]! }],
  );
  for (const { result, effects } of honest) {
    expect(result).not.toBeNull();
    expect(result!.state.risc.expelled[ROGUE]).toBe(true);
    expect(result!.winner).not.toBe(ROGUE);
    const blamed = result!.violations.map((v) => v.player);
    if (proof) expect(blamed.length).toBeGreaterThan(0);
    expect(blamed.every((p) => p === ROGUE)).toBe(true);
    // (A neutralisation may be taken back and put at an earlier point: the same player again.)
    const neutral = eventsOf(effects).flatMap((e) => (e.type === 'neutral' ? [e.player] : []));
    expect([...new Set(neutral)]).toEqual([ROGUE]);
  }
  expect(new Set(honest.map((h) => h.result!.winner)).size).toBe(1);
  expect(new Set(honest.map((h) => JSON.stringify(h.result!.state.risc))).size).toBe(1);
}

describe('RISC on the replica', () => {
  it('three honest replicas play a RISC game to one outcome, one state, and blame nobody', async () => {
    const mesh = await riscMesh({ players: 3, seed: 31 });
    mesh.run();
    const results = mesh.replicas.map((r) => r.finished);
    expect(results.every((r) => r !== null)).toBe(true);
    expect(new Set(results.map((r) => r!.winner)).size).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r!.state.risc))).size).toBe(1);
    expect(
      results.every((r) => r!.violations.length === 0 && (r!.outcome === 'conquest' || r!.outcome === 'forfeit')),
    ).toBe(true);
    expect(results[0]!.state.risc.turn).toBeGreaterThan(1);
    for (const effects of mesh.effects) expect(eventsOf(effects).filter((e) => e.type === 'neutral')).toEqual([]);
  });

  it('a rogue that signs two different commitments for one turn is made neutral on proof by every honest replica', async () => {
    let mesh: RiscMesh | undefined;
    mesh = await riscMesh({
      players: 3,
      seed: 32,
      // Player 2 gets another commitment than player 0: no orders, a fresh salt, signed by the rogue.
      rewrite: (from, to, line) => {
        const m = rogueMove(from, line);
        if (m?.command !== 'risc_commit' || to !== 2) return [line];
        const other = sealOrders({ game: m.payload.game, turn: TURN, player: ROGUE }, { stage: 'orders', orders: [] });
        return [forged(mesh!, { ...other.commit, ack_id: m.ack_id! })];
      },
    });
    mesh.run();
    honestAgree(mesh, true);
    expect(mesh.replicas[0]!.finished!.violations[0]!.reason).toMatch(/two different moves|acknowledged/);
  }, 120_000);

  it('a rogue that reveals other orders than it committed is made neutral on proof by every honest replica', async () => {
    let mesh: RiscMesh | undefined;
    mesh = await riscMesh({
      players: 3,
      seed: 33,
      rewrite: (from, _to, line) => {
        const m = rogueMove(from, line);
        if (m?.command !== 'risc_reveal') return [line];
        const other = sealOrders({ game: m.payload.game, turn: TURN, player: ROGUE }, { stage: 'orders', orders: [] });
        return [forged(mesh!, { ...other.reveal, ack_id: m.ack_id! })];
      },
    });
    mesh.run();
    honestAgree(mesh, true);
    for (const i of [0, 2]) expect(mesh.replicas[i]!.finished!.violations[0]!.reason).toMatch(/do not match/);
  }, 120_000);

  it('a rogue that orders what the rules refuse (matching its commitment) is made neutral on proof', async () => {
    let mesh: (RiscMesh & { hands: RiscHand[] }) | undefined;
    let committedAt = -1;
    // The rogue commits to an attack with units it does not have. Its own replica refuses to send
    // the reveal (it checks its seat's moves), so the rogue sends it around its replica, signed,
    // once the reveal is due: after its acknowledgement of player 0's reveal.
    mesh = await riscMesh({
      players: 3,
      seed: 34,
      choose: (me, risc, bot) => {
        if (me !== ROGUE || risc.turn !== TURN) return bot(risc);
        const mine = risc.owner.indexOf(ROGUE);
        return { stage: 'orders', orders: [{ kind: 'attack', from: mine, to: mine, units: 10_000 }] };
      },
      silent: (me, state) => me === ROGUE && state.risc.turn === TURN && mesh?.hands[ROGUE]?.due(state) === 'reveal',
      rewrite: (from, _to, line) => {
        const m = messageOf(line);
        if (from !== ROGUE) return [line];
        if (rogueMove(from, line)?.command === 'risc_commit') committedAt = m!.ack_id!;
        if (m?.command !== 'acknowledgement' || committedAt < 0 || m.payload !== committedAt + 2) return [line];
        const reveal = mesh!.hands[ROGUE]!.reveal(mesh!.replicas[ROGUE]!.current)!;
        return [line, forged(mesh!, { ...reveal, ack_id: committedAt + 3 })];
      },
    });
    mesh.run();
    honestAgree(mesh, true);
    for (const i of [0, 2]) expect(mesh.replicas[i]!.finished!.violations[0]!.reason).toMatch(/illegal/);
  }, 120_000);

  it('a rogue that stays silent at its commitment is voted out, and the game goes on without it', async () => {
    const mesh = await riscMesh({
      players: 3,
      seed: 35,
      silent: (me, state) => me === ROGUE && state.risc.turn >= TURN,
    });
    mesh.run();
    honestAgree(mesh, false);
    for (const i of [0, 2]) expect(mesh.replicas[i]!.finished!.violations).toEqual([]);
  }, 120_000);

  it('a rogue that sends its moves to one peer only: they reach the other by relay; nobody is blamed', async () => {
    const mesh = await riscMesh({
      players: 3,
      seed: 36,
      rewrite: (from, to, line) => {
        const m = messageOf(line);
        return from === ROGUE && to === 2 && (m?.command === 'risc_commit' || m?.command === 'risc_reveal')
          ? []
          : [line];
      },
    });
    mesh.run();
    const results = mesh.replicas.map((r) => r.finished!);
    expect(new Set(results.map((r) => r.winner)).size).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r.state.risc))).size).toBe(1);
    for (const r of results) expect(r.violations).toEqual([]);
    // Player 2 took the rogue's moves as player 0 handed them on.
    const handedOn = mesh.effects[2]!.filter(
      (e) => e.type === 'record' && e.dir === 'in' && e.from === 0 && unseal(e.line)?.by === ROGUE,
    );
    expect(handedOn.length).toBeGreaterThan(0);
  }, 120_000);

  it('a rogue that keeps back its dice number for a turn is voted out during the draw, which goes on without it', async () => {
    const mesh = await riscMesh({
      players: 3,
      seed: 37,
      // The turn's dice round has the turn as its id.
      rewrite: (from, _to, line) => {
        const m = messageOf(line);
        return from === ROGUE && m?.command === 'roll_number' && m.round === TURN ? [] : [line];
      },
    });
    mesh.run();
    honestAgree(mesh, false);
    for (const i of [0, 2]) expect(mesh.replicas[i]!.finished!.state.risc.turn).toBeGreaterThan(TURN);
  }, 120_000);
});
