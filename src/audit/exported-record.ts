// Auditing a local game as `risk export` writes it (a record without a header of its own): its
// lines are read back into the game's stored steps, and the steps replay (core/steps/replay.ts),
// the one resume and the statistics use, applies them; every dice round's commitments are checked
// by the dice round (core/dice-round.ts). This file only reads lines into steps and findings.

import { DiceRound, roundIdFor, roundProfile } from '../core/dice-round.js';
import { roundPlayers } from '../core/steps/dice.js';
import { replayFrom, takesSequencePoint } from '../core/steps/replay.js';
import {
  type Action,
  apply,
  CHECK_DICE,
  classicBoard,
  drawStep,
  type GameState,
  needsDice,
  type OptionsInput,
  startGame,
} from '../model/index.js';
import { decodeLine } from '../protocol/codec.js';
import { isGameMessage, toAction } from '../protocol/messages.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import type { AuditSummary, AuditViolation } from './native-record.js';

export type ExportedKind = 'message' | 'commitment' | 'rules';

export interface ExportedAudit extends AuditSummary<ExportedKind> {
  /** Line from which the replay could no longer follow the record (its first move the rules refuse). */
  readonly lostStepAt: number | null;
}

/** Replays an exported game's lines (dir in/out, its rules in the first note). */
export function auditExportedRecord(lines: readonly TranscriptLine[]): ExportedAudit {
  const violations: AuditViolation<ExportedKind>[] = [];
  const violation = (line: number, player: number | null, kind: ExportedKind, reason: string) =>
    violations.push({ line, player, kind, reason });
  const names = new Map<number, string>();
  let rules: Omit<OptionsInput, 'players'> = {};
  let game: { state: GameState; index: number } | null = null;
  let mtDice = false;
  let boundCommitments = false;
  let gameId = '';
  let waiting: { action: Action; line: number } | null = null;
  let round: DiceRound | null = null;
  let lostStepAt: number | null = null;
  const stats = { rounds: 0, battles: 0, actions: 0, deck: null as number[] | null };

  /** Applies one step (with its round's numbers) by the steps replay; false when the rules refuse it. */
  const step = (line: number, action: Action, numbers: ReturnType<DiceRound['stepNumbers']> | null) => {
    const replayed = replayFrom(game!, [{ seq: line, action, numbers }], mtDice ? 'mt19937' : 'hash_chain');
    if (!replayed.ok) {
      violation(line, 'player' in action ? action.player : null, 'rules', replayed.reason);
      lostStepAt = line;
      return;
    }
    game = { state: replayed.state, index: replayed.index };
    if (action.command === 'defend') stats.battles++;
    if (action.command === 'shuffle_deck') stats.deck = [...replayed.state.deck];
  };

  for (const record of lines) {
    if (record.dir === 'note') {
      const fact = noteOf(record.raw);
      if (fact?.rules !== undefined && game === null) rules = fact.rules as Omit<OptionsInput, 'players'>;
      continue;
    }
    if (record.dir !== 'in' && record.dir !== 'out') continue;
    const decoded = decodeLine(record.raw);
    if (!decoded.ok) {
      violation(record.line, null, 'message', decoded.reason);
      continue;
    }
    if ('ignored' in decoded) continue;
    const message = decoded.message;
    const sender = 'player_id' in message ? (message.player_id ?? null) : null;
    if (message.command === 'players_joined') {
      for (const [id, name] of message.payload) names.set(id, name);
      continue;
    }
    if (message.command === 'initialise_game') {
      const features = message.payload.supported_features;
      mtDice = features.includes('mt19937_dice');
      boundCommitments = features.includes('bound_commitments');
      gameId = 'game_id' in message.payload ? (message.payload.game_id ?? '') : '';
      const started = startGame(classicBoard(), { ...rules, players: names.size });
      if (!started.ok) violation(record.line, null, 'message', started.reason);
      else game = { state: started.value, index: 0 };
      continue;
    }
    const rolls = message.command === 'roll_hash' || message.command === 'roll_number';
    if (!rolls && !isGameMessage(message)) continue;
    if (game === null) {
      violation(record.line, sender, 'message', `${message.command} before initialise_game`);
      continue;
    }
    if (lostStepAt !== null) continue;
    const { state, index } = game;
    if (message.command === 'roll_hash' || message.command === 'roll_number') {
      const id = roundIdFor(state.phase, index);
      round ??= new DiceRound(roundProfile({ mtDice, boundCommitments }, gameId), id, roundPlayers(state), null);
      const check =
        message.command === 'roll_hash'
          ? round.commit(message.player_id, message.payload, record.raw)
          : round.reveal(message.player_id, message.payload, record.raw);
      if (!check.ok) violation(record.line, message.player_id, 'commitment', check.reason);
      if (!round.complete) continue;
      const numbers = round.stepNumbers();
      round = null;
      stats.rounds++;
      const rolled = waiting?.action ?? drawStep(state);
      waiting = null;
      if (rolled === null) violation(record.line, null, 'message', 'a dice round with nothing to roll for');
      else step(record.line, rolled, numbers);
      continue;
    }
    const action = toAction(message);
    stats.actions++;
    if (takesSequencePoint(action, state) && message.ack_id !== index)
      violation(
        record.line,
        sender,
        'rules',
        `${action.command} carries sequence number ${String(message.ack_id)}, expected ${index}`,
      );
    if (waiting !== null || round !== null) {
      violation(record.line, sender, 'rules', `${action.command} while a dice round runs`);
      continue;
    }
    if (!needsDice(state, action)) {
      step(record.line, action, null);
      continue;
    }
    // Rolled by the dice round that follows; legal now, or the record loses step here.
    const check = apply(state, action, CHECK_DICE);
    if (check.ok) waiting = { action, line: record.line };
    else {
      violation(record.line, 'player' in action ? action.player : null, 'rules', check.reason);
      lostStepAt = record.line;
    }
  }

  const state = (game as { state: GameState } | null)?.state ?? null;
  return {
    players: [...names].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
    firstPlayer: state?.firstPlayer ?? null,
    deck: stats.deck,
    roundsVerified: stats.rounds,
    battles: stats.battles,
    actionsChecked: stats.actions,
    violations,
    lostStepAt,
    state,
  };
}

function noteOf(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
