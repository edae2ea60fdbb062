// One networked RISC game of bench:chaos (bench/chaos.ts): the mesh session with the RISC game
// (sessions/risc-net.ts) between in-process peers over in-memory links, on real timers, one peer a
// rogue with random misbehaviour (the classic games' link rewriter). Judged as the classic games
// are: every honest peer finishes, they agree, their records audit clean, only the rogue is blamed.
import { auditRiscRecord } from '../src/audit/risc.js';
import { type ChaosLog, chaosRogue, drawRates, random } from '../tests/controller/chaos.js';
import { startRiscGame } from '../tests/controller/risc-mesh-game.js';
import { type ChaosSettings, type Outcome, raceOutcome, raceToEnd, writeDump } from './chaos-race.js';

/** Plays RISC game `index` to its end (or until it hangs) and judges it. */
export async function playRisc(index: number, settings: ChaosSettings, totals: ChaosLog): Promise<Outcome> {
  const next = random(settings.seed * 100_043 + index);
  const players = 2 + Math.floor(next() * 3); // 2–4, as RISC allows
  const rogueId = Math.floor(next() * players);
  const rates = drawRates(next, settings.noDrops);
  const game = await startRiscGame({
    players,
    seed: settings.seed * 1000 + index,
    rogue: { player: rogueId, links: chaosRogue(settings.seed * 7919 + index, rates, totals) },
    turnLimit: 30,
    ackTimeoutMs: settings.ackMs,
    moveTimeoutMs: settings.moveMs,
  });
  const { results, records, transcripts, notes } = game;
  const honest = results.map((_, id) => id).filter((p) => p !== rogueId);
  // An honest peer's record growing is the game moving on.
  const raced = await raceToEnd(
    settings,
    () => honest.every((i) => results[i] !== null),
    () => honest.reduce((n, i) => n + records[i]!.length, 0),
  );
  game.stop();
  await new Promise((resolve) => setTimeout(resolve, 100));
  game.close();
  const outcome = raceOutcome(raced, 'random (RISC)', index);
  // What each honest peer last recorded, told and sent, for whoever hunts the cause.
  const dump = (why: string) => {
    const out = [`RISC game ${index} (seed ${settings.seed}): ${why}; ${players} players, rogue ${rogueId}`];
    for (const i of honest) {
      const result = results[i];
      out.push('', `== peer ${i}: ${result === null ? 'no result' : JSON.stringify(result).slice(0, 300)}`);
      for (const note of notes[i]!.slice(-15)) out.push(`  note ${note.slice(0, 300)}`);
      for (const line of records[i]!.slice(-10)) out.push(`  record ${JSON.stringify(line).slice(0, 240)}`);
      for (const l of transcripts[i]!.slice(-settings.dumpLines))
        out.push(`  ${l.t} ${l.dir} ${l.conn} ${l.raw.slice(0, 240)}`);
    }
    writeDump(
      settings,
      index,
      out,
      honest.map((peer) => ({ peer, lines: transcripts[peer]! })),
    );
  };
  if (outcome.hung !== null) {
    dump(outcome.hung);
    return outcome;
  }
  const ended = honest.map((i) => results[i]!);
  const failed = ended.find((r) => !r.ok);
  if (failed !== undefined && !failed.ok) {
    outcome.disagreement = `an honest peer ended with an error: ${failed.reason}`;
    dump(outcome.disagreement);
    return outcome;
  }
  const done = ended.filter((r) => r.ok);
  // An honest peer the others voted silent (a starved thread) is counted on its own line.
  const timedOut = honest.filter((i) => done.some((r) => r.neutral.includes(i)));
  outcome.timedOutHonest = timedOut.length;
  const live = honest.filter((i) => !timedOut.includes(i));
  const judged = (live.length > 0 ? live : honest).map((i) => results[i]!).filter((r) => r.ok);
  const winner = judged[0]?.state.winner;
  if (
    judged.some(
      (r) => r.state.winner !== winner || JSON.stringify(r.state.owner) !== JSON.stringify(judged[0]!.state.owner),
    )
  )
    outcome.disagreement = `honest peers disagree on the winner: ${judged.map((r) => r.state.winner).join(', ')}`;
  const caught = done.some((r) => r.found.some((v) => v.player === rogueId));
  outcome.rogueWonCaught = caught && winner === rogueId;
  for (const [k, result] of done.entries()) {
    outcome.blamedHonest += result.found.filter((v) => v.player !== rogueId).length;
    const audit = auditRiscRecord(records[honest[k]!]!.map((l) => JSON.stringify(l)).join('\n'));
    if (audit.state === null) outcome.lostRecords++;
    outcome.blamedHonest += audit.violations.filter((v) => v.player !== rogueId).length;
  }
  if (
    outcome.disagreement !== null ||
    outcome.blamedHonest > 0 ||
    outcome.lostRecords > 0 ||
    outcome.timedOutHonest > 0
  )
    dump(
      [
        outcome.disagreement,
        outcome.blamedHonest > 0 ? `${outcome.blamedHonest} blame(s) of honest peers` : null,
        outcome.lostRecords > 0 ? `${outcome.lostRecords} record(s) lost` : null,
        outcome.timedOutHonest > 0 ? `${outcome.timedOutHonest} honest peer(s) timed out` : null,
      ]
        .filter((x) => x !== null)
        .join('; '),
    );
  return outcome;
}
