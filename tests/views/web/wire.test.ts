// The page's commands for saved games, as the process reads them off the socket: each field bounded
// (a game's number, the action, the host's address), anything else refused with where and why.
import { describe, expect, it } from 'vitest';
import { readCommand } from '../../../src/views/web/wire.js';

const read = (command: unknown) => readCommand(JSON.stringify(command));

describe('the page’s saved-game commands', () => {
  it('the list, a local game, a networked one hosted again, rejoined or joined (the address trimmed)', () => {
    expect(read({ type: 'saved' })).toEqual({ ok: true, command: { type: 'saved' } });
    expect(read({ type: 'resume', id: 12 })).toEqual({ ok: true, command: { type: 'resume', id: 12 } });
    expect(read({ type: 'resume-network', id: 7, action: 'host' })).toEqual({
      ok: true,
      command: { type: 'resume-network', id: 7, action: 'host' },
    });
    expect(read({ type: 'resume-network', id: 7, action: 'rejoin' }).ok).toBe(true);
    expect(read({ type: 'resume-network', id: 7, action: 'join', address: '  10.0.0.9:7475 ' })).toEqual({
      ok: true,
      command: { type: 'resume-network', id: 7, action: 'join', address: '10.0.0.9:7475' },
    });
    // Without an address, join goes to the one stored with the game.
    expect(read({ type: 'resume-network', id: 7, action: 'join' }).ok).toBe(true);
  });

  it('a game number is a whole number from 1 to 2^31 - 1', () => {
    for (const id of [0, -1, 1.5, 2 ** 31, '3', null]) {
      expect(read({ type: 'resume', id })).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/^a message from the page: id: /),
      });
      expect(read({ type: 'resume-network', id, action: 'host' }).ok).toBe(false);
    }
    expect(read({ type: 'resume', id: 2 ** 31 - 1 }).ok).toBe(true);
    expect(read({ type: 'resume' }).ok).toBe(false);
  });

  it('an address: join only, not empty, at most 300 characters; no other action or field', () => {
    expect(read({ type: 'resume-network', id: 7, action: 'host', address: '10.0.0.9:7475' })).toEqual({
      ok: false,
      reason: 'a message from the page: address: only join takes an address',
    });
    expect(read({ type: 'resume-network', id: 7, action: 'rejoin', address: '10.0.0.9:7475' }).ok).toBe(false);
    expect(read({ type: 'resume-network', id: 7, action: 'join', address: '   ' }).ok).toBe(false);
    expect(read({ type: 'resume-network', id: 7, action: 'join', address: 'a'.repeat(300) }).ok).toBe(true);
    expect(read({ type: 'resume-network', id: 7, action: 'join', address: 'a'.repeat(301) })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^a message from the page: address: /),
    });
    expect(read({ type: 'resume-network', id: 7, action: 'steal' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^a message from the page: action: /),
    });
    expect(read({ type: 'resume-network', id: 7 }).ok).toBe(false);
    expect(read({ type: 'resume', id: 7, address: '10.0.0.9:7475' }).ok).toBe(false);
    expect(read({ type: 'saved', games: [] }).ok).toBe(false);
  });
});
