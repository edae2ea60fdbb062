import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchemas, SCHEMA_DIR } from '../../scripts/gen-schemas.js';
import { COMMANDS } from '../../src/protocol/messages.js';

// The checked-in JSON Schemas must be what the zod schemas generate now; if this fails, run
//   npx tsx scripts/gen-schemas.ts
describe('protocol-spec/schemas', () => {
  const generated = generateSchemas();

  it('has one schema per class command', () => {
    expect([...generated.keys()].sort()).toStrictEqual(COMMANDS.map((c) => `${c}.json`).sort());
  });

  for (const [name, text] of generated) {
    it(`${name} is up to date`, () => {
      let onDisk: string | null = null;
      try {
        onDisk = readFileSync(`${SCHEMA_DIR}/${name}`, 'utf8');
      } catch {
        // missing: reported by the comparison below
      }
      expect(onDisk, `${name} is stale: run npx tsx scripts/gen-schemas.ts`).toBe(text);
    });
  }

  it('holds no schema that nothing generates', () => {
    const extra = readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.json') && !generated.has(name));
    expect(extra, 'run npx tsx scripts/gen-schemas.ts').toStrictEqual([]);
  });

  it('generation is deterministic and each file is a titled JSON Schema ending in a newline', () => {
    expect(generateSchemas()).toStrictEqual(generated);
    for (const [name, text] of generated) {
      expect(text.endsWith('}\n')).toBe(true);
      const schema = JSON.parse(text) as { $schema: string; title: string; properties: { command: { const: string } } };
      expect(schema.$schema).toMatch(/json-schema\.org/);
      expect(schema.properties.command.const).toBe(name.replace(/\.json$/, ''));
      expect(schema.title).toBe(`cs3099 ${schema.properties.command.const}`);
    }
  });
});
