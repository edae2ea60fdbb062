// Honest games where one link is slow: every line one peer sends another arrives late. Nobody
// cheats, so nobody may be blamed, every peer must finish on the same outcome, and every record
// must audit clean.
import { describe, expect, it } from 'vitest';
import { NATIVE_FEATURES } from '../../src/core/contract.js';
import type { OptionsInput } from '../../src/model/index.js';
import { honestAgreement, playMemoryGame, type Rogue } from './memory-game.js';
import { PER_ROUND_DICE, withSend } from './mesh-game.js';

/** Every line to `target` arrives `ms` late (in order). */
const slowTo =
  (target: number, ms: number): Rogue =>
  (links) =>
    new Map(
      [...links].map(([player, link]) => [
        player,
        player === target ? withSend(link, (line) => void setTimeout(() => link.send(line), ms)) : link,
      ]),
    );

async function slowGame(
  players: number,
  seed: number,
  ms: number,
  rules: Omit<OptionsInput, 'players'>,
  features: readonly string[],
) {
  const game = await playMemoryGame({ players, seed, rules, features, crash: { player: 2, links: slowTo(1, ms) } });
  const everyone = Array.from({ length: players }, (_, i) => i);
  for (const result of game.results) expect(result?.violations).toEqual([]);
  const { winner } = honestAgreement(game, everyone);
  for (const audit of game.audits) {
    expect(audit.violations).toEqual([]);
    expect(audit.truncated).toBe(false);
    expect(audit.state!.winner).toBe(winner);
  }
  return game;
}

describe('honest games with a slow link', () => {
  // The deck's round and the random deal's round once had one id (1): a peer still waiting for the
  // deck's last reveal took the next round's commitment as a second one for round 1 and expelled
  // an honest player (a commitment per round: with dice chains a player commits once).
  it(
    'a random deal: the deck and the deal are two rounds with two ids',
    () => slowGame(3, 1, 30, { setup: 'random' }, PER_ROUND_DICE),
    120_000,
  );

  // The player put out of the game on a slow link fell behind; the others raced on, and it counted
  // their acknowledgements far ahead (then their lines in a second) as faults, cut every link and
  // never finished.
  it('a player put out on a slow link follows the rest of the game to its end', async () => {
    const game = await slowGame(4, 4, 30, {}, [...NATIVE_FEATURES]);
    expect(game.results[1]!.state.players[1]!.eliminated).toBe(true);
  }, 300_000);
});
