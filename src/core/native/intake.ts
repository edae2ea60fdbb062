// Intake: incoming lines admitted (size, envelope, signature), seen ones dropped, the rest queued in turn.
import { decodeLine, MAX_LINE_LENGTH } from '../../protocol/codec.js';
import { evidenceOf } from '../../protocol/evidence.js';
import type { Message } from '../../protocol/messages.js';
import { MAX_SIGNED_LINE, unseal } from '../../protocol/signing.js';
import { OBSERVER_WINDOW } from './limits.js';
import { isExpelLine, queueKey } from './lines.js';
import type { LinkGuard } from './link-guard.js';

export interface Incoming {
  readonly message: Message;
  readonly line: string;
  readonly sig: string | null;
  /** The link it came on (its author's, or a peer that handed it on). */
  readonly link: number;
}

/** What admitting a line asks of the replica. */
export interface Admission {
  readonly signed: boolean;
  readonly guard: LinkGuard;
  /** Whether `player` is a seat of this game. */
  isSeat(player: number): boolean;
  /** Whether `sig` is `by`'s over the line's exact text (a line that does not decode). */
  signedLine(by: number, inner: string, sig: string): boolean;
  /** Whether `sig` is `by`'s over what the author of this message signs. */
  signedMessage(by: number, message: Message, inner: string, sig: string): boolean;
  /**
   * Whether a line that came straight from its author, on the author's own link, is used before its
   * signature is checked (protocol-spec/native.md, Signed lines, step 6: in a game of two seats, an
   * acknowledgement that names the move held here, or a dice-chain reveal that fits its chain). It is
   * checked when it must be handed on.
   */
  takesUnchecked(from: number, message: Message): boolean;
}

/** A line admitted, or why not: the link's fault, its author's provable cheat, or nothing to do. */
export type Admitted =
  | { readonly ok: true; readonly from: number; readonly message: Message; readonly sig: string | null }
  | { readonly ok: false; readonly fault: string }
  | { readonly ok: false; readonly cheat: { player: number; reason: string; evidence: string[] } }
  | { readonly ok: false; readonly drop: true };

/**
 * Reads a line that came on `link`: its author, its message and its signature, checked once.
 * `judgedAgain`: for a line whose signature was seen before, whether it is read on (a proposal's evidence).
 * `direct`: the line came on a link by itself, live (not inside an expel, not in a rejoin's history).
 */
export function admit(
  link: number,
  line: string,
  at: Admission,
  judgedAgain: (from: number, inner: string) => boolean,
  direct = false,
): Admitted {
  // A long line is never proof (nobody could check it cheaply): only an expel, which carries
  // short signed lines, may pass the move size.
  if (line.length > MAX_LINE_LENGTH || (line.length > MAX_SIGNED_LINE && !isExpelLine(line)))
    return { ok: false, fault: `sent a line of ${line.length} characters` };
  let from = link;
  let inner = line;
  let sig: string | null = null;
  if (at.signed) {
    const sealed = unseal(line);
    if (sealed === null) return { ok: false, fault: 'sent a line that is not signed' };
    if (!at.isSeat(sealed.by)) return { ok: false, fault: `sent a line signed by unknown player ${sealed.by}` };
    inner = sealed.inner;
    sig = sealed.sig;
    from = sealed.by;
    if (at.guard.seen(sig) && !judgedAgain(from, inner)) return { ok: false, drop: true };
  }
  const decoded = decodeLine(inner);
  if (!decoded.ok) {
    const reason = `sent a malformed message: ${decoded.reason.slice(0, 200)}`;
    if (sig === null) return { ok: false, cheat: { player: link, reason, evidence: [evidenceOf(line)] } };
    // Signed garbage is its author's; unsigned garbage only tells us about the link it came on.
    if (at.signedLine(from, inner, sig)) return { ok: false, cheat: { player: from, reason, evidence: [line] } };
    return { ok: false, fault: 'sent a line whose signature does not match' };
  }
  if ('ignored' in decoded) return { ok: false, drop: true };
  const message = decoded.message;
  if (message.command !== 'expel' && line.length > MAX_SIGNED_LINE)
    return { ok: false, fault: `sent a ${message.command} of ${line.length} characters` };
  if (sig !== null) {
    // Every line is checked on arrival: a badly signed line would be used here (a move applied,
    // an ack settling a move, a dice number) but prove nothing when handed on or shown as proof,
    // and a peer that lacked it could not be given it (it would wait, and be voted out by the
    // others, who went on: tests/controller/rogue.test.ts, unprovable-ack). The one exception: in a
    // game of two seats an ack that names the move held here, or a chain reveal that fits its chain,
    // straight from its author over the link its key authenticated; nobody else could ever need it (step 6).
    // Checked by signature and text: a line shown again (a proposal's evidence) may carry a
    // signature found good on another text.
    const unchecked = direct && link === from && at.takesUnchecked(from, message);
    if (!unchecked && !at.guard.wasChecked(from, inner, sig)) {
      if (!at.signedMessage(from, message, inner, sig))
        return { ok: false, fault: 'sent a line whose signature does not match' };
      at.guard.noteChecked(from, inner, sig);
    }
    // A line taken unchecked is remembered too: only its author can send another line under its
    // signature (two seats), and copies of it must not each be handled and recorded again.
    at.guard.remember(sig);
  }
  return { ok: true, from, message, sig };
}

/** Whether a signed line checks out (a signature found good once is not checked again). */
export function proven(line: string, at: Pick<Admission, 'guard' | 'signedLine' | 'signedMessage'>): boolean {
  const sealed = unseal(line);
  if (sealed === null) return false;
  if (at.guard.wasChecked(sealed.by, sealed.inner, sealed.sig)) return true;
  const decoded = decodeLine(sealed.inner);
  const ok =
    decoded.ok && 'message' in decoded
      ? at.signedMessage(sealed.by, decoded.message, sealed.inner, sealed.sig)
      : at.signedLine(sealed.by, sealed.inner, sealed.sig);
  if (ok) at.guard.noteChecked(sealed.by, sealed.inner, sealed.sig);
  return ok;
}

/** Each player's lines waiting for their turn: moves by sequence point, dice lines by round. */
export class Queues {
  private readonly moves = new Map<number, Incoming[]>();
  private readonly rolls = new Map<number, Incoming[]>();

  constructor(players: readonly number[]) {
    for (const player of players) {
      this.moves.set(player, []);
      this.rolls.set(player, []);
    }
  }

  /**
   * Queues a line of `from`'s; the fault, if its queue is full (it sent more than OBSERVER_WINDOW
   * lines ahead of the game: the queue is emptied).
   */
  enqueue(kind: 'moves' | 'rolls', from: number, item: Incoming): string | null {
    const queue = (kind === 'moves' ? this.moves : this.rolls).get(from)!;
    if (queue.length >= OBSERVER_WINDOW) {
      queue.length = 0;
      return `sent more than ${OBSERVER_WINDOW} lines ahead of the game`;
    }
    // Kept in the author's order: a line handed on late (see handOn) goes before the later lines
    // that wait for it, or the queue would wait on itself.
    const key = queueKey(item.message);
    let at = queue.length;
    while (at > 0 && queueKey(queue[at - 1]!.message) > key) at--;
    queue.splice(at, 0, item);
    return null;
  }

  /** Every queue, by author: the moves' first, then the dice lines'. */
  all(): [number, Incoming[]][] {
    return [...this.moves, ...this.rolls];
  }

  /** How many lines wait, by author (diagnostics). */
  lengths() {
    const of = (m: Map<number, Incoming[]>) => [...m].map(([p, q]) => [p, q.length]);
    return { inbox: of(this.moves), rolls: of(this.rolls) };
  }
}
