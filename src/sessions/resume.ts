// Networked resume (protocol-spec/resume.md): a stored native game goes on in a new session once
// every player has shown it holds the same history. The host offers the game; every player looks
// it up in its own store and states the hashes of its state at its last sequence points; each
// peer alone finds the common point (commonPoint) and, if all agree there, plays on from it with a
// replica started from that state (ReplicaConfig.resume) under the new session's id, so the dice
// rounds are fresh and no line signed before the resume counts in it.
import { resumeHash } from '../core/native/hashes.js';
import type { GameState } from '../model/index.js';
import type { Link } from '../net/link.js';
import { commonPoint, parseResumeMessage, type ResumeGame, type ResumeMessage } from '../protocol/resume.js';
import { type Keyring, lineDigest, seal, unseal } from '../protocol/signing.js';

/** A player's stored history of a game, as far as a resume needs it. */
export interface History<S = GameState> {
  /** Sequence points applied (a RISC game counts every entry: protocol-spec/resume.md, RISC games). */
  readonly index: number;
  /** The state at each of the last few points (oldest first, the last at `index`). */
  readonly states: readonly S[];
  /** Their resume hashes (default: the classic game's, resumeHash). */
  readonly hashes?: readonly string[];
}

export type Lookup<S = GameState> = (
  offer: ResumeGame['payload'],
) => { ok: true; history: History<S> } | { ok: false; reason: string };

export interface ResumeSetup<S = GameState> {
  readonly me: number;
  /** A link to every other player of the new mesh. */
  readonly links: ReadonlyMap<number, Link>;
  /** Signs and checks the handshake (signed_messages); without it the links are trusted. */
  readonly keyring?: Keyring;
  /** The host (player 0) makes the offer; the others wait for it. */
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
    }
  | { readonly ok: false; readonly reason: string };

/** Runs the handshake over the links; every peer ends it with the same verdict, or times out. */
export function negotiateResume<S = GameState>(setup: ResumeSetup<S>): Promise<Resumed<S>> {
  const { me, links, keyring } = setup;
  const players = links.size + 1;
  return new Promise((resolve) => {
    const detach: (() => void)[] = [];
    const states = new Map<number, { index: number; hashes: string[]; session: string }>();
    let offer: ResumeGame['payload'] | null = null;
    let history: History<S> | null = null;
    let done = false;
    const timer = setTimeout(() => {
      const missing = [...links.keys()].filter((p) => !states.has(p));
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
      if (offer.players.length !== players)
        return refuse(`the offered game has ${offer.players.length} players; this session has ${players}`);
      const found = setup.lookup(offer);
      if (!found.ok) return refuse(found.reason);
      history = found.history;
      const hashes = [...(history.hashes ?? history.states.map((s) => resumeHash(s as GameState)))];
      states.set(me, { index: history.index, hashes, session: offer.session_id });
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

    function settle() {
      if (offer === null || history === null || states.size < players) return;
      const other = [...states].find(([, s]) => s.session !== offer!.session_id);
      if (other !== undefined) return end({ ok: false, reason: `player ${other[0]} answered for another session` });
      const point = commonPoint(states);
      if (!point.ok) return end(point);
      const state = history.states[history.states.length - 1 - (history.index - point.index)];
      if (state === undefined) return end({ ok: false, reason: `this player cannot go back to move ${point.index}` });
      end({
        ok: true,
        gameId: offer.game_id,
        sessionId: offer.session_id,
        index: point.index,
        hash: point.hash,
        state,
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
          if (author === 0 && offer !== null && JSON.stringify(message.payload) === JSON.stringify(offer)) return;
          if (author !== 0 || offer !== null)
            return end({ ok: false, reason: `player ${author} offered a game to resume` });
          return take(message.payload);
        }
        if (offer !== null && message.payload.session_id !== offer.session_id)
          return end({ ok: false, reason: `player ${author} answered for another session` });
        if (message.command === 'resume_refuse')
          return end({ ok: false, reason: `player ${author} cannot resume: ${message.payload.reason}` });
        const stated = states.get(author);
        if (stated !== undefined) {
          // The same statement again is one statement (a line delivered twice); another one is two histories.
          const same =
            stated.session === message.payload.session_id &&
            stated.index === message.payload.index &&
            JSON.stringify(stated.hashes) === JSON.stringify(message.payload.hashes);
          if (same) return;
          return end({ ok: false, reason: `player ${author} stated its history twice` });
        }
        states.set(author, {
          index: message.payload.index,
          hashes: message.payload.hashes,
          session: message.payload.session_id,
        });
        settle();
      });
      // Lines for the game that follows (or that came before the offer was read) go back to the link.
      detach.push(() => {
        off();
        if (kept.length > 0) link.unread(kept.splice(0));
      });
      link.onClose(() => end({ ok: false, reason: `lost the connection to player ${player}` }));
    }
    if (setup.offer !== undefined) {
      send({ command: 'resume_game', payload: setup.offer, player_id: me }, setup.offer.session_id);
      take(setup.offer);
    }
  });
}
