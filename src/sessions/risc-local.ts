// A RISC game in one process: people and bots at their seats, every placement and order set sealed
// by commitment and opened by reveal through the same round driver a networked peer uses, the
// dice from a seeded generator (one seed per turn, recorded). The record lines it writes are what
// `risk verify` audits.
import { randomBytes } from 'node:crypto';
import { type RiscRecordLine, riscHeader } from '../core/risc/record.js';
import { type RecordedViolation, RiscReplica } from '../core/risc/replica.js';
import type { Placement, RiscEvent, RiscOrder, RiscState } from '../model/risc/index.js';
import { DEFAULT_START_UNITS } from '../model/risc/index.js';
import { mersenneStream } from '../protocol/random.js';
import { type RiscBody, sealOrders } from '../protocol/risc-orders.js';
import { awaitingReveals } from '../protocol/risc-round.js';

/** A seat decides a placement or a turn's orders; null means the player leaves (the game stops). */
export interface RiscSeat {
  readonly name: string;
  /** 'human', or the kind of bot playing it. */
  readonly kind: string;
  place(state: RiscState, player: number): Promise<readonly Placement[] | null>;
  orders(state: RiscState, player: number): Promise<readonly RiscOrder[] | null>;
}

export interface RiscLocalOptions {
  readonly seats: readonly RiscSeat[];
  readonly seed: number;
  readonly game?: string;
  readonly startUnits?: number;
  /** The agreed turn limit (a rule of the game, in the record): see limitWinner. */
  readonly turnLimit?: number | null;
  /** Stop (no winner) after this many turns. */
  readonly turnCap?: number;
  /** A seat that has not answered within this many ms gets the empty order set (none: wait forever). */
  readonly timeoutMs?: number;
  /** Every record line, in order (write them to a file for risk verify). */
  readonly onRecord?: (line: RiscRecordLine) => void;
  /** After the placement (turn 0) and after each turn, with what happened. */
  readonly onExecuted?: (state: RiscState, turn: number, events: readonly RiscEvent[]) => void;
  /** A new round opened: the state the seats are deciding on. */
  readonly onRound?: (state: RiscState) => void;
  /**
   * A stored game going on (resumed): its record so far, header first, ending with a whole round;
   * replayed without being written again, then play goes on from there.
   */
  readonly history?: readonly RiscRecordLine[];
}

export interface RiscLocalResult {
  readonly state: RiscState;
  readonly violations: readonly RecordedViolation[];
  /** won (by conquest or at the turn limit), draw (at the turn limit), left, turn-cap, no-players. */
  readonly stopped: 'won' | 'draw' | 'left' | 'turn-cap' | 'no-players';
}

const TIMED_OUT = Symbol('timed out');

function withTimeout<T>(promise: Promise<T>, ms: number | undefined): Promise<T | typeof TIMED_OUT> {
  if (ms === undefined) return promise;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function runRiscLocal(options: RiscLocalOptions): Promise<RiscLocalResult> {
  const seedStream = mersenneStream([options.seed >>> 0, 0x7153c]);
  const [first, ...before] = options.history ?? [];
  if (first !== undefined && first.command !== 'risc_game') throw new Error('runRiscLocal: the history has no header');
  const header =
    first ??
    riscHeader(
      options.game ?? `risc-${randomBytes(6).toString('hex')}`,
      options.seats.map((s) => s.name),
      { startUnits: options.startUnits ?? DEFAULT_START_UNITS, turnLimit: options.turnLimit ?? null },
    );
  const game = header.payload.game;
  const started = RiscReplica.start(header);
  if (!started.ok) throw new Error(started.reason);
  const replica = started.value;
  const violations: RecordedViolation[] = [];
  let lineNo = 0;
  const emit = (line: RiscRecordLine) => {
    lineNo++;
    options.onRecord?.(line);
    if (line.command === 'risc_game') return;
    const applied = replica.apply(line, lineNo);
    violations.push(...applied.violations);
    if (applied.executed) options.onExecuted?.(replica.state, applied.executed.turn, applied.executed.events);
  };
  if (first === undefined) emit(header);
  else {
    // The stored lines count as read: line numbers go on after them.
    lineNo = 1;
    for (const line of before) {
      lineNo++;
      const applied = replica.apply(line, lineNo);
      violations.push(...applied.violations);
    }
    const r = replica.round;
    if (r !== null && (Object.keys(r.commits).length > 0 || r.timedOut.length > 0))
      throw new Error('runRiscLocal: the history ends in the middle of a round');
  }

  for (;;) {
    const round = replica.round;
    if (round === null) {
      const s = replica.state;
      const drawn = s.winner === null && s.turnLimit !== null && s.turn > s.turnLimit;
      return { state: s, violations, stopped: s.winner !== null ? 'won' : drawn ? 'draw' : 'no-players' };
    }
    if (round.stage === 'orders' && options.turnCap !== undefined && round.turn > options.turnCap)
      return { state: replica.state, violations, stopped: 'turn-cap' };
    const state = replica.state;
    options.onRound?.(state);
    // Everyone decides at once; no seat sees another's orders before all have committed.
    const decisions = await Promise.all(
      round.expected.map(async (player) => {
        const seat = options.seats[player]!;
        const deciding: Promise<readonly (Placement | RiscOrder)[] | null> =
          round.stage === 'placement' ? seat.place(state, player) : seat.orders(state, player);
        const decided = await withTimeout(deciding, options.timeoutMs);
        return { player, decided };
      }),
    );
    if (decisions.some((d) => d.decided === null)) return { state: replica.state, violations, stopped: 'left' };
    const sealed = decisions.flatMap(({ player, decided }) => {
      if (decided === TIMED_OUT || decided === null) return [];
      const body: RiscBody =
        round.stage === 'placement'
          ? { stage: 'placement', placement: decided as readonly Placement[] }
          : { stage: 'orders', orders: decided as readonly RiscOrder[] };
      return [sealOrders({ game, turn: round.turn, player }, body)];
    });
    for (const s of sealed) emit(s.commit);
    for (const s of sealed) emit(s.reveal);
    const missing =
      replica.round !== null && replica.round.turn === round.turn && replica.round.stage === round.stage
        ? awaitingReveals(replica.round)
        : [];
    if (missing.length > 0)
      emit({ command: 'risc_timeout', payload: { game, turn: round.turn, stage: round.stage, players: missing } });
    if (round.stage === 'orders') {
      emit({ command: 'risc_dice', payload: { game, turn: round.turn, seed: seedStream.nextU32() } });
      const s = replica.state;
      emit({ command: 'risc_turn', payload: { game, turn: round.turn, owner: [...s.owner], units: [...s.units] } });
    }
  }
}
