// Statistics of one game, gathered step by step as it is replayed: conquests, card trades, battles
// with their losses against the exact expectation, and the armies and territories at each turn.
import { countTerritories, type GameEvent, type GameState, totalArmies } from '../../model/index.js';
import { rollOutcomes } from '../../model/odds.js';

export interface PlayerTally {
  territoriesTaken: number;
  territoriesLost: number;
  setsTraded: number;
  battles: number;
  /** Armies lost in battles (attacking and defending). */
  armiesLost: number;
  /** What those battles' dice would lose on average: the exact odds of each roll. */
  armiesLostExpected: number;
  finalTerritories: number;
  finalArmies: number;
}

export interface GameSeries {
  /** Turn number of each sample (the state at the start of that turn; the last is the end). */
  readonly turns: number[];
  /** territories[sample][seat], armies[sample][seat] (seated players: not the neutral army) */
  readonly territories: number[][];
  readonly armies: number[][];
}

export interface GameAnalysis {
  readonly players: PlayerTally[];
  readonly series: GameSeries;
}

/** A player's tally before the game. */
export function emptyTally(): PlayerTally {
  return {
    territoriesTaken: 0,
    territoriesLost: 0,
    setsTraded: 0,
    battles: 0,
    armiesLost: 0,
    armiesLostExpected: 0,
    finalTerritories: 0,
    finalArmies: 0,
  };
}

const expectedLossCache = new Map<number, readonly [number, number]>();

/** Expected [attacker, defender] losses of one roll with these dice. */
export function expectedLosses(attackerDice: number, defenderDice: number): readonly [number, number] {
  const key = attackerDice * 4 + defenderDice;
  let cached = expectedLossCache.get(key);
  if (cached === undefined) {
    let a = 0;
    let d = 0;
    for (const o of rollOutcomes(attackerDice, defenderDice)) {
      a += o.probability * o.attackerLosses;
      d += o.probability * o.defenderLosses;
    }
    cached = [a, d] as const;
    expectedLossCache.set(key, cached);
  }
  return cached;
}

export class GameAnalyser {
  private readonly tallies: PlayerTally[];
  private readonly series: GameSeries = { turns: [], territories: [], armies: [] };

  constructor(players: number) {
    this.tallies = Array.from({ length: players }, emptyTally);
  }

  /** One applied step: the state before it, its events and the state after. */
  observe(before: GameState, events: readonly GameEvent[], after: GameState) {
    for (const event of events) {
      switch (event.type) {
        case 'turn_started':
          this.sample(after, event.turn);
          break;
        case 'cards_traded':
          this.tallies[event.player]!.setsTraded += event.sets.length;
          break;
        case 'battle': {
          const [a, d] = expectedLosses(event.attackerDice.length, event.defenderDice.length);
          // The two-player game's neutral army has no seat and no tally: its battles count for the player.
          const attacker = this.tallies[event.attacker]!;
          const defender = this.tallies[event.defender];
          attacker.battles++;
          attacker.armiesLost += event.attackerLosses;
          attacker.armiesLostExpected += a;
          if (defender) {
            defender.battles++;
            defender.armiesLost += event.defenderLosses;
            defender.armiesLostExpected += d;
          }
          break;
        }
        case 'conquered': {
          this.tallies[event.player]!.territoriesTaken++;
          const loser = before.owner[event.territory]!;
          const lost = loser !== event.player ? this.tallies[loser] : undefined;
          if (lost) lost.territoriesLost++;
          break;
        }
        default:
          break;
      }
    }
  }

  private sample(state: GameState, turn: number) {
    this.series.turns.push(turn);
    this.series.territories.push(this.seated(state).map((p) => countTerritories(state, p.id)));
    this.series.armies.push(this.seated(state).map((p) => totalArmies(state, p.id)));
  }

  /** The players with a seat (and a name in the store), not the neutral army after them. */
  private seated(state: GameState) {
    return state.players.slice(0, this.tallies.length);
  }

  finish(final: GameState): GameAnalysis {
    const last = this.series.turns[this.series.turns.length - 1];
    if (last === undefined || final.phase === 'over' || final.turn !== last) this.sample(final, final.turn);
    this.seated(final).forEach((p, seat) => {
      this.tallies[seat]!.finalTerritories = countTerritories(final, p.id);
      this.tallies[seat]!.finalArmies = totalArmies(final, p.id);
    });
    return { players: this.tallies, series: this.series };
  }
}
