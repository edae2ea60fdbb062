// `risk bot host|join --game risc`: after the lobby, a RISC bot plays the networked game and
// prints each turn (one line of events per turn, or JSON objects) and the winner.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RiscBotKind } from '../ai/risc/bots.js';
import { botRiscSeat } from '../ai/risc/seat.js';
import { territoriesOf } from '../model/risc/index.js';
import { seededDice } from '../protocol/random.js';
import type { Roster } from '../sessions/lobby.js';
import { playRiscOverLinks } from '../sessions/risc-net.js';
import { eventLines } from '../views/risc/text.js';

export interface RiscBotGame {
  readonly kind: RiscBotKind;
  readonly seed: number;
  /** Where the RISC record goes (null: none). */
  readonly recordPath: string | null;
  readonly say: (line: string, json: Record<string, unknown>) => void;
  readonly err: (line: string) => void;
}

export async function playRiscBot(roster: Roster, game: RiscBotGame): Promise<number> {
  const { say } = game;
  let path = game.recordPath;
  if (path !== null) {
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '');
      say(`recording to ${path} (check it with: risk verify ${path})`, { type: 'record', path });
    } catch (error) {
      game.err(`risk bot: cannot write the record ${path}: ${(error as Error).message}\n`);
      path = null;
    }
  }
  const me = roster.players.find((p) => p.id === roster.me)?.name ?? `player ${roster.me}`;
  const result = await playRiscOverLinks(roster, {
    seat: botRiscSeat(me, game.kind, seededDice(game.seed)),
    ...(path !== null ? { onRecord: (line) => appendFileSync(path, `${JSON.stringify(line)}\n`) } : {}),
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
    onRefused: (player, reason) =>
      say(`refused a line from player ${player}: ${reason}`, { type: 'refused', player, reason }),
  });
  if (!result.ok) {
    game.err(`risk bot: ${result.reason}\n`);
    return 1;
  }
  for (const v of result.found) say(`violation: ${v.reason}`, { type: 'violation', ...v });
  const winner = result.state.winner;
  if (winner === null) {
    game.err('risk bot: the game ended without a winner\n');
    return 1;
  }
  say(`winner: ${result.state.players[winner]?.name ?? '?'} (player ${winner})`, {
    type: 'winner',
    player: winner,
    name: result.state.players[winner]?.name,
  });
  return 0;
}
