// One cs3099 (class protocol) game of bench:chaos (bench/chaos.ts): 2–5 of our StarSessions in a
// star over in-memory links, on real timers, one rogue client (never the host: the star trusts its
// host for relaying) whose link to the host misbehaves as the native rogue's and cheats in the class
// protocol's ways (tests/controller/class-chaos-game.ts). Judged as the native games are: every
// honest peer finishes, they agree, the rogue never wins once caught, their records (`risk verify`)
// blame only the rogue. A rogue timed out for silence only (a dropped line) is counted apart.
import { type ChaosLog, drawRates, random } from '../tests/controller/chaos.js';
import {
  drawClassCheats,
  judgeClassGame,
  noClassCheats,
  startClassGame,
} from '../tests/controller/class-chaos-game.js';
import { type ChaosSettings, type Outcome, raceOutcome, raceToEnd, writeDump } from './chaos-race.js';

/** Whether game `index` is a class game: one in eight, from a stream of its own (the others stay as they were). */
export const isClassGame = (seed: number, index: number) => random(seed * 100_103 + index)() < 1 / 8;

/** Plays class game `index` to its end (or until it hangs) and judges it. */
export async function playClass(index: number, settings: ChaosSettings, totals: ChaosLog): Promise<Outcome> {
  const next = random(settings.seed * 100_109 + index);
  const players = 2 + Math.floor(next() * 4); // 2–5
  const rogue = 1 + Math.floor(next() * (players - 1));
  const rates = drawRates(next, settings.noDrops);
  const cheats = drawClassCheats(next);
  const cheatLog = noClassCheats();
  const game = startClassGame({
    players,
    seed: settings.seed * 1000 + index,
    rogue,
    rates,
    cheats,
    ackTimeoutMs: settings.ackMs,
    moveTimeoutMs: settings.moveMs,
    log: totals,
    cheatLog,
  });
  const honest = game.results.map((_, i) => i).filter((i) => i !== rogue);
  const raced = await raceToEnd(
    settings,
    () => honest.every((i) => game.results[i] !== null),
    () => game.progress(),
  );
  game.stop();
  const outcome = raceOutcome(raced, 'random (class)', index);
  const verdict = judgeClassGame(game, rogue);
  outcome.classCheats = cheatLog;
  outcome.classVerdict = verdict.caught ? 'caught' : verdict.silenceOnly ? 'silence' : 'untouched';
  const count = (kind: string) => verdict.faults.filter((f) => f.kind === kind).length;
  if (outcome.hung === null) {
    const disagreement = verdict.faults.find((f) => f.kind === 'disagreement');
    if (disagreement !== undefined) outcome.disagreement = disagreement.text;
    outcome.blamedHonest = count('blamed');
    outcome.lostRecords = count('record');
    outcome.timedOutHonest = count('honest-neutral');
    outcome.rogueWonCaught = count('rogue-won') > 0;
  }
  if (outcome.hung !== null || verdict.faults.length > 0) {
    const out = [
      `class game ${index} (seed ${settings.seed}): ${outcome.hung ?? verdict.faults.map((f) => f.text).join('; ')}; ${players} players, rogue ${rogue}`,
      `rates ${JSON.stringify(rates)}, class cheats ${JSON.stringify(cheats)}`,
    ];
    for (const i of honest) {
      const result = game.results[i];
      out.push('', `== peer ${i}: ${!result ? 'no result' : `winner ${result.winner}`}`);
      for (const e of game.events[i]!.filter(
        (e) => e.type === 'info' || e.type === 'neutral' || e.type === 'violation',
      ).slice(-15))
        out.push(`  event ${JSON.stringify(e).slice(0, 300)}`);
      for (const l of game.records[i]!.slice(-settings.dumpLines))
        out.push(`  ${l.t} ${l.dir} ${l.conn} ${l.raw.slice(0, 240)}`);
    }
    writeDump(
      settings,
      index,
      out,
      honest.map((peer) => ({ peer, lines: game.records[peer]! })),
    );
  }
  return outcome;
}
