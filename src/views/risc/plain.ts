// RISC in plain text, in the style of the original RISC client: the state listed per player with
// units and neighbours, then (M)ove, (A)ttack, (D)one. One person against bots in this process;
// lines typed early wait their turn, so a script can send all its answers at once.
import { createInterface } from 'node:readline';
import type { RiscBotKind } from '../../ai/risc/bots.js';
import { botSeats } from '../../ai/risc/seat.js';
import type { RiscRecordLine } from '../../core/risc/record.js';
import { type RiscSeat, runRiscLocal } from '../../sessions/risc-local.js';
import {
  answerOrder,
  answerPlacement,
  NEW_PLANNING,
  newPlacing,
  orderPrompt,
  type Planning,
  placementPrompt,
} from './dialogue.js';
import { eventLines, RISC_RULES, stateLines } from './text.js';

export const RISC_BOT_NAMES = ['Ada', 'Babbage', 'Curie', 'Dijkstra', 'Euler'];

export interface RiscPlainOptions {
  readonly input: NodeJS.ReadableStream;
  readonly out: (text: string) => void;
  readonly name: string;
  readonly players: number;
  readonly bot: RiscBotKind;
  readonly seed: number;
  readonly startUnits?: number;
  readonly onRecord?: (line: RiscRecordLine) => void;
}

/** Lines from a stream, one at a time; null once the stream has ended. */
export function lineReader(input: NodeJS.ReadableStream): { next(): Promise<string | null>; close(): void } {
  const lines = createInterface({ input, terminal: false });
  const queue: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  lines.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : queue.push(line)));
  lines.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w(null);
  });
  return {
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift()!)
        : ended
          ? Promise.resolve(null)
          : new Promise((resolve) => waiting.push(resolve)),
    close: () => lines.close(),
  };
}

export async function runRiscPlain(options: RiscPlainOptions): Promise<number> {
  const say = (text: string) => options.out(text.endsWith('\n') ? text : `${text}\n`);
  const reader = lineReader(options.input);
  const ask = async (question: string): Promise<string | null> => {
    say(question);
    return reader.next();
  };

  const you: RiscSeat = {
    name: options.name,
    kind: 'human',
    async place(state, player) {
      say(
        `\nPlacement: put your ${state.startUnits} units on your ${newPlacing(state, player).territories.length} territories. No one sees where until all have placed.\n`,
      );
      say(stateLines(state, player).join('\n'));
      let placing = newPlacing(state, player);
      for (;;) {
        const line = await ask(placementPrompt(state, placing));
        if (line === null) return null;
        const r = answerPlacement(state, placing, line);
        if (r.kind === 'quit') return null;
        if (r.kind === 'done') {
          say('Placement committed. Waiting for the others…');
          return r.placement;
        }
        if (r.message) say(r.message);
        placing = r.placing;
      }
    },
    async orders(state, player) {
      say(`\n=== Turn ${state.turn} ===\n`);
      say(stateLines(state, player).join('\n'));
      let planning: Planning = NEW_PLANNING;
      for (;;) {
        const line = await ask(orderPrompt(state, player, planning));
        if (line === null) return null;
        const r = answerOrder(state, player, planning, line);
        if (r.kind === 'quit') return null;
        if (r.kind === 'done') {
          say(`Orders committed (${r.orders.length}). Waiting for the others…`);
          return r.orders;
        }
        if (r.message) say(r.message);
        planning = r.planning;
      }
    },
  };

  const names = [options.name, ...RISC_BOT_NAMES.slice(0, options.players - 1).map((n) => `${n} (bot)`)];
  const seats = [you, ...botSeats(names.slice(1), [options.bot], options.seed)];
  say(
    `RISC: ${options.name} against ${options.players - 1} ${options.bot} bot${options.players > 2 ? 's' : ''}. Type h for help at any prompt.\n\n${RISC_RULES}`,
  );
  try {
    const result = await runRiscLocal({
      seats,
      seed: options.seed,
      ...(options.startUnits !== undefined ? { startUnits: options.startUnits } : {}),
      turnCap: 1000,
      ...(options.onRecord ? { onRecord: options.onRecord } : {}),
      onExecuted: (state, turn, events) => {
        if (turn === 0) say('\nEveryone has placed their units.');
        else if (events.length > 0) say(`\nTurn ${turn}:\n${eventLines(state, events).join('\n')}`);
        else say(`\nTurn ${turn}: no one moved or attacked.`);
        if (state.lost[0] && state.phase !== 'over' && events.some((e) => e.kind === 'lost' && e.player === 0))
          say('You have lost. The bots play on; watch, or type nothing and close the input to leave.');
      },
    });
    const state = result.state;
    if (result.stopped === 'left') say('You left the game.');
    else if (state.winner !== null) {
      say(`\n${stateLines(state, 0).join('\n')}`);
      say(state.winner === 0 ? 'You hold every territory. You win!' : `${state.players[state.winner]!.name} wins.`);
    } else say('The game ended without a winner.');
    for (const v of result.violations) say(`violation: line ${v.line}, player ${v.player ?? '-'}: ${v.reason}`);
    return 0;
  } finally {
    reader.close();
  }
}
