// What a subcommand writes to, so tests can run commands in-process.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
}

export const EXIT_USAGE = 2;

export type Parsed = ReturnType<typeof parseArgs>;

/** node:util parseArgs, with its exceptions turned into a message. */
export function parseCommandArgs(
  args: string[],
  config: Omit<ParseArgsConfig, 'args'>,
): { ok: true; values: Record<string, string | boolean | undefined>; positionals: string[] } | { ok: false; reason: string } {
  try {
    const { values, positionals } = parseArgs({ ...config, args, strict: true });
    return { ok: true, values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

/** A whole number within [min, max], or null. */
export function parseInteger(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^-?\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}
