// One replica of a RISC game, driven by record lines (the same lines a peer receives or a record
// holds): commits and reveals go through the round driver; a round that is complete executes at
// once for the placement, and for a turn when its dice line arrives. The local driver, the auditor
// and (once wired) the networked core all feed it, so every one computes the same game.

import type { Dice } from '../../model/dice.js';
import {
  activePlayers,
  expel as expelPlayer,
  type RiscEvent,
  type RiscState,
  riscMap,
  startRisc,
} from '../../model/risc/index.js';
import { boundCommitment, hexToBytes } from '../../protocol/commitment.js';
import { seededDice } from '../../protocol/random.js';
import type { RiscMessage } from '../../protocol/risc-orders.js';
import {
  expire,
  finishRound,
  isComplete,
  openRound,
  type RiscRound,
  receive,
  type ViolationKind,
} from '../../protocol/risc-round.js';
import { diceOfNumbers } from '../dice-round.js';
import type { RiscDiceLine, RiscHeader, RiscRecordLine } from './record.js';

export interface RecordedViolation {
  readonly line: number;
  readonly player: number | null;
  /** `proven`: proven on the mesh, live (sessions/risc-net.ts); the others are found in a record. */
  readonly kind: ViolationKind | 'record' | 'dice-commitment' | 'state-mismatch' | 'proven';
  readonly reason: string;
}

export interface Applied {
  readonly violations: readonly RecordedViolation[];
  /** Events of a turn (or the placement) executed by this line. */
  readonly executed: { readonly turn: number; readonly events: readonly RiscEvent[] } | null;
}

const emptyBody = (stage: RiscRound['stage']) =>
  stage === 'placement' ? { stage, placement: [] } : { stage, orders: [] };

export class RiscReplica {
  state: RiscState;
  round: RiscRound | null;
  /** Messages for a later round, held until it opens. */
  private pending: { message: RiscMessage; line: number }[] = [];
  turnsExecuted = 0;
  rolls = 0;
  diceRounds = 0;

  private constructor(
    readonly header: RiscHeader,
    state: RiscState,
  ) {
    this.state = state;
    this.round = openRound(state, header.payload.game);
  }

  static start(header: RiscHeader): { ok: true; value: RiscReplica } | { ok: false; reason: string } {
    const p = header.payload;
    const started = startRisc(riscMap(), p.players, p.start_units, p.turn_limit);
    return started.ok ? { ok: true, value: new RiscReplica(header, started.value) } : started;
  }

  get game(): string {
    return this.header.payload.game;
  }

  apply(line: RiscRecordLine, lineNo: number): Applied {
    const violations: RecordedViolation[] = [];
    const record = (reason: string, player: number | null = null, kind: RecordedViolation['kind'] = 'record') =>
      violations.push({ line: lineNo, player, kind, reason });
    if (
      'payload' in line &&
      'game' in line.payload &&
      line.command !== 'risc_game' &&
      line.payload.game !== this.game
    ) {
      record(`line belongs to game ${line.payload.game}, not ${this.game}`);
      return { violations, executed: null };
    }
    switch (line.command) {
      case 'risc_game':
        record('a second game header');
        return { violations, executed: null };
      case 'risc_commit':
      case 'risc_reveal': {
        violations.push(...this.receive(line, lineNo));
        return { violations, executed: this.placementIfDone() };
      }
      case 'risc_timeout': {
        const p = line.payload;
        if (this.round === null || p.turn !== this.round.turn || p.stage !== this.round.stage) {
          record(
            `timeout for ${p.stage} of turn ${p.turn}, but the game is at ${this.round ? `${this.round.stage} of turn ${this.round.turn}` : 'its end'}`,
          );
          return { violations, executed: null };
        }
        this.round = expire(this.round, p.players);
        return { violations, executed: this.placementIfDone() };
      }
      case 'risc_expel': {
        const { player } = line.payload;
        if (this.round === null || this.state.expelled[player] || !this.round.expected.includes(player)) {
          record(
            `player ${player} made neutral, but it gives no orders ${this.round === null ? 'after the end' : 'in this round'}`,
          );
          return { violations, executed: null };
        }
        this.round = {
          ...this.round,
          expelled: [...this.round.expelled, player],
          bodies: { ...this.round.bodies, [player]: emptyBody(this.round.stage) },
        };
        // As on the mesh (core/risc/mesh-game.ts): the last player still in wins by forfeit.
        const left = activePlayers(expelPlayer(this.state, player));
        if (left.length <= 1) {
          this.state = { ...expelPlayer(this.state, player), phase: 'over', winner: left[0] ?? null };
          this.round = null;
          return { violations, executed: null };
        }
        return { violations, executed: this.placementIfDone() };
      }
      case 'risc_dice': {
        const p = line.payload;
        if (this.round === null || this.round.stage !== 'orders' || p.turn !== this.round.turn) {
          record(
            `dice for turn ${p.turn}, but the game is ${this.round === null ? 'over' : `at ${this.round.stage} of turn ${this.round.turn}`}`,
          );
          return { violations, executed: null };
        }
        if (!isComplete(this.round)) {
          record(`dice for turn ${p.turn} before every player's orders were revealed or timed out`);
          return { violations, executed: null };
        }
        const dice = this.diceFor(line, (reason, player) => record(reason, player, 'dice-commitment'));
        const turn = this.round.turn;
        const { state, events } = finishRound(this.state, this.round, dice);
        this.diceRounds++;
        this.rolls += events.reduce((n, e) => n + (e.kind === 'battle' ? e.rolls : 0), 0);
        this.turnsExecuted++;
        this.advance(state, violations);
        return { violations, executed: { turn, events } };
      }
      case 'risc_turn': {
        const p = line.payload;
        const executed = this.state.turn - 1;
        if (p.turn !== executed) record(`board after turn ${p.turn}, but the last turn executed is ${executed}`);
        else if (p.owner.join() !== this.state.owner.join() || p.units.join() !== this.state.units.join()) {
          record(`the recorded board after turn ${p.turn} differs from the replayed one`, null, 'state-mismatch');
        }
        return { violations, executed: null };
      }
    }
  }

  private receive(message: RiscMessage, lineNo: number): RecordedViolation[] {
    // An expelled player's later messages are noise, not new evidence: they are dropped.
    if (this.state.expelled[message.player_id] || this.round?.expelled.includes(message.player_id)) return [];
    if (this.round === null)
      return [{ line: lineNo, player: message.player_id, kind: 'record', reason: 'orders after the game ended' }];
    const r = receive(this.round, this.state, message);
    if (r.outcome === 'other-round') {
      const p = message.payload;
      const later =
        p.turn > this.round.turn ||
        (p.turn === this.round.turn && p.stage === 'orders' && this.round.stage === 'placement');
      if (later) {
        this.pending.push({ message, line: lineNo });
        return [];
      }
      return [
        {
          line: lineNo,
          player: message.player_id,
          kind: 'record',
          reason: `${message.command} for ${p.stage} of turn ${p.turn}, which is over`,
        },
      ];
    }
    this.round = r.round;
    return r.outcome === 'violation' ? [{ line: lineNo, ...r.violation }] : [];
  }

  private placementIfDone(): Applied['executed'] {
    if (this.round === null || this.round.stage !== 'placement' || !isComplete(this.round)) return null;
    const { state, events } = finishRound(this.state, this.round, null);
    this.advance(state, []);
    return { turn: 0, events };
  }

  private advance(state: RiscState, violations: RecordedViolation[]): void {
    this.state = state;
    this.round = state.phase === 'over' ? null : openRound(state, this.game);
    const held = this.pending;
    this.pending = [];
    for (const { message, line } of held) violations.push(...this.receive(message, line));
  }

  private diceFor(line: RiscDiceLine, report: (reason: string, player: number | null) => void): Dice {
    const p = line.payload;
    if ('seed' in p) return seededDice(p.seed);
    // Every player still giving orders this round (not expelled, not timed out) adds a number.
    const round = this.round!;
    const owed = round.expected.filter((x) => !round.expelled.includes(x) && !round.timedOut.includes(x));
    const given = p.numbers.map((n) => n.player);
    const missing = owed.filter((x) => !given.includes(x));
    const extra = given.filter((x, i) => !owed.includes(x) || given.indexOf(x) !== i);
    if (missing.length > 0)
      report(
        `turn ${p.turn}: no dice number from player${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
        missing.length === 1 ? missing[0]! : null,
      );
    if (extra.length > 0)
      report(
        `turn ${p.turn}: dice numbers from players ${extra.join(', ')}, who give no orders this round or gave two`,
        null,
      );
    for (const n of p.numbers) {
      if (boundCommitment(hexToBytes(n.number), { gameId: this.game, round: p.turn, player: n.player }) !== n.hash) {
        report(`dice number of player ${n.player} for turn ${p.turn} does not match its commitment`, n.player);
      }
    }
    return diceOfNumbers(
      true,
      p.numbers.map((n) => hexToBytes(n.number)),
    );
  }
}
