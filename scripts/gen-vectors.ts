// Writes protocol-spec/vectors/*.json from src/protocol/vectors.ts; with --check, exits 1 when stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { allVectors } from '../src/protocol/vectors.js';

export function vectorFiles(): Record<string, string> {
  const vectors = allVectors();
  return Object.fromEntries(
    Object.entries(vectors).map(([name, value]) => [
      `protocol-spec/vectors/${name}.json`,
      `${JSON.stringify(value, null, 2)}\n`,
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [path, text] of Object.entries(vectorFiles())) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current === text) continue;
    if (check) stale.push(path);
    else writeFileSync(path, text);
  }
  if (stale.length > 0) {
    console.error(`stale test vectors (run npm run gen:vectors): ${stale.join(', ')}`);
    process.exit(1);
  }
}
