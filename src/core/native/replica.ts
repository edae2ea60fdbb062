// The replica: one peer's copy of a native game, as a pure object. Lines from other peers, this
// peer's own decisions and the clock go in; lines to send, lines to record, events and links to
// cut come out. It opens no socket and sets no timer: the mesh session drives it live, and
// `risk verify` drives a mute copy over a record, so play and audit run the same code.
// This file is the public face and the loop; what it composes is in the modules beside it (intake,
// ledger, acks, silence, proof, outbox: docs/architecture.md lists them).
//
// Ordering: every move carries ack_id = its index in the game's one sequence. Each peer applies
// move k, then acknowledges it to everyone with the move's hash, its author's signature and the
// resulting state's hash; nobody moves on to k+1 before every active player's matching
// acknowledgement of k is in (lockstep).
//
// Trust (signed_messages): every line is signed by its author, so anyone can hand it on and
// anyone can check it. A player is made neutral only on proof every honest peer can check alone
// (a signed line that breaks the rules, two signed lines that contradict each other, the player's
// own leave_game), or when a majority of the other active players sign votes that it is silent.
import { type Action, CHECK_DICE, type Dice, type GameEvent, type GameState } from '../../model/index.js';
import { decodeLine } from '../../protocol/codec.js';
import { bytesToHex, hexToBytes, secretNumber } from '../../protocol/commitment.js';
import { evidenceOf } from '../../protocol/evidence.js';
import { MAX_EVIDENCE_ITEMS, type Message } from '../../protocol/messages.js';
import { sameNamed } from '../../protocol/named-commitments.js';
import { type Keyring, lineDigest, moveDigest, unseal } from '../../protocol/signing.js';
import {
  type Core,
  type Effect,
  type Outcome,
  pipelineWindow,
  type ReplicaConfig,
  type SessionEvent,
  type SessionResult,
  type StepNumbers,
} from '../contract.js';
import { DiceRound, type RoundProfile, roundProfile } from '../dice-round.js';
import {
  type Ack,
  AckBook,
  type AckJudge,
  ackProblem,
  judgeAck,
  matches,
  ObserverCorrections,
  type Version,
} from './acks.js';
import { awaitedFrom, type Deadline, Deadlines } from './deadlines.js';
import { chainFrom, chainPairProof, chainStart, DiceChains } from './dice-chain.js';
import { EarlyReveals, earlyRevealDue } from './early-reveal.js';
import { classicGame, isIn, type MeshGame, type Standing } from './game.js';
import { accusedLines, catchUpLines, type Held, observerLines } from './hand-on.js';
import { messageHashOf } from './hashes.js';
import { type Admission, admit, type Incoming, proven, Queues } from './intake.js';
import { type Entry, MoveLedger, type Taken } from './ledger.js';
import {
  ackWindowFor,
  MAX_EXPELS_PER_PLAYER,
  MAX_FAULTS,
  MAX_LINES_PER_WINDOW,
  MAX_QUEUED,
  MOVE_MEMORY,
  PAST_ROUNDS,
} from './limits.js';
import { digestOf, NO_PARENT, parentOf, sealMessage } from './lines.js';
import { LinkGuard } from './link-guard.js';
import { withOwnMission } from './mission-deal.js';
import { OTHER_HISTORY, OtherHistory } from './other-history.js';
import { Outbox, type Sealer } from './outbox.js';
import { conflictingAcks, Proofs, roundPairCheat, toPropose } from './proof.js';
import { needsSecrets, SecretRounds } from './secrets.js';
import { observersOf, Silence } from './silence.js';

/** The lines a game of two may take unchecked from their author (takesUnchecked), by their first bytes. */
const TAKEN_UNCHECKED = ['{"command":"acknowledgement"', '{"command":"roll_number"'];
/** How many round ids past the current one a reveal may be and still be taken unchecked (fitsChain). */
const UNCHECKED_REVEAL_AHEAD = 8;

interface Pending<A> {
  readonly index: number;
  readonly author: number;
  action: A;
  readonly messageHash: string;
  /** With pipelining: the entry it was built on; else null. */
  readonly parent: string | null;
  readonly line: string;
  readonly sig: string | null;
}

/**
 * `S`, `A`, `E`: the game's state, moves and events, as its MeshGame gives them (core/native/game.ts);
 * the classic game's by default. Capital Risk's and Secret Mission's secret rounds are the classic game's own.
 */
export class Replica<S = GameState, A extends { readonly command: string } = Action, E = GameEvent>
  implements Core<S, A, E>
{
  /** The sequence applied here and the state after it (core/native/ledger.ts). */
  private readonly ledger: MoveLedger<S>;
  /** Proof held against players, proposals and expels (core/native/proof.ts). */
  private readonly proofs = new Proofs();
  /** Who acknowledged what, and how far (core/native/acks.ts). */
  private readonly acks = new AckBook();
  /** Lines waiting for their turn (core/native/intake.ts). */
  private readonly queues: Queues;
  /** How an incoming line is admitted and its signature checked (intake.ts). */
  private readonly admission: Admission;
  /** Votes on silence (core/native/silence.ts). */
  private readonly silence = new Silence(MAX_QUEUED);
  /** Each link's rate window, faults, and the signatures seen and checked (core/native/link-guard.ts). */
  private readonly guard = new LinkGuard();
  /** Another version of a move this peer took while out of the game, by point (see keepOtherVersion). */
  private readonly otherVersions = new Map<number, Incoming & { from: number; hash: string }>();
  /** How an ack is judged (acks.ts: judgeAck). */
  private readonly ackJudge: AckJudge;
  /** Observers sent the version of a move taken here (correctObserver). */
  private readonly corrections = new ObserverCorrections(MAX_QUEUED);
  private readonly gone = new Set<number>();
  /** Cut off from every other player (checkContact): until when it waits for one to rejoin. */
  private cutOffUntil: number | null = null;
  /** The wait for the others' deal keys after the end ran out (Secret Mission: see endStep). */
  private keysLate = false;
  private round: DiceRound | null = null;
  /** How this game's rounds commit and roll (core/dice-round.ts). */
  private readonly rounds: RoundProfile;
  /** With dice_chains: every player's chains, checked against each reveal (core/native/dice-chain.ts). */
  private readonly chains: DiceChains | null;
  /** With early_reveals: this peer's reveals sent ahead of their rounds (core/native/early-reveal.ts). */
  private readonly early = new EarlyReveals();
  private readonly abandoned = new Set<number>();
  /** `round>player`: this peer has sent that player the commitments it holds for that round (a dispute). */
  private readonly commitmentsShown = new Set<string>();
  private pending: Pending<A> | null = null;
  /** With pipelining: this seat's move that needs dice, held until the entry before it settles. */
  private ownHeld: A | null = null;
  /** With pipelining: moves built on another history than this peer's, kept until a take-back may make it this one's. */
  private readonly otherHistory = new OtherHistory(OTHER_HISTORY);
  private lastRound: DiceRound | null = null;
  /** The last few rounds finished here, for an observer far behind (catchUpObserver). */
  private readonly pastRounds: DiceRound[] = [];
  /** The sequence point at which this peer's own seat last had to decide, and since when. */
  private myDue = { index: -1, at: 0 };
  /** The one wait running, and when this peer last stood still (core/native/deadlines.ts). */
  private readonly deadlines: Deadlines;
  /** What to do since the last drain (core/native/outbox.ts). */
  private readonly effects: Outbox<S, A, E>;
  private now = 0;
  private pumping = false;
  /** A line of a checked history is being read (a rejoining seat's: receive with live false). */
  private readingHistory = false;
  private result: SessionResult<S> | null = null;
  /** Capital Risk and Secret Mission Risk: the secret rounds (core/native/secrets.ts). */
  private readonly secrets: SecretRounds | null;

  /** `game`: the game's rules as the replica asks them (core/native/game.ts); the classic game by default. */
  constructor(
    private readonly config: ReplicaConfig,
    // The default type parameters are the classic game's.
    private readonly game: MeshGame<S, A, E> = classicGame(config.rules) as unknown as MeshGame<S, A, E>,
  ) {
    // With a window of two a parent names the whole history before it (ledger.ts).
    const chained = pipelineWindow(config.features) === 2;
    if (config.resume !== undefined) {
      // Start from history: entries below `index` are settled (everyone proved the same state).
      // A classic state names its players (a neutral army aside); another game's (a RISC rejoin) are its seats.
      const start = config.resume.state as Partial<GameState>;
      const seats = start.options?.players ?? this.game.standings(config.resume.state as unknown as S).length;
      if (seats !== config.players.length)
        throw new Error(`a stored game of ${seats} players for ${config.players.length}`);
      const state = withOwnMission(config.resume.state, config.me, config.resume.missionDeal?.card) as unknown as S;
      const index = config.resume.index;
      this.ledger = new MoveLedger(state, index, config.resume.parent ?? NO_PARENT, index, chained);
      // A rejoin's: the moves before its point, as the others still hold them.
      for (const { index: at, ...taken } of config.resume.taken ?? [])
        if (at < index && at >= index - MOVE_MEMORY) this.ledger.taken.set(at, taken);
    } else {
      this.ledger = new MoveLedger(this.game.start(config.players.length), 0, NO_PARENT, 0, chained);
    }
    this.queues = new Queues(config.players.map((p) => p.id));
    this.deadlines = new Deadlines({
      moveMs: config.moveTimeoutMs,
      ackMs: config.ackTimeoutMs,
      secretMs: () => this.secrets?.timeoutMs(),
    });
    if (config.features.signed && config.keyring === undefined) throw new Error('signed_messages needs a keyring');
    this.effects = new Outbox(
      config.me,
      config.mute === true,
      config.features.signed && !config.mute ? this.sealer() : null,
    );
    this.secrets = needsSecrets(config.rules) ? this.secretRounds() : null;
    this.admission = {
      signed: config.features.signed,
      guard: this.guard,
      isSeat: (player) => this.standing(player) !== undefined,
      signedLine: (by, inner, sig) => this.keyring.verify(by, lineDigest(this.config.gameId, inner), sig),
      signedMessage: (by, message, inner, sig) => this.keyring.verify(by, this.digestOf(message, inner), sig),
      takesUnchecked: (from, message) => this.takesUnchecked(from, message),
    };
    this.ackJudge = {
      signed: this.config.features.signed,
      me: this.config.me,
      verifyMove: (author, index, messageHash, sig, parent) =>
        this.keyring.verify(author, moveDigest(this.config.gameId, index, messageHash, parent), sig),
      mayBeClaim: (author, index) => {
        const before = this.ledger.applied.get(index)?.before;
        if (before === undefined || this.secrets === null) return false;
        return this.secrets.claimPossible(before as unknown as GameState, author);
      },
      isIn: (player) => this.isIn(player),
      nameOf: (player) => this.nameOf(player),
    };
    this.chains = config.features.diceChains ? new DiceChains(config.gameId) : null;
    const chains = this.chains;
    this.rounds =
      chains === null
        ? roundProfile(config.features, config.gameId)
        : {
            ...roundProfile(config.features, config.gameId),
            opens: (number, round, player, tip) => chains.opens(player, round, number, tip),
          };
  }

  get current(): S {
    return this.state;
  }

  private get state(): S {
    return this.ledger.state;
  }

  /** Draws and secret rounds change the state without taking a point of the sequence. */
  private set state(state: S) {
    this.ledger.state = state;
  }

  /** The next point of the sequence. */
  private get index(): number {
    return this.ledger.index;
  }

  /** A player's standing here, or undefined for a number that is no seat. */
  standingOf(player: number): Standing | undefined {
    return this.standing(player);
  }

  private standing(player: number, state = this.state): Standing | undefined {
    return this.game.standings(state)[player];
  }

  private standings(state = this.state): readonly Standing[] {
    return this.game.standings(state);
  }

  /** Whether a player is in the game (at this state, or at an earlier one). */
  private isIn(player: number, state = this.state): boolean {
    const standing = this.standing(player, state);
    return standing !== undefined && isIn(standing);
  }

  /**
   * Where this replica stands and what it waits for, as plain data: for a person (or bench:chaos)
   * finding out why a game hangs. Its shape may change; nothing may depend on it.
   */
  diagnostics(): Record<string, unknown> {
    const keys = (m: ReadonlyMap<unknown, unknown> | ReadonlySet<unknown>) => [...m.keys()].slice(-12);
    return {
      index: this.index,
      firstOpen: this.ledger.firstOpen,
      phase: this.game.phase(this.state),
      players: this.standings().map((p) => [p.id, p.neutral ? 'neutral' : p.eliminated ? 'eliminated' : 'active']),
      pending: this.pending === null ? null : { author: this.pending.author },
      round:
        this.round === null
          ? null
          : { id: this.round.number, hashes: keys(this.round.hashes), numbers: keys(this.round.numbers) },
      deadline: this.deadline,
      now: this.now,
      lastStall: this.deadlines.lastStall,
      proofs: [...this.proofs.keys()].slice(-12),
      ...this.silence.diagnostics(),
      gone: keys(this.gone),
      applied: keys(this.ledger.applied),
      taken: keys(this.ledger.taken),
      acks: this.acks.recent(4),
      ...this.queues.lengths(),
      proposals: this.proofs.proposals.length,
      result: this.result?.outcome ?? null,
    };
  }

  get finished(): SessionResult<S> | null {
    return this.result;
  }

  /** When the driver must call tick(), or null. */
  get wakeAt(): number | null {
    const at = this.deadline?.at ?? null;
    if (this.cutOffUntil === null) return at;
    return at === null ? this.cutOffUntil : Math.min(at, this.cutOffUntil);
  }

  /** The decision this peer's seat must make now, if any. */
  get decisionDue(): { readonly index: number; readonly state: S } | null {
    if (this.result !== null || this.config.mute || this.round !== null || this.pending !== null) return null;
    if (this.ownHeld !== null || this.game.over(this.state)) return null;
    const settled = this.allSettled();
    // Pipelining: a decision on the window's entries not yet settled, unless it rolls dice (a
    // defend), or is our mission's claim (the secret step makes it once those settle: asked now,
    // the seat's answer would be dropped, and the seat asked again at once, for ever).
    if (!settled && !(this.inWindow() && this.game.phase(this.state) !== 'defend' && !this.secrets?.ownClaimDue()))
      return null;
    if (settled && this.secrets?.capitalDue()) return { index: this.index, state: this.state };
    return this.game.decisionBy(this.state) === this.config.me && !this.standing(this.config.me)!.neutral
      ? { index: this.index, state: this.state }
      : null;
  }

  /** Everything to do since the last call. */
  drain(): Effect<S, A, E>[] {
    return this.effects.drain();
  }

  start(now: number) {
    this.now = now;
    this.pump();
  }

  // ---- inputs ----

  /** A line that arrived on the link to player `link` (or, replaying a record, that player's line). */
  /** A line from `link`; `live` false for a checked history read at once (no rate limit). */
  receive(link: number, line: string, now: number, live = true) {
    if (this.result !== null) {
      // A record read back: the winner's deal key follows the move that ended the game there
      // (a capture that leaves no one to acknowledge it), and still opens its mission.
      if (this.config.mute && this.secrets?.takes(line)) return this.secrets.take(link, line);
      return this.noteEndAck(line);
    }
    this.now = now;
    // Lines that waited while this process stood still may arrive before its late timer fires.
    this.noticeStall(now);
    if (live && !this.withinRate(link)) return;
    this.readingHistory = !live;
    try {
      this.take(link, line, 0);
    } finally {
      this.readingHistory = false;
    }
    this.pump();
  }

  /**
   * After the game is over here, the others' acknowledgements are only noted: a peer that finished
   * first keeps its links open until the others have acknowledged the last point (endAcked), so
   * that one still reading the end of the game does not lose it when this peer closes.
   */
  private noteEndAck(line: string) {
    const sealed = unseal(line);
    if (sealed === null) return;
    const decoded = decodeLine(sealed.inner);
    if (!decoded.ok || !('message' in decoded)) return;
    const message = decoded.message;
    if (message.command === 'timeout_vote') return this.answerAfterEnd(sealed.by, message.payload, line);
    if (message.command !== 'acknowledgement') return;
    this.acks.noteEnd(sealed.by, message.payload);
  }

  /**
   * A player still in the game here asks for another's lines after this peer finished (a game that
   * ends with a draw ends here with no acknowledgement: a peer behind may lack a line the others
   * hold and have no one left to vote with). It is given what this peer holds, as before the end.
   */
  private answerAfterEnd(voter: number, vote: { player: number; index: number }, line: string) {
    if (voter === this.config.me || this.standing(voter) === undefined || !this.proven([line])) return;
    if (vote.index < this.index) this.catchUpObserver(voter, vote.index);
    else this.handOn(voter, vote.player, vote.index);
  }

  /**
   * The other players that have not (as far as this peer knows) acknowledged the last point of a
   * game that is over here: the session waits for them a while before it closes its links.
   */
  awaitingEnd(): number[] {
    const last = this.index - 1;
    if (this.result === null || last < 0) return [];
    return this.config.players
      .map((p) => p.id)
      .filter((p) => p !== this.config.me && !this.gone.has(p) && (this.acks.atEnd.get(p) ?? -1) < last);
  }

  /** Counts a line against its link's rate window; a link over the limit is cut (see MAX_LINES_PER_WINDOW). */
  private withinRate(link: number): boolean {
    if (this.config.mute) return true;
    const reached = Math.max(this.index, this.acks.furthest.get(link) ?? -1);
    const verdict = this.guard.count(link, this.now, reached);
    if (verdict === 'cut')
      this.effects.push({
        type: 'cut',
        player: link,
        reason: `sent more than ${MAX_LINES_PER_WINDOW} lines within a second`,
      });
    return verdict === 'ok';
  }

  /** This peer's seat decided the move for sequence point `index`. */
  decide(index: number, chosen: A, now: number) {
    if (this.result !== null || this.config.mute) return;
    this.now = now;
    if (index !== this.index || this.decisionDue === null) return this.pump();
    const classic = chosen as unknown as Action;
    if (classic.command === 'choose_capital' && this.secrets !== null) {
      this.secrets.chooseCapital(classic.payload);
      return this.pump();
    }
    // A completed mission is claimed by the secret rounds, with its proof, as soon as it is due.
    if (classic.command === 'claim_mission') return this.pump();
    this.send(chosen);
    this.pump();
  }

  /** The link to `player` closed: silence, judged like any other (a vote, not a verdict). */
  linkClosed(player: number, now: number) {
    if (this.result !== null || this.gone.has(player)) return;
    this.now = now;
    this.gone.add(player);
    this.emit({ type: 'info', text: `lost the connection to ${this.nameOf(player)}` });
    // Two players: a closed link is no proof of the other's silence rather than ours.
    if (this.isIn(player) && !this.twoActive()) this.vote(player);
    // Its own move due: the silence is judged after an ack timeout, as when it dies in another's turn.
    const due = this.deadline;
    if (due?.kind === 'move' && this.awaitedFrom(due).includes(player))
      this.deadlines.moveBy(now + this.config.ackTimeoutMs);
    this.checkContact();
    this.pump();
  }

  /**
   * The link to `player` is open again (it rejoined with its key, protocol-spec/resume.md): it is
   * no longer counted as gone, so it speaks for neutrals and judges silence again.
   */
  relinked(player: number, now: number) {
    if (this.result !== null || player === this.config.me) return;
    this.now = now;
    if (this.gone.delete(player)) this.emit({ type: 'info', text: `${this.nameOf(player)} is connected again` });
    this.checkContact();
    this.pump();
  }

  /** The clock reached wakeAt (or later). */
  tick(now: number) {
    if (this.result !== null) return;
    this.now = now;
    if (this.cutOffUntil !== null && now >= this.cutOffUntil) {
      this.finish('lost-contact', 'lost contact with every other player; none came back');
      return;
    }
    const due = this.deadline;
    if (due === null || now < due.at) return;
    if (this.noticeStall(now)) return;
    this.deadline = null;
    if (due.kind === 'keys') this.keysLate = true;
    // Cut off from everyone: no vote reaches anyone, and with two players one vote would be a
    // quorum, crowning this peer for its own lost connection. It only waits.
    if (this.cutOffUntil === null) {
      const awaited = this.awaitedFrom(due);
      const votedOut = awaited.filter((player) => this.silence.votedTwice(player, this.index));
      for (const player of awaited) this.vote(player);
      // A judge that, a timeout after this peer's second vote, neither handed on the line awaited nor
      // voted too holds the quorum up from a link still open: it is silent as well (checkContact
      // then sees whether anyone is left to hear from; one peer's votes alone neutralise nobody).
      for (const player of votedOut) for (const judge of this.holdingUp(player)) this.vote(judge);
    }
    this.deadlines.again(due, now);
    this.checkContact();
    this.pump();
  }

  /** The judges of `player`'s silence, linked here, that have not voted it silent (the quorum waits on them). */
  private holdingUp(player: number): number[] {
    return this.electorate(player).filter(
      (judge) =>
        judge !== this.config.me &&
        !this.gone.has(judge) &&
        !this.silence.votedAgainst(judge, player, this.index, this.ackWindow),
    );
  }

  /** A timer that fires far too late means this process was paused (or starved): it starts the
   * wait again rather than blame others, and remembers it (see onVote). */
  private noticeStall(now: number): boolean {
    const late = this.deadlines.stall(now);
    if (late === null) return false;
    this.emit({
      type: 'info',
      text: `this peer stood still for ${Math.round(late)} ms; waiting again before judging anyone`,
    });
    return true;
  }

  /** Out of the game: nobody waits for this peer, so the others may be far ahead. */
  private observing(): boolean {
    return !this.isIn(this.config.me);
  }

  private twoActive(): boolean {
    return this.standings().filter(isIn).length === 2;
  }

  /** Leaves the game: tells everyone, then stops. */
  leave(now: number, reason = 'left the game') {
    if (this.result !== null) return;
    this.now = now;
    this.broadcast({
      command: 'leave_game',
      payload: { response: 0, message: reason, receive_updates: false },
      player_id: this.config.me,
    });
    this.finish('left', reason);
  }

  /** Secret Mission: every mission known here, claimed or opened by a key published at the end (player → mission card). */
  missionsKnown(): ReadonlyMap<number, number> {
    return this.secrets?.missionsKnown() ?? new Map();
  }

  /** This peer's seat could not decide: it leaves the game (the others make it neutral). */
  undecided(_index: number, reason: string, now: number) {
    this.emit({ type: 'info', text: `this seat failed to decide: ${reason}` });
    this.leave(now, `this seat failed to decide: ${reason}`);
  }

  /** Stops without a result for the others (errors outside the game). */
  stop(reason = 'stopped') {
    if (this.result === null) this.finish('stopped', reason);
  }

  // ---- reading a line ----

  private take(link: number, line: string, depth: number) {
    if (this.secrets?.takes(line)) return this.secrets.take(link, line);
    const admitted = admit(
      link,
      line,
      this.admission,
      (from, inner) => this.judgedAgain(from, inner, line, depth),
      depth === 0 && !this.readingHistory,
    );
    if (!admitted.ok) {
      if ('fault' in admitted) return this.fault(link, admitted.fault);
      if ('cheat' in admitted) {
        const { player, reason, evidence } = admitted.cheat;
        return this.cheat(player, reason, evidence, line, link);
      }
      return;
    }
    const { from, message, sig } = admitted;
    const claimed = 'player_id' in message ? message.player_id : undefined;
    if (this.standing(from)!.neutral && message.command !== 'defend' && message.command !== 'acknowledgement') {
      // A neutral player's lines no longer count, except another version of a move it made before,
      // or of the point where this peer, out of the game there, made it neutral alone (it was shown
      // an illegal version): the players in the game may have settled that move there.
      const move = this.game.moveOf(message);
      if (move !== null && message.ack_id !== undefined && message.ack_id < this.index) {
        const taken = this.ledger.taken.get(message.ack_id);
        const hash = messageHashOf(message.ack_id, move);
        const mine =
          taken?.author === from || (taken?.author === -1 && this.ledger.applied.get(message.ack_id)?.neutral === from);
        const sameParent = !this.pipelining || taken?.parent === parentOf(message);
        if (mine && sameParent && taken.messageHash !== hash) {
          const flight = this.effects.inFlight;
          this.effects.inFlight = { from: link, line };
          this.keepOtherVersion(message.ack_id, hash, from, { message, line, sig, link });
          this.effects.settleInFlight();
          this.effects.inFlight = flight;
          return;
        }
      }
      // A checked history is kept whole: `risk verify` replays this record from the game's start,
      // where the player's dice and moves from before it was made neutral still count.
      if (this.readingHistory) this.effects.record(link, line);
      return;
    }
    if (claimed !== undefined && claimed !== null && claimed !== from && message.command !== 'defend') {
      return this.cheat(from, `sent ${message.command} claiming to be player ${claimed}`, [line], line, link);
    }
    this.route(link, from, message, line, sig, depth);
    if (link === from) this.relay(from, link, line);
    else if (depth === 0 && (this.game.moveOf(message) !== null || message.command === 'roll_hash'))
      this.askForLines(from);
  }

  /**
   * A line seen before, shown again as a proposal's evidence: whether it is judged again (read on).
   * A vote counts again: this peer may have let it lapse (its player acknowledged an earlier move
   * since), while the proposer counted it. A move for this peer's next point or an earlier one is
   * judged again: this peer may hold it in line behind a point not settled here yet, where the
   * proposal would find no proof (and this peer would wait on a player the others made neutral).
   */
  private judgedAgain(from: number, inner: string, line: string, depth: number): boolean {
    if (depth === 0) return false;
    const again = decodeLine(inner);
    if (!again.ok || !('message' in again)) return false;
    const message = again.message;
    if (message.command === 'timeout_vote') {
      const { player, index, stage } = message.payload;
      this.onVote(from, player, index, stage, line);
      return false;
    }
    return this.game.moveOf(message) !== null && message.ack_id !== undefined && message.ack_id <= this.index;
  }

  /**
   * A move or commitment of `author` reached this peer only handed on by another: its author may
   * send it nothing directly (a partial broadcast), which would cost a stall at every move. This
   * peer asks the others for its lines once, with a stage-1 vote: from then on they hand on each
   * of its lines as they get it (relay), and the author's moves no longer wait on this peer.
   */
  private askForLines(author: number) {
    if (this.config.mute || author === this.config.me || this.silence.asked(author)) return;
    if (!this.isIn(author)) return;
    if (!this.silence.ask(author, this.index)) return;
    const { line } = this.broadcast({
      command: 'timeout_vote',
      payload: { player: author, index: this.index, stage: 1 },
      player_id: this.config.me,
    });
    this.onVote(this.config.me, author, this.index, 1, line);
  }

  /**
   * Whether a line straight from its author is used before its signature is checked
   * (protocol-spec/native.md, Signed lines, step 6): in a game of two seats, an acknowledgement that
   * names the move held here (its author, its signature as checked on arrival, its hash, state and
   * parent), or a chain reveal that fits its chain (fitsChain). Nothing in it needs a check to be
   * used, and no third peer could ever need it handed on or shown: with more seats one that lacked
   * it could not be given it, would wait for it, and be voted out.
   */
  private takesUnchecked(from: number, message: Message): boolean {
    if (this.config.players.length !== 2 || from === this.config.me) return false;
    if (message.command === 'roll_number') return this.fitsChain(from, message);
    if (message.command !== 'acknowledgement' || message.author === undefined) return false;
    const entry = this.ledger.applied.get(message.payload);
    return (
      entry !== undefined &&
      entry.sig !== null &&
      entry.author === message.author &&
      entry.sig === message.author_sig &&
      entry.messageHash === message.message_hash &&
      entry.stateHash === message.state_hash &&
      (!this.pipelining || entry.parent === (message.parent ?? ''))
    );
  }

  /**
   * A dice-chain reveal that is its author's chain value for its round, naming that chain's tip
   * for its author if it names any: checked by its hash, it can prove nothing against anyone, and
   * is used unchecked in a game of two seats as an ack is (takesUnchecked). Any other reveal is
   * checked on arrival, and so is one for a round far ahead: hashing down to it could cost up to a
   * chain's length of hashes before its signature, which a bad line would otherwise cost alone.
   */
  private fitsChain(from: number, message: Extract<Message, { command: 'roll_number' }>): boolean {
    if (this.chains === null || message.round === undefined) return false;
    if (message.round > this.roundId() + UNCHECKED_REVEAL_AHEAD) return false;
    const tip = this.chains.covering(from, message.round)?.tip;
    const named = message.commitments?.find(([player]) => player === from)?.[1];
    if (tip === undefined || (named !== undefined && named !== tip)) return false;
    return this.chains.fits(from, message.round, hexToBytes(message.payload));
  }

  /** Hands a line on to the peers that voted its author silent: they may be cut off from it. */
  private relay(author: number, link: number, line: string) {
    const voters = this.silence.relays.get(author);
    // Unsigned lines handed on would read as the forwarder's own.
    if (voters === undefined || this.config.mute || !this.config.features.signed) return;
    if (!this.proven([line])) return;
    for (const voter of voters)
      if (voter !== link && voter !== author) this.effects.push({ type: 'send', line, to: voter });
  }

  private digestOf(message: Message, inner: string): Buffer {
    return digestOf(this.config.gameId, message, inner, (m) => this.game.moveOf(m), this.pipelining);
  }

  private route(link: number, from: number, message: Message, line: string, sig: string | null, depth: number) {
    switch (message.command) {
      case 'acknowledgement': {
        this.acks.noteEnd(from, message.payload);
        if (!this.keepsAck(from, message.payload)) return;
        this.effects.record(link, line);
        const fresh = this.acks.get(message.payload)?.get(from) === undefined;
        this.onAck(from, message, line);
        if (fresh) this.lapseVotes(from, message.payload);
        return;
      }
      case 'timeout_vote':
        // A vote about a point out of the window changes nothing here (an observer's is answered with
        // what it lacks): it is not kept in the record.
        if (this.voteInWindow(message.payload.index)) this.effects.record(link, line);
        this.onVote(from, message.payload.player, message.payload.index, message.payload.stage, line);
        return;
      case 'leave_game':
        this.effects.record(link, line);
        if (!this.proven([line])) return;
        // An observer that leaves judges no more silence (electorate).
        if (this.standing(from)!.eliminated) this.gone.add(from);
        this.prove(from, 'left the game', { cheat: false, evidence: [line] });
        return;
      case 'expel': {
        // An honest player sends a handful of expels in a game (one per neutralisation it proposes,
        // or shows in the opening draws): more are a flood, refused before they are kept or recorded.
        const sent = this.proofs.countExpel(from);
        if (sent > MAX_EXPELS_PER_PLAYER * this.config.players.length)
          return this.fault(link, `sent more than ${MAX_EXPELS_PER_PLAYER * this.config.players.length} expels`);
        // An honest peer shows only lines it checked: a signed line whose signature does not match,
        // shown under the expel's own good signature, is proof against the expel's author.
        if (this.config.features.signed && message.payload.evidence.some((e) => this.forged(e)))
          return this.cheat(from, 'showed as proof a line whose signature does not match it', [line], line, link);
        // Without signatures an expel proves nothing: it is only shown (onExpel).
        if (message.ack_id !== undefined && depth === 0 && this.config.features.signed) {
          if (this.proofs.proposals.length >= MAX_QUEUED) return this.fault(link, 'sent too many expel proposals');
          this.proofs.proposals.push({ from, link, message, line });
          return;
        }
        this.effects.record(link, line);
        this.onExpel(link, message, depth);
        return;
      }
      case 'roll_hash':
      case 'roll_number':
        this.enqueue('rolls', from, { message, line, sig, link });
        return;
      default:
        if (this.game.moveOf(message) === null) return;
        // Evidence about a point already passed is judged at once (against the move taken there):
        // the proposal it came with is decided right after, and must find the proof already here.
        if (depth > 0 && message.ack_id !== undefined && message.ack_id <= this.index) {
          const flight = this.effects.inFlight;
          this.effects.inFlight = { from: link, line };
          if (message.ack_id < this.index) this.handleMove(from, message, { message, line, sig, link });
          else if (!this.judgeNow(from, message, line)) {
            this.effects.inFlight = flight;
            return this.enqueue('moves', from, { message, line, sig, link });
          }
          this.effects.settleInFlight();
          this.effects.inFlight = flight;
          return;
        }
        this.enqueue('moves', from, { message, line, sig, link });
    }
  }

  /** A line signed in a player's name whose signature does not match it. */
  private forged(line: string): boolean {
    const sealed = unseal(line);
    return sealed !== null && this.standing(sealed.by) !== undefined && !this.proven([line]);
  }

  /** Whether every signed line checks out (lines straight from their authors are checked only here). */
  private proven(lines: readonly string[]): boolean {
    if (!this.config.features.signed) return true;
    return lines.every((line) => proven(line, this.admission));
  }

  /** Queues a line of `from`'s; a full queue is its fault. */
  private enqueue(kind: 'moves' | 'rolls', from: number, item: Incoming) {
    const fault = this.queues.enqueue(kind, from, item);
    if (fault !== null) this.fault(from, fault);
  }

  /** A judgement about a link that no one else can check: count it, and cut a link that keeps at it. */
  private fault(link: number, reason: string) {
    // A checked history's lines are the game so far, not its sender's live lines: an old one that
    // is no use now (an ack long settled) is passed over, never held against the link.
    if (this.config.mute || this.readingHistory) return;
    const count = this.guard.fault(link);
    if (count === 1) this.emit({ type: 'info', text: `ignored a line from ${this.nameOf(link)}: ${reason}` });
    if (count === MAX_FAULTS) {
      this.effects.push({ type: 'cut', player: link, reason: `too many unusable lines (${reason})` });
    }
  }

  // ---- the loop ----

  private pump() {
    if (this.pumping || this.result !== null) return;
    this.pumping = true;
    try {
      let progress = true;
      while (progress && this.result === null) progress = this.drainQueues() || this.step();
      this.revealEarly();
    } finally {
      this.pumping = false;
    }
    this.effects.settleInFlight();
    const due = this.decisionDue;
    if (due !== null && due.index !== this.myDue.index) this.myDue = { index: due.index, at: this.now };
  }

  private drainQueues(): boolean {
    let progress = this.drainProposals();
    for (const [from, queue] of this.queues.all()) {
      while (queue.length > 0 && this.result === null) {
        const item = queue[0]!;
        if (this.standing(from)!.neutral && item.message.command !== 'defend') {
          queue.shift();
          continue;
        }
        const claim = this.claimOf(from, item.message);
        if (claim === 'early') break;
        this.effects.inFlight = { from: item.link, line: item.line };
        const proven = this.proofs.size;
        const opening = this.inDraws();
        const outcome = this.handle(from, item);
        if (outcome === 'wait') {
          this.effects.inFlight = null;
          break;
        }
        this.effects.settleInFlight();
        queue.shift();
        progress = true;
        // A line that proved a cheat (or ended the opening draws, where proofs wait) takes the next
        // point for its neutralisation before any other waiting line is handled: as in the audit,
        // which reads the record one line at a time.
        if (this.proofs.size > proven || (opening && !this.inDraws())) this.proposeProven();
      }
    }
    return progress;
  }

  /** A defend in a neutral player's name comes from whoever speaks for it; one may come early. */
  private claimOf(from: number, message: Message): 'own' | 'early' {
    const claimed = 'player_id' in message ? message.player_id : undefined;
    if (claimed === undefined || claimed === null || claimed === from) return 'own';
    return this.standing(claimed)?.neutral === true ? 'own' : 'early';
  }

  private handle(from: number, item: Incoming): 'done' | 'wait' {
    const message = item.message;
    if (message.command === 'roll_hash' || message.command === 'roll_number')
      return this.handleRoll(from, message, item.line);
    return this.handleMove(from, message, item);
  }

  // ---- sequenced moves ----

  private handleMove(from: number, message: Message, item: Incoming): 'done' | 'wait' {
    const index = message.ack_id;
    if (index === undefined) {
      this.cheat(from, `sent ${message.command} without its sequence number (ack_id)`, [item.line]);
      return 'done';
    }
    const action = this.game.moveOf(message);
    if (action === null) return 'done';
    const hash = messageHashOf(index, action);
    const parent = this.pipelining ? parentOf(message) : null;
    if (index < this.index) {
      const taken = this.ledger.taken.get(index);
      if (taken === undefined || (taken.messageHash === hash && taken.parent === parent)) return 'done'; // old, or a duplicate
      // Pipelining: a move built on another entry before it is of another history, judged nowhere here.
      if (taken.parent !== parent) return this.keepOtherHistory(from, index, item);
      if (taken.author === -1) return 'done'; // it lost its point to a neutralisation: its author moves again
      if (taken.author === from) {
        this.equivocation(from, index, [taken.line, item.line]);
        this.keepOtherVersion(index, hash, from, item);
      } else if (!this.forNeutral(action)) {
        this.cheat(from, `sent ${action.command} out of turn: move ${index} was ${this.nameOf(taken.author)}'s`, [
          item.line,
        ]);
      }
      return 'done';
    }
    // (A draw due: the move comes after it, from a peer that did the draw first.)
    if (index > this.index || this.pending !== null || this.round !== null || this.inDraws()) return 'wait';
    if (parent !== null && parent !== this.ledger.parentOf(index)) return this.keepOtherHistory(from, index, item);
    if (!this.allSettled()) {
      // Pipelining: a move on the window's unsettled entries, unless it starts a dice round there.
      if (!this.inWindow() || this.game.needsDice(this.state, action)) return 'wait';
    }
    if (this.secrets?.busy()) return 'wait'; // a peer that finished the secret round first
    const reason = this.authorityProblem(from, action);
    if (reason !== null) {
      this.cheat(from, reason, [item.line]);
      return 'done';
    }
    this.accept(from, action, index, item.line, item.sig, parent);
    return 'done';
  }

  /**
   * Pipelining: a move for `index` built on another entry before it than this peer's. While that
   * entry may still be taken back here (it is not settled), the move is kept, and looked at again
   * after a take-back; once it is settled, the move belongs to a history that never was.
   */
  private keepOtherHistory(from: number, index: number, item: Incoming): 'done' {
    if (index - 1 >= this.ledger.firstOpen || index - 1 >= this.index) this.otherHistory.keep(from, item);
    return 'done';
  }

  /**
   * Whether the pipelining window is open: only the last entry applied here may be unsettled (with
   * pipelining_two, the last two). A move that rolls dice waits for every entry all the same.
   */
  private inWindow(): boolean {
    return this.window > 0 && this.ledger.firstOpen >= this.index - this.window;
  }

  /** How many unsettled entries a move that rolls no dice may be built on (contract.ts: pipelineWindow). */
  private get window(): number {
    return pipelineWindow(this.config.features);
  }

  /** ACK_WINDOW in this game: 3 with a window of two (limits.ts: ackWindowFor). */
  private get ackWindow(): number {
    return ackWindowFor(this.window);
  }

  /** Whether every entry before the last one applied here is settled (the last may not be). */
  private settledBeforeLast(): boolean {
    return this.ledger.firstOpen >= this.index - 1;
  }

  /** The parent a move or neutralisation for `index` names here: with pipelining, the entry before it; else none. */
  private parentHere(index: number): string | null {
    return this.pipelining ? (this.ledger.parentOf(index) ?? NO_PARENT) : null;
  }

  private get pipelining(): boolean {
    return this.config.features.pipelining === true;
  }

  /** The parent a move digest covers: with pipelining, the named one ('' for none); else none. */
  private signedParent(parent: string | null): string | undefined {
    return this.pipelining ? (parent ?? '') : undefined;
  }

  /**
   * Another version of the move this peer took at `index`, while it was out of the game there: its
   * own ack held nothing up, so the version every player in the game acknowledged settled at
   * them, and this peer could never settle its own. The other version is kept, and taken in place
   * of its own once those acknowledgements are all here (now or as they come: onAck).
   */
  private keepOtherVersion(index: number, hash: string, from: number, item: Incoming) {
    if (this.watchedOpen(index) === null) return;
    if (this.otherVersions.size >= MAX_QUEUED) this.otherVersions.clear();
    this.otherVersions.set(index, { ...item, from, hash });
    this.adoptSettled(index);
  }

  private adoptSettled(index: number) {
    const other = this.otherVersions.get(index);
    if (other === undefined) return;
    if (index < this.ledger.firstOpen) return void this.otherVersions.delete(index);
    if (!this.settledElsewhere(index, other.hash, other.from)) return;
    this.otherVersions.delete(index);
    this.emit({
      type: 'info',
      text: `every player in the game acknowledged another move ${index} by ${this.nameOf(other.from)}: taking that one`,
    });
    this.rollbackTo(index);
    // Its point is open again; should it have to wait (a secret round running), it waits in line.
    if (this.handleMove(other.from, other.message, other) === 'wait') this.enqueue('moves', other.from, other);
  }

  /** This peer's entry at an open point `index` where it was out of the game (an observer), or null. */
  private watchedOpen(index: number): Entry<S> | null {
    const entry = this.ledger.applied.get(index);
    if (entry === undefined || index < this.ledger.firstOpen || this.isIn(this.config.me, entry.before)) return null;
    return entry;
  }

  /**
   * Whether the move with `messageHash` settled at `index` at the players in the game there,
   * though this peer holds another version: only when this peer was out of the game (an
   * observer) at that point, and every player in it acknowledged that move last. Its author is
   * proven to have signed two versions (or an illegal one) for that point: its own ack says
   * nothing (it may ack one version to all, while the one other player in the game holds the other).
   */
  private settledElsewhere(index: number, messageHash: string, author: number): boolean {
    const entry = this.watchedOpen(index);
    if (entry === null) return false;
    const acks = this.acks.get(index);
    const needed = this.standings(entry.before).filter((p) => isIn(p) && p.id !== this.config.me && p.id !== author);
    return needed.length > 0 && needed.every((p) => acks?.get(p.id)?.messageHash === messageHash);
  }

  /**
   * Evidence for this peer's next point, judged before the points before it settle (the lockstep
   * would hold it back until then, and the proposal it came with would find no proof): a move the
   * rules refuse here is proof now. Only with no move waiting for dice, so the state is the point's.
   */
  private judgeNow(from: number, message: Message, line: string): boolean {
    const action = this.game.moveOf(message);
    if (this.pending !== null || this.round !== null || this.inDraws() || action === null) return false;
    // Pipelining: a move of another history is judged nowhere here.
    if (this.pipelining && parentOf(message) !== this.ledger.parentOf(this.index)) return false;
    const reason = this.authorityProblem(from, action);
    if (reason === null) return false;
    this.cheat(from, reason, [line]);
    return true;
  }

  /** Why `from` may not send this action now, or null if it may. */
  private authorityProblem(from: number, action: A): string | null {
    const awaited = this.game.decisionBy(this.state);
    if (action.command === 'leave_game') return 'sent leave_game with a sequence number';
    if (action.command === 'timeout')
      return `sent a timeout for ${this.nameOf(playerOf(action))}; silence is settled by votes`;
    if (awaited === null) return `sent ${action.command} while the game waits for a dice round`;
    const speaksForNeutral = action.command === 'defend' && this.standing(awaited)!.neutral;
    if (!speaksForNeutral && from !== awaited)
      return `sent ${action.command} out of turn: it is ${this.nameOf(awaited)}'s decision`;
    const check = this.game.check(this.state, action);
    return check.ok ? null : `illegal ${action.command}: ${check.reason}`;
  }

  /** A defence in a neutral player's name (its speaker's, not a move out of turn). */
  private forNeutral(action: A): boolean {
    return action.command === 'defend' && this.standing(playerOf(action))?.neutral === true;
  }

  private accept(author: number, action: A, index: number, line: string, sig: string | null, parent: string | null) {
    // Every move is acknowledged with its author's signature, which others take as proof of what
    // the author said: so a move's signature is checked before it is applied, not lazily.
    if (author !== this.config.me && sig !== null && !this.proven([line])) {
      return this.fault(author, `sent move ${index} with a signature that does not match`);
    }
    const messageHash = messageHashOf(index, action);
    if (this.game.needsDice(this.state, action)) {
      this.pending = { index, author, action, messageHash, parent, line, sig };
      this.startRound();
      return;
    }
    this.commit({ index, author, action, messageHash, parent, line, sig }, CHECK_DICE);
  }

  private commit(move: Pending<A>, dice: Dice, numbers: StepNumbers | null = null) {
    const before = this.state;
    const result = this.game.apply(before, move.action, dice);
    if (!result.ok) throw new Error(`validated action refused: ${result.reason}`);
    const hash = this.game.stateHash(result.state);
    this.ledger.commit(
      {
        index: move.index,
        author: move.author,
        neutral: null,
        messageHash: move.messageHash,
        stateHash: hash,
        parent: move.parent,
        line: move.line,
        sig: move.sig,
        before,
      },
      result.state,
    );
    this.stepped(move.action, numbers);
    this.forgetOld(move.index);
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
    if (this.game.endsTurn(move.action, result.events)) this.effects.push({ type: 'sync' });
    const ack: Message = {
      command: 'acknowledgement',
      payload: move.index,
      player_id: this.config.me,
      ...(this.config.features.stateHashAcks ? { state_hash: hash, message_hash: move.messageHash } : {}),
      ...(move.sig !== null ? { author: move.author, author_sig: move.sig } : {}),
      ...(move.parent !== null ? { parent: move.parent } : {}),
    };
    // Our own ack line is kept: it is evidence when the move's point has to be taken back.
    this.storeAck(this.config.me, move.index, {
      stateHash: hash,
      messageHash: move.messageHash,
      author: move.author,
      authorSig: move.sig,
      parent: move.parent,
      line: this.broadcast(ack).line,
    });
    this.checkAgreement();
    this.deadline = null;
  }

  /** After an entry at `index` is kept: old acks are forgotten, and observers that acked another version of it answered. */
  private forgetOld(index: number) {
    this.acks.forget(index - MOVE_MEMORY);
    for (const [observer, version] of this.corrections.waitingAt(index)) this.correctObserver(observer, index, version);
  }

  /** Undoes every entry from `index` on (none of them can be settled anywhere: see takeBackPoint). */
  private rollbackTo(index: number) {
    const count = this.ledger.rollbackTo(index);
    // Every entry from `index` on was one step (the draws all come before the first move).
    this.effects.settleInFlight();
    this.effects.push({ type: 'unstep', count });
    if (this.pending !== null) this.dropPending();
    // Pipelining: this seat decides again on the new history; moves kept for another history may fit it.
    this.ownHeld = null;
    for (const [from, item] of this.otherHistory.takeAll()) this.enqueue('moves', from, item);
  }

  private dropPending() {
    if (this.round !== null) this.abandoned.add(this.round.number);
    this.round = null;
    this.pending = null;
  }

  // ---- acknowledgements ----

  /** Whether an ack of `index` from `from` is kept (and recorded): else it is dropped, or the link's fault. */
  private keepsAck(from: number, index: number): boolean {
    if (!this.isIn(from)) return true;
    const { keep, fault } = ackProblem(index, {
      base: this.ledger.last?.index ?? -1,
      next: this.index,
      observing: this.observing(),
      ackWindow: this.ackWindow,
      ackedBefore: () => this.acks.get(index)?.has(from) === true,
    });
    if (fault !== null) this.fault(from, fault);
    return keep;
  }

  private onAck(from: number, message: Extract<Message, { command: 'acknowledgement' }>, line: string) {
    const index = message.payload;
    if (!this.isIn(from)) {
      if (message.message_hash === undefined) return;
      // (No author: the observer made that point a neutralisation.)
      return this.correctObserver(from, index, { author: message.author ?? -1, messageHash: message.message_hash });
    }
    const ack: Ack = {
      stateHash: message.state_hash ?? null,
      messageHash: message.message_hash ?? null,
      author: message.author ?? null,
      authorSig: message.author_sig ?? null,
      parent: this.pipelining ? (message.parent ?? '') : null,
      line,
    };
    this.storeAck(from, index, ack);
    this.acks.noteFurthest(from, index);
    const taken = this.ledger.taken.get(index);
    if (taken !== undefined && index < this.ledger.firstOpen) this.judgeAck(from, index, ack, taken);
    this.adoptSettled(index);
    this.checkAgreement();
  }

  /** An observer acknowledged another version of a move taken here: it is sent this one, once (acks.ts). */
  private correctObserver(observer: number, index: number, version: Version) {
    if (this.config.mute || !this.config.features.signed) return;
    const taken = this.ledger.taken.get(index);
    const line = this.corrections.correct(observer, index, version, taken, this.index, this.ackWindow);
    if (line !== null) this.effects.push({ type: 'send', line, to: observer });
  }

  /** Judges an ack of a move applied here (acks.ts: judgeAck); false if it proved a cheat. */
  private judgeAck(from: number, index: number, ack: Ack, move: Taken): boolean {
    const finding = judgeAck(from, index, ack, move, this.ackJudge);
    if (finding === null) return true;
    if (finding.kind === 'equivocation') this.equivocation(finding.player, index, finding.evidence);
    else this.cheat(finding.player, finding.reason, finding.evidence);
    return false;
  }

  private storeAck(from: number, index: number, ack: Ack) {
    // Acks of moves settled long ago are of no further use (as the moves themselves, MOVE_MEMORY).
    this.acks.store(
      from,
      index,
      ack,
      () => Math.min(this.ledger.firstOpen, this.ledger.last?.index ?? 0) - MOVE_MEMORY,
    );
  }

  /** Players whose acknowledgement of every move is awaited. */
  private ackers(): number[] {
    return this.standings()
      .filter((p) => isIn(p) && p.id !== this.config.me)
      .map((p) => p.id);
  }

  private matches(ack: Ack | undefined, entry: Entry<S>): boolean {
    return matches(ack, entry, this.config.features.stateHashAcks);
  }

  private isSettled(index: number): boolean {
    const entry = this.ledger.applied.get(index);
    if (entry === undefined) return true;
    return this.acks.allMatch(entry, this.ackers(), this.config.features.stateHashAcks);
  }

  /** Whether every entry applied here is settled (lockstep: only then may a new move come). */
  private allSettled(): boolean {
    return this.ledger.settle((index) => this.isSettled(index));
  }

  private checkAgreement() {
    if (!this.config.features.stateHashAcks) return;
    for (let index = this.ledger.firstOpen; index < this.index; index++) {
      const entry = this.ledger.applied.get(index);
      if (entry === undefined) continue;
      for (const [player, ack] of this.acks.get(index) ?? []) {
        if (player === this.config.me || !this.isIn(player)) continue;
        if (!this.judgeAck(player, index, ack, entry)) return;
      }
    }
  }

  // ---- deciding the next step ----

  private step(): boolean {
    if (this.game.over(this.state)) {
      this.endStep();
      return false;
    }
    if (this.proposeProven()) return true;
    if (this.round !== null || this.pending !== null) return false;
    if (!this.allSettled()) {
      // (Pipelining: a move on the window's unsettled entries is handled from the queues, or decided by this seat.)
      this.arm('ack', this.ledger.firstOpen);
      return false;
    }
    if (this.ownHeld !== null) {
      const own = this.ownHeld;
      this.ownHeld = null;
      this.send(own);
      return true;
    }
    const secret = this.secrets?.step() ?? null;
    if (secret !== null) return secret;
    const draw = this.game.drawStep(this.state);
    if (draw !== null) {
      this.startRound();
      return true;
    }
    const awaited = this.game.decisionBy(this.state);
    if (awaited === null) throw new Error(`no decision in phase ${this.game.phase(this.state)}`);
    if (this.standing(awaited)!.neutral) {
      const speaker = this.speakerFor(awaited);
      const move = speaker === this.config.me && !this.config.mute ? this.game.neutralMove(this.state, awaited) : null;
      if (move !== null) {
        this.send(move);
        return true;
      }
      this.arm('move', this.index);
      return false;
    }
    if (awaited !== this.config.me) this.arm('move', this.index);
    return false;
  }

  /**
   * The peer that defends for a neutral player: the lowest-numbered active peer still reachable.
   * With early reveals not the attacker, while another can: the attacker's reveal goes with its
   * attack, and another speaker's defend meets it one trip later (early-reveal.ts).
   */
  private speakerFor(neutral: number): number {
    const candidates = this.standings().filter(
      (p) => isIn(p) && p.id !== neutral && (p.id === this.config.me || !this.gone.has(p.id)),
    );
    const attacker = this.revealsEarly() ? this.game.attackerOf(this.state) : null;
    const others = candidates.filter((p) => p.id !== attacker);
    return others[0]?.id ?? candidates[0]?.id ?? -1;
  }

  /** Whether this game reveals a neutral defender's round ahead of it (dice_chains and early_reveals). */
  private revealsEarly(): boolean {
    return this.chains !== null && this.config.features.earlyReveals === true;
  }

  /** The wait running (deadlines.ts). */
  private get deadline(): Deadline | null {
    return this.deadlines.due;
  }

  private set deadline(due: Deadline | null) {
    this.deadlines.due = due;
  }

  /**
   * The game is over here. Only once every point has settled here: out of the game, this peer may
   * hold a version of a move that the players in the game did not take (they send theirs:
   * adoptSettled). Secret Mission: then, and not before (an entry that ends the game may yet be taken
   * back), this seat publishes its deal key and waits a while for the key of every other seat not
   * neutral and still connected, one out of the game too (protocol-spec/secret-dealing.md §11, End
   * of game); the record names the keys that never came.
   */
  private endStep() {
    if (!this.allSettled()) return this.arm('ack', this.ledger.firstOpen);
    const outcome = this.game.wonOnBoard(this.state) ? 'conquest' : 'forfeit';
    if (this.secrets === null || this.config.mute) return this.finish(outcome);
    this.secrets.publishKey();
    const missing = this.secrets.keysAwaited().filter((p) => !this.gone.has(p));
    if (missing.length === 0) return this.finish(outcome);
    if (!this.keysLate) return this.arm('keys', this.index);
    const names = missing.map((p) => this.nameOf(p)).join(', ');
    this.emit({ type: 'info', text: `the game is over; no deal key came from ${names}` });
    this.finish(outcome, undefined, { keysMissing: missing });
  }

  private arm(kind: Deadline['kind'], index: number) {
    if (this.config.mute) return;
    this.deadlines.arm(kind, index, this.now);
    // A move due from a player whose link closed before (with pipelining the move wait starts only
    // once every entry settles): judged after an ack timeout, as when it closes while the move is due.
    const due = this.deadline;
    if (kind !== 'move' || due === null || this.gone.size === 0) return;
    if (this.awaitedFrom(due).some((p) => this.gone.has(p))) this.deadlines.moveBy(this.now + this.config.ackTimeoutMs);
  }

  /** Who the wait that just ran out was for (deadlines.ts). */
  private awaitedFrom(due: Deadline): number[] {
    return awaitedFrom(due, {
      me: this.config.me,
      index: this.index,
      secret: () => this.secrets?.awaited() ?? [],
      round: () => this.round?.missing() ?? null,
      acks: (index) => {
        const entry = this.ledger.applied.get(index);
        if (entry === undefined || index < this.ledger.firstOpen) return [];
        const acks = this.acks.get(index);
        return this.ackers().filter((p) => !this.matches(acks?.get(p), entry));
      },
      mover: () => {
        if (this.pending !== null || this.round !== null) return null;
        const awaited = this.game.decisionBy(this.state);
        if (awaited === null) return null;
        return this.standing(awaited)!.neutral ? this.speakerFor(awaited) : awaited;
      },
    });
  }

  /** Sends my move for the current index to everyone and applies it here. */
  private send(chosen: A) {
    const index = this.index;
    // The move as every receiver will read it off the wire.
    const action = this.game.moveOf(this.game.messageOf(chosen, index, this.config.me));
    if (action === null) throw new Error(`${chosen.command} is not a move on the wire`);
    const problem = this.authorityProblem(this.config.me, action);
    if (problem !== null) {
      // Checked before anything is sent: a move of ours that the rules refuse never leaves.
      this.emit({ type: 'info', text: `this seat's move was refused: ${problem}` });
      return;
    }
    if (!this.allSettled() && this.game.needsDice(this.state, action)) {
      // No dice round starts on an entry that may still be taken back: it goes once that settles.
      this.ownHeld = chosen;
      return;
    }
    const parent = this.parentHere(index);
    const message = this.game.messageOf(action, index, this.config.me);
    const { line, sig } = this.broadcast(parent === null ? message : ({ ...message, parent } as Message));
    this.accept(this.config.me, action, index, line, sig, parent);
  }

  // ---- timeouts by agreement ----

  /**
   * Silence is voted on in two stages, one timeout apart. Stage 1 asks the others to hand on what
   * they hold of the accused (it may only be silent towards this peer, or waiting for a line that
   * someone withheld from it alone); only stage-2 votes, cast when the silence outlasted that,
   * count towards a quorum.
   */
  private vote(player: number) {
    if (this.config.mute || player === this.config.me || !this.isIn(player)) return;
    const stage = this.silence.castMine(player, this.index);
    if (stage === null) return;
    this.emit({
      type: 'info',
      text:
        stage === 1
          ? `${this.nameOf(player)} is silent; asking the others for its lines`
          : `${this.nameOf(player)} is still silent; voting to time it out`,
    });
    const { line } = this.broadcast({
      command: 'timeout_vote',
      payload: { player, index: this.index, stage },
      player_id: this.config.me,
    });
    if (stage === 1) this.catchUp(player);
    this.onVote(this.config.me, player, this.index, stage, line);
    // Out of the game and waiting on the only player left in it (its last move, the capture that
    // ends the game): nobody may judge that player's silence, and only it holds the line awaited.
    // Waiting on would never end, and crowning it without its move would leave this state apart.
    if (stage === 2 && this.result === null && this.observing() && this.electorate(player).length === 0)
      this.finish(
        'lost-contact',
        `${this.nameOf(player)}, the last player in the game, went silent before its final move; this peer is out of the game and stops waiting`,
      );
  }

  /** The accused may be silent only because someone withheld from it the line it waits for (hand-on.ts). */
  private catchUp(player: number) {
    if (this.config.mute || !this.config.features.signed) return;
    this.sendProven(catchUpLines(this.held(), player), player);
    for (const line of this.secrets?.linesNotBy(player) ?? []) this.effects.push({ type: 'send', line, to: player });
  }

  /**
   * A player out of the game here (eliminated) that votes from far behind holds nobody up, so
   * nothing else would bring it the lines it lacks (say, an ack the rogue withheld from it alone
   * just before the move that eliminated it): it is sent what this peer holds from its point on,
   * once per point.
   */
  private catchUpObserver(observer: number, from: number) {
    if (this.config.mute || !this.config.features.signed) return;
    if (!this.silence.catchUpOnce(observer, from)) return;
    this.sendProven(observerLines(this.held(), observer, from), observer);
  }

  private voteInWindow(index: number): boolean {
    // Pipelining: an honest peer may be a window further ahead (window + 1 entries applied, unsettled).
    return index >= this.index - this.ackWindow && index <= this.index + this.window + 1;
  }

  private onVote(voter: number, player: number, index: number, stage: 1 | 2, line: string) {
    const accused = this.standing(player);
    if (voter !== this.config.me) this.silence.noteVoter(voter, index);
    if (voter !== this.config.me && index < this.index - this.ackWindow && !this.isIn(voter))
      this.catchUpObserver(voter, index);
    // Players out of the game but still here (observers) vote too: they judge when two remain.
    if (accused === undefined || !isIn(accused) || voter === player || this.standing(voter)!.neutral) return;
    if (!this.voteInWindow(index)) return;
    this.silence.accuse(voter, player, index);
    if (voter !== this.config.me) {
      this.silence.relayTo(voter, player);
      this.handOn(voter, player, index);
    }
    if (stage === 1) return;
    // With two players the accuser alone is the quorum: this peer accepts being timed out only if
    // it knows it stood still, or its own seat has owed this move for the move timeout; otherwise
    // it was live, and the claim is the other's word alone.
    const owedMove =
      this.decisionDue !== null && this.myDue.index === index && this.now - this.myDue.at >= this.config.moveTimeoutMs;
    if (
      player === this.config.me &&
      this.twoActive() &&
      this.electorate(player).length === 1 &&
      !owedMove &&
      this.now - this.deadlines.lastStall > 2 * (this.config.moveTimeoutMs + this.config.ackTimeoutMs)
    ) {
      this.emit({ type: 'info', text: `${this.nameOf(voter)} claims this peer was silent; it was not, and plays on` });
      return;
    }
    this.silence.count(voter, player, index, line);
    this.checkQuorum(player);
  }

  /**
   * A player voted silent acknowledged a move applied here, with the same move and state: it is
   * alive (it rejoined, or was only slow). The votes this peer holds against it lapse and its own
   * stages start again, so a later silence needs two full timeouts again. Only a fresh matching
   * ack of an entry applied here counts: each entry lapses the votes at most once, so a player
   * cannot keep itself in the game by acknowledging without moving. Votes handed on inside a
   * proposal's evidence still count (a neutralisation proven elsewhere stays proven).
   */
  private lapseVotes(player: number, index: number) {
    if (!this.silence.holdsAgainst(player)) return;
    const entry = this.ledger.applied.get(index);
    if (entry === undefined || !this.isIn(player)) return;
    if (!this.matches(this.acks.get(index)?.get(player), entry)) return;
    this.silence.lapse(player);
    this.emit({ type: 'info', text: `${this.nameOf(player)} acknowledged move ${index}; the votes against it lapse` });
  }

  /**
   * A voter may only be missing what the accused sent to others: give it what this peer holds
   * (hand-on.ts). `index`: the voter's point when it voted; acks far below it would be refused there.
   */
  private handOn(voter: number, accused: number, index: number) {
    if (this.config.mute || !this.config.features.signed) return;
    // With the proof against it held here (in the opening draws it waits for point 0, and a voter
    // still waiting on the round needs it to finish the round as this peer did).
    const evidence = this.proofs.get(accused)?.evidence ?? [];
    const lines = accusedLines(this.held(), accused, evidence, index - 1 - this.ackWindow);
    this.sendProven(lines, voter);
    for (const line of this.secrets?.linesBy(accused) ?? []) this.effects.push({ type: 'send', line, to: voter });
  }

  /** What this peer holds that it may hand on. */
  private held(): Held {
    return {
      index: this.index,
      firstOpen: this.ledger.firstOpen,
      taken: this.ledger.taken,
      acks: (index) => this.acks.get(index),
      pending: this.pending,
      // Pipelining: a peer behind may wait for a point a window further back, and be a window behind.
      reach: 2 * (this.window + 1),
      ackWindow: this.ackWindow,
      rounds: [this.lastRound, this.round],
      pastRounds: [...this.pastRounds, this.round],
    };
  }

  /** Only lines that prove themselves are handed on: a bad one would count against this peer there. */
  private sendProven(lines: readonly string[], to: number) {
    for (const line of lines) if (line !== '' && this.handsOn(line)) this.effects.push({ type: 'send', line, to });
  }

  /**
   * Whether a line this peer holds may be handed on: its signature checks out. Every line was
   * checked on arrival but an ack or reveal taken unchecked (takesUnchecked), checked now: one that fails is
   * its author's fault (it came on the author's own link) and is not handed on.
   */
  private handsOn(line: string): boolean {
    if (this.proven([line])) return true;
    const by = unseal(line)?.by;
    if (by !== undefined && by !== this.config.me) this.fault(by, 'sent a line whose signature does not match');
    return false;
  }

  /**
   * Of `lines` (this peer's record, for a seat that rejoins), those that may be handed on: every line
   * but an ack or reveal taken unchecked whose signature does not match (handsOn). Only a game of two seats
   * takes any, all the other seat's.
   */
  handOnLines(lines: readonly string[]): string[] {
    if (!this.config.features.signed || this.config.players.length !== 2) return [...lines];
    return lines.filter((line) => {
      const sealed = unseal(line);
      if (sealed === null || sealed.by === this.config.me || !TAKEN_UNCHECKED.some((c) => sealed.inner.startsWith(c)))
        return true;
      return this.handsOn(line);
    });
  }

  /** Who judges whether `player` is silent (silence.ts). */
  private electorate(player: number): number[] {
    return this.silence.electorate(player, {
      standings: this.standings(),
      me: this.config.me,
      gone: this.gone,
      index: this.index,
      observing: this.observing(),
      ackWindow: this.ackWindow,
    });
  }

  private checkQuorum(player: number) {
    const others = this.electorate(player);
    // The votes become proof for everyone: each must carry its voter's valid signature.
    const quorum = this.silence.quorum(
      player,
      others,
      this.index,
      this.ackWindow,
      (voter, line) => voter === this.config.me || this.proven([line]),
    );
    if (quorum === null) return;
    this.prove(player, `timed out: ${quorum.voters.length} of ${others.length} other players found it silent`, {
      cheat: false,
      silent: true,
      evidence: quorum.lines.slice(0, MAX_EVIDENCE_ITEMS),
    });
  }

  /** With nobody left to hear from, this peer cannot tell the others' silence from its own. */
  private checkContact() {
    if (this.config.mute || this.result !== null) return;
    const others = this.standings().filter((p) => isIn(p) && p.id !== this.config.me);
    if (others.length === 0) return;
    // Observers still reachable judge silence with this peer (electorate): contact is not lost yet.
    const observers = observersOf(this.standings()).filter((p) => p.id !== this.config.me);
    // A player this peer voted silent twice at this point answers nothing on its open link: with
    // every other player gone, no vote reaches a quorum (a half-open link would keep it waiting).
    const silent = (id: number) => this.silence.votedTwice(id, this.index);
    const judges = [...others, ...observers];
    const cutOff = judges.some((p) => this.gone.has(p.id)) && judges.every((p) => this.gone.has(p.id) || silent(p.id));
    if (!cutOff) {
      if (this.cutOffUntil !== null) this.emit({ type: 'info', text: 'in contact again: the game goes on' });
      this.cutOffUntil = null;
      return;
    }
    if (this.cutOffUntil !== null) return;
    // A player whose process died may come back with its key (rejoin): give it the time the votes
    // would give it in a larger game, then stop as before. Nothing is judged meanwhile.
    const grace = this.config.rejoinGraceMs ?? 0;
    if (grace <= 0)
      return this.finish(
        'lost-contact',
        judges.every((p) => this.gone.has(p.id))
          ? 'lost contact with every other player'
          : 'lost contact with every other player (gone, or silent on a link still open)',
      );
    this.cutOffUntil = this.now + grace;
    this.emit({
      type: 'info',
      text: `lost contact with every other player; waiting ${Math.round(grace / 1000)} s for one to rejoin`,
    });
  }

  // ---- proof handed on ----

  private onExpel(from: number, message: Extract<Message, { command: 'expel' }>, depth: number) {
    const { player, reason, evidence } = message.payload;
    if (depth > 0 || !this.config.features.signed) {
      if (!this.config.features.signed)
        this.emit({ type: 'info', text: `${this.nameOf(from)} reports ${this.nameOf(player)}: ${reason}` });
      return;
    }
    // Every piece of evidence is a signed line: judge it as if it had come straight from its author.
    for (const line of evidence) this.take(from, line, depth + 1);
    if (evidence.length === 2) this.checkRoundPair(evidence[0]!, evidence[1]!);
  }

  /** Two dice lines of one player for one round that cannot both stand (proof.ts), from a round over here already. */
  private checkRoundPair(first: string, second: string) {
    const a = this.openSigned(first)?.message;
    const b = this.openSigned(second)?.message;
    if (a === undefined || b === undefined) return;
    const dice = (m: Message) => m.command === 'roll_hash' || m.command === 'roll_number';
    if (this.chains !== null && dice(a) && dice(b) && (a.command === 'roll_hash' || b.command === 'roll_hash')) {
      const player = (a as { player_id: number }).player_id;
      const reason = this.isIn(player)
        ? chainPairProof(
            this.config.gameId,
            a as Parameters<typeof chainPairProof>[1],
            b as Parameters<typeof chainPairProof>[2],
          )
        : null;
      if (reason !== null) this.cheat(player, reason, [first, second]);
      return;
    }
    const found = roundPairCheat(a, b, (number, round, player) => this.commitmentOf(number, round, player));
    if (found !== null && this.isIn(found.player)) this.cheat(found.player, found.reason, [first, second]);
  }

  private openSigned(line: string): { message: Message } | null {
    const sealed = unseal(line);
    if (sealed === null) return null;
    const decoded = decodeLine(sealed.inner);
    if (!decoded.ok || 'ignored' in decoded) return null;
    return this.keyring.verify(sealed.by, this.digestOf(decoded.message, sealed.inner), sealed.sig) &&
      'player_id' in decoded.message &&
      decoded.message.player_id === sealed.by
      ? { message: decoded.message }
      : null;
  }

  // ---- dice rounds ----

  private startRound() {
    const draw = this.pending === null ? this.game.drawStep(this.state) : null;
    if (this.pending === null && draw === null) return;
    const participants = this.standings()
      .filter(isIn)
      .map((p) => p.id);
    const number = this.roundId();
    const takesPart = participants.includes(this.config.me) && !this.config.mute;
    if (this.chains !== null) return this.startChainedRound(number, participants, takesPart);
    const mine = takesPart ? (this.config.secretNumbers ?? secretNumber)() : null;
    this.round = new DiceRound(this.rounds, number, participants, mine, this.now);
    if (mine !== null) {
      this.round.commitMine(
        this.config.me,
        (hash) =>
          this.broadcast({ command: 'roll_hash', payload: hash, player_id: this.config.me, round: number }).line,
      );
    }
    this.deadline = null;
    this.arm('round', number);
    this.progressRound();
  }

  /**
   * A round with dice chains: a participant whose chains do not cover the round commits to a new
   * one from it; the others' commitments are the chains they committed to before.
   */
  private startChainedRound(number: number, participants: number[], takesPart: boolean) {
    const chains = this.chains!;
    const me = this.config.me;
    participants = participants.filter((p) => !chains.voided(p, number));
    takesPart &&= participants.includes(me);
    if (takesPart && chains.covering(me, number) === undefined) {
      const from = chainStart(number);
      const chain = chainFrom((this.config.secretNumbers ?? secretNumber)(), {
        gameId: this.config.gameId,
        from,
        player: me,
      });
      chains.keepOwn(chain);
      const { line } = this.broadcast({ command: 'roll_hash', payload: chain.tip, player_id: me, round: from });
      chains.commit(me, from, chain.tip, line, number);
    }
    const own = takesPart ? chains.covering(me, number) : undefined;
    const mine = own === undefined ? null : chains.ownValue(own.tip, number);
    if (takesPart && mine === null)
      throw new Error(`this seat does not hold the values of its dice chain for round ${number}`);
    this.round = new DiceRound(this.rounds, number, participants, mine, this.now);
    for (const player of participants) {
      const chain = chains.covering(player, number);
      if (chain !== undefined) this.round.commit(player, chain.tip, chain.line, 'allow');
    }
    // Revealed ahead of the round (early_reveals): that line is this peer's reveal, sent once.
    const sent = this.early.take(number);
    if (sent !== null && mine !== null && this.round.allCommitted) this.round.revealMine(me, () => sent);
    this.deadline = null;
    this.arm('round', number);
    this.progressRound();
  }

  /**
   * A chain commitment, taken whenever it comes (it covers rounds to come, and a rejoining seat
   * reads those of rounds long over): two of one player that share a round id are proof.
   */
  private takeChain(from: number, message: Extract<Message, { command: 'roll_hash' }>, line: string): 'done' {
    const chains = this.chains!;
    if (message.round === undefined) return 'done'; // a class peer's: no dice_chains there
    const check = chains.commit(from, message.round, message.payload, line, this.roundId());
    if (!check.ok) {
      if (check.why === 'too-many') this.fault(from, check.reason);
      else {
        this.cheat(from, `signed two dice commitments for round ${check.round}`, [check.other, line]);
        // In the opening draws the round goes on without that player at once, as for two commitments.
        if (this.inDraws() && this.round?.participants.includes(from)) {
          this.round.drop(from);
          this.progressRound();
        }
      }
      return 'done';
    }
    // This seat's own chain, read again in the history after a rejoin: its noted seed gives its values.
    if (check.fresh && from === this.config.me && this.config.chainSeed !== undefined) {
      const own = chainFrom(this.config.chainSeed, { gameId: this.config.gameId, from: message.round, player: from });
      if (own.tip === message.payload) chains.keepOwn(own);
    }
    const round = this.round;
    const chain = round === null ? undefined : chains.covering(from, round.number);
    if (
      round !== null &&
      chain?.tip === message.payload &&
      round.participants.includes(from) &&
      !round.hashes.has(from)
    )
      round.commit(from, message.payload, line, 'allow');
    this.progressRound();
    return 'done';
  }

  /**
   * early_reveals: this peer's number for a neutral defender's round goes out ahead of the round
   * when the rule allows it (early-reveal.ts), so the round completes one trip sooner.
   */
  private revealEarly() {
    const chains = this.chains;
    if (chains === null || !this.revealsEarly() || this.config.mute) return;
    if (this.result !== null || this.round !== null || this.pending !== null || this.inDraws()) return;
    if (this.secrets?.busy() || this.game.over(this.state)) return;
    const roundId = this.roundId();
    this.early.forgetBelow(roundId);
    if (this.early.has(roundId) || this.abandoned.has(roundId)) return;
    const awaited = this.game.decisionBy(this.state);
    const due = earlyRevealDue({
      me: this.config.me,
      awaited,
      awaitedNeutral: awaited !== null && this.standing(awaited)?.neutral === true,
      lastAuthor: this.ledger.last?.author ?? null,
      settled: this.allSettled(),
      // Pipelining: the attack itself may be built on an entry not yet settled; then nobody reveals early.
      settledBefore: this.settledBeforeLast(),
      roundId,
      participants: this.standings()
        .filter((p) => isIn(p) && !chains.voided(p.id, roundId))
        .map((p) => p.id),
      tipOf: (player, round) => chains.covering(player, round)?.tip,
    });
    if (due === null) return;
    const own = chains.covering(this.config.me, roundId);
    const value = own === undefined ? null : chains.ownValue(own.tip, roundId);
    if (value === null) return;
    const { line } = this.broadcast({
      command: 'roll_number',
      payload: bytesToHex(value),
      player_id: this.config.me,
      round: roundId,
      commitments: due.named,
    });
    this.early.keep(roundId, line);
  }

  private commitmentOf(number: Uint8Array, round: number, player: number): string {
    return this.rounds.commitmentOf(number, round, player);
  }

  /** The round about to start (roundIdFor). */
  private roundId(): number {
    return this.game.roundId(this.state, this.pending?.index ?? this.index);
  }

  private handleRoll(
    from: number,
    message: Extract<Message, { command: 'roll_hash' | 'roll_number' }>,
    line: string,
  ): 'done' | 'wait' {
    const round = this.round;
    if (this.chains !== null && message.command === 'roll_hash') return this.takeChain(from, message, line);
    // A round already over stays over during the capitals' round (later phases only count up): a
    // seat taken back in that round reads the opening draws' lines in the history, in order.
    if (this.game.phase(this.state) === 'capitals' && message.round !== undefined && message.round < this.roundId())
      return 'done';
    if (this.secrets?.busy()) return 'wait'; // the next draw's, from a peer that finished the secret round first
    if (message.round !== undefined) {
      if (this.abandoned.has(message.round) || message.round < (round?.number ?? this.roundId())) return 'done';
      if (round === null || message.round > round.number) return 'wait';
    }
    if (round === null || !round.participants.includes(from)) return 'wait';
    // Equal commitments are refused only when revealed (bound commitments cannot be copied anyway).
    const check =
      message.command === 'roll_hash'
        ? round.commit(from, message.payload, line, 'allow')
        : round.reveal(from, message.payload, line, message.commitments);
    if (!check.ok) {
      if (check.why === 'second' && message.round === round.number)
        return this.secondRoundLine(from, message, line, round);
      // A second commitment is the next round's; a reveal waits for every commitment (an honest peer waits too).
      if (check.why !== 'copied' && check.why !== 'mismatch') return 'wait';
      const reason =
        check.why === 'copied'
          ? `copied ${this.nameOf(check.from)}'s dice commitment`
          : 'revealed a dice number that does not match its commitment';
      this.cheat(from, reason, [round.hashes.get(from)!.line, line]);
      return 'done';
    }
    if (message.command === 'roll_number') this.showCommitments(from, round);
    this.progressRound();
    return 'done';
  }

  /**
   * A reveal that names other commitments than this peer holds: someone signed two for this round,
   * or the revealer says so falsely. This peer shows the revealer what it holds (once), and the
   * revealer, seeing this peer's reveal, does the same: the player that signed two is then caught
   * at both, before either uses the round (DiceRound.disputed).
   */
  private showCommitments(revealer: number, round: DiceRound) {
    if (this.config.mute || revealer === this.config.me || !round.disputed().includes(revealer)) return;
    const key = `${round.number}>${revealer}`;
    if (this.commitmentsShown.has(key)) return;
    this.commitmentsShown.add(key);
    for (const { line } of round.hashes.values())
      if (line !== '' && this.proven([line])) this.effects.push({ type: 'send', line, to: revealer });
  }

  /** A second commitment or reveal of one player for the round in progress. */
  private secondRoundLine(
    from: number,
    message: Extract<Message, { command: 'roll_hash' | 'roll_number' }>,
    line: string,
    round: DiceRound,
  ): 'done' {
    const first = message.command === 'roll_hash' ? round.hashes.get(from)! : round.numbers.get(from)!;
    if (first.line === line) return 'done';
    if (message.command === 'roll_hash') {
      if (round.hashes.get(from)!.hash === message.payload) return 'done';
      // Two signed commitments for one round: neither can count. In the opening draws the round goes
      // on without that player at once (every honest peer waits on the dispute until it sees both);
      // in a move's round the neutralisation takes the move's point (proposeProven) and the move goes.
      this.cheat(from, `signed two dice commitments for round ${round.number}`, [first.line, line]);
      if (this.inDraws()) {
        round.drop(from);
        this.progressRound();
      }
      return 'done';
    }
    const committed = round.hashes.get(from)!;
    if (!round.opens(from, hexToBytes(message.payload))) {
      this.cheat(from, 'revealed a dice number that does not match its commitment', [committed.line, line]);
      return 'done';
    }
    const named = round.named.get(from);
    if (named === undefined || sameNamed(named, message.commitments)) return 'done';
    // The same number (a reveal that fits the commitment), named with other commitments. In a move's
    // round the neutralisation takes the move's point and the move goes, as for any cheat in a round;
    // in the opening draws its lists no longer count and its number does (the others, waiting on the
    // dispute, get both reveals handed on: handOn).
    this.cheat(from, `named two different sets of dice commitments in round ${round.number}`, [first.line, line]);
    if (this.inDraws()) {
      round.forgetNamed(from);
      this.progressRound();
    }
    return 'done';
  }

  private progressRound() {
    const round = this.round;
    if (round === null) return;
    if (round.dueToReveal) {
      round.revealMine(
        this.config.me,
        (hex) =>
          this.broadcast({
            command: 'roll_number',
            payload: hex,
            player_id: this.config.me,
            round: round.number,
            commitments: round.namedCommitments(),
          }).line,
      );
      this.deadline = null;
      this.arm('round', round.number);
    }
    if (round.complete) this.finishRound(round);
  }

  private finishRound(round: DiceRound) {
    this.round = null;
    // Kept to hand on: a peer that was kept from a line of it may still be waiting in it.
    this.lastRound = round;
    this.pastRounds.push(round);
    if (this.pastRounds.length > PAST_ROUNDS) this.pastRounds.shift();
    this.deadline = null;
    this.emit({
      type: 'round',
      id: round.number,
      participants: round.participants.length,
      ms: this.now - round.startedAt,
    });
    const numbers: StepNumbers = round.stepNumbers();
    const dice = round.dice();
    const pending = this.pending;
    if (pending !== null) {
      this.pending = null;
      this.commit(pending, dice, numbers);
      return;
    }
    const draw = this.game.drawStep(this.state);
    if (draw === null) return;
    const result = this.game.apply(this.state, draw, dice);
    if (!result.ok) throw new Error(`draw step refused: ${result.reason}`);
    this.state = result.state;
    this.stepped(draw, numbers);
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
    // A draw that ends the game (a RISC turn's) settles with no acknowledgement: this peer finishes
    // at once and answers no vote. A peer still missing a line of the round gets them all here.
    if (this.game.over(this.state)) this.handOnRound(round);
  }

  /** Hands on the others' signed lines of a round to everyone (each is its author's, checkable by all). */
  private handOnRound(round: DiceRound) {
    if (this.config.mute || !this.config.features.signed) return;
    for (const [player, entry] of [...round.hashes, ...round.numbers])
      if (player !== this.config.me && entry.line !== '' && this.handsOn(entry.line))
        this.effects.push({ type: 'send', line: entry.line, to: null });
  }

  // ---- cheating and silence ----

  private cheat(player: number, reason: string, evidence: string[], line?: string, link = player, at?: number) {
    if (line !== undefined && this.effects.inFlight === null) this.effects.inFlight = { from: link, line };
    // Proof is only what every peer can check: a badly signed line is the link's noise, not proof.
    if (!this.proven(evidence)) return this.fault(link, 'sent a line whose signature does not match');
    this.prove(player, reason, { cheat: true, evidence, ...(at !== undefined ? { at } : {}) });
  }

  /**
   * Two signed moves for one point. Where no version can settle anywhere, the neutralisation takes
   * that point (takeBackPoint); otherwise the next one.
   */
  private equivocation(player: number, index: number, evidence: string[]) {
    this.cheat(player, `signed two different moves for sequence point ${index}`, evidence, undefined, player, index);
  }

  /**
   * This peer now holds proof (or a quorum of votes) that a player must be made neutral. The
   * neutralisation takes a point of the sequence like a move (proposeProven), so every peer puts
   * it at the same place. During the opening draws, when no move has a point yet, a quorum of votes
   * (or a cheat or a leave in the secret deal) applies at once; a proof of another cheat, or a
   * leave, waits for point 0.
   */
  private prove(
    player: number,
    reason: string,
    how: { cheat: boolean; evidence: readonly string[]; at?: number; silent?: true },
  ) {
    if (!this.isIn(player)) return;
    const { firstCheat, evidence } = this.proofs.note(player, reason, how);
    if (firstCheat)
      this.emit({
        type: 'violation',
        player,
        reason,
        evidence: how.evidence.map((e) => (e.length > 600 ? evidenceOf(e) : e)),
      });
    if (this.inDraws()) {
      // A proof waits for the first point (proposeProven): applied now, at the moment this peer
      // saw it, a draw round would go on without the cheat here while others, shown its valid
      // lines, finish it with them. The refused line counts as not received; the others hand on
      // the valid one, or its author is voted silent, which applies at once everywhere. A leave
      // waits too: a player that reveals to some peers and leaves to the others would otherwise
      // have the round finished with its number by some and without it by the rest. (A cheat or a
      // leave in the secret deal before the draws is applied at once: the deal goes on without it.)
      if (how.silent === undefined && !this.secrets?.busy()) return;
      this.broadcast({
        command: 'expel',
        payload: { player, reason: reason.slice(0, 300), evidence },
        player_id: this.config.me,
      });
      this.applyNeutralNow(player, reason);
      return;
    }
    if (!this.pumping) this.proposeProven();
  }

  /**
   * Proposes, at this peer's current point, the neutralisation of the lowest proven active player;
   * or, first, takes back the point of an equivocated move that can settle nowhere, and puts the
   * neutralisation of its author there (the author may be neutral here already, at a later point).
   */
  private proposeProven(): boolean {
    if (this.result !== null || this.ledger.applied.has(this.index)) return false;
    const chosen = toPropose(this.proofs, {
      firstOpen: this.ledger.firstOpen,
      index: this.index,
      entry: (at) => this.ledger.applied.get(at),
      conflictingAcks: (at, author) => this.conflictingAcks(at, author),
      inDraws: () => this.inDraws(),
      isIn: (player) => this.isIn(player),
    });
    if (chosen === null) return false;
    const { player, back } = chosen;
    const proof = this.proofs.get(player)!;
    if (back !== null) this.rollbackTo(back.index);
    const { line } = this.broadcast({
      command: 'expel',
      payload: { player, reason: proof.reason, evidence: [...(back?.evidence ?? proof.evidence)] },
      player_id: this.config.me,
      ack_id: this.index,
    });
    this.commitNeutral(this.index, player, proof.reason, line);
    return true;
  }

  /** Acks by two players other than `author` of two different moves `author` signed for `index` (proof.ts). */
  private conflictingAcks(index: number, author: number): [string, string] | null {
    // Only acks a move needs to settle count: an observer's (this peer's own too) holds nothing up.
    const entry = this.ledger.applied.get(index);
    const before = entry?.before ?? this.state;
    // An ack naming the very move held here counts by that move's signature, checked on arrival: a
    // mission claim's is over its line, which no move digest can check.
    const held = (ack: Ack) =>
      entry !== undefined &&
      entry.author === author &&
      entry.sig !== null &&
      ack.messageHash === entry.messageHash &&
      ack.authorSig === entry.sig;
    // Pipelining: only acks of this history's entry before it count (another history's say nothing of this one).
    const parent = this.pipelining ? (this.ledger.parentOf(index) ?? null) : null;
    const acks = new Map([...(this.acks.get(index) ?? [])].filter(([, ack]) => ack.parent === parent));
    return conflictingAcks(
      author,
      acks,
      (from) => this.isIn(from, before),
      this.config.features.signed
        ? (ack) =>
            held(ack) ||
            this.keyring.verify(
              author,
              moveDigest(this.config.gameId, index, ack.messageHash!, this.signedParent(ack.parent)),
              ack.authorSig ?? '',
            )
        : null,
    );
  }

  /**
   * Whether a proposal by `proposer` may take back this peer's entry at `index`: yes when the
   * proposer, a player in the game at that point, never acknowledged that entry (so it settled
   * nowhere); otherwise only if the entry is an equivocated move that can settle nowhere. A
   * watcher's acknowledgement holds nothing up: the players in the game may have settled the entry
   * without it.
   */
  private mayTakeBack(index: number, proposer: number): boolean {
    const entry = this.ledger.applied.get(index);
    if (entry === undefined) return true;
    const needed = this.isIn(proposer, entry.before);
    if (needed && !this.matches(this.acks.get(index)?.get(proposer), entry)) return true;
    return entry.author >= 0 && this.conflictingAcks(index, entry.author) !== null;
  }

  private drainProposals(): boolean {
    let progress = false;
    for (let i = 0; i < this.proofs.proposals.length && this.result === null; ) {
      const proposal = this.proofs.proposals[i]!;
      const index = proposal.message.ack_id!;
      // A proposal for the current point waits for the draws here too: it follows them where it was
      // made. (One for an earlier point may take that point back: a RISC turn's last reveal.)
      if (index > this.index || (index === this.index && this.inDraws())) {
        i++;
        continue;
      }
      this.proofs.proposals.splice(i, 1);
      this.effects.record(proposal.link, proposal.line);
      this.handleProposal(proposal.link, proposal.message, index);
      progress = true;
    }
    return progress;
  }

  /**
   * Someone proposes to make a player neutral at point `index`. Its evidence is judged here as if
   * it had arrived directly; without proof here the proposal does nothing. A proposal beats a move
   * at the same point that cannot have settled anywhere (mayTakeBack); between two proposals the
   * lower player id wins, the other comes one point later.
   */
  private handleProposal(link: number, message: Extract<Message, { command: 'expel' }>, index: number) {
    const player = message.payload.player;
    for (const line of message.payload.evidence) this.take(link, line, 1);
    if (message.payload.evidence.length === 2)
      this.checkRoundPair(message.payload.evidence[0]!, message.payload.evidence[1]!);
    if (!this.proofs.has(player)) return; // nothing here proves it (a false claim changes nothing)
    const entry = this.ledger.applied.get(index);
    if (entry?.neutral === player) return; // the same neutralisation
    // Made neutral here before that point: the proposal is late, and takes nothing back. (Made
    // neutral at a later point: that point gives way to this earlier one, below.)
    if (!this.isIn(player, entry?.before ?? this.state)) return;
    if (entry !== undefined) {
      if (index < this.ledger.firstOpen) return; // too late for that point: proposeProven puts it at the current one
      if (entry.neutral !== null && entry.neutral < player) return;
      if (!this.mayTakeBack(index, message.player_id ?? link)) return; // proposeProven puts it at the current point
      this.rollbackTo(index);
    } else if (index !== this.index) return;
    if (this.pending !== null) this.dropPending();
    this.commitNeutral(index, player, message.payload.reason, '');
  }

  private commitNeutral(index: number, player: number, reason: string, line: string) {
    const before = this.state;
    const action = this.game.neutralise(player);
    const result = this.game.apply(before, action, CHECK_DICE);
    if (!result.ok) return;
    if (this.pending !== null && this.pending.index === index) this.dropPending();
    const hash = this.game.stateHash(result.state);
    const messageHash = messageHashOf(index, action);
    const parent = this.parentHere(index);
    this.ledger.commit(
      { index, author: -1, neutral: player, messageHash, stateHash: hash, parent, line, sig: null, before },
      result.state,
    );
    this.stepped(action, null);
    this.forgetOld(index);
    this.emit({ type: 'neutral', player, reason });
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
    this.effects.push({ type: 'sync' });
    this.deadline = null;
    this.secrets?.neutralised(player);
    if (player === this.config.me) {
      this.finish('neutralised', reason);
      return;
    }
    this.storeAck(this.config.me, index, {
      stateHash: hash,
      messageHash,
      author: null,
      authorSig: null,
      parent,
      line: '',
    });
    this.broadcast({
      command: 'acknowledgement',
      payload: index,
      player_id: this.config.me,
      ...(this.config.features.stateHashAcks ? { state_hash: hash, message_hash: messageHash } : {}),
      ...(parent !== null ? { parent } : {}),
    });
    this.checkAgreement();
  }

  /**
   * A draw no seat decides is due (or its dice round runs): the classic game's opening draws, before
   * any point of the sequence is taken; a RISC turn's execution, once every reveal is in. Draws take
   * no point: meanwhile a quorum of votes applies at once everywhere (the round goes on without the
   * player), and a proof, or a proposal for the current point, waits for the draw's end; otherwise a
   * peer still waiting for the last point to settle would put a neutralisation before the draw while
   * another, settled, puts it after.
   */
  private inDraws(): boolean {
    return this.pending === null && this.game.drawStep(this.state) !== null;
  }

  /** During the draws: neutral at once, the dice round goes on without it. */
  private applyNeutralNow(player: number, reason: string) {
    const action = this.game.neutralise(player);
    const result = this.game.apply(this.state, action, CHECK_DICE);
    if (!result.ok) return;
    this.state = result.state;
    this.stepped(action, null);
    this.emit({ type: 'neutral', player, reason });
    if (player === this.config.me) return this.finish('neutralised', reason);
    this.secrets?.neutralised(player);
    const round = this.round;
    if (round === null) return;
    round.drop(player);
    this.progressRound();
  }

  // ---- secret rounds (core/native/secrets.ts) ----

  private secretRounds(): SecretRounds {
    return new SecretRounds({
      config: this.config,
      // Secret rounds are the classic game's (needsSecrets): its state and moves.
      state: () => this.state as unknown as GameState,
      index: () => this.index,
      broadcast: (line) => this.effects.sendToAll(line),
      sendTo: (player, line) => this.effects.push({ type: 'send', line, to: player }),
      record: (link, line) => this.effects.record(link, line),
      emit: (event) => this.emit(event as SessionEvent<S, E>),
      fault: (link, reason) => this.fault(link, reason),
      cheat: (player, reason, evidence) => this.cheat(player, reason, evidence),
      applyDraw: (action) => {
        const draw = action as unknown as A;
        const result = this.game.apply(this.state, draw, CHECK_DICE);
        if (!result.ok) throw new Error(`secret round result refused: ${result.reason}`);
        this.state = result.state;
        this.stepped(draw, null);
        this.deadline = null;
        for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
        if (this.game.endsTurn(draw, result.events)) this.effects.push({ type: 'sync' });
      },
      moveProblem: (author, action) => this.authorityProblem(author, action as unknown as A),
      authorAt: (index) => this.ledger.taken.get(index)?.author ?? null,
      applyMove: (author, action, index, line, sig) => {
        const move = action as unknown as A;
        const parent = this.parentHere(index);
        this.commit(
          { index, author, action: move, messageHash: messageHashOf(index, move), parent, line, sig },
          CHECK_DICE,
        );
      },
      arm: (reset) => {
        if (reset && this.deadline?.kind === 'secret') this.deadline = null;
        this.arm('secret', this.index);
      },
    });
  }

  // ---- output ----

  private get keyring(): Keyring {
    return this.config.keyring!;
  }

  /** Signs a message as this peer sends it, and remembers the signature (a line of ours handed back is no news). */
  private sealer(): Sealer {
    return (message) => {
      const sealed = sealMessage(
        this.config.gameId,
        message,
        this.config.me,
        this.keyring,
        (m) => this.game.moveOf(m),
        this.pipelining,
      );
      this.guard.remember(sealed.sig);
      return sealed;
    };
  }

  /** Signs (when signing) and sends a line to everyone; returns the line as sent. */
  private broadcast(message: Message): { line: string; sig: string | null } {
    return this.effects.broadcast(message);
  }

  private stepped(action: A, numbers: StepNumbers | null) {
    this.effects.stepped(action, numbers);
  }

  private emit(event: SessionEvent<S, E>) {
    this.effects.emit(event);
  }

  private nameOf(player: number): string {
    return this.config.players.find((p) => p.id === player)?.name ?? `player ${player}`;
  }

  /** `extra`: facts for the record's end note (the deal keys that never came). */
  private finish(outcome: Outcome, reason?: string, extra: { keysMissing?: number[] } = {}) {
    if (this.result !== null) return;
    this.deadline = null;
    this.result = {
      state: this.state,
      winner: outcome === 'conquest' || outcome === 'forfeit' ? this.game.winner(this.state) : null,
      violations: this.proofs.violations,
      outcome,
      ...(reason !== undefined ? { reason } : {}),
    };
    this.effects.push({
      type: 'record',
      dir: 'note',
      from: this.config.me,
      line: JSON.stringify({ end: outcome, winner: this.result.winner, ...(reason ? { reason } : {}), ...extra }),
    });
    this.effects.push({ type: 'sync' });
  }
}

/** The player a move names (-1 if none). */
function playerOf(action: { readonly command: string }): number {
  return 'player' in action && typeof action.player === 'number' ? action.player : -1;
}
