// Rogues that rewrite one dice round's lines, per receiving peer (tests of the opening draws and of
// split dice rounds). Each counts a kind of line once per round, at its lowest-numbered link.
import { sealMessage } from '../../src/core/native/lines.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { boundCommitment, bytesToHex } from '../../src/protocol/commitment.js';
import type { Message } from '../../src/protocol/messages.js';
import { unseal } from '../../src/protocol/signing.js';
import type { Rogue } from './memory-game.js';
import { type RogueContext, withSend } from './mesh-game.js';

type RollMessage = Extract<Message, { command: 'roll_hash' | 'roll_number' }>;

/**
 * A rogue whose dice lines go through `rewrite` (given the message, the receiving player and how
 * many lines of `counted` it has sent so far, this one included); every other line goes as it is.
 * `rewrite` returns the lines to send to that player instead, or null to send the line as it is.
 */
function rewritingRolls(
  counted: RollMessage['command'],
  rewrite: (
    m: RollMessage,
    to: number,
    count: number,
    context: RogueContext,
    all: readonly number[],
  ) => string[] | null,
): Rogue {
  let count = 0;
  return (links, context) => {
    const all = [...links.keys()].sort((a, b) => a - b);
    return new Map(
      [...links].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          const sealed = unseal(line);
          const decoded = sealed ? decodeLine(sealed.inner) : null;
          const m = decoded?.ok && 'message' in decoded ? decoded.message : null;
          if (m === null || (m.command !== 'roll_hash' && m.command !== 'roll_number')) return link.send(line);
          if (m.command === counted && player === all[0]) count++;
          const lines = rewrite(m, player, count, context, all);
          for (const out of lines ?? [line]) link.send(out);
        }),
      ]),
    );
  };
}

const signed = (context: RogueContext, message: Message) =>
  sealMessage(context.gameId, message, context.me, context.keyring).line;

/** Sends its `nth` reveal only to `reached`, then closes every link (a crash mid-round). */
export function crashesMidReveal(nth: number, reached: readonly number[]): Rogue {
  let crashed = false;
  const rogue = rewritingRolls('roll_number', (m, to, count, _context, all) => {
    if (m.command !== 'roll_number' || count < nth) return null;
    if (to === all.at(-1)) crashed = true;
    return reached.includes(to) ? null : [];
  });
  return (links, context) => {
    const closeAll = () => {
      for (const l of links.values()) l.close();
    };
    // Nothing more leaves once the reveal went (or not) to the last link; the links close after.
    return new Map(
      [...rogue(links, context)].map(([player, link]) => [
        player,
        withSend(link, (line) => {
          if (crashed) return;
          link.send(line);
          if (crashed) queueMicrotask(closeAll);
        }),
      ]),
    );
  };
}

/** Sends its `nth` reveal with another number (signed all the same) to `fooled`, the true one to the rest. */
export function revealsTwoNumbers(nth: number, fooled: readonly number[]): Rogue {
  return rewritingRolls('roll_number', (m, to, count, context) =>
    m.command === 'roll_number' && count === nth && fooled.includes(to)
      ? [signed(context, { ...m, payload: 'ab'.repeat(32) })]
      : null,
  );
}

/** In its `nth` round, commits to and reveals another number (both signed) to `fooled`: two valid versions. */
export function twoVersions(nth: number, fooled: readonly number[]): Rogue {
  const other = Uint8Array.from({ length: 32 }, (_, i) => i + 7);
  return rewritingRolls('roll_hash', (m, to, count, context) => {
    if (count !== nth || !fooled.includes(to) || m.round === undefined) return null;
    const payload =
      m.command === 'roll_hash'
        ? boundCommitment(other, { gameId: context.gameId, round: m.round, player: context.me })
        : bytesToHex(other);
    return [signed(context, { ...m, payload })];
  });
}

/** In its `nth` round, reveals to `fooled` naming a made-up commitment for every other player. */
export function falseNames(nth: number, fooled: readonly number[]): Rogue {
  return rewritingRolls('roll_number', (m, to, count, context) => {
    if (m.command !== 'roll_number' || count !== nth || !fooled.includes(to)) return null;
    const commitments = (m.commitments ?? []).map(([p, hash]): [number, string] =>
      p === context.me ? [p, hash] : [p, 'cd'.repeat(32)],
    );
    return [signed(context, { ...m, commitments })];
  });
}

/** Reveals its `nth` number only to `reached`, and tells the others instead that it leaves the game. */
export function revealsToSomeLeavesToOthers(nth: number, reached: readonly number[]): Rogue {
  return rewritingRolls('roll_number', (m, to, count, context) => {
    if (m.command !== 'roll_number' || count !== nth || m.player_id !== context.me) return null;
    const line = reached.includes(to)
      ? signed(context, m)
      : signed(context, {
          command: 'leave_game',
          payload: { response: 0, message: 'gone', receive_updates: false },
          player_id: context.me,
        });
    return [line];
  });
}
