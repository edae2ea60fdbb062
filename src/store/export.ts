// A stored game as a transcript (the format `risk verify` audits). A networked game exports the
// lines its peer recorded; a local game's steps are written as the messages and dice rounds a
// networked game of the same moves would have sent, with the stored numbers behind every roll.

import { roundIdFor } from '../core/dice-round.js';
import type { RoundNumbers } from '../core/steps/dice.js';
import { replaySteps, takesSequencePoint } from '../core/steps/replay.js';
import { encodeLine } from '../protocol/codec.js';
import { boundCommitment, bytesToHex, commitment } from '../protocol/commitment.js';
import { fromAction, type Message, type MessageAction } from '../protocol/messages.js';
import { sessionRecords } from './network-games.js';
import type { StoredGame } from './store.js';

/** `sessions`: how many session records a networked game has (a resumed game: one per session). */
export type Exported = { ok: true; text: string; sessions?: number } | { ok: false; reason: string };

const record = (t: number, conn: number, dir: string, raw: string) => `${JSON.stringify({ t, conn, dir, raw })}\n`;
const line = (message: Message) => encodeLine(message).trimEnd();

/** `session`: which session's record of a networked game (1: the first; a resumed game has one per session). */
export function exportTranscript(
  game: StoredGame,
  lines: readonly { t: number; dir: string; conn: number; raw: string }[],
  session = 1,
): Exported {
  const sessions = sessionRecords(lines).filter((s) => s.length > 0);
  if (sessions.length > 0) {
    const chosen = sessions[session - 1];
    if (chosen === undefined)
      return {
        ok: false,
        reason: `game ${game.id} has ${sessions.length === 1 ? 'one session' : `${sessions.length} sessions`}: there is no session ${session}`,
      };
    return {
      ok: true,
      text: chosen.map((l) => record(l.t, l.conn, l.dir, l.raw)).join(''),
      sessions: sessions.length,
    };
  }
  if (session !== 1) return { ok: false, reason: `game ${game.id} is a local game: it has one session` };
  if (game.steps.length === 0) return { ok: false, reason: `game ${game.id} has no stored moves` };
  if (game.steps.some((s) => s.action.command === 'deal_territories')) {
    return {
      ok: false,
      reason: `game ${game.id} dealt its territories at random, which the transcript format has no message for`,
    };
  }
  if (game.steps.some((s) => s.action.command === 'deal_missions')) {
    return {
      ok: false,
      reason: `game ${game.id} dealt its Secret Mission cards at this keyboard, which the transcript format has no message for (a networked game's record has its secret deal)`,
    };
  }
  const out: string[] = [];
  const mt = game.dice === 'mt19937';
  const features = mt ? ['mt19937_dice', 'bound_commitments'] : [];
  out.push(
    record(0, -1, 'note', JSON.stringify({ me: 0, rules: game.rules, exported: { store: game.id, kind: game.kind } })),
  );
  out.push(
    record(
      0,
      0,
      'in',
      line({
        command: 'players_joined',
        payload: game.players.map((p) => [p.seat, p.name, ''] as [number, string, string]),
      } as Message),
    ),
  );
  out.push(
    record(
      0,
      0,
      'in',
      line({
        command: 'initialise_game',
        payload: { version: 1, supported_features: features, game_id: game.uid },
      } as Message),
    ),
  );
  let index = 0;
  const rolls = (numbers: RoundNumbers, round: number) => {
    for (const [p, n] of numbers) {
      const hash = mt ? boundCommitment(n, { gameId: game.uid, round, player: p }) : commitment(n);
      out.push(record(0, p, 'in', line({ command: 'roll_hash', payload: hash, player_id: p, round } as Message)));
    }
    for (const [p, n] of numbers)
      out.push(
        record(0, p, 'in', line({ command: 'roll_number', payload: bytesToHex(n), player_id: p, round } as Message)),
      );
  };
  const replay = replaySteps(game, (step, before) => {
    const round = roundIdFor(before.phase, index);
    if (takesSequencePoint(step.action, before)) {
      // A local leave is what the networked session sequences as a timeout.
      const action = (
        step.action.command === 'leave_game' ? { command: 'timeout', player: step.action.player } : step.action
      ) as MessageAction;
      const message = fromAction(action, index, null);
      out.push(
        record(
          0,
          action.command === 'timeout' ? -1 : action.player,
          action.command === 'timeout' ? 'out' : 'in',
          line(message),
        ),
      );
      index++;
    }
    if (step.numbers !== null) rolls(step.numbers, round);
  });
  if (!replay.ok) return { ok: false, reason: replay.reason };
  return { ok: true, text: out.join('') };
}
