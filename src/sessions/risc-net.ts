// Networked RISC over a lobby's links (libp2p streams, or in-memory links in tests): the native
// mesh session and replica with the RISC game (core/risc/mesh-game.ts), built by the session
// factory like a classic game. Every line is signed, relayed, acknowledged with the state's hash;
// silence is settled by votes and cheating by proof, as in a classic game. This file adapts the
// RISC seat (a placement or orders for the state) to the session, and writes the RISC record from
// the steps the replica applies (core/risc/record.ts): a record `risk verify` audits as before.

import type { RejoinStep } from '../audit/rejoin-start.js';
import type { StepNumbers } from '../core/contract.js';
import { RiscHand, type RiscMeshState, type RiscMove } from '../core/risc/mesh-game.js';
import type { RiscHeader, RiscRecordLine } from '../core/risc/record.js';
import { riscHeader } from '../core/risc/record.js';
import { type RecordedViolation, RiscReplica } from '../core/risc/replica.js';
import type { RiscEvent, RiscState } from '../model/risc/index.js';
import { DEFAULT_START_UNITS } from '../model/risc/index.js';
import { boundCommitment, bytesToHex } from '../protocol/commitment.js';
import type { Recorder } from '../store/transcript-recorder.js';
import type { Roster } from './lobby.js';
import type { MeshSession, ResumedFrom, SessionEvent } from './mesh-session.js';
import { type Rejoined, sessionRejoin } from './rejoin.js';
import type { RiscSeat } from './risc-local.js';
import type { Seat } from './seat.js';
import { riscSessionFor } from './session-factory.js';

/** The lobby feature a RISC game needs from every player (hosts and joiners both list it). */
export const RISC_FEATURE = 'risc';

/** The key of the note that keeps a seat's sealed orders (its reveal) in its own record. */
export const SEALED_NOTE = 'risc_sealed';

/** What RISC needs of a finished lobby. */
export type RiscRoster = Pick<
  Roster,
  'me' | 'players' | 'links' | 'gameId' | 'features' | 'ackTimeoutMs' | 'moveTimeoutMs' | 'keyring' | 'risc'
>;

export interface RiscNetOptions {
  readonly seat: RiscSeat;
  readonly onRecord?: (line: RiscRecordLine) => void;
  readonly onExecuted?: (state: RiscState, turn: number, events: readonly RiscEvent[]) => void;
  /** What the session tells: a player proven to cheat, made neutral, a line ignored, a link closed. */
  readonly onNote?: (text: string) => void;
  /**
   * This peer's record of the game's signed lines (in the transcript format), which `risk verify`
   * audits by a mute mesh replica of this peer: signatures, acks and votes as well as the game.
   */
  readonly transcript?: Recorder;
  /** Tests: a fixed source of dice secrets. */
  readonly secret?: () => Uint8Array;
  /** Aborted: this peer leaves the game at once (its player left); the result says `stopped`. */
  readonly signal?: AbortSignal;
  /**
   * This peer's record of the game's signed lines (its transcript's in and out lines), sent to a
   * player that drops out and rejoins (protocol-spec/resume.md, Rejoin); without it a rejoin is refused.
   */
  readonly history?: () => readonly string[];
  /** Where a player that rejoins listens now (e.g. for the store). */
  readonly onRejoinAddresses?: (player: number, addresses: readonly string[]) => void;
  /** The session, once built: a returning player's new link is handed to its rejoinLink. */
  readonly onSession?: (session: MeshSession<RiscMeshState, RiscMove, RiscEvent>) => void;
  /**
   * Take this seat back in the running game (sessions/risc-rejoin.ts): the record is written from
   * the checked steps up to the rejoin point first, and the seat reveals the orders it had sealed.
   */
  readonly rejoin?: Extract<Rejoined<RiscMeshState, RiscMove>, { ok: true }>;
  /** A rejoin into a session that resumed the game: the RISC record's first header, and what the session continues. */
  readonly rejoinResumed?: { readonly header: RiscHeader; readonly from: ResumedFrom };
  /**
   * Go on with a stored game every player proved it holds (sessions/risc-resume.ts): the record is
   * written from the stored steps up to the agreed point first, and the seat reveals the orders it
   * had sealed before the stop.
   */
  readonly resume?: RiscResumeStart;
}

/** Where a resumed RISC game goes on (protocol-spec/resume.md, RISC games). */
export interface RiscResumeStart {
  /** The agreed state, and the sequence points (ack ids) applied to reach it. */
  readonly state: RiscMeshState;
  readonly index: number;
  /** What the session's record says it continues (the handshake's index counts entries). */
  readonly from: ResumedFrom;
  /** Every entry from the game's start to the agreed point: the RISC record is written from them. */
  readonly steps: readonly RejoinStep<RiscMove>[];
  /** The game's RISC record header, as first written (its game id is the one the commitments bind). */
  readonly header: RiscHeader;
  /** The reveal of orders this seat committed to before the stop, kept in its record's notes. */
  readonly move?: RiscMove;
}

export type RiscNetResult =
  | {
      ok: true;
      state: RiscState;
      /** Players proven to cheat, and anything this peer's record does not audit clean for. */
      found: readonly RecordedViolation[];
      /** Players made neutral (proof, votes or leaving), in order. */
      neutral: readonly number[];
      stopped?: true;
    }
  | { ok: false; reason: string };

/** The header every peer builds alike from the roster (the host's terms), so every record starts the same. */
export function riscHeaderFor(roster: RiscRoster): RiscHeader {
  const players = [...roster.players].sort((a, b) => a.id - b.id).map((p) => p.name);
  return riscHeader(roster.gameId, players, roster.risc ?? { startUnits: DEFAULT_START_UNITS, turnLimit: null });
}

/** The RISC seat behind the session's seat: it chooses at its commitment; its reveal is the hand's. */
function sealedSeat(seat: RiscSeat, hand: RiscHand): Seat<RiscMeshState, RiscMove> {
  return {
    kind: seat.kind,
    async decide(state, me) {
      // Orders sealed here before a drop, whose commitment the game lacks: committed to again as they were.
      const again = hand.again(state);
      if (again !== null) return again;
      if (hand.due(state) === 'reveal') {
        const reveal = hand.reveal(state);
        if (reveal === null) throw new Error('it holds no sealed orders to reveal');
        return reveal;
      }
      const risc = state.risc;
      if (risc.phase === 'placement') {
        const placement = await seat.place(risc, me);
        if (placement === null) throw new Error('its player left');
        return hand.commit(state, { stage: 'placement', placement });
      }
      const orders = await seat.orders(risc, me);
      if (orders === null) throw new Error('its player left');
      return hand.commit(state, { stage: 'orders', orders });
    },
  };
}

/**
 * The RISC record, written from the steps the replica applies. A step may still be taken back
 * until the turn is executed (an equivocated point given to a neutralisation), so the lines of a
 * turn are held until its execution, which comes only once every point before it has settled.
 * A RISC replica of the record (the auditor's) reads each line as it is written: it gives the
 * executed turns' events, and finds anything the record would not audit clean for.
 */
class RiscRecord implements Recorder<RiscMove> {
  readonly path = null;
  readonly found: RecordedViolation[] = [];
  private readonly shadow: RiscReplica;
  private held: RiscRecordLine[] = [];
  private lineNo = 1;

  constructor(
    private readonly header: RiscHeader,
    private readonly options: Pick<RiscNetOptions, 'onRecord' | 'onExecuted' | 'transcript'>,
  ) {
    const started = RiscReplica.start(header);
    if (!started.ok) throw new Error(started.reason);
    this.shadow = started.value;
    options.onRecord?.(header);
  }

  get state(): RiscState {
    return this.shadow.state;
  }

  incoming(from: number, line: string) {
    this.options.transcript?.incoming(from, line);
  }

  outgoing(line: string) {
    this.options.transcript?.outgoing(line);
  }

  note(fact: Record<string, unknown>) {
    // The session's header: the auditor's replica plays RISC on these terms.
    const { start_units: startUnits, turn_limit: turnLimit } = this.header.payload;
    this.options.transcript?.note(fact.profile === 'native' ? { ...fact, risc: { startUnits, turnLimit } } : fact);
  }

  sync() {
    this.options.transcript?.sync();
  }

  step(move: RiscMove, numbers: StepNumbers | null) {
    const game = this.header.payload.game;
    if (move.command === 'risc_commit' || move.command === 'risc_reveal') this.held.push(move);
    else if (move.command === 'timeout')
      this.held.push({ command: 'risc_expel', payload: { game, player: move.player } });
    else {
      // The round executed: the turn's lines are all held (the record's replica is still at it).
      const round = this.shadow.round;
      this.flush();
      if (round === null || round.stage !== 'orders' || numbers === null) return; // the placement executes by itself
      const turn = round.turn;
      this.write({
        command: 'risc_dice',
        payload: {
          game,
          turn,
          numbers: numbers.map(([player, number]) => ({
            player,
            hash: boundCommitment(number, { gameId: game, round: turn, player }),
            number: bytesToHex(number),
          })),
        },
      });
      const s = this.shadow.state;
      if (s.turn === turn + 1)
        this.write({ command: 'risc_turn', payload: { game, turn, owner: [...s.owner], units: [...s.units] } });
    }
  }

  unstep(count: number) {
    this.held.splice(Math.max(0, this.held.length - count));
  }

  close() {
    this.flush();
    this.options.transcript?.close();
  }

  private flush() {
    const held = this.held;
    this.held = [];
    for (const line of held) this.write(line);
  }

  private write(line: RiscRecordLine) {
    this.options.onRecord?.(line);
    const applied = this.shadow.apply(line, ++this.lineNo);
    this.found.push(...applied.violations);
    if (applied.executed) this.options.onExecuted?.(this.shadow.state, applied.executed.turn, applied.executed.events);
  }
}

/** The RISC record lines a game's entries make, from its header on (every line written: none held). */
export function riscRecordLines(header: RiscHeader, steps: readonly RejoinStep<RiscMove>[]): RiscRecordLine[] {
  const lines: RiscRecordLine[] = [];
  const record = new RiscRecord(header, { onRecord: (line) => lines.push(line) });
  for (const step of steps) record.step(step.action, step.numbers);
  record.close();
  return lines;
}

/** Plays one networked RISC game to its end (a winner, or this peer's last round). */
export async function playRiscOverLinks(roster: RiscRoster, options: RiscNetOptions): Promise<RiscNetResult> {
  if (!roster.features.includes(RISC_FEATURE))
    return { ok: false, reason: 'not every player chose RISC (the host and every joiner must play --game risc)' };
  // A resumed game's seat expelled where it resumed may have stayed away (protocol-spec/resume.md, Steps 4).
  const expected = roster.players
    .filter((p) => p.id !== roster.me && options.resume?.state.risc.expelled[p.id] !== true)
    .map((p) => p.id);
  // (A seat that rejoins plays on with the players it reached: protocol-spec/resume.md, Not covered.)
  if (options.rejoin === undefined && expected.some((id) => !roster.links.has(id)))
    return { ok: false, reason: 'the lobby did not link this peer to every other player' };
  // A resumed game's record goes on under its first header (its game id, not the new session's).
  const record = new RiscRecord(
    options.resume?.header ?? options.rejoinResumed?.header ?? riscHeaderFor(roster),
    options,
  );
  // A seat that rejoins or resumes writes the game up to its point first: the session goes on from there.
  for (const step of options.rejoin?.steps ?? options.resume?.steps ?? []) record.step(step.action, step.numbers);
  const kept = options.rejoin?.move ?? options.resume?.move;
  const found: RecordedViolation[] = [];
  const neutral: number[] = [];
  const nameOf = (player: number) => roster.players.find((p) => p.id === player)?.name ?? `player ${player}`;
  const onEvent = (event: SessionEvent<RiscMeshState, RiscEvent>) => {
    if (event.type === 'violation') {
      found.push({ line: 0, player: event.player, kind: 'proven', reason: event.reason });
      options.onNote?.(`${nameOf(event.player)} cheated: ${event.reason}`);
    } else if (event.type === 'neutral') {
      if (!neutral.includes(event.player)) neutral.push(event.player);
      options.onNote?.(`${nameOf(event.player)} is out of the game: ${event.reason}`);
    } else if (event.type === 'info') options.onNote?.(event.text);
  };
  // Each sealing is noted in this peer's record before its commitment leaves (never sent: notes stay
  // here), so a seat that drops out reveals the same orders when it rejoins (risc-rejoin.ts).
  const hand = new RiscHand(
    roster.me,
    (reveal) => record.note({ [SEALED_NOTE]: reveal }),
    kept?.command === 'risc_reveal' ? kept : undefined,
  );
  const session = riscSessionFor(roster, {
    seat: sealedSeat(options.seat, hand),
    recorder: record,
    onEvent,
    ...(options.secret ? { secretNumbers: options.secret } : {}),
    ...(options.rejoin
      ? {
          rejoin: sessionRejoin(options.rejoin, options.rejoinResumed ? { from: options.rejoinResumed.from } : {}),
        }
      : {}),
    ...(options.resume
      ? { resume: { state: options.resume.state, index: options.resume.index, from: options.resume.from } }
      : {}),
    ...(options.history ? { history: options.history } : {}),
    ...(options.onRejoinAddresses ? { onRejoinAddresses: options.onRejoinAddresses } : {}),
  });
  options.onSession?.(session);
  const leave = () => session.leave('left the game');
  if (options.signal?.aborted) queueMicrotask(leave);
  options.signal?.addEventListener('abort', leave);
  const result = await session.run();
  options.signal?.removeEventListener('abort', leave);
  // Others still reading the end of the game get it before this peer's links close.
  await session.settled();
  return {
    ok: true,
    state: result.state.risc,
    found: [...found, ...record.found],
    neutral,
    ...(result.outcome === 'left' ? { stopped: true as const } : {}),
  };
}
