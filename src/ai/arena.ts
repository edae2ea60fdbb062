// Many offline games between bots, with the figures a simulation or tournament reports.

import { type Board, classicBoard, type Dice, type OptionsInput } from '../model/index.js';
import { mersenneStream, uniformDice } from '../protocol/random.js';
import { playLocalGame } from '../sessions/local-game.js';
import type { Bot } from './bot.js';

export interface ArenaSetup {
  readonly players: number;
  readonly games: number;
  readonly seed: number;
  readonly turnCap: number;
  /** The bot for a seat in a game, given its own random stream. */
  readonly seatBot: (game: number, seat: number, rng: Dice) => Bot;
  readonly options?: Omit<OptionsInput, 'players'>;
  readonly board?: Board;
}

export interface GameRecord {
  readonly game: number;
  readonly winner: number | null;
  readonly turns: number;
  readonly capped: boolean;
  readonly battles: number;
}

export interface ArenaStats {
  readonly games: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  readonly meanTurns: number;
  readonly maxTurns: number;
  readonly winsBySeat: number[];
  readonly cappedGames: number;
  readonly meanBattles: number;
}

/** Dice for game `game` of a run seeded with `seed`: the same seed gives the same games. */
export const gameDice = (seed: number, game: number): Dice => uniformDice(mersenneStream([seed >>> 0, game]));
const seatRng = (seed: number, game: number, seat: number): Dice =>
  uniformDice(mersenneStream([seed >>> 0, game, seat + 1]));

export function runArena(setup: ArenaSetup, onGame?: (record: GameRecord) => void): ArenaStats {
  const board = setup.board ?? classicBoard();
  const started = performance.now();
  const winsBySeat = Array<number>(setup.players).fill(0);
  let turns = 0;
  let maxTurns = 0;
  let cappedGames = 0;
  let battles = 0;
  for (let game = 0; game < setup.games; game++) {
    const seats = Array.from({ length: setup.players }, (_, seat) =>
      setup.seatBot(game, seat, seatRng(setup.seed, game, seat)),
    );
    const result = playLocalGame({
      board,
      options: { ...setup.options, players: setup.players },
      seats,
      dice: gameDice(setup.seed, game),
      turnCap: setup.turnCap,
    });
    if (result.winner !== null) winsBySeat[result.winner]!++;
    if (result.capped) cappedGames++;
    turns += result.turns;
    maxTurns = Math.max(maxTurns, result.turns);
    battles += result.battles;
    onGame?.({ game, winner: result.winner, turns: result.turns, capped: result.capped, battles: result.battles });
  }
  const seconds = (performance.now() - started) / 1000;
  const games = setup.games;
  return {
    games,
    seconds,
    gamesPerSecond: games / seconds,
    meanTurns: games > 0 ? turns / games : 0,
    maxTurns,
    winsBySeat,
    cappedGames,
    meanBattles: games > 0 ? battles / games : 0,
  };
}
