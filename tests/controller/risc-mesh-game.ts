import { botRiscSeat } from '../../src/ai/risc/seat.js';
import { riscRecording } from '../../src/cli/risc-kit.js';
import { sealMessage } from '../../src/core/native/lines.js';
import type { RiscMeshState, RiscMove } from '../../src/core/risc/mesh-game.js';
import type { RiscRecordLine } from '../../src/core/risc/record.js';
import type { RiscEvent } from '../../src/model/risc/index.js';
import type { Link } from '../../src/net/link.js';
import { memoryMesh } from '../../src/net/memory.js';
import type { Message } from '../../src/protocol/messages.js';
import { seededDice } from '../../src/protocol/random.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import type { MeshSession } from '../../src/sessions/mesh-session.js';
import type { Rejoined } from '../../src/sessions/rejoin.js';
import { REJOIN_TIMEOUT_MS } from '../../src/sessions/rejoin-net.js';
import { playRiscOverLinks, RISC_FEATURE, type RiscNetResult, type RiscRoster } from '../../src/sessions/risc-net.js';
import { type RiscStoreRejoin, rejoinRisc, riscRejoinFromStore } from '../../src/sessions/risc-rejoin.js';
import { type RiscStoreResume, riscResumeOverRoster } from '../../src/sessions/risc-resume.js';
import { teeRecorder } from '../../src/store/recorder.js';
import { storeRisc } from '../../src/store/risc-games.js';
import { GameStore } from '../../src/store/store.js';
import { historyLines, memoryRecorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce } from '../support/signature-cache.js';
import { droppingLinks, type Rogue, type SeatDrop, type TableStop, withSends } from './mesh-game.js';
import { type Answer, memoryStoreEndpoint, relink, type SeatBackReport, timedOutOnReturn } from './seat-back.js';
import type { TableBackReport } from './table-back.js';

type Session = MeshSession<RiscMeshState, RiscMove, RiscEvent>;

export interface RiscGameOptions {
  readonly players: number;
  readonly seed: number;
  readonly rogue?: { readonly player: number; readonly links: Rogue };
  readonly turnLimit?: number;
  readonly ackTimeoutMs?: number;
  readonly moveTimeoutMs?: number;
  /** An honest peer whose process dies mid-game and that takes its seat back (rejoinRisc). */
  readonly rejoin?: SeatDrop;
  /**
   * The whole table stops mid-game and every player resumes it from its own store
   * (riscResumeOverRoster); then, with `rejoin`, an honest seat's process dies in the resumed
   * session and takes its seat back from its store (riscRejoinFromStore, at its stored addresses).
   */
  readonly resume?: TableStop;
}

export interface RunningRiscGame {
  /** Each peer's result; null while it plays (or if it never finishes: a hang). */
  readonly results: (RiscNetResult | null)[];
  readonly records: RiscRecordLine[][];
  /** Each peer's signed lines as sent and received (the transcript `risk verify` audits), and what its session told. */
  readonly transcripts: TranscriptLine[][];
  readonly notes: string[][];
  /** What became of the seat that dropped out and came back (options.rejoin); null without one. */
  readonly seatBack: SeatBackReport | null;
  /**
   * What became of the table that stopped and met again (options.resume); null without one. A
   * peer that resumed writes its RISC record again from the game's start (one record across the
   * resume, as its store keeps it): `records` holds it whole.
   */
  readonly tableBack: TableBackReport | null;
  /** Stops every peer (they end 'stopped'). */
  stop(): void;
  /** Closes every link. */
  close(): void;
}

export async function startRiscGame(options: RiscGameOptions): Promise<RunningRiscGame> {
  const { players, seed } = options;
  const mesh = await memoryMesh(players, seed, checkedOnce());
  const gameId = `risc-chaos-${seed}`;
  const roster = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId, addresses: [] }));
  const records: RiscRecordLine[][] = roster.map(() => []);
  const transcripts = roster.map(() => memoryRecorder());
  const notes: string[][] = roster.map(() => []);
  const transcriptLines = transcripts.map((t) => t.lines);
  const results: (RiscNetResult | null)[] = roster.map(() => null);
  const stops = roster.map(() => new AbortController());
  const sessions: (Session | null)[] = roster.map(() => null);
  const rosterOf = (
    me: number,
    links: Map<number, Link>,
    sessionId = gameId,
    players: RiscRoster['players'] = roster,
  ): RiscRoster => ({
    me,
    players,
    links,
    gameId: sessionId,
    features: [RISC_FEATURE],
    ackTimeoutMs: options.ackTimeoutMs ?? 1000,
    moveTimeoutMs: options.moveTimeoutMs ?? 4000,
    keyring: mesh.keyrings[me]!,
    risc: { startUnits: 30, turnLimit: options.turnLimit ?? 20 },
  });
  /** Plays seat `me` over `links` (again, for a seat that comes back: `again`); resolves with its result. */
  const tableStop = options.resume;
  // With a table stop, every peer keeps its game in a store of its own, as `risk bot --store` does:
  // a resume reads it back (riscResumeOverRoster).
  const stores = tableStop ? roster.map(() => memoryStore()) : [];
  const stored = stores.map((store, me) => {
    const opened = storeRisc(store, {
      kind: 'bot',
      uid: `${gameId}-p${me}`,
      me,
      // Where each player listened, as a lobby gives it: a rejoin from the store dials there.
      players: roster.map((p) => ({ name: p.name, peerId: p.peerId, addresses: [memoryAddress(0, p.id)] })),
    });
    if (!opened.ok) throw new Error(opened.reason);
    return opened.stored;
  });
  const play = (
    me: number,
    links: Map<number, Link>,
    again?: Extract<Rejoined<RiscMeshState, RiscMove>, { ok: true }>,
    resumed?: { readonly sessionId: string; readonly resumed: RiscStoreResume },
    /** A seat back in the resumed session from its store (riscRejoinFromStore). */
    fromStore?: RiscStoreRejoin,
  ): Promise<RiscNetResult> => {
    // A returning seat's new process draws other dice (and a resumed one others again).
    const dice = seededDice(seed * 100 + me + (again ? 50 : resumed ? 70 : 0));
    const transcript = transcripts[me]!;
    const record = records[me]!;
    // Its store too, as `risk bot --store` keeps it (the resumed session's goes on in it).
    const kept = stored[me]
      ? riscRecording(
          null,
          { store: stores[me]!, game: fromStore?.stored ?? stored[me]! },
          fromStore ?? resumed?.resumed,
        )
      : null;
    const terms = fromStore ? { ...fromStore.roster, links } : rosterOf(me, links, resumed?.sessionId);
    return playRiscOverLinks(terms as RiscRoster, {
      seat: botRiscSeat(`p${me}`, 'hard', dice),
      secret: () => Uint8Array.from({ length: 32 }, () => dice.below(256)),
      onRecord: (line) => {
        record.push(line);
        kept?.onRecord?.(line);
      },
      transcript: kept?.transcript ? teeRecorder(kept.transcript, transcript) : transcript,
      onNote: (text) => notes[me]!.push(text),
      signal: stops[me]!.signal,
      // As the program's peers do: its record, for a player that drops out and rejoins.
      history: kept?.history ?? (() => historyLines(transcript.lines)),
      onSession: (session) => (sessions[me] = session),
      ...(again ? { rejoin: again } : {}),
      ...(kept?.resume ? { resume: kept.resume } : {}),
      ...(kept?.rejoin ? { rejoin: kept.rejoin } : {}),
      ...(kept?.rejoinResumed ? { rejoinResumed: kept.rejoinResumed } : {}),
    })
      .then((result) => {
        if (result.ok && !resumed && !fromStore) stored[me]?.finish(result.state);
        if (result.ok && resumed) resumed.resumed.stored.finish(result.state);
        if (result.ok && fromStore) fromStore.stored.finish(result.state);
        return result;
      })
      .catch((error: unknown) => ({ ok: false, reason: String(error) }) as const);
  };
  /** What peer `me`'s session speaks through, given its honest links (a returning seat's new one too). */
  const speaksThrough = (me: number, sessionId = gameId) => {
    if (options.rogue?.player !== me) return (links: Map<number, Link>) => links;
    const rogue = options.rogue.links;
    const context = {
      me,
      gameId,
      keyring: mesh.keyrings[me]!,
      players,
      state: () => {
        throw new Error('a RISC rogue has no classic state to read');
      },
      pipelining: false,
      historyHashes: false,
      // RISC does not pipeline: a forged line is signed as it is.
      sign: (message: Message) => sealMessage(sessionId, message, me, mesh.keyrings[me]!).line,
    };
    return (links: Map<number, Link>) => rogue(links, context);
  };
  const speakers = roster.map((_, me) => speaksThrough(me));
  // A seat that drops out: of the game, or (options.resume.rejoin) of the session that resumed it.
  const drop = options.rejoin ?? options.resume?.rejoin;
  const seatBack: SeatBackReport | null = drop
    ? { player: drop.player, droppedAt: null, accepted: [], rejoined: null }
    : null;
  const relinked: Link[] = [];
  /** The dropped seat comes back over new links, through the program's rejoin (rejoinRisc). */
  const comeBack = async (R: number, killed: Promise<RiscNetResult>) => {
    const others = roster.map((p) => p.id).filter((p) => p !== R);
    // Each other peer's end speaks as that peer does (a rogue's misbehaves there too).
    const { links, accepted } = relink(R, mesh.peerIds, others, (player, link) =>
      sessions[player] === null
        ? { ok: false, reason: 'no session' }
        : sessions[player]!.rejoinLink(R, speakers[player]!(new Map([[R, link]])).get(R)!),
    );
    seatBack!.accepted = accepted;
    relinked.push(...links.values());
    const rejoined = await rejoinRisc(rosterOf(R, links), transcripts[R]!.lines, { timeoutMs: REJOIN_TIMEOUT_MS });
    seatBack!.rejoined = rejoined.ok ? { ok: true, index: rejoined.index } : { ok: false, reason: rejoined.reason };
    if (!rejoined.ok) {
      results[R] = await killed;
      return;
    }
    // Its new process keeps new records (its RISC record written again from the checked steps).
    records[R] = [];
    transcripts[R] = memoryRecorder();
    transcriptLines[R] = transcripts[R]!.lines;
    const result = await play(R, links, rejoined);
    seatBack!.timedOutOnReturn = timedOutOnReturn(transcripts[R]!.lines, R);
    results[R] = result;
  };
  const tableBack: TableBackReport | null = tableStop
    ? { stoppedAt: null, answers: roster.map(() => null), firstRecords: [] }
    : null;
  let halted = false;
  /** Each peer's result in the session before the table stopped. */
  const firstResults: (RiscNetResult | null)[] = roster.map(() => null);
  /** Every player meets again over a new mesh and resumes the stored game from its own store. */
  const resumeAll = async () => {
    const mesh2 = await memoryMesh(players, seed, checkedOnce());
    relinked.push(...mesh2.links.flatMap((links) => [...links.values()]));
    const sessionId = `${gameId}.r1`;
    const absent = new Set(tableStop!.absent ?? []);
    // The new lobby: the players that came back, at its addresses (an absent player's stay as stored).
    const present = roster.filter((p) => !absent.has(p.id)).map((p) => ({ ...p, addresses: [memoryAddress(1, p.id)] }));
    const host = present[0]!.id;
    const back = tableStop!.rejoin;
    for (const me of roster.keys()) {
      tableBack!.firstRecords[me] = transcripts[me]!.lines;
      if (absent.has(me)) {
        for (const link of mesh2.links[me]!.values()) link.close();
        results[me] = firstResults[me]!;
        continue;
      }
      const links = speaksThrough(me, sessionId)(new Map([...mesh2.links[me]!].filter(([p]) => !absent.has(p))));
      void riscResumeOverRoster(stores[me]!, rosterOf(me, links, sessionId, present), {
        gameId,
        host: me === host,
        timeoutMs: Math.max(10_000, 5 * (options.ackTimeoutMs ?? 1000)),
      }).then(async (answer) => {
        tableBack!.answers[me] = answer.ok ? { ok: true, index: answer.resumed.entries } : answer;
        if (!answer.ok || halted) {
          results[me] = firstResults[me]!;
          return;
        }
        // Its new session writes the RISC record again from the game's start, then goes on.
        records[me] = [];
        transcripts[me] = memoryRecorder();
        transcriptLines[me] = transcripts[me]!.lines;
        // The seat that drops out of the resumed session: its session stops, its links close, and
        // it comes back from its store a moment later.
        const dropping =
          back?.player === me
            ? droppingLinks(links, back.after, () => {
                seatBack!.droppedAt = Date.now();
                listening.delete(me);
                queueMicrotask(() => {
                  sessions[me]?.stop();
                  for (const link of mesh2.links[me]!.values()) link.close();
                  setTimeout(() => void backFromStore(me, sessionId, killed), back.backAfterMs);
                });
              })
            : links;
        listening.add(me);
        const killed = play(me, dropping, undefined, { sessionId, resumed: answer.resumed });
        const result = await killed;
        // A process that died: its seat comes back (backFromStore sets its result).
        if (back?.player !== me || seatBack!.droppedAt === null) results[me] = result;
      });
    }
  };
  /** The peers whose resumed session runs (one that dropped out: not until it is back): a dial reaches them. */
  const listening = new Set<number>();
  /**
   * A seat that dropped out of the resumed session comes back from its store (riscRejoinFromStore),
   * dialling the addresses its store keeps: a dial reaches a player's resumed session at the
   * address its lobby gave; nobody answers at any other (an absent player's, stored from the first
   * lobby), and such a dial gives up only after its timeout.
   */
  const backFromStore = async (R: number, sessionId: string, killed: Promise<RiscNetResult>) => {
    const accepted: Answer[] = [];
    const endpoint = await memoryStoreEndpoint({
      seed,
      me: R,
      peerIds: mesh.peerIds,
      peer: (player) => (!halted && listening.has(player) ? (sessions[player] ?? undefined) : undefined),
      // The other peer's end speaks as that peer does (a rogue's misbehaves there too).
      speak: (player, link) => speaksThrough(player, sessionId)(new Map([[R, link]])).get(R)!,
      accepted,
      links: relinked,
    });
    const answer = await riscRejoinFromStore(stores[R]!, `${gameId}-p${R}`, endpoint, null, REJOIN_TIMEOUT_MS);
    seatBack!.accepted = accepted;
    seatBack!.rejoined = answer.ok
      ? { ok: true, index: answer.rejoined.rejoined.index }
      : { ok: false, reason: answer.reason };
    if (!answer.ok || halted) {
      results[R] = await killed;
      return;
    }
    // Its new process keeps new records (its RISC record written again from the game's start).
    records[R] = [];
    transcripts[R] = memoryRecorder();
    transcriptLines[R] = transcripts[R]!.lines;
    listening.add(R);
    const result = await play(
      R,
      answer.rejoined.roster.links as Map<number, Link>,
      undefined,
      undefined,
      answer.rejoined,
    );
    seatBack!.timedOutOnReturn = timedOutOnReturn(transcripts[R]!.lines, R);
    results[R] = result;
  };
  let tableLines = 0;
  /** A peer's links until the table stops: every session stops after the table's `after`-th line, unless a peer other than the rogue has ended. */
  const tableLinks = (links: Map<number, Link>) =>
    withSends(links, (_, link) => (line) => {
      if (tableBack!.stoppedAt !== null) return;
      link.send(line);
      if (++tableLines !== tableStop!.after) return;
      if (!firstResults.every((r, j) => r === null || j === options.rogue?.player)) return;
      tableBack!.stoppedAt = Date.now();
      queueMicrotask(() => {
        for (const session of sessions) session?.stop();
        for (const l of mesh.links.flatMap((m) => [...m.values()])) l.close();
      });
    });
  if (tableStop)
    roster.forEach((_, me) => {
      void play(me, tableLinks(speakers[me]!(mesh.links[me]!))).then((result) => {
        firstResults[me] = result;
        if (tableBack!.stoppedAt === null) {
          results[me] = result;
          return;
        }
        if (firstResults.some((r) => r === null)) return;
        // The game ended for a peer other than the rogue before the stop: judged as a game without one.
        if (firstResults.some((r, j) => j !== options.rogue?.player && (!r!.ok || r!.state.phase === 'over'))) {
          tableBack!.stoppedAt = null;
          firstResults.forEach((r, j) => (results[j] = r));
          return;
        }
        setTimeout(() => void resumeAll(), tableStop.backAfterMs);
      });
    });
  roster.forEach((_, me) => {
    if (tableStop) return;
    if (drop?.player !== me) {
      void play(me, speakers[me]!(mesh.links[me]!)).then((result) => (results[me] = result));
      return;
    }
    // Its process dies: the session stops, its links close, nothing more leaves it.
    const links = droppingLinks(mesh.links[me]!, drop.after, () => {
      seatBack!.droppedAt = Date.now();
      queueMicrotask(() => {
        sessions[me]?.stop();
        for (const link of mesh.links[me]!.values()) link.close();
        setTimeout(() => void comeBack(me, killed), drop.backAfterMs);
      });
    });
    const killed = play(me, links);
    void killed.then((result) => {
      if (seatBack!.droppedAt === null) results[me] = result;
    });
  });
  return {
    results,
    records,
    transcripts: transcriptLines,
    notes,
    seatBack,
    tableBack,
    stop: () => {
      halted = true;
      for (const stop of stops) stop.abort();
    },
    close: () => {
      for (const links of mesh.links) for (const link of links.values()) link.close();
      for (const link of relinked) link.close();
    },
  };
}

/** A store in memory, as a peer's own (one per peer: a resume reads it back). */
function memoryStore(): GameStore {
  const opened = GameStore.open(':memory:');
  if (!opened.ok) throw new Error(opened.reason);
  return opened.store;
}

/** Where player `id` listened in the lobby of session `session` (0: the first, 1: the resumed one), as a store keeps it. */
const memoryAddress = (session: number, id: number) => `memory:r${session}:p${id}`;
