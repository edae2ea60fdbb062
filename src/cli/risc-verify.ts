// `risk verify` on a RISC record: the auditor's report as text or JSON. Exit 0 clean, 1 violations.
import { auditRiscRecord, type RiscAudit } from '../audit/risc.js';
import { territoriesOf } from '../model/risc/index.js';
import type { CommandIO } from './io.js';

const MAX_LISTED = 50;

export function runRiscVerify(file: string, text: string, json: boolean, io: CommandIO): number {
  return reportRisc(file, auditRiscRecord(text), json, io);
}

/** The audit of a RISC game (its RISC record, or a networked game's record of signed lines) as text or JSON. */
export function reportRisc(file: string, audit: RiscAudit, json: boolean, io: CommandIO): number {
  if (json) io.out(`${JSON.stringify(toJson(audit))}\n`);
  else io.out(describe(file, audit));
  return audit.violations.length > 0 || audit.state === null ? 1 : 0;
}

function toJson(a: RiscAudit) {
  return {
    game: 'risc',
    id: a.header?.game ?? null,
    players: a.header?.players ?? [],
    turnsExecuted: a.turnsExecuted,
    diceRounds: a.diceRounds,
    rolls: a.rolls,
    violations: a.violations,
    finalOwner: a.state?.owner ?? null,
    finalUnits: a.state?.units ?? null,
    winner: a.state?.winner ?? null,
    stoppedAt: a.stoppedAt,
  };
}

function describe(file: string, a: RiscAudit): string {
  const name = (id: number) => `player ${id} (${a.header?.players[id] ?? '?'})`;
  const out = [`verify ${file} (RISC)`];
  if (a.header !== null)
    out.push(
      `game ${a.header.game}: ${a.header.players.map((_, i) => name(i)).join(', ')}; ${a.header.start_units} starting units each`,
    );
  out.push(`turns executed: ${a.turnsExecuted} (dice rounds ${a.diceRounds}, combat rolls ${a.rolls})`);
  out.push(`violations: ${a.violations.length}`);
  for (const v of a.violations.slice(0, MAX_LISTED))
    out.push(`  line ${v.line}, ${v.player === null ? 'no player' : `player ${v.player}`}, ${v.kind}: ${v.reason}`);
  if (a.violations.length > MAX_LISTED)
    out.push(`  … and ${a.violations.length - MAX_LISTED} more (--json lists them all)`);
  const s = a.state;
  if (s !== null) {
    out.push('final board:');
    for (const t of s.board.territories)
      out.push(`  ${String(t.id).padStart(2)} ${t.name.padEnd(14)} ${name(s.owner[t.id]!)}, ${s.units[t.id]} units`);
    out.push(
      `territories: ${s.players.map((p) => `${name(p.id)} ${territoriesOf(s, p.id).length}${s.expelled[p.id] ? ' (expelled)' : ''}`).join(', ')}`,
    );
    out.push(`winner: ${s.winner !== null ? name(s.winner) : `none yet (record ends at ${a.stoppedAt ?? 'the end'})`}`);
  } else out.push('the game never started (no valid risc_game header)');
  return `${out.join('\n')}\n`;
}
