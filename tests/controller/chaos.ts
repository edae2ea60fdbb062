// A randomly misbehaving peer: each line it sends, on each link, may be dropped, delayed,
// duplicated, reordered, corrupted, replaced by a signed contradicting move, or followed by a
// false claim about another player. Seeded, so a failing case replays exactly.
import type { Link } from '../../src/net/link.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { unseal } from '../../src/protocol/signing.js';
import { type Rogue, type SeatDrop, type TableStop, withSend } from './mesh-game.js';

/** Chance per sent line of each misbehaviour (the rest are sent as they are). */
export interface ChaosRates {
  readonly drop: number;
  readonly delay: number;
  readonly duplicate: number;
  readonly reorder: number;
  readonly corrupt: number;
  readonly equivocate: number;
  readonly spoof: number;
}

/** Rates of random misbehaviour drawn for one game of bench:chaos (0, 0.2%, 1% or 3% each). */
export function drawRates(next: () => number, noDrops: boolean): ChaosRates {
  const rate = () => [0, 0.002, 0.01, 0.03][Math.floor(next() * 4)]!;
  return {
    drop: noDrops ? 0 : rate(),
    delay: rate(),
    duplicate: rate(),
    reorder: rate(),
    corrupt: rate(),
    equivocate: rate(),
    spoof: rate(),
  };
}

/**
 * A crash then rejoin (mesh-game.ts SeatDrop): an honest seat, not one of `busy` (the rogue, a
 * seat that crashes for good), drops out after 1 to `lines` of its lines and comes back within
 * `awayMs`. Null when no other honest seat would stay to hand it the game.
 */
export function drawSeatDrop(
  next: () => number,
  players: number,
  busy: readonly number[],
  lines: number,
  awayMs: number,
): SeatDrop | null {
  const seats = Array.from({ length: players }, (_, i) => i).filter((i) => !busy.includes(i));
  if (seats.length < 2) return null;
  const player = seats[Math.floor(next() * seats.length)]!;
  return { player, after: 1 + Math.floor(next() * lines), backAfterMs: Math.floor(next() * awayMs) };
}

/**
 * A stop then resume (mesh-game.ts TableStop): the whole table stops after 1 to `lines` lines
 * (counted from the first acknowledgement on) and meets again within `awayMs`.
 */
export function drawTableStop(next: () => number, lines: number, awayMs: number): TableStop {
  return { after: 1 + Math.floor(next() * lines), backAfterMs: Math.floor(next() * awayMs) };
}

export const CHAOS_KINDS = ['drop', 'delay', 'duplicate', 'reorder', 'corrupt', 'equivocate', 'spoof'] as const;

/** mulberry32: a small seeded generator, enough for choosing misbehaviours. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const open = (line: string): Message | null => {
  const sealed = unseal(line);
  if (sealed === null) return null;
  const decoded = decodeLine(sealed.inner);
  return decoded.ok && 'message' in decoded ? decoded.message : null;
};

/** A different move with the same sequence number, if there is an obvious one. */
function contradiction(m: Message): Message | null {
  switch (m.command) {
    case 'attack':
      return m.payload[2] > 1 ? { ...m, payload: [m.payload[0], m.payload[1], (m.payload[2] - 1) as 1 | 2] } : null;
    case 'deploy':
      return m.payload.length > 1 ? { ...m, payload: m.payload.slice(1) } : null;
    case 'fortify':
      return m.payload === null ? null : { ...m, payload: null };
    default:
      return null;
  }
}

/** Counts of what the rogue did, for reports. */
export type ChaosLog = Record<(typeof CHAOS_KINDS)[number], number>;

export function chaosRogue(seed: number, rates: ChaosRates, log?: ChaosLog): Rogue {
  return (links, context) => {
    const next = random(seed);
    const others = [...links.keys()];
    // A spoofed timeout names the parent the rogue holds (context.sign): without one, under
    // pipelining, it is another history's line and no claim at all.
    const sign = context.sign;
    const wrapped = new Map<number, Link>();
    for (const [player, link] of links) {
      let held: string | null = null;
      const deliver = (line: string) => {
        if (!link.closed) link.send(line);
      };
      wrapped.set(
        player,
        withSend(link, (line) => {
          const out = misbehave(line);
          // A line held back for reordering goes out after the next one.
          if (held !== null && out.length > 0) {
            out.splice(1, 0, held);
            held = null;
          }
          for (const l of out) deliver(l);
        }),
      );

      function misbehave(line: string): string[] {
        let roll = next();
        const pick = (kind: (typeof CHAOS_KINDS)[number]) => {
          if (roll < rates[kind]) {
            if (log) log[kind]++;
            return true;
          }
          roll -= rates[kind];
          return false;
        };
        if (pick('drop')) return [];
        if (pick('delay')) {
          setTimeout(() => deliver(line), Math.floor(next() * 3000));
          return [];
        }
        if (pick('duplicate')) return [line, line];
        if (pick('reorder')) {
          if (held === null) {
            held = line;
            return [];
          }
          return [line];
        }
        if (pick('corrupt')) {
          const at = Math.floor(next() * line.length);
          return [`${line.slice(0, at)}${String.fromCharCode(33 + Math.floor(next() * 90))}${line.slice(at + 1)}`];
        }
        const m = open(line);
        if (pick('equivocate')) {
          const other = m === null ? null : contradiction(m);
          return other === null ? [line] : [sign(other)];
        }
        if (pick('spoof')) {
          const victim = others[Math.floor(next() * others.length)]!;
          const index = m !== null && 'ack_id' in m && typeof m.ack_id === 'number' ? m.ack_id : 0;
          const claim: Message =
            next() < 0.5
              ? {
                  command: 'timeout_vote',
                  payload: { player: victim, index: index + 1, stage: 2 },
                  player_id: context.me,
                }
              : { command: 'timeout', payload: victim, player_id: context.me, ack_id: index + 1 };
          return [line, sign(claim)];
        }
        return [line];
      }
    }
    return wrapped;
  };
}
