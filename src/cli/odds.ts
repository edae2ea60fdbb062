// `risk odds A D`: exact battle odds, last line the conquer probability alone.
import { battleOdds } from '../model/odds.js';
import { type CommandIO, parseCommand, parseInteger, usageError } from './io.js';

const MAX = 10_000;
const USAGE = `usage: risk odds <armies-in-attacking-territory> <defending-armies>
  attacking: 2–${MAX} (one army stays home); defending: 1–${MAX}
`;

export function runOdds(args: string[], io: CommandIO): number {
  const parsed = parseCommand(args, io, { command: 'risk odds', usage: USAGE, allowPositionals: true, options: {} });
  if (!parsed.ok) return parsed.exit;
  if (parsed.positionals.length !== 2) {
    return usageError(io, 'risk odds', `expected 2 numbers, got ${parsed.positionals.length}`, USAGE);
  }
  const [rawA, rawD] = parsed.positionals as [string, string];
  const attacking = parseInteger(rawA, 2, MAX);
  const defending = parseInteger(rawD, 1, MAX);
  if (attacking === null || defending === null) {
    const bad = attacking === null ? `attacking armies "${rawA}"` : `defending armies "${rawD}"`;
    return usageError(io, 'risk odds', `${bad} is not a whole number in range`, USAGE);
  }
  const odds = battleOdds(attacking, defending);
  const pct = (p: number) => `${(100 * p).toFixed(4)}%`;
  const first = odds.firstRoll!;
  const lines = [
    `Attack with ${attacking} armies (${attacking - 1} can fight) against ${defending}, both sides always rolling the most dice.`,
    `First roll: attacker ${first.attackerDice} dice, defender ${first.defenderDice} dice`,
    ...first.outcomes.map(
      (o) => `  attacker loses ${o.attackerLosses}, defender loses ${o.defenderLosses}: ${pct(o.probability)}`,
    ),
    `Expected armies left: attacker ${odds.expectedAttackerLeft.toFixed(6)} (in the attacking territory), defender ${odds.expectedDefenderLeft.toFixed(6)}`,
    `Conquer probability: ${pct(odds.conquerProbability)}`,
    odds.conquerProbability.toFixed(15),
  ];
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
