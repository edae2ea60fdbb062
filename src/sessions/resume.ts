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
  parseResumeMessage,
  type ResumeGame,
  type ResumeMessage,
  resumePoint,
  type Statement,
} from '../protocol/resume.js';
import { type Keyring, lineDigest, seal, unseal } from '../protocol/signing.js';

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
  /** How long to wait for the offer and for every player's answer. */
  readonly timeoutMs: number;
}

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

/** Runs the handshake over the links; every peer ends it with the same verdict, or times out. */
export function negotiateResume<S = GameState>(setup: ResumeSetup<S>): Promise<Resumed<S>> {
  const { me, links, keyring } = setup;
  const host = setup.host ?? 0;
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
    const timer = setTimeout(() => {
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

    function send(message: ResumeMessage, sessionId: string) {
      const inner = JSON.stringify(message);
      const line = keyring ? seal(inner, me, keyring.sign(lineDigest(sessionId, inner))) : inner;
      for (const link of links.values()) link.send(line);
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
    ): { message: ResumeMessage; author: number } | { fails: string } | 'dropped' | null {
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
        return { message: parsed.message, author: from };
      }
      const author = sealed.by;
      if (author === me || !links.has(author) || !parsed.ok) return 'dropped';
      const message = parsed.message;
      if (!keyring!.verify(author, lineDigest(message.payload.session_id, inner), sealed.sig)) return 'dropped';
      if (message.player_id !== author)
        return { fails: `player ${author} signed a resume message as player ${message.player_id}` };
      return { message, author };
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
      const beyond = [...links.keys()].find((p) => p >= theOffer.players.length);
      if (beyond !== undefined)
        return refuse(`the offered game has ${theOffer.players.length} players; this session has a player ${beyond}`);
      const found = setup.lookup(offer);
      if (!found.ok) return refuse(found.reason);
      history = found.history;
      const hashes = [...(history.hashes ?? history.states.map((s) => resumeHash(s as GameState)))];
      statements.set(me, { index: history.index, hashes });
      sessions.set(me, offer.session_id);
      send(
        {
          command: 'resume_state',
          payload: { session_id: offer.session_id, index: history.index, hashes },
          player_id: me,
        },
        offer.session_id,
      );
      settle();
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
        if (done) return;
        // The host's link closed before its offer came: no offer will.
        if (offer === null && player === host)
          return end({ ok: false, reason: `lost the connection to player ${player}` });
        closed.add(player);
        settle();
      });
    }
    if (setup.offer !== undefined) {
      send({ command: 'resume_game', payload: setup.offer, player_id: me }, setup.offer.session_id);
      take(setup.offer);
    }
  });
}
