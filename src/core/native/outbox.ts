// The effect outbox: what the replica has to do, in order, each incoming line recorded before its first effect.
import { encodeLine } from '../../protocol/codec.js';
import type { Message } from '../../protocol/messages.js';
import type { Effect, SessionEvent, StepNumbers } from '../contract.js';

/** Signs a message as this peer sends it (null when it signs nothing: unsigned, or mute). */
export type Sealer = (message: Message) => { line: string; sig: string };

export class Outbox<S, A, E> {
  private effects: Effect<S, A, E>[] = [];
  /** The incoming line being processed: recorded just before its first consequence. */
  inFlight: { from: number; line: string } | null = null;

  /** `mute`: a replica that only reads (the audit) sends and records nothing of its own. */
  constructor(
    private readonly me: number,
    private readonly mute: boolean,
    private readonly seal: Sealer | null,
  ) {}

  /** Everything to do since the last call. */
  drain(): Effect<S, A, E>[] {
    this.settleInFlight();
    const out = this.effects;
    this.effects = [];
    return out;
  }

  /** An effect as it is (no incoming line is recorded first). */
  push(effect: Effect<S, A, E>) {
    this.effects.push(effect);
  }

  /** Records the incoming line in flight, if it has not been yet. */
  settleInFlight() {
    const flight = this.inFlight;
    if (flight === null) return;
    this.inFlight = null;
    this.effects.push({ type: 'record', dir: 'in', from: flight.from, line: flight.line });
  }

  /** Signs (when signing) and sends a line to everyone; returns the line as sent. */
  broadcast(message: Message): { line: string; sig: string | null } {
    const inner = encodeLine(message).trimEnd();
    let line = inner;
    let sig: string | null = null;
    if (this.seal !== null) ({ line, sig } = this.seal(message));
    if (!this.mute) this.sendToAll(line);
    return { line, sig };
  }

  /** A line of this peer's, already signed: recorded and sent to everyone. */
  sendToAll(line: string) {
    this.settleInFlight();
    this.effects.push({ type: 'record', dir: 'out', from: this.me, line });
    this.effects.push({ type: 'send', line, to: null });
  }

  /** A line that came in on `from`'s link, kept in the record. */
  record(from: number, line: string) {
    this.settleInFlight();
    this.effects.push({ type: 'record', dir: 'in', from, line });
  }

  /** An entry applied here, for the game store (after the line that caused it is recorded). */
  stepped(action: A, numbers: StepNumbers | null) {
    this.settleInFlight();
    this.effects.push({ type: 'step', action, numbers });
  }

  emit(event: SessionEvent<S, E>) {
    this.settleInFlight();
    this.effects.push({ type: 'event', event });
  }
}
