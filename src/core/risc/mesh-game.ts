// RISC on the mesh replica (core/native/game.ts): a turn is a run of sequenced moves, each
// acknowledged by every player with the resulting state's hash like any classic move. Every
// player still in commits to its orders in seat order, then reveals them in seat order; once
// every reveal is in, the turn is executed as a draw no seat decides, with the dice of a dice
// round. So the commitments every peer holds are cross-checked by the acks, two commitments for
// one turn are two signed moves for one point (or a move out of turn), a reveal that does not
// match its commitment or orders the rules refuse are illegal moves, and silence is settled by
// the replica's votes: all proofs every honest peer checks alone, as for a classic move.
import { CHECK_DICE, type Dice } from '../../model/dice.js';
import { activePlayers, expel, type RiscEvent, type RiscState, riscMap, startRisc } from '../../model/risc/index.js';
import { sha256Hex } from '../../protocol/hash.js';
import type { Message } from '../../protocol/messages.js';
import {
  type RiscBody,
  type RiscCommit,
  type RiscMessage,
  type RiscReveal,
  revealBody,
  sealOrders,
} from '../../protocol/risc-orders.js';
import {
  awaitingCommits,
  awaitingReveals,
  finishRound,
  isComplete,
  openRound,
  type RiscRound,
  receive,
} from '../../protocol/risc-round.js';
import type { MeshGame, Standing, Stepped } from '../native/game.js';

/** One peer's RISC game: the board, and the round (placement or a turn's orders) in progress. */
export interface RiscMeshState {
  readonly risc: RiscState;
  /** Null once the game is over. */
  readonly round: RiscRound | null;
  /** Ended because every other player was made neutral (not on the board). */
  readonly forfeit: boolean;
}

/** A step of a RISC game on the mesh: a player's commitment or reveal, the turn's execution, a neutralisation. */
export type RiscMove =
  | RiscMessage
  | { readonly command: 'risc_execute' }
  | { readonly command: 'timeout'; readonly player: number };

export interface RiscTerms {
  readonly game: string;
  readonly players: readonly string[];
  readonly startUnits: number;
  readonly turnLimit: number | null;
}

const emptyBody = (stage: RiscBody['stage']): RiscBody =>
  stage === 'placement' ? { stage, placement: [] } : { stage, orders: [] };

/** The player whose commitment (or, once all are in, reveal) comes next; null when the round is complete. */
function nextPlayer(round: RiscRound): number | null {
  return awaitingCommits(round)[0] ?? awaitingReveals(round)[0] ?? null;
}

function step(state: RiscMeshState, move: RiscMove, dice: Dice): Stepped<RiscMeshState, RiscEvent> {
  const { risc, round } = state;
  if (move.command === 'timeout') return { ok: true, state: neutralised(state, move.player), events: [] };
  if (round === null) return { ok: false, reason: 'the game is over' };
  if (move.command === 'risc_execute') {
    if (!isComplete(round)) return { ok: false, reason: `the round still waits for player ${nextPlayer(round)}` };
    const executed = finishRound(risc, round, round.stage === 'orders' ? dice : null);
    const next = executed.state;
    return {
      ok: true,
      state: { risc: next, round: next.phase === 'over' ? null : openRound(next, round.game), forfeit: false },
      events: executed.events,
    };
  }
  const awaited = nextPlayer(round);
  if (awaited !== move.player_id) return { ok: false, reason: `it is player ${awaited}'s ${phaseOf(round)}` };
  if (move.command === 'risc_reveal' && awaitingCommits(round).length > 0)
    return { ok: false, reason: 'a reveal before every player committed' };
  const received = receive(round, risc, move);
  if (received.outcome === 'violation') return { ok: false, reason: received.violation.reason };
  if (received.outcome === 'other-round')
    return {
      ok: false,
      reason: `a ${move.command} for ${move.payload.stage} of turn ${move.payload.turn}, but the game is at ${round.stage} of turn ${round.turn}`,
    };
  if (received.outcome === 'ignored') return { ok: false, reason: `a ${move.command} given twice` };
  return { ok: true, state: { ...state, round: received.round }, events: [] };
}

const phaseOf = (round: RiscRound) => (awaitingCommits(round).length > 0 ? 'commitment' : 'reveal');

/** A player made neutral: it orders nothing from this round on; the last player still in wins by forfeit. */
function neutralised(state: RiscMeshState, player: number): RiscMeshState {
  if (state.round === null || state.risc.expelled[player]) return state;
  let risc = expel(state.risc, player);
  const round: RiscRound = {
    ...state.round,
    expelled: [...state.round.expelled, player],
    bodies: { ...state.round.bodies, [player]: emptyBody(state.round.stage) },
  };
  const left = activePlayers(risc);
  if (left.length <= 1) {
    risc = { ...risc, phase: 'over', winner: left[0] ?? null };
    return { risc, round: null, forfeit: true };
  }
  return { risc, round, forfeit: state.forfeit };
}

/** A RISC move off the wire, its fields in one order (a move's hash is over its JSON). */
function moveOf(message: Message): RiscMove | null {
  if (message.command === 'risc_commit') {
    const { game, turn, stage, hash } = message.payload;
    return { command: 'risc_commit', payload: { game, turn, stage, hash }, player_id: message.player_id };
  }
  if (message.command !== 'risc_reveal') return null;
  const p = message.payload;
  const head = { game: p.game, turn: p.turn };
  const payload: RiscReveal['payload'] =
    p.stage === 'placement'
      ? {
          ...head,
          stage: 'placement',
          salt: p.salt,
          placement: p.placement.map(({ territory, units }) => ({ territory, units })),
        }
      : {
          ...head,
          stage: 'orders',
          salt: p.salt,
          orders: p.orders.map(({ kind, from, to, units }) => ({ kind, from, to, units })),
        };
  return { command: 'risc_reveal', payload, player_id: message.player_id };
}

/** The RISC game of these terms, as the mesh replica asks it. */
export function riscGame(terms: RiscTerms): MeshGame<RiscMeshState, RiscMove, RiscEvent> {
  return {
    start(players) {
      if (players !== terms.players.length)
        throw new Error(`RISC terms for ${terms.players.length} players, not ${players}`);
      const started = startRisc(riscMap(), terms.players, terms.startUnits, terms.turnLimit);
      if (!started.ok) throw new Error(started.reason);
      return { risc: started.value, round: openRound(started.value, terms.game), forfeit: false };
    },
    standings: ({ risc }) =>
      risc.players.map(({ id }): Standing => ({ id, neutral: risc.expelled[id]!, eliminated: risc.lost[id]! })),
    over: (state) => state.risc.phase === 'over',
    phase: (state) => state.risc.phase,
    decisionBy: (state) => (state.round === null ? null : nextPlayer(state.round)),
    drawStep: (state) => (state.round !== null && isComplete(state.round) ? { command: 'risc_execute' } : null),
    needsDice: () => false,
    apply: step,
    check(state, move) {
      const result = step(state, move, CHECK_DICE);
      return result.ok ? { ok: true } : result;
    },
    neutralise: (player) => ({ command: 'timeout', player }),
    stateHash({ risc, round }) {
      // Who was made neutral is left out, as in the classic hash: it shows in every later move.
      const { owner, units, phase, turn, lost, winner } = risc;
      const open = round && { turn: round.turn, stage: round.stage, commits: round.commits, bodies: round.bodies };
      return sha256Hex(JSON.stringify({ owner, units, phase, turn, lost, winner, round: open }));
    },
    wonOnBoard: (state) => state.risc.phase === 'over' && !state.forfeit,
    winner: (state) => state.risc.winner,
    // One dice round per turn (the placement's is turn 0): its id is the turn, as in the RISC record.
    roundId: (state) => state.risc.turn,
    neutralMove: () => null,
    attackerOf: () => null,
    moveOf,
    messageOf(move, index) {
      if (move.command !== 'risc_commit' && move.command !== 'risc_reveal')
        throw new Error(`${move.command} is no seat's move`);
      return { ...move, ack_id: index };
    },
    endsTurn: (move) => move.command === 'risc_execute' || move.command === 'timeout',
  };
}

/**
 * A seat's side of the sealed orders: at its commitment it seals the orders its player chose and
 * keeps the reveal; at its reveal it gives that reveal. (Never shared: only this peer knows it.)
 * `onSeal` gets each reveal before its commitment leaves (this peer's record notes it, so a seat
 * that drops out can reveal what it committed to when it rejoins); `kept`: such a reveal, kept.
 */
export class RiscHand {
  private sealed: { turn: number; stage: string; reveal: RiscReveal } | null = null;

  /**
   * `kept`: orders this seat sealed before it dropped out (or the game stopped), from its record: it
   * reveals them, or, if its commitment to them is not in the game it goes on with, commits to them
   * again (the same commitment, never new orders: protocol-spec/resume.md, Rejoin). Noted again in
   * this record when first used (after its header), so that a later rejoin finds them too.
   */
  constructor(
    private readonly me: number,
    private readonly onSeal: (reveal: RiscReveal) => void = () => {},
    kept?: RiscReveal,
  ) {
    if (kept === undefined) return;
    this.sealed = { turn: kept.payload.turn, stage: kept.payload.stage, reveal: kept };
    this.keptUnnoted = true;
  }

  private keptUnnoted = false;

  private noteKept() {
    if (!this.keptUnnoted || this.sealed === null) return;
    this.keptUnnoted = false;
    this.onSeal(this.sealed.reveal);
  }

  /**
   * The commitment this seat owes again in the round in progress: the one to the orders it sealed
   * there before it dropped out, whose commitment the game it goes on with lacks; null: none (its
   * player chooses). A second, different commitment for the round would be proof against it.
   */
  again(state: RiscMeshState): RiscCommit | null {
    const round = state.round;
    const sealed = this.sealed;
    if (round === null || sealed === null || this.due(state) !== 'commit') return null;
    if (sealed.turn !== round.turn || sealed.stage !== round.stage || sealed.reveal.payload.game !== round.game)
      return null;
    const context = { game: round.game, turn: round.turn, player: this.me };
    this.noteKept();
    return sealOrders(context, revealBody(sealed.reveal), sealed.reveal.payload.salt).commit;
  }

  /** What this seat owes now: its commitment (its player must choose), its reveal, or nothing. */
  due(state: RiscMeshState): 'commit' | 'reveal' | null {
    const round = state.round;
    if (round === null || nextPlayer(round) !== this.me) return null;
    return awaitingCommits(round).length > 0 ? 'commit' : 'reveal';
  }

  /** Seals the orders chosen for the round in progress: the commitment to send. */
  commit(state: RiscMeshState, body: RiscBody): RiscCommit {
    const round = state.round;
    if (round === null) throw new Error('no round to commit to');
    // Sealed for the game its round binds (a resumed game's first id, not the new session's).
    const { commit, reveal } = sealOrders({ game: round.game, turn: round.turn, player: this.me }, body);
    this.sealed = { turn: round.turn, stage: round.stage, reveal };
    this.onSeal(reveal);
    return commit;
  }

  /** The reveal of this seat's commitment for the round in progress, or null if it holds none. */
  reveal(state: RiscMeshState): RiscReveal | null {
    const round = state.round;
    const sealed = this.sealed;
    if (round === null || sealed === null || sealed.turn !== round.turn || sealed.stage !== round.stage) return null;
    this.noteKept();
    return sealed.reveal;
  }
}
