// A whole game between in-process peers over real libp2p on 127.0.0.1 (TCP, Noise, yamux). Games
// of 2, 4 and 6 peers on the same core run over in-memory links in core-games.test.ts; separate
// processes in processes.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { seededDice } from '../../src/protocol/random.js';
import { startLoopbackGame } from '../../src/sessions/loopback-game.js';
import { fileRecorder } from '../../src/store/transcript-recorder.js';
import { expectAgreement, verifyRecord } from './records.js';

describe('games on the native mesh', () => {
  it.each([3])(
    '%i peers reach a winner, agree on every state, and their records verify',
    async (players) => {
      const dir = mkdtempSync(join(tmpdir(), `risk-mesh-${players}-`));
      const game = await startLoopbackGame(
        Array.from({ length: players }, (_, i) => ({
          name: `bot${i}`,
          seat: botSeat(createBot('normal', seededDice(100 * players + i)), seededDice(i), { deadlineMs: 5000 }),
          recorder: fileRecorder(join(dir, `peer${i}.jsonl`)),
        })),
        { ackTimeoutMs: 10_000, moveTimeoutMs: 20_000 },
      );
      try {
        const results = await game.results;
        const winner = expectAgreement(results);
        // Two players play the 1993 game with a neutral army, which keeps what it holds.
        expect(results[0]!.state.owner.every((o) => o === winner || o === results[0]!.state.neutralArmy)).toBe(true);
        for (let i = 0; i < players; i++) {
          const report = verifyRecord(join(dir, `peer${i}.jsonl`));
          expect(report.violations).toEqual([]);
          expect(report.state!.winner).toBe(winner);
          expect(report.battles).toBeGreaterThan(0);
          expect(report.roundsVerified).toBeGreaterThanOrEqual(report.battles + 2);
        }
      } finally {
        await game.stop();
      }
    },
    180_000,
  );
});
