// The RISC text client in-process: a whole game from typed lines, against bots, written to a record
// that the auditor accepts.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { auditRiscRecord } from '../../../src/audit/risc.js';
import type { RiscRecordLine } from '../../../src/core/risc/record.js';
import { runRiscPlain } from '../../../src/views/risc/plain.js';

describe('RISC plain text', () => {
  it('plays a game to the end from typed lines, in the RISC style', async () => {
    const input = new PassThrough();
    let output = '';
    const lines: RiscRecordLine[] = [];
    // a typo, a help request, then auto placement; a move and a bad attack, then "done" every turn
    input.write('x\nh\nauto\nm narnia midkemia 1\na narnia oz 1\nd\n');
    for (let i = 0; i < 400; i++) input.write('d\n');
    input.end();
    const code = await runRiscPlain({
      input,
      out: (t) => (output += t),
      name: 'Ann',
      players: 2,
      bot: 'easy',
      seed: 4,
      onRecord: (l) => lines.push(l),
    });
    expect(code).toBe(0);
    expect(output).toContain('type a number from 0 to 30, or auto');
    expect(output).toContain('"auto" spreads the rest evenly, (R)ules shows the rules');
    expect(output).toMatch(/Ann \(you\): 30 units\n-+\n/);
    expect(output).toContain('You are Ann, what would you like to do? (0 orders so far)\n(M)ove\n(A)ttack\n(D)one');
    expect(output).toContain('ok: move 1 from Narnia to Midkemia');
    expect(output).toContain('Oz is yours (move there instead)');
    expect(output).toContain('Orders committed (1). Waiting for the others…');
    expect(output).toMatch(/Turn 1:\nAnn moves 1 from Narnia to Midkemia/);
    expect(output).toMatch(/(You hold every territory\. You win!|Ada \(bot\) wins\.)/);
    const audit = auditRiscRecord(lines.map((l) => JSON.stringify(l)).join('\n'));
    expect(audit.violations).toEqual([]);
    expect(audit.state?.winner).not.toBeNull();
  });

  it('leaves when the input ends', async () => {
    const input = new PassThrough();
    input.end('auto\n');
    let output = '';
    expect(
      await runRiscPlain({ input, out: (t) => (output += t), name: 'Ann', players: 3, bot: 'hard', seed: 1 }),
    ).toBe(0);
    expect(output).toContain('You left the game.');
  });
});
