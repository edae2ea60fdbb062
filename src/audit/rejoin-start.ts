// Where a seat that rejoined went on from (protocol-spec/resume.md, Rejoin): the point, state,
// parent and taken entries one checked history gives. The rejoin (sessions/rejoin.ts) computes it
// to start its session; the audit of that seat's record computes it again from the history the
// record keeps, so the record is replayed as the session ran, not from the game's start as this
// seat (the history was written in its sender's order, judged as its sender judged it).

import {
  featureNames,
  pipelineWindow,
  type SessionFeatures,
  type StepNumbers,
  type TakenEntry,
} from '../core/contract.js';
import type { MeshGame } from '../core/native/game.js';
import { messageHashOf, parentAfter } from '../core/native/hashes.js';
import { MOVE_MEMORY } from '../core/native/limits.js';
import { digestOf, NO_PARENT } from '../core/native/lines.js';
import type { DealRecord } from '../core/native/mission-deal.js';
import { applySteps } from '../core/steps/replay.js';
import { decodeLine } from '../protocol/codec.js';
import { bytesToHex, hexToBytes } from '../protocol/commitment.js';
import type { Message } from '../protocol/messages.js';
import { type Keyring, lineDigest, unseal, type VerifiedSignatures } from '../protocol/signing.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import type { NativeHeader } from './native-header.js';

export interface RejoinStep<A> {
  readonly action: A;
  readonly numbers: StepNumbers | null;
}

/** What a rejoin's replay asks of the game: `S`, `A` its state and moves. */
export interface ReplayedGame<S, A> {
  /** The game's rules as the replica asks them. */
  readonly game: MeshGame<S, A, unknown>;
  /** A record replayed by its peer's mute replica (`risk verify`'s code): the state it reaches and the entries it applied; null state: why not. */
  audit(
    record: readonly TranscriptLine[],
    header: NativeHeader,
    verified?: VerifiedSignatures,
  ): { readonly state: S | null; readonly steps: readonly RejoinStep<A>[]; readonly reason: string };
  /** Whether a step takes a point of the sequence (draws and secret rounds' results do not). */
  takesPoint(action: A, before: S): boolean;
  /** A step as text to compare (a peer may hold parts of a step no other knows: they are left out). */
  stepText(action: A): string;
}

/** The session a seat rejoins, as its record's header names it. */
export interface RejoinTerms<S> {
  readonly me: number;
  readonly players: readonly { readonly id: number; readonly name: string; readonly peerId: string }[];
  readonly gameId: string;
  readonly features: SessionFeatures;
  readonly rules?: object;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** A resumed session: its records start from this state at point `index` (protocol-spec/resume.md). */
  readonly resumed?: {
    readonly state: S;
    readonly index: number;
    readonly from: { readonly gameId: string; readonly index: number; readonly hash: string };
  };
}

/** The first line of a history whose signature does not hold, as a reason; null if every line is its author's. */
export function falseLine<A>(
  terms: RejoinTerms<unknown>,
  keyring: Keyring,
  game: ReplayedGame<unknown, A>,
  lines: readonly string[],
): string | null {
  // A sequenced move is signed over its move digest, as the game reads moves off the wire.
  const moveOf = (message: Message) => game.game.moveOf(message);
  for (const [i, line] of lines.entries()) {
    const sealed = unseal(line);
    if (sealed === null) return `line ${i + 1} of its history is not signed`;
    if (!terms.players.some((p) => p.id === sealed.by)) return `line ${i + 1} is signed by unknown player ${sealed.by}`;
    const decoded = decodeLine(sealed.inner);
    const digest =
      decoded.ok && 'message' in decoded
        ? digestOf(terms.gameId, decoded.message, sealed.inner, moveOf, terms.features.pipelining === true)
        : lineDigest(terms.gameId, sealed.inner);
    if (!keyring.verify(sealed.by, digest, sealed.sig))
      return `line ${i + 1} of its history does not match player ${sealed.by}'s signature: a false history`;
  }
  return null;
}

/**
 * One player's record replayed as its sender's seat, as `risk verify` reads that player's record:
 * the sender's own acknowledgements count there as they did in play (replayed as another seat, a
 * take-back after an equivocation could be judged otherwise).
 */
export function historyReplay<S, A>(
  terms: RejoinTerms<S>,
  game: ReplayedGame<S, A>,
  from: number,
  lines: readonly string[],
  verified?: VerifiedSignatures,
) {
  const header: NativeHeader = {
    me: from,
    gameId: terms.gameId,
    features: featureNames(terms.features),
    rules: (terms.rules ?? {}) as Record<string, unknown>,
    players: terms.players.map((p) => ({ id: p.id, name: p.name, peerId: p.peerId })),
    ackTimeoutMs: terms.ackTimeoutMs,
    moveTimeoutMs: terms.moveTimeoutMs,
    ...(terms.resumed ? { resumedFrom: terms.resumed.from } : {}),
  };
  const record: TranscriptLine[] = [
    { line: 1, t: 0, conn: -1, dir: 'note', raw: JSON.stringify({ ...header, profile: 'native' }) },
    ...lines.map((raw, i) => ({ line: i + 2, t: 0, conn: from, dir: 'in' as const, raw })),
  ];
  return game.audit(record, header, verified);
}

/** Where a seat goes on from after a rejoin: what its session starts with. */
export interface RejoinStart<S, A> {
  /** Play goes on at this point from `state`. */
  readonly index: number;
  readonly state: S;
  /** The state at the history's end. */
  readonly last: S;
  /** The point at the history's end (one past its last entry), and with pipelining what a move there names as its parent. */
  readonly end: { readonly index: number; readonly parent?: string };
  /** The steps of the game up to `index`. */
  readonly steps: readonly RejoinStep<A>[];
  /** Pipelining: what the next move names as its parent. */
  readonly parent?: string;
  /** The entries just before `index` as the history took them, with their signed lines (MOVE_MEMORY of them). */
  readonly taken: readonly TakenEntry[];
  /** The last dice round this seat committed to in the history, and its commitment (-1, '': none). */
  readonly committedRound: number;
  readonly commitment: string;
}

/**
 * The start one checked history gives (`steps` its replay): the point after this seat's last
 * acknowledgement in it, the state there, and the entries before it; `others` more lines to find
 * the signed line of a taken entry in (other histories that agree with it).
 */
export function rejoinStart<S, A>(
  terms: RejoinTerms<S>,
  game: ReplayedGame<S, A>,
  chosen: { readonly lines: readonly string[]; readonly steps: readonly RejoinStep<A>[] },
  others: readonly string[],
): ({ ok: true } & RejoinStart<S, A>) | { ok: false; reason: string } {
  let lastAck = -1;
  let committedRound = -1;
  let commitment = '';
  for (const line of chosen.lines) {
    const sealed = unseal(line);
    if (sealed === null || sealed.by !== terms.me) continue;
    const decoded = decodeLine(sealed.inner);
    if (!decoded.ok || !('message' in decoded)) continue;
    const message = decoded.message;
    if (message.command === 'acknowledgement') lastAck = Math.max(lastAck, message.payload);
    if (message.command === 'roll_hash' && (message.round ?? -1) > committedRound) {
      committedRound = message.round ?? -1;
      commitment = message.payload;
    }
  }
  const states = new Map<number, S>();
  const stepsAt = new Map<number, number>();
  // A resumed session starts at its resume point, which every player proved it holds.
  const start = terms.resumed?.index ?? 0;
  if (terms.resumed) {
    states.set(start, terms.resumed.state);
    stepsAt.set(start, 0);
  }
  let count = start;
  let applied = 0;
  let last: S | undefined = terms.resumed?.state;
  // What a move built on each point's entry names as its parent (its message hash; with a window of
  // two, its history hash): the one before the seat's point is the parent of its next move.
  const entries = new Map<number, string>();
  const chained = pipelineWindow(terms.features) === 2;
  // Each point's entry as the history took it: the returning seat judges other versions by them.
  const taken: TakenEntry[] = [];
  const replay = replayOf(
    chosen.steps,
    (step, before, after) => {
      if (game.takesPoint(step.action, before)) {
        const parent = entries.get(count - 1) ?? NO_PARENT;
        const messageHash = messageHashOf(count, step.action);
        entries.set(count, parentAfter(chained, parent, messageHash));
        // Only entries that may come before the seat's point (one past its last acknowledgement) are kept.
        if (count > lastAck - MOVE_MEMORY)
          taken.push({
            index: count,
            messageHash,
            stateHash: game.game.stateHash(after),
            parent: terms.features.pipelining ? parent : null,
            author: -1,
            line: '',
          });
        count++;
      }
      states.set(count, after);
      stepsAt.set(count, ++applied);
      last = after;
    },
    terms,
    game,
  );
  if (!replay.ok) return { ok: false, reason: `the checked history does not replay: ${replay.reason}` };
  const index = Math.max(start, Math.min(lastAck + 1, count));
  const state = states.get(index);
  if (state === undefined || last === undefined || (index === 0 && terms.resumed === undefined))
    return { ok: false, reason: 'this seat dropped out before the first move: nothing to take back mid-game' };
  return {
    ok: true,
    index,
    state,
    last,
    end: { index: count, ...(entries.has(count - 1) ? { parent: entries.get(count - 1)! } : {}) },
    steps: chosen.steps.slice(0, stepsAt.get(index) ?? 0),
    ...(entries.has(index - 1) ? { parent: entries.get(index - 1)! } : {}),
    taken: takenBefore(taken, index, [...chosen.lines, ...others], game),
    committedRound,
    commitment,
  };
}

/** Sequence points a list of steps applies (moves and neutralisations; the opening draws take none). */
export function pointsOf<S, A>(
  steps: readonly RejoinStep<A>[],
  terms: Pick<RejoinTerms<S>, 'players' | 'features' | 'resumed'>,
  game: ReplayedGame<S, A>,
): number {
  let count = terms.resumed?.index ?? 0;
  replayOf(
    steps,
    (step, before) => {
      if (game.takesPoint(step.action, before)) count++;
    },
    terms,
    game,
  );
  return count;
}

/** Steps replayed through the game's rules, each with the dice its round's numbers give, from the start or the resume point. */
function replayOf<S, A>(
  steps: readonly RejoinStep<A>[],
  visit: (step: RejoinStep<A>, before: S, after: S) => void,
  terms: Pick<RejoinTerms<S>, 'players' | 'features' | 'resumed'>,
  game: ReplayedGame<S, A>,
): { ok: true } | { ok: false; reason: string } {
  const start = terms.resumed?.state ?? game.game.start(terms.players.length);
  const replayed = applySteps(
    (state: S, action: A, dice) => game.game.apply(state, action, dice),
    start,
    steps,
    terms.features.mtDice === true,
    (step, before, _events, after) => visit(step, before, after),
  );
  return replayed.ok ? { ok: true } : { ok: false, reason: `step ${replayed.at} does not apply: ${replayed.reason}` };
}

/**
 * The last MOVE_MEMORY entries before point `index`, each with its author and signed line: the line
 * among the history's whose move for that point has the entry's message hash (a neutralisation has
 * none: author -1). The others still hold these, and judge another version of one, or a proof
 * about it, by them: a returning seat that did not would refuse what they agree on.
 */
function takenBefore<S, A>(
  entries: readonly TakenEntry[],
  index: number,
  lines: readonly string[],
  game: ReplayedGame<S, A>,
): TakenEntry[] {
  const wanted = new Map(
    entries.filter((e) => e.index < index && e.index >= index - MOVE_MEMORY).map((e) => [e.index, e] as const),
  );
  const found = new Map<number, TakenEntry>();
  for (const line of lines) {
    const sealed = unseal(line);
    const decoded = sealed === null ? null : decodeLine(sealed.inner);
    if (decoded === null || !decoded.ok || !('message' in decoded)) continue;
    const message = decoded.message;
    const at = 'ack_id' in message && message.command !== 'acknowledgement' ? message.ack_id : undefined;
    const entry = at === undefined ? undefined : wanted.get(at);
    if (entry === undefined || found.has(entry.index)) continue;
    const move = game.game.moveOf(message);
    if (move !== null && messageHashOf(entry.index, move) === entry.messageHash)
      found.set(entry.index, { ...entry, author: sealed!.by, line });
  }
  return [...wanted.values()].map((e) => found.get(e.index) ?? e);
}

// ---- the history a rejoined record keeps (protocol-spec/record-files.md, Native records) ----

/** Lines of a history per note: a record's notes stay short enough to store and read one by one. */
const HISTORY_NOTE_LINES = 256;

/** What a rejoined seat's record keeps of its rejoin, besides its header's `rejoined`. */
export interface KeptRejoin {
  /** Whose history the seat took, and that history's lines as it checked them. */
  readonly from: number;
  readonly lines: readonly string[];
  /** The signed lines of the entries it took before its point (TakenEntry.line), found in the histories it read. */
  readonly taken: readonly string[];
  /** A Secret Mission game past its deal: this seat's deal as its earlier record kept it. */
  readonly missionDeal?: DealRecord;
}

/** The notes that keep a rejoin in the seat's record, in order (written right after its header). */
export function rejoinNotes(kept: KeptRejoin): Record<string, unknown>[] {
  const deal = kept.missionDeal;
  const notes: Record<string, unknown>[] = [
    {
      rejoin_from: {
        player: kept.from,
        lines: kept.lines.length,
        taken: kept.taken,
        ...(deal ? { missionDeal: { ...deal, numbers: deal.numbers.map(bytesToHex) } } : {}),
      },
    },
  ];
  for (let i = 0; i < kept.lines.length; i += HISTORY_NOTE_LINES)
    notes.push({ rejoin_history: kept.lines.slice(i, i + HISTORY_NOTE_LINES) });
  return notes;
}

/**
 * The rejoin a record keeps in its notes; null when it keeps none (not a rejoined seat's, or
 * recorded before records kept it); a reason when the notes are broken.
 */
export function keptRejoin(
  lines: readonly TranscriptLine[],
): { ok: true; kept: KeptRejoin | null } | { ok: false; reason: string } {
  let kept: { from: number; count: number; taken: string[]; missionDeal?: DealRecord } | null = null;
  const history: string[] = [];
  for (const line of lines) {
    if (line.dir !== 'note' || !line.raw.startsWith('{"rejoin_')) continue;
    let fact: { rejoin_from?: unknown; rejoin_history?: unknown };
    try {
      fact = JSON.parse(line.raw) as typeof fact;
    } catch {
      return { ok: false, reason: `line ${line.line}: a rejoin note that is not JSON` };
    }
    if (fact.rejoin_from !== undefined) {
      const from = fact.rejoin_from as { player?: unknown; lines?: unknown; taken?: unknown; missionDeal?: unknown };
      if (
        kept !== null ||
        !Number.isInteger(from.player) ||
        !Number.isInteger(from.lines) ||
        !Array.isArray(from.taken) ||
        !from.taken.every((t) => typeof t === 'string')
      )
        return { ok: false, reason: `line ${line.line}: a rejoin note that names no history` };
      const deal = from.missionDeal as { gameId?: unknown; lines?: unknown; numbers?: unknown } | undefined;
      if (
        deal !== undefined &&
        (typeof deal.gameId !== 'string' ||
          !Array.isArray(deal.lines) ||
          !Array.isArray(deal.numbers) ||
          !deal.numbers.every((n) => typeof n === 'string' && /^[0-9a-f]{64}$/.test(n)))
      )
        return { ok: false, reason: `line ${line.line}: a rejoin note with a broken mission deal` };
      kept = {
        from: from.player as number,
        count: from.lines as number,
        taken: from.taken as string[],
        ...(deal
          ? {
              missionDeal: {
                gameId: deal.gameId as string,
                lines: deal.lines as string[],
                numbers: (deal.numbers as string[]).map(hexToBytes),
              },
            }
          : {}),
      };
    } else if (Array.isArray(fact.rejoin_history) && kept !== null) {
      history.push(...(fact.rejoin_history as unknown[]).filter((l): l is string => typeof l === 'string'));
    }
  }
  if (kept === null) return { ok: true, kept: null };
  if (history.length !== kept.count)
    return { ok: false, reason: `the record keeps ${history.length} lines of the history it took, not ${kept.count}` };
  return {
    ok: true,
    kept: {
      from: kept.from,
      lines: history,
      taken: kept.taken,
      ...(kept.missionDeal ? { missionDeal: kept.missionDeal } : {}),
    },
  };
}

/**
 * Where a rejoined seat's record starts: its kept history replayed as its sender (the replay the
 * rejoin checked), then the start it gives, which must be the point the header says. `terms` as
 * the header names them, `keyring` its players' keys (the taken lines must be signed).
 */
export function rejoinedStart<S, A>(
  terms: RejoinTerms<S>,
  game: ReplayedGame<S, A>,
  keyring: Keyring,
  kept: KeptRejoin,
  index: number,
  verified?: VerifiedSignatures,
): ({ ok: true } & RejoinStart<S, A>) | { ok: false; reason: string } {
  if (!terms.players.some((p) => p.id === kept.from && p.id !== terms.me))
    return { ok: false, reason: `the record says it took the history of player ${kept.from}, not another seat` };
  const replay = historyReplay(terms, game, kept.from, kept.lines, verified);
  if (replay.state === null) return { ok: false, reason: `the history it took does not replay: ${replay.reason}` };
  const forged = falseLine(terms, keyring, game, kept.taken);
  if (forged !== null) return { ok: false, reason: `a taken entry's ${forged}` };
  const start = rejoinStart(terms, game, { lines: kept.lines, steps: replay.steps }, kept.taken);
  if (!start.ok) return start;
  if (start.index !== index)
    return {
      ok: false,
      reason: `the record says its seat went on from move ${index}, but the history it took gives move ${start.index}`,
    };
  return start;
}
