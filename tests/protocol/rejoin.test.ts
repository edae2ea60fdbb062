// The rejoin frames (src/protocol/rejoin.ts): what a returning player and the others exchange.
import { describe, expect, it } from 'vitest';
import { MAX_LINE_LENGTH } from '../../src/protocol/codec.js';
import {
  encodeRejoin,
  historyChunks,
  ownAddresses,
  parseRejoinLine,
  REJOIN_CHUNK_CHARS,
  type RejoinMessage,
} from '../../src/protocol/rejoin.js';

describe('rejoin messages', () => {
  it('round-trip through their schemas', () => {
    const messages: RejoinMessage[] = [
      { command: 'rejoin', payload: { game_id: 'g-1', index: 12 }, player_id: 2 },
      {
        command: 'rejoin',
        payload: { game_id: 'g-1', index: 12, addresses: ['/ip4/10.0.0.2/tcp/7475/p2p/12D3KooWx', '10.0.0.2:7476'] },
        player_id: 2,
      },
      { command: 'rejoin_history', payload: { game_id: 'g-1', part: 0, lines: ['a', 'b'], last: true }, player_id: 0 },
      { command: 'rejoin_refuse', payload: { game_id: 'g-1', reason: 'made neutral' }, player_id: 1 },
    ];
    for (const message of messages) expect(parseRejoinLine(encodeRejoin(message))).toEqual({ ok: true, message });
  });

  it.each([
    ['not json', 'a line that is not JSON'],
    ['{"command":"rejoin_now","payload":{},"player_id":0}', 'not a rejoin message: command "rejoin_now"'],
    ['{"command":"rejoin","payload":{"game_id":"g 1","index":0},"player_id":0}', 'rejoin: payload.game_id: a game id'],
    [
      '{"command":"rejoin","payload":{"game_id":"g","index":-1},"player_id":0}',
      'rejoin: payload.index: an index must be ≥ 0',
    ],
    ['{"command":"rejoin","payload":{"game_id":"g","index":0,"extra":1},"player_id":0}', 'rejoin: payload'],
    [
      `{"command":"rejoin","payload":{"game_id":"g","index":0,"addresses":${JSON.stringify(Array(9).fill('/ip4/10.0.0.1/tcp/1'))}},"player_id":0}`,
      'rejoin: payload.addresses: at most 8 addresses',
    ],
    [
      `{"command":"rejoin","payload":{"game_id":"g","index":0,"addresses":["/dns4/${'a'.repeat(251)}"]},"player_id":0}`,
      'rejoin: payload.addresses.0',
    ],
    [
      '{"command":"rejoin","payload":{"game_id":"g","index":0,"addresses":"x"},"player_id":0}',
      'rejoin: payload.addresses',
    ],
    [
      '{"command":"rejoin_history","payload":{"game_id":"g","part":0,"lines":"x","last":true},"player_id":0}',
      'rejoin_history: payload.lines',
    ],
    ['{"command":"rejoin_refuse","payload":{"game_id":"g"},"player_id":0}', 'rejoin_refuse: payload.reason'],
  ])('%s is refused with a reason', (line, reason) => {
    const parsed = parseRejoinLine(line);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  it('a rejoining player names only addresses of its own key', () => {
    const mine = '/ip4/10.0.0.2/tcp/7475/p2p/12D3KooWme';
    const theirs = '/ip4/10.0.0.3/tcp/7475/p2p/12D3KooWother';
    expect(ownAddresses([mine, theirs, '10.0.0.2:7475', '', 'x'.repeat(257)], '12D3KooWme')).toEqual([
      mine,
      '10.0.0.2:7475',
    ]);
    expect(ownAddresses(Array(12).fill(mine), '12D3KooWme')).toHaveLength(8);
  });

  it('a history goes in chunks that each stay under the line limit and keep every line in order', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `{"signed":"${'x'.repeat(300 + (i % 50))}","by":${i % 3}}`);
    const result = historyChunks('g', 1, lines);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.chunks.length).toBeGreaterThan(1);
    expect(result.chunks.map((c) => c.payload.part)).toEqual(result.chunks.map((_, i) => i));
    expect(result.chunks.map((c) => c.payload.last)).toEqual(
      result.chunks.map((_, i) => i === result.chunks.length - 1),
    );
    for (const chunk of result.chunks) {
      const line = encodeRejoin(chunk);
      expect(line.length).toBeLessThan(MAX_LINE_LENGTH);
      expect(parseRejoinLine(line).ok).toBe(true);
    }
    expect(result.chunks.flatMap((c) => c.payload.lines)).toEqual(lines);
  });

  it('an empty record is one last, empty chunk; a line too long for a chunk is refused', () => {
    const empty = historyChunks('g', 0, []);
    expect(empty.ok && empty.chunks).toEqual([
      { command: 'rejoin_history', payload: { game_id: 'g', part: 0, lines: [], last: true }, player_id: 0 },
    ]);
    const long = historyChunks('g', 0, ['y'.repeat(REJOIN_CHUNK_CHARS)]);
    expect(long).toEqual({ ok: false, reason: `a line of ${REJOIN_CHUNK_CHARS} characters is too long to send` });
  });
});
