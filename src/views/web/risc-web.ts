// RISC for the page: a RiscMatch (views/risc/match.ts) played from this player's seat, the same
// match the terminal's RISC screens play (against bots here, or resumed from the store), every
// placement and order set sealed by commitment and opened by reveal. The page plans by clicks and
// commits the whole set with one button; this side checks it with the model's rules and hands it
// to the seat.
import { checkOrders, checkPlacement, type Placement, type RiscOrder, type RiscState } from '../../model/risc/index.js';
import type { RiscSeat } from '../../sessions/risc-local.js';
import type { RiscMatch } from '../risc/match.js';
import { endText, eventLines } from '../risc/text.js';
import type { RiscView } from './wire.js';

type Waiting =
  | { readonly kind: 'place'; readonly state: RiscState; readonly resolve: (p: readonly Placement[] | null) => void }
  | { readonly kind: 'orders'; readonly state: RiscState; readonly resolve: (o: readonly RiscOrder[] | null) => void };

const STORY_KEEP = 400;

export class RiscWebGame {
  private state: RiscState | null = null;
  private waiting: Waiting | null = null;
  private committed: RiscView['committed'] = null;
  private story: string[];
  private over: string | null = null;
  private leaving = false;
  /** Resolves when the game has stopped (won, left, or failed). */
  readonly done: Promise<void>;

  /** `onChange`: something the page shows changed. */
  constructor(
    private readonly match: RiscMatch,
    private readonly onChange: () => void,
  ) {
    this.story = [...match.notes];
    const you: RiscSeat = {
      name: match.players[match.me]?.name ?? 'you',
      kind: 'human',
      place: (state) => new Promise((resolve) => this.ask({ kind: 'place', state, resolve })),
      orders: (state) => new Promise((resolve) => this.ask({ kind: 'orders', state, resolve })),
    };
    this.done = match
      .play(you, {
        onExecuted: (state, turn, events) => {
          this.committed = null;
          const lines =
            turn === 0
              ? ['Everyone has placed their units.']
              : [`Turn ${turn}:`, ...(events.length > 0 ? eventLines(state, events) : ['no one moved or attacked'])];
          this.tell(lines);
          this.show(state);
        },
        onNote: (text) => {
          this.tell([text]);
          onChange();
        },
      })
      .then(
        (end) => {
          if (end.state !== null) this.state = end.state;
          this.waiting = null;
          this.over = end.how === 'left' ? 'You left the game.' : endText(end, match.me).join(' ');
          onChange();
        },
        (error: Error) => {
          this.waiting = null;
          this.over = `The game stopped: ${error.message}`;
          onChange();
        },
      );
  }

  private tell(lines: readonly string[]) {
    this.story = [...this.story, ...lines].slice(-STORY_KEEP);
  }

  private ask(waiting: Waiting) {
    // Asked after leaving: the person is gone, the game stops.
    if (this.leaving) return waiting.resolve(null);
    this.waiting = waiting;
    this.state = waiting.state;
    this.onChange();
  }

  private show(state: RiscState) {
    this.state = state;
    this.onChange();
  }

  view(): RiscView | null {
    if (this.state === null) return null;
    const w = this.waiting;
    return {
      state: this.state,
      you: this.match.me,
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
    const check = checkPlacement(w.state, this.match.me, placement);
    if (!check.ok) return check;
    this.waiting = null;
    this.committed = { turn, orders: [], placement };
    w.resolve(placement);
    this.onChange();
    return { ok: true };
  }

  /** The person's orders for turn `turn`, committed all at once, or why they are refused. */
  orders(turn: number, orders: readonly RiscOrder[]): { ok: true } | { ok: false; reason: string } {
    const w = this.waiting;
    if (w === null || w.kind !== 'orders' || w.state.turn !== turn)
      return { ok: false, reason: `no orders are asked for turn ${turn} now` };
    const check = checkOrders(w.state, this.match.me, orders);
    if (!check.ok) return check;
    this.waiting = null;
    this.committed = { turn, orders, placement: [] };
    w.resolve(orders);
    this.onChange();
    return { ok: true };
  }

  /** Leaves: the match stops for this player (a game against bots here stays stored, to be resumed). */
  leave(): Promise<void> {
    this.leaving = true;
    const w = this.waiting;
    this.waiting = null;
    w?.resolve(null);
    this.match.leave();
    return this.done;
  }
}
