// Networked resume (protocol-spec/resume.md): a stored native game goes on in a new session once
// every player has shown it holds the same history. The host offers the game; every player looks
// it up in its own store and states the hashes of its state at its last sequence points; each
// peer alone finds the common point of the players still in the game there (resumePoint: a player
// made neutral need not come back) and, if they all agree there, plays on from it with a
// replica started from that state (ReplicaConfig.resume) under the new session's id, so the dice
// rounds are fresh and no line signed before the resume counts in it.
import { resumeHash } from '../core/native/hashes.js';
import type { GameState } from '../model/index.js';
import type { Link } from '../net/link.js';
import {
  MAX_RESUME_PLAYERS,
  parseResumeMessage,
  type ResumeGame,
  type ResumeMessage,
  type ResumeRelay,
  resumePoint,
  resumeRelayDigest,
  type Statement,
} from '../protocol/resume.js';
import { type Keyring, lineDigest, seal, unseal } from '../protocol/signing.js';
import {
  type Accepted,
  accept,
  agreedStatements,
  type Candidate,
  decisionAt,
  MAX_STATEMENTS_PER_PLAYER,
  type RoundTimes,
  roundAt,
} from './resume-rounds.js';

/** A player's stored history of a game, as far as a resume needs it. */
export interface History<S = GameState> {
  /** Sequence points applied (a RISC game counts every entry: protocol-spec/resume.md, RISC games). */
  readonly index: number;
  /** The state at each of the last few points (oldest first, the last at `index`). */
  readonly states: readonly S[];
  /** Their resume hashes (default: the classic game's, resumeHash). */
  readonly hashes?: readonly string[];
  /**
   * For each seat, the first point of this history at which that player is neutral; null (or
   * missing): not neutral at `index`. Default: nobody neutral.
   */
  readonly neutralSince?: readonly (number | null)[];
}

/** The seats of `players` not neutral at point `point` of a history. */
export function activeAt(history: Pick<History<unknown>, 'neutralSince'>, players: number, point: number): number[] {
  return Array.from({ length: players }, (_, p) => p).filter((p) => {
    const since = history.neutralSince?.[p];
    return since === null || since === undefined || since > point;
  });
}

export type Lookup<S = GameState> = (
  offer: ResumeGame['payload'],
) => { ok: true; history: History<S> } | { ok: false; reason: string };

export interface ResumeSetup<S = GameState> {
  readonly me: number;
  /**
   * A link to every other player of the new mesh. A seat with no link is not in the new session (a
   * player neutral at the common point may stay away).
   */
  readonly links: ReadonlyMap<number, Link>;
  /** The seat of the new lobby's host, which alone makes the offer (default 0). */
  readonly host?: number;
  /** Signs and checks the handshake (signed_messages); without it the links are trusted. */
  readonly keyring?: Keyring;
  /** The host makes the offer; the others wait for it. */
  readonly offer?: ResumeGame['payload'];
  /** Finds the offered game in this player's store. */
  readonly lookup: Lookup<S>;
  /**
   * How long to wait for the offer; in a session of two (or without signed lines) for every
   * player's answer too.
   */
  readonly timeoutMs: number;
  /**
   * With three players present or more and signed lines, the agreement's rounds (resume-rounds.ts),
   * counted from the moment this peer took the offer: round 1 (L, default timeoutMs / 2, at most
   * 10 s) and each later one (Δ, default timeoutMs / 5, at most 4 s). The verdict falls at
   * L + (players − 2)·Δ.
   */
  readonly firstRoundMs?: number;
  readonly roundMs?: number;
}

/**
 * The rounds' default lengths are capped: every resume of three players or more waits them out in
 * full, and they need only cover a store's lookup and a round trip (protocol-spec/resume.md,
 * Agreement in rounds), not the generous ack timeout a slow player is given in play.
 */
const MAX_FIRST_ROUND_MS = 10_000;
const MAX_ROUND_MS = 4_000;

/** The rounds' lengths (L, Δ) of a handshake. */
function roundTimes(setup: Pick<ResumeSetup<unknown>, 'timeoutMs' | 'firstRoundMs' | 'roundMs'>): RoundTimes {
  return {
    firstRoundMs: setup.firstRoundMs ?? Math.min(setup.timeoutMs / 2, MAX_FIRST_ROUND_MS),
    roundMs: setup.roundMs ?? Math.min(setup.timeoutMs / 5, MAX_ROUND_MS),
  };
}

/**
 * How long a handshake of `present` players with handshake timeout `timeoutMs` waits after the
 * offer before its verdict, to tell the user: its rounds' length with signed lines and three players
 * or more; 0 otherwise (it decides as soon as every statement it needs is in).
 */
export function resumeAgreementMs(present: number, timeoutMs: number, signed: boolean): number {
  return signed && present >= 3 ? decisionAt(present, roundTimes({ timeoutMs })) : 0;
}

/** A statement as the rounds take it, with the session its author made it for. */
type Stated = Candidate & { readonly session: string };

/** Relay lines read per link: an honest peer sends one per statement it accepts, two per author at most. */
const MAX_RELAYS_PER_LINK = 4 * MAX_RESUME_PLAYERS;
/** Statements held before the offer came (read in round 1 once it does). */
const MAX_EARLY = MAX_RESUME_PLAYERS * MAX_RELAYS_PER_LINK;

export type Resumed<S = GameState> =
  | {
      readonly ok: true;
      readonly gameId: string;
      readonly sessionId: string;
      /** The agreed point: play goes on with move `index` from `state`. */
      readonly index: number;
      readonly hash: string;
      readonly state: S;
      /** The players not neutral at the agreed point: the ones whose states were compared. */
      readonly required: readonly number[];
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Runs the handshake over the links; every honest peer ends it with the same verdict. With three
 * players present or more and signed lines the statements are agreed in timed rounds
 * (resume-rounds.ts) and the verdict falls at the last round's end, never before; with two (no
 * third player to split from) or unsigned lines, as soon as every statement it needs is in.
 */
export function negotiateResume<S = GameState>(setup: ResumeSetup<S>): Promise<Resumed<S>> {
  const { me, links, keyring } = setup;
  const host = setup.host ?? 0;
  /** The players present: this one and every one it has a link to. */
  const present: ReadonlySet<number> = new Set([me, ...links.keys()]);
  const rounds = keyring !== undefined && present.size >= 3 ? keyring : null;
  const times = roundTimes(setup);
  return new Promise((resolve) => {
    const detach: (() => void)[] = [];
    /** Each player's statement, the first one (a second, different one makes it fail: stated twice). */
    const statements = new Map<number, Statement>();
    /** The session each held statement was made for. */
    const sessions = new Map<number, string>();
    /** Players whose link closed. */
    const closed = new Set<number>();
    let offer: ResumeGame['payload'] | null = null;
    let history: History<S> | null = null;
    let done = false;
    /** In rounds: when this peer took the offer (its rounds' clock), what it accepted, what came before the offer. */
    let takenAt: number | null = null;
    const accepted: Accepted = new Map();
    const early: Stated[] = [];
    const relaysFrom = new Map<number, number>();
    let timer = setTimeout(() => {
      const point = offer !== null && history !== null ? verdict() : null;
      const missing =
        point !== null && 'wait' in point ? point.wait : [...links.keys()].filter((p) => !statements.has(p));
      end({
        ok: false,
        reason:
          offer === null
            ? 'the host offered no game to resume in time'
            : `no answer in time from player ${missing.join(', player ')}`,
      });
    }, setup.timeoutMs);

    function end(result: Resumed<S>) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const d of detach) d();
      resolve(result);
    }

    /** The line of `message` (sealed with signed lines); sent to every player, or to those `to` picks. */
    function send(message: ResumeMessage, sessionId: string, to: (player: number) => boolean = () => true) {
      const inner = JSON.stringify(message);
      const line = keyring ? seal(inner, me, keyring.sign(lineDigest(sessionId, inner))) : inner;
      for (const [player, link] of links) if (to(player)) link.send(line);
      return { inner, line };
    }

    /**
     * The message in a line from `from`, checked (its shape, its signer, its signature), and its
     * author: with signed lines, whoever signed it (another player's is handed on: handOn). null: not
     * a handshake line, kept for the game; 'dropped': a signed resume line that does not check out,
     * which proves nothing against anyone (the same line, whole, may still come another way).
     */
    function open(
      from: number,
      line: string,
    ): { message: ResumeMessage; author: number; inner: string } | { fails: string } | 'dropped' | null {
      let inner = line;
      let sealed: ReturnType<typeof unseal> = null;
      if (keyring) {
        sealed = unseal(line);
        if (sealed === null) return null; // not a handshake line (e.g. the game already going on)
        inner = sealed.inner;
      }
      let value: unknown;
      try {
        value = JSON.parse(inner);
      } catch {
        return null;
      }
      if (typeof (value as { command?: unknown })?.command !== 'string') return null;
      // The game's lines are kept for it: a peer that resumed first may hand on another player's.
      if (!String((value as { command: string }).command).startsWith('resume_')) return null;
      const parsed = parseResumeMessage(value);
      if (sealed === null) {
        if (!parsed.ok) return { fails: `player ${from} sent ${parsed.reason}` };
        if (parsed.message.player_id !== from)
          return { fails: `player ${from} sent a resume message as player ${parsed.message.player_id}` };
        return { message: parsed.message, author: from, inner };
      }
      const author = sealed.by;
      if (author === me || !links.has(author) || !parsed.ok) return 'dropped';
      const message = parsed.message;
      if (!keyring!.verify(author, lineDigest(message.payload.session_id, inner), sealed.sig)) return 'dropped';
      if (message.player_id !== author) {
        // In rounds a line one peer alone read must not fail it (the others would go on): it proves nothing to them.
        if (rounds) return 'dropped';
        return { fails: `player ${author} signed a resume message as player ${message.player_id}` };
      }
      return { message, author, inner };
    }

    /** Lines handed on already. */
    const handedOn = new Set<string>();
    /**
     * Hands a checked resume line on to every player but its author and the one it came from, once:
     * what reached one player reaches them all, so a line lost, late or spoilt on one link cannot
     * leave one player behind, or failing, while the others resume.
     */
    function handOn(line: string, from: number, author: number) {
      if (!keyring || handedOn.has(line)) return;
      handedOn.add(line);
      for (const [player, link] of links) if (player !== from && player !== author) link.send(line);
    }

    function take(theOffer: ResumeGame['payload']) {
      offer = theOffer;
      if (rounds) {
        // The rounds' clock starts; the verdict falls at the last round's end, whatever comes.
        takenAt = Date.now();
        clearTimeout(timer);
        timer = setTimeout(decide, decisionAt(present.size, times));
      }
      const beyond = [...links.keys()].find((p) => p >= theOffer.players.length);
      if (beyond !== undefined)
        return refuse(`the offered game has ${theOffer.players.length} players; this session has a player ${beyond}`);
      const found = setup.lookup(offer);
      if (!found.ok) return refuse(found.reason);
      history = found.history;
      const hashes = [...(history.hashes ?? history.states.map((s) => resumeHash(s as GameState)))];
      // A statement sent after round 1 would count for this peer alone: it sends none, and the others fail alike.
      if (takenAt !== null && Date.now() - takenAt >= times.firstRoundMs)
        return end({
          ok: false,
          reason: `this player's store took more than the first round (${times.firstRoundMs} ms) to read: it stated nothing`,
        });
      statements.set(me, { index: history.index, hashes });
      sessions.set(me, offer.session_id);
      const own = send(
        {
          command: 'resume_state',
          payload: { session_id: offer.session_id, index: history.index, hashes },
          player_id: me,
        },
        offer.session_id,
      );
      if (rounds) {
        // Its own statement it accepts at once; the others' that came before the offer count in round 1.
        const mine = {
          author: me,
          inner: own.inner,
          line: own.line,
          statement: { index: history.index, hashes },
          signers: [],
        };
        accepted.set(me, new Map([[own.inner, mine]]));
        for (const candidate of early.splice(0)) consider(candidate, 1);
        return;
      }
      settle();
    }

    /** A statement (resume_state or resume_refuse) as the rounds take it, from its checked line. */
    function candidateOf(
      message: ResumeMessage,
      author: number,
      inner: string,
      line: string,
      signers: Candidate['signers'],
    ): Stated | null {
      const statement =
        message.command === 'resume_state'
          ? { index: message.payload.index, hashes: message.payload.hashes }
          : message.command === 'resume_refuse'
            ? { fails: `player ${author} cannot resume: ${message.payload.reason}` }
            : null;
      if (statement === null) return null;
      return { author, inner, line, signers, session: message.payload.session_id, statement };
    }

    /** The statement a relay carries, checked as a line of its own (open); null: it proves nothing (dropped). */
    function relayed(relay: ResumeRelay): Stated | null {
      const sealed = unseal(relay.payload.line);
      if (sealed === null) return null;
      // Nothing more to take from its author: spare the signature checks.
      const held = accepted.get(sealed.by);
      if (held !== undefined && (held.has(sealed.inner) || held.size >= MAX_STATEMENTS_PER_PLAYER)) return null;
      const opened = open(sealed.by, relay.payload.line);
      if (opened === null || opened === 'dropped' || 'fails' in opened) return null;
      if (opened.message.payload.session_id !== relay.payload.session_id) return null;
      return candidateOf(opened.message, opened.author, opened.inner, relay.payload.line, relay.payload.signers);
    }

    /**
     * Takes a statement in the round it arrives in (`round`: one held from before the offer counts
     * in round 1); one taken before the last round is co-signed and handed on to every player that
     * has not signed it, so each honest peer takes it by the next round.
     */
    function consider(candidate: Stated, round?: number) {
      if (offer === null || takenAt === null) {
        if (early.length < MAX_EARLY) early.push(candidate);
        return;
      }
      const session = offer.session_id;
      // A statement for another session (an old line played again) says nothing here.
      if (candidate.session !== session) return;
      const last = present.size - 1;
      const now = round ?? roundAt(Date.now() - takenAt, times);
      if (now > last) return;
      const digest = resumeRelayDigest(session, candidate.inner);
      const rules = { me, present, coSigned: (p: number, sig: string) => rounds!.verify(p, digest, sig) };
      if (!accept(accepted, candidate, now, rules) || now >= last) return;
      const signers = [...candidate.signers, { player: me, sig: rounds!.sign(digest) }];
      send(
        { command: 'resume_relay', payload: { session_id: session, line: candidate.line, signers }, player_id: me },
        session,
        (p) => p !== candidate.author && !signers.some((s) => s.player === p),
      );
    }

    /** The end of the last round: the verdict on the statements every honest peer holds alike. */
    function decide() {
      if (done || offer === null || history === null) return;
      const held = agreedStatements(accepted, offer.players.length, present);
      const point = resumePoint(held, history.index, (at) => activeAt(history!, offer!.players.length, at));
      // (Every seat has a statement or a failure: nothing to wait for.)
      if ('wait' in point)
        return end({ ok: false, reason: `no answer in time from player ${point.wait.join(', player ')}` });
      conclude(point);
    }

    function refuse(reason: string) {
      send(
        {
          command: 'resume_refuse',
          payload: { session_id: offer!.session_id, reason: reason.slice(0, 300) },
          player_id: me,
        },
        offer!.session_id,
      );
      end({ ok: false, reason });
    }

    /** Where the handshake stands with the statements held (offer and own history known). */
    function verdict() {
      const seats = offer!.players.length;
      // A statement for another session fails its player (if required) as any other fault.
      const held = new Map(
        [...statements].map(([p, s]): [number, Statement] =>
          sessions.get(p) !== offer!.session_id ? [p, { fails: `player ${p} answered for another session` }] : [p, s],
        ),
      );
      // A required player not in this session (no link), or whose link closed before it stated, never will.
      for (let p = 0; p < seats; p++)
        if (p !== me && !held.has(p) && (!links.has(p) || closed.has(p)))
          held.set(p, {
            fails: links.has(p)
              ? `lost the connection to player ${p}`
              : `player ${p} is not in this session, and it is still in the game`,
          });
      return resumePoint(held, history!.index, (point) => activeAt(history!, seats, point));
    }

    function settle() {
      if (offer === null || history === null || done) return;
      const point = verdict();
      if ('wait' in point) return;
      conclude(point);
    }

    /** This peer's verdict on the common point found: it goes on from it if its own store holds the agreed state. */
    function conclude(point: Exclude<ReturnType<typeof resumePoint>, { wait: readonly number[] }>) {
      if (offer === null || history === null) return;
      if (!point.ok) return end(point);
      const state = history.states[history.states.length - 1 - (history.index - point.index)];
      if (state === undefined) return end({ ok: false, reason: `this player cannot go back to move ${point.index}` });
      // A player neutral there plays nothing, but it too starts from the state the others proved.
      const own = statements.get(me) as { hashes: readonly string[] };
      if (own.hashes[own.hashes.length - 1 - (history.index - point.index)] !== point.hash)
        return end({
          ok: false,
          reason: `this player's stored game differs from the others' at move ${point.index}: not the same history`,
        });
      end({
        ok: true,
        gameId: offer.game_id,
        sessionId: offer.session_id,
        index: point.index,
        hash: point.hash,
        state,
        required: point.required,
      });
    }

    for (const [player, link] of links) {
      const kept: string[] = [];
      const off = link.onLine((line) => {
        if (done) return void kept.push(line);
        const opened = open(player, line);
        if (opened === null) return void kept.push(line);
        if (opened === 'dropped') return;
        if ('fails' in opened) return end({ ok: false, reason: opened.fails });
        const { message, author } = opened;
        if (rounds) return inRounds(line, player, opened);
        if (message.command === 'resume_relay') return;
        handOn(line, player, author);
        if (message.command === 'resume_game') {
          // The same offer again is one offer (a line delivered twice, or handed on).
          if (author === host && offer !== null && JSON.stringify(message.payload) === JSON.stringify(offer)) return;
          if (author !== host || offer !== null)
            return end({ ok: false, reason: `player ${author} offered a game to resume` });
          return take(message.payload);
        }
        if (message.command === 'resume_refuse') {
          // Fails the resume if its player is one the resume needs (not neutral at the common point).
          if (!statements.has(author) || 'index' in statements.get(author)!) {
            statements.set(author, { fails: `player ${author} cannot resume: ${message.payload.reason}` });
            sessions.set(author, message.payload.session_id);
          }
          return settle();
        }
        const stated = statements.get(author);
        if (stated !== undefined) {
          // The same statement again is one statement (a line delivered twice); another one is two histories.
          const same =
            'index' in stated &&
            sessions.get(author) === message.payload.session_id &&
            stated.index === message.payload.index &&
            JSON.stringify(stated.hashes) === JSON.stringify(message.payload.hashes);
          if (same || 'fails' in stated) return;
          statements.set(author, { fails: `player ${author} stated its history twice` });
          return settle();
        }
        statements.set(author, { index: message.payload.index, hashes: message.payload.hashes });
        sessions.set(author, message.payload.session_id);
        settle();
      });
      // Lines for the game that follows (or that came before the offer was read) go back to the link.
      detach.push(() => {
        off();
        if (kept.length > 0) link.unread(kept.splice(0));
      });
      link.onClose(() => {
        // In rounds a closed link changes nothing: its player's statement may still come handed on, and is judged by the rounds.
        if (done || rounds) return;
        // The host's link closed before its offer came: no offer will.
        if (offer === null && player === host)
          return end({ ok: false, reason: `lost the connection to player ${player}` });
        closed.add(player);
        settle();
      });
    }
    /**
     * A checked resume line in rounds: the host's offer is handed on at once (every honest peer
     * starts its rounds within one delivery of the first), the first one taken counts and any other
     * is dropped, as is one from another player; the statements and relays go to the rounds.
     */
    function inRounds(line: string, from: number, opened: { message: ResumeMessage; author: number; inner: string }) {
      const { message, author, inner } = opened;
      if (message.command === 'resume_game') {
        if (author !== host || offer !== null) return;
        handOn(line, from, author);
        return take(message.payload);
      }
      if (message.command === 'resume_relay') {
        const count = (relaysFrom.get(from) ?? 0) + 1;
        relaysFrom.set(from, count);
        if (count > MAX_RELAYS_PER_LINK) return;
        const candidate = relayed(message);
        if (candidate !== null) consider(candidate);
        return;
      }
      const candidate = candidateOf(message, author, inner, line, []);
      if (candidate !== null) consider(candidate);
    }

    if (setup.offer !== undefined) {
      send({ command: 'resume_game', payload: setup.offer, player_id: me }, setup.offer.session_id);
      take(setup.offer);
    }
  });
}
