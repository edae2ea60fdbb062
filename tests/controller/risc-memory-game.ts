// Whole networked RISC games between in-process peers over in-memory links (sessions/risc-net.ts,
// the mesh session with the RISC game), bots at every seat, on vitest's fake timers. One peer may
// be a rogue (the same link rewriters as the classic games': mesh-game.ts Rogue).
import { vi } from 'vitest';
import { botRiscSeat } from '../../src/ai/risc/seat.js';
import type { RiscRecordLine } from '../../src/core/risc/record.js';
import { memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import { playRiscOverLinks, RISC_FEATURE, type RiscNetResult } from '../../src/sessions/risc-net.js';
import type { Rogue } from './mesh-game.js';

export interface RiscMemoryGame {
  /** Each peer's result; null if it had not finished (a hang). */
  readonly results: (RiscNetResult | null)[];
  readonly records: RiscRecordLine[][];
}

export async function playRiscMemoryGame(options: {
  readonly players: number;
  readonly seed: number;
  readonly rogue?: { readonly player: number; readonly links: Rogue };
  readonly turnLimit?: number;
}): Promise<RiscMemoryGame> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  try {
    const { players, seed } = options;
    const mesh = await memoryMesh(players, seed);
    const gameId = `risc-chaos-${seed}`;
    const roster = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId, addresses: [] }));
    const records: RiscRecordLine[][] = roster.map(() => []);
    const results: (RiscNetResult | null)[] = roster.map(() => null);
    const stops = roster.map(() => new AbortController());
    roster.forEach((_, me) => {
      const rogue = options.rogue?.player === me ? options.rogue.links : null;
      const context = {
        me,
        gameId,
        keyring: mesh.keyrings[me]!,
        players,
        state: () => {
          throw new Error('a RISC rogue has no classic state to read');
        },
      };
      const links = rogue === null ? mesh.links[me]! : rogue(mesh.links[me]!, context);
      const dice = seededDice(seed * 100 + me);
      void playRiscOverLinks(
        {
          me,
          players: roster,
          links,
          gameId,
          features: [RISC_FEATURE],
          ackTimeoutMs: 1000,
          moveTimeoutMs: 4000,
          keyring: mesh.keyrings[me]!,
          risc: { startUnits: 30, turnLimit: options.turnLimit ?? 20 },
        },
        {
          seat: botRiscSeat(`p${me}`, 'hard', dice),
          secret: () => Uint8Array.from({ length: 32 }, () => dice.below(256)),
          onRecord: (line) => records[me]!.push(line),
          signal: stops[me]!.signal,
        },
      ).then((result) => (results[me] = result));
    });
    const honest = roster.map((p) => p.id).filter((p) => p !== options.rogue?.player);
    // Bounded in virtual time and in steps: a hang ends the loop and shows as a null result.
    for (let step = 0; step < 40_000 && honest.some((p) => results[p] === null); step++)
      await vi.advanceTimersByTimeAsync(50);
    for (const stop of stops) stop.abort();
    await vi.advanceTimersByTimeAsync(5000);
    for (const links of mesh.links) for (const link of links.values()) link.close();
    return { results, records };
  } finally {
    vi.useRealTimers();
  }
}
