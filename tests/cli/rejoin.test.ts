// `risk bot join --rejoin`: what it asks for, and what it says when it cannot take the seat back.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBot } from '../../src/cli/bot.js';

async function inProcess(args: string[]) {
  let out = '';
  let err = '';
  const code = await runBot(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('risk bot join --rejoin', () => {
  it.each([
    [['host', '--players', '3', '--rejoin', 'g-p1', '--store', '--key', 'k'], '--rejoin is for join'],
    [
      ['join', '127.0.0.1:1', '--rejoin', 'g-p1', '--key', 'k'],
      '--rejoin takes a seat back in a stored game: give --store',
    ],
    [['join', '127.0.0.1:1', '--rejoin', 'g-p1', '--store'], '--rejoin needs the --key FILE'],
    [
      ['join', '127.0.0.1:1', '--rejoin', 'g-p1', '--store', '--key', 'k', '--resume', 'g'],
      '--rejoin and --resume do not go together',
    ],
    [
      ['join', '127.0.0.1:1', '--rejoin', 'g-p1', '--store', '--key', 'k', '--profile', 'cs3099'],
      '--rejoin is for games on the native profile',
    ],
    [['join', '127.0.0.1:1', '--rejoin', 'g p1', '--store', '--key', 'k'], '--rejoin "g p1" is not a game id'],
    [
      ['host', '--players', '3', '--game', 'risc', '--resume', 'g'],
      '--resume goes on with a stored game: give --store',
    ],
    [['join', '127.0.0.1:1', '--game', 'risc', '--resume', 'g p', '--store'], '--resume "g p" is not a game id'],
    [
      ['join', '127.0.0.1:1', '--resume', 'g', '--store', '--profile', 'cs3099'],
      '--resume is for games on the native profile',
    ],
    [['join', '127.0.0.1:1', '127.0.0.1:2'], 'unexpected "127.0.0.1:2"'],
    [['join', '--store'], 'join needs the host address'],
  ])('%j is a usage error', async (args, reason) => {
    const result = await inProcess(args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(reason);
  });

  /** `risk bot join --rejoin` of a game this store does not hold, with the given addresses. */
  const rejoinUnstored = (addresses: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-rejoin-cli-'));
    return inProcess([
      'join',
      ...addresses,
      '--listen',
      '127.0.0.1',
      '--rejoin',
      'nosuch-p1',
      '--store',
      '--db',
      join(dir, 'r.db'),
      '--key',
      join(dir, 'k'),
    ]);
  };
  const NOT_STORED = 'risk bot: cannot rejoin game nosuch-p1: no stored game "nosuch-p1" (risk history lists them)\n';

  it('a game that is not stored: exit 1 with the reason, before dialing anyone', async () => {
    const result = await rejoinUnstored(['127.0.0.1:1']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(NOT_STORED);
  }, 60_000);

  it('--resume of a game this store does not hold: exit 1 with the reason, before the lobby', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-resume-cli-'));
    const result = await inProcess([
      'host',
      '--players',
      '2',
      '--listen',
      '127.0.0.1',
      '--port',
      '0',
      '--resume',
      '7',
      '--store',
      '--db',
      join(dir, 'r.db'),
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toBe('risk bot: cannot resume game 7: no stored game "7" (risk history lists them)\n');
    expect(result.out).not.toContain('hosting');
  }, 60_000);

  it('without addresses it dials the ones stored with the game: a game not stored ends the same way', async () => {
    const result = await rejoinUnstored([]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('rejoining game nosuch-p1: asking the other players, at their stored addresses,');
    expect(result.err).toBe(NOT_STORED);
  }, 60_000);
});
