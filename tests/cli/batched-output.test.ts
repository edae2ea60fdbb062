// batchedOutput (src/cli/io.ts): what `risk bot` says in one turn of the event loop leaves in one
// write, in order; flush writes what is pending at once (before an error or the process's exit).
import { describe, expect, it } from 'vitest';
import { batchedOutput } from '../../src/cli/io.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedOutput', () => {
  it('joins the texts of one turn into one write once the turn is done', async () => {
    const writes: string[] = [];
    const output = batchedOutput((text) => writes.push(text));
    output.write('a\n');
    output.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    output.write('c\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('flush writes what is pending at once, and only once', async () => {
    const writes: string[] = [];
    const output = batchedOutput((text) => writes.push(text));
    output.flush();
    output.write('a\n');
    output.flush();
    expect(writes).toEqual(['a\n']);
    await nextTurn();
    output.flush();
    expect(writes).toEqual(['a\n']);
  });
});
