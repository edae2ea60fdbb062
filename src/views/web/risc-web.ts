// RISC for the page: one person against RISC bots in this process, through the same local driver
// (sessions/risc-local.ts) the terminal's RISC screen uses, every placement and order set sealed by
// commitment and opened by reveal. The page plans by clicks and commits the whole set with one
// button; this side checks it with the model's rules and hands it to the person's seat.
import type { RiscBotKind } from '../../ai/risc/bots.js';
import { botSeats } from '../../ai/risc/seat.js';
import type { RiscRecordLine } from '../../core/risc/record.js';
import { checkOrders, checkPlacement, type Placement, type RiscOrder, type RiscState } from '../../model/risc/index.js';
import { type RiscSeat, runRiscLocal } from '../../sessions/risc-local.js';
import { RISC_BOT_NAMES } from '../risc/plain.js';
import { eventLines } from '../risc/text.js';
import type { RiscView } from './wire.js';

export interface RiscWebOptions {
  readonly name: string;
  readonly players: number;
  readonly bot: RiscBotKind;
  readonly seed: number;
  readonly startUnits?: number;
  readonly onRecord?: (line: RiscRecordLine) => void;
  /** Something the page shows changed. */
  readonly onChange: () => void;
}

type Waiting =
  | { readonly kind: 'place'; readonly state: RiscState; readonly resolve: (p: readonly Placement[] | null) => void }
  | { readonly kind: 'orders'; readonly state: RiscState; readonly resolve: (o: readonly RiscOrder[] | null) => void };

const STORY_KEEP = 400;
const YOU = 0;

export class RiscWebGame {
  private state: RiscState | null = null;
  private waiting: Waiting | null = null;
  private committed: RiscView['committed'] = null;
  private story: string[] = [];
  private over: string | null = null;
  private leaving = false;
  /** Resolves when the game has stopped (won, left, or failed). */
  readonly done: Promise<void>;

  constructor(private readonly options: RiscWebOptions) {
    const you: RiscSeat = {
      name: options.name,
      kind: 'human',
      place: (state) => new Promise((resolve) => this.ask({ kind: 'place', state, resolve })),
      orders: (state) => new Promise((resolve) => this.ask({ kind: 'orders', state, resolve })),
    };
    const names = [options.name, ...RISC_BOT_NAMES.slice(0, options.players - 1).map((n) => `${n} (bot)`)];
    this.done = runRiscLocal({
      seats: [you, ...botSeats(names.slice(1), [options.bot], options.seed)],
      seed: options.seed,
      turnCap: 1000,
      ...(options.startUnits !== undefined ? { startUnits: options.startUnits } : {}),
      ...(options.onRecord ? { onRecord: options.onRecord } : {}),
      onRound: (state) => this.show(state),
      onExecuted: (state, turn, events) => {
        this.committed = null;
        const lines =
          turn === 0
            ? ['Everyone has placed their units.']
            : [`Turn ${turn}:`, ...(events.length > 0 ? eventLines(state, events) : ['no one moved or attacked'])];
        this.story = [...this.story, ...lines].slice(-STORY_KEEP);
        this.show(state);
      },
    }).then(
      (result) => {
        const s = result.state;
        this.state = s;
        this.waiting = null;
        this.over =
          result.stopped === 'left'
            ? 'You left the game.'
            : s.winner === YOU
              ? 'You hold every territory. You win!'
              : s.winner !== null
                ? `${s.players[s.winner]!.name} wins.`
                : 'The game ended without a winner.';
        options.onChange();
      },
      (error: Error) => {
        this.waiting = null;
        this.over = `The game stopped: ${error.message}`;
        options.onChange();
      },
    );
  }

  private ask(waiting: Waiting) {
    // Asked after leaving: the person is gone, the game stops.
    if (this.leaving) return waiting.resolve(null);
    this.waiting = waiting;
    this.state = waiting.state;
    this.options.onChange();
  }

  private show(state: RiscState) {
    this.state = state;
    this.options.onChange();
  }

  view(): RiscView | null {
    if (this.state === null) return null;
    const w = this.waiting;
    return {
      state: this.state,
      you: YOU,
      asking: w === null ? null : { kind: w.kind, turn: w.state.turn },
      committed: this.committed,
      story: this.story,
      over: this.over,
    };
  }

  /** The person's placement for the round `turn` (0), or why it is refused. */
  place(turn: number, placement: readonly Placement[]): { ok: true } | { ok: false; reason: string } {
    const w = this.waiting;
    if (w === null || w.kind !== 'place' || w.state.turn !== turn)
      return { ok: false, reason: 'no placement is asked now' };
    const check = checkPlacement(w.state, YOU, placement);
    if (!check.ok) return check;
    this.waiting = null;
    this.committed = { turn, orders: [], placement };
    w.resolve(placement);
    this.options.onChange();
    return { ok: true };
  }

  /** The person's orders for turn `turn`, committed all at once, or why they are refused. */
  orders(turn: number, orders: readonly RiscOrder[]): { ok: true } | { ok: false; reason: string } {
    const w = this.waiting;
    if (w === null || w.kind !== 'orders' || w.state.turn !== turn)
      return { ok: false, reason: `no orders are asked for turn ${turn} now` };
    const check = checkOrders(w.state, YOU, orders);
    if (!check.ok) return check;
    this.waiting = null;
    this.committed = { turn, orders, placement: [] };
    w.resolve(orders);
    this.options.onChange();
    return { ok: true };
  }

  /** Leaves: the game stops (it is against bots on this machine). */
  leave(): Promise<void> {
    this.leaving = true;
    const w = this.waiting;
    this.waiting = null;
    w?.resolve(null);
    return this.done;
  }
}
