// A RISC peer: one player's replica of a networked RISC game, messages in and messages out. It
// commits its own orders and a dice number, reveals both once every player still in has committed,
// and executes the turn when every reveal and dice number is in — all through the same replica the
// auditor runs, so its record audits clean. Transport, timeouts and the lobby are the caller's:
// send() broadcasts to the other peers, receive() takes what they sent, expire() ends a round whose
// deadline passed.
import type { RiscEvent, RiscState } from '../../model/risc/index.js';
import { boundCommitment, bytesToHex, hexToBytes, secretNumber } from '../../protocol/commitment.js';
import { type RiscBody, type RiscReveal, type RiscWire, sealOrders } from '../../protocol/risc-orders.js';
import { awaitingCommits, awaitingReveals, isComplete } from '../../protocol/risc-round.js';
import type { RiscHeader, RiscRecordLine } from './record.js';
import { type RecordedViolation, RiscReplica } from './replica.js';

export interface RiscPeerOptions {
  readonly header: RiscHeader;
  readonly me: number;
  /** This player's placement or orders for the state given (a bot, or a person through the UI). */
  readonly decide: (state: RiscState, me: number) => Promise<RiscBody> | RiscBody;
  readonly send: (message: RiscWire) => void;
  readonly onRecord?: (line: RiscRecordLine) => void;
  readonly onExecuted?: (state: RiscState, turn: number, events: readonly RiscEvent[]) => void;
  /** Tests: a fixed source of dice secrets. */
  readonly secret?: () => Uint8Array;
}

type DiceEntry = { hash?: string; number?: string };

export class RiscPeer {
  private readonly replica: RiscReplica;
  private readonly violations: RecordedViolation[] = [];
  private readonly dice = new Map<number, Map<number, DiceEntry>>();
  private lineNo = 1;
  /** What this peer will reveal for the round it committed to. */
  private sealed: {
    turn: number;
    stage: string;
    reveal: RiscReveal;
    number: Uint8Array | null;
    revealed: boolean;
  } | null = null;
  private opened = '';
  private finish!: (state: RiscState) => void;
  readonly done: Promise<RiscState>;

  constructor(private readonly options: RiscPeerOptions) {
    const started = RiscReplica.start(options.header);
    if (!started.ok) throw new Error(started.reason);
    this.replica = started.value;
    this.done = new Promise((resolve) => (this.finish = resolve));
    options.onRecord?.(options.header);
  }

  get state(): RiscState {
    return this.replica.state;
  }

  get found(): readonly RecordedViolation[] {
    return this.violations;
  }

  start(): void {
    void this.openRound();
  }

  receive(message: RiscWire): void {
    if (message.payload.game !== this.replica.game) return;
    if (message.command === 'risc_dice_commit' || message.command === 'risc_dice_reveal') {
      const turn = this.dice.get(message.payload.turn) ?? new Map<number, DiceEntry>();
      this.dice.set(message.payload.turn, turn);
      const entry = turn.get(message.player_id) ?? {};
      if (message.command === 'risc_dice_commit') entry.hash ??= message.payload.hash;
      else entry.number ??= message.payload.number;
      turn.set(message.player_id, entry);
    } else this.apply(message);
    this.progress();
  }

  /**
   * The round's deadline passed (every peer must agree on when: that is the session core's job).
   * Before all have committed, those who have not order nothing and the others go on to reveal;
   * after that, those who have not revealed order nothing and the dice come from those who did.
   */
  expire(): void {
    const round = this.replica.round;
    if (round === null) return;
    const uncommitted = awaitingCommits(round);
    const missing = uncommitted.length > 0 ? uncommitted : awaitingReveals(round);
    if (missing.length > 0)
      this.apply({
        command: 'risc_timeout',
        payload: { game: this.replica.game, turn: round.turn, stage: round.stage, players: missing },
      });
    if (uncommitted.length === 0 && round.stage === 'orders') this.rollDice(true);
    this.progress();
  }

  private apply(line: RiscRecordLine): void {
    this.lineNo++;
    this.options.onRecord?.(line);
    const before = this.replica.state.turn;
    const applied = this.replica.apply(line, this.lineNo);
    this.violations.push(...applied.violations);
    if (applied.executed) this.options.onExecuted?.(this.replica.state, applied.executed.turn, applied.executed.events);
    if (this.replica.state.turn !== before || this.replica.round === null) void this.openRound();
  }

  private async openRound(): Promise<void> {
    const round = this.replica.round;
    if (round === null) return this.finish(this.replica.state);
    const key = `${round.stage}:${round.turn}`;
    if (this.opened === key) return;
    this.opened = key;
    const { me } = this.options;
    if (!round.expected.includes(me) || round.expelled.includes(me)) return;
    const state = this.replica.state;
    const body = await this.options.decide(state, me);
    if (this.replica.round?.turn !== round.turn || this.replica.round.stage !== round.stage) return; // the round moved on (expired)
    const { commit, reveal } = sealOrders({ game: this.replica.game, turn: round.turn, player: me }, body);
    let number: Uint8Array | null = null;
    this.sealed = { turn: round.turn, stage: round.stage, reveal, number: null, revealed: false };
    this.options.send(commit);
    this.apply(commit);
    if (round.stage === 'orders') {
      number = (this.options.secret ?? secretNumber)();
      this.sealed.number = number;
      const dice = {
        command: 'risc_dice_commit' as const,
        payload: {
          game: this.replica.game,
          turn: round.turn,
          hash: boundCommitment(number, { gameId: this.replica.game, round: round.turn, player: me }),
        },
        player_id: me,
      };
      this.options.send(dice);
      this.receive(dice);
      return;
    }
    this.progress();
  }

  /** Reveals once all have committed; rolls the dice once all have revealed. */
  private progress(): void {
    const round = this.replica.round;
    if (round === null) return;
    const sealed = this.sealed;
    if (
      sealed &&
      !sealed.revealed &&
      sealed.turn === round.turn &&
      sealed.stage === round.stage &&
      awaitingCommits(round).length === 0
    ) {
      const diceIn =
        round.stage === 'placement' ||
        this.dicePlayers().every((p) => this.dice.get(round.turn)?.get(p)?.hash !== undefined);
      if (diceIn) {
        sealed.revealed = true;
        this.options.send(sealed.reveal);
        if (sealed.number !== null) {
          const number = {
            command: 'risc_dice_reveal' as const,
            payload: { game: this.replica.game, turn: round.turn, number: bytesToHex(sealed.number) },
            player_id: this.options.me,
          };
          this.options.send(number);
          this.receive(number); // records the number, then comes back here
        }
        this.apply(sealed.reveal);
      }
    }
    this.rollDice(false);
  }

  /** Players whose dice numbers the turn needs: everyone still giving orders this round. */
  private dicePlayers(): number[] {
    const round = this.replica.round!;
    return round.expected.filter((p) => !round.expelled.includes(p) && !round.timedOut.includes(p));
  }

  private rollDice(expired: boolean): void {
    const round = this.replica.round;
    if (round === null || round.stage !== 'orders' || !isComplete(round)) return;
    const entries = this.dice.get(round.turn) ?? new Map<number, DiceEntry>();
    const players = this.dicePlayers();
    const ready = players.filter((p) => entries.get(p)?.number !== undefined && entries.get(p)?.hash !== undefined);
    if (!expired && ready.length < players.length) return;
    // Numbers that do not match their commitment are left out of the seed (and the auditor reports none).
    const numbers = ready
      .map((player) => ({ player, hash: entries.get(player)!.hash!, number: entries.get(player)!.number! }))
      .filter(
        (n) =>
          /^[0-9a-f]{64}$/.test(n.number) &&
          boundCommitment(hexToBytes(n.number), { gameId: this.replica.game, round: round.turn, player: n.player }) ===
            n.hash,
      );
    if (numbers.length === 0) return; // nothing to seed the dice with: wait (or the caller ends the game)
    this.dice.delete(round.turn);
    const turn = round.turn;
    this.apply({ command: 'risc_dice', payload: { game: this.replica.game, turn, numbers } });
    const s = this.replica.state;
    if (s.turn === turn + 1)
      this.apply({
        command: 'risc_turn',
        payload: { game: this.replica.game, turn, owner: [...s.owner], units: [...s.units] },
      });
  }
}
