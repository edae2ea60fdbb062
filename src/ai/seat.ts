// A bot as a seat of a game session, with a guard against a bot that fails.

import { apply, CHECK_DICE, type Dice } from '../model/index.js';
import type { Seat, SeatIncident } from '../sessions/seat.js';
import type { Bot } from './bot.js';
import { randomBot } from './random.js';

/**
 * A bot as a seat. A bot that throws, overruns its time, or answers with an illegal action is
 * replaced for that decision by the random-legal choice; the incident is reported.
 */
export function botSeat(
  bot: Bot,
  rng: Dice,
  options: { deadlineMs: number; onIncident?: (incident: SeatIncident) => void },
): Seat {
  const fallback = randomBot(rng);
  return {
    kind: bot.kind,
    async decide(state, player) {
      const started = performance.now();
      let reason: string;
      try {
        const action = bot.decide(state, player);
        const elapsed = performance.now() - started;
        const check = apply(state, action, CHECK_DICE);
        if (elapsed > options.deadlineMs) reason = `took ${elapsed.toFixed(0)} ms (limit ${options.deadlineMs} ms)`;
        else if (!check.ok) reason = `chose an illegal action: ${check.reason}`;
        else return action;
      } catch (error) {
        reason = `threw: ${(error as Error).message}`;
      }
      options.onIncident?.({ player, reason: `${bot.kind} bot ${reason}; played a random legal move instead` });
      return fallback.decide(state, player);
    },
  };
}
