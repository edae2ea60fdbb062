// Starting the games the terminal UI offers: it wires peers, bots, sessions and the table the
// screen shows. The views only see the Launcher interface. The networked games (launcher-net.ts)
// load on first use: the menu's first paint needs none of libp2p, zod or the wire code.
import { randomBytes } from 'node:crypto';
import { type BotKind, createBot } from '../ai/registry.js';
import { botSeat } from '../ai/seat.js';
import { type Action, classicBoard, type GameState } from '../model/index.js';
import { shareableFirst } from '../net/addresses.js';
import { seededDice } from '../protocol/random.js';
import { loadResumable, resumedLocalSession, storedLocalSession } from '../sessions/local-resume.js';
import { LocalSession } from '../sessions/local-session.js';
import { activeSeats } from '../sessions/resume-seats.js';
import type { Seat } from '../sessions/seat.js';
import { pruneKeptKeys } from '../store/kept-keys.js';
import { chancesOf } from '../store/network-games.js';
import { defaultStorePath } from '../store/paths.js';
import { gameSeries, gatherStats, latestFinished } from '../store/stats.js';
import { GameStore, type GameSummary } from '../store/store.js';
import { humanSeat } from '../views/human-seat.js';
import type { HotSeatPlayer, Launcher, SavedGame, SavedGames, Started } from '../views/launcher.js';
import { describeRiscStats, describeStats } from '../views/stats-text.js';
import { Table } from '../views/table.js';
import { DEFAULT_LAUNCH, type LauncherOptions, type LaunchKit, retell, sleep } from './launch-kit.js';

export { DEFAULT_LAUNCH, type LauncherOptions } from './launch-kit.js';

const randomSeed = () => randomBytes(4).readUInt32BE(0);

/** How many stored networked games the Resume screen lists at most. */
const NETWORK_LISTED = 30;

/** The saved games the Resume screen lists: local ones, then networked ones. */
function savedIn(store: GameStore): SavedGame[] {
  const local: SavedGame[] = store.games({ status: 'playing', kinds: ['hotseat', 'quick'], game: 'classic' });
  // Networked games: the unfinished ones, then the latest finished (each with why it cannot go on).
  const networked = store
    .games({ kinds: ['network', 'bot', 'cs3099'], game: 'classic', limit: NETWORK_LISTED })
    .sort((a, b) => Number(a.status === 'finished') - Number(b.status === 'finished'))
    .map((game) => savedNetworkGame(store, game));
  return [...local, ...networked];
}

/** A stored networked game as the Resume screen lists it: what can be done with it, or why not. */
function savedNetworkGame(store: GameStore, game: GameSummary): SavedGame {
  let chances: { resume: string | null; rejoin: string | null };
  try {
    chances = chancesOf(store, game);
  } catch (error) {
    const reason = `its record cannot be read: ${(error as Error).message}`;
    chances = { resume: reason, rejoin: reason };
  }
  // Who hosts its resume: the lowest seat not neutral in this store (its replay, only if it can be resumed).
  let host = 0;
  if (chances.resume === null && game.status !== 'finished') {
    const found = store.find(String(game.id));
    host = (found.ok ? activeSeats(found.game)?.[0] : undefined) ?? 0;
  }
  const hostAddresses = shareableFirst(game.players[host]?.addresses ?? []);
  return {
    ...game,
    network: {
      me: game.me,
      status: game.status,
      profile: game.profile,
      resume: chances.resume,
      rejoin: chances.rejoin,
      ...(host !== 0 ? { host } : {}),
      hostAddresses,
    },
  };
}

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

export function realLauncher(options: LauncherOptions = DEFAULT_LAUNCH): Launcher {
  const seed = options.seed ?? randomSeed();

  // The game database, opened on first use; a game still runs (unsaved) when it cannot be opened.
  let store: GameStore | null = null;
  let storeProblem: string | null = null;
  function openStore(table: Table | null): GameStore | null {
    if (!options.record) return null;
    if (store === null && storeProblem === null) {
      const opened = GameStore.open(options.storePath ?? defaultStorePath());
      if (opened.ok) {
        store = opened.store;
        // Keys of games that are over: a key left behind can fail to be removed again next time.
        pruneKeptKeys(store, options.keyPath);
      } else storeProblem = opened.reason;
    }
    if (store === null && table !== null)
      table.record({ type: 'info', text: `this game is not saved: ${storeProblem}` });
    return store;
  }

  const kit: LaunchKit = {
    options,
    seed,
    openStore,
    botSeat: (kind, botSeed, running) => makeBotSeat(kind, botSeed, options.botDelayMs, running),
    autoPlacer,
  };
  let network: Promise<ReturnType<typeof import('./launcher-net.js').networkGames>> | null = null;
  const networking = () => {
    network ??= import('./launcher-net.js').then(({ networkGames }) => networkGames(kit));
    return network;
  };

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

  return {
    ...(options.rules ? { defaultRules: options.rules } : {}),
    ...(options.bot ? { defaultBot: options.bot } : {}),
    // The networked games load on first use: the menu shows without libp2p, zod or the wire code.
    quickGame: async (name, bot) => (await networking()).quickGame(name, bot),
    hostGame: async (game, onLobby) => (await networking()).hostGame(game, onLobby),
    joinGame: async (game, onLobby) => (await networking()).joinGame(game, onLobby),
    resumeNetworkGame: async (request, onLobby) => (await networking()).resumeNetworkGame!(request, onLobby),
    rejoinNetworkGame: async (id) => (await networking()).rejoinNetworkGame!(id),

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
        table.setResumable(true);
        const meta = {
          kind: 'hotseat' as const,
          players: players.map((p) => ({ name: p.name, botKind: p.kind === 'human' ? null : p.kind })),
          ...(rules ? { rules } : {}),
        };
        return storedLocalSession(store, meta, seats, { onEvent: table.record });
      });
    },

    savedGames(): SavedGames {
      const store = openStore(null);
      // Said, not shown as an empty list: a player must not think their saved games are lost.
      if (store === null) return { ok: false, reason: storeProblem ?? 'games are not saved (--no-record)' };
      try {
        return { ok: true, games: savedIn(store) };
      } catch (error) {
        // Another program may hold the database too long, or a page of it may be damaged.
        return { ok: false, reason: `the saved games in ${store.path} cannot be read: ${(error as Error).message}` };
      }
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
      // A quick game goes on at this keyboard: its bots no longer need peers of their own.
      return startLocal(
        stored,
        (table) => {
          const seats = stored.map((p, i) =>
            p.kind === 'human'
              ? humanSeat(table)
              : makeBotSeat(p.kind, seed + i + 1, options.botDelayMs, table.whenRunning),
          );
          retell(table, resumable.game);
          table.record({ type: 'info', text: `resumed game ${id} at turn ${resumable.state.turn}` });
          table.setResumable(true);
          return resumedLocalSession(store, resumable, seats, { onEvent: table.record });
        },
        resumable.game.kind === 'quick' ? 'quick' : 'hotseat',
      );
    },

    // RISC's games load when RISC is chosen in the menu.
    risc: async () => (await import('./risc-launcher.js')).riscLauncher(options, seed),

    statsText(width: number): string[] {
      const store = openStore(null);
      if (store === null) return [storeProblem ?? 'games are not saved (--no-record): no statistics'];
      const chartId = latestFinished(store);
      const series = chartId === null ? null : gameSeries(store, chartId);
      const risc = describeRiscStats(gatherStats(store, { game: 'risc' }));
      const classic = describeStats(gatherStats(store), series === null ? null : { id: chartId!, ...series }, width);
      return risc.length > 0 ? [...classic, '', ...risc] : classic;
    },
  };
}
