// One networked RISC game of bench:chaos (bench/chaos.ts): the mesh session with the RISC game
// (sessions/risc-net.ts) between in-process peers over in-memory links, on real timers, one peer a
// rogue with random misbehaviour (the classic games' link rewriter). Judged as the classic games
// are: every honest peer finishes, they agree, their records audit clean, only the rogue is blamed.
// Some games also crash an honest peer and bring it back (rejoin), others stop the whole table and
// resume it from every peer's store.
import { auditRiscRecord } from '../src/audit/risc.js';
import {
  type ChaosLog,
  chaosRogue,
  drawRates,
  drawSeatDrop,
  drawTableStop,
  random,
} from '../tests/controller/chaos.js';
import { startRiscGame } from '../tests/controller/risc-mesh-game.js';
import {
  type ChaosSettings,
  noteSeatBack,
  noteTableBack,
  type Outcome,
  raceOutcome,
  raceToEnd,
  writeDump,
} from './chaos-race.js';

/** Plays RISC game `index` to its end (or until it hangs) and judges it. */
export async function playRisc(index: number, settings: ChaosSettings, totals: ChaosLog): Promise<Outcome> {
  const next = random(settings.seed * 100_043 + index);
  const players = 2 + Math.floor(next() * 3); // 2–4, as RISC allows
  const rogueId = Math.floor(next() * players);
  const rates = drawRates(next, settings.noDrops);
  // About 30% of games also crash an honest peer and bring it back through the program's rejoin
  // within an ack timeout (a stream of its own, so the rest of each game is drawn as before).
  const faults = random(settings.seed * 100_073 + index);
  const drop = faults() < 0.3 ? drawSeatDrop(faults, players, [rogueId], 150, settings.ackMs) : null;
  // About 30% of the others stop the whole table and resume it, every player from its own store,
  // within two ack timeouts (a stream of its own too).
  const stops = random(settings.seed * 100_091 + index);
  const stopped = drop === null && stops() < 0.3 ? drawTableStop(stops, 100 * players, 2 * settings.ackMs) : null;
  // Half of those then crash an honest peer in the resumed session, which takes its seat back from
  // its store within an ack timeout (a stream of its own too).
  const more = random(settings.seed * 100_109 + index);
  const again = stopped !== null && more() < 0.5 ? drawSeatDrop(more, players, [rogueId], 150, settings.ackMs) : null;
  const stop = stopped && again ? { ...stopped, rejoin: again } : stopped;
  const game = await startRiscGame({
    players,
    seed: settings.seed * 1000 + index,
    rogue: { player: rogueId, links: chaosRogue(settings.seed * 7919 + index, rates, totals) },
    turnLimit: 30,
    ackTimeoutMs: settings.ackMs,
    moveTimeoutMs: settings.moveMs,
    ...(drop ? { rejoin: drop } : {}),
    ...(stop ? { resume: stop } : {}),
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
  const outcome = raceOutcome(
    raced,
    drop
      ? 'random (RISC, crash then rejoin)'
      : again
        ? 'random (RISC, stop, resume, then crash and rejoin)'
        : stop
          ? 'random (RISC, stop then resume)'
          : 'random (RISC)',
    index,
  );
  outcome.resumedRejoin = again !== null;
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
  // A table that stopped and met again: refused at every honest peer (each saying why) is an accepted
  // outcome, nobody playing on; a resume that split them is a fault. Either way each honest record
  // (of the game before the stop) audits clean.
  noteTableBack(outcome, game.tableBack, honest);
  if (outcome.resume === 'refused' || outcome.resume === 'failed') {
    for (const i of honest) {
      const audit = auditRiscRecord(records[i]!.map((l) => JSON.stringify(l)).join('\n'));
      outcome.blamedHonest += audit.violations.filter((v) => v.player !== rogueId).length;
    }
    if (outcome.resumeFailure !== null || outcome.blamedHonest > 0)
      dump(
        [
          outcome.resumeFailure !== null ? `the resume: ${outcome.resumeFailure}` : null,
          outcome.blamedHonest > 0 ? `${outcome.blamedHonest} blame(s) of honest peers` : null,
        ]
          .filter((x) => x !== null)
          .join('; '),
      );
    return outcome;
  }
  // A seat that dropped out and is not in the game again is judged apart: voted out before it came
  // back is an accepted outcome, a rejoin that failed is a fault.
  const gone = noteSeatBack(outcome, game.seatBack);
  const stayed = honest.filter((i) => i !== gone);
  const ended = stayed.map((i) => results[i]!);
  const failed = ended.find((r) => !r.ok);
  if (failed !== undefined && !failed.ok) {
    outcome.disagreement = `an honest peer ended with an error: ${failed.reason}`;
    dump(outcome.disagreement);
    return outcome;
  }
  const done = ended.filter((r) => r.ok);
  // An honest peer the others voted silent (a starved thread) is counted on its own line.
  const timedOut = stayed.filter((i) => done.some((r) => r.neutral.includes(i)));
  outcome.timedOutHonest = timedOut.length;
  const live = stayed.filter((i) => !timedOut.includes(i));
  const judged = (live.length > 0 ? live : stayed).map((i) => results[i]!).filter((r) => r.ok);
  const winner = judged[0]?.state.winner;
  if (
    judged.some(
      (r) => r.state.winner !== winner || JSON.stringify(r.state.owner) !== JSON.stringify(judged[0]!.state.owner),
    )
  )
    outcome.disagreement = `honest peers disagree on the winner: ${judged.map((r) => r.state.winner).join(', ')}`;
  if (
    gone !== null &&
    outcome.rejoin !== 'failed' &&
    outcome.rejoin !== 'after-end' &&
    judged.some((r) => !r.neutral.includes(gone) && !r.state.expelled[gone] && !r.state.lost[gone])
  )
    outcome.disagreement ??= `peer ${gone} was refused its seat as out of the game, but a peer ends with it in`;
  const caught = done.some((r) => r.found.some((v) => v.player === rogueId));
  outcome.rogueWonCaught = caught && winner === rogueId;
  for (const [k, result] of done.entries()) {
    outcome.blamedHonest += result.found.filter((v) => v.player !== rogueId).length;
    const audit = auditRiscRecord(records[stayed[k]!]!.map((l) => JSON.stringify(l)).join('\n'));
    if (audit.state === null) outcome.lostRecords++;
    outcome.blamedHonest += audit.violations.filter((v) => v.player !== rogueId).length;
  }
  if (
    outcome.disagreement !== null ||
    outcome.rejoinFailure !== null ||
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
        outcome.rejoinFailure !== null ? `peer ${gone} did not take its seat back: ${outcome.rejoinFailure}` : null,
      ]
        .filter((x) => x !== null)
        .join('; '),
    );
  return outcome;
}
