// RISC replicas driven directly (tests/core/harness.ts), with bots at their seats: shared by the
// RISC rogue tests and the RISC chaos property.
import { createRiscBot } from '../../src/ai/risc/bots.js';
import { sealMessage } from '../../src/core/native/lines.js';
import { RiscHand, type RiscMeshState, type RiscMove, riscGame } from '../../src/core/risc/mesh-game.js';
import type { RiscEvent, RiscState } from '../../src/model/risc/index.js';
import { decodeLine } from '../../src/protocol/codec.js';
import type { Message } from '../../src/protocol/messages.js';
import { seededDice } from '../../src/protocol/random.js';
import type { RiscBody } from '../../src/protocol/risc-orders.js';
import { unseal } from '../../src/protocol/signing.js';
import { type CoreMesh, type CoreMeshOptions, gameMesh } from './harness.js';

export const messageOf = (line: string): Message | null => {
  const sealed = unseal(line);
  const decoded = sealed === null ? null : decodeLine(sealed.inner);
  return decoded?.ok && 'message' in decoded ? decoded.message : null;
};

export const termsOf = (game: string, players: number) => ({
  game,
  players: Array.from({ length: players }, (_, p) => `p${p}`),
  startUnits: 30,
  turnLimit: 8,
});

export type RiscMesh = CoreMesh<RiscMeshState, RiscMove, RiscEvent>;

/** A line signed by player `by` (a rogue's key is its own to misuse), as the RISC game reads its moves. */
export function signedBy(mesh: RiscMesh, by: number, message: Message): string {
  const game = riscGame(termsOf(mesh.gameId, mesh.replicas.length));
  return sealMessage(mesh.gameId, message, by, mesh.keyrings[by]!, (m) => game.moveOf(m)).line;
}

export interface RiscMeshOptions extends CoreMeshOptions {
  /** Seat `me` stays silent at this state (its process hangs). */
  readonly silent?: (me: number, state: RiscMeshState) => boolean;
  /** The body seat `me` commits to (default: the hard bot's). */
  readonly choose?: (me: number, risc: RiscState, bot: (risc: RiscState) => RiscBody) => RiscBody;
}

export async function riscMesh(options: RiscMeshOptions) {
  const bot = createRiscBot('hard');
  const rngs = Array.from({ length: options.players }, (_, me) => seededDice(options.seed * 100 + me));
  let hands: RiscHand[] = [];
  const botBody =
    (me: number) =>
    (risc: RiscState): RiscBody =>
      risc.phase === 'placement'
        ? { stage: 'placement', placement: bot.place(risc, me, rngs[me]!) }
        : { stage: 'orders', orders: bot.orders(risc, me, rngs[me]!) };
  const mesh = await gameMesh<RiscMeshState, RiscMove, RiscEvent>(options, {
    game: (me, gameId) => {
      if (me === 0) hands = Array.from({ length: options.players }, (_, p) => new RiscHand(p));
      return riscGame(termsOf(gameId, options.players));
    },
    decide(me, due) {
      if (options.silent?.(me, due.state)) return null;
      const hand = hands[me]!;
      const owed = hand.due(due.state);
      if (owed === 'reveal') return hand.reveal(due.state);
      if (owed !== 'commit') return null;
      const body = options.choose?.(me, due.state.risc, botBody(me)) ?? botBody(me)(due.state.risc);
      return hand.commit(due.state, body);
    },
  });
  return Object.assign(mesh, { hands });
}
