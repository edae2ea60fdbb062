// Three `risk bot` processes on 127.0.0.1 in each of the games whose opening has most steps: a
// random deal (two dice rounds back to back, which once shared a round id and got an honest
// player expelled), Capital Risk (the capitals' secret round) and Secret Mission Risk (the
// mission deal). Each ends with one agreed winner, no violation live, and records that verify.
// `npm run bench:processes` plays many of each.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killBots } from '../support/bot-process.js';
import { PROCESS_GAMES, playProcessGame, problemOf } from '../support/process-game.js';

afterEach(killBots);

describe('risk bot processes in every opening', () => {
  it('a random deal, Capital Risk and Secret Mission Risk each end with one winner and clean records', async () => {
    const games = await Promise.all(
      PROCESS_GAMES.map(({ rules }) => playProcessGame(mkdtempSync(join(tmpdir(), 'risk-opening-')), rules)),
    );
    expect(games.map((game, i) => [PROCESS_GAMES[i]!.name, problemOf(game)])).toEqual(
      PROCESS_GAMES.map(({ name }) => [name, null]),
    );
  }, 400_000);
});
