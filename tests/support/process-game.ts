// One game between separate `risk bot` processes on 127.0.0.1 (a host and its joiners), with the
// rules given, to its end: each process's winner, exit code and violations, and the audit of each
// one's record. Used by the process tests and by `npm run bench:processes`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyTranscript } from '../../src/audit/verify.js';
import { parseTranscript } from '../../src/protocol/transcript.js';
import { type BotProcess, startBot } from './bot-process.js';

export interface ProcessGame {
  /** Each process's winner as it said it (null: it said none), in seat order. */
  readonly winners: readonly (number | null)[];
  readonly exits: readonly (number | null)[];
  /** Violations each process reported live, as JSON events. */
  readonly violations: readonly (readonly string[])[];
  /** Violations the audit of each record found (`risk verify`), and whether it stopped short. */
  readonly audits: readonly { readonly violations: readonly string[]; readonly truncated: boolean }[];
  readonly stderr: readonly string[];
  /** Each process's last few events, for telling why a game went wrong. */
  readonly last: readonly string[];
  /** Where the records are. */
  readonly dir: string;
}

/**
 * Plays one game of `players` normal bots (the host is seat 0) in `dir`, each process bounded by
 * `limitMs`; `rules` are `risk bot` rule flags (e.g. ['--setup', 'random']).
 */
export async function playProcessGame(
  dir: string,
  rules: readonly string[],
  options: { players?: number; limitMs?: number; timeouts?: readonly string[] } = {},
): Promise<ProcessGame> {
  const players = options.players ?? 3;
  const limitMs = options.limitMs ?? 180_000;
  const timeouts = options.timeouts ?? ['--ack-timeout', '2', '--move-timeout', '10'];
  const record = (seat: number) => ['--record', join(dir, `p${seat}.jsonl`)];
  const host = startBot([
    'host',
    '--listen',
    '127.0.0.1',
    '--port',
    '0',
    '--players',
    String(players),
    '--bot',
    'normal',
    '--name',
    'host',
    ...rules,
    ...timeouts,
    ...record(0),
  ]);
  const peers: BotProcess[] = [host];
  let exits: (number | null)[];
  try {
    const hosting = await host.waitFor((e) => e.type === 'hosting', 60_000);
    const address = (hosting.addresses as string[])[0]!;
    for (let seat = 1; seat < players; seat++) {
      peers.push(startBot(['join', address, '--bot', 'normal', '--name', `bot${seat}`, ...timeouts, ...record(seat)]));
      await host.waitFor((e) => e.type === 'joined' && e.player === seat, 60_000);
    }
    exits = await Promise.all(
      peers.map((p) =>
        Promise.race([p.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), limitMs).unref())]),
      ),
    );
  } finally {
    // This game's processes only: others may be playing games of their own beside it.
    for (const p of peers) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  }
  return {
    winners: peers.map((p) => {
      const said = p.events.find((e) => e.type === 'winner');
      return said === undefined ? null : (said.player as number);
    }),
    exits,
    violations: peers.map((p) => p.events.filter((e) => e.type === 'violation').map((e) => JSON.stringify(e))),
    audits: peers.map((_, seat) => {
      const parsed = parseTranscript(readFileSync(join(dir, `p${seat}.jsonl`), 'utf8'));
      if (!parsed.ok) return { violations: [parsed.reason], truncated: true };
      const report = verifyTranscript(parsed.lines, { lenient: false });
      return {
        violations: report.violations.map((v) => `line ${v.line}, player ${v.player}: ${v.reason}`),
        truncated: report.truncated === true || report.state === null,
      };
    }),
    stderr: peers.map((p) => p.stderr),
    last: peers.map((p) => JSON.stringify(p.events.slice(-3))),
    dir,
  };
}

/** Why a finished process game is not one clean game with one agreed winner, or null. */
export function problemOf(game: ProcessGame): string | null {
  const silent = game.winners.indexOf(null);
  if (silent >= 0)
    return `seat ${silent} named no winner (exits ${game.exits.join(', ')}; its last events ${game.last[silent]}; stderr ${game.stderr[silent]!.slice(0, 300)}; records in ${game.dir})`;
  if (game.winners.some((w) => w !== game.winners[0]))
    return `the processes name different winners: ${game.winners.join(', ')}`;
  if (game.exits.some((e) => e !== 0)) return `exit codes ${game.exits.join(', ')}`;
  const live = game.violations.flat();
  if (live.length > 0) return `violations reported: ${live[0]}`;
  const audited = game.audits.flatMap((a) => a.violations);
  if (audited.length > 0) return `the audit of a record found: ${audited[0]}`;
  if (game.audits.some((a) => a.truncated)) return 'a record stops short of the end';
  return null;
}

/** The games whose openings have the most steps, as `risk bot` rule flags. */
export const PROCESS_GAMES: readonly { readonly name: string; readonly rules: readonly string[] }[] = [
  { name: 'random deal', rules: ['--setup', 'random'] },
  { name: 'Capital Risk', rules: ['--variant', 'capital'] },
  { name: 'Secret Mission Risk', rules: ['--variant', 'mission'] },
];
