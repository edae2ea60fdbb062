import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DecodeResult, decodeLine } from '../../src/protocol/codec.js';
import {
  COMMANDS,
  encodeMessage,
  fromAction,
  isGameMessage,
  type Message,
  type MessageAction,
  parseMessage,
  toAction,
} from '../../src/protocol/messages.js';

// Recorded class games, copied into tests/fixtures (see its README).
const transcriptDir = new URL('../fixtures/transcripts/', import.meta.url);

interface WireRecord {
  readonly dir: string;
  readonly raw: string;
}

/** The wire lines of a recording (open/close/note records carry none). */
function wireLines(name: string): WireRecord[] {
  return readFileSync(new URL(name, transcriptDir), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as WireRecord)
    .filter((r) => r.dir === 'client->host' || r.dir === 'host->client');
}

function decoded(value: unknown): Message {
  const result = parseMessage(value);
  if (!result.ok || !('message' in result)) throw new Error(`expected a message, got ${JSON.stringify(result)}`);
  return result.message;
}

function rejection(value: unknown): string {
  const result = parseMessage(value);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result)}`);
  return result.reason;
}

/** Every variant decodes, and all to the same canonical message. */
function expectSameCanonical(variants: readonly unknown[], canonical: Message): void {
  for (const variant of variants) expect(decoded(variant), JSON.stringify(variant)).toStrictEqual(canonical);
}

const isMessage = (r: DecodeResult): r is { ok: true; message: Message } => r.ok && 'message' in r;

describe('§10 tolerances: every variant decodes to one canonical form', () => {
  it('envelope: bare line, {"message": "…"} and {"message", "signature"} decode alike', () => {
    const inner = '{"command":"attack","payload":[3,4,2],"ack_id":7,"player_id":1}';
    const lines = [inner, JSON.stringify({ message: inner }), JSON.stringify({ message: inner, signature: '' })];
    const results = lines.map(decodeLine);
    for (const r of results) expect(r).toStrictEqual(results[0]);
    expect(results[0]).toStrictEqual({
      ok: true,
      message: { command: 'attack', payload: [3, 4, 2], player_id: 1, ack_id: 7 },
    });
  });

  it('accept_join_game keys: snake_case, the recorded camelCase and a mix', () => {
    expectSameCanonical(
      [
        { command: 'accept_join_game', payload: { player_id: 1, acknowledgement_timeout: 2, move_timeout: 30 } },
        { command: 'accept_join_game', payload: { acknowledgementTimeout: 2, commandTimeout: 30, player_id: 1 } },
        { command: 'accept_join_game', payload: { player_id: 1, acknowledgementTimeout: 2, move_timeout: 30 } },
        {
          command: 'accept_join_game',
          payload: {
            player_id: 1,
            acknowledgement_timeout: 2,
            move_timeout: 30,
            acknowledgementTimeout: 2,
            commandTimeout: 30,
          },
        },
      ],
      { command: 'accept_join_game', payload: { player_id: 1, acknowledgement_timeout: 2, move_timeout: 30 } },
    );
  });

  it('players_joined entries: [id, name, key] or [id, name] (a missing or null key is "")', () => {
    expectSameCanonical(
      [
        {
          command: 'players_joined',
          payload: [
            [0, 'HostAI', ''],
            [2, 'Bob', 'KEY'],
          ],
        },
        {
          command: 'players_joined',
          payload: [
            [0, 'HostAI'],
            [2, 'Bob', 'KEY'],
          ],
        },
        {
          command: 'players_joined',
          payload: [
            [0, 'HostAI', null],
            [2, 'Bob', 'KEY'],
          ],
        },
      ],
      {
        command: 'players_joined',
        payload: [
          [0, 'HostAI', ''],
          [2, 'Bob', 'KEY'],
        ],
      },
    );
  });

  it('fortify, no move: null or any triple with 0 armies', () => {
    expectSameCanonical(
      [
        { command: 'fortify', payload: null, player_id: 1, ack_id: 9 },
        { command: 'fortify', payload: [0, 0, 0], player_id: 1, ack_id: 9 },
        { command: 'fortify', payload: [12, 13, 0], player_id: 1, ack_id: 9 },
      ],
      { command: 'fortify', payload: null, player_id: 1, ack_id: 9 },
    );
    expect(decoded({ command: 'fortify', payload: [12, 13, 4], player_id: 1 }).payload).toStrictEqual([12, 13, 4]);
  });

  it('play_cards.armies: the expected number, or -1 (absent reads as -1)', () => {
    const trade = (armies?: number) => ({
      command: 'play_cards',
      payload: armies === undefined ? { cards: [[42, 35, 28]] } : { cards: [[42, 35, 28]], armies },
      player_id: 0,
      ack_id: 4,
    });
    expectSameCanonical([trade(-1), trade()], {
      command: 'play_cards',
      payload: { cards: [[42, 35, 28]], armies: -1 },
      player_id: 0,
      ack_id: 4,
    });
    expect(decoded(trade(6))).toStrictEqual({
      command: 'play_cards',
      payload: { cards: [[42, 35, 28]], armies: 6 },
      player_id: 0,
      ack_id: 4,
    });
    expect(decoded({ command: 'play_cards', payload: null, player_id: 0, ack_id: 4 }).payload).toBeNull();
  });

  it('acks: duplicates, repeated ids and an ack from the sender itself all decode (the session decides)', () => {
    // The recording: the host sends setup with ack_id 0, acks it itself, and the client acks it too.
    const lines = [
      '{"command":"setup","payload":0,"ack_id":0,"player_id":0}',
      '{"command":"acknowledgement","payload":0,"player_id":0}',
      '{"command":"acknowledgement","payload":0,"player_id":1}',
      '{"command":"acknowledgement","payload":0,"player_id":1}',
      '{"command":"setup","payload":5,"ack_id":0,"player_id":1}',
    ];
    const results = lines.map(decodeLine);
    expect(results.every(isMessage)).toBe(true);
    expect(results[2]).toStrictEqual(results[3]);
    expect(results[1]).toStrictEqual({ ok: true, message: { command: 'acknowledgement', payload: 0, player_id: 0 } });
  });

  it('extra commands: draw_card, roll and unknown commands are ignorable, with a reason', () => {
    for (const value of [
      { command: 'draw_card', payload: 17, player_id: 1, ack_id: 3 },
      { command: 'roll', payload: { dice_count: 3, dice_faces: 6 }, player_id: 0 },
      { command: 'native_hello', payload: { anything: [1, 2] } },
      { command: 'draw_card' },
    ]) {
      const result = parseMessage(value);
      expect(result.ok).toBe(true);
      if (!result.ok || !('ignored' in result)) throw new Error('expected ignored');
      expect(result.ignored.command).toBe(value.command);
      expect(result.ignored.reason.length).toBeGreaterThan(0);
    }
  });

  it('leave_game flag: receive_updates or receiveUpdates (message defaults to "")', () => {
    expectSameCanonical(
      [
        {
          command: 'leave_game',
          payload: { response: 100, message: '', receive_updates: true },
          player_id: 2,
          ack_id: 40,
        },
        {
          command: 'leave_game',
          payload: { response: 100, message: '', receiveUpdates: true },
          player_id: 2,
          ack_id: 40,
        },
        { command: 'leave_game', payload: { response: 100, receiveUpdates: true }, player_id: 2, ack_id: 40 },
      ],
      {
        command: 'leave_game',
        payload: { response: 100, message: '', receive_updates: true },
        player_id: 2,
        ack_id: 40,
      },
    );
  });

  it('leave_game: the reason alone as a string payload, with no ack_id (interop-ac-client-rejects-our-card-bonus)', () => {
    const line =
      '{"message":"{\\"player_id\\":1,\\"payload\\":\\"Received invalid move. Disconnecting\\",\\"command\\":\\"leave_game\\"}\\n"}';
    expect(decodeLine(line)).toStrictEqual({
      ok: true,
      message: {
        command: 'leave_game',
        payload: { response: 0, message: 'Received invalid move. Disconnecting', receive_updates: false },
        player_id: 1,
      },
    });
  });

  it('hex: lower or UPPER case, lowercased', () => {
    const lower = '74fb4fa89c44a41f7cf40c945c9e25fbae49fb9b63a847d6cf089b7606ddcb7a';
    const mixed = lower.slice(0, 32).toUpperCase() + lower.slice(32);
    for (const command of ['roll_hash', 'roll_number'] as const) {
      expectSameCanonical(
        [lower, lower.toUpperCase(), mixed].map((payload) => ({ command, payload, player_id: 1 })),
        { command, payload: lower, player_id: 1 },
      );
    }
  });

  it('map ids: strings belong to the map file (§9); on the wire territory ids are integers', () => {
    expect(decoded({ command: 'setup', payload: 5, player_id: 0 }).payload).toBe(5);
    expect(rejection({ command: 'setup', payload: '5', player_id: 0 })).toBe(
      'setup.payload: expected a number, got "5"',
    );
  });

  it("capture minimum: the message carries any count ≥ 1; which minimum applies is the rules' call", () => {
    for (const armies of [1, 2, 3]) {
      expect(decoded({ command: 'attack_capture', payload: [8, 9, armies], player_id: 0 }).payload).toStrictEqual([
        8,
        9,
        armies,
      ]);
    }
  });

  it('forced trade: one or several sets in one play_cards', () => {
    const sets = [
      [0, 1, 2],
      [3, 4, 5],
    ];
    expect(
      decoded({ command: 'play_cards', payload: { cards: sets, armies: 14 }, player_id: 0 }).payload,
    ).toStrictEqual({ cards: sets, armies: 14 });
  });

  it('lobby: player_id null or -1 for a non-playing host; absent on host-only messages', () => {
    expectSameCanonical(
      [
        { command: 'ping', payload: 3, player_id: null },
        { command: 'ping', payload: 3, player_id: -1 },
        { command: 'ping', payload: 3 },
      ],
      { command: 'ping', payload: 3, player_id: null },
    );
    expectSameCanonical(
      [
        { command: 'ready', payload: null, player_id: -1, ack_id: 0 },
        { command: 'ready', payload: null, player_id: null, ack_id: 0 },
      ],
      { command: 'ready', payload: null, player_id: null, ack_id: 0 },
    );
    const init = { version: 1, supported_features: [] };
    expectSameCanonical(
      [
        { command: 'initialise_game', payload: init },
        { command: 'initialise_game', payload: init, player_id: null },
        { command: 'initialise_game', payload: init, player_id: -1 },
        { command: 'initialise_game', payload: init, player_id: 0 },
      ],
      { command: 'initialise_game', payload: init },
    );
  });

  it('join_game: supported_versions written 1.0 reads as 1', () => {
    const r = decodeLine(
      '{"command":"join_game","payload":{"supported_versions":[1.0],"supported_features":[],"name":"ClientAI1"}}',
    );
    expect(r).toStrictEqual({
      ok: true,
      message: {
        command: 'join_game',
        payload: { supported_versions: [1], supported_features: [], name: 'ClientAI1' },
      },
    });
  });
});

describe('the recordings decode line by line', () => {
  for (const name of ['class-2p-excerpt.jsonl', 'class-2p-game-a.jsonl', 'class-2p-game-b.jsonl']) {
    it(`${name}: every wire line is a message; re-encoding changes only documented variants`, () => {
      const records = wireLines(name);
      expect(records.length).toBeGreaterThan(400);
      const seen = new Set<string>();
      const rewritten = new Map<string, number>();
      for (const { raw } of records) {
        const result = decodeLine(raw);
        if (!isMessage(result)) throw new Error(`${name}: ${raw} → ${JSON.stringify(result)}`);
        seen.add(result.message.command);
        if (JSON.stringify(encodeMessage(result.message)) !== JSON.stringify(canonicalOrder(JSON.parse(raw)))) {
          rewritten.set(result.message.command, (rewritten.get(result.message.command) ?? 0) + 1);
        }
      }
      // The recordings hold neither a join refusal nor anyone leaving or timing out (nor any native extension).
      expect([...seen].sort()).toStrictEqual(
        COMMANDS.filter(
          (c) =>
            ![
              'reject_join_game',
              'timeout',
              'leave_game',
              'expel',
              'timeout_vote',
              'risc_commit',
              'risc_reveal',
            ].includes(c),
        ).sort(),
      );
      // Only the camelCase accept_join_game (now both spellings) and [0,0,0] fortifies (now null) change.
      expect([...rewritten.keys()].sort()).toStrictEqual(['accept_join_game', 'fortify']);
    });
  }

  it('game messages survive message → action → message', () => {
    let count = 0;
    for (const { raw } of wireLines('class-2p-game-a.jsonl')) {
      const result = decodeLine(raw);
      if (!isMessage(result) || !isGameMessage(result.message)) continue;
      const message = result.message;
      expect(fromAction(toAction(message), message.ack_id)).toStrictEqual(message);
      count++;
    }
    expect(count).toBeGreaterThan(2500);
  });
});

/** The wire object with keys in the encoder's order, to compare texts. */
function canonicalOrder(wire: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = { command: wire.command, payload: wire.payload };
  if ('player_id' in wire) ordered.player_id = wire.player_id;
  if ('ack_id' in wire) ordered.ack_id = wire.ack_id;
  return ordered;
}

describe('rejections name the field', () => {
  const cases: [string, unknown, string][] = [
    [
      'defend 3',
      { command: 'defend', payload: 3, player_id: 1, ack_id: 2 },
      'defend.payload: the defender rolls 1 or 2 dice',
    ],
    ['defend 0', { command: 'defend', payload: 0, player_id: 1 }, 'defend.payload: the defender rolls 1 or 2 dice'],
    [
      'attack with 0 dice',
      { command: 'attack', payload: [1, 2, 0], player_id: 1 },
      'attack.payload[2]: the attacker rolls 1 to 3 dice',
    ],
    [
      'attack with 4 dice',
      { command: 'attack', payload: [1, 2, 4], player_id: 1 },
      'attack.payload[2]: the attacker rolls 1 to 3 dice',
    ],
    [
      'attack from a negative territory',
      { command: 'attack', payload: [-1, 2, 1], player_id: 1 },
      'attack.payload[0]: a territory id must be ≥ 0',
    ],
    [
      'attack with two numbers',
      { command: 'attack', payload: [1, 2], player_id: 1 },
      'attack.payload: expected [source, target, dice]',
    ],
    [
      'hash of 63 digits',
      { command: 'roll_hash', payload: 'a'.repeat(63), player_id: 0 },
      'roll_hash.payload: expected 64 hex digits (32 bytes)',
    ],
    [
      'number of 65 digits',
      { command: 'roll_number', payload: 'a'.repeat(65), player_id: 0 },
      'roll_number.payload: expected 64 hex digits (32 bytes)',
    ],
    [
      'hash with a non-hex digit',
      { command: 'roll_hash', payload: 'g'.repeat(64), player_id: 0 },
      'roll_hash.payload: expected 64 hex digits (32 bytes)',
    ],
    ['missing command', { payload: 1, player_id: 0 }, 'command: missing'],
    ['command not a string', { command: 7, payload: 1 }, 'command: expected a string, got 7'],
    ['not an object', [1, 2, 3], 'message: expected a JSON object, got an array'],
    ['missing payload', { command: 'setup', player_id: 0 }, 'setup.payload: missing'],
    ['missing player_id on a move', { command: 'setup', payload: 3 }, 'setup.player_id: missing'],
    [
      'negative player_id on a move',
      { command: 'deploy', payload: [[1, 3]], player_id: -1 },
      'deploy.player_id: a player id must be ≥ 0',
    ],
    [
      'fractional ack_id',
      { command: 'setup', payload: 3, player_id: 0, ack_id: 1.5 },
      'setup.ack_id: expected an integer, got 1.5',
    ],
    [
      'empty deploy',
      { command: 'deploy', payload: [], player_id: 0 },
      'deploy.payload: deploy at least one [territory, armies]',
    ],
    [
      'deploy of 0 armies',
      { command: 'deploy', payload: [[4, 0]], player_id: 0 },
      'deploy.payload[0][1]: each deployment places at least 1 army',
    ],
    [
      'a two-card set',
      { command: 'play_cards', payload: { cards: [[1, 2]], armies: -1 }, player_id: 0 },
      'play_cards.payload.cards[0]: a set is exactly 3 card ids',
    ],
    [
      'an empty trade',
      { command: 'play_cards', payload: { cards: [] }, player_id: 0 },
      'play_cards.payload.cards: trade at least one set (send null for no trade)',
    ],
    [
      'armies below -1',
      { command: 'play_cards', payload: { cards: [[1, 2, 3]], armies: -2 }, player_id: 0 },
      'play_cards.payload.armies: armies is the trade value, or -1 for unspecified',
    ],
    [
      'fortify with negative armies',
      { command: 'fortify', payload: [1, 2, -3], player_id: 0 },
      'fortify.payload[2]: armies must be ≥ 0 (0 means no move)',
    ],
    [
      'fortify as a string',
      { command: 'fortify', payload: 'none', player_id: 0 },
      'fortify.payload: expected an array or null, got "none"',
    ],
    [
      'capture of 0 armies',
      { command: 'attack_capture', payload: [1, 2, 0], player_id: 0 },
      'attack_capture.payload[2]: at least 1 army moves in',
    ],
    [
      'accept without a move timeout',
      { command: 'accept_join_game', payload: { player_id: 1, acknowledgementTimeout: 2 } },
      'accept_join_game.payload.move_timeout: missing (also read as commandTimeout)',
    ],
    [
      'players_joined addresses not a list',
      { command: 'players_joined', payload: [[0, 'a', 'k', 1]] },
      'players_joined.payload[0][3]: expected an array, got 1',
    ],
    [
      'players_joined entry of 5',
      { command: 'players_joined', payload: [[0, 'a', 'k', [], 1]] },
      'players_joined.payload[0]: expected [player_id, name, public_key?, addresses?]',
    ],
    [
      'join without versions',
      { command: 'join_game', payload: { supported_versions: [], name: 'x' } },
      'join_game.payload.supported_versions: list at least one supported version',
    ],
    [
      'leave_game flag not a boolean',
      { command: 'leave_game', payload: { response: 0, receive_updates: 'yes' }, player_id: 1 },
      'leave_game.payload.receive_updates: expected true or false, got "yes"',
    ],
    [
      'timeout naming no player',
      { command: 'timeout', payload: null, player_id: 0, ack_id: 1 },
      'timeout.payload: expected a number, got null',
    ],
    [
      'ping with a string',
      { command: 'ping', payload: 'two', player_id: 0 },
      'ping.payload: expected a number or null, got "two"',
    ],
    ['ready with a payload', { command: 'ready', payload: 1, player_id: 0 }, 'ready.payload: expected null, got 1'],
  ];
  for (const [name, value, reason] of cases) {
    it(name, () => expect(rejection(value)).toBe(reason));
  }

  it('a line that is not JSON, or an envelope holding garbage', () => {
    expect(decodeLine('{"command":')).toMatchObject({ ok: false, reason: expect.stringMatching(/^line: not JSON/) });
    expect(decodeLine('{"message":"{oops"}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^message: not JSON/),
    });
    expect(decodeLine('{"message":5}')).toStrictEqual({
      ok: false,
      reason: 'message: expected the inner message as a JSON string, got 5',
    });
    expect(decodeLine('')).toStrictEqual({ ok: false, reason: 'line: empty' });
  });
});

describe('messages ⇄ model actions', () => {
  const actions: [MessageAction, number | undefined][] = [
    [{ command: 'setup', player: 1, payload: 12 }, 3],
    [{ command: 'play_cards', player: 0, payload: null }, 4],
    [{ command: 'play_cards', player: 0, payload: { cards: [[1, 2, 3]] } }, 4],
    [{ command: 'play_cards', player: 0, payload: { cards: [[1, 2, 3]], armies: 6 } }, 4],
    [
      {
        command: 'deploy',
        player: 2,
        payload: [
          [5, 1],
          [5, 2],
        ],
      },
      5,
    ],
    [{ command: 'attack', player: 2, payload: [5, 6, 3] }, 6],
    [{ command: 'defend', player: 1, payload: 2 }, 7],
    [{ command: 'attack_capture', player: 2, payload: [5, 6, 3] }, 8],
    [{ command: 'fortify', player: 2, payload: [5, 4, 1] }, 9],
    [{ command: 'fortify', player: 2, payload: null }, 10],
    [{ command: 'leave_game', player: 1 }, 11],
    [{ command: 'timeout', player: 1 }, undefined],
  ];
  for (const [action, ackId] of actions) {
    it(`${action.command} ${JSON.stringify('payload' in action ? action.payload : action.player)}`, () => {
      const message = fromAction(action, ackId);
      expect(message.ack_id).toBe(ackId);
      expect(toAction(message)).toStrictEqual(action);
    });
  }

  it('fortify with 0 armies becomes the canonical null; a timeout is sent by the host', () => {
    expect(fromAction({ command: 'fortify', player: 0, payload: [0, 0, 0] }, 1).payload).toBeNull();
    expect(fromAction({ command: 'timeout', player: 2 }, 5, 0)).toStrictEqual({
      command: 'timeout',
      payload: 2,
      player_id: 0,
      ack_id: 5,
    });
    expect(fromAction({ command: 'timeout', player: 2 }, 5)).toStrictEqual({
      command: 'timeout',
      payload: 2,
      player_id: null,
      ack_id: 5,
    });
  });

  it('an action no message can carry is a bug: fromAction throws', () => {
    expect(() => fromAction({ command: 'defend', player: 1, payload: 3 })).toThrow(/defend\.payload/);
  });
});
