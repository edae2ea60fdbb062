// Storing a tournament's games (risk tournament --store): each game goes to the database in one
// transaction when it ends. Its dice come from per-round numbers derived from the seed, so a stored
// game exports as a transcript that risk verify checks roll by roll.
import type { TournamentRecording } from '../ai/tournament.js';
import { seededNumbers } from '../core/steps/dice.js';
import type { GameStore } from '../store/store.js';

export function tournamentRecording(store: GameStore, seed: number): TournamentRecording {
  return {
    begin(game, seats) {
      const handle = store.openGame(
        {
          uid: `tournament-${seed}-${game}-${Date.now().toString(36)}`,
          kind: 'tournament',
          // Named by bot kind and list position: "hard #1" is the same bot in every game of the tournament.
          players: seats.map((s) => ({ name: `${s.kind} #${s.position + 1}`, botKind: s.kind })),
        },
        { batch: true },
      );
      return {
        rounds: { numbers: seededNumbers(seed, game), onStep: (action, numbers) => handle.step(action, numbers) },
        finish: (result) => handle.finish({ winner: result.winner, turns: result.turns }),
      };
    },
  };
}
