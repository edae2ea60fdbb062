// The networked games the terminal UI offers (quick game, host, join): peers, lobbies, sessions,
// records. Loaded by launcher.ts on the first such game, so that the menu starts without libp2p,
// the wire schemas (zod) and the game database.

import { randomBytes } from 'node:crypto';
import type { PrivateKey } from '@libp2p/interface';
import type { BotKind } from '../ai/registry.js';
import type { SessionResult } from '../core/contract.js';
import type { ReplaySource } from '../core/steps/replay.js';
import { portOf, shareableFirst } from '../net/addresses.js';
import { identityFor, keepKey, keyFor } from '../net/identity.js';
import { PeerNode } from '../net/libp2p-node.js';
import { listenTcp, TcpEndpoint } from '../net/tcp.js';
import type { Rules } from '../protocol/rules.js';
import { hostLobby, joinLobby, type LobbyEndpoint, type LobbyEvent, type Roster } from '../sessions/lobby.js';
import { startLoopbackGame } from '../sessions/loopback-game.js';
import {
  featuresFrom,
  MeshSession,
  NATIVE_FEATURES,
  type SessionConfig,
  type SessionEvent,
} from '../sessions/mesh-session.js';
import { REJOIN_TIMEOUT_MS, rejoinedRoster, rejoinFromStore } from '../sessions/rejoin-net.js';
import { comparingHistories, resumeOverRoster } from '../sessions/resume-net.js';
import { activeSeats } from '../sessions/resume-seats.js';
import { sessionFor } from '../sessions/session-factory.js';
import { keptKeysDir, pruneKeptKeys } from '../store/kept-keys.js';
import { chancesOf, networkGameId, recordHeader, resumePartProblem } from '../store/network-games.js';
import { storeSession, teeRecorder } from '../store/recorder.js';
import type { GameStore, StoredGame } from '../store/store.js';
import {
  defaultRecordPath,
  fileRecorder,
  historyLines,
  memoryRecorder,
  type Recorder,
  recordFileLines,
} from '../store/transcript-recorder.js';
import { gameEndOf } from '../views/game-end.js';
import { humanSeat } from '../views/human-seat.js';
import type { Launcher, Opened, Profile, Started } from '../views/launcher.js';
import { Table } from '../views/table.js';
import { acceptRejoins, rejoinNote } from './after-start.js';
import { type LaunchKit, LINGER_MS, refusedAtOnce, retell, sleep } from './launch-kit.js';
import { listenProblem } from './listen-problem.js';
import { seatsForBots, startNowProblem } from './lobby-seats.js';

const QUICK_BOTS = ['Ada', 'Babbage', 'Curie'];
// Names for bots that fill a lobby's empty seats.
const BOT_NAMES = ['Ada', 'Babbage', 'Curie', 'Dijkstra', 'Euler'];
// A person in a quick game may think as long as they like: the bots wait.
const QUICK_MOVE_TIMEOUT_MS = 24 * 60 * 60_000;

/** A networked game that goes on from the store (resumed or rejoined) instead of starting a stored record. */
interface Continued {
  readonly recorder: Recorder;
  finish(result: SessionResult): void;
  readonly resume?: SessionConfig['resume'];
  readonly rejoin?: SessionConfig['rejoin'];
  /** The stored game it goes on with (its number). */
  readonly storedId: number;
  /** What a player that rejoins is sent without a record file: the stored record of this session. */
  readonly history?: () => readonly string[];
  /** Shown on the game's log first. */
  readonly notes: readonly string[];
  /** A resumed game: its stored moves, told to the table first (its history and statistics). */
  readonly told?: ReplaySource;
}

type NetworkGames = Pick<Launcher, 'quickGame' | 'hostGame' | 'joinGame' | 'resumeNetworkGame' | 'rejoinNetworkGame'>;

/** The Launcher's networked games, for the options, seed and seats of `kit`. */
export function networkGames(kit: LaunchKit): NetworkGames {
  const { options, seed, autoPlacer } = kit;

  async function listen(
    port: number,
    given?: PrivateKey,
  ): Promise<{ ok: true; node: PeerNode } | { ok: false; reason: string }> {
    const key = given ? { ok: true as const, key: given } : await identityFor(options.keyPath);
    if (!key.ok) return key;
    try {
      return { ok: true, node: await PeerNode.start({ host: options.listen, port, privateKey: key.key }) };
    } catch (error) {
      if (port !== 0 && (!options.strictPort || given) && /EADDRINUSE|EACCES/.test((error as Error).message))
        return listen(0, key.key);
      return { ok: false, reason: listenProblem(options.listen, port, error as Error) };
    }
  }

  /** A listening endpoint for the chosen profile, and how to close it. */
  async function endpointFor(
    profile: Profile,
    port: number | null,
  ): Promise<{ ok: true; endpoint: LobbyEndpoint; close: () => Promise<void> } | { ok: false; reason: string }> {
    if (profile === 'cs3099') {
      if (port === null) return { ok: true, endpoint: new TcpEndpoint(null), close: async () => {} };
      let tcp;
      try {
        tcp = await listenTcp(options.listen, port).catch((error: Error) =>
          options.strictPort ? Promise.reject(error) : listenTcp(options.listen, 0),
        );
      } catch (error) {
        return { ok: false, reason: listenProblem(options.listen, port, error as Error) };
      }
      return { ok: true, endpoint: new TcpEndpoint(tcp), close: () => tcp.close().catch(() => {}) };
    }
    const listening = await listen(port ?? 0);
    if (!listening.ok) return listening;
    const node = listening.node;
    return { ok: true, endpoint: node, close: () => node.stop().catch(() => {}) };
  }

  /**
   * The table of a networked game once the lobby is done: one session, this player's seat.
   * `continued`: a stored game resumed or rejoined (stored as it goes on, not as a new game).
   */
  function networkTable(
    opened: { readonly endpoint: LobbyEndpoint; readonly close: () => Promise<void> },
    roster: Roster,
    profile: Profile,
    continued?: Continued,
  ): Table {
    const node = { stop: opened.close };
    let leave = () => {};
    let left = false;
    const table = new Table({
      mode: 'network',
      players: roster.players.map((p) => ({ id: p.id, name: p.name, kind: p.id === roster.me ? 'you' : 'remote' })),
      autoPlace: autoPlacer(seed),
      autoPlay: autoPlacer(seed + 7),
      autoPlayDelayMs: options.botDelayMs,
      moveTimeoutMs: roster.moveTimeoutMs,
      defendByHand: options.defendByHand === true,
      onQuit: async () => {
        left = true;
        leave();
        await sleep(LINGER_MS);
        await node.stop().catch(() => {});
      },
    });
    const file = options.record ? fileRecorder(defaultRecordPath(roster.gameId, roster.me)) : undefined;
    // Stored too (history, stats, export), unless records are off or the database cannot be opened.
    const gameStore = continued ? null : kit.openStore(table);
    const stored =
      gameStore === null
        ? null
        : storeSession(gameStore, {
            kind: profile === 'cs3099' ? 'cs3099' : 'network',
            profile: profile === 'cs3099' ? 'cs3099' : 'native',
            gameId: roster.gameId,
            me: roster.me,
            features: featuresFrom(roster.features),
            rules: roster.rules,
            // The addresses let a player who drops out rejoin from the menu, and a later resume find the host.
            players: roster.players.map((p) => ({ name: p.name, peerId: p.peerId, addresses: p.addresses })),
          });
    // The key is kept with the stored game: without it nobody could take this seat back later.
    const keysDir = gameStore === null ? null : keptKeysDir(gameStore);
    if (profile === 'native' && keysDir !== null && opened.endpoint.privateKey) {
      const kept = keepKey(keysDir, opened.endpoint.privateKey);
      if (!kept.ok) table.note(`${kept.reason}: this game cannot be resumed or rejoined from the menu`);
    }
    const storeRecorded = stored?.recorder ?? continued?.recorder;
    const recorder = file && storeRecorded ? teeRecorder(file, storeRecorded) : (file ?? storeRecorded);
    // What this peer sends a player that rejoins: its record (the file, else the stored lines).
    const history = file
      ? () => recordFileLines(file.path!)
      : stored && gameStore
        ? () => historyLines(gameStore.lines(stored.handle.id))
        : continued?.history;
    // Where a player that rejoins listens now: the stored game dials it there next time.
    const storeOfAddresses = gameStore ?? (continued ? kit.openStore(null) : null);
    const storedId = stored?.handle.id ?? continued?.storedId;
    const onRejoinAddresses =
      storeOfAddresses !== null && storedId !== undefined
        ? (player: number, at: readonly string[]) => storeOfAddresses.updateAddresses(storedId, player, at)
        : undefined;
    const onEvent = (event: SessionEvent) => {
      stored?.onEvent(event);
      table.record(event);
    };
    const session = sessionFor(
      roster,
      profile === 'cs3099' ? { profile, role: roster.me === 0 ? 'host' : 'client' } : { profile },
      {
        seat: humanSeat(table),
        onEvent,
        ...(recorder ? { recorder } : {}),
        ...(continued?.resume ? { resume: continued.resume } : {}),
        ...(continued?.rejoin ? { rejoin: continued.rejoin } : {}),
        ...(history ? { history } : {}),
        ...(onRejoinAddresses ? { onRejoinAddresses } : {}),
      },
    );
    if (session instanceof MeshSession)
      acceptRejoins(opened.endpoint, roster, session, (seat, taken) => table.note(rejoinNote(seat, taken)));
    leave = () => session.leave();
    if (continued?.told) retell(table, continued.told);
    table.show(session.current);
    for (const note of continued?.notes ?? []) table.note(note);
    if (file) table.note(`recording this game to ${file.path}`);
    const played = session.run();
    // A rejoin has just read the game so far from the others' records: see Table.dueUnknown.
    if (continued?.rejoin) {
      table.dueUnknown();
      table.note(
        'The countdown shows again from the next move: this machine cannot tell how long the one due now has waited.',
      );
    }
    void played.then(async (result) => {
      stored?.finish(result);
      continued?.finish(result);
      // A game played to its end needs its key no more (nor does any other game that is over).
      const keysStore = profile === 'native' ? kit.openStore(null) : null;
      const pruned = keysStore === null ? null : pruneKeptKeys(keysStore, options.keyPath);
      if (pruned && !pruned.ok) table.note(pruned.reason);
      table.end(gameEndOf(result, left));
      // The others read the end of the game before this peer's connections close.
      await (session instanceof MeshSession ? session.settled() : sleep(LINGER_MS));
      await node.stop().catch(() => {});
    });
    return table;
  }

  function lobbyStarted(
    opened: { readonly endpoint: LobbyEndpoint; readonly close: () => Promise<void> },
    result: Promise<{ ok: true; roster: Roster } | { ok: false; reason: string }>,
    profile: Profile,
  ): Promise<Started> {
    return result.then(async (lobby) => {
      if (lobby.ok) return { ok: true, table: networkTable(opened, lobby.roster, profile) };
      await opened.close();
      return { ok: false, reason: lobby.reason };
    });
  }

  interface BotPeer {
    /** Whether the host accepted it (it then holds a seat). */
    joined(): boolean;
    stop(): Promise<void>;
  }

  /** A bot that joins a lobby as a peer of its own on this machine, and plays the game there. */
  async function startBotPeer(
    profile: Profile,
    address: string,
    name: string,
    kind: BotKind,
    botSeed: number,
  ): Promise<{ ok: true; bot: BotPeer } | { ok: false; reason: string }> {
    const opened = await endpointFor(profile, profile === 'cs3099' ? null : 0);
    if (!opened.ok) return opened;
    let accepted = false;
    let stopped = false;
    let session: { leave(): void } | null = null;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      session?.leave();
      await sleep(LINGER_MS);
      await opened.close();
    };
    const seat = kit.botSeat(kind, botSeed);
    void joinLobby(opened.endpoint, address, {
      name,
      features: profile === 'cs3099' ? [] : [...NATIVE_FEATURES],
      startTimeoutMs: 60 * 60_000,
      onEvent: () => (accepted = true),
    }).then(async (lobby) => {
      if (!lobby.ok || stopped) return stop();
      const roster = lobby.roster;
      // Its record, kept in memory, is what it sends a player that drops out and rejoins.
      const record = memoryRecorder();
      const game = sessionFor(roster, profile === 'cs3099' ? { profile, role: 'client' } : { profile }, {
        seat,
        recorder: record,
        history: () => historyLines(record.lines),
      });
      if (game instanceof MeshSession) acceptRejoins(opened.endpoint, roster, game, () => {});
      session = game;
      await game.run();
      await stop();
    });
    return { ok: true, bot: { joined: () => accepted, stop } };
  }

  return {
    async quickGame(name, bot: 'easy' | 'normal' | 'hard' = options.bot ?? 'normal') {
      let stop = async () => {};
      let left = false;
      const me = new Table({
        mode: 'quick',
        players: [
          { id: 0, name, kind: 'you' },
          ...QUICK_BOTS.map((bot, i) => ({ id: i + 1, name: bot, kind: 'bot' as const })),
        ],
        autoPlace: autoPlacer(seed),
        autoPlay: autoPlacer(seed + 7),
        autoPlayDelayMs: options.botDelayMs,
        defendByHand: options.defendByHand === true,
        onQuit: () => stop(),
      });
      // Stored as it is played (peer 0's steps: every move and dice round), resumable from the menu.
      const gameStore = kit.openStore(me);
      const gameId = randomBytes(8).toString('hex');
      const stored =
        gameStore === null
          ? null
          : storeSession(gameStore, {
              kind: 'quick',
              uid: gameId,
              gameId,
              me: 0,
              features: featuresFrom([...NATIVE_FEATURES]),
              lines: false,
              players: [{ name, botKind: null }, ...QUICK_BOTS.map((b) => ({ name: b, botKind: bot }))],
            });
      if (stored !== null) me.setResumable(true);
      const game = await startLoopbackGame(
        [
          { name, seat: humanSeat(me), ...(stored ? { recorder: stored.recorder } : {}) },
          ...QUICK_BOTS.map((botName, i) => ({
            name: botName,
            seat: kit.botSeat(bot, seed + i + 1, me.whenRunning),
          })),
        ],
        {
          ackTimeoutMs: options.ackTimeoutMs,
          moveTimeoutMs: QUICK_MOVE_TIMEOUT_MS,
          onEvent: (peer, event) => {
            if (peer !== 0) return;
            stored?.onEvent(event);
            me.record(event);
          },
        },
      );
      stop = async () => {
        left = true;
        const mine = game.sessions[0]!;
        if (mine instanceof MeshSession) mine.leave();
        else mine.stop();
        await sleep(LINGER_MS);
        await game.stop();
      };
      me.show(game.sessions[0]!.current);
      void game.each[0]!.then(async (result) => {
        stored?.finish(result);
        if (stored !== null && left && result.outcome === 'left')
          me.note('This game is saved: Resume in the menu goes on with it.');
        me.end(gameEndOf(result, left));
        await sleep(LINGER_MS);
        await game.stop();
      });
      return { ok: true, table: me };
    },

    async hostGame(
      { players, name, profile = 'native', rules = options.rules, moveTimeoutMs = options.moveTimeoutMs },
      onLobby: (event: LobbyEvent) => void,
    ): Promise<Opened> {
      const opened = await endpointFor(profile, options.port);
      if (!opened.ok) return opened;
      const node = opened.endpoint;
      const abort = new AbortController();
      const early = new AbortController();
      // Seats taken, to say why the game cannot start yet; the host holds seat 0.
      const seats = new Set<number>([0]);
      const bots: BotPeer[] = [];
      const result = hostLobby(node, {
        players,
        name,
        features: profile === 'cs3099' ? [] : [...NATIVE_FEATURES],
        ackTimeoutMs: options.ackTimeoutMs,
        moveTimeoutMs,
        ...(profile === 'native' && rules ? { rules } : {}),
        onEvent: (event) => {
          if (event.type === 'joined') seats.add(event.player.id);
          if (event.type === 'left') seats.delete(event.player.id);
          onLobby(event);
        },
        signal: abort.signal,
        startNow: early.signal,
      });
      const addresses = shareableFirst(node.addresses());
      // Bots on this machine dial the host over the loopback interface.
      const local = [...node.addresses()].find((a) => /\/ip4\/127\.|^127\./.test(a)) ?? addresses[0];
      const stopBots = () => Promise.all(bots.map((b) => b.stop())).then(() => {});
      return {
        ok: true,
        lobby: {
          addresses,
          started: lobbyStarted(opened, result, profile).then(async (started) => {
            if (!started.ok) await stopBots();
            return started;
          }),
          async cancel() {
            abort.abort();
            await stopBots();
            await opened.close();
          },
          startNow() {
            const problem = startNowProblem(seats);
            if (problem !== null) return { ok: false, reason: problem };
            early.abort();
            return { ok: true };
          },
          async fillWithBots(kind) {
            if (local === undefined) return { ok: false, reason: 'This lobby has no address the bots could dial.' };
            const empty = seatsForBots(players, seats, bots.filter((b) => !b.joined()).length);
            if (empty <= 0) return { ok: false, reason: 'Every seat is taken.' };
            for (let i = 0; i < empty; i++) {
              const bot = await startBotPeer(
                profile,
                local,
                `${BOT_NAMES[bots.length % BOT_NAMES.length]} (bot)`,
                kind,
                seed + 100 + bots.length,
              );
              if (!bot.ok) return bot;
              bots.push(bot.bot);
            }
            return { ok: true, added: empty };
          },
        },
      };
    },

    async joinGame({ address, name, profile = 'native' }, onLobby): Promise<Opened> {
      const opened = await endpointFor(profile, profile === 'cs3099' ? null : 0);
      if (!opened.ok) return opened;
      const node = opened.endpoint;
      // The lobby is open once the host has accepted us: its first news is the players already there.
      let accepted = () => {};
      const acceptance = new Promise<null>((resolve) => (accepted = () => resolve(null)));
      const result = joinLobby(node, address, {
        name,
        features: profile === 'cs3099' ? [] : [...NATIVE_FEATURES],
        startTimeoutMs: 60 * 60_000,
        onEvent: (event) => {
          accepted();
          onLobby(event);
        },
        // The host's rules, shown in the lobby before the game starts (leaving the lobby declines them).
        onRules: (rules) => {
          onLobby({ type: 'rules', rules });
          return true;
        },
      });
      const refused = await refusedAtOnce(result, acceptance, opened);
      if (refused !== null) return refused;
      return {
        ok: true,
        lobby: {
          addresses: [],
          started: lobbyStarted(opened, result, profile),
          async cancel() {
            await opened.close();
          },
        },
      };
    },

    async resumeNetworkGame(request, onLobby): Promise<Opened> {
      // The players it needs: those not neutral at this store's latest point; the lowest of them hosts.
      let active: number[] = [];
      const stored = await storedNetworkGame(request.id, 'resume', (game, me) => {
        active = activeSeats(game) ?? game.players.map((_, seat) => seat);
        const hostSeat = active[0] ?? 0;
        return resumePartProblem(game.players[hostSeat]!.name, me, request.host, hostSeat);
      });
      if (!stored.ok) return stored;
      const { gameStore, game, me, key } = stored;
      const name = game.players[me]!.name;
      const header = recordHeader(gameStore, game.id);
      // The host listens where it did, so the others' stored address of it still works.
      const listening = await listen(request.host ? (portOf(game.players[me]!.addresses) ?? options.port) : 0, key);
      if (!listening.ok) return listening;
      const node = listening.node;
      const opened = { endpoint: node, close: () => node.stop().catch(() => {}) };
      const abort = new AbortController();
      // The joiner's lobby is open once the host has accepted it: its first news is the players there.
      let accepted = () => {};
      const acceptance = new Promise<null>((resolve) => (accepted = () => resolve(null)));
      const ackTimeoutMs = header?.ackTimeoutMs ?? options.ackTimeoutMs;
      const moveTimeoutMs = header?.moveTimeoutMs ?? options.moveTimeoutMs;
      const result = request.host
        ? hostLobby(node, {
            players: game.players.length,
            name,
            features: [...NATIVE_FEATURES],
            ackTimeoutMs,
            moveTimeoutMs,
            rules: (header?.rules ?? {}) as Rules,
            // Each returning player gets its own seat by its key, whatever order they come in; a
            // player made neutral need not come back.
            seats: game.players.map((p) => p.peerId ?? ''),
            awaited: active,
            onEvent: onLobby,
            signal: abort.signal,
          })
        : joinLobby(node, request.address, {
            name,
            features: [...NATIVE_FEATURES],
            startTimeoutMs: 60 * 60_000,
            onEvent: (event) => {
              accepted();
              onLobby(event);
            },
          });
      const started = result.then(async (lobby): Promise<Started> => {
        if (!lobby.ok) {
          await opened.close();
          return lobby;
        }
        const timeoutMs = Math.max(10_000, lobby.roster.ackTimeoutMs * 5);
        onLobby({ type: 'info', text: `Every player is here: ${comparingHistories(lobby.roster, timeoutMs)}…` });
        try {
          const agreed = await resumeOverRoster(gameStore, lobby.roster, {
            gameId: networkGameId(game.uid),
            host: request.host,
            timeoutMs,
          });
          if (!agreed.ok) {
            await sleep(LINGER_MS);
            await opened.close();
            return { ok: false, reason: `cannot resume game #${game.id}: ${agreed.reason}` };
          }
          const resumed = agreed.resumed;
          return {
            ok: true,
            // Every seat plays on, one neutral that stayed away too (the session has no link to it).
            table: networkTable(
              opened,
              { ...lobby.roster, players: resumed.players.map((p) => ({ ...p, addresses: p.addresses ?? [] })) },
              'native',
              {
                recorder: resumed.recorder,
                finish: resumed.finish,
                resume: resumed.resume,
                storedId: resumed.storedId,
                history: resumed.history,
                notes: [`Every player holds the same history: game #${game.id} goes on from move ${resumed.index}.`],
                told: game,
              },
            ),
          };
        } catch (error) {
          // A fault here (the database, say) ends the attempt with its reason, and stops this peer.
          await opened.close();
          return { ok: false, reason: `cannot resume game #${game.id}: ${(error as Error).message}` };
        }
      });
      if (!request.host) {
        // A host that is not there, or refuses this key, is said at once (not after a lobby screen).
        const refused = await refusedAtOnce(result, acceptance, opened);
        if (refused !== null) return refused;
      }
      return {
        ok: true,
        lobby: {
          addresses: request.host ? shareableFirst(node.addresses()) : [],
          started,
          async cancel() {
            abort.abort();
            await opened.close();
          },
        },
      };
    },

    async rejoinNetworkGame(id): Promise<Started> {
      const stored = await storedNetworkGame(id, 'rejoin');
      if (!stored.ok) return stored;
      const { gameStore, game, me, key } = stored;
      // Where it listened before: the others (and their stored addresses) know that port.
      const listening = await listen(portOf(game.players[me]!.addresses) ?? 0, key);
      if (!listening.ok) return listening;
      const node = listening.node;
      const close = () => node.stop().catch(() => {});
      const back = await rejoinFromStore(gameStore, String(game.id), node, null, REJOIN_TIMEOUT_MS).catch(
        (error: Error) => ({ ok: false as const, reason: error.message }),
      );
      if (!back.ok) {
        await close();
        return { ok: false, reason: `cannot rejoin game #${game.id}: ${back.reason}` };
      }
      const rejoined = back.rejoined;
      const roster = rejoinedRoster(rejoined, (player) => game.players[player]?.addresses ?? []);
      return {
        ok: true,
        table: networkTable({ endpoint: node, close }, roster, 'native', {
          recorder: rejoined.recorder,
          finish: rejoined.finish,
          rejoin: rejoined.rejoin,
          storedId: rejoined.storedId,
          notes: [`You took your seat back in game #${game.id}.`, ...rejoined.notes],
        }),
      };
    },
  };

  /**
   * A stored networked game this player can try to resume or rejoin, with the key of its seat; or
   * why not (`check`: a further reason of the caller's, before the key is looked for).
   */
  async function storedNetworkGame(
    id: number,
    what: 'resume' | 'rejoin',
    check: (game: StoredGame, me: number) => string | null = () => null,
  ): Promise<
    { ok: true; gameStore: GameStore; game: StoredGame; me: number; key: PrivateKey } | { ok: false; reason: string }
  > {
    const gameStore = kit.openStore(null);
    if (gameStore === null)
      return { ok: false, reason: 'games are not saved here (--no-record, or the database cannot be opened)' };
    const found = gameStore.find(String(id));
    if (!found.ok) return found;
    const game = found.game;
    const problem = chancesOf(gameStore, game)[what] ?? check(game, game.me ?? -1);
    if (problem !== null || game.me === null)
      return {
        ok: false,
        reason: `game #${game.id} cannot be ${what === 'resume' ? 'resumed' : 'rejoined'}: ${problem}`,
      };
    const key = await keyFor(game.players[game.me]!.peerId ?? '', keptKeysDir(gameStore), options.keyPath);
    if (!key.ok) return key;
    return { ok: true, gameStore, game, me: game.me, key: key.key };
  }
}
