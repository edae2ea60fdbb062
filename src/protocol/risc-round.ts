// The pure RISC round driver: one round (the placement, or one turn's orders) of commit-reveal.
// Feed it every peer's commits and reveals in the order they arrive; it answers whether each was
// accepted, belongs to another round (buffer it), or is a violation (expel the sender). When every
// player still in has a checked reveal — or the round expired, which gives the missing ones an empty
// order set — finishRound executes it with the dice the caller supplies. Messages in, state out: the
// networked core, the local driver and the auditor all run the same code.
import type { Dice } from '../model/dice.js';
import {
  activePlayers,
  checkOrders,
  checkPlacement,
  type Executed,
  executePlacement,
  executeTurn,
  expel,
  type Placement,
  type RiscOrder,
  type RiscState,
} from '../model/risc/index.js';
import { ordersCommitment, type RiscBody, type RiscMessage, type RiscStage, revealBody } from './risc-orders.js';

export type ViolationKind =
  | 'not-a-player' // from someone who is not (or no longer) in the game
  | 'duplicate-commit' // a second, different commitment
  | 'late-commit' // a commitment after the player's slot was closed by a timeout
  | 'reveal-without-commit'
  | 'reveal-mismatch' // the revealed orders and salt do not hash to the commitment
  | 'illegal-orders'; // the reveal matches but the orders break the rules

export interface Violation {
  readonly player: number;
  readonly kind: ViolationKind;
  readonly reason: string;
}

export interface RiscRound {
  readonly game: string;
  readonly turn: number;
  readonly stage: RiscStage;
  /** The players whose orders this round waits for. */
  readonly expected: readonly number[];
  readonly commits: Readonly<Record<number, string>>;
  /** Checked reveals; an expired player's entry is the empty body. */
  readonly bodies: Readonly<Record<number, RiscBody>>;
  readonly timedOut: readonly number[];
  readonly expelled: readonly number[];
}

export type Received =
  | { readonly outcome: 'accepted' | 'ignored'; readonly round: RiscRound }
  | { readonly outcome: 'other-round'; readonly round: RiscRound }
  | { readonly outcome: 'violation'; readonly round: RiscRound; readonly violation: Violation };

export function openRound(state: RiscState, game: string): RiscRound {
  if (state.phase === 'over') throw new Error('openRound: the game is over');
  return {
    game,
    turn: state.turn,
    stage: state.phase,
    expected: activePlayers(state),
    commits: {},
    bodies: {},
    timedOut: [],
    expelled: [],
  };
}

const emptyBody = (stage: RiscStage): RiscBody =>
  stage === 'placement' ? { stage, placement: [] } : { stage, orders: [] };

function violate(round: RiscRound, player: number, kind: ViolationKind, reason: string): Received {
  // An expelled player's orders are empty this round; the state marks them out in finishRound.
  return {
    outcome: 'violation',
    round: {
      ...round,
      expelled: [...round.expelled, player],
      bodies: { ...round.bodies, [player]: emptyBody(round.stage) },
    },
    violation: { player, kind, reason },
  };
}

export function receive(round: RiscRound, state: RiscState, message: RiscMessage): Received {
  const { payload, player_id: player } = message;
  if (payload.game !== round.game || payload.turn !== round.turn || payload.stage !== round.stage)
    return { outcome: 'other-round', round };
  if (!round.expected.includes(player) || round.expelled.includes(player)) {
    return round.expelled.includes(player)
      ? { outcome: 'ignored', round }
      : violate(round, player, 'not-a-player', `player ${player} has no orders in this round`);
  }
  if (message.command === 'risc_commit') {
    const previous = round.commits[player];
    const hash = message.payload.hash;
    if (round.timedOut.includes(player) && previous === undefined)
      return violate(round, player, 'late-commit', 'committed after the round timed out for them');
    if (previous === hash) return { outcome: 'ignored', round };
    if (previous !== undefined)
      return violate(round, player, 'duplicate-commit', 'committed twice with different hashes');
    return { outcome: 'accepted', round: { ...round, commits: { ...round.commits, [player]: hash } } };
  }
  const hash = round.commits[player];
  if (hash === undefined)
    return violate(round, player, 'reveal-without-commit', 'revealed orders without committing first');
  const body = revealBody(message);
  const salt = message.payload.salt;
  if (ordersCommitment({ game: round.game, turn: round.turn, player }, body, salt) !== hash) {
    return violate(round, player, 'reveal-mismatch', 'the revealed orders do not match the commitment');
  }
  // A reveal matching the commitment again is a resend; after a timeout it comes too late to count.
  if (round.bodies[player] !== undefined) return { outcome: 'ignored', round };
  const legal =
    body.stage === 'placement'
      ? checkPlacement(state, player, body.placement)
      : checkOrders(state, player, body.orders);
  if (!legal.ok) return violate(round, player, 'illegal-orders', legal.reason);
  return { outcome: 'accepted', round: { ...round, bodies: { ...round.bodies, [player]: body } } };
}

/** Players still owing a commitment (before all have committed) — no one reveals before this is empty. */
export function awaitingCommits(round: RiscRound): number[] {
  return round.expected.filter(
    (p) => round.commits[p] === undefined && !round.expelled.includes(p) && !round.timedOut.includes(p),
  );
}

/** Players whose reveal is still missing. */
export function awaitingReveals(round: RiscRound): number[] {
  return round.expected.filter((p) => round.bodies[p] === undefined);
}

export function isComplete(round: RiscRound): boolean {
  return awaitingReveals(round).length === 0;
}

/** The deadline passed: every player without a checked reveal gets the empty order set. */
export function expire(round: RiscRound, players: readonly number[] = awaitingReveals(round)): RiscRound {
  const bodies = { ...round.bodies };
  const timedOut = [...round.timedOut];
  for (const p of players) {
    if (bodies[p] !== undefined || !round.expected.includes(p)) continue;
    bodies[p] = emptyBody(round.stage);
    timedOut.push(p);
  }
  return { ...round, bodies, timedOut };
}

/** Executes a complete round: expels this round's cheaters, then applies everyone's orders. Placement needs no dice. */
export function finishRound(state: RiscState, round: RiscRound, dice: Dice | null): Executed {
  if (!isComplete(round))
    throw new Error(`finishRound: still waiting for players ${awaitingReveals(round).join(', ')}`);
  let next = state;
  for (const p of round.expelled) next = expel(next, p);
  if (round.stage === 'placement') {
    const placements: (readonly Placement[] | undefined)[] = next.players.map((p) => {
      const body = round.bodies[p.id];
      return body?.stage === 'placement' ? body.placement : [];
    });
    return executePlacement(next, placements);
  }
  if (dice === null) throw new Error('finishRound: a turn needs dice');
  if (next.phase === 'over') return { state: next, events: [] };
  const orders: (readonly RiscOrder[] | undefined)[] = next.players.map((p) => {
    const body = round.bodies[p.id];
    return body?.stage === 'orders' ? body.orders : [];
  });
  return executeTurn(next, orders, dice);
}
