// The suite runs in a clone with nothing beside it: no test reads outside the repository
// (copies of shared files live in tests/fixtures, with their origin in its README).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const testsDir = fileURLToPath(new URL('..', import.meta.url));

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testSources(path);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Paths in string literals that climb out of the repository or into ../shared. */
function outsideReads(text: string): string[] {
  return [...text.matchAll(/(['"`])([^'"`\n]*)\1/g)]
    .map((m) => m[2]!)
    .filter((s) => /(^|\/)shared\//.test(s) && s.includes('..'));
}

describe('self-contained tests', () => {
  it('no test file names a path into ../shared', () => {
    // This file names such paths on purpose, to show that the check can fail.
    const files = testSources(testsDir).filter((file) => file !== fileURLToPath(import.meta.url));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => outsideReads(readFileSync(file, 'utf8')).map((s) => `${file}: ${s}`));
    expect(found).toEqual([]);
  });

  it('recognises such a path', () => {
    expect(outsideReads("new URL('../../../shared/protocol/x.jsonl', import.meta.url)")).toEqual([
      '../../../shared/protocol/x.jsonl',
    ]);
    expect(outsideReads("new URL('../shared/protocol/transcripts/', repoRoot)")).toEqual([
      '../shared/protocol/transcripts/',
    ]);
    expect(outsideReads("new URL('../fixtures/transcripts/', import.meta.url)")).toEqual([]);
  });
});
