// Whole cs3099 (class protocol) games between our StarSessions over in-memory links, on whatever
// clock runs, with one rogue client: its link to the host misbehaves as the native chaos rogue's
// (chaos.ts: drop, delay, duplicate, reorder, corrupt, and a client's `timeout` as its spoof) and
// cheats in the class protocol's own ways (an illegal deploy, a reveal that does not match its
// commitment, a line claiming another player's id). Never the host: the star trusts its host for
// relaying (cs3099.md, Security considerations).
import { createHash } from 'node:crypto';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { type VerifyReport, verifyTranscript } from '../../src/audit/verify.js';
import type { SessionEvent, SessionResult } from '../../src/core/contract.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import type { Message } from '../../src/protocol/messages.js';
import { seededDice } from '../../src/protocol/random.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { StarSession } from '../../src/sessions/star-session.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { type ChaosLog, type ChaosRates, chaosRogue, random } from './chaos.js';
import { type RogueContext, withSend } from './mesh-game.js';

/** Chance per sent line of each class-specific cheat (on the lines it fits). */
export interface ClassCheats {
  /** A deploy with one army more than it may place. */
  readonly illegal: number;
  /** A dice number that does not match its commitment. */
  readonly badReveal: number;
  /** A line claiming another player's id (only the host sees it). */
  readonly impersonate: number;
}

export const CLASS_CHEATS = ['illegal', 'badReveal', 'impersonate'] as const;
export type ClassCheatLog = Record<(typeof CLASS_CHEATS)[number], number>;
export const noClassCheats = (): ClassCheatLog => ({ illegal: 0, badReveal: 0, impersonate: 0 });

/** Class cheats drawn for one game of bench:chaos (0, 0.2%, 1% or 3% each). */
export function drawClassCheats(next: () => number): ClassCheats {
  const rate = () => [0, 0.002, 0.01, 0.03][Math.floor(next() * 4)]!;
  return { illegal: rate(), badReveal: rate(), impersonate: rate() };
}

/**
 * The native rates as they fit the class protocol: no equivocation (an unsigned protocol has no
 * signed contradiction to send; a second move is just an illegal one, the duplicate's case). The
 * native rogue's spoof follows its line with a `timeout` from the rogue (timeout_vote is an unknown
 * command here, ignored): a client's timeout, which the host refuses and times its sender out for.
 */
export const classRates = (rates: ChaosRates): ChaosRates => ({ ...rates, equivocate: 0 });

/** The rogue client's link to the host: class cheats first, then the native chaos rogue's misbehaviour. */
export function classRogue(
  me: number,
  players: number,
  seed: number,
  rates: ChaosRates,
  cheats: ClassCheats,
  log?: ChaosLog,
  cheatLog?: ClassCheatLog,
): (link: Link) => Link {
  return (link) => {
    const next = random(seed ^ 0x5bd1e995);
    // chaosRogue reads only `me` and `sign` of its context; a class line is plain JSON.
    const context = { me, sign: (m: Message) => JSON.stringify(m) } as unknown as RogueContext;
    const chaotic = chaosRogue(seed, classRates(rates), log)(new Map([[0, link]]), context).get(0)!;
    const cheat = (line: string): string => {
      let m: Record<string, unknown>;
      try {
        m = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return line;
      }
      let roll = next();
      const hit = (kind: (typeof CLASS_CHEATS)[number], fits: boolean) => {
        if (!fits) return false;
        if (roll < cheats[kind]) {
          if (cheatLog) cheatLog[kind]++;
          return true;
        }
        roll -= cheats[kind];
        return false;
      };
      if (hit('illegal', m.command === 'deploy' && Array.isArray(m.payload) && m.payload.length > 0)) {
        const [first, ...rest] = m.payload as [number, number][];
        return JSON.stringify({ ...m, payload: [[first![0], first![1] + 1], ...rest] });
      }
      if (hit('badReveal', m.command === 'roll_number' && typeof m.payload === 'string' && m.payload.length > 0)) {
        const hex = m.payload as string;
        return JSON.stringify({ ...m, payload: `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}` });
      }
      if (hit('impersonate', typeof m.player_id === 'number')) {
        const others = Array.from({ length: players }, (_, i) => i).filter((i) => i !== me);
        return JSON.stringify({ ...m, player_id: others[Math.floor(next() * others.length)]! });
      }
      return line;
    };
    return withSend(chaotic, (line) => chaotic.send(cheat(line)));
  };
}

export interface ClassGameOptions {
  readonly players: number;
  readonly seed: number;
  /** The rogue client (1…players−1). */
  readonly rogue: number;
  readonly rates: ChaosRates;
  readonly cheats: ClassCheats;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly log?: ChaosLog;
  readonly cheatLog?: ClassCheatLog;
}

export interface ClassGame {
  readonly results: (SessionResult | null)[];
  readonly events: SessionEvent[][];
  readonly records: TranscriptLine[][];
  /** Lines recorded by the honest peers so far: grows while the game moves on. */
  progress(): number;
  stop(): void;
}

/** Starts every peer of a class game (player 0 hosts); the caller runs the clock. */
export function startClassGame(options: ClassGameOptions): ClassGame {
  const { players, seed, rogue } = options;
  if (rogue < 1 || rogue >= players) throw new Error('the rogue is a client');
  const recorders = Array.from({ length: players }, () => memoryRecorder());
  const results: (SessionResult | null)[] = Array(players).fill(null);
  const events: SessionEvent[][] = Array.from({ length: players }, () => []);
  const sessions: StarSession[] = [];
  const roster = Array.from({ length: players }, (_, id) => ({ id, name: `p${id}` }));
  const hostLinks = new Map<number, Link>();
  const clientLinks: Map<number, Link>[] = [];
  for (let c = 1; c < players; c++) {
    const [h, cl] = memoryLinkPair('host', `c${c}`);
    hostLinks.set(c, h);
    const rogueLink = classRogue(
      c,
      players,
      seed * 31 + c,
      options.rates,
      options.cheats,
      options.log,
      options.cheatLog,
    );
    clientLinks[c] = new Map([[0, c === rogue ? rogueLink(cl) : cl]]);
  }
  for (let me = 0; me < players; me++) {
    const dice = seed * 10 + me;
    const session = new StarSession({
      me,
      role: me === 0 ? 'host' : 'client',
      players: roster,
      links: me === 0 ? hostLinks : clientLinks[me]!,
      seat: botSeat(createBot('normal', seededDice(dice)), seededDice(dice + 1000), { deadlineMs: 60_000 }),
      ackTimeoutMs: options.ackTimeoutMs,
      moveTimeoutMs: options.moveTimeoutMs,
      recorder: recorders[me]!,
      // Seeded dice numbers: on fake timers a game replays exactly.
      secretNumbers: (() => {
        let n = 0;
        return () => Uint8Array.from(createHash('sha256').update(`${seed} ${me} ${n++}`).digest());
      })(),
      onEvent: (e) => events[me]!.push(e),
    });
    sessions.push(session);
    void session.run().then((r) => (results[me] = r));
  }
  return {
    results,
    events,
    records: recorders.map((r) => r.lines),
    progress: () => recorders.reduce((n, r, i) => (i === rogue ? n : n + r.lines.length), 0),
    stop: () => {
      for (const s of sessions) s.stop();
    },
  };
}

/** A fault in a class game, by the kind bench:chaos counts. */
export interface ClassFault {
  readonly kind: 'unfinished' | 'disagreement' | 'blamed' | 'record' | 'rogue-won' | 'honest-neutral';
  readonly text: string;
}

/** What the class protocol lets honest peers be sure of, and what it does not (ClassVerdict.silenceOnly). */
export interface ClassVerdict {
  /** Faults: each must be absent. */
  readonly faults: ClassFault[];
  /** Whether an honest peer saw the rogue break a rule (its violations name it). */
  readonly caught: boolean;
  readonly winner: number | null;
  /** The rogue was made neutral by the host (for a cheat, silence or a closed link). */
  readonly rogueNeutral: boolean;
  /**
   * The class protocol's limit, counted apart, not a fault: the rogue was timed out without a rule
   * it broke. A line it dropped, or held back past the ack or move timeout, is silence to the host
   * (cs3099.md, Timeouts): nothing tells a lost line from one never sent, so nobody is blamed.
   */
  readonly silenceOnly: boolean;
}

const stateKey = (r: SessionResult) => JSON.stringify([r.winner, r.state.owner, r.state.armies, r.state.players]);

/** Judges a class game that ended: the honest peers (host and honest clients) and their records. */
export function judgeClassGame(game: ClassGame, rogue: number): ClassVerdict {
  const players = game.results.length;
  const honest = Array.from({ length: players }, (_, i) => i).filter((i) => i !== rogue);
  const faults: ClassFault[] = [];
  const fault = (kind: ClassFault['kind'], text: string) => faults.push({ kind, text });
  for (const i of honest) if (game.results[i] === null) fault('unfinished', `peer ${i} did not finish`);
  const ended = honest.filter((i) => game.results[i] !== null).map((i) => game.results[i]!);
  const winner = ended[0]?.winner ?? null;
  if (ended.some((r) => r.winner !== winner || stateKey(r) !== stateKey(ended[0]!)))
    fault('disagreement', `honest peers disagree: winners ${ended.map((r) => r.winner).join(', ')}`);
  if (winner === null && ended.length > 0) fault('disagreement', 'no winner');
  const caught = ended.some((r) => r.violations.some((v) => v.player === rogue));
  const rogueNeutral = ended.some((r) => r.state.players[rogue]!.neutral);
  if (caught && winner === rogue) fault('rogue-won', 'the rogue won after being caught');
  for (const i of honest) {
    const r = game.results[i];
    if (!r) continue;
    for (const v of r.violations) if (v.player !== rogue) fault('blamed', `peer ${i} blamed p${v.player}: ${v.reason}`);
    if (r.state.players[i]!.neutral) fault('honest-neutral', `honest peer ${i} was made neutral`);
    const report: VerifyReport = verifyTranscript(game.records[i]!, { lenient: false });
    if (report.lostStepAt !== null)
      fault('record', `the audit of peer ${i}'s record lost step at line ${report.lostStepAt}`);
    else if (report.state === null) fault('record', `peer ${i}'s record is unreadable`);
    else if (report.state.winner !== winner)
      fault('disagreement', `the audit of peer ${i}'s record ends with another winner`);
    for (const v of report.violations)
      if (v.player !== rogue) fault('blamed', `the audit of peer ${i}'s record blamed p${v.player}: ${v.reason}`);
  }
  return { faults, caught, winner, rogueNeutral, silenceOnly: rogueNeutral && !caught };
}
