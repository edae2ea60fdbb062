// A test-only adversarial peer: it plays through an honest session but rewrites its own traffic
// to commit one kind of cheating. Every honest peer must name it and play on.
import type { Link } from '../../src/controller/net/link.js';

export const CHEATS = ['bad-reveal', 'copied-commitment', 'never-reveals', 'illegal-action', 'out-of-turn', 'impersonation', 'equivocation'] as const;
export type Cheat = (typeof CHEATS)[number];

type Wire = { command: string; payload: unknown; player_id?: number | null; ack_id?: number };

/** Cheats from the third dice round on (after the first-player and deck rounds), once. */
export function adversaryLinks(cheat: Cheat, me: number, links: Map<number, Link>): Map<number, Link> {
  const shared = {
    rounds: 0,
    done: false,
    heldHash: null as Wire | null,
    // Commitments of the lowest honest peer, in round order: the copy for round r is the r-th.
    honestHashes: [] as string[],
    moves: new Map<number, { author: number; command: string }>(),
  };
  const victim = [...links.keys()].sort((a, b) => a - b)[0]!;
  const all = [...links.values()];
  const sendAll = (wire: Wire) => {
    for (const link of all) link.send(JSON.stringify(wire));
  };
  const wrapped = new Map<number, Link>();
  const order = [...links.keys()].sort((a, b) => a - b);
  for (const [player, link] of links) {
    const lastLink = player === order.at(-1);
    const firstLink = player === order[0];
    wrapped.set(player, {
      ...link,
      get closed() {
        return link.closed;
      },
      onLine(listener) {
        return link.onLine((line) => {
          const wire = JSON.parse(line) as Wire;
          if (wire.command === 'roll_hash' && wire.player_id === victim) {
            shared.honestHashes.push(wire.payload as string);
            releaseHeld();
          }
          if (wire.ack_id !== undefined && wire.command !== 'acknowledgement' && typeof wire.player_id === 'number') {
            shared.moves.set(wire.ack_id, { author: wire.player_id, command: wire.command });
          }
          listener(line);
        });
      },
      send(line: string) {
        const wire = JSON.parse(line) as Wire;
        // The session sends each line to every link in turn: count rounds once, at the first.
        if (wire.command === 'roll_hash' && firstLink) shared.rounds++;
        const out = rewrite(wire, lastLink);
        for (const w of out) link.send(JSON.stringify(w));
      },
    });
  }
  return wrapped;

  /** Sends the held commitment as a copy of the victim's for the same round, once that is known. */
  function releaseHeld() {
    const held = shared.heldHash;
    const copy = shared.honestHashes[shared.rounds - 1];
    if (held === null || copy === undefined) return;
    shared.heldHash = null;
    sendAll({ ...held, payload: copy });
  }

  /** What this adversary sends instead of `wire` on one link. */
  function rewrite(wire: Wire, lastLink: boolean): Wire[] {
    const active = shared.rounds >= 3 && !shared.done;
    if (!active) return [wire];
    switch (cheat) {
      case 'bad-reveal':
        if (wire.command !== 'roll_number') return [wire];
        if (lastLink) shared.done = true;
        return [{ ...wire, payload: flip(wire.payload as string) }];
      case 'never-reveals':
        return wire.command === 'roll_number' ? [] : [wire];
      case 'copied-commitment':
        if (wire.command !== 'roll_hash') return [wire];
        if (lastLink) {
          shared.heldHash = wire;
          shared.done = true;
          releaseHeld();
        }
        return [];
      case 'illegal-action':
        if (wire.command !== 'attack') return [wire];
        if (lastLink) shared.done = true;
        const [from] = wire.payload as number[];
        return [{ ...wire, payload: [from, from, 1] }];
      case 'impersonation':
        // (A defend in another's name is held back as possibly early; any other move is not.)
        if (wire.ack_id === undefined || wire.command === 'acknowledgement' || wire.command === 'defend') return [wire];
        if (lastLink) shared.done = true;
        return [{ ...wire, player_id: me === 0 ? 1 : 0 }];
      case 'out-of-turn': {
        // Before acknowledging another player's move k, claim move k+1 for ourselves.
        if (wire.command !== 'acknowledgement') return [wire];
        const k = wire.payload as number;
        const move = shared.moves.get(k);
        // After another player's deploy, that player attacks next: claim the move before it.
        if (move === undefined || move.author === me || move.command !== 'deploy') return [wire];
        if (lastLink) shared.done = true;
        return [{ command: 'fortify', payload: null, player_id: me, ack_id: k + 1 }, wire];
      }
      case 'equivocation': {
        // Tell the last peer a different (still legal) number of attacking dice.
        if (wire.command !== 'attack' || (wire.payload as number[])[2]! < 2) return [wire];
        if (lastLink) {
          shared.done = true;
          const [from, to, dice] = wire.payload as number[];
          return [{ ...wire, payload: [from, to, dice! - 1] }];
        }
        return [wire];
      }
    }
  }
}

function flip(hex: string): string {
  return (hex[0] === '0' ? '1' : '0') + hex.slice(1);
}
