// The native mesh's lines: what the author of a line signs, a message sealed as its author sends
// it, and the order lines wait in a sender's queue.
import { encodeLine } from '../../protocol/codec.js';
import { isGameMessage, type Message, toAction } from '../../protocol/messages.js';
import { type Keyring, lineDigest, moveDigest, seal } from '../../protocol/signing.js';
import { messageHashOf } from './hashes.js';

/** Encoded messages start with their command; a signed one inside its envelope. */
export const isExpelLine = (line: string) =>
  line.startsWith('{"signed":"{\\"command\\":\\"expel\\"') || line.startsWith('{"command":"expel"');

/** The classic game's moves on the wire (core/native/game.ts: MeshGame.moveOf). */
export const classicMoveOf = (message: Message) => (isGameMessage(message) ? toAction(message) : null);

/**
 * What the author of a line signs: a move's place and hash (with `pipelining`, and its parent), or
 * any other line's exact text. `moveOf` reads the game's moves off the wire (the classic game's by
 * default). Without pipelining a `parent` on the line is not signed and nobody reads it.
 */
export function digestOf(
  gameId: string,
  message: Message,
  inner: string,
  moveOf: (message: Message) => unknown = classicMoveOf,
  pipelining = false,
): Buffer {
  const move = moveOf(message);
  if (move !== null && message.ack_id !== undefined) {
    const parent = pipelining ? parentOf(message) : undefined;
    return moveDigest(gameId, message.ack_id, messageHashOf(message.ack_id, move), parent);
  }
  return lineDigest(gameId, inner);
}

/** The entry a move names as the one it was built on ('' when it names none: it fits no history). */
export function parentOf(message: Message): string {
  return 'parent' in message && typeof message.parent === 'string' ? message.parent : '';
}

/** The parent of the first point of a session: no entry comes before it. */
export const NO_PARENT = '0'.repeat(64);

/** A message as `by` sends it on the native mesh: encoded, signed, sealed. */
export function sealMessage(
  gameId: string,
  message: Message,
  by: number,
  keyring: Keyring,
  moveOf: (message: Message) => unknown = classicMoveOf,
  pipelining = false,
): { line: string; sig: string } {
  const inner = encodeLine(message).trimEnd();
  const sig = keyring.sign(digestOf(gameId, message, inner, moveOf, pipelining));
  return { line: seal(inner, by, sig), sig };
}

/** Where a line goes in its author's queue: moves by sequence point, dice by round, commitment before reveal. */
export function queueKey(message: Message): number {
  if (message.command === 'roll_hash' || message.command === 'roll_number') {
    return (message.round ?? Number.MAX_SAFE_INTEGER / 4) * 2 + (message.command === 'roll_hash' ? 0 : 1);
  }
  return 'ack_id' in message && typeof message.ack_id === 'number' ? message.ack_id : Number.MAX_SAFE_INTEGER;
}
