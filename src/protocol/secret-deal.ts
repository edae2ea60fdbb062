// The secret deal of distinct cards as a pure state machine (protocol-spec/secret-dealing.md):
// feed it the messages this peer receives and departures, broadcast what it returns. It names a
// cheater only on evidence this peer checked itself from the cheater's own messages.

import type { SecretViolation } from './secret-commitment.js';
import {
  cardElements,
  type DealContext,
  type DealKey,
  decryptCard,
  extend,
  genesis,
  hex,
  keyFromReveal,
  newDealKey,
  proveClaim,
  proveShuffle,
  shuffleDeck,
  unlockCard,
  verifyClaim,
  verifyShuffle,
  verifyUnlock,
} from './secret-deal-crypto.js';
import { defaultRandom, hexToBigInt, isElement } from './secret-group.js';
import { canonicalJson } from './secret-json.js';
import type {
  DealAbort,
  DealAccept,
  DealClaim,
  DealComplaint,
  DealMessage,
  DealReveal,
  DealSequenced,
  DealShuffle,
  DealUnlock,
} from './secret-messages.js';
import { MAX_DEAL_CARDS, MAX_DEAL_PLAYERS } from './secret-messages.js';
import { type Keyring, lineDigest } from './signing.js';

export type { DealContext } from './secret-deal-crypto.js';

export type DealPhase = 'shuffle' | 'unlock' | 'check' | 'audit' | 'dealt' | 'void';

export type DealOutcome =
  /** Every remaining player holds a valid card; `card` is this peer's (undefined for an observer). */
  | { readonly kind: 'dealt'; readonly card: number | undefined }
  /** The deal cannot be finished: deal again (context.deal + 1) among `restartWith`. */
  | {
      readonly kind: 'void';
      readonly reason: string;
      readonly cheaters: readonly number[];
      readonly restartWith: readonly number[];
    };

export interface DealOutput {
  readonly send: readonly DealMessage[];
  readonly violations: readonly SecretViolation[];
  /** Set once, on the step that ends the deal. */
  readonly outcome?: DealOutcome;
  /** Claims checked in this step. */
  readonly claims: readonly { readonly player: number; readonly card: number }[];
  /** Cards learnt from end-of-game key reveals in this step (undefined: the key opens no card). */
  readonly revealed: readonly { readonly player: number; readonly card: number | undefined }[];
}

export interface DealOptions {
  readonly context: DealContext;
  /** This peer's player id, or undefined for an observer (an audit of a recorded deal). */
  readonly me?: number;
  readonly random?: (bytes: number) => Uint8Array;
  /** Tests only: this peer's key. */
  readonly key?: DealKey;
  /**
   * Adversary simulations only: rewrites (or withholds, with undefined) each message this peer
   * sends, and this peer's own state follows the rewritten message as a real cheater's would.
   */
  readonly rewriteOwn?: (message: DealMessage) => DealMessage | undefined;
  /**
   * The game's keyring (src/protocol/signing.ts: the players' libp2p identity keys). With it, a
   * transcript fork names who forked it, with evidence any peer can check; without it a fork voids
   * the deal and names nobody. An observer (audit) needs only `verify`.
   */
  readonly auth?: DealAuth;
}

/** The game's keyring; an observer's may throw on `sign` (signing.ts `keyring(null, ...)`). */
export type DealAuth = Pick<Keyring, 'sign' | 'verify'>;

export const SIGNATURE_TAG = 'p2p-risk/secret-deal/signature/v1';

/**
 * What a deal signature covers: the game's line digest (signing.ts `lineDigest`) of the tag, NUL and
 * the canonical JSON of command, player_id and payload. Every real inner line is a JSON object
 * (starts with '{'), so this digest never equals that of a line the signer sent, nor a move's.
 */
export function dealDigest(gameId: string, message: DealMessage): Buffer {
  return lineDigest(gameId, `${SIGNATURE_TAG}\0${canonicalOf(message)}`);
}

/**
 * Messages held for a later step, per sender: a shuffle can arrive before the one it follows, over
 * another link. A player sends at most 5 deal messages that can be early (shuffle, unlock, result,
 * reveal, claim), so more is flooding.
 */
const MAX_QUEUED_PER_PLAYER = 8;

type Step = {
  send: DealMessage[];
  violations: SecretViolation[];
  claims: { player: number; card: number }[];
  revealed: { player: number; card: number | undefined }[];
  outcome?: DealOutcome;
};

export class DealDriver {
  readonly context: DealContext;
  private readonly me: number | undefined;
  private readonly myPosition: number;
  private readonly key: DealKey | undefined;
  private readonly random: (bytes: number) => Uint8Array;
  private phaseNow: DealPhase = 'shuffle';
  private head: string;
  /** decks[s] is the deck shuffler s receives; decks[n] is the dealt deck. */
  private readonly decks: bigint[][];
  private readonly publicKeys = new Map<number, bigint>();
  private readonly sequenced: DealMessage[] = [];
  /** The dealt cards, position by position, as the unlock steps strip the layers. */
  private current: bigint[] = [];
  private unlocks = 0;
  private readonly results = new Map<number, DealAccept | DealComplaint>();
  private readonly reveals = new Map<number, DealReveal>();
  private readonly claimsMade = new Map<number, DealClaim>();
  private readonly gone = new Set<number>();
  private readonly cheaters = new Set<number>();
  private queue: { from: number; message: DealMessage }[] = [];
  private myCard: number | undefined;
  private sentResult = false;
  /** This peer's turns taken (once each, whatever the adversary hook made of them). */
  private readonly tookTurn = new Set<'shuffle' | 'unlock'>();
  private sentReveal = false;
  /** Rebuilding a recorded deal (restore): this peer's own recorded messages are read, none is made. */
  private replaying = false;

  constructor(private readonly options: DealOptions) {
    const { context } = options;
    const n = context.players.length;
    if (n < 2 || n > MAX_DEAL_PLAYERS) throw new Error(`DealDriver: ${n} players; a deal needs 2–${MAX_DEAL_PLAYERS}`);
    if (new Set(context.players).size !== n) throw new Error('DealDriver: a player is listed twice');
    if (!Number.isInteger(context.cards) || context.cards < n || context.cards > MAX_DEAL_CARDS) {
      throw new Error(`DealDriver: ${context.cards} cards for ${n} players; need ${n}–${MAX_DEAL_CARDS}`);
    }
    if (options.me !== undefined && !context.players.includes(options.me))
      throw new Error('DealDriver: this peer is not a player of the deal');
    this.context = context;
    this.me = options.me;
    this.myPosition = options.me === undefined ? -1 : context.players.indexOf(options.me);
    this.random = options.random ?? defaultRandom;
    this.key = options.me === undefined ? undefined : (options.key ?? newDealKey(this.random));
    this.head = genesis(context);
    this.decks = [[...cardElements(context.gameId, context.cards)]];
  }

  get phase(): DealPhase {
    return this.phaseNow;
  }

  /**
   * The transcript hash over every shuffle and unlock accepted so far: once dealt, the same at every
   * peer that saw the same deal, so the session can acknowledge the deal by it (secret-dealing.md §11).
   */
  get transcriptHead(): string {
    return this.head;
  }

  /** Every message that built the deal, in order (shuffles, unlocks, results), for the game record. */
  transcript(): readonly DealMessage[] {
    return [...this.sequenced, ...this.results.values(), ...this.reveals.values(), ...this.claimsMade.values()];
  }

  /** This peer's card once decrypted (never sent anywhere until claimed). */
  get card(): number | undefined {
    return this.myCard;
  }

  /** Players the deal waits for (for the caller's timer); a player that never answers is passed to `leave`. */
  waitingFor(): number[] {
    const active = (p: number) => !this.gone.has(p) && !this.cheaters.has(p);
    switch (this.phaseNow) {
      case 'shuffle':
        return [this.context.players[this.decks.length - 1]!];
      case 'unlock':
        return [this.context.players[this.unlocks]!];
      case 'check':
        return this.context.players.filter((p) => active(p) && !this.results.has(p));
      case 'audit':
        return this.context.players.filter((p) => active(p) && !this.reveals.has(p));
      default:
        return [];
    }
  }

  /** The first step: the first shuffler sends its shuffle. */
  start(): DealOutput {
    return this.finish(this.newStep());
  }

  receive(from: number, message: DealMessage): DealOutput {
    const step = this.newStep();
    if (message.payload.deal !== this.context.deal || this.phaseNow === 'void') return this.finish(step);
    if (
      (from === this.me && !this.replaying) ||
      !this.context.players.includes(from) ||
      this.gone.has(from) ||
      this.cheaters.has(from)
    )
      return this.finish(step);
    if (message.player_id !== from) {
      this.blame(step, from, `sent a ${message.command} claiming to be player ${message.player_id}`, message);
      return this.finish(step);
    }
    if (this.options.auth !== undefined && !this.signedBy(message, from)) {
      this.blame(step, from, `sent a ${message.command} without a valid signature`, message);
      return this.finish(step);
    }
    if (this.queue.filter((item) => item.from === from).length >= MAX_QUEUED_PER_PLAYER) {
      this.blame(step, from, `sent more deal messages than the deal has steps`, message);
      return this.finish(step);
    }
    this.queue.push({ from, message });
    return this.finish(step);
  }

  /** A player gone (left, timed out, expelled by the session). Before the unlock is complete the deal is void. */
  leave(player: number): DealOutput {
    const step = this.newStep();
    if (
      player === this.me ||
      !this.context.players.includes(player) ||
      this.gone.has(player) ||
      this.phaseNow === 'void'
    )
      return this.finish(step);
    this.gone.add(player);
    if (this.phaseNow === 'shuffle' || this.phaseNow === 'unlock') {
      // Its layer is on every card and only its key removes it: deal again without it.
      this.end(step, `player ${player} left during the ${this.phaseNow}`);
    } else {
      this.checkResults(step);
      this.checkAudit(step);
    }
    return this.finish(step);
  }

  /** This peer's claim: its card and a proof, for every peer to check. */
  claim(): DealOutput {
    const step = this.newStep();
    if (this.phaseNow !== 'dealt' || this.key === undefined || this.myCard === undefined)
      throw new Error('DealDriver.claim: no card dealt to this peer');
    const proof = proveClaim(
      this.context,
      this.me!,
      this.myCard,
      this.current[this.myPosition]!,
      this.key,
      this.random,
    );
    const message = this.own(step, {
      command: 'deal_claim',
      player_id: this.me!,
      payload: { deal: this.context.deal, card: this.myCard, proof },
    });
    if (message?.command === 'deal_claim') this.claimsMade.set(this.me!, message);
    return this.finish(step);
  }

  /** This peer's key and seed, for the audit at the end of the game (its card becomes public). */
  revealKey(): DealOutput {
    const step = this.newStep();
    if (this.phaseNow !== 'dealt' || this.key === undefined)
      throw new Error('DealDriver.revealKey: only after the deal, by a player');
    this.sendReveal(step);
    return this.finish(step);
  }

  /**
   * A deal that ended dealt earlier, rebuilt from its record (a game resumed or rejoined from a
   * stored state, protocol-spec/resume.md): every recorded message, this peer's own too, is checked
   * again as it was when received, and nothing is sent. With `options.me` and `options.key` (this
   * peer's key, rebuilt from its noted random numbers) the driver holds this peer's card and can
   * claim it; without `me` it is an observer that checks the others' claims.
   */
  static restore(
    options: DealOptions,
    messages: readonly { readonly from: number; readonly message: DealMessage }[],
  ): { ok: true; driver: DealDriver } | { ok: false; reason: string } {
    let driver: DealDriver;
    try {
      driver = new DealDriver(options);
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    if (options.me !== undefined && options.key === undefined)
      return { ok: false, reason: "a player's deal is restored with its own key" };
    driver.replaying = true;
    for (const { from, message } of messages) {
      const out = driver.receive(from, message);
      const violation = out.violations[0];
      if (violation !== undefined) return { ok: false, reason: `player ${violation.player} ${violation.reason}` };
    }
    driver.replaying = false;
    if (driver.phaseNow !== 'dealt')
      return { ok: false, reason: `the recorded deal ends in its ${driver.phaseNow} phase` };
    if (driver.key !== undefined && driver.me !== undefined) {
      if (driver.publicKeys.get(driver.me) !== driver.key.y)
        return { ok: false, reason: 'the key given is not the one this peer dealt with' };
      driver.myCard = decryptCard(driver.context, driver.current[driver.myPosition]!, driver.key);
      if (driver.myCard === undefined) return { ok: false, reason: "this peer's key opens no card" };
      driver.sentResult = true;
      driver.tookTurn.add('shuffle').add('unlock');
    }
    return { ok: true, driver };
  }

  // -------------------------------------------------------------------------------------------

  private newStep(): Step {
    return { send: [], violations: [], claims: [], revealed: [] };
  }

  private finish(step: Step): DealOutput {
    // Process queued messages and this peer's own turns until nothing moves.
    for (let progress = true; progress && !this.isVoid(); ) {
      progress = this.act(step);
      for (let i = 0; i < this.queue.length && !this.isVoid(); i++) {
        const item = this.queue[i]!;
        if (
          this.gone.has(item.from) ||
          this.cheaters.has(item.from) ||
          this.handle(step, item.from, item.message) !== 'wait'
        ) {
          this.queue.splice(i, 1);
          progress = true;
          break;
        }
      }
    }
    if (this.isVoid()) this.queue = [];
    return step;
  }

  /** A method, not a property test, because every handler may end the deal. */
  private isVoid(): boolean {
    return this.phaseNow === 'void';
  }

  private blame(step: Step, player: number, reason: string, evidence: unknown): void {
    step.violations.push({ player, reason, evidence: JSON.stringify(evidence) });
    this.cheaters.add(player);
    // Before the unlock is complete the deal cannot go on without the cheater's key.
    if (this.phaseNow === 'shuffle' || this.phaseNow === 'unlock') this.end(step, `player ${player} ${reason}`);
    else this.checkResults(step);
  }

  private remaining(): number[] {
    return this.context.players.filter((p) => !this.gone.has(p) && !this.cheaters.has(p));
  }

  private end(step: Step, reason: string): void {
    this.phaseNow = 'void';
    step.outcome = {
      kind: 'void',
      reason,
      cheaters: [...this.cheaters].sort((a, b) => a - b),
      restartWith: this.remaining(),
    };
  }

  private record(message: DealMessage): void {
    this.sequenced.push(message);
    this.head = extend(this.head, canonicalOf(message));
  }

  /** This peer's own moves when it is its turn. */
  private act(step: Step): boolean {
    if (this.key === undefined || this.me === undefined || this.replaying) return false;
    const n = this.context.players.length;
    if (this.phaseNow === 'shuffle' && this.decks.length - 1 === this.myPosition && !this.tookTurn.has('shuffle')) {
      this.tookTurn.add('shuffle');
      const input = this.decks[this.myPosition]!;
      const deck = shuffleDeck(input, this.key);
      const proof = proveShuffle(this.context, this.me, this.head, input, deck, this.key, this.random);
      const message = this.own(step, {
        command: 'deal_shuffle',
        player_id: this.me,
        payload: { deal: this.context.deal, prev: this.head, key: hex(this.key.y), deck: deck.map(hex), proof },
      });
      if (message?.command === 'deal_shuffle')
        this.applyShuffle(message, message.payload.deck.map(hexToBigInt), hexToBigInt(message.payload.key));
      return true;
    }
    if (this.phaseNow === 'unlock' && this.unlocks === this.myPosition && !this.tookTurn.has('unlock')) {
      this.tookTurn.add('unlock');
      const cards = [];
      for (let position = 0; position < n; position++) {
        if (position === this.myPosition) continue;
        const { value, proof } = unlockCard(
          this.context,
          this.me,
          this.head,
          position,
          this.current[position]!,
          this.key,
          this.random,
        );
        cards.push({ position, value: hex(value), proof });
      }
      const message = this.own(step, {
        command: 'deal_unlock',
        player_id: this.me,
        payload: { deal: this.context.deal, prev: this.head, cards },
      });
      if (message?.command === 'deal_unlock') this.applyUnlock(message);
      return true;
    }
    if (this.phaseNow === 'check' && !this.sentResult) {
      this.sentResult = true;
      this.myCard = decryptCard(this.context, this.current[this.myPosition]!, this.key);
      const payload = { deal: this.context.deal, prev: this.head };
      const message = this.own(
        step,
        this.myCard === undefined
          ? { command: 'deal_complaint', player_id: this.me, payload }
          : { command: 'deal_accept', player_id: this.me, payload },
      );
      if (message?.command === 'deal_accept' || message?.command === 'deal_complaint')
        this.results.set(this.me, message);
      this.checkResults(step);
      return true;
    }
    if (this.phaseNow === 'audit' && !this.sentReveal) {
      this.sendReveal(step);
      this.checkAudit(step);
      return true;
    }
    return false;
  }

  private sendReveal(step: Step): void {
    this.sentReveal = true;
    const message = this.own(step, {
      command: 'deal_reveal',
      player_id: this.me!,
      payload: { deal: this.context.deal, key: hex(this.key!.e), seed: Buffer.from(this.key!.seed).toString('hex') },
    });
    if (message?.command === 'deal_reveal') this.reveals.set(this.me!, message);
  }

  /**
   * Puts one of this peer's messages on the way out (through the adversary hook in simulations):
   * signed, and a sequenced one with the previous step's message attached as evidence.
   */
  private own(step: Step, message: DealMessage): DealMessage | undefined {
    let sent = this.options.rewriteOwn ? this.options.rewriteOwn(message) : message;
    if (sent === undefined) return undefined;
    if (this.options.auth !== undefined) {
      sent = { ...sent, sig: this.options.auth.sign(dealDigest(this.context.gameId, sent)) };
      const last = this.sequenced.at(-1);
      if (last !== undefined && isSequenced(sent)) sent = { ...sent, previous: bare(last) } as DealMessage;
    }
    step.send.push(sent);
    return sent;
  }

  private signedBy(message: DealMessage, player: number): boolean {
    return (
      message.player_id === player &&
      message.sig !== undefined &&
      this.options.auth!.verify(player, dealDigest(this.context.gameId, message), message.sig)
    );
  }

  /** 'wait': not this message's turn yet; 'done': used, dropped or blamed. */
  private handle(step: Step, from: number, message: DealMessage): 'wait' | 'done' {
    switch (message.command) {
      case 'deal_shuffle':
        return this.onShuffle(step, from, message);
      case 'deal_unlock':
        return this.onUnlock(step, from, message);
      case 'deal_accept':
      case 'deal_complaint':
        return this.onResult(step, from, message);
      case 'deal_reveal':
        return this.onReveal(step, from, message);
      case 'deal_claim':
        return this.onClaim(step, from, message);
      case 'deal_abort':
        return this.onAbort(step, from, message);
    }
  }

  /** A second message for a step already taken: the same one is a harmless repeat; another is equivocation. */
  private repeated(step: Step, from: number, earlier: DealMessage | undefined, message: DealMessage): 'done' {
    if (earlier !== undefined && canonicalOf(earlier) !== canonicalOf(message))
      this.blame(step, from, `sent two different ${message.command} messages`, [earlier, message]);
    return 'done';
  }

  /**
   * A sequenced message that does not extend this peer's transcript head. Unsigned, nobody can be
   * named. Signed, the message carries its author's copy of the previous step: if that copy is
   * validly signed and leads to its prev, the previous step's author sent two versions
   * (equivocation); otherwise the sender extends a transcript it cannot show.
   */
  private forked(step: Step, from: number, message: DealSequenced): boolean {
    const prev = message.payload.prev;
    if (prev === this.head) return false;
    const here = `${prev.slice(0, 12)}… here ${this.head.slice(0, 12)}…`;
    if (this.options.auth === undefined) {
      this.abort(
        step,
        `player ${from}'s ${message.command} extends a different deal transcript (${here}): an earlier message was not the same for everyone`,
        {},
      );
      return true;
    }
    const mine = this.sequenced.at(-1);
    const theirs = message.previous;
    const founded =
      mine !== undefined &&
      theirs !== undefined &&
      theirs.command === mine.command &&
      this.signedBy(theirs, mine.player_id) &&
      extend(theirs.payload.prev, canonicalOf(theirs)) === prev;
    if (!founded) {
      this.blame(
        step,
        from,
        `sent a ${message.command} that extends a deal transcript it cannot show (${here})`,
        message,
      );
      this.abort(step, `player ${from} extends a deal transcript it cannot show`, { first: message });
    } else {
      this.blame(step, mine.player_id, `sent different ${mine.command} messages to different players`, [
        bare(mine),
        theirs,
      ]);
      this.abort(step, `player ${mine.player_id} sent different ${mine.command} messages to different players`, {
        first: bare(mine),
        second: theirs,
      });
    }
    return true;
  }

  /** Voids the deal here and tells the others why, with the evidence (when signed). */
  private abort(step: Step, reason: string, evidence: { first?: DealSequenced; second?: DealSequenced }): void {
    if (this.phaseNow !== 'void') this.end(step, reason);
    if (this.me !== undefined)
      this.own(step, {
        command: 'deal_abort',
        player_id: this.me,
        payload: { deal: this.context.deal, reason, ...evidence },
      });
  }

  private onAbort(step: Step, from: number, message: DealAbort): 'done' {
    const { first, second, reason } = message.payload;
    if (this.options.auth === undefined) {
      // Unsigned: nothing to check, and nobody to name; after the deal is done it changes nothing.
      if (this.phaseNow !== 'dealt') this.end(step, `player ${from} aborted the deal: ${reason}`);
      return 'done';
    }
    const positionOf = (m: DealSequenced) => this.context.players.indexOf(m.player_id);
    if (first !== undefined && second !== undefined) {
      const equivocation =
        first.player_id === second.player_id &&
        first.command === second.command &&
        positionOf(first) >= 0 &&
        this.signedBy(first, first.player_id) &&
        this.signedBy(second, second.player_id) &&
        canonicalOf(first) !== canonicalOf(second);
      if (equivocation) {
        this.blame(step, first.player_id, `sent different ${first.command} messages to different players`, [
          first,
          second,
        ]);
        this.end(step, `player ${first.player_id} sent different ${first.command} messages to different players`);
        return 'done';
      }
    } else if (first !== undefined && second === undefined) {
      const theirs = first.previous;
      const unfounded =
        positionOf(first) >= 0 &&
        this.signedBy(first, first.player_id) &&
        (theirs === undefined ||
          !this.signedBy(theirs, theirs.player_id) ||
          extend(theirs.payload.prev, canonicalOf(theirs)) !== first.payload.prev);
      if (unfounded) {
        this.blame(
          step,
          first.player_id,
          `sent a ${first.command} that extends a deal transcript it cannot show`,
          first,
        );
        this.end(step, `player ${first.player_id} extends a deal transcript it cannot show`);
        return 'done';
      }
    }
    this.blame(step, from, 'aborted the deal without evidence of a fork', message);
    return 'done';
  }

  private onShuffle(step: Step, from: number, message: DealShuffle): 'wait' | 'done' {
    const position = this.context.players.indexOf(from);
    const done = this.decks.length - 1;
    if (position < done)
      return this.repeated(
        step,
        from,
        this.sequenced.find((m) => m.command === 'deal_shuffle' && m.player_id === from),
        message,
      );
    if (this.phaseNow !== 'shuffle' || position > done) return this.phaseNow === 'shuffle' ? 'wait' : 'done';
    if (this.forked(step, from, message)) return 'done';
    const { deck: deckHex, key: keyHex, proof } = message.payload;
    const input = this.decks[position]!;
    if (deckHex.length !== input.length) {
      this.blame(step, from, `sent a shuffled deck of ${deckHex.length} cards; the deck has ${input.length}`, message);
      return 'done';
    }
    const y = hexToBigInt(keyHex);
    if (!isElement(y)) {
      this.blame(
        step,
        from,
        'sent a key that is not an element of the group (not a quadratic residue in 2…p−1)',
        message,
      );
      return 'done';
    }
    const deck = deckHex.map(hexToBigInt);
    const bad = deck.findIndex((card) => !isElement(card));
    if (bad >= 0) {
      this.blame(step, from, `sent a deck whose card ${bad} is not an element of the group`, message);
      return 'done';
    }
    const first = new Map<bigint, number>();
    for (const [i, card] of deck.entries()) {
      const earlier = first.get(card);
      if (earlier !== undefined) {
        this.blame(step, from, `sent a deck holding the same card twice (positions ${earlier} and ${i})`, message);
        return 'done';
      }
      first.set(card, i);
    }
    if (!verifyShuffle(this.context, from, this.head, input, deck, y, proof)) {
      this.blame(
        step,
        from,
        'sent a shuffled deck that is not the deck it received raised to its key (the product proof fails)',
        { received: input.map(hex), message },
      );
      return 'done';
    }
    this.applyShuffle(message, deck, y);
    return 'done';
  }

  private applyShuffle(message: DealShuffle, deck: bigint[], y: bigint): void {
    this.publicKeys.set(message.player_id, y);
    this.decks.push(deck);
    this.record(message);
    if (this.decks.length - 1 === this.context.players.length) {
      this.phaseNow = 'unlock';
      this.current = deck.slice(0, this.context.players.length);
    }
  }

  private onUnlock(step: Step, from: number, message: DealUnlock): 'wait' | 'done' {
    if (this.phaseNow === 'shuffle') return 'wait';
    const position = this.context.players.indexOf(from);
    if (this.phaseNow !== 'unlock' || position < this.unlocks) {
      return this.repeated(
        step,
        from,
        this.sequenced.find((m) => m.command === 'deal_unlock' && m.player_id === from),
        message,
      );
    }
    if (position > this.unlocks) return 'wait';
    if (this.forked(step, from, message)) return 'done';
    const n = this.context.players.length;
    const expected = Array.from({ length: n }, (_, i) => i).filter((i) => i !== position);
    const positions = message.payload.cards.map((c) => c.position);
    if (positions.join(',') !== expected.join(',')) {
      this.blame(
        step,
        from,
        `unlocked positions [${positions.join(',')}]; it must unlock [${expected.join(',')}], every dealt card but its own`,
        message,
      );
      return 'done';
    }
    const y = this.publicKeys.get(from)!;
    for (const card of message.payload.cards) {
      const value = hexToBigInt(card.value);
      if (
        !isElement(value) ||
        !verifyUnlock(this.context, from, this.head, card.position, this.current[card.position]!, value, y, card.proof)
      ) {
        this.blame(
          step,
          from,
          `sent for the card at position ${card.position} something other than that card with its layer removed (the proof fails)`,
          {
            card: hex(this.current[card.position]!),
            key: hex(y),
            message,
          },
        );
        return 'done';
      }
    }
    this.applyUnlock(message);
    return 'done';
  }

  private applyUnlock(message: DealUnlock): void {
    for (const card of message.payload.cards) this.current[card.position] = hexToBigInt(card.value);
    this.unlocks++;
    this.record(message);
    if (this.unlocks === this.context.players.length) this.phaseNow = 'check';
  }

  private onResult(step: Step, from: number, message: DealAccept | DealComplaint): 'wait' | 'done' {
    if (this.phaseNow === 'shuffle' || this.phaseNow === 'unlock') return 'wait';
    if (this.results.has(from)) return this.repeated(step, from, this.results.get(from), message);
    if (this.forked(step, from, message)) return 'done';
    this.results.set(from, message);
    this.checkResults(step);
    return 'done';
  }

  private checkResults(step: Step): void {
    if (this.phaseNow !== 'check') return;
    const complaint = [...this.results.values()].some((m) => m.command === 'deal_complaint');
    if (complaint) {
      // The deal is void; every key is revealed so every peer can find who broke it.
      this.phaseNow = 'audit';
      return;
    }
    if (this.remaining().every((p) => this.results.has(p))) {
      this.phaseNow = 'dealt';
      step.outcome = { kind: 'dealt', card: this.myCard };
    }
  }

  private onReveal(step: Step, from: number, message: DealReveal): 'wait' | 'done' {
    if (this.phaseNow !== 'audit' && this.phaseNow !== 'dealt') return 'wait';
    if (this.reveals.has(from)) return this.repeated(step, from, this.reveals.get(from), message);
    this.reveals.set(from, message);
    const position = this.context.players.indexOf(from);
    const key = keyFromReveal(message.payload.key, message.payload.seed);
    if (key === undefined || key.y !== this.publicKeys.get(from)) {
      this.blame(
        step,
        from,
        'revealed a key that is not the one it dealt with (G^key differs from the key in its shuffle)',
        message,
      );
    } else if (canonicalDeck(shuffleDeck(this.decks[position]!, key)) !== canonicalDeck(this.decks[position + 1]!)) {
      this.blame(
        step,
        from,
        "shuffled inconsistently: its deck is not the deck it received raised to its revealed key in its seed's order",
        {
          shuffle: this.sequenced.find((m) => m.command === 'deal_shuffle' && m.player_id === from),
          reveal: message,
        },
      );
    } else if (this.phaseNow === 'dealt') {
      step.revealed.push({ player: from, card: decryptCard(this.context, this.current[position]!, key) });
    }
    this.checkAudit(step);
    return 'done';
  }

  private checkAudit(step: Step): void {
    if (this.phaseNow !== 'audit' || !this.remaining().every((p) => this.reveals.has(p))) return;
    // Every complaint is checked against the complainer's own key: a valid card was a false
    // complaint (an attempt to be dealt again), an invalid one was some shuffler's doing, and
    // that shuffler's recomputation has failed above.
    for (const [player, result] of this.results) {
      if (result.command !== 'deal_complaint' || this.cheaters.has(player)) continue;
      const reveal = this.reveals.get(player);
      const key = reveal && keyFromReveal(reveal.payload.key, reveal.payload.seed);
      if (key === undefined) continue;
      const card = decryptCard(this.context, this.current[this.context.players.indexOf(player)]!, key);
      if (card !== undefined)
        this.blame(step, player, `complained about a valid card (card ${card}) to have the cards dealt again`, {
          complaint: result,
          reveal,
        });
    }
    this.end(step, 'a player complained that its card is not a card; the deal was audited');
  }

  private onClaim(step: Step, from: number, message: DealClaim): 'wait' | 'done' {
    if (this.phaseNow !== 'dealt') return this.phaseNow === 'audit' ? 'done' : 'wait';
    if (this.claimsMade.has(from)) return this.repeated(step, from, this.claimsMade.get(from), message);
    const position = this.context.players.indexOf(from);
    const { card, proof } = message.payload;
    if (
      card >= this.context.cards ||
      !verifyClaim(this.context, from, card, this.current[position]!, this.publicKeys.get(from)!, proof)
    ) {
      this.blame(step, from, `claimed card ${card}, which is not the card dealt to it (the proof fails)`, {
        dealt: hex(this.current[position]!),
        message,
      });
      return 'done';
    }
    this.claimsMade.set(from, message);
    step.claims.push({ player: from, card });
    return 'done';
  }
}

function canonicalOf(message: DealMessage): string {
  const { command, player_id, payload } = message;
  const text = canonicalJson({ command, player_id, payload });
  if (!text.ok) throw new Error(`canonicalOf: ${text.reason}`);
  return text.text;
}

function isSequenced(message: DealMessage): message is DealSequenced {
  return (
    message.command === 'deal_shuffle' ||
    message.command === 'deal_unlock' ||
    message.command === 'deal_accept' ||
    message.command === 'deal_complaint'
  );
}

/** A sequenced message as embedded in the next: without its own `previous`, so evidence stays one level deep. */
function bare(message: DealMessage): DealShuffle | DealUnlock {
  const { previous: _previous, ...rest } = message as DealShuffle;
  return rest as DealShuffle | DealUnlock;
}

function canonicalDeck(deck: readonly bigint[]): string {
  return deck.map(hex).join(',');
}

/**
 * The audit of a recorded deal (`risk verify`): replays every message through an observer and
 * returns the violations, the claims and the cards the revealed keys open.
 */
export function auditDeal(
  context: DealContext,
  messages: readonly { from: number; message: DealMessage }[],
  auth?: Pick<Keyring, 'verify'>,
): {
  violations: SecretViolation[];
  outcome: DealOutcome | undefined;
  claims: { player: number; card: number }[];
  revealed: { player: number; card: number | undefined }[];
} {
  const observer = new DealDriver({
    context,
    ...(auth
      ? {
          auth: {
            sign: () => {
              throw new Error('an observer signs nothing');
            },
            verify: auth.verify,
          },
        }
      : {}),
  });
  const violations: SecretViolation[] = [];
  const claims: { player: number; card: number }[] = [];
  const revealed: { player: number; card: number | undefined }[] = [];
  let outcome: DealOutcome | undefined;
  for (const { from, message } of messages) {
    const out = observer.receive(from, message);
    violations.push(...out.violations);
    claims.push(...out.claims);
    revealed.push(...out.revealed);
    outcome ??= out.outcome;
  }
  return { violations, outcome, claims, revealed };
}
