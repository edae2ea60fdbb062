// Networked games in the store. storeRecorder is a Recorder (what sessions write their record to)
// that appends each line and each applied step (move, draw, neutralisation, with its dice round's
// numbers) to the game database as it happens; storeSession adds what the database
// keeps beyond the lines: the players, the outcome, and statistics from the session's events.
//
// Wiring a networked session:
//   const stored = storeSession(store, { kind: 'network', gameId, me, players, rules, features });
//   new MeshSession({ ..., recorder: stored.recorder, onEvent: (e) => { stored.onEvent(e); ... } })
//   stored.finish(await session.run())
// `risk export` then writes the record back in the transcript format, header note first, which
// `risk verify` audits with the same replica core that played it.

import type { SessionEvent, SessionFeatures, SessionResult } from '../core/contract.js';
import { GameAnalyser } from '../core/steps/analysis.js';
import type { GameState, OptionsInput } from '../model/index.js';
import { type GameHandle, type GameKind, type GameStore, RESUMABLE_KINDS } from './store.js';
import type { Recorder } from './transcript-recorder.js';

/**
 * Each line and each applied step is its own committed row (a killed process loses at most the
 * line being written); with `byTurn` (networked sessions) the rows of one turn of the event loop are
 * committed together, and at once with a line this peer sends (GameHandle.writeByTurn). `lines:
 * false` keeps the steps only (a quick game: its peers are all on this machine, and its steps
 * export as a verifiable local game).
 */
export function storeRecorder(handle: GameHandle, options: { lines?: boolean; byTurn?: boolean } = {}): Recorder {
  const lines = options.lines !== false;
  if (options.byTurn === true) handle.writeByTurn();
  const none = () => {};
  return {
    path: null,
    incoming: lines ? (from, line) => handle.append('in', line, from) : none,
    outgoing: lines ? (line) => handle.append('out', line) : none,
    note: lines ? (fact) => handle.append('note', JSON.stringify(fact)) : none,
    sync: () => handle.sync(),
    // The game row stays open until finish(): closing the record says nothing about the outcome.
    close: () => handle.sync(),
    step: (action, numbers) => handle.step(action, numbers),
    unstep: (count) => {
      for (let i = 0; i < count; i++) handle.unstep();
    },
  };
}

/** Both at once: e.g. the record file and the database. */
export function teeRecorder(first: Recorder, second: Recorder): Recorder {
  return {
    path: first.path ?? second.path,
    incoming: (from, line) => {
      first.incoming(from, line);
      second.incoming(from, line);
    },
    outgoing: (line) => {
      first.outgoing(line);
      second.outgoing(line);
    },
    note: (fact) => {
      first.note(fact);
      second.note(fact);
    },
    sync: () => {
      first.sync();
      second.sync();
    },
    close: () => {
      first.close();
      second.close();
    },
    step: (action, numbers) => {
      first.step?.(action, numbers);
      second.step?.(action, numbers);
    },
    unstep: (count) => {
      first.unstep?.(count);
      second.unstep?.(count);
    },
  };
}

export interface NetworkGameMeta {
  readonly kind: Extract<GameKind, 'network' | 'cs3099' | 'bot' | 'quick'>;
  readonly gameId: string;
  readonly me: number;
  readonly players: readonly {
    readonly name: string;
    readonly peerId?: string;
    readonly botKind?: string | null;
    /** The player's dial addresses, as the lobby gave them: a later rejoin or resume dials them. */
    readonly addresses?: readonly string[];
  }[];
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly features: SessionFeatures;
  readonly profile?: 'native' | 'cs3099';
  /** Store the lines too (default); without them only the steps (see storeRecorder). */
  readonly lines?: boolean;
  /** The stored game's id (default: `GAMEID-pME`, one record per peer). */
  readonly uid?: string;
}

export interface StoredSession {
  readonly handle: GameHandle;
  readonly recorder: Recorder;
  /** Feed every session event here: the game events make the statistics. */
  onEvent(event: SessionEvent): void;
  /**
   * The session's result. A game this peer saw to its end (won or lost) is stored as finished, with
   * statistics; one it left early (left, made neutral, cut off, stopped) as stopped — except a
   * quick game left or stopped, which stays resumable.
   */
  finish(result: SessionResult): void;
}

export function storeSession(store: GameStore, meta: NetworkGameMeta): StoredSession {
  const handle = store.openGame({
    // A record is one peer's: peers of one game may share a database (bots on one machine).
    uid: meta.uid ?? `${meta.gameId}-p${meta.me}`,
    kind: meta.kind,
    profile: meta.profile ?? 'native',
    dice: meta.features.mtDice ? 'mt19937' : 'hash_chain',
    ...(meta.rules ? { rules: meta.rules } : {}),
    me: meta.me,
    players: meta.players.map((p) => ({
      name: p.name,
      peerId: p.peerId ?? null,
      botKind: p.botKind ?? null,
      addresses: p.addresses ?? null,
    })),
  });
  const analyser = new GameAnalyser(meta.players.length);
  // A session reports each event of an applied step with the state after the step; the state
  // before it is the one the previous step left.
  let before: GameState | null = null;
  let after: GameState | null = null;
  return {
    handle,
    recorder: storeRecorder(handle, {
      lines: meta.lines !== false,
      byTurn: meta.lines !== false,
    }),
    onEvent(event) {
      if (event.type !== 'game') return;
      if (event.state !== after) {
        before = after ?? event.state;
        after = event.state;
      }
      analyser.observe(before ?? event.state, [event.event], event.state);
    },
    finish(result) {
      const ended =
        result.outcome === 'conquest' ||
        result.outcome === 'forfeit' ||
        (result.outcome === undefined && result.state.phase === 'over');
      // A local game (quick) that its player left or that was stopped stays open, to be resumed.
      if (
        !ended &&
        RESUMABLE_KINDS.includes(meta.kind) &&
        (result.outcome === 'left' || result.outcome === 'stopped')
      ) {
        handle.close();
        return;
      }
      handle.finish(
        { winner: result.winner, turns: result.state.turn, status: ended ? 'finished' : 'stopped' },
        ended ? analyser.finish(result.state) : undefined,
      );
    },
  };
}
