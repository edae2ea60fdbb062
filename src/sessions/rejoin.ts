// Rejoin (protocol-spec/resume.md, Rejoin): a player whose process dropped out of a running native
// game comes back with its key before the others' timeout votes make it neutral. It asks every
// other player for its record of the game over new links, checks each record line by line (every
// line must carry its author's valid signature) and as a whole with a mute replica, as `risk verify`
// does, keeps the longest record that checks out and agrees with its own stored steps, and plays on
// from there: a MeshSession started at the point after its own last acknowledgement reads the
// checked lines first, so it acknowledges what the others applied without it and plays on.
// What depends on the game (its replay, which steps take a point, what a seat owes after its drop:
// a Capital game's capital, a RISC turn's sealed orders) comes from a RejoinGame: the classic
// game's is here, RISC's in sessions/risc-rejoin.ts.

import { classicReplayed } from '../audit/native-record.js';
import {
  falseLine,
  historyReplay,
  pointsOf,
  type RejoinStep,
  type ReplayedGame,
  rejoinStart,
} from '../audit/rejoin-start.js';
import type { SessionFeatures, SessionPlayer, TakenEntry } from '../core/contract.js';
import { chainFrom, covers } from '../core/native/dice-chain.js';
import { parentOf } from '../core/native/lines.js';
import type { DealRecord } from '../core/native/mission-deal.js';
import { type Action, CHECK_DICE, type GameState, type OptionsInput, territoriesOf } from '../model/index.js';
import { LineReader, type Link } from '../net/link.js';
import { decodeLine } from '../protocol/codec.js';
import { boundCommitment, bytesToHex, hexToBytes, commitment as plainCommitment } from '../protocol/commitment.js';
import type { Message } from '../protocol/messages.js';
import { auditKeyring } from '../protocol/peer-keys.js';
import { encodeRejoin, ownAddresses, parseRejoinLine } from '../protocol/rejoin.js';
import { secretCommitment } from '../protocol/secret-commitment.js';
import type { DealDriver } from '../protocol/secret-deal.js';
import { parseSecretMessage } from '../protocol/secret-messages.js';
import { type Keyring, unseal, type VerifiedSignatures } from '../protocol/signing.js';
import type { ResumedFrom, SessionConfig } from './mesh-session.js';

/** What this seat owes the game as it committed before it dropped out (RejoinGame.owed). */
export interface Owed<A> {
  /** The secret number it committed with (a Capital game's salt). */
  readonly secret?: Uint8Array;
  /** Capital Risk: the capital it committed to. */
  readonly capital?: number;
  /** A move it committed to and makes again as it was (RISC: the reveal of its sealed orders). */
  readonly move?: A;
}

/** What rejoin asks of the game being rejoined (`S`, `A` its state and moves): its replay, and what a seat owes. */
export interface RejoinGame<S, A> extends ReplayedGame<S, A> {
  /**
   * What this seat committed to before it dropped out and must give again as it was, from its own
   * record: `at` is the state it goes on from, `last` the checked history's end. Or why it cannot.
   */
  owed(at: S, last: S): { ok: true; owed: Owed<A> } | { ok: false; reason: string };
}

export interface RejoinSetup<S = GameState, A = Action> {
  readonly me: number;
  readonly players: readonly (SessionPlayer & { readonly peerId: string })[];
  readonly gameId: string;
  readonly features: SessionFeatures;
  readonly keyring: Keyring;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** New links to the other players, opened with this player's key (each accepted by rejoinLink there). */
  readonly links: ReadonlyMap<number, Link>;
  /** The steps this seat's own store holds of the game (empty if it lost them): a history must agree with them. */
  readonly stored: readonly RejoinStep<A>[];
  /** How long to wait for each player's whole answer. */
  readonly timeoutMs: number;
  /** Where this player listens now: the `rejoin` tells the others (ownAddresses keeps the ones it may name). */
  readonly addresses?: readonly string[];
  /** The secret numbers this seat's record noted, by dice round (committedSecrets). */
  readonly secrets?: ReadonlyMap<number, Uint8Array>;
  /** Capital Risk: the capital commitment this seat's record shows it sent (committedCapital). */
  readonly capital?: KeptCapital | null;
  /**
   * This seat's own record of the session (its store's lines): a move it signed there and the
   * history lacks is made again as it was (signedMoves), and a commitment to the dice round of its
   * point the history lacks with the number noted for it (`secrets`). Without it, neither is.
   */
  readonly record?: readonly { readonly dir: string; readonly raw: string }[];
  /**
   * The session resumed a stored game (protocol-spec/resume.md): its records start from this
   * state at point `index`, which every player proved at the resume; `stored` then holds the
   * steps from there on.
   */
  readonly resumed?: {
    readonly state: S;
    readonly index: number;
    readonly from: ResumedFrom;
    /** A Secret Mission game: the deal as the first session's record holds it, to audit the claims. */
    readonly missionDeal?: DealRecord;
  };
  /** The game rejoined (default: the classic game of `rules`, classicRejoin). */
  readonly game?: RejoinGame<S, A>;
}

/**
 * The secret numbers a seat's own record noted before each of its commitments (session.ts), by
 * dice round: a note `{secret}` is paired with the next roll_hash this seat sent.
 */
export function committedSecrets(
  lines: readonly { readonly dir: string; readonly raw: string }[],
  me: number,
): Map<number, Uint8Array> {
  const secrets = new Map<number, Uint8Array>();
  let noted: string | null = null;
  for (const line of lines) {
    if (line.dir === 'note') {
      try {
        const fact = JSON.parse(line.raw) as { secret?: unknown };
        if (typeof fact.secret === 'string' && /^[0-9a-f]{64}$/.test(fact.secret)) noted = fact.secret;
      } catch {
        // not a note of ours
      }
      continue;
    }
    if (line.dir !== 'out' || noted === null) continue;
    const sealed = unseal(line.raw);
    const decoded = sealed === null || sealed.by !== me ? null : decodeLine(sealed.inner);
    if (decoded?.ok && 'message' in decoded && decoded.message.command === 'roll_hash') {
      if (decoded.message.round !== undefined) secrets.set(decoded.message.round, hexToBytes(noted));
      noted = null;
    }
  }
  return secrets;
}

/**
 * The history as the session reads it: with dice chains, this seat's own chain commitments first,
 * then the others'. A chain is taken whenever it comes, but this seat may act as soon as the first
 * line is read (a neutral player's `defend` it speaks for at its point starts a dice round at
 * once): without its own chain read by then it would commit a second one for the same rounds,
 * proof against itself. (Another player's chain read later joins the round running then.)
 */
function chainsFirst(diceChains: boolean, me: number, lines: readonly string[]): string[] {
  if (!diceChains) return [...lines];
  const chainBy = (line: string) => {
    if (!line.includes('roll_hash')) return null;
    const sealed = unseal(line);
    const decoded = sealed === null ? null : decodeLine(sealed.inner);
    return decoded?.ok === true && 'message' in decoded && decoded.message.command === 'roll_hash' ? sealed!.by : null;
  };
  const own: string[] = [];
  const others: string[] = [];
  const rest: string[] = [];
  for (const line of lines) {
    const by = chainBy(line);
    (by === null ? rest : by === me ? own : others).push(line);
  }
  return [...own, ...others, ...rest];
}

/** A move this seat signed for sequence point `index` before it dropped out, to be made again as it was. */
export interface OwnMove<A> {
  readonly index: number;
  readonly move: A;
}

/**
 * The sequenced moves this seat signed as its own player, as its own record keeps them (its 'out'
 * lines: each is written before it is handed to a link), the last for each point, by point.
 */
export function signedMoves<A>(
  lines: readonly { readonly dir: string; readonly raw: string }[],
  me: number,
  moveOf: (message: Message) => A | null,
): Map<number, { readonly line: string; readonly move: A; readonly parent: string }> {
  const moves = new Map<number, { line: string; move: A; parent: string }>();
  for (const line of lines) {
    if (line.dir !== 'out') continue;
    const sealed = unseal(line.raw);
    const decoded = sealed === null || sealed.by !== me ? null : decodeLine(sealed.inner);
    if (!decoded?.ok || !('message' in decoded)) continue;
    const message = decoded.message;
    // Its own moves only: a neutral player's defence it spoke for the replica makes again by itself.
    const own = 'player_id' in message && message.player_id === me;
    const move = message.ack_id === undefined || !own ? null : moveOf(message);
    if (move !== null) moves.set(message.ack_id!, { line: line.raw, move, parent: parentOf(message) });
  }
  return moves;
}

/**
 * The moves this seat signed for points from the end of the checked history on (`end`), which
 * the history lacks: each is made again as it was. Ed25519 signs deterministically, so the same
 * move at the same point on the same parent is the same signed line, which the others drop as
 * seen; another move there would be a second signed move for that point, proof against this seat
 * for whoever holds the first (a player its line reached alone, which left it out of the history it
 * sent back). Those from the history's end on, one after another, must be legal there (up to one
 * whose outcome the dice decide), or the rejoin is refused. A move built on another entry than the
 * history's (pipelining) is another history's, judged nowhere: the seat decides afresh. (A move of
 * this seat for a point the history holds another entry at lost that point: it moves after it.)
 */
function owedMoves<S, A>(
  setup: RejoinSetup<S, A>,
  rules: RejoinGame<S, A>,
  at: { readonly end: { readonly index: number; readonly parent?: string }; readonly last: S },
  history: ReadonlySet<string>,
): { ok: true; moves: OwnMove<A>[] } | { ok: false; reason: string } {
  if (setup.record === undefined) return { ok: true, moves: [] };
  const signed = [...signedMoves(setup.record, setup.me, (m) => rules.game.moveOf(m))]
    .filter(([index, m]) => index >= at.end.index && !history.has(m.line))
    .sort(([a], [b]) => a - b);
  const first = signed[0];
  if (first === undefined) return { ok: true, moves: [] };
  if (setup.features.pipelining && at.end.parent !== undefined && first[1].parent !== at.end.parent)
    return { ok: true, moves: [] };
  // (What follows a move the dice decide waits for the round: the session meets it there.)
  let state = at.last;
  for (const [k, [index, { move }]] of signed.entries()) {
    if (index !== at.end.index + k) break;
    const legal = rules.game.check(state, move);
    if (!legal.ok)
      return {
        ok: false,
        reason: `this seat signed a move for point ${index} before it dropped out (${rules.stepText(move)}) and it is not legal where the history ends (${legal.reason}): it cannot make it again, and another would be a second move for that point`,
      };
    if (rules.game.needsDice(state, move)) break;
    const after = rules.game.apply(state, move, CHECK_DICE);
    if (!after.ok) break;
    state = after.state;
  }
  return { ok: true, moves: signed.map(([index, { move }]) => ({ index, move })) };
}

/** A capital commitment this seat sent, and the salt noted just before it left (null: none noted). */
export interface KeptCapital {
  readonly commitment: string;
  readonly salt: string | null;
}

/**
 * Capital Risk: the commitment to its capital a seat's own record shows it sent, with the secret
 * number noted before it (the commitment's salt: session.ts notes every secret number before the
 * line that commits to it leaves). A seat that committed must reveal that same capital.
 */
export function committedCapital(
  lines: readonly { readonly dir: string; readonly raw: string }[],
  me: number,
): KeptCapital | null {
  let noted: string | null = null;
  for (const line of lines) {
    if (line.dir === 'note') {
      noted = notedSecret(line.raw) ?? noted;
      continue;
    }
    const sealed = line.dir === 'out' ? unseal(line.raw) : null;
    if (sealed === null || sealed.by !== me) continue;
    let message: ReturnType<typeof parseSecretMessage> | null = null;
    try {
      message = parseSecretMessage(JSON.parse(sealed.inner));
    } catch {
      // not JSON: not a commitment
    }
    if (message?.ok && message.message.command === 'secret_commit' && message.message.payload.purpose === 'capital')
      return { commitment: message.message.payload.commitment, salt: noted };
    // A dice commitment takes the number noted for it.
    if (sealed.inner.startsWith('{"command":"roll_hash"')) noted = null;
  }
  return null;
}

function notedSecret(raw: string): string | null {
  try {
    const fact = JSON.parse(raw) as { secret?: unknown };
    return typeof fact.secret === 'string' && /^[0-9a-f]{64}$/.test(fact.secret) ? fact.secret : null;
  } catch {
    return null;
  }
}

/**
 * Which capital a seat committed to, found again from its commitment and the noted salt: the one
 * territory of its own that gives that commitment (a territory is one of 42 numbers, so trying
 * each is cheap). Null if none does (the salt was not noted, or the record lost it).
 */
function keptCapitalChoice(setup: RejoinSetup, kept: KeptCapital, state: GameState): number | null {
  if (kept.salt === null) return null;
  const salt = hexToBytes(kept.salt);
  const context = { gameId: setup.gameId, purpose: 'capital', round: 0, player: setup.me };
  return (
    territoriesOf(state, setup.me).find((t) => secretCommitment({ territory: t }, salt, context) === kept.commitment) ??
    null
  );
}

/** One player's answer, checked. */
export type CheckedHistory<A = Action> =
  | {
      readonly ok: true;
      readonly from: number;
      readonly lines: readonly string[];
      readonly steps: readonly RejoinStep<A>[];
    }
  | { readonly ok: false; readonly from: number; readonly reason: string };

export type Rejoined<S = GameState, A = Action> =
  | {
      readonly ok: true;
      /** Play goes on at this point from `state`, after reading `lines`. */
      readonly index: number;
      readonly state: S;
      readonly lines: readonly string[];
      /**
       * The secret number of the running dice round this seat had committed to, kept in its record;
       * or, during the capitals' round, the salt of the capital it had committed to.
       */
      readonly secret?: Uint8Array;
      /** Dice chains: the seed of the chain this seat committed to last, kept in its record (it reveals from it). */
      readonly chainSeed?: Uint8Array;
      /** Capital Risk: the capital this seat committed to before it dropped out; it commits to it again. */
      readonly capital?: number;
      /** A move this seat committed to before it dropped out, made again as it was (RISC: its reveal). */
      readonly move?: A;
      /** The moves this seat signed for points the history does not hold yet, made again as they were (owedMoves). */
      readonly moves?: readonly OwnMove<A>[];
      /** Pipelining: what the next move names as its parent (the entry before `index`, or its history). */
      readonly parent?: string;
      /** The entries just before that point as the history took them, with their signed lines (MOVE_MEMORY of them). */
      readonly taken: readonly TakenEntry[];
      /** The steps of the game up to that point (the stored game is brought to them). */
      readonly steps: readonly RejoinStep<A>[];
      /** Whose record was taken (its lines as checked), and what was said of the others. */
      readonly history: readonly string[];
      readonly from: number;
      readonly notes: readonly string[];
    }
  | { readonly ok: false; readonly reason: string; readonly notes: readonly string[] };

/** Asks one player for its record over its link; resolves with the lines or why not. Unread lines stay on the link. */
async function askHistory<S, A>(
  setup: RejoinSetup<S, A>,
  player: number,
  link: Link,
  stop: Promise<string>,
): Promise<{ ok: true; lines: string[] } | { ok: false; reason: string }> {
  const reader = new LineReader(link);
  const mine = ownAddresses(setup.addresses ?? [], setup.players.find((p) => p.id === setup.me)?.peerId ?? '');
  link.send(
    encodeRejoin({
      command: 'rejoin',
      payload: {
        game_id: setup.gameId,
        index: pointsOf(setup.stored, setup, rulesOf(setup)),
        ...(mine.length > 0 ? { addresses: mine } : {}),
      },
      player_id: setup.me,
    }),
  );
  const lines: string[] = [];
  const skipped: string[] = [];
  let parts = 0;
  const deadline = Date.now() + setup.timeoutMs;
  try {
    for (;;) {
      const next = await Promise.race([
        reader.next(Math.max(1, deadline - Date.now())),
        stop.then((reason) => ({ ok: false as const, reason })),
      ]);
      if (!next.ok) return { ok: false, reason: next.reason };
      // Game lines sent before the answer (a vote, a handed-on line) are the session's: skip them here.
      if (!next.line.startsWith('{"command":"rejoin')) {
        skipped.push(next.line);
        continue;
      }
      const parsed = parseRejoinLine(next.line);
      if (!parsed.ok) return { ok: false, reason: `sent a bad rejoin answer: ${parsed.reason}` };
      const message = parsed.message;
      if (message.player_id !== player)
        return { ok: false, reason: `answered in the name of player ${message.player_id}` };
      if (message.command === 'rejoin_refuse') return { ok: false, reason: `refused: ${message.payload.reason}` };
      if (message.command !== 'rejoin_history') continue;
      if (message.payload.game_id !== setup.gameId)
        return { ok: false, reason: `sent the history of game ${message.payload.game_id}` };
      if (message.payload.part !== parts++) return { ok: false, reason: 'sent its history out of order' };
      lines.push(...message.payload.lines);
      if (message.payload.last) return { ok: true, lines };
    }
  } finally {
    reader.release();
    link.unread(skipped);
  }
}

/** How the session takes the seat back (`SessionConfig.rejoin`) after a rejoin that checked out. */
export function sessionRejoin<S, A>(
  rejoined: Extract<Rejoined<S, A>, { ok: true }>,
  extra: { readonly from?: ResumedFrom; readonly missionDeal?: { driver: DealDriver; record: DealRecord } } = {},
): NonNullable<SessionConfig<S>['rejoin']> {
  return {
    state: rejoined.state,
    index: rejoined.index,
    lines: rejoined.lines,
    ...(rejoined.secret ? { secret: rejoined.secret } : {}),
    ...(rejoined.chainSeed ? { chainSeed: rejoined.chainSeed } : {}),
    ...(rejoined.capital !== undefined ? { capital: rejoined.capital } : {}),
    ...(rejoined.parent !== undefined ? { parent: rejoined.parent } : {}),
    ...(rejoined.moves !== undefined && rejoined.moves.length > 0 ? { moves: rejoined.moves } : {}),
    taken: rejoined.taken,
    history: { from: rejoined.from, lines: rejoined.history },
    ...(extra.from ? { from: extra.from } : {}),
    ...(extra.missionDeal ? { missionDeal: extra.missionDeal.driver, dealRecord: extra.missionDeal.record } : {}),
  };
}

/**
 * Checks one player's record: every line must be signed by its author (a line altered or made up
 * by the sender fails its own signature), and replayed by a mute replica of the sender's seat (the
 * code of `risk verify`), it must agree with this seat's stored steps and must not have made this
 * seat neutral.
 */
export function checkHistory<S = GameState, A = Action>(
  setup: RejoinSetup<S, A>,
  from: number,
  lines: readonly string[],
  verified: VerifiedSignatures = new Set(),
): CheckedHistory<A> {
  const fail = (reason: string): CheckedHistory<A> => ({ ok: false, from, reason });
  const rules = rulesOf(setup);
  // One check a signature: the histories overlap, and the replay reads every line again.
  const checking = auditKeyring(new Map(setup.players.map((p) => [p.id, p.peerId])), verified) ?? setup.keyring;
  const falseOne = falseLine(setup, checking, rules, lines);
  if (falseOne !== null) return fail(falseOne);
  const audit = historyReplay(setup, rules, from, lines, verified);
  if (audit.state === null) return fail(audit.reason || 'its history cannot be replayed');
  if (rules.game.standings(audit.state)[setup.me]?.neutral)
    return fail(`its history made this seat neutral: the seat cannot be taken back`);
  if (rules.game.over(audit.state)) return fail('its history ends the game');
  // Only the entries this seat acknowledged in that history are settled for it: those after may be
  // its own that never left (a neutralisation on a proof it alone held when it dropped), which the
  // session takes back, going on from the point after its last acknowledgement.
  const start = rejoinStart(setup, rules, { lines, steps: audit.steps }, []);
  const settled = start.ok ? start.steps.length : audit.steps.length;
  const common = Math.min(settled, setup.stored.length);
  for (let k = 0; k < common; k++)
    if (stepKey(rules, audit.steps[k]!) !== stepKey(rules, setup.stored[k]!))
      return fail(`its history differs from this seat's stored game at step ${k + 1}`);
  return { ok: true, from, lines, steps: audit.steps };
}

/** A step as text to compare; a round's numbers by seat (peers list them in the order they arrived). */
const stepKey = <A>(rules: RejoinGame<unknown, A>, step: RejoinStep<A>) =>
  `${rules.stepText(step.action)}|${[...(step.numbers ?? [])]
    .sort(([a], [b]) => a - b)
    .map(([p, n]) => `${p}:${bytesToHex(n)}`)
    .join(',')}`;

/** The game a setup rejoins: its own, or the classic game of its rules. */
function rulesOf<S, A>(setup: RejoinSetup<S, A>): RejoinGame<S, A> {
  return setup.game ?? (classicRejoin(setup as unknown as RejoinSetup) as unknown as RejoinGame<S, A>);
}

/**
 * The classic game (with its variants and house rules) as rejoin asks it: its records audited by
 * `risk verify`'s replica, and a Capital game's seat that committed to its capital owes that capital.
 */
export function classicRejoin(setup: RejoinSetup): RejoinGame<GameState, Action> {
  // A resumed session's record is read by a mute replica started where the resume agreed.
  const start = setup.resumed
    ? {
        state: setup.resumed.state,
        index: setup.resumed.index,
        ...(setup.resumed.missionDeal ? { missionDeal: setup.resumed.missionDeal } : {}),
      }
    : null;
  return {
    ...classicReplayed(setup.rules ?? {}, start),
    owed(at) {
      // A seat that committed to its capital reveals that capital: the same territory and salt give the
      // same commitment (the same signed line), so nobody sees two versions of it. No dice round runs
      // in the capitals' round, so the salt is the one secret number carried.
      if (!setup.capital || at.phase !== 'capitals') return { ok: true, owed: {} };
      const territory = keptCapitalChoice(setup, setup.capital, at);
      if (territory === null)
        return {
          ok: false,
          reason:
            'this seat committed to its capital before it dropped out and its record does not keep the secret it committed with: it cannot reveal that capital',
        };
      return { ok: true, owed: { capital: territory, secret: hexToBytes(setup.capital.salt!) } };
    },
  };
}

/**
 * How long a seat still waits for the last player's history once every other one has answered and
 * one of them sent a history that checks out, as a share of the ack timeout: the others vote a
 * silent seat out about one ack timeout after it dropped.
 */
const LAST_ANSWER_SHARE = 4;

/**
 * Every other player's answer, checked, in the order of the links. Once all but one have answered
 * and one of them sent a history that checks out, the last is waited for only a quarter of an ack
 * timeout more: a player that never answers (a rogue, a peer stuck) cannot hold the seat until the
 * others' votes make it neutral.
 */
async function gatherHistories<S, A>(setup: RejoinSetup<S, A>): Promise<CheckedHistory<A>[]> {
  // The histories share most of their lines: each signature is checked once for all of them.
  const verified: VerifiedSignatures = new Set();
  let giveUp!: (reason: string) => void;
  const stop = new Promise<string>((resolve) => (giveUp = resolve));
  const graceMs = Math.min(setup.timeoutMs, setup.ackTimeoutMs / LAST_ANSWER_SHARE);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let answered = 0;
  const answers: CheckedHistory<A>[] = [];
  const asked = [...setup.links].map(async ([player, link], i) => {
    const answer = await askHistory(setup, player, link, stop);
    answers[i] = answer.ok
      ? checkHistory(setup, player, answer.lines, verified)
      : ({ ok: false, from: player, reason: answer.reason } as const);
    answered++;
    if (answered === setup.links.size - 1 && answers.some((a) => a?.ok) && timer === undefined)
      timer = setTimeout(
        () => giveUp(`no answer within ${graceMs} ms of the others' (not waited for longer)`),
        graceMs,
      );
  });
  await Promise.all(asked);
  clearTimeout(timer);
  return answers;
}

/**
 * Asks every other player for its record, checks each, and says where this seat goes on from:
 * the longest record that checks out, at the point after this seat's last acknowledgement in it
 * (every later entry is read from the record by the new session, which acknowledges it).
 */
export async function rejoinGame<S = GameState, A = Action>(setup: RejoinSetup<S, A>): Promise<Rejoined<S, A>> {
  const rules = rulesOf(setup);
  const notes: string[] = [];
  const name = (p: number) => setup.players.find((x) => x.id === p)?.name ?? `player ${p}`;
  const answers = await gatherHistories(setup);
  const good: Extract<CheckedHistory<A>, { ok: true }>[] = [];
  for (const answer of answers) {
    if (answer.ok) good.push(answer);
    else notes.push(`${name(answer.from)}: ${answer.reason}`);
  }
  if (good.length === 0)
    return { ok: false, reason: `no player sent a history this seat can take back (${notes.join('; ')})`, notes };
  good.sort((a, b) => b.steps.length - a.steps.length || a.from - b.from);
  const chosen = good[0]!;
  // Other records that agree with the chosen one are read too (a line one peer had not yet handled).
  const agreeing = good
    .slice(1)
    .filter((h) => h.steps.every((s, k) => stepKey(rules, s) === stepKey(rules, chosen.steps[k]!)));
  for (const h of good.slice(1))
    if (!agreeing.includes(h)) notes.push(`${name(h.from)}: its history differs from ${name(chosen.from)}'s; not used`);
  const agreed = agreeing.flatMap((h) => h.lines);
  const start = rejoinStart(setup, rules, chosen, agreed);
  if (!start.ok) return { ok: false, reason: start.reason, notes };
  const { index, state, last, committedRound, commitment } = start;
  // A dice round this seat had committed to finishes only with the number its record kept.
  let secret: Uint8Array | undefined;
  // With dice chains the seat reveals from the chain it committed to last, while it covers rounds to come.
  let chainSeed: Uint8Array | undefined;
  const round = rules.game.roundId(state, index);
  if (setup.features.diceChains && committedRound >= 0 && covers(committedRound, Math.max(committedRound, round))) {
    chainSeed = setup.secrets?.get(committedRound);
    const kept =
      chainSeed === undefined
        ? null
        : chainFrom(chainSeed, { gameId: setup.gameId, from: committedRound, player: setup.me }).tip;
    if (kept !== commitment)
      return {
        ok: false,
        reason: `this seat committed to a dice chain from round ${committedRound} and its record does not keep that chain's seed: it cannot reveal in the rounds to come`,
        notes,
      };
  } else if (!setup.features.diceChains && committedRound >= round) {
    secret = setup.secrets?.get(committedRound);
    const kept =
      secret === undefined || committedRound !== round
        ? null
        : setup.features.boundCommitments
          ? boundCommitment(secret, { gameId: setup.gameId, round: committedRound, player: setup.me })
          : plainCommitment(secret);
    if (kept !== commitment)
      return {
        ok: false,
        reason: `this seat committed to the dice round ${committedRound} and its record does not keep that secret number: it cannot finish that round`,
        notes,
      };
  }
  // A commitment to the round of its point that the history lacks (it reached a player that left it
  // out) it makes again with the number its record noted: the same line, not a second commitment.
  const noted = setup.record === undefined ? undefined : setup.secrets?.get(round);
  if (!setup.features.diceChains && committedRound < round && noted !== undefined) secret = noted;
  // What the seat committed to in the game's own secret rounds (a capital, sealed orders) it gives as it was.
  const owed = rules.owed(state, last);
  if (!owed.ok) return { ok: false, reason: owed.reason, notes };
  secret = owed.owed.secret ?? secret;
  // The moves it signed for points the history does not hold yet, it makes again as they were.
  const moves = owedMoves(setup, rules, start, new Set([...chosen.lines, ...agreed]));
  if (!moves.ok) return { ok: false, reason: moves.reason, notes };
  const lines = chainsFirst(setup.features.diceChains === true, setup.me, [...chosen.lines, ...agreed]);
  notes.push(`took ${name(chosen.from)}'s history (${chosen.steps.length} steps); going on from move ${index}`);
  return {
    ok: true,
    index,
    state,
    lines,
    steps: start.steps,
    ...(secret ? { secret } : {}),
    ...(chainSeed ? { chainSeed } : {}),
    ...(owed.owed.capital !== undefined ? { capital: owed.owed.capital } : {}),
    ...(owed.owed.move !== undefined ? { move: owed.owed.move } : {}),
    ...(moves.moves.length > 0 ? { moves: moves.moves } : {}),
    ...(start.parent !== undefined ? { parent: start.parent } : {}),
    taken: start.taken,
    history: chosen.lines,
    from: chosen.from,
    notes,
  };
}
