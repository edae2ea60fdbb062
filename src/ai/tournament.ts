// Tournaments: bots (by list position) play offline games with the seats rotated, so that every
// bot sits in every seat equally often. A game's outcome depends only on the seed, its index and
// the bot list, so any split of the games over threads gives the same results.

import { classicBoard, type Dice, type OptionsInput } from '../model/index.js';
import { mersenneStream, uniformDice } from '../protocol/random.js';
import { type LocalGameResult, type LocalGameSetup, playLocalGame } from '../sessions/local-game.js';
import { gameDice } from './arena.js';
import type { Bot } from './bot.js';
import { type BotKind, createBot } from './registry.js';

export interface TournamentSetup {
  readonly bots: readonly BotKind[];
  readonly games: number;
  readonly seed: number;
  readonly turnCap: number;
  /** House rules and variant for every game (default: the 1993 rules). */
  readonly rules?: Omit<OptionsInput, 'players'>;
}

export interface TournamentGame {
  readonly game: number;
  /** List position of the winning bot, or null (turn cap). */
  readonly winner: number | null;
  readonly turns: number;
  readonly capped: boolean;
}

/** Game g seats the bots rotated by g mod N: seat s holds the bot at list position (s + g) mod N. */
export function positionInSeat(game: number, seat: number, players: number): number {
  return (seat + game) % players;
}

/** A bot's own random stream in a game: by list position, so it does not depend on the seat. */
export function botRng(seed: number, game: number, position: number): Dice {
  return uniformDice(mersenneStream([seed >>> 0, game, 1 + position]));
}

/** Storing a tournament's games: per game, how to roll (per-round numbers) and where the steps go. */
export interface TournamentRecording {
  begin(
    game: number,
    seats: readonly { readonly kind: BotKind; readonly position: number }[],
  ): { rounds: NonNullable<LocalGameSetup['rounds']>; finish(result: LocalGameResult): void };
}

/** Plays games first .. first + count - 1 of a tournament. */
export function playTournamentGames(
  setup: Omit<TournamentSetup, 'games'>,
  first: number,
  count: number,
  wrap: (bot: Bot, position: number) => Bot = (bot) => bot,
  recording?: TournamentRecording,
): TournamentGame[] {
  const players = setup.bots.length;
  const board = classicBoard();
  const records: TournamentGame[] = [];
  for (let game = first; game < first + count; game++) {
    const positions = Array.from({ length: players }, (_, seat) => positionInSeat(game, seat, players));
    const seats = positions.map((p) => wrap(createBot(setup.bots[p]!, botRng(setup.seed, game, p)), p));
    const stored = recording?.begin(
      game,
      positions.map((p) => ({ kind: setup.bots[p]!, position: p })),
    );
    const result = playLocalGame({
      board,
      options: { ...setup.rules, players },
      seats,
      dice: gameDice(setup.seed, game),
      turnCap: setup.turnCap,
      ...(stored ? { rounds: stored.rounds } : {}),
    });
    stored?.finish(result);
    records.push({
      game,
      winner: result.winner === null ? null : positions[result.winner]!,
      turns: result.turns,
      capped: result.capped,
    });
  }
  return records;
}

export interface BotStanding {
  readonly position: number;
  readonly kind: BotKind;
  readonly wins: number;
  readonly winRate: number;
  /** Wilson score interval, 95%. */
  readonly low: number;
  readonly high: number;
}

export interface TournamentSummary {
  readonly bots: readonly BotKind[];
  readonly games: number;
  readonly seed: number;
  readonly turnCap: number;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly fairShare: number;
  readonly standings: readonly BotStanding[];
  readonly cappedGames: number;
  readonly meanTurns: number;
  readonly maxTurns: number;
}

export function summarize(setup: TournamentSetup, records: readonly TournamentGame[]): TournamentSummary {
  const n = records.length;
  const wins = setup.bots.map(() => 0);
  let turns = 0;
  let maxTurns = 0;
  let cappedGames = 0;
  for (const r of records) {
    if (r.winner !== null) wins[r.winner]!++;
    if (r.capped) cappedGames++;
    turns += r.turns;
    maxTurns = Math.max(maxTurns, r.turns);
  }
  const standings = setup.bots.map((kind, position) => {
    const [low, high] = wilson(wins[position]!, n);
    return { position, kind, wins: wins[position]!, winRate: n > 0 ? wins[position]! / n : 0, low, high };
  });
  return {
    bots: setup.bots,
    games: n,
    seed: setup.seed,
    turnCap: setup.turnCap,
    ...(setup.rules ? { rules: setup.rules } : {}),
    fairShare: 1 / setup.bots.length,
    standings,
    cappedGames,
    meanTurns: n > 0 ? turns / n : 0,
    maxTurns,
  };
}

/** Wilson score interval for `wins` successes in `n` trials (z = 1.96 for 95%). */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
