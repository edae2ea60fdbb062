// Bot seats for RISC: a RISC bot behind the seat interface a person's seat has.

import type { Dice } from '../../model/dice.js';
import { seededDice } from '../../protocol/random.js';
import type { RiscSeat } from '../../sessions/risc-local.js';
import { createRiscBot, type RiscBotKind } from './bots.js';

export function botRiscSeat(name: string, kind: RiscBotKind, rng: Dice, delayMs = 0): RiscSeat {
  const bot = createRiscBot(kind);
  const pause = () => (delayMs > 0 ? new Promise((r) => setTimeout(r, delayMs)) : Promise.resolve());
  return {
    name,
    kind,
    place: async (state, player) => {
      await pause();
      return bot.place(state, player, rng);
    },
    orders: async (state, player) => {
      await pause();
      return bot.orders(state, player, rng);
    },
  };
}

/** Seats for a person against bots, with per-seat bot randomness from the seed. */
export function botSeats(
  names: readonly string[],
  kinds: readonly RiscBotKind[],
  seed: number,
  delayMs = 0,
): RiscSeat[] {
  return names.map((name, i) =>
    botRiscSeat(name, kinds[i % kinds.length]!, seededDice((seed ^ (0x9e3779b1 * (i + 1))) >>> 0), delayMs),
  );
}
