// Writes protocol-spec/schemas/<command>.json: the JSON Schema of what this peer ACCEPTS for each
// class command (the zod input side, tolerances included). `--check` only reports stale files.
//   npx tsx scripts/gen-schemas.ts [--check]
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { COMMANDS, commandSchemas } from '../src/protocol/messages.js';

export const SCHEMA_DIR = fileURLToPath(new URL('../protocol-spec/schemas/', import.meta.url));

/** File name → file text, for every command. Deterministic: keys sorted, 2-space indent, final newline. */
export function generateSchemas(): Map<string, string> {
  const files = new Map<string, string>();
  for (const command of COMMANDS) {
    const schema = z.toJSONSchema(commandSchemas[command], { io: 'input', target: 'draft-2020-12' });
    files.set(`${command}.json`, `${JSON.stringify(sortKeys(schema), null, 2)}\n`);
  }
  return files;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

export interface Staleness {
  /** Generated files missing on disk or with different text. */
  readonly outdated: string[];
  /** .json files on disk that no command generates any more. */
  readonly extra: string[];
}

export async function findStale(dir: string = SCHEMA_DIR, files = generateSchemas()): Promise<Staleness> {
  const onDisk = await readdir(dir).catch(() => [] as string[]);
  const outdated: string[] = [];
  for (const [name, text] of files) {
    const current = await readFile(`${dir}/${name}`, 'utf8').catch(() => null);
    if (current !== text) outdated.push(name);
  }
  const extra = onDisk.filter((name) => name.endsWith('.json') && !files.has(name)).sort();
  return { outdated, extra };
}

async function main(check: boolean): Promise<number> {
  const files = generateSchemas();
  const { outdated, extra } = await findStale(SCHEMA_DIR, files);
  if (check) {
    for (const name of outdated) console.log(`stale: protocol-spec/schemas/${name}`);
    for (const name of extra) console.log(`not generated: protocol-spec/schemas/${name}`);
    if (outdated.length + extra.length > 0) {
      console.log('run: npx tsx scripts/gen-schemas.ts');
      return 1;
    }
    console.log(`protocol-spec/schemas: ${files.size} schemas up to date`);
    return 0;
  }
  await mkdir(SCHEMA_DIR, { recursive: true });
  for (const name of outdated) await writeFile(`${SCHEMA_DIR}/${name}`, files.get(name)!);
  for (const name of extra) await rm(`${SCHEMA_DIR}/${name}`);
  console.log(`protocol-spec/schemas: wrote ${outdated.length}, removed ${extra.length}, ${files.size} in all`);
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.includes('--check'));
}
