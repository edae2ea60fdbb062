// Auditing our own record of a cs3099 star game: a mute star replica of the recording peer reads
// the record's lines in the order that peer processed them (its own lines included). It is the
// replica the star session played with, so the audit finds what the peer found, and only that.

import { HOST, StarCore } from '../core/star/star.js';
import type { OptionsInput } from '../model/index.js';
import { decodeLine } from '../protocol/codec.js';
import type { CardBonusReading } from '../protocol/profiles.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import type { AuditSummary, AuditViolation, CardBonusFinding } from './native-record.js';

export type StarAuditKind = 'message' | 'impersonation' | 'commitment' | 'rules' | 'card-draw-bug';

export type StarAuditViolation = AuditViolation<StarAuditKind>;

export type StarAudit = AuditSummary<StarAuditKind>;

export interface StarHeader {
  readonly me: number;
  readonly rules: Omit<OptionsInput, 'players'>;
  /** The host's seat, null for a class host that does not play (records before this field: player 0). */
  readonly host: number | null;
  readonly drawQuirk: 'detect' | 'never';
  /** The card-bonus readings the peer took (records before this field: the first class peer's only). */
  readonly cardBonus: 'either' | CardBonusReading;
}

/** The header of our own cs3099 record (its first note), or null when the lines are not one. */
export function starHeader(lines: readonly TranscriptLine[]): StarHeader | null {
  const first = lines.find((l) => l.dir === 'note');
  if (first === undefined) return null;
  try {
    const fact = JSON.parse(first.raw) as Record<string, unknown>;
    if (fact.profile !== 'cs3099' || typeof fact.me !== 'number') return null;
    const rules = fact.rules !== null && typeof fact.rules === 'object' ? fact.rules : {};
    return {
      me: fact.me,
      rules: rules as Omit<OptionsInput, 'players'>,
      host: fact.host === null ? null : typeof fact.host === 'number' ? fact.host : HOST,
      drawQuirk: fact.drawQuirk === 'never' ? 'never' : 'detect',
      cardBonus: fact.cardBonus === 'either' || fact.cardBonus === 'rulebook' ? fact.cardBonus : 'pool',
    };
  } catch {
    return null;
  }
}

/**
 * Replays the record. The replica follows the draw model the peer followed (header.drawQuirk), so
 * it stays in step; each card the class draw quirk dealt is still reported, as `card-draw-bug`.
 */
export function auditStarRecord(lines: readonly TranscriptLine[], header: StarHeader): StarAudit {
  const { me } = header;
  const violations: StarAuditViolation[] = [];
  const cardBonus: CardBonusFinding[] = [];
  const names = new Map<number, string>();
  let core: StarCore | null = null;

  const drain = (line: number) => {
    if (core === null) return;
    for (const effect of core.take()) {
      if (effect.type === 'violation')
        violations.push({ line, player: effect.player, kind: effect.kind, reason: effect.reason });
      else if (effect.type === 'quirk-draw')
        violations.push({
          line,
          player: effect.player,
          kind: 'card-draw-bug',
          reason: `drew a card (${effect.card}) at the end of a turn without a capture: the recorded peer's card-draw bug (§7)`,
        });
      else if (effect.type === 'card-bonus') cardBonus.push({ line, player: effect.player, reading: effect.reading });
    }
  };

  for (const record of lines) {
    if (record.dir !== 'in' && record.dir !== 'out') continue;
    const decoded = decodeLine(record.raw);
    if (!decoded.ok) {
      violations.push({ line: record.line, player: null, kind: 'message', reason: decoded.reason });
      continue;
    }
    if ('ignored' in decoded) continue;
    const message = decoded.message;
    if (message.command === 'players_joined') {
      for (const [id, name] of message.payload) names.set(id, name);
      if (core === null) {
        core = new StarCore({
          me,
          hostSeat: header.host,
          role: header.host === me ? 'host' : 'client',
          players: message.payload.length,
          rules: header.rules,
          drawQuirk: header.drawQuirk,
          cardBonus: header.cardBonus,
          mute: true,
        });
      }
      continue;
    }
    if (core === null) {
      violations.push({
        line: record.line,
        player: null,
        kind: 'message',
        reason: `${message.command} before the players joined`,
      });
      continue;
    }
    if (record.dir === 'out') {
      // Its own leave ends the peer's game: it never processed it.
      if (message.command === 'leave_game') continue;
      const sender = 'player_id' in message ? message.player_id : null;
      core.receive(sender ?? me, message, record.raw);
    } else {
      // The session records a line under the player it speaks for, and refuses one that speaks for another.
      const claimed = 'player_id' in message ? message.player_id : null;
      if (typeof claimed === 'number' && claimed >= 0 && claimed !== record.conn) {
        violations.push({
          line: record.line,
          player: record.conn,
          kind: 'impersonation',
          reason: `player ${record.conn}'s line ${message.command} claims to be player ${claimed}'s`,
        });
        continue;
      }
      core.receive(record.conn, message, record.raw);
    }
    drain(record.line);
    // As the session steps after every line: an opening draw's round begins as soon as it is due.
    core.startDraw();
    drain(record.line);
  }

  const state = core === null ? null : core.current;
  return {
    players: [...names].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
    firstPlayer: state?.firstPlayer ?? null,
    deck: core?.stats.deck ?? null,
    roundsVerified: core?.stats.rounds ?? 0,
    battles: core?.stats.battles ?? 0,
    actionsChecked: core?.stats.actions ?? 0,
    violations,
    state,
    cardBonus,
  };
}
