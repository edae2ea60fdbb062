// A scriptable rogue peer: an honest session whose links rewrite its traffic to perform one
// attack. It signs what it forges with its own key, as a real attacker could.
import { randomBytes } from 'node:crypto';
import type { Link } from '../../src/net/link.js';
import { decodeLine } from '../../src/protocol/codec.js';
import { boundCommitment, bytesToHex } from '../../src/protocol/commitment.js';
import type { Message } from '../../src/protocol/messages.js';
import { lineDigest, seal, unseal } from '../../src/protocol/signing.js';
import type { Rogue, RogueContext } from './mesh-game.js';

export const ATTACKS = [
  'oversized-line',
  'huge-deploy',
  'malformed-signed',
  'false-timeout',
  'false-votes',
  'ack-flood',
  'replay-flood',
  'lying-ack',
  'equivocation',
  'late-equivocation',
  'bad-reveal',
  'two-commitments',
  'forged-reveal',
  'copied-commitment',
  'never-reveals',
  'illegal-action',
  'out-of-turn',
  'impersonation',
  'crash',
  'silent',
  'partial-broadcast',
  'useless-flood',
  'forged-evidence',
  'unprovable-ack',
  'unprovable-reveal',
  'badly-signed-acks',
  'badly-signed-reveals',
] as const;
export type Attack = (typeof ATTACKS)[number];

/** Attacks that break a rule every peer can check, or go silent: the rogue ends neutral. Those
 * left out only cost the others work (link faults), claim what one vote cannot prove, or cost one
 * stall (a partial broadcast: its lines are handed on from then on). */
export const EXPELLED: ReadonlySet<Attack> = new Set(
  ATTACKS.filter(
    (a) =>
      a !== 'oversized-line' &&
      a !== 'huge-deploy' &&
      a !== 'false-votes' &&
      a !== 'forged-reveal' &&
      a !== 'partial-broadcast',
  ),
);

interface Wire {
  message: Message;
  inner: string;
}

const open = (line: string): Wire | null => {
  const sealed = unseal(line);
  if (sealed === null) return null;
  const decoded = decodeLine(sealed.inner);
  return decoded.ok && 'message' in decoded ? { message: decoded.message, inner: sealed.inner } : null;
};

/** The rogue plays honestly until sequence point `from`, then attacks once (or from then on). */
export function rogue(attack: Attack, from = 140): Rogue {
  return (links: Map<number, Link>, context: RogueContext) => {
    const state = { index: 0, done: false, silent: false, lastIncoming: -1 };
    // copied-commitment: another player's commitment of the current dice round, and ours held back.
    // two-commitments: the round it splits.
    const dice: { seen: string | null; held: Message | null; replaced: string | null; split?: number | null } = {
      seen: null,
      held: null,
      replaced: null,
    };
    const victim = [...links.keys()].sort((a, b) => a - b)[0]!;
    // forged-evidence: an honest player's deploy, shown again with other armies under its signature.
    const framed: { original: string | null } = { original: null };
    // unprovable-ack, unprovable-reveal: its line as it sent it, and the copy under a bad signature.
    const unprovable: { line: string | null; bad: string | null } = { line: null, bad: null };
    const withheldFrom = [...links.keys()].sort((a, b) => a - b).at(-1)!;
    // With pipelining a forged move names the entry before it as the rogue holds it (context.sign).
    const sign = context.sign;
    const wrapped = new Map<number, Link>();
    for (const [player, link] of links) {
      wrapped.set(player, {
        remotePeer: link.remotePeer,
        get closed() {
          return link.closed;
        },
        onLine: (listener) =>
          link.onLine((line) => {
            const wire = open(line);
            if (
              wire &&
              'ack_id' in wire.message &&
              wire.message.ack_id !== undefined &&
              wire.message.command !== 'acknowledgement'
            ) {
              state.lastIncoming = Math.max(state.lastIncoming, wire.message.ack_id);
            }
            if (wire?.message.command === 'roll_hash' && wire.message.player_id !== context.me) {
              dice.seen = wire.message.payload;
              if (dice.held) {
                const copy = sign({ ...dice.held, payload: dice.seen } as Message);
                dice.held = null;
                for (const l of links.values()) l.send(copy);
              }
            }
            if (
              wire?.message.command === 'deploy' &&
              wire.message.player_id !== context.me &&
              state.index >= from &&
              framed.original === null
            )
              framed.original = line;
            if (state.silent) return;
            listener(line);
          }),
        unread: (lines) => link.unread(lines),
        onClose: (listener) => link.onClose(listener),
        close: () => link.close(),
        send(line) {
          if (state.silent) return;
          for (const out of rewrite(player, line)) link.send(out);
        },
      });
    }
    return wrapped;

    /** The lines to send to `to` instead of `line`. */
    function rewrite(to: number, line: string): string[] {
      // Every time it goes out (also handed on again to a peer that voted it silent).
      if (line === unprovable.line) return to === withheldFrom ? [] : [unprovable.bad!];
      const wire = open(line);
      if (wire === null) return [line];
      const m = wire.message;
      if (m.command === 'acknowledgement') state.index = Math.max(state.index, m.payload);
      // A round's commitments all arrive before our reveal, and the next round's only after it.
      if (m.command === 'roll_number') dice.seen = null;
      if (m.command === 'roll_hash' && m.payload === dice.replaced) return [];
      const armed = state.index >= from && !state.done;
      if (!armed) return [line];
      const once = (lines: string[]) => {
        if (to === [...links.keys()].sort((a, b) => a - b).at(-1)) state.done = true;
        return lines;
      };
      switch (attack) {
        case 'oversized-line':
          if (to !== victim) return [line];
          state.done = true;
          return [line, 'x'.repeat(70_000)];
        case 'huge-deploy':
          if (m.command !== 'deploy') return [line];
          return once([
            sign({ ...m, payload: Array.from({ length: 20_000 }, () => [m.payload[0]![0], 1] as [number, number]) }),
          ]);
        case 'malformed-signed': {
          if (m.command !== 'deploy') return [line];
          // A deploy of no armies: the schema refuses it, so the rogue's good signature over the
          // line is proof. (It sent 70 entries once, refused when the limit was lower; since the
          // limit is 512 that decoded, and the line was only a fault of its link.)
          const inner = JSON.stringify({
            command: 'deploy',
            payload: [[0, 0]],
            player_id: context.me,
            ack_id: m.ack_id,
            ...(context.pipelining && 'parent' in m ? { parent: m.parent } : {}),
          });
          return once([forgeSigned(inner)]);
        }
        case 'false-timeout':
          if (m.command !== 'acknowledgement') return [line];
          return once([
            line,
            sign({ command: 'timeout', payload: victim, player_id: context.me, ack_id: m.payload + 1 }),
          ]);
        case 'false-votes':
          // Against every other player: late in a game that includes the last opponent left while
          // an eliminated player still watches (the two-player quorum).
          if (m.command !== 'acknowledgement') return [line];
          return [
            line,
            ...[...links.keys()].map((accused) =>
              sign({
                command: 'timeout_vote',
                payload: { player: accused, index: m.payload + 1, stage: 2 },
                player_id: context.me,
              }),
            ),
          ];
        case 'ack-flood':
          if (m.command !== 'acknowledgement') return [line];
          return once([
            line,
            ...Array.from({ length: 10_000 }, (_, k) =>
              sign({ command: 'acknowledgement', payload: m.payload + 1000 + k, player_id: context.me }),
            ),
          ]);
        case 'replay-flood':
          // Copies of a valid line it sent: no single copy is a fault, only their number.
          if (m.command !== 'acknowledgement') return [line];
          return once(Array.from({ length: 20_000 }, () => line));
        case 'lying-ack':
          if (m.command !== 'acknowledgement' || m.author === undefined || m.author === context.me) return [line];
          return once([
            sign({ ...m, message_hash: randomBytes(32).toString('hex'), author_sig: randomBytes(64).toString('hex') }),
          ]);
        case 'equivocation':
          if (m.command !== 'attack' || m.payload[2] < 2 || to !== victim) return [line];
          state.done = true;
          return [sign({ ...m, payload: [m.payload[0], m.payload[1], (m.payload[2] - 1) as 1 | 2] })];
        case 'late-equivocation':
          // Its move reaches everyone and everyone acknowledges it, but its own ack is kept from the
          // victim: the others settle the move, the victim cannot yet when a second signed move for
          // that point comes to it alone.
          if (m.command !== 'acknowledgement' || m.author !== context.me || to !== victim) return [line];
          state.done = true;
          return [sign({ command: 'timeout', payload: victim, player_id: context.me, ack_id: m.payload })];
        case 'bad-reveal':
          if (m.command !== 'roll_number') return [line];
          return once([sign({ ...m, payload: randomBytes(32).toString('hex') })]);
        case 'two-commitments': {
          // One dice round: another commitment, and later the number that fits it, for the victim
          // only, both signed. The victim and the others each hold a round that checks out alone.
          if ((m.command !== 'roll_hash' && m.command !== 'roll_number') || m.round === undefined) return [line];
          dice.split ??= m.command === 'roll_hash' ? m.round : null;
          if (dice.split !== m.round) return [line];
          if (m.command === 'roll_number') state.done = to === [...links.keys()].sort((a, b) => a - b).at(-1);
          if (to !== victim) return [line];
          const other = Uint8Array.from({ length: 32 }, (_, i) => i + 7);
          const payload =
            m.command === 'roll_hash'
              ? boundCommitment(other, { gameId: context.gameId, round: m.round, player: context.me })
              : bytesToHex(other);
          return [sign({ ...m, payload })];
        }
        case 'forged-reveal': {
          // With its reveal, a wrong reveal of the same round in the victim's name under a signature
          // it cannot make: a fault of the link it came on, never the victim's, whose own reveal
          // still counts. (It went with the rogue's commitment once: with dice chains the rogue
          // commits once, at round 0, and the attack never happened.)
          if (m.command !== 'roll_number' || to === victim) return [line];
          const inner = JSON.stringify({ ...m, payload: randomBytes(32).toString('hex'), player_id: victim });
          return once([line, seal(inner, victim, randomBytes(64).toString('hex'))]);
        }
        case 'never-reveals':
          return m.command === 'roll_number' ? [] : [line];
        case 'copied-commitment':
          if (m.command !== 'roll_hash') return [line];
          state.done = true;
          dice.replaced = m.payload;
          if (dice.seen !== null) {
            const copy = sign({ ...m, payload: dice.seen });
            for (const l of links.values()) l.send(copy);
          } else dice.held = m;
          return [];
        case 'illegal-action':
          if (m.command !== 'attack') return [line];
          return once([sign({ ...m, payload: [m.payload[0], m.payload[0], m.payload[2]] })]);
        case 'out-of-turn': {
          if (m.command !== 'acknowledgement' || m.author === context.me) return [line];
          return once([line, sign({ command: 'setup', payload: 0, player_id: context.me, ack_id: m.payload + 1 })]);
        }
        case 'impersonation':
          if (m.command !== 'acknowledgement') return [line];
          return once([line, sign({ command: 'acknowledgement', payload: m.payload, player_id: victim })]);
        case 'crash':
          state.done = true;
          queueMicrotask(() => {
            for (const l of links.values()) l.close();
          });
          return [];
        case 'silent':
          state.silent = true;
          return [];
        case 'partial-broadcast':
          // Its own moves never reach the victim directly (it must get them handed on), every time.
          return to === victim && 'ack_id' in m && m.ack_id !== undefined && m.command !== 'acknowledgement'
            ? []
            : [line];
        case 'forged-evidence': {
          // Another player's deploy and a copy with one army more under the same signature, shown
          // as its two signed moves for one point: only a peer that skips checking the copy's
          // signature (its signature was checked once, on the real line) would believe it.
          const original = framed.original === null ? null : unseal(framed.original);
          if (m.command !== 'acknowledgement' || original === null) return [line];
          const honest = JSON.parse(original.inner) as { payload: [number, number][]; ack_id: number };
          const changed = { ...honest, payload: honest.payload.map(([t, n], i) => [t, i === 0 ? n + 1 : n]) };
          const forged = seal(JSON.stringify(changed), original.by, original.sig);
          const expel = sign({
            command: 'expel',
            payload: {
              player: original.by,
              reason: `signed two different moves for sequence point ${honest.ack_id}`,
              evidence: [framed.original!, forged],
            },
            player_id: context.me,
            ack_id: m.payload + 1,
          } as Message);
          return once([line, expel]);
        }
        case 'unprovable-ack': {
          // Its acknowledgement of another's move goes to every peer but one under a signature that
          // does not match, and never to the last one. The others hold an ack they cannot hand on;
          // the last waits for it. A peer that took such an ack unchecked (its author's own link
          // vouches for it) would settle the move and leave the last one alone waiting for it.
          if (m.command !== 'acknowledgement' || m.author === undefined || m.author === context.me) return [line];
          state.done = true;
          const sealed = unseal(line)!;
          unprovable.line = line;
          unprovable.bad = seal(sealed.inner, sealed.by, randomBytes(64).toString('hex'));
          return to === withheldFrom ? [] : [unprovable.bad];
        }
        case 'unprovable-reveal': {
          // The same with its dice number: with dice chains the number checks out by its chain alone,
          // but the line cannot be handed on to the one peer that waits for it.
          if (m.command !== 'roll_number') return [line];
          state.done = true;
          const sealed = unseal(line)!;
          unprovable.line = line;
          unprovable.bad = seal(sealed.inner, sealed.by, randomBytes(64).toString('hex'));
          return to === withheldFrom ? [] : [unprovable.bad];
        }
        case 'badly-signed-acks': {
          // From then on every acknowledgement of a move goes out under a signature that does not
          // match: with more than two seats the others drop them and vote it silent; in a game of
          // two they are its own word on its own link, and count there (native.md, step 6).
          if (m.command !== 'acknowledgement' || m.author === undefined) return [line];
          const sealed = unseal(line)!;
          return [seal(sealed.inner, sealed.by, randomBytes(64).toString('hex'))];
        }
        case 'badly-signed-reveals': {
          // The same with every dice number: with more than two seats the others drop them and vote
          // it silent; in a game of two a chain reveal that fits its chain is its own word on its own
          // link, and counts there (native.md, step 6).
          if (m.command !== 'roll_number') return [line];
          const sealed = unseal(line)!;
          return [seal(sealed.inner, sealed.by, randomBytes(64).toString('hex'))];
        }
        case 'useless-flood': {
          // With each acknowledgement, valid signed lines that change nothing: acks of points far
          // ahead (each a new line), votes about points long past, and expels that prove nothing,
          // each as long as the line size allows.
          if (m.command !== 'acknowledgement') return [line];
          const ahead = Array.from({ length: 8 }, (_, k) =>
            sign({
              command: 'acknowledgement',
              payload: m.payload + 100 + k,
              player_id: context.me,
              state_hash: randomBytes(32).toString('hex'),
            }),
          );
          const past = [...links.keys()].map((accused) =>
            sign({
              command: 'timeout_vote',
              payload: { player: accused, index: Math.max(0, m.payload - 50), stage: 1 },
              player_id: context.me,
            }),
          );
          const expel = sign({
            command: 'expel',
            payload: { player: victim, reason: 'x'.repeat(300), evidence: [line, line, line] },
            player_id: context.me,
          });
          return [line, ...ahead, ...past, expel];
        }
      }
    }

    /** A line signed by the rogue over text the schema refuses. */
    function forgeSigned(inner: string): string {
      return seal(inner, context.me, context.keyring.sign(lineDigest(context.gameId, inner)));
    }
  };
}
