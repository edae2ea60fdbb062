// Auditing a cs3099 star game: a mute star replica (core/star/star.ts) reads the game's lines in
// one order. Our own record is read as the recording peer processed its lines (its own included),
// by a replica of that peer, so the audit finds what the peer found, and only that. A recording of
// others' game (a proxy's capture of one client's connection, the interop fixtures) is read in the
// order the connection carried it, by a replica that plays no seat (a spectator). Every rule lives
// in the replica; this file only reads records into lines and findings.

import { HOST, impersonation, SPECTATOR, StarCore } from '../core/star/star.js';
import type { OptionsInput } from '../model/index.js';
import { decodeLine } from '../protocol/codec.js';
import { isGameMessage, type Message } from '../protocol/messages.js';
import type { CardBonusReading } from '../protocol/profiles.js';
import type { TranscriptLine } from '../protocol/transcript.js';
import type { AuditSummary, AuditViolation, CardBonusFinding } from './native-record.js';

export type StarAuditKind = 'message' | 'impersonation' | 'commitment' | 'rules' | 'card-draw-bug';

export type StarAuditViolation = AuditViolation<StarAuditKind>;

export interface StarAudit extends AuditSummary<StarAuditKind> {
  /** Line from which the replay no longer followed the recording (a strict audit stops at the first illegal move). */
  readonly lostStepAt: number | null;
}

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

/** One step of a record as the replica takes it. */
type Seen =
  /** The game starts with `count` players. */
  | { readonly type: 'start'; readonly count: number }
  /** A line, in the replica's one order: `from` is its author's seat. */
  | {
      readonly type: 'line';
      readonly line: number;
      readonly from: number;
      readonly message: Message;
      readonly raw: string;
    }
  /** A line that never reached the game (unreadable, or speaking for another player). */
  | { readonly type: 'refused'; readonly violation: StarAuditViolation };

/**
 * Replays our own record. The replica follows the draw model the peer followed (header.drawQuirk), so
 * it stays in step; each card the class draw quirk dealt is still reported, as `card-draw-bug`.
 */
export function auditStarRecord(lines: readonly TranscriptLine[], header: StarHeader): StarAudit {
  const names = new Map<number, string>();
  return replayStar(ownRecord(lines, header.me, names), names, { ...header, stopAtIllegal: false, knownQuirk: false });
}

/**
 * Audits a proxy's recording of a class game: the first client connection it holds carries every
 * message (the host relays everything). `lenient` follows the recorded peer's card-draw quirk (§7),
 * reporting each such draw; strict, the replay holds every player to the rules and stops at the first
 * illegal move.
 */
export function auditRecording(lines: readonly TranscriptLine[], lenient: boolean): StarAudit {
  const names = new Map<number, string>();
  return replayStar(recording(lines, names), names, {
    me: SPECTATOR,
    rules: {},
    host: HOST,
    drawQuirk: lenient ? 'detect' : 'never',
    cardBonus: 'either',
    stopAtIllegal: !lenient,
    knownQuirk: lenient,
  });
}

/** Our record's lines, as the peer processed them; `names` gets the players' names. */
function* ownRecord(lines: readonly TranscriptLine[], me: number, names: Map<number, string>): Generator<Seen> {
  let started = false;
  for (const record of lines) {
    if (record.dir !== 'in' && record.dir !== 'out') continue;
    const decoded = decodeLine(record.raw);
    if (!decoded.ok) {
      yield refused(record.line, null, 'message', decoded.reason);
      continue;
    }
    if ('ignored' in decoded) continue;
    const message = decoded.message;
    if (message.command === 'players_joined') {
      for (const [id, name] of message.payload) names.set(id, name);
      if (!started) yield { type: 'start', count: message.payload.length };
      started = true;
      continue;
    }
    if (!started) {
      yield refused(record.line, null, 'message', `${message.command} before the players joined`);
      continue;
    }
    if (record.dir === 'out') {
      // Its own leave ends the peer's game: it never processed it.
      if (message.command === 'leave_game') continue;
      const sender = 'player_id' in message ? message.player_id : null;
      yield { type: 'line', line: record.line, from: sender ?? me, message, raw: record.raw };
      continue;
    }
    // The session records a line under the player it speaks for, and refuses one that speaks for another.
    const claim = impersonation(record.conn, message);
    if (claim !== null) yield refused(record.line, record.conn, 'impersonation', claim);
    else yield { type: 'line', line: record.line, from: record.conn, message, raw: record.raw };
  }
}

/** A proxy recording's lines on its first client connection, in the order it carried them; `names` gets the players' names. */
function* recording(lines: readonly TranscriptLine[], names: Map<number, string>): Generator<Seen> {
  const conn = lines.find((l) => l.dir === 'client->host' || l.dir === 'host->client')?.conn;
  let client: number | null = null;
  let started = false;
  for (const record of lines) {
    if (record.conn !== conn || (record.dir !== 'client->host' && record.dir !== 'host->client')) continue;
    const decoded = decodeLine(record.raw);
    if (!decoded.ok) {
      yield refused(record.line, null, 'message', decoded.reason);
      continue;
    }
    if ('ignored' in decoded) continue;
    const message = decoded.message;
    // The client speaks for itself; the host's lines carry whoever it relays (no player_id: the host's own).
    if (record.dir === 'client->host' && client !== null) {
      const claim = impersonation(client, message);
      if (claim !== null) {
        yield refused(record.line, client, 'impersonation', claim);
        continue;
      }
    }
    const sender = 'player_id' in message && typeof message.player_id === 'number' ? message.player_id : null;
    switch (message.command) {
      case 'accept_join_game':
        client = message.payload.player_id;
        names.set(client, names.get(-1) ?? names.get(client) ?? `player ${client}`);
        names.delete(-1);
        continue;
      case 'join_game':
        names.set(client ?? -1, message.payload.name); // -1: named before its id is known
        continue;
      case 'players_joined':
        for (const [id, name] of message.payload) names.set(id, name);
        continue;
      case 'initialise_game': {
        const ids = [...names.keys()].filter((id) => id >= 0).sort((a, b) => a - b);
        const features = message.payload.supported_features;
        if (!ids.every((id, i) => id === i))
          yield refused(record.line, null, 'message', `player ids must be 0..${ids.length - 1}, got ${ids.join(', ')}`);
        else if (features.length > 0)
          yield refused(
            record.line,
            null,
            'message',
            `a class game with features ${features.join(', ')}, which the cs3099 profile does not have`,
          );
        else if (!started) {
          started = true;
          yield { type: 'start', count: ids.length };
        }
        continue;
      }
      default:
        break;
    }
    const rolls = message.command === 'roll_hash' || message.command === 'roll_number';
    if (!rolls && !isGameMessage(message)) continue;
    if (!started) yield refused(record.line, sender, 'message', `${message.command} before initialise_game`);
    else
      yield {
        type: 'line',
        line: record.line,
        from: sender ?? (record.dir === 'client->host' ? client! : HOST),
        message,
        raw: record.raw,
      };
  }
}

const refused = (line: number, player: number | null, kind: StarAuditKind, reason: string): Seen => ({
  type: 'refused',
  violation: { line, player, kind, reason },
});

interface ReplayConfig extends StarHeader {
  /** Stop at the first move the rules refuse (a strict audit that cannot follow the game past it). */
  readonly stopAtIllegal: boolean;
  /**
   * The recorded peers are known to have the card-draw quirk (--lenient): its draws that no move
   * told apart from the rules by the end still count. Our own peers' records report only the draws
   * a move showed.
   */
  readonly knownQuirk: boolean;
}

function replayStar(seen: Iterable<Seen>, names: ReadonlyMap<number, string>, config: ReplayConfig): StarAudit {
  const violations: StarAuditViolation[] = [];
  const cardBonus: CardBonusFinding[] = [];
  /** Cards the quirk drew while no move had told the draw models apart: they count once one shows the quirk. */
  let tentative: StarAuditViolation[] = [];
  let core: StarCore | null = null;
  let lostStepAt: number | null = null;

  const drain = (line: number) => {
    if (core === null) return;
    for (const effect of core.take()) {
      if (effect.type === 'violation') {
        violations.push({ line, player: effect.player, kind: effect.kind, reason: effect.reason });
        if (config.stopAtIllegal && effect.kind === 'rules') lostStepAt ??= line;
      } else if (effect.type === 'quirk-draw') {
        const draw: StarAuditViolation = {
          line,
          player: effect.player,
          kind: 'card-draw-bug',
          reason: `drew a card (${effect.card}) at the end of a turn without a capture: the recorded peer's card-draw bug (§7)`,
        };
        if (effect.tentative) tentative.push(draw);
        else violations.push(draw);
      } else if (effect.type === 'draw-model') {
        if (effect.model === 'quirk') violations.push(...tentative);
        tentative = [];
      } else if (effect.type === 'card-bonus') cardBonus.push({ line, player: effect.player, reading: effect.reading });
    }
  };

  for (const item of seen) {
    if (item.type === 'refused') {
      violations.push(item.violation);
      continue;
    }
    if (item.type === 'start') {
      core ??= new StarCore({
        me: config.me,
        hostSeat: config.host,
        role: config.host === config.me ? 'host' : 'client',
        players: item.count,
        rules: config.rules,
        drawQuirk: config.drawQuirk,
        cardBonus: config.cardBonus,
        mute: true,
      });
      continue;
    }
    if (core === null || lostStepAt !== null) continue;
    core.receive(item.from, item.message, item.raw);
    drain(item.line);
    // As the session steps after every line: an opening draw's round begins as soon as it is due.
    core.startDraw();
    drain(item.line);
  }

  if (config.knownQuirk) violations.push(...tentative);
  const state = core === null ? null : core.current;
  return {
    players: [...names]
      .filter(([id]) => id >= 0)
      .sort(([a], [b]) => a - b)
      .map(([id, name]) => ({ id, name })),
    firstPlayer: state?.firstPlayer ?? null,
    deck: core?.stats.deck ?? null,
    roundsVerified: core?.stats.rounds ?? 0,
    battles: core?.stats.battles ?? 0,
    actionsChecked: core?.stats.actions ?? 0,
    // In line order: a quirk draw counts from where it was drawn, though a later move showed it.
    violations: violations.sort((a, b) => a.line - b.line),
    lostStepAt,
    state,
    cardBonus,
  };
}
