// What a subcommand writes to, so tests can run commands in-process, and the conventions every
// subcommand follows: `--help`/`-h` prints its usage and exits 0; a usage error prints one plain
// sentence and that command's usage and exits 2; the argument parser's own wording never shows.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { didYouMean } from '../views/did-you-mean.js';

export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
}

export const EXIT_USAGE = 2;

export type Parsed = ReturnType<typeof parseArgs>;

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, with its exceptions turned into one plain sentence. */
export function parseCommandArgs(
  args: string[],
  config: Omit<ParseArgsConfig, 'args'>,
):
  | { ok: true; values: Record<string, string | boolean | undefined>; positionals: string[] }
  | { ok: false; reason: string } {
  try {
    const { values, positionals } = parseArgs({ ...config, args, strict: true });
    return { ok: true, values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    return { ok: false, reason: plainParseError(error as Error & { code?: string }, config.options ?? {}) };
  }
}

/** parseArgs explains itself in its own terms ("To specify a positional argument…"): say it plainly. */
export function plainParseError(error: Error & { code?: string }, options: Options): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(' ')[0] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return /^-\d/.test(option)
        ? `numbers cannot be negative (got ${option})`
        : `unknown option ${option}${didYouMean(option, optionNames(options))}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = option.replace(/^-+/, '');
      const long = Object.entries(options).find(([key, o]) => key === name || o.short === name)?.[0] ?? name;
      if (options[long]?.type === 'boolean') return `--${long} takes no value`;
      if (/ambiguous/.test(error.message))
        return `--${long} needs a value; one that starts with "-" is written --${long}=VALUE`;
      return `--${long} needs a value`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}": this command takes options only`;
    default:
      return 'the arguments could not be read';
  }
}

/** Every spelling of the options, long and short, as typed. */
function optionNames(options: Options): string[] {
  const named = Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
  return [...named, '--help'];
}

/** True when the arguments ask for help: `--help` or `-h` before any `--`. */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Prints a usage error for `command` ("risk odds"): one sentence, then the usage; returns exit 2. */
export function usageError(io: CommandIO, command: string, reason: string, usage: string): number {
  const sentence = reason.endsWith('.') ? reason : `${reason}.`;
  io.err(`${command}: ${sentence}\n${usage}`);
  return EXIT_USAGE;
}

/**
 * Parses a subcommand's arguments by the conventions: help goes to stdout with exit 0, a parse
 * error to stderr with the usage and exit 2. `{ exit }` means: stop now with this code.
 */
export function parseCommand(
  args: string[],
  io: CommandIO,
  spec: { command: string; usage: string; options: Options; allowPositionals?: boolean },
):
  | { ok: true; values: Record<string, string | boolean | undefined>; positionals: string[] }
  | { ok: false; exit: number } {
  if (wantsHelp(args)) {
    io.out(spec.usage);
    return { ok: false, exit: 0 };
  }
  const parsed = parseCommandArgs(args, { options: spec.options, allowPositionals: spec.allowPositionals ?? false });
  if (!parsed.ok) return { ok: false, exit: usageError(io, spec.command, parsed.reason, spec.usage) };
  return parsed;
}

/** A whole number within [min, max], or null. */
export function parseInteger(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^-?\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}

/** Takes --game out of the arguments: RISC has its own options, so it is chosen before parsing. */
export function takeGame(args: readonly string[]): { game: string; rest: string[] } {
  const at = args.findIndex((a) => a === '--game' || a.startsWith('--game='));
  if (at < 0) return { game: 'classic', rest: [...args] };
  const inline = args[at]!.startsWith('--game=');
  const game = inline ? args[at]!.slice('--game='.length) : (args[at + 1] ?? '');
  return { game, rest: [...args.slice(0, at), ...args.slice(at + (inline ? 1 : 2))] };
}

/**
 * Text written in one turn of the event loop, as one write when the turn is done (setImmediate),
 * or at once by `flush`. A `risk bot --json` says several events per battle; to a pipe each write
 * is a system call that wakes the reader, and the peer and its reader share the machine's cores.
 */
export function batchedOutput(write: (text: string) => void): { write(text: string): void; flush(): void } {
  let pending = '';
  let due: ReturnType<typeof setImmediate> | null = null;
  const flush = () => {
    if (due !== null) clearImmediate(due);
    due = null;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  return {
    write(text) {
      pending += text;
      due ??= setImmediate(flush);
    },
    flush,
  };
}
