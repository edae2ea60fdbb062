// bench:net's options, checked before anything starts (a test checks them: tests/bench/net-options.test.ts).
//   npm run bench:net -- [sizes…] [--seconds S] [--delay D] [--games G] [--only PARTS] [--risk PATH] [--lockstep] [--record]
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The parts of the bench, each a block of rows. */
export const PARTS = ['processes', 'one-process', 'delay', 'class', 'whole'] as const;
export type Part = (typeof PARTS)[number];

export interface NetOptions {
  /** Players per game for the native rows (2–6). */
  readonly sizes: readonly number[];
  /** Seconds of play measured per row, from the first attack; a game still going then is cut. */
  readonly seconds: number;
  /** Added one-way delay on every link for the delayed rows, in ms. */
  readonly delayMs: number;
  /** Whole games of hard bots per profile. */
  readonly games: number;
  readonly only: ReadonlySet<Part>;
  /** The `risk` launcher whose `risk bot` is measured: this checkout's bin/risk.js or another's. */
  readonly risk: string;
  /** Native: no pipelining (risk bot --lockstep; the one-process rows too): to compare with it. */
  readonly lockstep: boolean;
  /** Peers in processes keep their records as a game run for real does (a file and the database). */
  readonly record: boolean;
}

export const USAGE =
  'usage: npm run bench:net -- [sizes… (2 4 6)] [--seconds S (20)] [--delay MS (25)] [--games G (3)]\n' +
  `       [--only ${PARTS.join(',')}] [--risk PATH/TO/bin/risk.js (this checkout's)] [--lockstep] [--record]`;

const thisRisk = fileURLToPath(new URL('../bin/risk.js', import.meta.url));

export function parseNetOptions(
  argv: readonly string[],
): { ok: true; value: NetOptions } | { ok: false; reason: string } {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const { values, positionals } = parsed;
  const whole = (name: string, text: string, min: number, max: number): number | string => {
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    return n >= min && n <= max ? n : `${name} "${text}" must be a whole number from ${min} to ${max}`;
  };
  const sizes = positionals.map((p) => whole('a size', p, 2, 6));
  const seconds = whole('--seconds', values.seconds, 1, 3600);
  const delayMs = whole('--delay', values.delay, 1, 5000);
  const games = whole('--games', values.games, 0, 100);
  const problem = [...sizes, seconds, delayMs, games].find((v) => typeof v === 'string');
  if (problem !== undefined) return { ok: false, reason: problem as string };
  const only = values.only === undefined ? [...PARTS] : values.only.split(',').map((p) => p.trim());
  const unknown = only.find((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown !== undefined) return { ok: false, reason: `--only "${unknown}": the parts are ${PARTS.join(', ')}` };
  const risk = values.risk === undefined ? thisRisk : resolve(values.risk);
  if (!existsSync(risk)) return { ok: false, reason: `--risk "${risk}": no such file (give a checkout's bin/risk.js)` };
  return {
    ok: true,
    value: {
      sizes: sizes.length > 0 ? (sizes as number[]) : [2, 4, 6],
      seconds: seconds as number,
      delayMs: delayMs as number,
      games: games as number,
      only: new Set(only as Part[]),
      risk,
      lockstep: values.lockstep === true,
      record: values.record === true,
    },
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      seconds: { type: 'string', default: '20' },
      delay: { type: 'string', default: '25' },
      games: { type: 'string', default: '3' },
      only: { type: 'string' },
      risk: { type: 'string' },
      lockstep: { type: 'boolean' },
      record: { type: 'boolean' },
    },
  });
}
