// `risk bot host|join --game risc`: after the lobby, a RISC bot plays the networked game and
// prints each turn (one line of events per turn, or JSON objects) and the winner; with --store
// the game goes into the game database too.
import type { RiscBotKind } from '../ai/risc/bots.js';
import { botRiscSeat } from '../ai/risc/seat.js';
import { territoriesOf } from '../model/risc/index.js';
import { seededDice } from '../protocol/random.js';
import type { LobbyEndpoint, Roster } from '../sessions/lobby.js';
import { playRiscOverLinks } from '../sessions/risc-net.js';
import type { RiscStoreRejoin } from '../sessions/risc-rejoin.js';
import type { RiscStoreResume } from '../sessions/risc-resume.js';
import { type StoredRisc, storeRisc } from '../store/risc-games.js';
import type { GameStore } from '../store/store.js';
import { fileRecorder, type Recorder } from '../store/transcript-recorder.js';
import { eventLines } from '../views/risc/text.js';
import { rejoinsAfterStart } from './after-start.js';
import { riscRecording } from './risc-kit.js';

export interface RiscBotGame {
  readonly kind: RiscBotKind;
  readonly seed: number;
  /** Where the RISC record goes (null: none). */
  readonly recordPath: string | null;
  /** The game database, to store the game in too (--store). */
  readonly store: GameStore | null;
  readonly say: (line: string, json: Record<string, unknown>) => void;
  readonly err: (line: string) => void;
  /** This peer's network: a player that drops out dials it again to take its seat back. */
  readonly endpoint?: LobbyEndpoint;
  /** This seat taken back from the store (--rejoin): the game goes on from the checked history. */
  readonly rejoin?: RiscStoreRejoin;
  /** A stored game every player resumed (--resume): the game goes on from the agreed point. */
  readonly resume?: RiscStoreResume;
}

export async function playRiscBot(roster: Roster, game: RiscBotGame): Promise<number> {
  const { say } = game;
  // The record of the game's signed lines, which `risk verify` audits by a mute replica of this peer.
  let transcript: Recorder | null = null;
  const path = game.recordPath;
  if (path !== null) {
    try {
      transcript = fileRecorder(path);
      say(`recording to ${path} (check it with: risk verify ${path})`, { type: 'record', path });
    } catch (error) {
      game.err(`risk bot: cannot write the record ${path}: ${(error as Error).message}\n`);
    }
  }
  const me = roster.players.find((p) => p.id === roster.me)?.name ?? `player ${roster.me}`;
  const continued = game.rejoin ?? game.resume;
  let stored: StoredRisc | null = continued?.stored ?? null;
  const uid = `${roster.gameId}-p${roster.me}`;
  // (A resumed game is stored on under its first id, not the new session's.)
  if (stored !== null)
    say(`storing on as game ${stored.handle.id}`, { type: 'store', game: stored.handle.id, uid: stored.handle.uid });
  else if (game.store !== null) {
    const opened = storeRisc(game.store, {
      kind: 'bot',
      uid,
      me: roster.me,
      players: roster.players.map((p) => ({
        name: p.name,
        peerId: p.peerId,
        addresses: p.addresses,
        botKind: p.id === roster.me ? game.kind : null,
      })),
    });
    if (opened.ok) {
      stored = opened.stored;
      say(`storing as game ${stored.handle.id} in ${game.store.path}`, { type: 'store', game: stored.handle.id, uid });
    } else game.err(`risk bot: ${opened.reason}\n`);
  }
  const result = await playRiscOverLinks(roster, {
    seat: botRiscSeat(me, game.kind, seededDice(game.seed)),
    // A player that drops out and comes back is sent this peer's record (protocol-spec/resume.md).
    ...riscRecording(
      path !== null && transcript !== null ? { path, recorder: transcript } : null,
      stored !== null && game.store !== null ? { store: game.store, game: stored } : null,
      continued,
    ),
    ...(game.endpoint
      ? {
          onSession: (session: Parameters<typeof rejoinsAfterStart>[2]) =>
            rejoinsAfterStart(
              game.endpoint!,
              roster,
              session,
              say,
              (p) => `${roster.players[p]?.name ?? '?'} (player ${p})`,
            ),
        }
      : {}),
    onExecuted: (state, turn, events) => {
      const held = state.players.map((p) => territoriesOf(state, p.id).length);
      const text = eventLines(state, events).filter((l) => !l.includes(' moves '));
      say(`turn ${turn}: territories ${held.join('/')}${text.length > 0 ? `; ${text.join('; ')}` : ''}`, {
        type: 'turn',
        turn,
        territories: held,
        events,
      });
    },
    onNote: (text) => say(text, { type: 'note', text }),
  });
  if (!result.ok) {
    game.err(`risk bot: ${result.reason}\n`);
    return 1;
  }
  stored?.finish(result.state);
  for (const v of result.found) say(`violation: ${v.reason}`, { type: 'violation', ...v });
  const winner = result.state.winner;
  if (winner === null) {
    if (result.state.phase === 'over' && result.state.turnLimit !== null) {
      say(`a draw at the turn limit (${result.state.turnLimit})`, { type: 'draw', turn: result.state.turnLimit });
      return 0;
    }
    game.err('risk bot: the game ended without a winner\n');
    return 1;
  }
  const byLimit = !result.state.owner.every((o) => o === winner);
  say(
    `winner: ${result.state.players[winner]?.name ?? '?'} (player ${winner})${byLimit ? ', the most territories at the turn limit' : ''}`,
    {
      type: 'winner',
      player: winner,
      name: result.state.players[winner]?.name,
      outcome: byLimit ? 'turn-limit' : 'conquest',
    },
  );
  return 0;
}
