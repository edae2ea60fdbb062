// The cs3099 class protocol messages (cs3099-observed.md §2–§8): one zod schema per command.
// Each schema accepts every variant a tolerant peer must (§10) and outputs ONE canonical form,
// so the rest of the program never sees a spelling difference.
import { z } from 'zod';
import type { Action } from '../model/index.js';
import { RiscCommitSchema, RiscRevealSchema } from './risc-orders.js';

// ---------------------------------------------------------------------------------------------
// Building blocks

const nat = (what: string) => z.int().min(0, { error: `${what} must be ≥ 0` });

const playerId = nat('a player id');
const territory = nat('a territory id');
const card = nat('a card id');
const ackId = nat('an ack id');

/** The sender of a host message: a playing host's id, or null (-1 and absence too) for a non-playing host. */
const hostId = z
  .union([z.int().min(-1, { error: 'a player id must be ≥ 0 (or -1/null for a non-playing host)' }), z.null()])
  .optional()
  .transform((id) => (id === undefined || id === -1 ? null : id));

/** 32 random bytes or their SHA-256, as hex; peers differ in case (§2), so it is lowercased. */
const hex32 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, { error: 'expected 64 hex digits (32 bytes)' })
  .transform((hex) => hex.toLowerCase());

const features = z
  .array(z.string())
  .optional()
  .transform((list) => list ?? []);

type Triple = [number, number, number];

/** `x` or null, as a union so a type error names both ("expected an array or null"). */
const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

// The common message frame (§2): command, payload, player_id, optional ack_id. Unknown keys are dropped.
function frame<C extends string, P extends z.ZodType, I extends z.ZodType>(
  command: C,
  payload: P,
  player: I,
  description: string,
) {
  return z
    .object({ command: z.literal(command), payload, player_id: player, ack_id: ackId.optional() })
    .meta({ title: `cs3099 ${command}`, description });
}

/**
 * A game move's frame: native pipelining adds `parent`, the message hash of the entry the move was
 * built on, which the move's signature covers (protocol-spec/native.md, Pipelining).
 */
function moveFrame<C extends string, P extends z.ZodType, I extends z.ZodType>(
  command: C,
  payload: P,
  player: I,
  description: string,
) {
  // extend() makes a new schema, which does not keep the frame's metadata: it is given again.
  return frame(command, payload, player, description)
    .extend({ parent: hex32.optional() })
    .meta({ title: `cs3099 ${command}`, description });
}

/** Host-only lobby messages carry no player_id (§2); some hosts send null or -1 anyway, so it is checked and dropped. */
function lobbyFrame<C extends string, P extends z.ZodType>(command: C, payload: P, description: string) {
  return frame(command, payload, hostId, description).transform(({ player_id: _sender, ...message }) => message);
}

// ---------------------------------------------------------------------------------------------
// Lobby (§3)

const joinGame = lobbyFrame(
  'join_game',
  z
    .object({
      supported_versions: z
        .array(z.number().positive({ error: 'a version must be > 0' }))
        .min(1, { error: 'list at least one supported version' }),
      supported_features: features,
      name: z.string().max(256, { error: 'a player name is at most 256 characters' }),
      public_key: z.string().nullable().optional(),
      // Native profile: where the joining peer can be dialled for the mesh.
      addresses: z.array(z.string().max(1024)).max(32).optional(),
    })
    // A null key is no key.
    .transform(({ public_key, ...join }) => (public_key == null ? join : { ...join, public_key })),
  'client → host, first line after connecting.',
);

const timeoutSeconds = z.number().min(0, { error: 'a timeout is ≥ 0 seconds' });

const acceptJoinPayload = z
  .object({
    player_id: playerId,
    acknowledgement_timeout: timeoutSeconds.optional(),
    move_timeout: timeoutSeconds.optional(),
    // The recorded peer's spellings (§3).
    acknowledgementTimeout: timeoutSeconds.optional(),
    commandTimeout: timeoutSeconds.optional(),
  })
  .meta({
    allOf: [
      { anyOf: [{ required: ['acknowledgement_timeout'] }, { required: ['acknowledgementTimeout'] }] },
      { anyOf: [{ required: ['move_timeout'] }, { required: ['commandTimeout'] }] },
    ],
  })
  .check((ctx) => {
    const p = ctx.value;
    if (p.acknowledgement_timeout === undefined && p.acknowledgementTimeout === undefined) {
      ctx.issues.push({
        code: 'custom',
        path: ['acknowledgement_timeout'],
        message: 'missing (also read as acknowledgementTimeout)',
        input: p,
      });
    }
    if (p.move_timeout === undefined && p.commandTimeout === undefined) {
      ctx.issues.push({
        code: 'custom',
        path: ['move_timeout'],
        message: 'missing (also read as commandTimeout)',
        input: p,
      });
    }
  })
  .transform((p) => ({
    player_id: p.player_id,
    acknowledgement_timeout: (p.acknowledgement_timeout ?? p.acknowledgementTimeout)!,
    move_timeout: (p.move_timeout ?? p.commandTimeout)!,
  }));

const acceptJoinGame = lobbyFrame(
  'accept_join_game',
  acceptJoinPayload,
  'host → joining client: its player id and the timeouts in seconds.',
);

const rejectJoinGame = lobbyFrame('reject_join_game', z.string(), 'host → joining client, then close: the reason.');

// Native profile: a fourth element lists the player's dialable addresses (multiaddrs) for the mesh.
const playerEntry = z
  .tuple([playerId, z.string(), z.string().nullable().optional(), z.array(z.string().max(1024)).max(32).optional()], {
    error: 'expected [player_id, name, public_key?, addresses?]',
  })
  .transform(([id, name, key, addresses]): [number, string, string] | [number, string, string, string[]] =>
    addresses === undefined ? [id, name, key ?? ''] : [id, name, key ?? '', addresses],
  );

const playersJoined = lobbyFrame(
  'players_joined',
  z.array(playerEntry),
  'host → newcomer: everyone already in; host → others: the newcomer. Entries [id, name, key] or [id, name].',
);

const ping = frame(
  'ping',
  orNull(nat('the player count')),
  hostId,
  'host → all with the player count; every client answers with null.',
);

const ready = frame('ready', z.null(), hostId, 'host → all, with ack_id; every player acknowledges.');

const initialiseGame = lobbyFrame(
  'initialise_game',
  z
    .object({
      version: z.number().positive({ error: 'a version must be > 0' }),
      supported_features: features,
      // Native profile: names the game in bound commitments.
      game_id: z.string().min(1).max(128).optional(),
    })
    .transform(({ game_id, ...init }) => (game_id === undefined ? init : { ...init, game_id })),
  'host → all after the ready acks: the version and features common to all.',
);

// ---------------------------------------------------------------------------------------------
// Acknowledgements and dice (§6, §8)

const acknowledgement = z
  .object({
    command: z.literal('acknowledgement'),
    payload: ackId,
    player_id: playerId,
    ack_id: ackId.optional(),
    // Native state_hash_acks: the acker's game state and the message it applied, both SHA-256 hex.
    state_hash: hex32.optional(),
    message_hash: hex32.optional(),
    // Native signed_messages: who signed the acknowledged move, and that signature, so an ack that
    // names a move its author never signed is the acker's own, checkable lie.
    author: playerId.optional(),
    author_sig: z
      .string()
      .regex(/^[0-9a-fA-F]{128}$/, { error: 'an Ed25519 signature is 128 hex digits' })
      .optional(),
    // Native pipelining: the entry before the acknowledged one, as the acker holds it (its parent).
    parent: hex32.optional(),
  })
  .meta({
    title: 'cs3099 acknowledgement',
    description:
      'Answer to a message carrying ack_id; payload = that ack_id. Native peers add state_hash and message_hash.',
  });

// Native peers name the round (0: first player, 1: deck, then 2 + the index of the move rolled for),
// so a message of an abandoned round is recognised; class peers send no round.
function rollFrame<C extends 'roll_hash' | 'roll_number'>(command: C, description: string) {
  return z
    .object({
      command: z.literal(command),
      payload: hex32,
      player_id: playerId,
      ack_id: ackId.optional(),
      round: nat('a round').optional(),
    })
    .meta({ title: `cs3099 ${command}`, description });
}

const rollHash = rollFrame('roll_hash', 'Dice round step 1: hex SHA-256 of the 32 random bytes.');

// Native peers add the commitments they revealed against, one [player, hash] per participant: a
// round counts only once every reveal names the same ones (a player that signed two commitments
// for one round is caught before anyone uses it). Class peers send none.
const rollNumberText = 'Dice round step 2, after all hashes: the 32 random bytes as hex.';
const rollNumber = rollFrame('roll_number', rollNumberText)
  .extend({
    commitments: z
      .array(z.tuple([playerId, hex32]))
      .max(8, { error: 'at most 8 commitments in one round' })
      .optional(),
  })
  .meta({
    title: 'cs3099 roll_number',
    description: `${rollNumberText} Native peers add the [player, commitment] pairs they revealed against.`,
  });

// ---------------------------------------------------------------------------------------------
// Game moves (§5, §8)

const setup = moveFrame('setup', territory, playerId, 'Place one army during setup: payload = territory id.');

const cardSet = z.tuple([card, card, card], { error: 'a set is exactly 3 card ids' });

const playCards = moveFrame(
  'play_cards',
  orNull(
    z
      .object({
        // A hand never holds more than 9 cards after an elimination: 3 sets at most.
        cards: z
          .array(cardSet)
          .min(1, { error: 'trade at least one set (send null for no trade)' })
          .max(3, { error: 'at most 3 sets in one trade' }),
        armies: z.int().min(-1, { error: 'armies is the trade value, or -1 for unspecified' }).optional(),
      })
      .transform(({ cards, armies }) => ({ cards: cards as Triple[], armies: armies ?? -1 })),
  ),
  playerId,
  'First move of a turn: null for no trade, else the sets and the armies they yield (-1: unspecified).',
);

export const MAX_DEPLOY_ENTRIES = 512;

const deploy = moveFrame(
  'deploy',
  z
    .array(
      z.tuple([territory, z.int().min(1, { error: 'each deployment places at least 1 army' })], {
        error: 'expected [territory, armies]',
      }),
    )
    .min(1, { error: 'deploy at least one [territory, armies]' })
    // The 2015 class bots send one entry per army (67 in one recorded turn); 512 keeps room for
    // late card sets while refusing lists whose only purpose is to make peers work.
    .max(MAX_DEPLOY_ENTRIES, { error: `at most ${MAX_DEPLOY_ENTRIES} [territory, armies] entries` }),
  playerId,
  'Place the armies due this turn: [[territory, armies], …]; a territory may repeat.',
);

const attack = moveFrame(
  'attack',
  z.tuple([territory, territory, z.literal([1, 2, 3], { error: 'the attacker rolls 1 to 3 dice' })], {
    error: 'expected [source, target, dice]',
  }),
  playerId,
  'Declare a battle: [source, target, attacking dice].',
);

const defend = moveFrame(
  'defend',
  z.literal([1, 2], { error: 'the defender rolls 1 or 2 dice' }),
  playerId,
  'Defending dice for the pending attack.',
);

const attackCapture = moveFrame(
  'attack_capture',
  z.tuple([territory, territory, z.int().min(1, { error: 'at least 1 army moves in' })], {
    error: 'expected [source, target, armies]',
  }),
  playerId,
  'Move into a conquered territory: [source, target, armies].',
);

const fortify = moveFrame(
  'fortify',
  orNull(
    z.tuple([territory, territory, z.int().min(0, { error: 'armies must be ≥ 0 (0 means no move)' })], {
      error: 'expected [source, target, armies] or null',
    }),
  )
    // The recorded peer sends [0,0,0] for no move (§5): any 0-army move is the canonical null.
    .transform((move): Triple | null => (move === null || move[2] === 0 ? null : move)),
  playerId,
  'Ends the turn: [source, target, armies], or null (or 0 armies) for no move.',
);

const timeout = moveFrame(
  'timeout',
  playerId,
  hostId,
  'host → all: payload = the player who failed to respond; it becomes neutral.',
);

const leavePayload = z
  .object({
    response: z.int(),
    message: z.string().optional(),
    receive_updates: z.boolean().optional(),
    receiveUpdates: z.boolean().optional(),
  })
  .transform((p) => ({
    response: p.response,
    message: p.message ?? '',
    receive_updates: p.receive_updates ?? p.receiveUpdates ?? false,
  }));

const leaveGame = moveFrame(
  'leave_game',
  z.union([
    leavePayload,
    // A second class implementation sends its reason alone, as a string ("Received invalid move. Disconnecting").
    z.string().transform((message) => ({ response: 0, message, receive_updates: false })),
  ]),
  playerId,
  'The sender leaves and becomes neutral. Payload {response, message?, receive_updates?}, or the reason alone as a string.',
);

export const MAX_REASON = 300;
export const MAX_EVIDENCE_ITEM = 2048;
export const MAX_EVIDENCE_ITEMS = 3;

// Native extension: evidence that a player cheated; class peers ignore it as unknown.
const expel = frame(
  'expel',
  z.object({
    player: playerId,
    reason: z.string().max(MAX_REASON),
    // Bounded whatever the offending input: digests and short excerpts, never whole lines.
    evidence: z.array(z.string().max(MAX_EVIDENCE_ITEM)).max(MAX_EVIDENCE_ITEMS),
  }),
  playerId,
  'Native profile: the sender expelled `player` (now neutral) for `reason`, with the offending lines.',
);

// Native extension: the sender has waited past its deadline for `player` at sequence point `index`
// (its move, its acknowledgement, or its dice message). A majority of the other active players'
// signed votes makes `player` neutral; one vote alone changes nothing.
const timeoutVote = frame(
  'timeout_vote',
  z.object({
    player: playerId,
    index: ackId,
    stage: z.union([z.literal(1), z.literal(2)], {
      error: 'stage is 1 (please hand on what you hold) or 2 (still silent)',
    }),
  }),
  playerId,
  'Native profile: the sender finds `player` silent at sequence point `index`: stage 1 asks the others to hand on what they hold of it; stage 2, one timeout later, counts towards making it neutral.',
);

// ---------------------------------------------------------------------------------------------
// The catalogue and the canonical types

/** Every class command, keyed by its `command` string. */
// Native extension, RISC on the mesh: a player's sealed orders (commitment) and their opening
// (reveal), each a move of the game's one sequence (ack_id), in RISC's own payloads (risc-orders.ts).
const riscCommit = frame(
  'risc_commit',
  RiscCommitSchema.shape.payload,
  playerId,
  "Native profile, RISC: the sender's commitment to its placement or orders for the round, a sequenced move.",
);
const riscReveal = frame(
  'risc_reveal',
  RiscRevealSchema.shape.payload,
  playerId,
  'Native profile, RISC: the sender opens its commitment (salt and orders), a sequenced move.',
);

export const commandSchemas = {
  join_game: joinGame,
  accept_join_game: acceptJoinGame,
  reject_join_game: rejectJoinGame,
  players_joined: playersJoined,
  ping,
  ready,
  initialise_game: initialiseGame,
  acknowledgement,
  roll_hash: rollHash,
  roll_number: rollNumber,
  setup,
  play_cards: playCards,
  deploy,
  attack,
  defend,
  attack_capture: attackCapture,
  fortify,
  timeout,
  leave_game: leaveGame,
  expel,
  timeout_vote: timeoutVote,
  risc_commit: riscCommit,
  risc_reveal: riscReveal,
} as const;

export type Command = keyof typeof commandSchemas;
export const COMMANDS = Object.keys(commandSchemas) as Command[];

export type JoinGame = z.output<typeof joinGame>;
export type AcceptJoinGame = z.output<typeof acceptJoinGame>;
export type RejectJoinGame = z.output<typeof rejectJoinGame>;
export type PlayersJoined = z.output<typeof playersJoined>;
export type Ping = z.output<typeof ping>;
export type Ready = z.output<typeof ready>;
export type InitialiseGame = z.output<typeof initialiseGame>;
export type Acknowledgement = z.output<typeof acknowledgement>;
export type RollHash = z.output<typeof rollHash>;
export type RollNumber = z.output<typeof rollNumber>;
export type Setup = z.output<typeof setup>;
export type PlayCards = z.output<typeof playCards>;
export type Deploy = z.output<typeof deploy>;
export type Attack = z.output<typeof attack>;
export type Defend = z.output<typeof defend>;
export type AttackCapture = z.output<typeof attackCapture>;
export type Fortify = z.output<typeof fortify>;
export type Timeout = z.output<typeof timeout>;
export type LeaveGame = z.output<typeof leaveGame>;

/** A message in canonical form. */
export type Message = { [C in Command]: z.output<(typeof commandSchemas)[C]> }[Command];
export type MessageOf<C extends Command> = Extract<Message, { command: C }>;

/** Commands seen in the wild that a peer ignores (§5, §10); anything else unknown is ignored too. */
const IGNORED: ReadonlyMap<string, string> = new Map([
  ['draw_card', 'cards are drawn from the shared deck without a message (§5)'],
  ['roll', 'an old dice request: dice rounds need no request message (§4, §6)'],
]);

// ---------------------------------------------------------------------------------------------
// Parsing: errors are values naming the field

export type Ignored = { readonly command: string; readonly reason: string };

export type ParseResult =
  | { readonly ok: true; readonly message: Message }
  | { readonly ok: true; readonly ignored: Ignored }
  | { readonly ok: false; readonly reason: string };

const schemaByCommand: ReadonlyMap<string, z.ZodType<Message>> = new Map(
  Object.entries(commandSchemas) as [string, z.ZodType<Message>][],
);

/** Validates one parsed JSON value as a class message and returns its canonical form. */
export function parseMessage(value: unknown): ParseResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: `message: expected a JSON object, got ${show(value)}` };
  }
  const command = (value as { command?: unknown }).command;
  if (command === undefined) return { ok: false, reason: 'command: missing' };
  if (typeof command !== 'string') return { ok: false, reason: `command: expected a string, got ${show(command)}` };
  const schema = schemaByCommand.get(command);
  if (schema === undefined) {
    const reason = IGNORED.get(command) ?? 'unknown command: ignored so extensions can coexist (§2)';
    return { ok: true, ignored: { command, reason } };
  }
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, message: result.data };
  const issues = result.error.issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return { ok: false, reason: describeIssue(command, [], issues[0]!) + more };
}

type Issue = z.core.$ZodIssue;

function describeIssue(command: string, prefix: readonly PropertyKey[], issue: Issue): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // Report the branch that got furthest: a deeper path, or a range error rather than a type error.
    const score = (branch: Issue[]) =>
      branch[0] ? 2 * branch[0].path.length + (branch[0].code === 'invalid_type' ? 0 : 1) : -1;
    const best = issue.errors.reduce((a, b) => (score(b) > score(a) ? b : a));
    if (score(best) > 0) return describeIssue(command, path, best[0]!);
    const expected = issue.errors.flatMap((b) => (b[0]?.code === 'invalid_type' ? [typeName(b[0].expected)] : []));
    return `${showPath(command, path)}: expected ${expected.join(' or ')}, got ${show(issue.input)}`;
  }
  if (issue.code === 'invalid_type') {
    const what =
      issue.input === undefined ? 'missing' : `expected ${typeName(issue.expected)}, got ${show(issue.input)}`;
    return `${showPath(command, path)}: ${what}`;
  }
  return `${showPath(command, path)}: ${issue.message}`;
}

/** `attack.payload[2]`, `leave_game.payload.response`. */
function showPath(command: string, path: readonly PropertyKey[]): string {
  let text = command;
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) text += `.${key}`;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text;
}

function typeName(expected: string): string {
  switch (expected) {
    case 'int':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'array':
    case 'tuple':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return expected;
  }
}

/** A short description of a received value for a reason string (never its whole text). */
export function show(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value.length <= 24 ? JSON.stringify(value) : `a ${value.length}-character string`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

// ---------------------------------------------------------------------------------------------
// Encoding

/** A message as written on the wire (a plain JSON object). */
export interface WireMessage {
  readonly command: string;
  readonly payload: unknown;
  readonly player_id?: number | null;
  readonly ack_id?: number;
}

/**
 * The canonical wire object for a message: canonical keys only, except accept_join_game, which
 * carries both timeout spellings so the recorded peer (camelCase) and the others understand it.
 * The payload is shared with `message`, not copied: messages are treated as immutable.
 */
export function encodeMessage(message: Message): WireMessage {
  const payload =
    message.command === 'accept_join_game'
      ? {
          ...message.payload,
          acknowledgementTimeout: message.payload.acknowledgement_timeout,
          commandTimeout: message.payload.move_timeout,
        }
      : message.payload;
  const wire: { command: string; payload: unknown; player_id?: number | null; ack_id?: number } = {
    command: message.command,
    payload,
  };
  if ('player_id' in message && message.player_id !== undefined) wire.player_id = message.player_id;
  if (message.ack_id !== undefined) wire.ack_id = message.ack_id;
  if ('parent' in message && message.parent !== undefined) (wire as Record<string, unknown>).parent = message.parent;
  if ((message.command === 'roll_hash' || message.command === 'roll_number') && message.round !== undefined) {
    (wire as Record<string, unknown>).round = message.round;
  }
  if (message.command === 'roll_number' && message.commitments !== undefined)
    (wire as Record<string, unknown>).commitments = message.commitments;
  if (message.command === 'acknowledgement') {
    if (message.state_hash !== undefined) (wire as Record<string, unknown>).state_hash = message.state_hash;
    if (message.message_hash !== undefined) (wire as Record<string, unknown>).message_hash = message.message_hash;
    if (message.author !== undefined) (wire as Record<string, unknown>).author = message.author;
    if (message.author_sig !== undefined) (wire as Record<string, unknown>).author_sig = message.author_sig;
  }
  return wire;
}

// ---------------------------------------------------------------------------------------------
// Game messages ⇄ model actions

export const GAME_COMMANDS = [
  'setup',
  'play_cards',
  'deploy',
  'attack',
  'defend',
  'attack_capture',
  'fortify',
  'leave_game',
  'timeout',
] as const;
export type GameCommand = (typeof GAME_COMMANDS)[number];
export type GameMessage = MessageOf<GameCommand>;
/** The model actions a message can carry (the dice-drawing steps have no message). */
export type MessageAction = Extract<Action, { command: GameCommand }>;

const gameCommands: ReadonlySet<string> = new Set(GAME_COMMANDS);

export function isGameMessage(message: Message): message is GameMessage {
  return gameCommands.has(message.command);
}

/** The model action a game message asks for. `timeout` names the timed-out player in its payload. */
export function toAction(message: GameMessage): MessageAction {
  switch (message.command) {
    case 'play_cards': {
      const trade = message.payload;
      const payload =
        trade === null
          ? null
          : trade.armies === -1
            ? { cards: trade.cards }
            : { cards: trade.cards, armies: trade.armies };
      return { command: 'play_cards', player: message.player_id, payload };
    }
    case 'leave_game':
      return { command: 'leave_game', player: message.player_id };
    case 'timeout':
      return { command: 'timeout', player: message.payload };
    case 'setup':
    case 'deploy':
    case 'attack':
    case 'defend':
    case 'attack_capture':
    case 'fortify':
      return { command: message.command, player: message.player_id, payload: message.payload } as MessageAction;
  }
}

/**
 * The canonical message for a model action, with `ackId` when given. A `timeout` is sent by the
 * host, so its player_id is `host` (null for a non-playing host). Throws on an action no valid
 * message can carry: that is a bug in the caller, which should have applied it to the model first.
 */
export function fromAction(action: MessageAction, ackId?: number, host: number | null = null): GameMessage {
  let wire: { command: GameCommand; payload: unknown; player_id: number | null; ack_id?: number };
  switch (action.command) {
    case 'play_cards': {
      const trade = action.payload;
      const payload = trade === null ? null : { cards: trade.cards.map((set) => [...set]), armies: trade.armies ?? -1 };
      wire = { command: 'play_cards', payload, player_id: action.player };
      break;
    }
    case 'deploy':
      wire = { command: 'deploy', payload: action.payload.map((entry) => [...entry]), player_id: action.player };
      break;
    case 'attack':
    case 'attack_capture':
      wire = { command: action.command, payload: [...action.payload], player_id: action.player };
      break;
    case 'fortify':
      wire = {
        command: 'fortify',
        payload: action.payload === null ? null : [...action.payload],
        player_id: action.player,
      };
      break;
    case 'setup':
    case 'defend':
      wire = { command: action.command, payload: action.payload, player_id: action.player };
      break;
    case 'leave_game':
      wire = {
        command: 'leave_game',
        payload: { response: 0, message: '', receive_updates: false },
        player_id: action.player,
      };
      break;
    case 'timeout':
      wire = { command: 'timeout', payload: action.player, player_id: host };
      break;
  }
  if (ackId !== undefined) wire.ack_id = ackId;
  const parsed = parseMessage(wire);
  if (!parsed.ok || !('message' in parsed)) {
    throw new Error(`fromAction: ${parsed.ok ? 'ignored' : parsed.reason}`);
  }
  return parsed.message as GameMessage;
}
