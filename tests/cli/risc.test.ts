// `risk play --game risc` and `risk verify` on RISC records, through the real launcher.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runPlay } from '../../src/cli/play.js';
import { runVerify } from '../../src/cli/verify.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const launcher = `${root}bin/risk.js`;

function risk(args: string[], input = '') {
  const result = spawnSync(process.execPath, [launcher, ...args], { encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A command in this process, its output captured. */
async function inProcess(run: (args: string[], io: { out(t: string): void; err(t: string): void }) => number | Promise<number>, args: string[]) {
  let out = '';
  let err = '';
  const code = await run(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('risk play --game risc', () => {
  it('plays a whole game in plain text from piped lines, records it, and risk verify finds it clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risc-'));
    const file = join(dir, 'game.jsonl');
    const played = risk(['play', '--game', 'risc', '--players', '2', '--bot', 'hard', '--seed', '3', '--name', 'Ann', '--record', file], `auto\n${'d\n'.repeat(300)}`);
    expect(played.err).toBe('');
    expect(played.code).toBe(0);
    expect(played.out).toContain('RISC: Ann against 1 hard bot.');
    expect(played.out).toMatch(/Ada \(bot\) wins\.|You win!/);
    const verified = await inProcess(runVerify, [file]);
    expect(verified.code).toBe(0);
    expect(verified.out).toContain('(RISC)');
    expect(verified.out).toContain('violations: 0');
    expect(verified.out).toMatch(/winner: player \d/);
    const json = JSON.parse((await inProcess(runVerify, ['--json', file])).out);
    expect(json).toMatchObject({ game: 'risc', violations: [] });

    // a reveal changed after the game: exit 1 and the line named
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const at = lines.findIndex((l) => l.includes('"risc_reveal"') && l.includes('"stage":"placement"'));
    lines[at] = lines[at]!.replace(/"units":(\d+)/, (_, n) => `"units":${Number(n) + 1}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const tampered = await inProcess(runVerify, [file]);
    expect(tampered.code).toBe(1);
    expect(tampered.out).toContain(`line ${at + 1}, player`);
    expect(tampered.out).toContain('reveal-mismatch');
  }, 60_000);

  it.each([
    [['--players', '5'], /--players "5" must be 2, 3 or 4/],
    [['--bot', 'normal'], /the RISC bots are easy and hard/],
    [['--seed', 'x'], /--seed "x"/],
    [['host'], /not a RISC choice/],
    [['--frobnicate'], /Unknown option/],
  ])('bad arguments %j: usage and exit 2', async (args, reason) => {
    const result = await inProcess(runPlay, ['--game', 'risc', ...args]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(reason);
    expect(result.err).toContain('usage: risk play --game risc');
  });

  it('an unknown game is a usage error', async () => {
    const result = await inProcess(runPlay, ['--game=chess']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/the games are classic and risc/);
  });
});
