// Offline RISC games between bots, straight on the model (no commitments): for tests and benches.
import {
  executePlacement,
  executeTurn,
  type RiscMap,
  type RiscState,
  riscMap,
  startRisc,
} from '../../model/risc/index.js';
import { mersenneStream, uniformDice } from '../../protocol/random.js';
import { createRiscBot, type RiscBotKind } from './bots.js';

export interface RiscGameResult {
  /** The winning seat, or null when the turn cap came first. */
  readonly winner: number | null;
  readonly turns: number;
  readonly final: RiscState;
}

export function playRiscGame(
  kinds: readonly RiscBotKind[],
  seed: number,
  turnCap = 200,
  map: RiscMap = riscMap(),
): RiscGameResult {
  const started = startRisc(
    map,
    kinds.map((k, i) => `${k}-${i}`),
  );
  if (!started.ok) throw new Error(started.reason);
  const bots = kinds.map(createRiscBot);
  const rngs = kinds.map((_, i) => uniformDice(mersenneStream([seed >>> 0, i + 1])));
  const dice = uniformDice(mersenneStream([seed >>> 0, 0]));
  let state = executePlacement(
    started.value,
    bots.map((b, i) => b.place(started.value, i, rngs[i]!)),
  ).state;
  while (state.phase === 'orders' && state.turn <= turnCap) {
    const s = state;
    const orders = bots.map((b, i) => (s.lost[i] ? [] : b.orders(s, i, rngs[i]!)));
    state = executeTurn(s, orders, dice).state;
  }
  return { winner: state.winner, turns: state.turn - 1, final: state };
}

/** Wins per bot kind over `games` games, seats rotated each game. */
export function riscMatch(
  kinds: readonly RiscBotKind[],
  games: number,
  seed: number,
  turnCap = 200,
): { wins: number[]; capped: number } {
  const wins = kinds.map(() => 0);
  let capped = 0;
  for (let g = 0; g < games; g++) {
    const shift = g % kinds.length;
    const seats = kinds.map((_, i) => kinds[(i + shift) % kinds.length]!);
    const result = playRiscGame(seats, seed + g, turnCap);
    if (result.winner === null) capped++;
    else wins[(result.winner + shift) % kinds.length]!++;
  }
  return { wins, capped };
}
