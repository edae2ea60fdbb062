// `risk verify <file>`: audit a recorded game. Exit 0 clean, 1 violations, 2 unreadable file,
// 3 a native record that stops before its game ended (truncated by a crash or kill; no violation).
import { readFileSync } from 'node:fs';
import type { VerifyReport } from '../audit/verify.js';
import { isRiscRecord } from '../core/risc/record.js';
import type { TranscriptParse } from '../protocol/transcript.js';
import { type CommandIO, EXIT_USAGE, parseCommand, usageError } from './io.js';
import { reportRisc, runRiscVerify } from './risc-verify.js';

const MAX_LISTED = 50;

const USAGE = `usage: risk verify [--lenient] [--json] <file> [<resumed file>...]
  exit 0 clean, 1 violations, 2 unreadable, 3 truncated record (no violations)
  A networked game that was resumed has one record per session: give them in order, the first
  session's first; each later one is audited from the state the one before reaches where it resumed.
  With several files --json prints one object per file, one per line, and exit 3 looks at the last.
  --lenient  follow the recorded peer's known card-draw bug (each such draw is listed as a quirk
             followed, not counted as a violation)
  --json     print the report as one JSON object
`;

export async function runVerify(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommand(args, io, {
    command: 'risk verify',
    usage: USAGE,
    allowPositionals: true,
    options: { lenient: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (!parsed.ok) return parsed.exit;
  if (parsed.positionals.length === 0) return usageError(io, 'risk verify', 'expected a record file', USAGE);
  if (parsed.positionals.length > 1) return verifyResumed(parsed.positionals, parsed.values.json === true, io);
  const file = parsed.positionals[0]!;
  const text = readText(file, io);
  if (text === null) return EXIT_USAGE;
  if (isRiscRecord(text)) return runRiscVerify(file, text, parsed.values.json === true, io);
  const [{ riscMeshHeader, verifyTranscript }, { countTerritories, describeMission }, { describeReading }] =
    await Promise.all([
      import('../audit/verify.js'),
      import('../model/index.js'),
      import('../core/star/card-bonus.js'),
    ]);
  const transcript = await readTranscript(file, text, io);
  if (transcript === null) return EXIT_USAGE;
  const risc = riscMeshHeader(transcript.lines);
  if (risc !== null) {
    const { auditRiscMeshRecord } = await import('../audit/risc-mesh.js');
    return reportRisc(file, auditRiscMeshRecord(transcript.lines, risc), parsed.values.json === true, io);
  }
  const report = verifyTranscript(transcript.lines, { lenient: parsed.values.lenient === true });
  const problems = transcript.problems.map((p) => ({
    line: p.line,
    player: null,
    kind: 'message' as const,
    reason: p.reason,
  }));
  const all = [...problems, ...report.violations].sort((a, b) => a.line - b.line);
  // --lenient follows the recorded class peer's known card-draw bug: each such draw is still
  // listed, as a quirk followed, but is not counted against the record.
  const lenient = parsed.values.lenient === true;
  const quirks = lenient ? all.filter((v) => v.kind === 'card-draw-bug') : [];
  const violations = lenient ? all.filter((v) => v.kind !== 'card-draw-bug') : all;
  if (parsed.values.json === true) io.out(`${JSON.stringify({ ...toJson(report, violations), quirks })}\n`);
  else {
    io.out(describe(file, report, violations, { countTerritories, describeMission }, describeReading));
    for (const q of quirks) io.out(`quirk followed (--lenient): line ${q.line}, player ${q.player}: ${q.reason}\n`);
  }
  if (violations.length > 0 || report.state === null) return 1;
  return report.truncated === true ? EXIT_TRUNCATED : 0;
}

const EXIT_TRUNCATED = 3;

type Transcript = Extract<TranscriptParse, { ok: true }>;

/** The file's text, or null after saying why it cannot be read. */
function readText(file: string, io: CommandIO): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    io.err(`risk verify: cannot read ${file}: ${(error as Error).message}\n`);
    return null;
  }
}

/** The file's records, or null after saying why it is not a transcript. */
async function readTranscript(file: string, text: string, io: CommandIO): Promise<Transcript | null> {
  const { parseTranscript } = await import('../protocol/transcript.js');
  const transcript = parseTranscript(text);
  if (transcript.ok) return transcript;
  io.err(`risk verify: ${file}: ${transcript.reason}\n`);
  return null;
}

/** The records of one resumed game, in order (controller/verify-chain.ts). */
async function verifyResumed(files: readonly string[], json: boolean, io: CommandIO): Promise<number> {
  const [{ verifyChain }, { countTerritories, describeMission }, { describeReading }] = await Promise.all([
    import('../audit/verify-chain.js'),
    import('../model/index.js'),
    import('../core/star/card-bonus.js'),
  ]);
  const records: Transcript[] = [];
  for (const file of files) {
    const text = readText(file, io);
    const transcript = text === null ? null : await readTranscript(file, text, io);
    if (transcript === null) return EXIT_USAGE;
    records.push(transcript);
  }
  const { riscMeshHeader } = await import('../audit/verify.js');
  if (records.some((r) => riscMeshHeader(r.lines) !== null)) {
    const { verifyRiscChain } = await import('../audit/risc-mesh.js');
    const audits = verifyRiscChain(records.map((r) => r.lines));
    let failed = false;
    audits.forEach((audit, i) => {
      const problems = records[i]!.problems.map((p) => ({ ...p, player: null, kind: 'record' as const }));
      const violations = [...problems, ...audit.violations].sort((a, b) => a.line - b.line);
      if (reportRisc(files[i]!, { ...audit, violations }, json, io) !== 0) failed = true;
    });
    return failed ? 1 : 0;
  }
  const reports = verifyChain(records.map((r) => r.lines));
  let failed = false;
  reports.forEach((report, i) => {
    const problems = records[i]!.problems.map((p) => ({ ...p, player: null, kind: 'message' as const }));
    const violations = [...problems, ...report.violations].sort((a, b) => a.line - b.line);
    if (violations.length > 0 || report.state === null) failed = true;
    if (json) io.out(`${JSON.stringify({ file: files[i], ...toJson(report, violations) })}\n`);
    else io.out(describe(files[i]!, report, violations, { countTerritories, describeMission }, describeReading));
  });
  if (failed) return 1;
  return reports.at(-1)!.truncated === true ? EXIT_TRUNCATED : 0;
}

function toJson(report: VerifyReport, violations: VerifyReport['violations']) {
  const s = report.state;
  return {
    players: report.players,
    firstPlayer: report.firstPlayer,
    deck: report.deck,
    roundsVerified: report.roundsVerified,
    battles: report.battles,
    actionsChecked: report.actionsChecked,
    cardBonus: report.cardBonus ?? [],
    ...(report.missions ? { missions: report.missions } : {}),
    violations,
    lostStepAt: report.lostStepAt,
    truncated: report.truncated ?? false,
    recordedEnd: report.recordedEnd ?? null,
    finalOwner: s?.owner ?? null,
    finalArmies: s?.armies ?? null,
    phase: s?.phase ?? null,
    winner: s?.winner ?? null,
  };
}

function describe(
  file: string,
  report: VerifyReport,
  violations: VerifyReport['violations'],
  model: {
    countTerritories: (state: NonNullable<VerifyReport['state']>, player: number) => number;
    describeMission: (card: number) => string;
  },
  describeReading: (reading: NonNullable<VerifyReport['cardBonus']>[number]['reading']) => string,
): string {
  const s = report.state;
  const name = (id: number | null) =>
    id === null ? '-' : `player ${id} (${report.players.find((p) => p.id === id)?.name ?? '?'})`;
  const out = [
    `verify ${file}`,
    `players: ${report.players.map((p) => name(p.id)).join(', ') || 'none'}`,
    `first player: ${report.firstPlayer === null ? 'not drawn' : name(report.firstPlayer)}`,
    `deck order: ${report.deck === null ? 'not shuffled' : report.deck.join(', ')}`,
    `dice rounds verified: ${report.roundsVerified} (battles rolled: ${report.battles})`,
    `actions checked: ${report.actionsChecked}`,
  ];
  // cs3099: which reading of the territory-card bonus each trade that tells them apart followed.
  for (const b of report.cardBonus ?? [])
    out.push(`card bonus: line ${b.line}, player ${b.player} follows ${describeReading(b.reading)}`);
  // Secret Mission: every mission claimed, or opened by a key published at the end.
  if (report.missions) {
    const known = report.missions.map((m) => `${name(m.player)}: ${model.describeMission(m.mission)}`);
    out.push(`missions shown: ${known.length === 0 ? 'none' : known.join('; ')}`);
  }
  if (report.truncated === true)
    out.push(
      'truncated: the record stops before the game ended for its peer (a crash or kill, not a cheat); every line in it was checked',
    );
  if (report.recordedEnd)
    out.push(
      `recorded end: ${report.recordedEnd.outcome}${report.recordedEnd.winner !== null ? `, winner player ${report.recordedEnd.winner}` : ''}`,
    );
  if (report.lostStepAt !== null)
    out.push(`replay lost step at line ${report.lostStepAt}: later game actions were not checked (try --lenient)`);
  out.push(`violations: ${violations.length}`);
  const shown = violations.slice(0, MAX_LISTED);
  for (const v of shown)
    out.push(`  line ${v.line}, ${v.player === null ? 'no player' : `player ${v.player}`}, ${v.kind}: ${v.reason}`);
  if (violations.length > shown.length)
    out.push(`  … and ${violations.length - shown.length} more (--json lists them all)`);
  if (s !== null) {
    out.push('final board:');
    for (const t of s.board.territories)
      out.push(
        `  ${String(t.id).padStart(2)} ${t.name.padEnd(22)} ${s.owner[t.id] === -1 ? 'unclaimed' : `player ${s.owner[t.id]}`}, ${s.armies[t.id]} armies`,
      );
    out.push(`territories: ${s.players.map((p) => `player ${p.id} ${model.countTerritories(s, p.id)}`).join(', ')}`);
    out.push(
      `winner: ${s.phase === 'over' ? name(s.winner) : `none yet (game stopped in phase ${s.phase}, turn ${s.turn})`}`,
    );
  } else out.push('the game never started (no initialise_game)');
  return `${out.join('\n')}\n`;
}
