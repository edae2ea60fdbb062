// Test-only harness: one cs3099 game of 3 to 6 players over 127.0.0.1, some seats OUR headless peer
// (`risk bot`, through runOurs) and the others the test class peer of ./class-peer.ts. Seat 0 hosts;
// the others join in seat order, so each gets its seat as player id. It says how the game ended at
// every seat and audits each of our records as `risk verify --lenient` does.
import { join } from 'node:path';
import { auditRecord, type OurRun, ourAccount, type RecordAudit, runOurs } from './against-class-peer.js';
import { ClassPeer, type ClassPeerOutcome, type ClassQuirks } from './class-peer.js';

export type SeatKind = 'ours' | 'class';

export interface MixedGameOptions {
  /** Who plays each seat; seat 0 hosts. */
  readonly seats: readonly SeatKind[];
  readonly seed: number;
  readonly quirks: Partial<ClassQuirks>;
  /** Our peers record their games here. */
  readonly recordDir: string;
  /** Bound on the whole game. Default 150 s. */
  readonly gameMs?: number;
}

export interface OurSeat {
  readonly seat: number;
  readonly exitCode: number | null;
  readonly winner: number | null;
  readonly stderr: string;
  readonly audit: RecordAudit | null;
  readonly trades: ReturnType<typeof ourAccount>['trades'];
  readonly infos: readonly string[];
}

export interface MixedGameResult {
  /** One line per problem: a seat that did not end with the agreed winner, an exit other than 0, a record that does not audit clean. */
  readonly problems: readonly string[];
  readonly winner: number | null;
  readonly ours: readonly OurSeat[];
  readonly theirs: readonly (ClassPeerOutcome & { readonly seat: number })[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms: number) {
  for (let waited = 0; waited < ms && !check(); waited += 25) await sleep(25);
}

export async function playMixedGame(options: MixedGameOptions): Promise<MixedGameResult> {
  const players = options.seats.length;
  const gameMs = options.gameMs ?? 150_000;
  const timeouts = { ackTimeoutS: 2, moveTimeoutS: 10 };
  const classOptions = (seat: number) => ({
    seed: options.seed * 10 + seat,
    name: `Class${seat}`,
    quirks: options.quirks,
    stallMs: 20_000,
    maxMs: gameMs,
    quietTurns: 0.25,
    ...timeouts,
  });
  const ours = new Map<number, OurRun>();
  const theirs = new Map<number, ClassPeer>();
  const table = options.seats.map((kind) => (kind === 'ours' ? 'o' : 'c')).join('');
  const record = (seat: number) => join(options.recordDir, `mixed-${table}-${options.seed}-seat${seat}.jsonl`);
  const ourRun = (seat: number, address: string | null) =>
    runOurs(
      {
        ourRole: seat === 0 ? 'host' : 'client',
        seed: options.seed * 10 + seat,
        players,
        ...timeouts,
        extraArgs: ['--record', record(seat)],
      },
      address,
    );

  let address: string;
  let joined: () => number;
  if (options.seats[0] === 'ours') {
    const host = ourRun(0, null);
    ours.set(0, host);
    await until(() => host.address() !== null, 5000);
    if (host.address() === null) throw new Error(`our host printed no address: ${host.stderr()}`);
    address = host.address()!;
    joined = () => host.events.filter((e) => e.type === 'joined').length;
  } else {
    const host = await ClassPeer.start({ role: 'host', players, ...classOptions(0) });
    theirs.set(0, host);
    address = `127.0.0.1:${host.port}`;
    joined = () => host.clients;
  }
  // One at a time, so that each joins as the player its seat says.
  for (let seat = 1; seat < players; seat++) {
    if (options.seats[seat] === 'ours') ours.set(seat, ourRun(seat, address));
    else theirs.set(seat, await ClassPeer.start({ role: 'client', address, ...classOptions(seat) }));
    await until(() => joined() >= seat, 5000);
  }

  const exits = new Map<number, number | null>([...ours.keys()].map((seat) => [seat, null]));
  for (const [seat, run] of ours)
    void run.exit.then(
      (code) => exits.set(seat, code),
      () => exits.set(seat, -1),
    );
  const deadline = Date.now() + gameMs;
  await until(
    () =>
      [...exits.values()].every((code) => code !== null) &&
      [...theirs.values()].every((p) => p.current.status !== 'playing'),
    Math.max(0, deadline - Date.now()),
  );
  // A class peer's socket to a host of ours may outlive the game: it keeps its sockets open.
  const outcomes = await Promise.all([...theirs].map(async ([seat, peer]) => ({ ...(await peer.stop()), seat })));
  for (const seat of ours.keys()) if (exits.get(seat) === null) await Promise.race([ours.get(seat)!.exit, sleep(3000)]);

  const ourSeats: OurSeat[] = [...ours].map(([seat, run]) => {
    const winnerEvent = run.events.find((e) => e.type === 'winner');
    const exitCode = exits.get(seat) ?? null;
    return {
      seat,
      exitCode,
      winner: typeof winnerEvent?.player === 'number' ? winnerEvent.player : null,
      stderr: run.stderr(),
      audit: exitCode === null ? null : auditRecord(record(seat)),
      ...ourAccount(run.events),
    };
  });
  const winner = outcomes.find((o) => o.status === 'won')?.me ?? ourSeats[0]?.winner ?? null;
  const problems: string[] = [];
  for (const o of outcomes)
    if ((o.status !== 'won' && o.status !== 'lost') || o.winner !== winner)
      problems.push(`class seat ${o.seat}: ${o.status}, winner ${String(o.winner)}: ${o.reason}`);
  for (const o of ourSeats) {
    if (o.exitCode !== 0 || o.winner !== winner)
      problems.push(`our seat ${o.seat}: exit ${String(o.exitCode)}, winner ${String(o.winner)}: ${o.stderr.trim()}`);
    if (o.audit === null || o.audit.violations.length > 0 || o.audit.winner !== winner)
      problems.push(
        `our seat ${o.seat}'s record: ${o.audit === null ? 'not audited' : `winner ${String(o.audit.winner)}; ${o.audit.violations.join('; ')}`}`,
      );
  }
  if (winner === null) problems.push('no winner');
  return { problems, winner, ours: ourSeats, theirs: outcomes };
}
