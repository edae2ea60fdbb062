// A Secret Mission game that goes on from a stored state (resume, rejoin: protocol-spec/resume.md)
// needs the mission deal it was dealt with: its missions are claimed with proofs from that deal
// (core/native/secrets.ts). The deal's lines are in the record of the session that dealt, and the random
// numbers this seat drew for its deal key are noted there (`{secret}` notes, MeshSession.numbers),
// so the deal driver is rebuilt from them: every line checked again, this seat's key found again.
import type { GameState } from '../../model/index.js';
import { hexToBytes } from '../../protocol/commitment.js';
import { DealDriver } from '../../protocol/secret-deal.js';
import { dealKeyIf } from '../../protocol/secret-deal-crypto.js';
import { hexToBigInt } from '../../protocol/secret-group.js';
import { type DealMessage, parseSecretMessage } from '../../protocol/secret-messages.js';
import { type Keyring, unseal } from '../../protocol/signing.js';
import { randomFrom } from './secrets.js';

/** What a record keeps of its mission deal. */
export interface DealRecord {
  /** The id of the session that dealt: the deal's context and signatures name it. */
  readonly gameId: string;
  /** Its deal lines (sealed, in and out), in the order the recording peer processed them. */
  readonly lines: readonly string[];
  /** The secret numbers the recording seat noted before its last deal_shuffle left, in order (its key's among the last). */
  readonly numbers: readonly Uint8Array[];
}

/**
 * A seat's key is drawn from 10 noted numbers (264 + 32 bytes) when its driver starts; its shuffle's
 * proof draws 9 more before the shuffle leaves. The search goes a few attempts back (a deal dealt again).
 */
const KEY_NUMBERS = 10;
const KEY_SEARCH = 64;

/** Whether a game's missions have been dealt (a Secret Mission game past its deal). */
export function missionsDealt(state: GameState): boolean {
  return (
    state.options.variant === 'mission' && !['first_player', 'shuffle_deck', 'deal_missions'].includes(state.phase)
  );
}

/**
 * The state a seat goes on from, with its own mission known: a seat that rejoins learns the game
 * from the others' records, which do not know its mission; its rebuilt deal does (`card`).
 */
export function withOwnMission(state: GameState, me: number, card: number | undefined): GameState {
  if (card === undefined || state.missions[me] !== null || state.missionDeck[card] === undefined) return state;
  return { ...state, missions: state.missions.with(me, state.missionDeck[card]!) };
}

/**
 * The mission deal of a session's record (its lines and notes, header note first, as the store or a
 * record file keeps them). `gameId`: the session's id, else the header's.
 */
export function dealRecordOf(
  records: readonly { readonly dir: string; readonly raw: string }[],
  gameId?: string,
): DealRecord {
  let id = gameId ?? '';
  const lines: string[] = [];
  const noted: Uint8Array[] = [];
  let numbers: Uint8Array[] = [];
  for (const record of records) {
    if (record.dir === 'note') {
      try {
        const fact = JSON.parse(record.raw) as { secret?: unknown; gameId?: unknown; profile?: unknown };
        if (typeof fact.secret === 'string' && /^[0-9a-f]{64}$/.test(fact.secret)) noted.push(hexToBytes(fact.secret));
        if (id === '' && typeof fact.gameId === 'string' && typeof fact.profile === 'string') id = fact.gameId;
      } catch {
        // not a note of ours
      }
      continue;
    }
    if (record.dir !== 'in' && record.dir !== 'out') continue;
    const inner = unseal(record.raw)?.inner ?? '';
    if (!inner.startsWith('{"command":"deal_')) continue;
    lines.push(record.raw);
    if (record.dir === 'out' && inner.startsWith('{"command":"deal_shuffle"')) numbers = [...noted];
  }
  return { gameId: id, lines, numbers };
}

/**
 * The deal driver of a recorded deal, in the state it was in when the deal ended: this seat's
 * (`me`, with its key found among its noted numbers) or an observer's (`me` undefined: the audit).
 * The attempt that ended dealt is the last one whose lines make a whole deal. `auth`: the game's
 * keyring (an observer's need only verify).
 */
export function restoreMissionDeal(
  record: DealRecord,
  options: { readonly me?: number; readonly auth: Pick<Keyring, 'sign' | 'verify'> },
): { ok: true; driver: DealDriver } | { ok: false; reason: string } {
  const messages: { from: number; message: DealMessage }[] = [];
  for (const line of record.lines) {
    const sealed = unseal(line);
    if (sealed === null) continue;
    let parsed: ReturnType<typeof parseSecretMessage>;
    try {
      parsed = parseSecretMessage(JSON.parse(sealed.inner));
    } catch {
      continue;
    }
    if (!parsed.ok || !parsed.message.command.startsWith('deal_')) continue;
    const message = parsed.message as DealMessage;
    // The steps that built the deal; claims, reveals and aborts come after it (and a game with a claim is over).
    if (['deal_shuffle', 'deal_unlock', 'deal_accept', 'deal_complaint'].includes(message.command))
      messages.push({ from: sealed.by, message });
  }
  const attempts = [
    ...new Set(messages.filter((m) => m.message.command === 'deal_shuffle').map((m) => m.message.payload.deal)),
  ].sort((a, b) => b - a);
  if (attempts.length === 0) return { ok: false, reason: 'the record holds no mission deal' };
  let reason = '';
  for (const deal of attempts) {
    const steps = messages.filter((m) => m.message.payload.deal === deal);
    const shuffles = steps.flatMap((m) => (m.message.command === 'deal_shuffle' ? [m.message] : []));
    const players = [...new Set(shuffles.map((m) => m.player_id))].sort((a, b) => a - b);
    const context = { gameId: record.gameId, deal, players, cards: shuffles[0]!.payload.deck.length };
    const me = options.me !== undefined && players.includes(options.me) ? options.me : undefined;
    let key: ReturnType<typeof dealKeyIf>;
    if (me !== undefined) {
      const own = shuffles.find((m) => m.player_id === me);
      key = own === undefined ? undefined : keyAmong(record.numbers, hexToBigInt(own.payload.key));
      if (key === undefined) {
        reason = `this seat's record does not keep the random numbers of its key for deal ${deal}`;
        continue;
      }
    }
    const restored = DealDriver.restore(
      { context, auth: options.auth, ...(me !== undefined ? { me, key } : {}) },
      steps,
    );
    if (restored.ok) return restored;
    reason = `deal ${deal}: ${restored.reason}`;
  }
  return { ok: false, reason: `the recorded mission deal cannot be rebuilt (${reason})` };
}

/** The key drawn from the noted numbers whose public part is `y`, searched from the latest back. */
function keyAmong(numbers: readonly Uint8Array[], y: bigint) {
  const last = numbers.length - KEY_NUMBERS;
  for (let start = last; start >= 0 && start > last - KEY_SEARCH; start--) {
    let next = start;
    const random = randomFrom(() => numbers[next++] ?? new Uint8Array(32))!;
    const key = dealKeyIf(random, y);
    if (key !== undefined) return key;
  }
  return undefined;
}
