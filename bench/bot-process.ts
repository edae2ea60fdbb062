// `risk bot` peers as separate processes for the benches: a host on 127.0.0.1 whose address is
// read from its JSON output, and the resident memory of any process from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const launcher = fileURLToPath(new URL('../bin/risk.js', import.meta.url));

/** Starts `risk bot host` for `players` on a free loopback port; resolves with it and its first address. */
export async function spawnBotHost(
  players: number,
  common: readonly string[],
): Promise<{ host: ChildProcess; address: string; output: () => string }> {
  const host = spawn(process.execPath, [
    launcher,
    'bot',
    'host',
    '--listen',
    '127.0.0.1',
    '--port',
    '0',
    '--players',
    String(players),
    ...common,
  ]);
  let out = '';
  host.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    host.stdout.on('data', () => {
      const line = out.split('\n').find((l) => l.includes('"hosting"'));
      if (line) resolve((JSON.parse(line).addresses as string[])[0]!);
    });
    host.on('exit', () => reject(new Error('host exited early')));
  });
  return { host, address, output: () => out };
}

/** Resident memory of a process in MB (0 once it has gone). */
export function rssMb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
