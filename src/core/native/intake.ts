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
   * Whether a line of this kind, straight from its author on the author's own link, may be taken
   * before its signature is checked: the link's key is the signing key, so it can only be the
   * author's, and its signature is checked once the line is handed on or shown (protocol-spec/native.md,
   * Signed lines, step 6).
   */
  checkedLater(message: Message): boolean;
  /** An audit checks every signature all the same, and says which ones the live peer could not have checked. */
  readonly checksAll: boolean;
}

/**
 * A line admitted, or why not: the link's fault, its author's provable cheat, or nothing to do.
 * `badlySigned`: an audit's finding that a line taken straight from its author does not check out.
 */
export type Admitted =
  | {
      readonly ok: true;
      readonly from: number;
      readonly message: Message;
      readonly sig: string | null;
      readonly badlySigned?: true;
    }
  | { readonly ok: false; readonly fault: string }
  | { readonly ok: false; readonly cheat: { player: number; reason: string; evidence: string[] } }
  | { readonly ok: false; readonly drop: true };

/**
 * Reads a line that came on `link`: its author, its message and its signature, checked once (now,
 * or for a line straight from its author when it is handed on or shown: Admission.checkedLater).
 * `judgedAgain`: for a line seen before, whether it is read on (a proposal's evidence).
 * `direct`: the line came on a link itself, not inside another line (a proposal's evidence).
 */
export function admit(
  link: number,
  line: string,
  at: Admission,
  judgedAgain: (from: number, inner: string) => boolean,
  direct = true,
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
    if (at.guard.seen(sig, line) && !judgedAgain(from, inner)) return { ok: false, drop: true };
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
  if (sig === null) return { ok: true, from, message, sig };
  // Straight from its author, on the link its key authenticated: only the author can have sent it,
  // so it may be used now and checked when it is handed on or shown (proven). Anything else is
  // checked now: handed on by another, a proposal's evidence, a line that is proof by itself.
  const later = direct && from === link && at.checkedLater(message);
  if (later && !at.checksAll) {
    at.guard.remember(sig, line);
    return { ok: true, from, message, sig };
  }
  if (!at.guard.checkedBefore(sig, line)) {
    if (!at.signedMessage(from, message, inner, sig)) {
      if (!later) return { ok: false, fault: 'sent a line whose signature does not match' };
      // An audit takes it as the live peer did, and says so.
      at.guard.remember(sig, line);
      return { ok: true, from, message, sig, badlySigned: true };
    }
    at.guard.noteChecked(sig, line);
  }
  at.guard.remember(sig, line);
  return { ok: true, from, message, sig };
}

/** Whether a signed line checks out (a line found good once is not checked again). */
export function proven(line: string, at: Pick<Admission, 'guard' | 'signedLine' | 'signedMessage'>): boolean {
  const sealed = unseal(line);
  if (sealed === null) return false;
  if (at.guard.checkedBefore(sealed.sig, line)) return true;
  const decoded = decodeLine(sealed.inner);
  const ok =
    decoded.ok && 'message' in decoded
      ? at.signedMessage(sealed.by, decoded.message, sealed.inner, sealed.sig)
      : at.signedLine(sealed.by, sealed.inner, sealed.sig);
  if (ok) at.guard.noteChecked(sealed.sig, line);
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
