// A `risk bot --json` process for end-to-end tests: its JSON events as they come, a wait for one
// of them (bounded), its stderr and exit code. Every process started here is SIGKILLed by
// `killBots`, which test files call after each test.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const launcher = fileURLToPath(new URL('../../bin/risk.js', import.meta.url));

export interface BotProcess {
  child: ChildProcess;
  events: Record<string, unknown>[];
  stderr: string;
  exit: Promise<number | null>;
  /** Resolves once the process has exited and its output has been read to the end. */
  closed: Promise<number | null>;
  waitFor(test: (e: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>>;
}

const started: BotProcess[] = [];

/** Kills every bot process still running (call it in afterEach). */
export function killBots() {
  for (const p of started.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
}

/** How to start `risk`: the built program on this Node by default, or another (an executable). */
export interface RiskProgram {
  readonly command: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

/** Starts `risk bot <args> --json`; `onEvent` sees each event as it is read (bench:net times them). */
export function startBot(
  args: readonly string[],
  program: RiskProgram = { command: [process.execPath, launcher] },
  onEvent?: (event: Record<string, unknown>) => void,
): BotProcess {
  const [file, ...before] = program.command;
  const child = spawn(file!, [...before, 'bot', ...args, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: program.env ?? process.env,
    cwd: program.cwd,
  });
  const events: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.trim()) continue;
      const event = JSON.parse(line);
      events.push(event);
      onEvent?.(event);
    }
    for (const w of [...waiters]) w();
  });
  const peer: BotProcess = {
    child,
    events,
    stderr: '',
    exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    closed: new Promise((resolve) => child.on('close', (code) => resolve(code))),
    waitFor(test, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out; last events: ${JSON.stringify(events.slice(-3))} stderr: ${peer.stderr}`)),
          timeoutMs,
        );
        const check = () => {
          const found = events.find(test);
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
  child.stderr!.on('data', (chunk: Buffer) => (peer.stderr += chunk.toString()));
  started.push(peer);
  return peer;
}

/**
 * `risk bot <args>` as `who`: a normal bot on 127.0.0.1 with its own database and key in `dir`
 * (`--store`), seeded by its name unless told, recording to `record` (a file in `dir`) or not at all.
 */
export function storedBot(
  args: readonly string[],
  who: string,
  dir: string,
  options: { readonly seed?: number; readonly record?: string; readonly named?: boolean } = {},
): BotProcess {
  return startBot([
    ...args,
    '--listen',
    '127.0.0.1',
    '--bot',
    'normal',
    ...(options.named === false ? [] : ['--name', who]),
    '--seed',
    String(options.seed ?? who.length),
    '--store',
    '--db',
    join(dir, `${who}.db`),
    '--key',
    join(dir, `${who}.key`),
    ...(options.record !== undefined ? ['--record', join(dir, options.record)] : ['--no-record']),
  ]);
}
