// `risk bot host|join` plays Capital Risk and Secret Mission Risk over libp2p on 127.0.0.1: the
// host no longer refuses them, the secret rounds run between the two processes' replicas (here two
// commands in this process), and both records verify clean.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBot } from '../../src/cli/bot.js';
import { runVerify } from '../../src/cli/verify.js';

async function inProcess(
  run: (args: string[], io: { out(t: string): void; err(t: string): void }) => number | Promise<number>,
  args: string[],
) {
  let out = '';
  let err = '';
  const code = await run(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('risk bot host|join with a secret variant (libp2p on 127.0.0.1)', () => {
  it.each([['mission'], ['capital']])(
    '--variant %s: a host and a joiner play to one winner; both records verify clean',
    async (variant) => {
      const dir = mkdtempSync(join(tmpdir(), `variant-bot-${variant}-`));
      let hostOut = '';
      let announced!: (address: string) => void;
      const address = new Promise<string>((resolve) => (announced = resolve));
      const hostIo = {
        out: (t: string) => {
          hostOut += t;
          for (const line of t.split('\n').filter(Boolean)) {
            const event = JSON.parse(line) as { type: string; addresses?: string[] };
            if (event.type === 'hosting') announced(event.addresses![0]!);
          }
        },
        err: (t: string) => (hostOut += t),
      };
      const hostRecord = join(dir, 'host.jsonl');
      const joinRecord = join(dir, 'join.jsonl');
      const host = runBot(
        [
          'host',
          '--players',
          '2',
          '--variant',
          variant,
          '--bot',
          'hard',
          '--port',
          '0',
          '--listen',
          '127.0.0.1',
          '--seed',
          '5',
          '--record',
          hostRecord,
          '--json',
        ],
        hostIo,
      );
      const joined = inProcess(runBot, ['join', '--bot', 'easy', '--seed', '3', '--record', joinRecord, await address]);
      const [hostCode, joiner] = await Promise.all([host, joined]);
      expect(hostCode).toBe(0);
      expect(joiner.err).toBe('');
      expect(joiner.code).toBe(0);
      const events = hostOut
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; player?: number });
      const winner = events.find((e) => e.type === 'winner')!.player;
      expect(joiner.out).toContain(`(player ${winner})`);
      for (const file of [hostRecord, joinRecord]) {
        const verified = await inProcess(runVerify, [file]);
        expect(verified.out).toContain('violations: 0');
        expect(verified.code).toBe(0);
        expect(verified.out).toContain(`winner: player ${winner}`);
        // Secret Mission: the winner's deal key goes out ahead of its last acknowledgement, so
        // every record shows its mission.
        if (variant === 'mission') expect(verified.out).toMatch(new RegExp(`missions shown: .*player ${winner} \\(`));
      }
    },
    120_000,
  );
});
