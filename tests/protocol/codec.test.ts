import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLine, encodeLine, LineSplitter, MAX_LINE_LENGTH, type SplitItem } from '../../src/protocol/codec.js';
import { COMMANDS, type Command, encodeMessage, type Message, type MessageOf } from '../../src/protocol/messages.js';

// Recorded class games, copied into tests/fixtures (see its README).
const transcriptDir = new URL('../fixtures/transcripts/', import.meta.url);

function wireLines(name: string): string[] {
  return readFileSync(new URL(name, transcriptDir), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { dir: string; raw: string })
    .filter((r) => r.dir === 'client->host' || r.dir === 'host->client')
    .map((r) => r.raw);
}

// ---------------------------------------------------------------------------------------------
// Arbitrary canonical messages, one generator per command (the mapped type makes a missing one a type error)

const id = fc.nat({ max: 60 });
const ack = fc.nat({ max: 100_000 });
const hostId = fc.option(fc.nat({ max: 6 }), { nil: null });
const text = fc.string({ unit: 'binary', maxLength: 40 });
const hex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
const riscStage = fc.constantFrom('placement' as const, 'orders' as const);
const positive = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.double({ min: 0.001, max: 100, noNaN: true }));
const seconds = fc.oneof(fc.nat({ max: 600 }), fc.double({ min: 0.001, max: 600, noNaN: true }));
const triple = (min: number) => fc.tuple(id, id, fc.integer({ min, max: 200 }));

/** fc.record without the null-prototype objects it may otherwise produce: decoded JSON has Object.prototype. */
const record = <T>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(fields, { noNullPrototype: true });

/** ack_id present or absent, never undefined. */
const withAck = <M extends object>(message: M, ack_id: number | undefined): M & { ack_id?: number } =>
  ack_id === undefined ? message : { ...message, ack_id };

/** A message from a player or the host: command, payload, player_id, maybe ack_id. */
function framed<C extends Command, P, I>(command: C, payload: fc.Arbitrary<P>, player: fc.Arbitrary<I>) {
  return fc
    .tuple(payload, player, fc.option(ack, { nil: undefined }))
    .map(([payload, player_id, ack_id]) => withAck({ command, payload, player_id }, ack_id));
}

/** A host-only lobby message: no player_id. */
function lobby<C extends Command, P>(command: C, payload: fc.Arbitrary<P>) {
  return fc
    .tuple(payload, fc.option(ack, { nil: undefined }))
    .map(([payload, ack_id]) => withAck({ command, payload }, ack_id));
}

const arbitraries: { [C in Command]: fc.Arbitrary<MessageOf<C>> } = {
  join_game: lobby(
    'join_game',
    record({
      supported_versions: fc.array(positive, { minLength: 1, maxLength: 3 }),
      supported_features: fc.array(text, { maxLength: 3 }),
      name: text,
      public_key: fc.option(text, { nil: undefined }),
    }).map(({ public_key, ...join }) => (public_key === undefined ? join : { ...join, public_key })),
  ),
  accept_join_game: lobby(
    'accept_join_game',
    record({ player_id: id, acknowledgement_timeout: seconds, move_timeout: seconds }),
  ),
  reject_join_game: lobby('reject_join_game', text),
  players_joined: lobby('players_joined', fc.array(fc.tuple(id, text, text), { maxLength: 6 })),
  ping: framed('ping', fc.option(fc.nat({ max: 6 }), { nil: null }), hostId),
  ready: framed('ready', fc.constant(null), hostId),
  initialise_game: lobby(
    'initialise_game',
    record({ version: positive, supported_features: fc.array(text, { maxLength: 3 }) }),
  ),
  acknowledgement: framed('acknowledgement', ack, id),
  roll_hash: framed('roll_hash', hex, id),
  roll_number: framed('roll_number', hex, id),
  setup: framed('setup', id, id),
  play_cards: framed(
    'play_cards',
    fc.option(
      record({
        cards: fc.array(fc.tuple(id, id, id), { minLength: 1, maxLength: 3 }),
        armies: fc.integer({ min: -1, max: 100 }),
      }),
      { nil: null },
    ),
    id,
  ),
  deploy: framed(
    'deploy',
    fc.array(fc.tuple(id, fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 30 }),
    id,
  ),
  attack: framed('attack', fc.tuple(id, id, fc.constantFrom(1 as const, 2 as const, 3 as const)), id),
  defend: framed('defend', fc.constantFrom(1 as const, 2 as const), id),
  attack_capture: framed('attack_capture', triple(1), id),
  fortify: framed('fortify', fc.option(triple(1), { nil: null }), id),
  timeout: framed('timeout', id, hostId),
  leave_game: framed(
    'leave_game',
    record({ response: fc.integer({ min: -1000, max: 1000 }), message: text, receive_updates: fc.boolean() }),
    id,
  ),
  expel: framed('expel', record({ player: id, reason: text, evidence: fc.array(text, { maxLength: 3 }) }), id),
  timeout_vote: framed(
    'timeout_vote',
    record({ player: id, index: ack, stage: fc.constantFrom(1 as const, 2 as const) }),
    id,
  ),
  risc_commit: framed(
    'risc_commit',
    record({ game: fc.string({ minLength: 1, maxLength: 20 }), turn: ack, stage: riscStage, hash: hex }),
    id,
  ),
  risc_reveal: framed(
    'risc_reveal',
    fc.oneof(
      record({
        game: fc.string({ minLength: 1, maxLength: 20 }),
        turn: ack,
        stage: fc.constant('placement' as const),
        salt: hex,
        placement: fc.array(record({ territory: id, units: id }), { maxLength: 3 }),
      }),
      record({
        game: fc.string({ minLength: 1, maxLength: 20 }),
        turn: ack,
        stage: fc.constant('orders' as const),
        salt: hex,
        orders: fc.array(
          record({ kind: fc.constantFrom('move' as const, 'attack' as const), from: id, to: id, units: id }),
          {
            maxLength: 3,
          },
        ),
      }),
    ),
    id,
  ),
};

const anyMessage: fc.Arbitrary<Message> = fc.oneof(...COMMANDS.map((c) => arbitraries[c] as fc.Arbitrary<Message>));

/** Rewrites a canonical wire object into the tolerated variants of §10, choosing by the bits of `pick`. */
function tolerantVariant(wire: Record<string, unknown>, pick: number): Record<string, unknown> {
  const bit = (k: number) => ((pick >>> k) & 1) === 1;
  const out: Record<string, unknown> = structuredClone(wire);
  const p = out.payload as never;
  switch (out.command) {
    case 'accept_join_game': {
      const a = p as Record<string, unknown>;
      if (bit(0)) delete a.acknowledgement_timeout;
      else delete a.acknowledgementTimeout;
      if (bit(1)) delete a.move_timeout;
      else delete a.commandTimeout;
      break;
    }
    case 'players_joined':
      out.payload = (p as [number, string, string][]).map(([i, name, key]) =>
        key === '' && bit(0) ? [i, name] : key === '' && bit(1) ? [i, name, null] : [i, name, key],
      );
      break;
    case 'fortify':
      if (p === null && bit(0)) out.payload = bit(1) ? [0, 0, 0] : [7, 9, 0];
      break;
    case 'play_cards':
      if (p !== null && (p as { armies: number }).armies === -1 && bit(0)) delete (p as { armies?: number }).armies;
      break;
    case 'leave_game': {
      const l = p as Record<string, unknown>;
      if (bit(0)) {
        l.receiveUpdates = l.receive_updates;
        delete l.receive_updates;
      }
      if (l.message === '' && bit(1)) delete l.message;
      break;
    }
    case 'roll_hash':
    case 'roll_number':
      if (bit(0)) out.payload = (p as string).toUpperCase();
      break;
  }
  if (out.player_id === null && ['ping', 'ready', 'timeout'].includes(out.command as string)) {
    if (bit(4)) out.player_id = -1;
    else if (bit(5)) delete out.player_id;
  }
  if (
    ['join_game', 'accept_join_game', 'reject_join_game', 'players_joined', 'initialise_game'].includes(
      out.command as string,
    ) &&
    bit(6)
  ) {
    out.player_id = bit(7) ? null : -1;
  }
  if (bit(8)) out.extension_field = { ignored: true };
  return out;
}

describe('encode → decode round-trips to the canonical message', () => {
  for (const command of COMMANDS) {
    it(`${command}, bare and in the envelope`, () => {
      fc.assert(
        fc.property(arbitraries[command] as fc.Arbitrary<Message>, (message) => {
          const bare = encodeLine(message);
          const wrapped = encodeLine(message, { envelope: true });
          expect(bare.endsWith('\n') && !bare.slice(0, -1).includes('\n')).toBe(true);
          expect(wrapped.endsWith('\n') && !wrapped.slice(0, -1).includes('\n')).toBe(true);
          expect(JSON.parse(wrapped)).toHaveProperty('message');
          expect(decodeLine(bare)).toStrictEqual({ ok: true, message });
          expect(decodeLine(wrapped)).toStrictEqual({ ok: true, message });
        }),
        { seed: 3099, numRuns: 150 },
      );
    });
  }

  it('every tolerated variant of a message decodes to the same canonical message', () => {
    fc.assert(
      fc.property(anyMessage, fc.nat(), (message, pick) => {
        const variant = tolerantVariant(encodeMessage(message) as unknown as Record<string, unknown>, pick);
        expect(decodeLine(JSON.stringify(variant))).toStrictEqual({ ok: true, message });
      }),
      { seed: 2015, numRuns: 3000 },
    );
  });

  it('accept_join_game is written with both timeout spellings, other messages with canonical keys only', () => {
    const line = encodeLine({
      command: 'accept_join_game',
      payload: { player_id: 1, acknowledgement_timeout: 2, move_timeout: 30 },
    });
    expect(line).toBe(
      '{"command":"accept_join_game","payload":{"player_id":1,"acknowledgement_timeout":2,"move_timeout":30,"acknowledgementTimeout":2,"commandTimeout":30}}\n',
    );
    expect(encodeLine({ command: 'fortify', payload: null, player_id: 1, ack_id: 5 })).toBe(
      '{"command":"fortify","payload":null,"player_id":1,"ack_id":5}\n',
    );
    expect(
      encodeLine(
        { command: 'leave_game', payload: { response: 0, message: 'bye', receive_updates: false }, player_id: 1 },
        { envelope: true },
      ),
    ).toBe(
      '{"message":"{\\"command\\":\\"leave_game\\",\\"payload\\":{\\"response\\":0,\\"message\\":\\"bye\\",\\"receive_updates\\":false},\\"player_id\\":1}"}\n',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzzing decodeLine

/** mulberry32: a tiny seeded generator, so the fuzz run is the same every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

describe('decodeLine never throws', () => {
  it('100 000 random and mutated lines: each decodes or is rejected with a reason', { timeout: 60_000 }, () => {
    const random = seeded(0xc53099);
    const below = (n: number) => Math.floor(random() * n);
    const choose = <T>(items: readonly T[]): T => items[below(items.length)]!;

    const recorded = [
      ...wireLines('class-2p-excerpt.jsonl'),
      ...wireLines('class-2p-game-b.jsonl').filter((_, i) => i % 8 === 0),
    ];
    const synthetic = fc.sample(anyMessage, { seed: 42, numRuns: 600 }).map((m) => encodeLine(m).trimEnd());
    const corpus = [...recorded, ...synthetic];
    const jsonValues = fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: 7, numRuns: 3000 }) as Json[];
    const oddValues: Json[] = [
      null,
      true,
      false,
      0,
      -1,
      -0,
      1.5,
      1e300,
      -1e300,
      2 ** 53,
      2 ** 53 + 2,
      '',
      '1',
      'a'.repeat(70),
      'A'.repeat(64),
      [],
      {},
      [0, 0, 0],
      [1, 2, 3, 4],
      [[1, 2]],
      [[1, 2, 3]],
      { cards: [] },
      { __proto__: 1 } as Json,
      { constructor: 'x' },
      'draw_card',
      'roll',
      'fortify',
      'accept_join_game',
      '__proto__',
      'toString',
    ];
    const randomValue = (): Json => (random() < 0.5 ? choose(oddValues) : choose(jsonValues));
    const someChars = '{}[]":,\\ 0123456789-.eEtruefalsnl\u0000\u00e9\u20ac\ud83d\ude00\ud800\r\t';

    /** Every (container, key) in a JSON value, for deletions and replacements. */
    function slots(value: Json, out: [Json[] | Record<string, Json>, string | number][] = []) {
      if (Array.isArray(value)) value.forEach((v, i) => (out.push([value, i]), slots(v, out)));
      else if (value !== null && typeof value === 'object')
        for (const k of Object.keys(value)) out.push([value, k]), slots(value[k]!, out);
      return out;
    }

    const mutations: ((line: string) => string)[] = [
      // flip bits of the UTF-8 bytes
      (line) => {
        const bytes = new TextEncoder().encode(line);
        for (let n = 1 + below(3); n > 0 && bytes.length > 0; n--) bytes[below(bytes.length)]! ^= 1 << below(8);
        return new TextDecoder().decode(bytes);
      },
      (line) => line.slice(0, below(line.length + 1)),
      (line) => {
        const at = below(line.length + 1);
        return line.slice(0, at) + choose([...someChars]) + line.slice(at + below(2));
      },
      // delete a field or an element
      (line) => {
        const value = JSON.parse(line) as Json;
        const all = slots(value);
        if (all.length === 0) return line;
        const [container, key] = choose(all);
        if (Array.isArray(container)) container.splice(key as number, 1);
        else delete container[key];
        return JSON.stringify(value);
      },
      // change the type (or value) of a field, the root included
      (line) => {
        const value = JSON.parse(line) as Json;
        const all = slots(value);
        if (all.length === 0 || random() < 0.05) return JSON.stringify(randomValue());
        const [container, key] = choose(all);
        (container as Record<string | number, Json>)[key] = randomValue();
        return JSON.stringify(value);
      },
      (line) => {
        const value = JSON.parse(line) as Record<string, Json>;
        if (value && typeof value === 'object' && !Array.isArray(value))
          value.command = choose(['draw_card', 'roll', 'xyz', 'ROLL_HASH', ...COMMANDS]);
        return JSON.stringify(value);
      },
      // nudge a number: often still valid, which exercises the transforms rather than the refusals
      (line) => {
        const value = JSON.parse(line) as Json;
        const numbers = slots(value).filter(([c, k]) => typeof (c as Record<string | number, Json>)[k] === 'number');
        if (numbers.length === 0) return line;
        const [container, key] = choose(numbers);
        const old = (container as Record<string | number, number>)[key]!;
        (container as Record<string | number, Json>)[key] = choose([old + 1, old - 1, 0, 1, 2, 3, -1]);
        return JSON.stringify(value);
      },
      () => JSON.stringify(randomValue()),
      () => Array.from({ length: below(40) }, () => choose([...someChars])).join(''),
    ];

    const envelope = (line: string) =>
      random() < 0.5 ? JSON.stringify({ message: line }) : JSON.stringify({ message: line, signature: randomValue() });
    const specials = [
      '[]'.repeat(10),
      '['.repeat(100_000) + ']'.repeat(100_000),
      `${'{"message":'.repeat(1000)}"x"${'}'.repeat(1000)}`,
      JSON.stringify({ message: JSON.stringify({ message: '{"command":"setup","payload":1,"player_id":0}' }) }),
      JSON.stringify({ command: 'join_game', payload: { supported_versions: [1], name: 'x'.repeat(MAX_LINE_LENGTH) } }),
      '{"command":"setup","payload":1,"player_id":0,"__proto__":{"polluted":true}}',
      '{"command":"__proto__","payload":1}',
      '{"command":"constructor","payload":1}',
      ' \t ',
      '\ufeff{"command":"setup","payload":1,"player_id":0}',
    ];

    const counts = { message: 0, ignored: 0, rejected: 0 };
    const failures: string[] = [];
    const total = 100_000;
    for (let i = 0; i < total; i++) {
      let line: string;
      if (i < specials.length) line = specials[i]!;
      else {
        line = choose(corpus);
        // A tenth of the corpus lines go through unmutated (only perhaps wrapped), the rest once or twice.
        for (let n = random() < 0.1 ? 0 : 1 + (random() < 0.3 ? 1 : 0); n > 0; n--) {
          try {
            line = choose(mutations)(line);
          } catch {
            line = choose(mutations.slice(0, 3))(line); // the text no longer parses: mutate it as text
          }
        }
        if (random() < 0.15) line = envelope(line);
      }
      let result;
      try {
        result = decodeLine(line);
      } catch (error) {
        failures.push(`threw ${String(error)} on ${line.slice(0, 200)}`);
        continue;
      }
      if (!result.ok) {
        counts.rejected++;
        if (typeof result.reason !== 'string' || result.reason.trim() === '' || result.reason.includes('decoder bug')) {
          failures.push(`bad reason ${JSON.stringify(result.reason)} for ${line.slice(0, 200)}`);
        }
      } else if ('ignored' in result) {
        counts.ignored++;
        if (result.ignored.reason === '') failures.push(`ignored without a reason: ${line.slice(0, 200)}`);
      } else {
        counts.message++;
        // The canonical form is a fixed point: encoding and decoding it again changes nothing.
        const again = decodeLine(encodeLine(result.message));
        if (
          !again.ok ||
          !('message' in again) ||
          JSON.stringify(encodeMessage(again.message)) !== JSON.stringify(encodeMessage(result.message))
        ) {
          failures.push(`not a fixed point: ${line.slice(0, 200)}`);
        }
      }
    }
    expect(failures.slice(0, 5)).toStrictEqual([]);
    expect(counts.message + counts.ignored + counts.rejected).toBe(total);
    // The mix exercises all three outcomes substantially.
    expect(counts.message).toBeGreaterThan(10_000);
    expect(counts.ignored).toBeGreaterThan(1_000);
    expect(counts.rejected).toBeGreaterThan(30_000);
  });

  it('an over-long line is refused by its length, before parsing', () => {
    const result = decodeLine(`{"command":"reject_join_game","payload":"${'x'.repeat(MAX_LINE_LENGTH)}"}`);
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^line: \d+ characters, over the \d+ limit$/),
    });
  });
});

// ---------------------------------------------------------------------------------------------
// LineSplitter

const lineTexts = (items: SplitItem[]) => items.map((item) => (item.ok ? item.line : `ERROR ${item.reason}`));

describe('LineSplitter', () => {
  it('any chunking of a byte stream yields the same lines, with \\n or \\r\\n endings', () => {
    const lineArb = fc
      .string({ unit: 'grapheme', maxLength: 30 })
      .filter((s) => !s.includes('\n') && !s.endsWith('\r'));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(lineArb, fc.boolean()), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.boolean(),
        (lines, cuts, asBytes) => {
          const stream = lines.map(([line, crlf]) => line + (crlf ? '\r\n' : '\n')).join('');
          const bytes = new TextEncoder().encode(stream);
          const size = asBytes ? bytes.length : stream.length;
          const points = [...new Set(cuts.map((c) => c % (size + 1)))].sort((a, b) => a - b);
          const splitter = new LineSplitter();
          const out: SplitItem[] = [];
          let from = 0;
          for (const to of [...points, size]) {
            out.push(...splitter.push(asBytes ? bytes.slice(from, to) : stream.slice(from, to)));
            from = to;
          }
          out.push(...splitter.end());
          expect(lineTexts(out)).toStrictEqual(lines.map(([line]) => line));
        },
      ),
      { seed: 99, numRuns: 500 },
    );
  });

  it('a multi-byte character split across chunks is decoded whole', () => {
    const bytes = new TextEncoder().encode('{"name":"€😀"}\n');
    const splitter = new LineSplitter();
    const out = [...bytes].flatMap((b) => splitter.push(new Uint8Array([b])));
    expect(lineTexts(out)).toStrictEqual(['{"name":"€😀"}']);
  });

  it('a line over the limit yields one error and is skipped up to its newline; the next line is intact', () => {
    const splitter = new LineSplitter(10);
    expect(lineTexts(splitter.push('0123456789\r\n'))).toStrictEqual(['0123456789']);
    const first = splitter.push('a'.repeat(15));
    expect(first).toHaveLength(1);
    expect(first[0]!.ok).toBe(false);
    expect(splitter.push('b'.repeat(100))).toStrictEqual([]);
    expect(lineTexts(splitter.push('bbb\nshort\n'))).toStrictEqual(['short']);
    const complete = splitter.push(`${'c'.repeat(12)}\nok\n`);
    expect(complete.map((item) => item.ok)).toStrictEqual([false, true]);
    expect(lineTexts(splitter.end())).toStrictEqual([]);
  });

  it('end() returns a last line without a newline; empty lines are kept for the caller to skip', () => {
    const splitter = new LineSplitter();
    expect(lineTexts(splitter.push('a\n\nb'))).toStrictEqual(['a', '']);
    expect(lineTexts(splitter.end())).toStrictEqual(['b']);
    expect(splitter.end()).toStrictEqual([]);
  });

  it('a whole recording fed in odd-sized byte chunks decodes line for line', () => {
    const lines = wireLines('class-2p-game-a.jsonl');
    const bytes = new TextEncoder().encode(lines.map((l) => `${l}\r\n`).join(''));
    const splitter = new LineSplitter();
    const out: SplitItem[] = [];
    for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7 + 3) % 997 || 1) {
      out.push(...splitter.push(bytes.subarray(at, at + step)));
    }
    out.push(...splitter.end());
    expect(lineTexts(out)).toStrictEqual(lines);
    expect(out.every((item) => item.ok && decodeLine(item.line).ok)).toBe(true);
  });
});
