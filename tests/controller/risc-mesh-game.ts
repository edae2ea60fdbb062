// Whole networked RISC games between in-process peers over in-memory links (sessions/risc-net.ts,
// the mesh session with the RISC game), bots at every seat, started here and driven by whoever
// holds the clock: vitest's fake timers (risc-memory-game.ts) or real ones (bench:chaos). One peer
// may be a rogue (the same link rewriters as the classic games': mesh-game.ts Rogue).
import { botRiscSeat } from '../../src/ai/risc/seat.js';
import { sealMessage } from '../../src/core/native/lines.js';
import type { RiscRecordLine } from '../../src/core/risc/record.js';
import { memoryMesh } from '../../src/net/memory.js';
import type { Message } from '../../src/protocol/messages.js';
import { seededDice } from '../../src/protocol/random.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { playRiscOverLinks, RISC_FEATURE, type RiscNetResult } from '../../src/sessions/risc-net.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce } from '../support/signature-cache.js';
import type { Rogue } from './mesh-game.js';

export interface RiscGameOptions {
  readonly players: number;
  readonly seed: number;
  readonly rogue?: { readonly player: number; readonly links: Rogue };
  readonly turnLimit?: number;
  readonly ackTimeoutMs?: number;
  readonly moveTimeoutMs?: number;
}

export interface RunningRiscGame {
  /** Each peer's result; null while it plays (or if it never finishes: a hang). */
  readonly results: (RiscNetResult | null)[];
  readonly records: RiscRecordLine[][];
  /** Each peer's signed lines as sent and received (the transcript `risk verify` audits), and what its session told. */
  readonly transcripts: TranscriptLine[][];
  readonly notes: string[][];
  /** Stops every peer (they end 'stopped'). */
  stop(): void;
  /** Closes every link. */
  close(): void;
}

export async function startRiscGame(options: RiscGameOptions): Promise<RunningRiscGame> {
  const { players, seed } = options;
  const mesh = await memoryMesh(players, seed, checkedOnce());
  const gameId = `risc-chaos-${seed}`;
  const roster = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId, addresses: [] }));
  const records: RiscRecordLine[][] = roster.map(() => []);
  const transcripts = roster.map(() => memoryRecorder());
  const notes: string[][] = roster.map(() => []);
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
      pipelining: false,
      historyHashes: false,
      // RISC does not pipeline: a forged line is signed as it is.
      sign: (message: Message) => sealMessage(gameId, message, me, mesh.keyrings[me]!).line,
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
        ackTimeoutMs: options.ackTimeoutMs ?? 1000,
        moveTimeoutMs: options.moveTimeoutMs ?? 4000,
        keyring: mesh.keyrings[me]!,
        risc: { startUnits: 30, turnLimit: options.turnLimit ?? 20 },
      },
      {
        seat: botRiscSeat(`p${me}`, 'hard', dice),
        secret: () => Uint8Array.from({ length: 32 }, () => dice.below(256)),
        onRecord: (line) => records[me]!.push(line),
        transcript: transcripts[me]!,
        onNote: (text) => notes[me]!.push(text),
        signal: stops[me]!.signal,
      },
    ).then(
      (result) => (results[me] = result),
      (error: unknown) => (results[me] = { ok: false, reason: String(error) }),
    );
  });
  return {
    results,
    records,
    transcripts: transcripts.map((t) => t.lines),
    notes,
    stop: () => {
      for (const stop of stops) stop.abort();
    },
    close: () => {
      for (const links of mesh.links) for (const link of links.values()) link.close();
    },
  };
}
