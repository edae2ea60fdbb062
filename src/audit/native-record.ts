// Auditing a native game record: a mute replica of the recording peer reads the record's lines
// in the order that peer processed them. It runs the same code as live play, so whatever the
// peer judged (and only that) comes out again, checked: every signature, commitment, roll, move,
// vote and proof.

import {
  type Effect,
  featuresFrom,
  type Outcome,
  type ReplicaConfig,
  type StepNumbers,
  type TakenEntry,
} from '../core/contract.js';
import { classicGame, type MeshGame } from '../core/native/game.js';
import { type DealRecord, missionsDealt, restoreMissionDeal } from '../core/native/mission-deal.js';
import { Replica } from '../core/native/replica.js';
import { applySteps, takesNetworkPoint } from '../core/steps/replay.js';
import type { Action, GameEvent, GameState } from '../model/index.js';
import { auditKeyring } from '../protocol/peer-keys.js';
import type { CardBonusReading } from '../protocol/profiles.js';
import { parseRules } from '../protocol/rules.js';
import type { DealDriver } from '../protocol/secret-deal.js';
import type { VerifiedSignatures } from '../protocol/signing.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import type { NativeHeader } from './native-header.js';
import { keptRejoin, type RejoinStep, type ReplayedGame, rejoinedStart } from './rejoin-start.js';

export { type NativeHeader, nativeHeader } from './native-header.js';

export type AuditKind = 'message' | 'impersonation' | 'commitment' | 'rules' | 'outcome';

/** One rule broken in a record: where, by whom, of which kind, why. */
export interface AuditViolation<Kind extends string = AuditKind> {
  readonly line: number;
  readonly player: number | null;
  readonly kind: Kind;
  readonly reason: string;
}

/** What every audit of a record reports: the native one, the star one and `risk verify`'s. */
export interface AuditSummary<Kind extends string> {
  readonly players: readonly { readonly id: number; readonly name: string }[];
  readonly firstPlayer: number | null;
  readonly deck: readonly number[] | null;
  /** Dice rounds whose every reveal matched its commitment and whose draw was applied. */
  readonly roundsVerified: number;
  readonly battles: number;
  readonly actionsChecked: number;
  readonly violations: readonly AuditViolation<Kind>[];
  readonly state: GameState | null;
  /** cs3099: the card-bonus reading each deploy after a trade the two readings judge differently followed. */
  readonly cardBonus?: readonly CardBonusFinding[];
  /**
   * Secret Mission: each mission the record shows (a proven claim, or a deal key published at the
   * end of the game), by player; a mission card as in the model (describeMission).
   */
  readonly missions?: readonly { readonly player: number; readonly mission: number }[];
}

export interface CardBonusFinding {
  readonly line: number;
  readonly player: number;
  readonly reading: CardBonusReading;
}

export interface NativeAudit extends AuditSummary<AuditKind> {
  /** How the record says the game ended for its peer, if it says. */
  readonly recordedEnd: { readonly outcome: Outcome; readonly winner: number | null } | null;
  /** The record stops before the game (or the peer's part in it) ended: a crash or a kill, not a cheat. */
  readonly truncated: boolean;
  /** The state the replay started from (a fresh game, or where a resumed session went on); null if it could not start. */
  readonly initial: GameState | null;
  /** Every entry the recording peer applied, in order, with its dice round's numbers (the game store's steps). */
  readonly steps: readonly { readonly action: Action; readonly numbers: StepNumbers | null }[];
}

/** Where a resumed session's record starts: the state the earlier record reaches at its point. */
export interface Continued<S = GameState> {
  readonly state: S;
  readonly index: number;
  /** A Secret Mission game past its deal: the deal as the earlier record holds it, to check the claims made here. */
  readonly missionDeal?: DealRecord;
  /** A rejoined seat's record (rejoin-start.ts): what its first move names as its parent, and the entries it took before its point. */
  readonly parent?: string;
  readonly taken?: readonly TakenEntry[];
}

/**
 * Where a record starts: a rejoined seat's where its session went on (the history its notes keep,
 * replayed as the rejoin did, by `replayed`), with the steps before it (`before`: the record covers
 * the game from its `initial` state, as any other); any other record's at `continues` (null: the
 * game's start).
 */
export function startOfRecord<S, A>(
  lines: readonly TranscriptLine[],
  header: NativeHeader,
  continues: Continued<S> | null,
  replayed: ReplayedGame<S, A> | undefined,
  verified?: VerifiedSignatures,
):
  | {
      ok: true;
      continues: Continued<S> | null;
      before?: { readonly initial: S; readonly steps: readonly RejoinStep<A>[] };
    }
  | { ok: false; violation: AuditViolation } {
  const fail = (reason: string) => ({
    ok: false as const,
    violation: { line: 1, player: null, kind: 'message' as const, reason },
  });
  if (header.rejoined === undefined) return { ok: true, continues };
  const kept = keptRejoin(lines);
  if (!kept.ok) return fail(kept.reason);
  // A record made before records kept their rejoin is read from the game's start, as then.
  if (kept.kept === null || (header.resumedFrom !== undefined && continues === null)) return { ok: true, continues };
  if (replayed === undefined) return fail("this record's rejoin cannot be replayed for this game");
  const keyring = auditKeyring(new Map(header.players.map((p) => [p.id, p.peerId])), verified);
  if (keyring === null) return fail('the record names a peer id that is not an Ed25519 key');
  const terms = {
    me: header.me,
    players: header.players,
    gameId: header.gameId,
    features: featuresFrom(header.features),
    rules: header.rules,
    ackTimeoutMs: header.ackTimeoutMs,
    moveTimeoutMs: header.moveTimeoutMs,
    ...(continues !== null && header.resumedFrom
      ? { resumed: { state: continues.state, index: continues.index, from: header.resumedFrom } }
      : {}),
  };
  const start = rejoinedStart(terms, replayed, keyring, kept.kept, header.rejoined.index, verified);
  if (!start.ok) return fail(`its rejoin does not check out: ${start.reason}`);
  const missionDeal = kept.kept.missionDeal ?? continues?.missionDeal;
  return {
    ok: true,
    continues: {
      state: start.state,
      index: start.index,
      ...(missionDeal ? { missionDeal } : {}),
      ...(start.parent !== undefined ? { parent: start.parent } : {}),
      taken: start.taken,
    },
    before: { initial: terms.resumed?.state ?? replayed.game.start(header.players.length), steps: start.steps },
  };
}

/** The classic game as a rejoin's replay asks it (rejoin-start.ts): its records audited from `continues`. */
export function classicReplayed(
  rules: Record<string, unknown>,
  continues: Continued | null,
): ReplayedGame<GameState, Action> {
  return {
    game: classicGame(rules),
    audit(record, header, verified) {
      const audit = auditNativeRecord(record, header, continues, verified);
      return { state: audit.state, steps: audit.steps, reason: audit.violations[0]?.reason ?? '' };
    },
    takesPoint: takesNetworkPoint,
    // A mission deal's step holds only the missions its peer knows (its own): its payload is left out.
    stepText: (action) => JSON.stringify(action.command === 'deal_missions' ? { command: 'deal_missions' } : action),
  };
}

/** What a record's header starts: the recording peer's mute replica, or why it cannot start. */
type Started<S, A extends { readonly command: string }, E> =
  | { readonly ok: true; readonly replica: Replica<S, A, E>; readonly violations: AuditViolation[] }
  | { readonly ok: false; readonly violation: AuditViolation };

/**
 * The recording peer's replica, mute, as the record's header started it: its players and keys, the
 * game's features and house rules; `game` the game it plays (the classic game by default).
 */
export function muteReplicaFor<S, A extends { readonly command: string }, E>(
  header: NativeHeader,
  continues: Continued<S> | null,
  verified: VerifiedSignatures | undefined,
  game?: MeshGame<S, A, E>,
): Started<S, A, E> {
  const players = header.players.map((p) => ({ id: p.id, name: p.name }));
  const violations: AuditViolation[] = [];
  const features = featuresFrom(header.features);
  const keyring = features.signed
    ? auditKeyring(new Map(header.players.map((p) => [p.id, p.peerId])), verified)
    : undefined;
  if (features.signed && keyring === null)
    return {
      ok: false,
      violation: {
        line: 1,
        player: null,
        kind: 'message',
        reason: 'the record names a peer id that is not an Ed25519 key',
      },
    };
  // The header's house rules start the replica: rules it cannot play are the record's fault, not a crash.
  const rules = parseRules(header.rules, players.length);
  const resumed = header.resumedFrom;
  if (!rules.ok || (resumed !== undefined && continues === null))
    return {
      ok: false,
      violation: {
        line: 1,
        player: null,
        kind: rules.ok ? 'message' : 'rules',
        reason: !rules.ok
          ? `the record's header names rules that cannot be played: ${rules.reason}`
          : `this record continues game ${resumed!.gameId} from move ${resumed!.index} (a resumed session): it can only be audited from the state the earlier record reaches there; give the earlier record first (risk verify EARLIER THIS)`,
      },
    };
  // A game that goes on past its mission deal checks its claims against the deal as first recorded.
  let missionDeal: DealDriver | undefined;
  // (Only the classic game deals missions: another game's state, a RISC one, has no options.)
  const classic = continues !== null && 'options' in (continues.state as object);
  if (continues !== null && classic && missionsDealt(continues.state as GameState) && keyring) {
    const restored =
      continues.missionDeal === undefined
        ? { ok: false as const, reason: 'the earlier record holds no mission deal' }
        : restoreMissionDeal(continues.missionDeal, { auth: keyring });
    if (!restored.ok) violations.push({ line: 1, player: null, kind: 'message', reason: restored.reason });
    else missionDeal = restored.driver;
  }
  const config: ReplicaConfig = {
    me: header.me,
    mute: true,
    players,
    gameId: header.gameId,
    features,
    rules: rules.value,
    ...(keyring ? { keyring } : {}),
    ackTimeoutMs: header.ackTimeoutMs,
    moveTimeoutMs: header.moveTimeoutMs,
    ...(continues !== null
      ? {
          resume: {
            state: continues.state as GameState,
            index: continues.index,
            ...(missionDeal ? { missionDeal } : {}),
            ...(continues.parent !== undefined ? { parent: continues.parent } : {}),
            ...(continues.taken ? { taken: continues.taken } : {}),
          },
        }
      : {}),
  };
  return { ok: true, replica: new Replica<S, A, E>(config, game), violations };
}

/**
 * Feeds the record's lines to its replica in the order the peer processed them; `collect(line)`
 * after each. Returns how the record says the game ended, and its last line.
 */
export function feedRecord<S, A extends { readonly command: string }, E>(
  lines: readonly TranscriptLine[],
  header: NativeHeader,
  replica: Replica<S, A, E>,
  violations: AuditViolation[],
  collect: (line: number) => void,
): { recordedEnd: NativeAudit['recordedEnd']; lastLine: number } {
  let recordedEnd: NativeAudit['recordedEnd'] = null;
  let lastLine = 0;
  replica.start(0);
  collect(0);
  for (const record of lines) {
    lastLine = record.line;
    if (record.dir === 'note') {
      try {
        const fact = JSON.parse(record.raw) as { end?: Outcome; winner?: number | null };
        if (fact.end !== undefined) recordedEnd = { outcome: fact.end, winner: fact.winner ?? null };
      } catch {
        violations.push({ line: record.line, player: null, kind: 'message', reason: 'a note that is not JSON' });
      }
      continue;
    }
    if (record.dir !== 'in' && record.dir !== 'out') continue;
    replica.receive(record.dir === 'out' ? header.me : record.conn, record.raw, record.t * 1000);
    collect(record.line);
  }
  return { recordedEnd, lastLine };
}

/** The kind of a violation the replica reports, from its reason. */
export function kindOf(reason: string): AuditKind {
  if (/dice|commitment/.test(reason)) return 'commitment';
  if (/claiming to be/.test(reason)) return 'impersonation';
  if (/malformed|without its sequence/.test(reason)) return 'message';
  return 'rules';
}

export function auditNativeRecord(
  lines: readonly TranscriptLine[],
  header: NativeHeader,
  continues: Continued | null = null,
  verified?: VerifiedSignatures,
): NativeAudit {
  const players = header.players.map((p) => ({ id: p.id, name: p.name }));
  const from = startOfRecord(lines, header, continues, classicReplayed(header.rules, continues), verified);
  const started = from.ok
    ? muteReplicaFor<GameState, Action, GameEvent>(header, from.continues, verified)
    : ({ ok: false, violation: from.violation } as const);
  if (!started.ok)
    return {
      players,
      firstPlayer: null,
      deck: null,
      roundsVerified: 0,
      battles: 0,
      actionsChecked: 0,
      violations: [started.violation],
      state: null,
      recordedEnd: null,
      truncated: false,
      initial: null,
      steps: [],
    };
  const { replica, violations } = started;
  // A rejoined seat's record covers the game from its start too: the steps its kept history gave first.
  const before = from.ok ? from.before : undefined;
  const initial = before?.initial ?? replica.current;
  let roundsVerified = 0;
  let battles = 0;
  let actionsChecked = 0;
  let deck: number[] | null = null;
  const steps: { action: Action; numbers: StepNumbers | null }[] = [...(before?.steps ?? [])];
  const collect = (line: number) => {
    for (const effect of replica.drain()) {
      keepStep(steps, effect);
      if (effect.type !== 'event') continue;
      const event = effect.event;
      if (event.type === 'violation')
        violations.push({ line, player: event.player, kind: kindOf(event.reason), reason: event.reason });
      else if (event.type === 'round') roundsVerified++;
      else if (event.type === 'game') {
        actionsChecked++;
        if (event.event.type === 'battle') battles++;
        if (deck === null && event.state.deck.length > 0 && event.state.phase !== 'shuffle_deck')
          deck = [...event.state.deck];
      }
    }
  };
  // A rejoined seat's record: the history it took was checked by replaying it as its sender's record;
  // its entries count here too, as they would in that record's audit.
  if (before !== undefined) {
    const mtDice = featuresFrom(header.features).mtDice === true;
    applySteps(classicGame(header.rules).apply, before.initial, before.steps, mtDice, (step, _b, events, after) => {
      if (step.numbers !== null) roundsVerified++;
      for (const event of events) {
        actionsChecked++;
        if (event.type === 'battle') battles++;
      }
      if (deck === null && after.deck.length > 0 && after.phase !== 'shuffle_deck') deck = [...after.deck];
    });
  }
  const { recordedEnd, lastLine } = feedRecord(lines, header, replica, violations, collect);
  const state = replica.current;
  const ended = replica.finished;
  // The peer's own leave, a neutralisation or lost contact end its record before the game ends.
  const truncated = recordedEnd === null;
  if (recordedEnd !== null && (recordedEnd.outcome === 'conquest' || recordedEnd.outcome === 'forfeit')) {
    if (state.phase !== 'over' || state.winner !== recordedEnd.winner) {
      violations.push({
        line: lastLine,
        player: null,
        kind: 'outcome',
        reason: `the record says player ${String(recordedEnd.winner)} won, but its lines ${state.phase === 'over' ? `make player ${String(state.winner)} the winner` : 'do not end the game'}`,
      });
    }
  } else if (
    recordedEnd !== null &&
    ended !== null &&
    ended.outcome !== recordedEnd.outcome &&
    recordedEnd.outcome !== 'stopped' &&
    recordedEnd.outcome !== 'left'
  ) {
    // ('left': the peer's own leave_game replays as a neutralisation of itself; both end it alike.)
    violations.push({
      line: lastLine,
      player: null,
      kind: 'outcome',
      reason: `the record says the game ended "${recordedEnd.outcome}", its lines say "${ended.outcome}"`,
    });
  }
  const missions = [...replica.missionsKnown()].map(([player, mission]) => ({ player, mission }));
  return {
    players,
    firstPlayer: state.firstPlayer ?? null,
    deck,
    ...(state.options.variant === 'mission' ? { missions: missions.sort((a, b) => a.player - b.player) } : {}),
    roundsVerified,
    battles,
    actionsChecked,
    violations,
    state,
    recordedEnd,
    truncated,
    initial,
    steps,
  };
}

/**
 * The entries a record's lines make its peer's mute replica apply, and the state they reach, for
 * any game on the mesh (`game`; the classic game by default): what a rejoining seat compares with
 * its own steps. Null state: the replica could not start (the reason is the first violation).
 * `continues`: a resumed session's record starts there (the earlier records' state at its point).
 */
export function recordSteps<S, A extends { readonly command: string }, E>(
  lines: readonly TranscriptLine[],
  header: NativeHeader,
  game: MeshGame<S, A, E>,
  continues: Continued<S> | null = null,
  replayed?: ReplayedGame<S, A>,
  verified?: VerifiedSignatures,
): { state: S | null; steps: { action: A; numbers: StepNumbers | null }[]; violations: AuditViolation[] } {
  const from = startOfRecord(lines, header, continues, replayed, verified);
  if (!from.ok) return { state: null, steps: [], violations: [from.violation] };
  const started = muteReplicaFor<S, A, E>(header, from.continues, verified, game);
  if (!started.ok) return { state: null, steps: [], violations: [started.violation] };
  const { replica, violations } = started;
  const steps: { action: A; numbers: StepNumbers | null }[] = [...(from.before?.steps ?? [])];
  feedRecord(lines, header, replica, violations, () => {
    for (const effect of replica.drain()) keepStep(steps, effect);
  });
  return { state: replica.current, steps, violations };
}

/** The entries a replica applied, kept from its effects: a step adds one, a take-back drops the last ones. */
export function keepStep<S, A, E>(steps: { action: A; numbers: StepNumbers | null }[], effect: Effect<S, A, E>) {
  if (effect.type === 'step') steps.push({ action: effect.action, numbers: effect.numbers });
  else if (effect.type === 'unstep') steps.length = Math.max(0, steps.length - effect.count);
}
