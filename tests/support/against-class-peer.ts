// Test-only harness: one 2-player cs3099 game between OUR headless peer (`risk bot`, the public
// entry point: src/cli/bot.ts runBot) and the class peer of ./class-peer.ts, over 127.0.0.1.
// It reports how the game ended at each side and classifies the first problem: a stall, a hang
// (our process would not exit), an expulsion, a crash of the class peer, or an error of ours.
//
// If the star session's start-up API changes, only runOurs() needs adapting.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardBonusFinding } from '../../src/audit/native-record.js';
import { verifyTranscript } from '../../src/audit/verify.js';
import { runBot } from '../../src/cli/bot.js';
import { parseTranscript } from '../../src/protocol/transcript.js';
import { ClassPeer, type ClassPeerOutcome, type ClassQuirks, type WireLine } from './class-peer.js';

export interface ClassMatchOptions {
  /** More arguments for our `risk bot` (e.g. --strict-draws, --record FILE). */
  readonly extraArgs?: readonly string[];
  /** The role of OUR peer; the class peer takes the other. */
  readonly ourRole: 'host' | 'client';
  /** Seeds our bot and the class peer (reproducible choices; the dice stay fair and random on our side). */
  readonly seed: number;
  readonly quirks?: Partial<ClassQuirks>;
  /** Our bot. Default 'hard' (the live runs used it). */
  readonly bot?: 'random' | 'easy' | 'normal' | 'hard';
  /** Timeouts the host announces, in seconds. Defaults 2 and 10. */
  readonly ackTimeoutS?: number;
  readonly moveTimeoutS?: number;
  /** The class peer calls it a stall when nothing arrives for this long. Default 15 s. */
  readonly stallMs?: number;
  /** Bound on the whole game. Default 120 s. */
  readonly gameMs?: number;
  /** After the class peer saw the end: how long our process may take to return and close its connection. Default 5 s. */
  readonly hangMs?: number;
  /** Chance of a class turn without attacks (makes the draw quirk bite). Default 0.25. */
  readonly quietTurns?: number;
  /** Our peer records its game in this directory, and the record is audited as `risk verify --lenient` does. */
  readonly recordDir?: string;
}

/**
 * The first problem, most basic first: the class peer's loop died; one side was expelled; the class
 * peer was cut off before it saw the end; it stalled; our process would not exit; any other error.
 */
export type MatchEnding = 'clean' | 'class-crash' | 'expulsion' | 'cut-off' | 'stall' | 'hang' | 'our-error';

export interface OurSide {
  /** runBot's exit code; null when it had not returned (a hang). */
  readonly exitCode: number | null;
  readonly winner: number | null;
  /** Our player id. */
  readonly me: number | null;
  /** Cheating reports, neutral players and incidents our peer printed. */
  readonly violations: readonly string[];
  readonly neutral: readonly string[];
  readonly stderr: string;
  /** Our peer returned but the connection stayed open (a real process would live on: class peers never close). */
  readonly leftOpen: boolean;
  /** Card trades our peer saw (its own and the others'), with the territories their +2 came for. */
  readonly trades: readonly { readonly player: number; readonly bonusTerritories: readonly number[] }[];
  /** What our peer said it decided or noticed (info events). */
  readonly infos: readonly string[];
  /** Our record audited as `risk verify --lenient` does, when recorded. */
  readonly audit: RecordAudit | null;
}

export interface RecordAudit {
  /** Findings other than the class card-draw quirk followed (which --lenient lists apart). */
  readonly violations: readonly string[];
  readonly winner: number | null;
  readonly cardBonus: readonly CardBonusFinding[];
}

/** A record of our peer's, audited as `risk verify --lenient` does. */
export function auditRecord(path: string): RecordAudit {
  const parsed = parseTranscript(readFileSync(path, 'utf8'));
  if (!parsed.ok) return { violations: [parsed.reason], winner: null, cardBonus: [] };
  const report = verifyTranscript(parsed.lines, { lenient: true });
  return {
    violations: [
      ...report.violations.filter((v) => v.kind !== 'card-draw-bug').map((v) => `line ${v.line}: ${v.reason}`),
      ...(report.lostStepAt === null ? [] : [`lost step at line ${report.lostStepAt}`]),
    ],
    winner: report.state?.phase === 'over' ? report.state.winner : null,
    cardBonus: report.cardBonus ?? [],
  };
}

/** What our peer's JSON events say about the game beyond its end. */
export function ourAccount(events: readonly Record<string, unknown>[]) {
  return {
    trades: events.flatMap((e) =>
      e.type === 'cards_traded'
        ? [{ player: e.player as number, bonusTerritories: (e.bonusTerritories as number[] | undefined) ?? [] }]
        : [],
    ),
    infos: events.flatMap((e) => (e.type === 'info' && typeof e.text === 'string' ? [e.text] : [])),
  };
}

export interface ClassMatchResult {
  readonly ending: MatchEnding;
  /** Why the ending is what it is, in one line. */
  readonly summary: string;
  readonly ours: OurSide;
  readonly theirs: ClassPeerOutcome;
  /** Every line the class peer sent and received. */
  readonly lines: readonly WireLine[];
  readonly stalls: number;
  readonly hangs: number;
  readonly expulsions: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits for a promise up to `ms`; `undefined` when it did not settle in time. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface OurRun {
  readonly exit: Promise<number>;
  /** The host's address once it printed it. */
  readonly address: () => string | null;
  readonly events: Record<string, unknown>[];
  readonly stderr: () => string;
}

/** Starts our headless cs3099 peer through `risk bot` (JSON events on stdout). */
export function runOurs(
  options: ClassMatchOptions & { readonly players?: number; readonly extraArgs?: readonly string[] },
  address: string | null,
): OurRun {
  const events: Record<string, unknown>[] = [];
  let stderr = '';
  let pending = '';
  const io = {
    out(text: string) {
      pending += text;
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        try {
          events.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          events.push({ type: 'text', text: line });
        }
      }
    },
    err(text: string) {
      stderr += text;
    },
  };
  const common = [
    '--profile',
    'cs3099',
    '--bot',
    options.bot ?? 'hard',
    '--seed',
    String(options.seed >>> 0),
    ...(options.extraArgs?.includes('--record') ? [] : ['--no-record']),
    '--json',
    '--name',
    'Ours',
  ];
  const args =
    options.ourRole === 'host'
      ? [
          'host',
          ...common,
          '--listen',
          '127.0.0.1',
          '--port',
          '0',
          '--players',
          String(options.players ?? 2),
          '--ack-timeout',
          String(options.ackTimeoutS ?? 2),
          '--move-timeout',
          String(options.moveTimeoutS ?? 10),
        ]
      : ['join', address!, ...common, '--start-timeout', '30'];
  args.push(...(options.extraArgs ?? []));
  const exit = runBot(args, io);
  return {
    exit,
    address: () => {
      const hosting = events.find((e) => e.type === 'hosting');
      return hosting ? ((hosting.addresses as string[])[0] ?? null) : null;
    },
    events,
    stderr: () => stderr,
  };
}

/** Plays one game between our peer and the class peer and says how it ended on each side. */
export async function playAgainstClassPeer(options: ClassMatchOptions): Promise<ClassMatchResult> {
  const gameMs = options.gameMs ?? 120_000;
  const hangMs = options.hangMs ?? 5000;
  const record =
    options.recordDir === undefined ? null : join(options.recordDir, `${options.ourRole}-${options.seed}.jsonl`);
  if (record !== null) options = { ...options, extraArgs: [...(options.extraArgs ?? []), '--record', record] };
  const classOptions = {
    seed: options.seed ^ 0x5a5a,
    name: options.ourRole === 'host' ? 'ClientAI' : 'HostAI',
    quirks: options.quirks ?? {},
    stallMs: options.stallMs ?? 15_000,
    maxMs: gameMs,
    quietTurns: options.quietTurns ?? 0.25,
    ackTimeoutS: options.ackTimeoutS ?? 2,
    moveTimeoutS: options.moveTimeoutS ?? 10,
  };
  let peer: ClassPeer;
  let ours: OurRun;
  if (options.ourRole === 'host') {
    ours = runOurs(options, null);
    for (let i = 0; i < 200 && ours.address() === null; i++) await sleep(25);
    const address = ours.address();
    if (address === null) throw new Error(`our host printed no address: ${ours.stderr()}`);
    peer = await ClassPeer.start({ role: 'client', address, ...classOptions });
  } else {
    peer = await ClassPeer.start({ role: 'host', ...classOptions });
    ours = runOurs(options, `127.0.0.1:${peer.port}`);
  }

  let exitCode: number | null = null;
  void ours.exit.then(
    (code) => (exitCode = code),
    () => (exitCode = -1),
  );
  const theirs = await peer.finished;
  // Our peer has hangMs to return and to close its connection after the class peer saw the end.
  const deadline = Date.now() + hangMs;
  while (Date.now() < deadline && (exitCode === null || peer.closedAt === null)) await sleep(25);
  const leftOpen = exitCode !== null && peer.closedAt === null;
  const returned = exitCode as number | null;
  await peer.stop();
  // Once the class peer is gone, our peer should notice; if it still does not return it is leaked.
  if (returned === null) await within(ours.exit, 3000);

  const events = ours.events;
  const winnerEvent = events.find((e) => e.type === 'winner');
  const start = events.find((e) => e.type === 'start');
  const our: OurSide = {
    exitCode: returned,
    winner: typeof winnerEvent?.player === 'number' ? winnerEvent.player : null,
    me: typeof start?.me === 'number' ? start.me : null,
    violations: events.filter((e) => e.type === 'violation' || e.type === 'incident').map((e) => JSON.stringify(e)),
    neutral: events.filter((e) => e.type === 'neutral').map((e) => JSON.stringify(e)),
    stderr: ours.stderr(),
    leftOpen,
    ...ourAccount(events),
    audit: record === null || returned === null ? null : auditRecord(record),
  };
  const sentTimeout = peer.lines.some((l) => l.dir === 'in' && /"command"\s*:\s*"timeout"/.test(l.raw));
  const expulsions = (theirs.status === 'expelled' || sentTimeout ? 1 : 0) + our.neutral.length;
  const stalls = theirs.status === 'stalled' || theirs.status === 'bounded' ? 1 : 0;
  const classEnded = theirs.status === 'won' || theirs.status === 'lost';
  // A real process would not exit: ours did not return although the class peer saw the end, or it
  // returned and left its connection open (class peers never close theirs).
  const hangs = (classEnded && returned === null) || leftOpen ? 1 : 0;

  let ending: MatchEnding;
  let summary: string;
  if (theirs.status === 'crashed') {
    ending = 'class-crash';
    summary = `the class peer's game loop died: ${theirs.reason}${expulsions > 0 ? '; then an expulsion' : ''}`;
  } else if (expulsions > 0) {
    ending = 'expulsion';
    summary = `expulsion: class peer ${theirs.status} (${theirs.reason}); our neutral events: ${our.neutral.join(' ') || 'none'}`;
  } else if (theirs.status === 'disconnected') {
    ending = 'cut-off';
    summary = `our peer closed the connection before the class peer saw the end (${String(theirs.turns)} turns; our exit ${String(returned)}, winner ${String(our.winner)})`;
  } else if (stalls > 0) {
    ending = 'stall';
    summary = `stall: ${theirs.reason}`;
  } else if (hangs > 0) {
    ending = 'hang';
    summary =
      returned === null
        ? `hang: the class peer saw the end (${theirs.status}) but our peer had not returned after ${hangMs} ms`
        : `hang: our peer returned ${returned} but left its connection open (a real process would not exit)`;
  } else if (!classEnded || returned !== 0 || our.winner !== theirs.winner) {
    ending = 'our-error';
    summary = `class peer ${theirs.status} (${theirs.reason}); our exit ${String(returned)}, winner ${String(our.winner)}; ${our.stderr.trim()}`;
  } else if (our.audit !== null && (our.audit.violations.length > 0 || our.audit.winner !== theirs.winner)) {
    ending = 'our-error';
    summary = `our record does not audit clean: winner ${String(our.audit.winner)}; ${our.audit.violations.join('; ')}`;
  } else {
    ending = 'clean';
    summary = `player ${String(theirs.winner)} won; both sides agree and our peer exited 0`;
  }
  return { ending, summary, ours: our, theirs, lines: peer.lines, stalls, hangs, expulsions };
}
