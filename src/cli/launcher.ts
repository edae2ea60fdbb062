// Starting the games the terminal UI offers: it wires peers, bots, sessions and the table the
// screen shows. The views only see the Launcher interface.
import { randomBytes } from 'node:crypto';
import { type BotKind, createBot } from '../ai/registry.js';
import { botSeat } from '../ai/seat.js';
import { hostLobby, joinLobby, type LobbyEndpoint, type LobbyEvent, type Roster } from '../controller/lobby.js';
import { LocalSession } from '../controller/local-session.js';
import { startLoopbackGame } from '../controller/loopback-game.js';
import { identityFor } from '../controller/net/identity.js';
import { PeerNode } from '../controller/net/libp2p-node.js';
import { listenTcp, TcpEndpoint } from '../controller/net/tcp.js';
import { sessionFor } from '../controller/peer-game.js';
import { defaultRecordPath, fileRecorder } from '../controller/recorder.js';
import type { Seat } from '../controller/seat.js';
import { featuresFrom, MeshSession, NATIVE_FEATURES, type SessionEvent } from '../controller/session.js';
import { StarSession } from '../controller/star-session.js';
import { defaultStorePath } from '../controller/store/paths.js';
import { storeSession, teeRecorder } from '../controller/store/recorder.js';
import { loadResumable, resumedLocalSession, storedLocalSession } from '../controller/store/resume.js';
import { gameSeries, gatherStats, latestFinished } from '../controller/store/stats.js';
import { GameStore, type GameSummary } from '../controller/store/store.js';
import { type Action, classicBoard, type GameState } from '../model/index.js';
import { seededDice } from '../protocol/random.js';
import { describeRules, type Rules } from '../protocol/rules.js';
import { gameEndOf } from '../views/game-end.js';
import { humanSeat } from '../views/human-seat.js';
import type { HotSeatPlayer, Launcher, Opened, Profile, Started } from '../views/launcher.js';
import { describeStats } from '../views/stats-text.js';
import { Table } from '../views/table.js';

export interface LauncherOptions {
  /** Address to listen on when hosting or joining: 0.0.0.0 (classmates can join) or 127.0.0.1. */
  readonly listen: string;
  /** Port to host on; if taken, any free port (unless `strictPort`). */
  readonly port: number;
  /** The port was chosen explicitly (--port): when it is taken, say so instead of taking another. */
  readonly strictPort?: boolean;
  /** Networked games: how long a player may think before being made neutral. */
  readonly moveTimeoutMs: number;
  readonly ackTimeoutMs: number;
  /** A pause before each bot move after the setup, so a person can follow the bots' turns. */
  readonly botDelayMs: number;
  /** Write a record of networked games (for risk verify). */
  readonly record: boolean;
  /**
   * Where this player's peer identity is kept between games; none: a new identity for each run, so
   * two programs on one machine (or on machines sharing a home directory) never share one.
   */
  readonly keyPath?: string;
  /** Seed for bots, hot-seat dice and automatic placement; random by default. */
  readonly seed?: number;
  /** The game database for hot-seat games (saved move by move, resumable); default $RISK_DB or the data directory. Not used without `record`. */
  readonly storePath?: string;
  /** House rules chosen on the command line: the default for hosting and hot seat. */
  readonly rules?: Rules;
  /** People here choose their defence dice by hand (default: the most dice, without asking). */
  readonly defendByHand?: boolean;
}

export const DEFAULT_LAUNCH: LauncherOptions = {
  listen: '0.0.0.0',
  port: 7475,
  moveTimeoutMs: 5 * 60_000,
  ackTimeoutMs: 10_000,
  botDelayMs: 250,
  record: true,
};

const QUICK_BOTS = ['Ada', 'Babbage', 'Curie'];
// Names for bots that fill a lobby's empty seats.
const BOT_NAMES = ['Ada', 'Babbage', 'Curie', 'Dijkstra', 'Euler'];
// A person in a quick game may think as long as they like: the bots wait.
const QUICK_MOVE_TIMEOUT_MS = 24 * 60 * 60_000;
// Lets the last acknowledgements leave before the connections close.
const LINGER_MS = 300;

const randomSeed = () => randomBytes(4).readUInt32BE(0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A bot seat that waits a moment before each move after the setup, and while the local game is
 * paused (`running` resolves when it goes on).
 */
function paced(seat: Seat, delayMs: number, running: () => Promise<void> = () => Promise.resolve()): Seat {
  return {
    kind: seat.kind,
    async decide(state, player) {
      await running();
      if (delayMs > 0 && state.phase !== 'setup' && state.phase !== 'defend') await sleep(delayMs);
      await running();
      return seat.decide(state, player);
    },
  };
}

function makeBotSeat(kind: BotKind, seed: number, delayMs: number, running?: () => Promise<void>): Seat {
  return paced(
    botSeat(createBot(kind, seededDice(seed)), seededDice(seed ^ 0x5eed), { deadlineMs: 5000 }),
    delayMs,
    running,
  );
}

/** The computer's move for a person who asked it to (place the rest of the setup, or play for them). */
function autoPlacer(seed: number): (state: GameState, player: number) => Action {
  const bot = createBot('normal', seededDice(seed));
  return (state, player) => bot.decide(state, player);
}

/** Non-loopback addresses first: those are the ones classmates can dial. */
export function shareableFirst(addresses: readonly string[]): string[] {
  const local = (a: string) => /\/ip4\/127\.|\/ip6\/::1\//.test(a);
  return [...addresses].sort((a, b) => Number(local(a)) - Number(local(b)));
}

export function realLauncher(options: LauncherOptions = DEFAULT_LAUNCH): Launcher {
  const seed = options.seed ?? randomSeed();

  // The game database, opened on first use; a game still runs (unsaved) when it cannot be opened.
  let store: GameStore | null = null;
  let storeProblem: string | null = null;
  function openStore(table: Table | null): GameStore | null {
    if (!options.record) return null;
    if (store === null && storeProblem === null) {
      const opened = GameStore.open(options.storePath ?? defaultStorePath());
      if (opened.ok) store = opened.store;
      else storeProblem = opened.reason;
    }
    if (store === null && table !== null)
      table.record({ type: 'info', text: `this game is not saved: ${storeProblem}` });
    return store;
  }

  /** A local game (hot seat, or a resumed one) on a new table; a resumed quick game shows as a quick game. */
  function startLocal(
    players: readonly HotSeatPlayer[],
    makeSession: (table: Table) => LocalSession,
    mode: 'hotseat' | 'quick' = 'hotseat',
  ): Started {
    let local: LocalSession | null = null;
    const human = mode === 'quick' ? ('you' as const) : ('human' as const);
    const table = new Table({
      mode,
      players: players.map((p, id) => ({ id, name: p.name, kind: p.kind === 'human' ? human : 'bot' })),
      autoPlace: autoPlacer(seed),
      autoPlay: autoPlacer(seed + 7),
      autoPlayDelayMs: options.botDelayMs,
      defendByHand: options.defendByHand === true,
      onQuit: async () => local?.stop(),
    });
    try {
      local = makeSession(table);
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    table.show(local.current);
    const session = local;
    void session.run().then((result) => {
      if (result.stopped && store !== null && options.record)
        table.note('This game is saved: Resume in the menu goes on with it.');
      table.end({ winner: result.winner, outcome: result.stopped ? 'stopped' : null, reason: null });
    });
    return { ok: true, table };
  }

  async function listen(port: number): Promise<{ ok: true; node: PeerNode } | { ok: false; reason: string }> {
    const key = await identityFor(options.keyPath);
    if (!key.ok) return key;
    try {
      return { ok: true, node: await PeerNode.start({ host: options.listen, port, privateKey: key.key }) };
    } catch (error) {
      if (port !== 0 && !options.strictPort) return listen(0);
      return {
        ok: false,
        reason: `cannot listen on ${options.listen}${port ? ` port ${port}` : ''}: ${(error as Error).message}`,
      };
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
        return { ok: false, reason: `cannot listen on ${options.listen} port ${port}: ${(error as Error).message}` };
      }
      return { ok: true, endpoint: new TcpEndpoint(tcp), close: () => tcp.close().catch(() => {}) };
    }
    const listening = await listen(port ?? 0);
    if (!listening.ok) return listening;
    const node = listening.node;
    return { ok: true, endpoint: node, close: () => node.stop().catch(() => {}) };
  }

  /** The table of a networked game once the lobby is done: one session, this player's seat. */
  function networkTable(close: () => Promise<void>, roster: Roster, profile: Profile): Table {
    const node = { stop: close };
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
    const gameStore = openStore(table);
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
            players: roster.players.map((p) => ({ name: p.name, peerId: p.peerId })),
          });
    const recorder = file && stored ? teeRecorder(file, stored.recorder) : (file ?? stored?.recorder);
    const onEvent = (event: SessionEvent) => {
      stored?.onEvent(event);
      table.record(event);
    };
    const session =
      profile === 'cs3099'
        ? new StarSession({
            me: roster.me,
            role: roster.me === 0 ? 'host' : 'client',
            players: roster.players.map((p) => ({ id: p.id, name: p.name })),
            links: roster.links,
            seat: humanSeat(table),
            ackTimeoutMs: roster.ackTimeoutMs,
            moveTimeoutMs: roster.moveTimeoutMs,
            onEvent,
            ...(recorder ? { recorder } : {}),
          })
        : sessionFor(roster, { seat: humanSeat(table), onEvent, ...(recorder ? { recorder } : {}) });
    leave = () => session.leave();
    table.show(session.current);
    if (file) table.note(`recording this game to ${file.path}`);
    void session.run().then(async (result) => {
      stored?.finish(result);
      table.end(gameEndOf(result, left));
      await sleep(LINGER_MS);
      await node.stop().catch(() => {});
    });
    return table;
  }

  function lobbyStarted(
    close: () => Promise<void>,
    result: Promise<{ ok: true; roster: Roster } | { ok: false; reason: string }>,
    profile: Profile,
  ): Promise<Started> {
    return result.then(async (lobby) => {
      if (lobby.ok) return { ok: true, table: networkTable(close, lobby.roster, profile) };
      await close();
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
    const seat = makeBotSeat(kind, botSeed, options.botDelayMs);
    void joinLobby(opened.endpoint, address, {
      name,
      features: profile === 'cs3099' ? [] : [...NATIVE_FEATURES],
      startTimeoutMs: 60 * 60_000,
      onEvent: () => (accepted = true),
    }).then(async (lobby) => {
      if (!lobby.ok || stopped) return stop();
      const roster = lobby.roster;
      const game =
        profile === 'cs3099'
          ? new StarSession({
              me: roster.me,
              role: 'client',
              players: roster.players.map((p) => ({ id: p.id, name: p.name })),
              links: roster.links,
              seat,
              ackTimeoutMs: roster.ackTimeoutMs,
              moveTimeoutMs: roster.moveTimeoutMs,
            })
          : sessionFor(roster, { seat });
      session = game;
      await game.run();
      await stop();
    });
    return { ok: true, bot: { joined: () => accepted, stop } };
  }

  return {
    ...(options.rules ? { defaultRules: options.rules } : {}),
    async quickGame(name) {
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
      const gameStore = openStore(me);
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
              players: [{ name, botKind: null }, ...QUICK_BOTS.map((bot) => ({ name: bot, botKind: 'normal' }))],
            });
      const game = await startLoopbackGame(
        [
          { name, seat: humanSeat(me), ...(stored ? { recorder: stored.recorder } : {}) },
          ...QUICK_BOTS.map((bot, i) => ({
            name: bot,
            seat: makeBotSeat('normal', seed + i + 1, options.botDelayMs, me.whenRunning),
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
      { players, name, profile = 'native', rules = options.rules },
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
        moveTimeoutMs: options.moveTimeoutMs,
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
          started: lobbyStarted(opened.close, result, profile).then(async (started) => {
            if (!started.ok) await stopBots();
            return started;
          }),
          async cancel() {
            abort.abort();
            await stopBots();
            await opened.close();
          },
          startNow() {
            if (seats.size < 2)
              return { ok: false, reason: 'Nobody has joined yet: a game needs at least 2 players (add bots with b).' };
            const missing = [...Array(seats.size).keys()].find((id) => !seats.has(id));
            if (missing !== undefined)
              return {
                ok: false,
                reason: `Seat ${missing + 1} is empty since a player left: wait for someone, or add bots with b.`,
              };
            early.abort();
            return { ok: true };
          },
          async fillWithBots(kind) {
            if (local === undefined) return { ok: false, reason: 'This lobby has no address the bots could dial.' };
            const empty = players - seats.size - bots.filter((b) => !b.joined()).length;
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
          onLobby({ type: 'info', text: `Rules: ${describeRules(rules, null).join(' · ')}` });
          return true;
        },
      });
      const early = await Promise.race([result, acceptance]);
      if (early !== null && !early.ok) {
        await opened.close();
        return early;
      }
      return {
        ok: true,
        lobby: {
          addresses: [],
          started: lobbyStarted(opened.close, result, profile),
          async cancel() {
            await opened.close();
          },
        },
      };
    },

    hotSeat(players: readonly HotSeatPlayer[], rules = options.rules): Started {
      const seatsFor = (table: Table) =>
        players.map((p, i) =>
          p.kind === 'human'
            ? humanSeat(table)
            : makeBotSeat(p.kind, seed + i + 1, options.botDelayMs, table.whenRunning),
        );
      return startLocal(players, (table) => {
        const seats = seatsFor(table);
        const store = openStore(table);
        if (store === null)
          return new LocalSession({
            board: classicBoard(),
            seats,
            dice: seededDice(seed),
            onEvent: table.record,
            ...(rules ? { rules } : {}),
          });
        const meta = {
          kind: 'hotseat' as const,
          players: players.map((p) => ({ name: p.name, botKind: p.kind === 'human' ? null : p.kind })),
          ...(rules ? { rules } : {}),
        };
        return storedLocalSession(store, meta, seats, { onEvent: table.record });
      });
    },

    savedGames(): GameSummary[] {
      const store = openStore(null);
      return store === null ? [] : store.games({ status: 'playing', kinds: ['hotseat', 'quick'] });
    },

    resumeGame(id: number): Started {
      const store = openStore(null);
      if (store === null) return { ok: false, reason: storeProblem ?? 'games are not saved (--no-record)' };
      const resumable = loadResumable(store, String(id));
      if (!resumable.ok) return resumable;
      const stored = resumable.game.players.map((p) => ({
        name: p.name,
        kind: (p.botKind ?? 'human') as HotSeatPlayer['kind'],
      }));
      return startLocal(
        stored,
        (table) => {
          const seats = stored.map((p, i) =>
            p.kind === 'human'
              ? humanSeat(table)
              : makeBotSeat(p.kind, seed + i + 1, options.botDelayMs, table.whenRunning),
          );
          table.record({ type: 'info', text: `resumed game ${id} at turn ${resumable.state.turn}` });
          return resumedLocalSession(store, resumable, seats, { onEvent: table.record });
          // A quick game goes on at this keyboard: its bots no longer need peers of their own.
        },
        resumable.game.kind === 'quick' ? 'quick' : 'hotseat',
      );
    },

    statsText(width: number): string[] {
      const store = openStore(null);
      if (store === null) return [storeProblem ?? 'games are not saved (--no-record): no statistics'];
      const chartId = latestFinished(store);
      const series = chartId === null ? null : gameSeries(store, chartId);
      return describeStats(gatherStats(store), series === null ? null : { id: chartId!, ...series }, width);
    },
  };
}
