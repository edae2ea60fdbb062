// Auditing a recorded game. Our own records are replayed by the replica that played them: the
// native replica (audit/native-record.ts) or the star replica (audit/star-record.ts). What is left here is
// the spectator for recordings of class games by others (proxy captures, the interop fixtures):
// it checks every commitment, re-derives every roll with the shared round profile
// (core/dice-round.ts), and checks every action's legality and turn order.

import { diceOfNumbers, roundIdFor, roundProfile } from '../core/dice-round.js';
import { readingOf, tradeUnderOtherReading } from '../core/star/card-bonus.js';
import {
  type Action,
  apply,
  CHECK_DICE,
  classicBoard,
  type GameState,
  needsDice,
  type OptionsInput,
  pendingAfterNeutral,
  startGame,
} from '../model/index.js';
import { decodeLine } from '../protocol/codec.js';
import { hexToBytes } from '../protocol/commitment.js';
import { isGameMessage, type Message, toAction } from '../protocol/messages.js';
import { CS3099_RULES } from '../protocol/profiles.js';
import type { VerifiedSignatures } from '../protocol/signing.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import {
  type AuditSummary,
  type AuditViolation,
  auditNativeRecord,
  type CardBonusFinding,
  nativeHeader,
} from './native-record.js';
import { auditRecording, auditStarRecord, starHeader } from './star-record.js';

export type ViolationKind = 'message' | 'impersonation' | 'commitment' | 'rules' | 'card-draw-bug' | 'outcome';

export type Violation = AuditViolation<ViolationKind>;

export interface VerifyOptions {
  /**
   * Follow the recorded peer's known card-draw bug (§7: after its first capture it draws a card at
   * every later fortify) so the replay stays in step; each such draw is still reported.
   */
  readonly lenient: boolean;
  readonly options?: Omit<OptionsInput, 'players'>;
  /** Signatures already checked in this process (several records of one game audited together). */
  readonly verified?: VerifiedSignatures;
}

export interface VerifyReport extends AuditSummary<ViolationKind> {
  /** Line from which the replay could no longer follow the recording, if it lost step. */
  readonly lostStepAt: number | null;
  /** Native records: the record stops before the game ended for its peer (a crash, not a cheat). */
  readonly truncated?: boolean;
  /** Native records: how the record says the game ended. */
  readonly recordedEnd?: { readonly outcome: string; readonly winner: number | null } | null;
}

interface Round {
  hashes: Map<number, { hash: string; line: number }>;
  numbers: Map<number, Uint8Array>;
}

interface PendingDefend {
  readonly action: Action;
  readonly line: number;
  readonly index: number;
  readonly before: GameState;
}

const newRound = (): Round => ({ hashes: new Map(), numbers: new Map() });

export function verifyTranscript(lines: readonly TranscriptLine[], verifyOptions: VerifyOptions): VerifyReport {
  // This project's native records are replayed by the same core that played them.
  const header = nativeHeader(lines);
  if (header !== null) return { ...auditNativeRecord(lines, header, null, verifyOptions.verified), lostStepAt: null };
  // So are our own records of cs3099 star games, by the star replica that played them.
  const star = starHeader(lines);
  if (star !== null) return auditStarRecord(lines, star);
  // A proxy's recording of a class game, by a star replica that plays no seat.
  if (!lines.some((l) => l.dir === 'in' || l.dir === 'out')) return auditRecording(lines, verifyOptions.lenient);
  // A proxy recording may hold several connections; one client's connection sees every message
  // (the host relays everything), so follow the first. A peer's own record (in/out) is followed whole.
  const native = lines.some((l) => l.dir === 'in' || l.dir === 'out');
  const conn = lines.find((l) => l.dir === 'client->host' || l.dir === 'host->client')?.conn;
  let rules: Omit<OptionsInput, 'players'> = native ? {} : CS3099_RULES;
  let features = { mtDice: false, boundCommitments: false };
  let gameId = '';
  let last: { index: number; before: GameState } | null = null;
  let nextIndex = 0;
  const sequenced = native;
  const names = new Map<number, string>();
  let clientId: number | null = null;
  let state: GameState | null = null;
  let round = newRound();
  let pendingDefend: PendingDefend | null = null;
  let firstPlayer: number | null = null;
  let deck: number[] | null = null;
  let roundsVerified = 0;
  let battles = 0;
  let actionsChecked = 0;
  let lostStepAt: number | null = null;
  const everCaptured = new Set<number>();
  // cs3099: a trade the two card-bonus readings judge differently waits for its deploy to show which one it follows.
  let bonusAlt: GameState | null = null;
  const cardBonus: CardBonusFinding[] = [];
  const violations: Violation[] = [];
  const violation = (line: number, player: number | null, kind: ViolationKind, reason: string) =>
    violations.push({ line, player, kind, reason });

  const roundId = () => roundIdFor(state!.phase, pendingDefend?.index ?? nextIndex);
  const activePlayers = () => state!.players.filter((p) => !p.neutral && !p.eliminated).map((p) => p.id);
  /** Draws the round's dice and applies what they were for, once every participant revealed. */
  const completeRound = (line: number) => {
    if (lostStepAt !== null) {
      round = newRound();
      return;
    }
    const profile = roundProfile(features, gameId);
    const dice = diceOfNumbers(features.mtDice, [...round.numbers.values()]);
    const cleanRound = activePlayers().every(
      (p) => profile.commitmentOf(round.numbers.get(p)!, roundId(), p) === round.hashes.get(p)?.hash,
    );
    round = newRound();
    let step: Action | null = null;
    if (state!.phase === 'first_player') step = { command: 'first_player' };
    else if (state!.phase === 'shuffle_deck') step = { command: 'shuffle_deck' };
    else if (pendingDefend !== null) step = pendingDefend.action;
    if (step === null) {
      violation(line, null, 'message', 'a dice round with nothing to roll for');
      return;
    }
    const result = apply(state!, step, dice);
    if (!result.ok) {
      violation(pendingDefend?.line ?? line, 'player' in step ? step.player : null, 'rules', result.reason);
    } else {
      state = result.state;
      if (cleanRound) roundsVerified++;
      if (step.command === 'first_player') firstPlayer = state.firstPlayer;
      if (step.command === 'shuffle_deck') deck = [...state.deck];
      if (step.command === 'defend') battles++;
      if ('player' in step && pendingDefend !== null) {
        last = { index: pendingDefend.index, before: pendingDefend.before };
        nextIndex = pendingDefend.index + 1;
      }
    }
    pendingDefend = null;
  };

  for (const record of lines) {
    if (native && record.dir === 'note') {
      const fact = parseNote(record.raw);
      if (fact?.rules !== undefined) rules = fact.rules as Omit<OptionsInput, 'players'>;
      if (typeof fact?.rollback === 'number' && last !== null && last.index === fact.rollback && state !== null) {
        state = last.before;
        nextIndex = last.index;
        last = null;
      }
      continue;
    }
    if (
      native
        ? record.dir !== 'in' && record.dir !== 'out'
        : record.conn !== conn || (record.dir !== 'client->host' && record.dir !== 'host->client')
    )
      continue;
    const decoded = decodeLine(record.raw);
    if (!decoded.ok) {
      violation(record.line, null, 'message', decoded.reason);
      continue;
    }
    if ('ignored' in decoded) continue;
    const message: Message = decoded.message;
    const sender = 'player_id' in message ? (message.player_id ?? null) : null;
    const speaksForNeutral =
      message.command === 'defend' && sender !== null && state?.players[sender]?.neutral === true;
    if (
      native &&
      record.dir === 'in' &&
      sender !== null &&
      sender !== record.conn &&
      !speaksForNeutral &&
      message.command !== 'players_joined'
    ) {
      violation(
        record.line,
        record.conn,
        'impersonation',
        `player ${record.conn}'s connection sent ${message.command} claiming to be player ${sender}`,
      );
      continue;
    }
    if (record.dir === 'client->host' && clientId !== null && sender !== null && sender !== clientId) {
      violation(
        record.line,
        clientId,
        'impersonation',
        `player ${clientId}'s connection sent ${message.command} claiming to be player ${sender}`,
      );
      continue;
    }

    switch (message.command) {
      case 'accept_join_game':
        clientId = message.payload.player_id;
        names.set(clientId, names.get(clientId) ?? `player ${clientId}`);
        break;
      case 'join_game':
        if (clientId !== null) names.set(clientId, message.payload.name);
        else names.set(-1, message.payload.name); // named before its id is known
        break;
      case 'players_joined':
        for (const [id, name] of message.payload) names.set(id, name);
        break;
      case 'initialise_game': {
        if (names.has(-1) && clientId !== null) {
          names.set(clientId, names.get(-1)!);
          names.delete(-1);
        }
        const ids = [...names.keys()].sort((a, b) => a - b);
        if (!ids.every((id, i) => id === i)) {
          violation(record.line, null, 'message', `player ids must be 0..${ids.length - 1}, got ${ids.join(', ')}`);
          break;
        }
        features = {
          mtDice: message.payload.supported_features.includes('mt19937_dice'),
          boundCommitments: message.payload.supported_features.includes('bound_commitments'),
        };
        gameId = 'game_id' in message.payload ? (message.payload.game_id ?? '') : '';
        const started = startGame(classicBoard(), { ...rules, ...verifyOptions.options, players: ids.length });
        if (!started.ok) violation(record.line, null, 'message', started.reason);
        else state = started.value;
        break;
      }
      case 'roll_hash':
      case 'roll_number': {
        if (state === null) {
          violation(record.line, sender, 'message', `${message.command} before initialise_game`);
          break;
        }
        const player = message.player_id;
        const participants = state.players.filter((p) => !p.neutral && !p.eliminated).map((p) => p.id);
        if (!participants.includes(player)) {
          violation(
            record.line,
            player,
            'commitment',
            `player ${player} takes no part in dice rounds (neutral, out, or unknown)`,
          );
          break;
        }
        if (message.command === 'roll_hash') {
          if (round.numbers.size > 0)
            violation(record.line, player, 'commitment', 'commitment sent after the reveals began');
          else if (round.hashes.has(player))
            violation(record.line, player, 'commitment', 'second commitment in one round');
          else {
            const copied = [...round.hashes].find(([, h]) => h.hash === message.payload);
            if (copied)
              violation(
                record.line,
                player,
                'commitment',
                `commitment copied from player ${copied[0]} (line ${copied[1].line})`,
              );
            round.hashes.set(player, { hash: message.payload, line: record.line });
          }
          break;
        }
        const committed = round.hashes.get(player);
        if (committed === undefined) {
          violation(record.line, player, 'commitment', 'revealed a number without a commitment');
          break;
        }
        if (round.hashes.size < participants.length) {
          violation(
            record.line,
            player,
            'commitment',
            `revealed before all ${participants.length} commitments arrived`,
          );
        }
        const number = hexToBytes(message.payload);
        const expected = roundProfile(features, gameId).commitmentOf(number, roundId(), player);
        if (expected !== committed.hash) {
          violation(
            record.line,
            player,
            'commitment',
            `revealed number does not match its commitment (line ${committed.line})`,
          );
        }
        round.numbers.set(player, number);
        if (round.numbers.size < participants.length) break;

        completeRound(record.line);
        break;
      }
      case 'expel': {
        // Only the recording peer's own expulsions changed its game; others' are reports.
        if (!native || record.dir !== 'out' || state === null) break;
        const expelled = message.payload.player;
        const result = apply(state, { command: 'timeout', player: expelled }, CHECK_DICE);
        if (!result.ok) break;
        state = result.state;
        const waiting = pendingDefend as PendingDefend | null;
        if (waiting !== null) {
          const action = pendingAfterNeutral(state, waiting.action, expelled);
          pendingDefend = action === null ? null : { ...waiting, action };
        }
        // The round goes on without the expelled player; it is dropped when its move became illegal.
        round.hashes.delete(expelled);
        round.numbers.delete(expelled);
        const drawStep = state.phase === 'first_player' || state.phase === 'shuffle_deck';
        if (pendingDefend === null && !drawStep && round.hashes.size > 0) {
          round = newRound();
        } else if (round.hashes.size > 0 && activePlayers().every((p) => round.numbers.has(p))) {
          completeRound(record.line);
        }
        break;
      }
      default: {
        if (!isGameMessage(message)) break;
        if (state === null) {
          violation(record.line, sender, 'message', `${message.command} before initialise_game`);
          break;
        }
        if (lostStepAt !== null) break;
        // On the native mesh a leave only marks the player gone; a sequenced timeout follows.
        if (sequenced && message.command === 'leave_game') break;
        const action = toAction(message);
        if (sequenced && message.ack_id !== nextIndex) {
          violation(
            record.line,
            sender,
            'rules',
            `${action.command} carries sequence number ${String(message.ack_id)}, expected ${nextIndex}`,
          );
        }
        // The recorded peers end the winning turn with a fortify after the last capture: harmless.
        if (state.phase === 'over' && action.command === 'fortify' && action.player === state.winner) break;
        actionsChecked++;
        if (pendingDefend !== null) {
          violation(
            record.line,
            sender,
            'rules',
            `${action.command} while the battle of line ${pendingDefend.line} waits for its dice round`,
          );
          break;
        }
        if (action.command === 'defend' || (native && needsDice(state, action))) {
          // The battle (or a reshuffle) is rolled by the dice round that follows; check legality now.
          const check = apply(state, action, CHECK_DICE);
          if (!check.ok) {
            violation(record.line, action.player, 'rules', check.reason);
            if (!verifyOptions.lenient) lostStepAt = record.line;
          } else pendingDefend = { action, line: record.line, index: message.ack_id ?? nextIndex, before: state };
          break;
        }
        if (needsDice(state, action)) {
          violation(
            record.line,
            sender,
            'rules',
            `${action.command} needs a dice round to reshuffle the discards, which the class protocol does not run`,
          );
        }
        const capturedBefore = state.capturedThisTurn;
        const trade = bonusAlt;
        bonusAlt = null;
        if (action.command === 'deploy' && trade !== null && !apply(state, action, CHECK_DICE).ok) {
          if (apply(trade, action, CHECK_DICE).ok) state = trade;
        }
        if (!native && action.command === 'play_cards') bonusAlt = tradeUnderOtherReading(state, action);
        const before: GameState = state;
        const result = apply(state, action, CHECK_DICE);
        if (action.command === 'deploy' && trade !== null && result.ok)
          cardBonus.push({ line: record.line, player: action.player, reading: readingOf(state) });
        if (!result.ok) {
          violation(record.line, 'player' in action ? action.player : null, 'rules', result.reason);
          if (!verifyOptions.lenient) lostStepAt = record.line;
          break;
        }
        state = result.state;
        if (trade !== null && (action.command === 'timeout' || action.command === 'leave_game')) {
          // A player out before the trader's deploy: the other reading's view keeps in step.
          const kept = apply(trade, action, CHECK_DICE);
          bonusAlt = kept.ok ? kept.state : null;
        }
        last = { index: message.ack_id ?? nextIndex, before };
        nextIndex = last.index + 1;
        if (action.command === 'fortify') {
          const player = action.player;
          if (capturedBefore) everCaptured.add(player);
          else if (verifyOptions.lenient && everCaptured.has(player) && state.deck.length > 0) {
            const card = state.deck[0]!;
            violation(
              record.line,
              player,
              'card-draw-bug',
              `drew a card (${card}) at the end of a turn without a capture: the recorded peer's card-draw bug (§7)`,
            );
            state = {
              ...state,
              deck: state.deck.slice(1),
              players: state.players.map((p) => (p.id === player ? { ...p, cards: [...p.cards, card] } : p)),
            };
          }
        }
      }
    }
  }

  return {
    players: [...names]
      .filter(([id]) => id >= 0)
      .sort(([a], [b]) => a - b)
      .map(([id, name]) => ({ id, name })),
    firstPlayer,
    deck,
    roundsVerified,
    battles,
    actionsChecked,
    violations,
    lostStepAt,
    state,
    cardBonus,
  };
}

function parseNote(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
