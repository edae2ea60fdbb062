// The secret rounds of a native Capital Risk or Secret Mission Risk game (protocol-spec/secret-dealing.md
// §11): the mission deal (mental poker, DealDriver) before setup, the capitals' commit-reveal
// round (CommitRound) after it, and mission claims with their proofs. The replica core hands this
// object its deal_* and secret_* lines and asks it at each step; it sends, records and proves
// through the replica (SecretHost), so the replica's votes, neutralisations and records stay one.
import {
  type Action,
  checkCapitalChoice,
  decisionBy,
  describeMission,
  type GameState,
  isActive,
  missionClaimDue,
} from '../../model/index.js';
import { CommitRound, type CommitRoundOutput, type SecretViolation } from '../../protocol/secret-commitment.js';
import { DealDriver, type DealOutput } from '../../protocol/secret-deal.js';
import {
  type CommitMessage,
  type DealClaim,
  type DealMessage,
  MAX_DEAL_LINE,
  parseSecretMessage,
  type SecretMessage,
} from '../../protocol/secret-messages.js';
import { type Keyring, lineDigest, MAX_SIGNED_LINE, seal, unseal } from '../../protocol/signing.js';
import type { ReplicaConfig, SessionEvent } from '../contract.js';

/** What the secret rounds need of the replica that runs them. */
export interface SecretHost {
  readonly config: ReplicaConfig;
  state(): GameState;
  /** The sequence point the game is at. */
  index(): number;
  /** Records and sends a line to everyone. */
  broadcast(line: string): void;
  /** Sends a line (one this peer holds, already recorded) to one player. */
  sendTo(player: number, line: string): void;
  /** Records a line that came in on `link`. */
  record(link: number, line: string): void;
  emit(event: SessionEvent): void;
  /** A judgement about a link no one else can check (a bad signature, an oversized line). */
  fault(link: number, reason: string): void;
  /** Proof that `player` broke a rule: the replica makes it neutral at its next point. */
  cheat(player: number, reason: string, evidence: string[]): void;
  /** Applies a change without a sequence point (the deal, the capitals), as the opening draws are. */
  applyDraw(action: Action): void;
  /** Why `author` may not make this move now, or null. */
  moveProblem(author: number, action: Action): string | null;
  /** Who took sequence point `index` (−1: a neutralisation), or null if it is not remembered. */
  authorAt(index: number): number | null;
  /** Applies and acknowledges a move at `index` (a mission claim). */
  applyMove(author: number, action: Action, index: number, line: string, sig: string): void;
  /** (Re-)arms the wait for the secret step in progress; `reset` after progress. */
  arm(reset: boolean): void;
}

const SECRET_LINE = /^\{"command":"(deal_|secret_)/;
/** Deal lines of a later attempt kept until it starts (a peer may restart a moment earlier). */
const MAX_FUTURE = 64;
/** Capital lines kept until the round starts here (a faster peer may start it first). */
const MAX_EARLY = 32;
/** Lines of one author kept to hand on, per secret step (a deal has at most 5 per attempt and player). */
const MAX_KEPT = 32;
/** Points past a secret step's end during which its lines are still handed on (see handable). */
const HAND_ON_POINTS = 4;
/** Secret lines remembered by signature (a game has a few dozen; more is a neutral player's flood). */
const MAX_SEEN = 4096;
/** Phases in which a player may claim a completed mission (the model's rule). */
const CLAIM_PHASES = ['cards', 'deploy', 'attack'];
const inClaimPhase = (state: GameState) => state.options.variant === 'mission' && CLAIM_PHASES.includes(state.phase);

/** Whether a variant needs the secret rounds. */
export function needsSecrets(rules: ReplicaConfig['rules']): boolean {
  return rules?.variant === 'capital' || rules?.variant === 'mission';
}

/** Random bytes from the test hook's numbers (a game replays exactly), else node's. */
export function randomFrom(numbers: (() => Uint8Array) | undefined): ((bytes: number) => Uint8Array) | undefined {
  if (numbers === undefined) return undefined;
  return (bytes) => {
    const out = new Uint8Array(bytes);
    for (let at = 0; at < bytes; ) {
      const chunk = numbers();
      out.set(chunk.subarray(0, bytes - at), at);
      at += chunk.length;
    }
    return out;
  };
}

interface Line {
  readonly from: number;
  readonly message: SecretMessage;
  readonly line: string;
  readonly sig: string;
}

export class SecretRounds {
  private attempt = 0;
  private driver: DealDriver | null = null;
  private dealt = false;
  private future: Line[] = [];
  /** Verified claims: player → deal card. */
  private readonly claims = new Map<number, number>();
  /** Missions opened by keys published at the end of the game: player → mission card. */
  private readonly opened = new Map<number, number>();
  private keyPublished = false;
  /** Players whose key of the deal in force (deal_reveal) came in here, checked or proven wrong. */
  private readonly keysIn = new Set<number>();
  /** Sequenced claims waiting for their point. */
  private readonly claimMoves = new Map<number, Line>();
  /** The capitals' round; a peer not in it (a mute replica, a neutral player) observes it. */
  private capitalRound: CommitRound | null = null;
  private capitalValues: Map<number, number> | null = null;
  /** The first signed capital line of each kind by each player (`command:player`): proof and disputes. */
  private readonly capitalLines = new Map<string, string>();
  private early: Line[] = [];
  private chosen = false;
  private readonly seen = new Set<string>();
  private waitKey = '';
  /** Lines of the secret step in progress by author, to hand on (see linesBy). */
  private readonly kept = new Map<number, string[]>();
  private keptFor = '';
  /** The point at which a line was last kept: the step's lines are handed on a little past its end. */
  private keptAt = 0;

  constructor(private readonly host: SecretHost) {
    if (!host.config.features.signed) throw new Error('Capital and Secret Mission games need signed_messages');
    // A game that goes on from a stored state past its deal: the deal as recorded (core/native/mission-deal.ts).
    const restored = host.config.resume?.missionDeal;
    if (restored !== undefined && restored.phase === 'dealt') {
      this.driver = restored;
      this.attempt = restored.context.deal;
      this.dealt = true;
    }
  }

  private get me(): number {
    return this.host.config.me;
  }

  private get keyring(): Keyring {
    return this.host.config.keyring!;
  }

  private get mute(): boolean {
    return this.host.config.mute === true;
  }

  /** Whether a line is this object's: a deal or capital line, or an evidence digest of one. */
  takes(line: string): boolean {
    if (line.startsWith('{"sha256":')) return true;
    const sealed = unseal(line);
    return SECRET_LINE.test(sealed === null ? line : sealed.inner);
  }

  /** The game waits on a secret round: moves and dice lines that arrive now wait too. */
  busy(): boolean {
    const phase = this.host.state().phase;
    return phase === 'deal_missions' || phase === 'capitals';
  }

  // ---- lines in ----

  take(link: number, line: string) {
    // An expel carries long lines as digests: the lines themselves were checked on arrival.
    if (line.startsWith('{"sha256":')) return;
    if (line.length > MAX_DEAL_LINE) return this.host.fault(link, `sent a line of ${line.length} characters`);
    const sealed = unseal(line);
    if (sealed === null) return this.host.fault(link, 'sent a secret-round line that is not signed');
    if (this.seen.has(sealed.sig)) return;
    const from = sealed.by;
    const player = this.host.state().players[from];
    if (player === undefined) return this.host.fault(link, `sent a line signed by unknown player ${from}`);
    if (!this.keyring.verify(from, lineDigest(this.host.config.gameId, sealed.inner), sealed.sig))
      return this.host.fault(link, 'sent a line whose signature does not match');
    this.remember(sealed.sig);
    this.host.record(link, line);
    let parsed: ReturnType<typeof parseSecretMessage>;
    try {
      parsed = parseSecretMessage(JSON.parse(sealed.inner));
    } catch {
      parsed = { ok: false, reason: 'not JSON' };
    }
    if (!parsed.ok) return this.host.cheat(from, `sent a malformed message: ${parsed.reason.slice(0, 200)}`, [line]);
    const message = parsed.message;
    if (message.player_id !== from)
      return this.host.cheat(from, `sent ${message.command} claiming to be player ${message.player_id}`, [line]);
    if (message.command.startsWith('secret_') && line.length > MAX_SIGNED_LINE)
      return this.host.fault(link, `sent a ${message.command} of ${line.length} characters`);
    // A neutral player's lines no longer count. A published key counts from a player out of the
    // game too: every seat dealt a mission publishes it at the end (one may come ahead of the last move).
    const key = message.command === 'deal_reveal' && !player.neutral;
    if (!isActive(player) && !key) return;
    const item: Line = { from, message, line, sig: sealed.sig };
    this.keep(from, line);
    if (message.command === 'secret_commit' || message.command === 'secret_reveal') return this.onCapital(item);
    this.onDeal(item);
  }

  private onDeal(item: Line) {
    const message = item.message as DealMessage;
    if (message.command === 'deal_claim' && message.ack_id !== undefined) {
      // A claim that wins the game takes a sequence point like a move: it waits for it.
      if (message.ack_id < this.host.index()) return this.staleClaim(item, message.ack_id);
      const waiting = this.claimMoves.get(item.from);
      if (waiting === undefined || (waiting.message.ack_id ?? 0) < message.ack_id) this.claimMoves.set(item.from, item);
      return;
    }
    // A key of the deal in force (a void deal's keys, published after a complaint, do not count).
    if (message.command === 'deal_reveal' && this.dealt && message.payload.deal === this.attempt)
      this.keysIn.add(item.from);
    const deal = message.payload.deal;
    if (this.driver === null || deal > this.attempt) {
      if (deal < this.attempt) return;
      if (this.future.length >= MAX_FUTURE)
        return this.host.fault(item.from, 'sent too many deal lines ahead of the deal');
      this.future.push(item);
      return;
    }
    this.dealOutput(this.driver.receive(item.from, message), item.line);
  }

  private onCapital(item: Line) {
    const message = item.message as CommitMessage;
    const key = `${message.command}:${item.from}`;
    if (!this.capitalLines.has(key)) this.capitalLines.set(key, item.line);
    if (this.capitalRound === null) {
      if (this.capitalValues !== null) return;
      if (this.early.length >= MAX_EARLY) return this.host.fault(item.from, 'sent too many capital lines early');
      this.early.push(item);
      return;
    }
    this.capitalOutput(this.capitalRound.receive(item.from, message), item.line);
  }

  // ---- the replica's step ----

  /** Runs the secret step due now: true on progress, false while waiting, null if none is due. */
  step(): boolean | null {
    const state = this.host.state();
    if (state.phase === 'deal_missions') return this.stepDeal(state);
    if (state.phase === 'capitals') return this.stepCapitals(state);
    if (inClaimPhase(state)) return this.stepClaim(state);
    return null;
  }

  private stepDeal(state: GameState): boolean {
    const players = state.players.filter(isActive).map((p) => p.id);
    if (players.length < 2) {
      // Nobody left to deal with: the game ends in setup (one player left), missions unknown.
      this.host.applyDraw({ command: 'deal_missions', payload: state.players.map(() => null) });
      return true;
    }
    if (this.driver === null) {
      const random = randomFrom(this.host.config.secretNumbers);
      this.driver = new DealDriver({
        context: { gameId: this.host.config.gameId, deal: this.attempt, players, cards: state.missionDeck.length },
        ...(this.mute || !players.includes(this.me) ? {} : { me: this.me }),
        ...(random ? { random } : {}),
        auth: this.keyring,
      });
      if (this.attempt > 0)
        this.host.emit({ type: 'info', text: `dealing the missions again (attempt ${this.attempt + 1})` });
      this.dealOutput(this.mute || !players.includes(this.me) ? emptyDeal() : this.driver.start(), null);
      const due = this.future.filter((f) => (f.message as DealMessage).payload.deal === this.attempt);
      this.future = this.future.filter((f) => (f.message as DealMessage).payload.deal > this.attempt);
      for (const f of due) {
        if (this.driver === null || this.host.state().phase !== 'deal_missions') break;
        this.dealOutput(this.driver.receive(f.from, f.message as DealMessage), f.line);
      }
      return true;
    }
    this.armFor(`deal ${this.attempt} ${this.driver.waitingFor().join(',')}`);
    return false;
  }

  private dealOutput(out: DealOutput, line: string | null) {
    const driver = this.driver;
    for (const message of out.send) this.send(message);
    this.violations(out.violations, line);
    for (const claim of out.claims) this.claims.set(claim.player, claim.card);
    for (const { player, card } of out.revealed) {
      const mission = card === undefined ? undefined : this.host.state().missionDeck[card];
      if (mission === undefined) continue;
      this.opened.set(player, mission);
      this.host.emit({ type: 'info', text: `player ${player}'s mission was: ${describeMission(mission)}` });
    }
    const outcome = out.outcome;
    if (outcome === undefined || driver === null || driver !== this.driver) return;
    if (outcome.kind === 'dealt') {
      this.dealt = true;
      const state = this.host.state();
      const card = outcome.card;
      const payload = state.players.map((p) =>
        p.id === this.me && card !== undefined && !this.mute ? state.missionDeck[card]! : null,
      );
      this.host.applyDraw({ command: 'deal_missions', payload });
      return;
    }
    // Void: its cheaters are being made neutral (which restarts the deal); without one, deal again.
    this.host.emit({ type: 'info', text: `the mission deal failed: ${outcome.reason}` });
    if (outcome.cheaters.length === 0) this.restartDeal();
  }

  private restartDeal() {
    this.driver = null;
    this.attempt++;
    this.waitKey = '';
  }

  private stepCapitals(state: GameState): boolean {
    const players = state.players.filter(isActive).map((p) => p.id);
    if (this.capitalValues !== null) {
      // Applied once every player still in has a value (a cheater is made neutral first).
      if (!players.every((p) => this.capitalValues!.has(p))) return this.wait(`capitals ${players.join(',')}`);
      const payload = state.players.map((p) => (isActive(p) ? this.capitalValues!.get(p.id)! : -1));
      this.host.applyDraw({ command: 'choose_capitals', payload });
      return true;
    }
    if (this.capitalRound === null) {
      const random = randomFrom(this.host.config.secretNumbers);
      const playing = !this.mute && players.includes(this.me);
      this.capitalRound = new CommitRound({
        gameId: this.host.config.gameId,
        purpose: 'capital',
        round: 0,
        players,
        me: playing ? this.me : null,
        validate: (player, value) => {
          const territory = (value as { territory?: unknown } | null)?.territory;
          const problem = checkCapitalChoice(this.host.state(), player, territory);
          return problem === null ? { ok: true } : { ok: false, reason: problem };
        },
        ...(random ? { salt: () => random(32) } : {}),
      });
      const early = this.early;
      this.early = [];
      for (const item of early) {
        if (this.capitalRound === null) break;
        this.capitalOutput(this.capitalRound.receive(item.from, item.message as CommitMessage), item.line);
      }
      return true;
    }
    return this.wait(`capitals ${this.capitalRound.waitingFor().join(',')}`);
  }

  /**
   * The game's last entry is settled here (never to be taken back): this seat publishes its deal key
   * (protocol-spec/secret-dealing.md §9, §11 End of game), so that every peer and every record learns
   * every mission, claimed or not, and can re-check every shuffle. Not before: a winning claim or
   * last move taken back would leave the game going on with this seat's mission known to all.
   */
  publishKey() {
    if (this.mute || this.keyPublished || this.driver === null || !this.dealt || this.driver.card === undefined) return;
    this.keyPublished = true;
    this.dealOutput(this.driver.revealKey(), null);
  }

  /** The players dealt a mission and not neutral (but this peer) whose deal key has not come in here. */
  keysAwaited(): number[] {
    const driver = this.driver;
    if (driver === null || !this.dealt) return [];
    const players = this.host.state().players;
    return driver.context.players.filter((p) => p !== this.me && !players[p]!.neutral && !this.keysIn.has(p));
  }

  /** Every mission known here: claimed, or opened by a key published at the end (player → mission card). */
  missionsKnown(): ReadonlyMap<number, number> {
    const state = this.host.state();
    const known = new Map(this.opened);
    for (const [player, card] of this.claims) {
      const mission = state.missionDeck[card];
      if (mission !== undefined) known.set(player, mission);
    }
    return known;
  }

  /** Whether this peer's seat must choose its capital now. */
  capitalDue(): boolean {
    return (
      !this.mute &&
      !this.chosen &&
      this.capitalRound !== null &&
      this.capitalValues === null &&
      this.host.state().phase === 'capitals'
    );
  }

  /** This peer's seat chose its capital: commit to it. */
  chooseCapital(territory: number) {
    if (!this.capitalDue()) return;
    const problem = checkCapitalChoice(this.host.state(), this.me, territory);
    if (problem !== null) {
      this.host.emit({ type: 'info', text: `this seat's capital was refused: ${problem}` });
      return;
    }
    this.chosen = true;
    this.capitalOutput(this.capitalRound!.commit({ territory }), null);
  }

  private capitalOutput(out: CommitRoundOutput, line: string | null) {
    for (const message of out.send) this.send(message);
    for (const v of out.violations) {
      const earlier = v.earlier === undefined ? undefined : this.capitalLines.get(`${v.earlier}:${v.player}`);
      const evidence = [earlier, line].filter((l): l is string => l !== undefined && l !== null);
      this.host.cheat(v.player, v.reason, [...new Set(evidence)]);
    }
    // A reveal naming other commitments: its revealer is shown the ones held here (it shows its own).
    if (!this.mute)
      for (const revealer of out.disputes ?? [])
        for (const [key, held] of this.capitalLines)
          if (key.startsWith('secret_commit:')) this.host.sendTo(revealer, held);
    if (out.done !== undefined) {
      this.capitalValues = new Map(
        [...out.done.values].map(([p, v]) => [p, (v as { territory: number }).territory] as const),
      );
    }
    this.host.arm(true);
  }

  /**
   * Whether `player` may have claimed its mission at a point whose state before was `state`: the
   * acknowledgement of a claim carries the claim line's signature, over its line, not a move digest.
   */
  claimPossible(state: GameState, player: number): boolean {
    return inClaimPhase(state) && decisionBy(state) === player;
  }

  /** Whether this peer's own completed mission is to be claimed now (the secret step claims it, not its seat). */
  ownClaimDue(): boolean {
    const state = this.host.state();
    return (
      !this.mute && this.claimPossible(state, this.me) && !this.claims.has(this.me) && missionClaimDue(state) !== null
    );
  }

  private stepClaim(state: GameState): boolean | null {
    const index = this.host.index();
    for (const [from, item] of this.claimMoves) {
      const at = item.message.ack_id!;
      if (at > index) continue;
      this.claimMoves.delete(from);
      if (at < index) {
        this.staleClaim(item, at);
        continue;
      }
      this.onClaimMove(item, index);
      return true;
    }
    if (this.mute || decisionBy(state) !== this.me || this.driver === null || !this.dealt) return null;
    const due = missionClaimDue(state);
    if (due === null || this.driver.card === undefined || this.claims.has(this.me)) return null;
    if (state.missionDeck[this.driver.card] !== due.payload || this.host.moveProblem(this.me, due) !== null)
      return null;
    const claim = this.driver.claim().send[0] as DealClaim | undefined;
    if (claim === undefined) return null;
    const { line, sig } = this.sealed({ ...claim, ack_id: index });
    this.claims.set(this.me, claim.payload.card);
    this.host.broadcast(line);
    this.host.applyMove(this.me, due, index, line, sig);
    return true;
  }

  /**
   * A claim for a point already taken here. Taken by a neutralisation: the claimer lost the point
   * (it may claim again). Taken by a move: the claim was out of turn, or, the claimer's own, a
   * second signed line for one point — either way every peer holding that move can tell.
   */
  private staleClaim(item: Line, at: number) {
    const author = this.host.authorAt(at);
    if (author === null || author < 0) return;
    const reason =
      author === item.from
        ? `signed two different moves for sequence point ${at}`
        : `claimed a mission out of turn: move ${at} was player ${author}'s`;
    this.host.cheat(item.from, reason, [item.line]);
  }

  /** Someone's claim at the current point: its proof (the deal) and its mission (the rules). */
  private onClaimMove(item: Line, index: number) {
    const message = item.message as DealClaim;
    const state = this.host.state();
    if (this.driver !== null && this.dealt) this.dealOutput(this.driver.receive(item.from, message), item.line);
    const card = this.claims.get(item.from);
    if (card !== message.payload.card) {
      this.host.cheat(
        item.from,
        `claimed mission card ${message.payload.card} without a valid proof that it holds it`,
        [item.line],
      );
      return;
    }
    const action: Action = { command: 'claim_mission', player: item.from, payload: state.missionDeck[card]! };
    const problem = this.host.moveProblem(item.from, action);
    if (problem !== null) return this.host.cheat(item.from, problem, [item.line]);
    this.host.applyMove(item.from, action, index, item.line, item.sig);
  }

  // ---- departures, timeouts ----

  /** A player was made neutral: a deal in progress starts again without it; the capital round goes on. */
  neutralised(player: number) {
    const phase = this.host.state().phase;
    if (phase === 'deal_missions' && this.driver !== null) this.restartDeal();
    if (this.capitalRound !== null && this.capitalValues === null)
      this.capitalOutput(this.capitalRound.leave(player), null);
  }

  /** Who the secret step waits for (minus this peer). */
  awaited(): number[] {
    const phase = this.host.state().phase;
    const waiting =
      phase === 'deal_missions'
        ? (this.driver?.waitingFor() ?? [])
        : phase === 'capitals'
          ? (this.capitalRound?.waitingFor() ?? [])
          : [];
    return waiting.filter((p) => p !== this.me && isActive(this.host.state().players[p]!));
  }

  /** How long the secret step may take: a deal step's compute, a person's choice of capital. */
  timeoutMs(): number {
    const { ackTimeoutMs, moveTimeoutMs } = this.host.config;
    return this.host.state().phase === 'capitals' ? moveTimeoutMs : ackTimeoutMs + 2000;
  }

  private wait(key: string): false {
    this.armFor(key);
    return false;
  }

  private armFor(key: string) {
    const reset = key !== this.waitKey;
    this.waitKey = key;
    this.host.arm(reset);
  }

  // ---- lines out ----

  private sealed(message: SecretMessage): { line: string; sig: string } {
    const inner = JSON.stringify(message);
    const sig = this.keyring.sign(lineDigest(this.host.config.gameId, inner));
    return { line: seal(inner, this.me, sig), sig };
  }

  private send(message: SecretMessage) {
    if (this.mute) return;
    const { line, sig } = this.sealed(message);
    this.remember(sig);
    this.keep(this.me, line);
    if (message.command === 'secret_commit' || message.command === 'secret_reveal')
      this.capitalLines.set(`${message.command}:${this.me}`, line);
    this.host.broadcast(line);
  }

  // ---- lines handed on (a peer may have been kept from one: see the replica's votes) ----

  /** Keeps a line of the secret step in progress, to hand on to a peer that votes its author silent. */
  private keep(author: number, line: string) {
    const phase = this.host.state().phase;
    if (this.mute || (phase !== 'deal_missions' && phase !== 'capitals')) return;
    if (phase !== this.keptFor) {
      this.kept.clear();
      this.keptFor = phase;
    }
    const lines = this.kept.get(author) ?? [];
    if (lines.length < MAX_KEPT) lines.push(line);
    this.kept.set(author, lines);
    this.keptAt = this.host.index();
  }

  /**
   * The step's lines are handed on while it runs and a few points past its end: a peer kept from
   * its last line (a reveal, a deal_accept) is still in the step when the others have left it.
   */
  private handable(): boolean {
    return this.busy() || this.host.index() <= this.keptAt + HAND_ON_POINTS;
  }

  /** The lines of the secret step in progress (or just ended) by `author`. */
  linesBy(author: number): string[] {
    return this.handable() ? [...(this.kept.get(author) ?? [])] : [];
  }

  /** The lines of the secret step in progress (or just ended) by everyone but `player`. */
  linesNotBy(player: number): string[] {
    if (!this.handable()) return [];
    return [...this.kept].flatMap(([author, lines]) => (author === player ? [] : lines));
  }

  /** Signatures of lines taken, to drop a line that arrives twice (the drivers drop repeats too). */
  private remember(sig: string) {
    if (this.seen.size >= MAX_SEEN) this.seen.clear();
    this.seen.add(sig);
  }

  private violations(violations: readonly SecretViolation[], line: string | null) {
    for (const v of violations) this.host.cheat(v.player, v.reason, line === null ? [] : [line]);
  }
}

function emptyDeal(): DealOutput {
  return { send: [], violations: [], claims: [], revealed: [] };
}
