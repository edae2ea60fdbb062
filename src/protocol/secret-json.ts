// Canonical JSON for committed values: one text per value, so every peer hashes the same bytes.
// Object keys sorted by UTF-16 code units, no whitespace, numbers as JavaScript prints them
// (the shortest text that reads back to the same double); only plain JSON data is accepted.

/** A committed value is at most 64 KiB of canonical JSON (RISC orders are the largest). */
export const MAX_SECRET_JSON_BYTES = 64 * 1024;
export const MAX_SECRET_JSON_DEPTH = 32;

export type CanonicalResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string };

export function canonicalJson(value: unknown): CanonicalResult {
  try {
    const text = write(value, 0, '$');
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > MAX_SECRET_JSON_BYTES)
      return { ok: false, reason: `the value is ${bytes} bytes of JSON; at most ${MAX_SECRET_JSON_BYTES} are allowed` };
    return { ok: true, text };
  } catch (error) {
    if (error instanceof NotJson) return { ok: false, reason: error.message };
    throw error;
  }
}

class NotJson extends Error {}

function write(value: unknown, depth: number, path: string): string {
  if (depth > MAX_SECRET_JSON_DEPTH) throw new NotJson(`${path}: nested deeper than ${MAX_SECRET_JSON_DEPTH} levels`);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new NotJson(`${path}: ${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item, i) => write(item, depth + 1, `${path}[${i}]`)).join(',')}]`;
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw new NotJson(`${path}: not a plain object`);
      const keys = Object.keys(value).sort();
      const entries = keys.map(
        (key) =>
          `${JSON.stringify(key)}:${write((value as Record<string, unknown>)[key], depth + 1, `${path}.${key}`)}`,
      );
      return `{${entries.join(',')}}`;
    }
    default:
      throw new NotJson(`${path}: a ${typeof value} is not JSON data`);
  }
}
