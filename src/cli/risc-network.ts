// RISC over the network for the terminal UI and plain mode: hosting and joining through the
// native lobby (the host's terms go to every joiner), bots that take empty seats as peers of their
// own on this machine, and the networked match from this peer's seat. The match plays through
// sessions/risc-net.ts (the native mesh session with the RISC game: relayed, acknowledged lines,
// silence settled by votes, cheating by proof), so its transport can change without the screens. Loaded only when a networked RISC game is hosted or joined.

import type { PrivateKey } from '@libp2p/interface';
import { RISC_BOT_KINDS, type RiscBotKind } from '../ai/risc/bots.js';
import { botRiscSeat } from '../ai/risc/seat.js';
import { portOf, shareableFirst } from '../net/addresses.js';
import { identityFor, keepKey, keyFor } from '../net/identity.js';
import { PeerNode } from '../net/libp2p-node.js';
import { seededDice } from '../protocol/random.js';
import type { RiscTerms } from '../protocol/risc-terms.js';
import { hostLobby, joinLobby, type LobbyEvent, type Roster } from '../sessions/lobby.js';
import { REJOIN_TIMEOUT_MS } from '../sessions/rejoin-net.js';
import { comparingHistories } from '../sessions/resume-net.js';
import { playRiscOverLinks, RISC_FEATURE } from '../sessions/risc-net.js';
import { riscRejoinFromStore } from '../sessions/risc-rejoin.js';
import { riscActiveSeatsOf, riscResumeOverRoster } from '../sessions/risc-resume.js';
import { keptKeysDir } from '../store/kept-keys.js';
import { chancesOf, networkGameId, recordHeader, resumePartProblem } from '../store/network-games.js';
import { storeRisc } from '../store/risc-games.js';
import type { StoredGame } from '../store/store.js';
import {
  defaultRecordPath,
  fileRecorder,
  historyLines,
  memoryRecorder,
  type Recorder,
} from '../store/transcript-recorder.js';
import type { RiscEnd, RiscMatch, RiscOpened, RiscSeatKind, RiscStarted } from '../views/risc/match.js';
import { acceptRejoins, rejoinNote } from './after-start.js';
import { LINGER_MS, refusedAtOnce, sleep } from './launch-kit.js';
import { listenProblem } from './listen-problem.js';
import { seatsForBots, startNowProblem } from './lobby-seats.js';
import { leavable, RISC_BOT_NAMES, type RiscContinued, type RiscKit, riscRecording } from './risc-kit.js';

/** A libp2p node on this run's identity (or `given`, a seat's key); the default port falls back to any free one. */
async function listen(
  kit: RiscKit,
  port: number,
  given?: PrivateKey,
): Promise<{ ok: true; node: PeerNode; key: PrivateKey } | { ok: false; reason: string }> {
  const { options } = kit;
  const key = given ? ({ ok: true, key: given } as const) : await identityFor(options.keyPath);
  if (!key.ok) return key;
  try {
    return { ok: true, node: await PeerNode.start({ host: options.listen, port, privateKey: key.key }), key: key.key };
  } catch (error) {
    if (port !== 0 && !options.strictPort) return listen(kit, 0, key.key);
    return { ok: false, reason: listenProblem(options.listen, port, error as Error) };
  }
}

/**
 * A networked game from this peer's seat, once its lobby is done (or, `continued`, once it took its
 * seat back: the stored game goes on). It answers a player that drops out and comes back with its
 * record; stored, it keeps its record of signed lines and its key, so the menu can take the seat back.
 */
function networkMatch(
  kit: RiscKit,
  node: PeerNode,
  key: PrivateKey,
  roster: Roster,
  kinds: readonly RiscSeatKind[],
  continued?: RiscContinued,
): RiscMatch {
  const { options } = kit;
  const notes: string[] = [...(continued?.notes ?? [])];
  // The record of the game's signed lines, which `risk verify` audits by a mute replica of this peer.
  let transcript: Recorder | null = null;
  let path: string | null = null;
  if (options.record) {
    path = defaultRecordPath(roster.gameId, roster.me);
    try {
      transcript = fileRecorder(path);
      notes.push(`recording this game to ${path}`);
    } catch (error) {
      notes.push(`cannot write the record ${path}: ${(error as Error).message}`);
      path = null;
    }
  }
  const stored =
    continued?.stored ??
    kit.storing(
      (s) =>
        storeRisc(s, {
          kind: 'network',
          uid: `${roster.gameId}-p${roster.me}`,
          me: roster.me,
          players: roster.players.map((p) => ({ name: p.name, peerId: p.peerId, addresses: p.addresses })),
        }),
      notes,
    );
  const gameStore = stored === null ? null : kit.openStore();
  // The key is kept with the stored game: without it nobody could take this seat back later.
  const keysDir = gameStore === null ? null : keptKeysDir(gameStore);
  if (keysDir !== null && continued === undefined) {
    const kept = keepKey(keysDir, key);
    if (!kept.ok) notes.push(`${kept.reason}: this game cannot be rejoined from the menu`);
  }
  const recording = riscRecording(
    path !== null && transcript !== null ? { path, recorder: transcript } : null,
    stored !== null && gameStore !== null ? { store: gameStore, game: stored } : null,
    continued,
  );
  let exit = () => {};
  const stop = async () => {
    await sleep(LINGER_MS);
    await node.stop().catch(() => {});
  };
  const terms = roster.risc ?? { startUnits: 30, turnLimit: null };
  return {
    me: roster.me,
    players: roster.players.map((p, i) => ({ name: p.name, kind: kinds[i] ?? 'remote' })),
    terms,
    notes,
    async play(you, hooks): Promise<RiscEnd> {
      const seat = leavable(you);
      exit = seat.leave;
      const left = new AbortController();
      void seat.left.then(() => left.abort());
      const outcome = await playRiscOverLinks(roster, {
        seat: seat.seat,
        signal: left.signal,
        ...recording,
        onExecuted: hooks.onExecuted,
        onNote: hooks.onNote,
        onSession: (session) =>
          acceptRejoins(node, roster, session, (seat, taken) => hooks.onNote(rejoinNote(seat, taken))),
      });
      await stop();
      if (!outcome.ok) return { state: null, how: 'broken', reason: outcome.reason, violations: [], notes: [] };
      stored?.finish(outcome.state);
      if (outcome.stopped) return { state: outcome.state, how: 'left', violations: [], notes: [] };
      return {
        state: outcome.state,
        how: 'over',
        violations: outcome.found.map((v) => `player ${v.player ?? '-'}: ${v.reason}`),
        notes: [
          ...(path !== null ? [`record: ${path} (risk verify checks it)`] : []),
          ...(stored !== null ? [`stored as game #${stored.handle.id} (risk history, replay, export)`] : []),
        ],
      };
    },
    leave: () => exit(),
  };
}

interface BotPeer {
  joined(): boolean;
  stop(): Promise<void>;
}

/** A RISC bot that joins a lobby as a peer of its own on this machine and plays the game there. */
async function startBotPeer(kit: RiscKit, address: string, name: string, kind: RiscBotKind, botSeed: number) {
  const listening = await listen(kit, 0);
  if (!listening.ok) return listening;
  const node = listening.node;
  let accepted = false;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await sleep(LINGER_MS);
    await node.stop().catch(() => {});
  };
  void joinLobby(node, address, {
    name,
    features: [RISC_FEATURE],
    startTimeoutMs: 60 * 60_000,
    onEvent: () => (accepted = true),
    onRisc: () => true,
  }).then(async (lobby) => {
    if (!lobby.ok || stopped) return stop();
    // Its record in memory: what it sends a player that drops out and comes back.
    const transcript = memoryRecorder();
    await playRiscOverLinks(lobby.roster, {
      seat: botRiscSeat(name, kind, seededDice(botSeed)),
      transcript,
      history: () => historyLines(transcript.lines),
      onSession: (session) => acceptRejoins(node, lobby.roster, session, () => {}),
    });
    await stop();
  });
  return { ok: true as const, bot: { joined: () => accepted, stop } satisfies BotPeer };
}

/** Hosts a RISC game: the lobby, start-now and bots to fill seats; the match once it starts. */
export async function hostRisc(
  kit: RiscKit,
  { players, name, terms }: { readonly players: number; readonly name: string; readonly terms: RiscTerms },
  onLobby: (event: LobbyEvent) => void,
): Promise<RiscOpened> {
  const { options, seed } = kit;
  const listening = await listen(kit, options.port);
  if (!listening.ok) return listening;
  const node = listening.node;
  const abort = new AbortController();
  const early = new AbortController();
  const seats = new Set<number>([0]);
  const botIds = new Set<number>();
  const bots: BotPeer[] = [];
  const botNames = new Set<string>();
  const result = hostLobby(node, {
    players,
    name,
    features: [RISC_FEATURE],
    required: [RISC_FEATURE],
    ackTimeoutMs: options.ackTimeoutMs,
    moveTimeoutMs: options.moveTimeoutMs,
    risc: terms,
    onEvent: (event: LobbyEvent) => {
      if (event.type === 'joined') seats.add(event.player.id);
      if (event.type === 'left') seats.delete(event.player.id);
      if (event.type === 'joined' && botNames.has(event.player.name)) botIds.add(event.player.id);
      onLobby(event);
    },
    signal: abort.signal,
    startNow: early.signal,
  });
  const local = node.addresses().find((a) => /\/ip4\/127\./.test(a)) ?? node.addresses()[0];
  const stopBots = () => Promise.all(bots.map((b) => b.stop())).then(() => {});
  return {
    ok: true,
    lobby: {
      addresses: shareableFirst(node.addresses()),
      started: result.then(async (lobby) => {
        if (!lobby.ok) {
          await stopBots();
          await node.stop().catch(() => {});
          return lobby;
        }
        const kinds = lobby.roster.players.map(
          (p): RiscSeatKind => (p.id === 0 ? 'you' : botIds.has(p.id) ? 'bot' : 'remote'),
        );
        return { ok: true, match: networkMatch(kit, node, listening.key, lobby.roster, kinds) };
      }),
      async cancel() {
        abort.abort();
        await stopBots();
        await node.stop().catch(() => {});
      },
      startNow() {
        const problem = startNowProblem(seats);
        if (problem !== null) return { ok: false, reason: problem };
        early.abort();
        return { ok: true };
      },
      async fillWithBots(kind) {
        if (local === undefined) return { ok: false, reason: 'This lobby has no address the bots could dial.' };
        if (!RISC_BOT_KINDS.includes(kind)) return { ok: false, reason: `no RISC bot "${kind}"` };
        const empty = seatsForBots(players, seats, bots.filter((b) => !b.joined()).length);
        if (empty <= 0) return { ok: false, reason: 'Every seat is taken.' };
        for (let i = 0; i < empty; i++) {
          const botName = `${RISC_BOT_NAMES[bots.length % RISC_BOT_NAMES.length]} (${kind} bot)`;
          botNames.add(botName);
          const bot = await startBotPeer(kit, local, botName, kind, seed + 100 + bots.length);
          if (!bot.ok) return bot;
          bots.push(bot.bot);
        }
        return { ok: true, added: empty };
      },
    },
  };
}

/** Joins a RISC host: its terms are shown (never the classic house rules); the match once it starts. */
export async function joinRisc(
  kit: RiscKit,
  { address, name }: { readonly address: string; readonly name: string },
  onLobby: (event: LobbyEvent) => void,
  onTerms: (terms: RiscTerms) => void,
): Promise<RiscOpened> {
  const listening = await listen(kit, 0);
  if (!listening.ok) return listening;
  const node = listening.node;
  let accepted = () => {};
  const acceptance = new Promise<null>((resolve) => (accepted = () => resolve(null)));
  const result = joinLobby(node, address, {
    name,
    features: [RISC_FEATURE],
    startTimeoutMs: 60 * 60_000,
    onEvent: (event) => {
      accepted();
      onLobby(event);
    },
    // A RISC joiner sees the RISC terms, never the classic house rules.
    onRisc: (terms) => {
      accepted();
      onTerms(terms);
      return true;
    },
  });
  // A host that is not there, or refuses, is said at once (not after a lobby screen).
  const refused = await refusedAtOnce(result, acceptance, stopping(node));
  if (refused !== null) return refused;
  return {
    ok: true,
    lobby: {
      addresses: [],
      started: result.then(async (lobby) => {
        if (!lobby.ok) {
          await node.stop().catch(() => {});
          return lobby;
        }
        const kinds = lobby.roster.players.map((p): RiscSeatKind => (p.id === lobby.roster.me ? 'you' : 'remote'));
        return { ok: true, match: networkMatch(kit, node, listening.key, lobby.roster, kinds) };
      }),
      cancel: () => node.stop().catch(() => {}),
    },
  };
}

/**
 * Takes this player's seat back in a running networked RISC game it stored (the menu's Resume): its
 * key (kept beside the database, or --key), its old port if free, the others at their stored
 * addresses; the match goes on from the checked history, stored on as the same game.
 */
export async function rejoinStored(kit: RiscKit, game: StoredGame): Promise<RiscStarted> {
  const store = kit.openStore();
  if (store === null || game.me === null)
    return { ok: false, reason: kit.storeProblem() ?? 'games are not saved here (--no-record)' };
  const me = game.me;
  const key = await keyFor(game.players[me]?.peerId ?? '', keptKeysDir(store), kit.options.keyPath);
  if (!key.ok) return key;
  const listening = await listen(kit, portOf(game.players[me]?.addresses) ?? 0, key.key);
  if (!listening.ok) return listening;
  const back = await riscRejoinFromStore(store, String(game.id), listening.node, null, REJOIN_TIMEOUT_MS).catch(
    (error: Error) => ({ ok: false as const, reason: error.message }),
  );
  if (!back.ok) {
    await listening.node.stop().catch(() => {});
    return { ok: false, reason: `cannot rejoin game #${game.id}: ${back.reason}` };
  }
  const { roster } = back.rejoined;
  const kinds = roster.players.map((p): RiscSeatKind => (p.id === me ? 'you' : 'remote'));
  return { ok: true, match: networkMatch(kit, listening.node, listening.key, roster, kinds, back.rejoined) };
}

/**
 * Resumes a networked RISC game every player stopped (the menu's Resume, protocol-spec/resume.md):
 * its first host offers it again in a new lobby that seats each player by its key, the others join
 * that lobby at `address`; every player proves its stored history and the match goes on from the
 * agreed point, stored on as the same game.
 */
export async function resumeStored(
  kit: RiscKit,
  game: StoredGame,
  request: { readonly host: true } | { readonly host: false; readonly address: string },
  onLobby: (event: LobbyEvent) => void,
): Promise<RiscOpened> {
  const store = kit.openStore();
  if (store === null || game.me === null)
    return { ok: false, reason: kit.storeProblem() ?? 'games are not saved here (--no-record)' };
  const me = game.me;
  // The players it needs: those not expelled at this store's last entry; the lowest of them hosts.
  const active = riscActiveSeatsOf(store, networkGameId(game.uid), me) ?? game.players.map((_, seat) => seat);
  const hostSeat = active[0] ?? 0;
  const problem =
    chancesOf(store, game).resume ??
    resumePartProblem(game.players[hostSeat]?.name ?? `player ${hostSeat}`, me, request.host, hostSeat);
  if (problem !== null) return { ok: false, reason: `game #${game.id} cannot be resumed: ${problem}` };
  const key = await keyFor(game.players[me]?.peerId ?? '', keptKeysDir(store), kit.options.keyPath);
  if (!key.ok) return key;
  // The host listens where it did, so the others' stored address of it still works.
  const listening = await listen(
    kit,
    request.host ? (portOf(game.players[me]?.addresses) ?? kit.options.port) : 0,
    key.key,
  );
  if (!listening.ok) return listening;
  const node = listening.node;
  const header = recordHeader(store, game.id) as (ReturnType<typeof recordHeader> & { risc?: RiscTerms }) | null;
  const name = game.players[me]?.name ?? `player ${me}`;
  const abort = new AbortController();
  let accepted = () => {};
  const acceptance = new Promise<null>((resolve) => (accepted = () => resolve(null)));
  const result = request.host
    ? hostLobby(node, {
        players: game.players.length,
        name,
        features: [RISC_FEATURE],
        required: [RISC_FEATURE],
        ackTimeoutMs: header?.ackTimeoutMs ?? kit.options.ackTimeoutMs,
        moveTimeoutMs: header?.moveTimeoutMs ?? kit.options.moveTimeoutMs,
        ...(header?.risc ? { risc: header.risc } : {}),
        // Each returning player gets its own seat by its key, whatever order they come in; one
        // expelled need not come back.
        seats: game.players.map((p) => p.peerId ?? ''),
        awaited: active,
        onEvent: onLobby,
        signal: abort.signal,
      })
    : joinLobby(node, request.address, {
        name,
        features: [RISC_FEATURE],
        startTimeoutMs: 60 * 60_000,
        onEvent: (event) => {
          accepted();
          onLobby(event);
        },
        onRisc: () => {
          accepted();
          return true;
        },
      });
  const started = result.then(async (lobby): Promise<RiscStarted> => {
    if (!lobby.ok) {
      await node.stop().catch(() => {});
      return lobby;
    }
    const timeoutMs = Math.max(10_000, lobby.roster.ackTimeoutMs * 5);
    onLobby({ type: 'info', text: `Every player is here: ${comparingHistories(lobby.roster, timeoutMs)}…` });
    const agreed = await riscResumeOverRoster(store, lobby.roster, {
      gameId: networkGameId(game.uid),
      host: request.host,
      timeoutMs,
    }).catch((error: Error) => ({ ok: false as const, reason: error.message }));
    if (!agreed.ok) {
      await sleep(LINGER_MS);
      await node.stop().catch(() => {});
      return { ok: false, reason: `cannot resume game #${game.id}: ${agreed.reason}` };
    }
    // Every seat plays on, one expelled that stayed away too (the session has no link to it).
    const roster = {
      ...lobby.roster,
      players: agreed.resumed.players.map((p) => ({ ...p, addresses: p.addresses ?? [] })),
    };
    const kinds = roster.players.map((p): RiscSeatKind => (p.id === me ? 'you' : 'remote'));
    return { ok: true, match: networkMatch(kit, node, listening.key, roster, kinds, agreed.resumed) };
  });
  if (!request.host) {
    // A host that is not there, or refuses this key, is said at once (not after a lobby screen).
    const refused = await refusedAtOnce(result, acceptance, stopping(node));
    if (refused !== null) return refused;
  }
  return {
    ok: true,
    lobby: {
      addresses: request.host ? shareableFirst(node.addresses()) : [],
      started,
      async cancel() {
        abort.abort();
        await node.stop().catch(() => {});
      },
    },
  };
}

/** This peer's node as what refusedAtOnce closes: stopped, a failure to stop ignored. */
const stopping = (node: PeerNode) => ({ close: () => node.stop().catch(() => {}) });
