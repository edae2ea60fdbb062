// Commit-reveal of a secret value per player (Capital Risk's capitals, RISC's placements and
// orders): each player commits to SHA-256 over a bound preimage, reveals value and salt once every
// participant has committed, and every peer checks every reveal. Pure: no I/O, no clocks.
import { createHash, randomBytes } from 'node:crypto';
import { disputedRevealers, type NamedCommitments, sameNamed } from './named-commitments.js';
import { canonicalJson } from './secret-json.js';
import type { CommitMessage, SecretCommit, SecretReveal } from './secret-messages.js';

export const SECRET_COMMITMENT_TAG = 'p2p-risk/secret-commitment/v1';
export const SALT_BYTES = 32;

export interface SecretContext {
  readonly gameId: string;
  /** What the value is, e.g. 'capital', 'risc-orders'; a commitment for one never verifies as another. */
  readonly purpose: string;
  /** The turn or round the value belongs to. */
  readonly round: number;
  readonly player: number;
}

export function freshSalt(): Uint8Array {
  return Uint8Array.from(randomBytes(SALT_BYTES));
}

/**
 * tag ‖ 0 ‖ gameId ‖ 0 ‖ purpose ‖ 0 ‖ round (u32 BE) ‖ player (u32 BE) ‖ salt (32 bytes) ‖ canonical JSON (UTF-8).
 * The salt makes a small value space (42 capitals) impossible to search; the ids make a copied
 * commitment verify for nobody but its author.
 */
export function secretPreimage(
  value: unknown,
  salt: Uint8Array,
  context: SecretContext,
): { ok: true; bytes: Uint8Array } | { ok: false; reason: string } {
  if (salt.length !== SALT_BYTES) return { ok: false, reason: `a salt is ${SALT_BYTES} bytes, not ${salt.length}` };
  if (context.gameId.includes('\0') || context.purpose.includes('\0'))
    return { ok: false, reason: 'a game id or purpose must not contain NUL' };
  if (!isU32(context.round) || !isU32(context.player))
    return { ok: false, reason: 'round and player must be integers in 0…2³²−1' };
  const canonical = canonicalJson(value);
  if (!canonical.ok) return canonical;
  const ids = Buffer.alloc(8);
  ids.writeUInt32BE(context.round, 0);
  ids.writeUInt32BE(context.player, 4);
  const text = (s: string) => Buffer.from(s, 'utf8');
  const zero = Buffer.from([0]);
  return {
    ok: true,
    bytes: Uint8Array.from(
      Buffer.concat([
        text(SECRET_COMMITMENT_TAG),
        zero,
        text(context.gameId),
        zero,
        text(context.purpose),
        zero,
        ids,
        salt,
        text(canonical.text),
      ]),
    ),
  };
}

/** The commitment as 64 lowercase hex digits; throws only on a programming error (bad value or salt). */
export function secretCommitment(value: unknown, salt: Uint8Array, context: SecretContext): string {
  const preimage = secretPreimage(value, salt, context);
  if (!preimage.ok) throw new Error(`secretCommitment: ${preimage.reason}`);
  return createHash('sha256').update(preimage.bytes).digest('hex');
}

export type RevealCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export function checkReveal(commitment: string, value: unknown, saltHex: string, context: SecretContext): RevealCheck {
  if (!/^[0-9a-f]{64}$/.test(saltHex)) return { ok: false, reason: 'the salt is not 64 lowercase hex digits' };
  const preimage = secretPreimage(value, Buffer.from(saltHex, 'hex'), context);
  if (!preimage.ok) return { ok: false, reason: `the revealed value is not acceptable: ${preimage.reason}` };
  const actual = createHash('sha256').update(preimage.bytes).digest('hex');
  return actual === commitment.toLowerCase()
    ? { ok: true }
    : { ok: false, reason: 'the revealed value and salt do not match its commitment' };
}

function isU32(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= 0xffffffff;
}

// ---------------------------------------------------------------------------------------------
// The driver

/** A rule broken by `player`, with evidence any peer can check from the messages it received itself. */
export interface SecretViolation {
  readonly player: number;
  readonly reason: string;
  /** JSON text: the offending message(s) and the values checked. */
  readonly evidence: string;
  /** The player's first message of this kind is half of the proof (two that contradict each other). */
  readonly earlier?: 'secret_commit' | 'secret_reveal';
}

export interface CommitRoundResult {
  /** Each revealed, verified value by player. */
  readonly values: ReadonlyMap<number, unknown>;
  /** Players that left, were caught cheating, or whose value the validator refused: no value. */
  readonly missing: readonly number[];
}

export interface CommitRoundOutput {
  readonly send: readonly CommitMessage[];
  readonly violations: readonly SecretViolation[];
  /** Revealers newly found to name other commitments than this peer holds: show them this peer's. */
  readonly disputes?: readonly number[];
  /** Set once, when every remaining participant's value is in. */
  readonly done?: CommitRoundResult;
}

export interface CommitRoundOptions {
  readonly gameId: string;
  readonly purpose: string;
  readonly round: number;
  /** Every participant, this peer included unless it only observes. */
  readonly players: readonly number[];
  /** This peer, or null: it observes (checks every commitment and reveal, sends nothing). */
  readonly me: number | null;
  /** Game-level check of a revealed value (a legal capital, legal orders); a refusal names the revealer. */
  readonly validate?: (player: number, value: unknown) => RevealCheck;
  readonly salt?: () => Uint8Array;
}

/**
 * One commit-reveal round among `players`. Feed it received messages (`receive`), departures
 * (`leave`, e.g. on a timeout) and this peer's value (`commit`); it answers with messages to
 * broadcast, violations, and finally the values. A cheater is dropped from the round, which goes
 * on without it. Every reveal names the commitments its revealer holds, and the round is done only
 * once every reveal names the ones this peer holds (a player that signed two commitments, one for
 * some peers and one for the rest, is caught first: the disputing peers show each other theirs).
 */
export class CommitRound {
  private readonly commitments = new Map<number, SecretCommit>();
  private readonly reveals = new Map<number, SecretReveal>();
  /** A reveal that came before its author's commitment, by author (the first only). */
  private readonly early = new Map<number, SecretReveal>();
  /** The commitments each reveal names, by revealer (revealers shown to name two lists are dropped). */
  private readonly named = new Map<number, ReadonlyMap<number, string>>();
  /** Revealers already reported as disputed (each is shown this peer's commitments once). */
  private readonly shown = new Set<number>();
  private readonly out = new Set<number>();
  private mine: { value: unknown; salt: string } | undefined;
  private revealed = false;
  private finished = false;

  constructor(private readonly options: CommitRoundOptions) {
    if (options.me !== null && !options.players.includes(options.me))
      throw new Error('CommitRound: this peer is not a participant');
    if (new Set(options.players).size !== options.players.length)
      throw new Error('CommitRound: a player is listed twice');
  }

  /** The players whose next message the round waits for (for the caller's timer). */
  waitingFor(): number[] {
    if (this.finished) return [];
    const active = this.active();
    const uncommitted = active.filter((p) => !this.commitments.has(p));
    if (uncommitted.length > 0) return uncommitted;
    const unrevealed = active.filter((p) => !this.reveals.has(p));
    return unrevealed.length > 0 ? unrevealed : this.disputed();
  }

  /** The revealers whose reveal names other commitments than this peer holds. */
  disputed(): number[] {
    return disputedRevealers(this.named, this.active(), (p) => this.commitments.get(p)?.payload.commitment);
  }

  /** This peer's secret value: returns its commitment to broadcast. */
  commit(value: unknown): CommitRoundOutput {
    const me = this.options.me;
    if (me === null) throw new Error('CommitRound: an observer commits nothing');
    if (this.mine !== undefined) throw new Error('CommitRound: already committed');
    const salt = Buffer.from((this.options.salt ?? freshSalt)()).toString('hex');
    const message: SecretCommit = {
      command: 'secret_commit',
      player_id: me,
      payload: {
        purpose: this.options.purpose,
        round: this.options.round,
        commitment: secretCommitment(value, Buffer.from(salt, 'hex'), this.context(me)),
      },
    };
    this.mine = { value, salt };
    this.commitments.set(me, message);
    return this.progress([message], []);
  }

  receive(from: number, message: CommitMessage): CommitRoundOutput {
    const violations: SecretViolation[] = [];
    const { purpose, round } = message.payload;
    if (
      from === this.options.me ||
      this.out.has(from) ||
      purpose !== this.options.purpose ||
      round !== this.options.round
    )
      return this.progress([], []);
    const blame = (reason: string, evidence: unknown, earlier?: SecretViolation['earlier']) => {
      violations.push({ player: from, reason, evidence: JSON.stringify(evidence), ...(earlier ? { earlier } : {}) });
      this.out.add(from);
    };
    if (!this.options.players.includes(from)) return this.progress([], []);
    if (message.player_id !== from)
      blame(`sent a ${message.command} claiming to be player ${message.player_id}`, message);
    else if (message.command === 'secret_commit') {
      // A copy of another player's commitment is not blamed here: which of the two came first is
      // no proof (a rogue can race a copy ahead of the original). The copier cannot open it (the
      // player id is in the hash), so its reveal fails or it stays silent.
      const earlier = this.commitments.get(from);
      if (earlier !== undefined) {
        if (earlier.payload.commitment !== message.payload.commitment)
          blame(`sent two different commitments for ${purpose} round ${round}`, [earlier, message], 'secret_commit');
      } else {
        this.commitments.set(from, message);
        const held = this.early.get(from);
        this.early.delete(from);
        if (held !== undefined) this.reveal(from, held, blame, violations);
      }
    } else if (!this.commitments.has(from)) {
      // A reveal ahead of its commitment (lines handed on by others, or reordered by their author)
      // proves nothing: the first is held until the commitment comes.
      if (!this.early.has(from)) this.early.set(from, message);
    } else this.reveal(from, message, blame, violations);
    return this.progress([], violations);
  }

  private reveal(
    from: number,
    message: SecretReveal,
    blame: (reason: string, evidence: unknown) => void,
    violations: SecretViolation[],
  ): void {
    const { purpose, round } = message.payload;
    const commitment = this.commitments.get(from)!;
    const first = this.reveals.get(from);
    if (first !== undefined) {
      // The same value (it fits the commitment) naming other commitments: its lists no longer
      // count, its value does; the violation is proof enough to make it neutral.
      if (!sameLists(first.payload.commitments, message.payload.commitments)) {
        violations.push({
          player: from,
          reason: `named two different sets of commitments in ${purpose} round ${round}`,
          evidence: JSON.stringify([first, message]),
          earlier: 'secret_reveal',
        });
        this.named.delete(from);
      }
    } else {
      const check = checkReveal(
        commitment.payload.commitment,
        message.payload.value,
        message.payload.salt,
        this.context(from),
      );
      const valid = check.ok ? (this.options.validate?.(from, message.payload.value) ?? check) : check;
      if (!check.ok) blame(`revealed a ${purpose} that does not match its commitment`, { commitment, reveal: message });
      else if (!valid.ok) blame(`revealed an invalid ${purpose}: ${valid.reason}`, { commitment, reveal: message });
      else {
        this.reveals.set(from, message);
        const named = message.payload.commitments;
        if (named !== undefined) this.named.set(from, new Map(named));
      }
    }
  }

  /** A participant gone (left, timed out, expelled by the session): the round goes on without it. */
  leave(player: number): CommitRoundOutput {
    if (player !== this.options.me && this.options.players.includes(player)) this.out.add(player);
    return this.progress([], []);
  }

  private active(): number[] {
    return this.options.players.filter((p) => !this.out.has(p));
  }

  private context(player: number): SecretContext {
    return { gameId: this.options.gameId, purpose: this.options.purpose, round: this.options.round, player };
  }

  private progress(send: CommitMessage[], violations: SecretViolation[]): CommitRoundOutput {
    if (this.finished) return { send, violations };
    const active = this.active();
    const out = [...send];
    const me = this.options.me;
    if (!this.revealed && me !== null && this.mine !== undefined && active.every((p) => this.commitments.has(p))) {
      // Reveal only once every commitment is in: a value seen earlier could steer a late commitment.
      this.revealed = true;
      const reveal: SecretReveal = {
        command: 'secret_reveal',
        player_id: me,
        payload: {
          purpose: this.options.purpose,
          round: this.options.round,
          value: this.mine.value as never,
          salt: this.mine.salt,
          commitments: active.map((p) => [p, this.commitments.get(p)!.payload.commitment] as [number, string]),
        },
      };
      this.reveals.set(me, reveal);
      out.push(reveal);
    }
    const disputed = this.disputed();
    const disputes = disputed.filter((p) => !this.shown.has(p));
    for (const p of disputes) this.shown.add(p);
    const shown = disputes.length > 0 ? { disputes } : {};
    if ((me === null || this.revealed) && active.every((p) => this.reveals.has(p)) && disputed.length === 0) {
      this.finished = true;
      const values = new Map(active.map((p) => [p, this.reveals.get(p)!.payload.value as unknown]));
      return {
        send: out,
        violations,
        ...shown,
        done: { values, missing: this.options.players.filter((p) => !values.has(p)) },
      };
    }
    return { send: out, violations, ...shown };
  }
}

function sameLists(a: NamedCommitments | undefined, b: NamedCommitments | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameNamed(new Map(a), b);
}
