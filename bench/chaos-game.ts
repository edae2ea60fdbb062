// One game of bench:chaos (bench/chaos.ts): played in a worker thread of its own, so that the
// audit of another game's records (seconds of signature checks) never holds up its timers.
import { LOCKSTEP_FEATURES, PIPELINING_FEATURES } from '../src/core/contract.js';
import { HOUSE_RULES } from '../src/model/index.js';
import type { Link } from '../src/net/link.js';
import type { Rules } from '../src/protocol/rules.js';
import {
  CHAOS_KINDS,
  type ChaosLog,
  chaosRogue,
  drawRates,
  drawSeatDrop,
  drawTableStop,
  random,
} from '../tests/controller/chaos.js';
import {
  honestAgreement,
  type MemoryGameOptions,
  PER_ROUND_DICE,
  type Rogue,
  startMemoryGame,
  withSends,
} from '../tests/controller/mesh-game.js';
import { ATTACKS, type Attack, rogue as scripted } from '../tests/controller/rogue.js';
import { SECRET_ATTACKS, type SecretAttack, secretRogue } from '../tests/controller/secret-rogue.js';
import { isClassGame, playClass } from './chaos-class.js';
import {
  type ChaosSettings,
  noteSeatBack,
  noteTableBack,
  type Outcome,
  raceOutcome,
  raceToEnd,
  writeDump,
} from './chaos-race.js';
import { playRisc } from './chaos-risc.js';

/**
 * One honest peer crashes (its links close) once `after` lines have passed through it. A link it
 * is given later (a returning seat's) is closed too once it has crashed: nobody answers there.
 */
function crashing(after: number): Rogue {
  let sent = 0;
  const all: Link[] = [];
  return (links) => {
    all.push(...links.values());
    if (sent >= after) for (const l of links.values()) l.close();
    return withSends(links, (_player, link) => (line) => {
      if (++sent === after) for (const l of all) l.close();
      if (!link.closed) link.send(line);
    });
  };
}

export const noMisbehaviour = (): ChaosLog => Object.fromEntries(CHAOS_KINDS.map((k) => [k, 0])) as ChaosLog;

/**
 * The rules of a game, drawn from every networked game the program offers: each variant
 * (domination, Capital with its capitals to win, Secret Mission), each setup (claimed or dealt at
 * random), two players with the 1993 neutral army or as a duel, and the lobby's house rules.
 */
export function gameRules(next: () => number, players: number): Rules {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const variant = pick(['domination', 'domination', 'capital', 'mission'] as const);
  return {
    variant,
    setup: pick(HOUSE_RULES.setup),
    twoPlayer: pick(HOUSE_RULES.twoPlayer),
    fortify: pick(HOUSE_RULES.fortify),
    cardValues: pick(HOUSE_RULES.cardValues),
    ...(variant === 'capital' && next() < 0.5
      ? { capitalsToWin: 1 + Math.floor(next() * Math.min(2, players - 1)) }
      : {}),
  };
}

/** The scripted attacks that fit a game's variant: the mesh's, and its secret rounds'. */
function attacksFor(rules: Rules): readonly string[] {
  const secret = SECRET_ATTACKS.filter((a) =>
    rules.variant === 'capital' ? a.includes('capital') : rules.variant === 'mission' && !a.includes('capital'),
  );
  return [...ATTACKS, ...secret];
}

/** Game `index` of a run: its players, rogue, crash and the options that start it (any clock). */
export function gameSetup(index: number, settings: ChaosSettings, totals: ChaosLog) {
  const { seed: SEED, ackMs: ACK_MS, moveMs: MOVE_MS } = settings;
  const next = random(SEED * 100_003 + index);
  const players = 2 + Math.floor(next() * 4); // 2–5
  const rogueId = Math.floor(next() * players);
  // Drawn from their own stream, so that a run of classic games only (settings.classicOnly) plays
  // the same games as before the other games joined the run.
  const rules: Rules = settings.classicOnly ? {} : gameRules(random(SEED * 100_019 + index), players);
  let kind: string;
  let links: Rogue;
  if (next() < 0.4) {
    const attacks = settings.classicOnly ? ATTACKS : attacksFor(rules);
    const attack = attacks[Math.floor(next() * attacks.length)]!;
    kind = attack;
    const from = 20 + Math.floor(next() * 200);
    links = (ATTACKS as readonly string[]).includes(attack)
      ? scripted(attack as Attack, from)
      : secretRogue(attack as SecretAttack);
  } else {
    const rates = drawRates(next, settings.noDrops);
    kind = 'random';
    links = chaosRogue(SEED * 7919 + index, rates, totals);
  }
  // A fault besides the rogue: in games of 4 or more, one honest peer may crash.
  const crash = players >= 4 && next() < 0.3 ? (rogueId + 1) % players : -1;
  // Half the games roll dice from chains committed once (dice_chains, with early_reveals: every
  // native feature), half commit per round: drawn from a stream of their own, so the rest of each
  // game is drawn as before.
  const chains = !settings.classicOnly && random(SEED * 100_043 + index)() < 0.5;
  // Half the games pipeline (moves on the unsettled entries of a window of two), from a stream of their own too.
  const pipelining = !settings.classicOnly && random(SEED * 100_057 + index)() < 0.5;
  // About 30% of games (not with --classic-only) also crash an honest peer (not the rogue, not one
  // crashing for good) and bring it back through the program's rejoin within an ack timeout: from a
  // stream of its own too.
  const faults = random(SEED * 100_069 + index);
  const drop =
    !settings.classicOnly && faults() < 0.3 ? drawSeatDrop(faults, players, [rogueId, crash], 1200, ACK_MS) : null;
  // About 30% of the games with no other fault (not with --classic-only) stop the whole table at a
  // random point and resume it, every player from its own store, within two ack timeouts: from a
  // stream of its own too, so the other games are played as before.
  const stops = random(SEED * 100_087 + index);
  const stopped =
    !settings.classicOnly && crash < 0 && drop === null && stops() < 0.3
      ? drawTableStop(stops, 400 * players, 2 * ACK_MS)
      : null;
  // Half of those then crash an honest peer in the resumed session, which takes its seat back from
  // its store within an ack timeout (a stream of its own too).
  const more = random(SEED * 100_103 + index);
  const again = stopped !== null && more() < 0.5 ? drawSeatDrop(more, players, [rogueId], 1200, ACK_MS) : null;
  const stop = stopped && again ? { ...stopped, rejoin: again } : stopped;
  const dice = chains ? LOCKSTEP_FEATURES : PER_ROUND_DICE;
  const options: MemoryGameOptions = {
    players,
    seed: SEED * 1000 + index,
    ...(chains || pipelining ? { features: [...dice, ...(pipelining ? PIPELINING_FEATURES : [])] } : {}),
    ackTimeoutMs: ACK_MS,
    moveTimeoutMs: MOVE_MS,
    rogue: { player: rogueId, links },
    rules,
    ...(crash >= 0 ? { crash: { player: crash, links: crashing(200 + Math.floor(next() * 2000)) } } : {}),
    ...(drop ? { rejoin: drop } : {}),
    ...(stop ? { resume: stop } : {}),
  };
  const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogueId && i !== crash);
  return {
    players,
    rogueId,
    crash,
    honest,
    kind: describeGame(kind, rules, chains, pipelining, drop !== null, stop !== null, again !== null),
    /** The seat that drops out does so in the session that resumed the game (stop, resume, then crash and rejoin). */
    resumedRejoin: again !== null,
    options,
  };
}

/** A game's kind as the tables count it: the attack, and the variant and setup when not the default. */
function describeGame(
  kind: string,
  rules: Rules,
  chains: boolean,
  pipelining: boolean,
  rejoin: boolean,
  resume: boolean,
  resumedRejoin: boolean,
): string {
  const extras = [
    rules.variant !== undefined && rules.variant !== 'domination' ? rules.variant : null,
    rules.setup === 'random' ? 'random deal' : null,
    chains ? 'dice chains, early reveals' : null,
    pipelining ? 'pipelining' : null,
    rejoin ? 'crash then rejoin' : null,
    resume ? (resumedRejoin ? 'stop, resume, then crash and rejoin' : 'stop then resume') : null,
  ].filter((x) => x !== null);
  return extras.length > 0 ? `${kind} (${extras.join(', ')})` : kind;
}

/** Plays game `index` to its end (or until it hangs) and judges it; `totals` counts the rogue's misbehaviour. */
export async function play(index: number, settings: ChaosSettings, totals: ChaosLog): Promise<Outcome> {
  // One game in eight is networked RISC (not with --classic-only, whose games stay as they were).
  if (!settings.classicOnly && index % 8 === 7) return playRisc(index, settings, totals);
  // About one other game in eight is a cs3099 (class protocol) star game, drawn from a stream of its own.
  if (!settings.classicOnly && isClassGame(settings.seed, index)) return playClass(index, settings, totals);
  const { players, rogueId, crash, honest, kind, options, resumedRejoin } = gameSetup(index, settings, totals);
  const game = await startMemoryGame(options);
  const raced = await raceToEnd(
    settings,
    () => honest.every((i) => game.results[i] !== null),
    () => {
      const progress = game.progress();
      return honest.reduce((n, i) => n + progress[i]!, 0);
    },
  );
  const internals = raced === 'done' ? [] : honest.map((i) => `peer ${i}: ${JSON.stringify(game.internals(i))}`);
  game.stop();
  const ended = game.finish();
  const outcome = raceOutcome(raced, kind, index);
  outcome.resumedRejoin = resumedRejoin;
  const who = { players, rogueId, crash, honest };
  if (outcome.hung !== null) {
    dumpGame(settings, index, outcome.hung, who, ended, internals);
    return outcome;
  }
  // A table that stopped and met again: refused at every honest peer (each saying why) is an
  // accepted outcome, nobody playing on; a resume that split them is a fault. Either way each
  // honest record (of the session before the stop) may blame the rogue alone.
  noteTableBack(outcome, ended.tableBack, honest);
  if (outcome.resume === 'refused' || outcome.resume === 'failed') {
    const wrongs = outcome.resumeFailure !== null ? [`the resume: ${outcome.resumeFailure}`] : [];
    for (const i of honest) {
      const blamed = [...ended.results[i]!.violations, ...ended.audits[i]!.violations].filter(
        (v) => v.player !== rogueId,
      );
      outcome.blamedHonest += blamed.length;
      for (const v of blamed) wrongs.push(`peer ${i} or the audit of its record blamed p${v.player}: ${v.reason}`);
    }
    if (wrongs.length > 0) dumpGame(settings, index, wrongs.join('; ').slice(0, 2000), who, ended);
    return outcome;
  }
  // A seat that dropped out and is not in the game again is judged apart: voted out (or out already)
  // before it came back is an accepted outcome, a rejoin that failed is a fault.
  const gone = noteSeatBack(outcome, ended.seatBack);
  // An honest peer the others voted silent (a starved process on a loaded machine) ends
  // neutralised, or, cut off before it learnt it, lost contact: that is their agreement, counted
  // on its own line; until then it must have seen the states they saw.
  const stayed = honest.filter((i) => i !== gone);
  const timedOut = stayed.filter((i) => {
    const result = ended.results[i]!;
    if (result.outcome === 'neutralised') return /^timed out/.test(result.reason ?? '');
    return result.outcome === 'lost-contact' && stayed.some((j) => ended.results[j]!.state.players[i]!.neutral);
  });
  const live = stayed.filter((i) => !timedOut.includes(i));
  outcome.timedOutHonest = timedOut.length;
  // Everything that went wrong, written down once for the game (dumpGame).
  const wrongs: string[] = timedOut.length > 0 ? [`honest peer(s) ${timedOut.join(', ')} timed out`] : [];
  if (outcome.rejoinFailure !== null) wrongs.push(`peer ${gone} did not take its seat back: ${outcome.rejoinFailure}`);
  try {
    const { winner } = honestAgreement(ended, live.length > 0 ? live : stayed);
    for (const i of live.length > 0 ? timedOut : [])
      for (const [turn, hash] of ended.turnHashes[i]!) {
        const seen = ended.turnHashes[live[0]!]!.get(turn);
        if (seen !== undefined && seen !== hash)
          throw new Error(`honest peer ${i}, timed out by the others, saw another state at the start of turn ${turn}`);
      }
    // Refused as out of the game already: every peer still in it holds it so.
    if (gone !== null && outcome.rejoin !== 'failed' && outcome.rejoin !== 'after-end')
      for (const i of live) {
        const seat = ended.results[i]!.state.players[gone]!;
        if (!seat.neutral && !seat.eliminated)
          throw new Error(`peer ${gone} was refused its seat as out of the game, but peer ${i} ends with it in`);
      }
    const caught = honest.some((i) => ended.results[i]!.violations.some((v) => v.player === rogueId));
    outcome.rogueWonCaught = caught && winner === rogueId;
  } catch (error) {
    outcome.disagreement = (error as Error).message;
    wrongs.push(outcome.disagreement);
  }
  for (const i of honest) {
    const audit = ended.audits[i]!;
    // The record of a seat gone for good ends where its process died.
    if (i !== gone && (audit.truncated || audit.state === null)) {
      outcome.lostRecords++;
      wrongs.push(`peer ${i}'s record is truncated or unreadable`);
    }
    const played = ended.results[i]!.violations.filter((v) => v.player !== rogueId);
    const audited = audit.violations.filter((v) => v.player !== rogueId);
    outcome.blamedHonest += played.length + audited.length;
    for (const v of played) wrongs.push(`peer ${i} blamed p${v.player}: ${v.reason}`);
    for (const v of audited) wrongs.push(`the audit of peer ${i}'s record blamed p${v.player}: ${v.reason}`);
  }
  if (wrongs.length > 0) dumpGame(settings, index, wrongs.join('; ').slice(0, 2000), who, ended);
  return outcome;
}

/** What each honest peer of a game that went wrong last recorded and said, for whoever hunts the cause. */
function dumpGame(
  settings: ChaosSettings,
  index: number,
  why: string,
  who: { players: number; rogueId: number; crash: number; honest: number[] },
  ended: ReturnType<Awaited<ReturnType<typeof startMemoryGame>>['finish']>,
  internals: readonly string[] = [],
) {
  const out = [
    `game ${index} (seed ${settings.seed}): ${why}; ${who.players} players, rogue ${who.rogueId}, crashed ${who.crash}`,
  ];
  for (const i of who.honest) {
    const result = ended.results[i];
    out.push(
      '',
      `== peer ${i}: ${result ? `${result.outcome} (${result.reason ?? ''}), winner ${result.winner}` : 'no result'}`,
    );
    for (const e of ended.events[i]!.filter(
      (e) => e.type === 'info' || e.type === 'neutral' || e.type === 'violation',
    ).slice(-15))
      out.push(`  event ${JSON.stringify(e).slice(0, 300)}`);
    for (const l of ended.records[i]!.slice(-settings.dumpLines))
      out.push(`  ${l.t} ${l.dir} ${l.conn} ${l.raw.slice(0, 240)}`);
  }
  out.push('', ...internals);
  writeDump(
    settings,
    index,
    out,
    who.honest.map((peer) => ({ peer, lines: ended.records[peer]! })),
  );
}
