// The web view's side in the `risk` process: what the page shows (the menu, a lobby, a game, RISC,
// the statistics, the saved games) and what its commands do, over the same Launcher and Table the
// terminal UI and plain text use. The page holds nothing of the game: a reload, or a second tab,
// gets the same screen from here. The server (server.ts) carries this to the page and the page's
// commands back.
import type { RiscBotKind } from '../../ai/risc/bots.js';
import { type Action, apply, checkCapitalChoice, type Dice, type GameState } from '../../model/index.js';
import { DEFAULT_START_UNITS, DEFAULT_TURN_LIMIT } from '../../model/risc/index.js';
import { describeTerms, type RiscTerms } from '../../protocol/risc-terms.js';
import {
  adviceFor,
  type Launcher,
  type Lobby,
  type LobbyNews,
  type Opened,
  plainReason,
  type SavedGame,
  type Started,
  shortAddress,
} from '../launcher.js';
import type { PlainStart } from '../plain.js';
import type { RiscLauncher, RiscOpened, RiscStarted } from '../risc/match.js';
import { rulesWords } from '../rules-words.js';
import {
  findSavedGame,
  type NetworkAction,
  NO_SAVED_GAMES,
  networkActions,
  resumeAdvice,
  resumeWay,
} from '../saved-games.js';
import type { Table } from '../table.js';
import { RiscWebGame } from './risc-web.js';
import { savedView } from './saved-view.js';
import { SeriesKeeper, wireTable } from './table-wire.js';
import type { Defaults, LobbyView, PageCommand, SavedView, ScreenView } from './wire.js';

export type WebStart =
  | PlainStart
  /** RISC against bots on this machine (the launcher's RISC games), or a stored one resumed. */
  | { readonly kind: 'risc'; readonly players: number; readonly bot: RiscBotKind; readonly terms?: RiscTerms }
  | { readonly kind: 'risc-resume'; readonly id: number }
  /** RISC with people on other machines (and bots on this one): hosting a lobby, or joining one. */
  | { readonly kind: 'risc-host'; readonly players: number; readonly terms: RiscTerms }
  | { readonly kind: 'risc-join'; readonly address: string };

const RESUME_WAITS = 'a resumed game starts once every player still in it is there (no bots take a seat)';

const RISC_TERMS: RiscTerms = { startUnits: DEFAULT_START_UNITS, turnLimit: DEFAULT_TURN_LIMIT };

export interface WebFrontOptions {
  readonly launcher: Launcher;
  readonly defaults: Defaults;
  readonly start: WebStart;
  /** The page's Quit: the program ends. */
  readonly onQuit: () => void;
}

type Result = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What the page's lobby uses of a classic or a RISC lobby (their games start differently). */
type AnyLobby = Pick<Lobby, 'addresses' | 'cancel' | 'startNow' | 'fillWithBots'>;

interface LobbyScreen {
  readonly kind: 'lobby';
  readonly game: 'classic' | 'risc';
  readonly hosting: boolean;
  lobby: AnyLobby | null;
  readonly seats: number | null;
  players: { id: number; name: string }[];
  rules: string[];
  news: string[];
  /** The saved game it resumes (it starts once every player still in it is there), or null. */
  readonly resume: number | null;
}

type Screen =
  | { readonly kind: 'menu'; readonly notice: string | null }
  | { readonly kind: 'starting'; readonly what: string }
  /** `advice`: what to do about it, when the general advice (adviceFor) is not the right one. */
  | { readonly kind: 'failed'; readonly reason: string; readonly advice: string | null }
  | LobbyScreen
  | {
      readonly kind: 'game';
      readonly id: number;
      readonly table: Table;
      readonly series: SeriesKeeper;
      readonly off: () => void;
    }
  | { readonly kind: 'risc'; readonly game: RiscWebGame }
  | { readonly kind: 'stats'; readonly lines: readonly string[] }
  | ({ readonly kind: 'saved' } & SavedView)
  | { readonly kind: 'closed' };

/** A lobby this player hosts, as it opens: itself in seat 0 of `seats`. */
const hostingLobby = (game: LobbyScreen['game'], name: string, seats: number, rules: string[]): LobbyScreen => ({
  kind: 'lobby',
  game,
  hosting: true,
  lobby: null,
  seats,
  players: [{ id: 0, name }],
  rules,
  news: [],
  resume: null,
});

/** A lobby this player joins at `address`, as it opens: the host tells the rest. */
const joiningLobby = (game: LobbyScreen['game'], address: string): LobbyScreen => ({
  kind: 'lobby',
  game,
  hosting: false,
  lobby: null,
  seats: null,
  players: [],
  rules: [],
  news: [`joining ${address}…`],
  resume: null,
});

/** A saved networked game's lobby: hosted again by this player (its seat `me`), or joined at `address`. */
const resumeLobby = (game: SavedGame, me: number, address: string | null): LobbyScreen => ({
  kind: 'lobby',
  game: 'classic',
  hosting: address === null,
  lobby: null,
  seats: address === null ? game.players.length : null,
  players: address === null ? [{ id: me, name: game.players[me]?.name ?? '' }] : [],
  rules: [],
  news: [
    address === null
      ? `hosting game #${game.id} again: its other players choose Resume, this game, then Join its host`
      : `joining ${address} to resume game #${game.id}…`,
  ],
  resume: game.id,
});

/** A RISC game that started after the player moved on: it leaves at once. */
const leaveStarted = (started: RiscStarted) => {
  if (started.ok) started.match.leave();
};

const NEWS_KEEP = 30;
const STATS_WIDTH = 100;

// Dice for checking a move before it goes to the session (the result is thrown away).
const CHECK_DICE: Dice = { die: () => 1, below: () => 0, shuffle: (n) => [...Array(n).keys()] };

/** Whether `action` is a move the model accepts now; else why not. */
export function checkMove(state: GameState, action: Action): Result {
  if (action.command === 'choose_capital') {
    const problem = checkCapitalChoice(state, action.player, action.payload);
    return problem === null ? { ok: true } : { ok: false, reason: problem };
  }
  const applied = apply(state, action, CHECK_DICE);
  return applied.ok ? { ok: true } : applied;
}

export class WebFront {
  private screen: Screen = { kind: 'menu', notice: null };
  private readonly listeners = new Set<() => void>();
  /** Bumped whenever the screen moves on, so that a game that starts late is stopped, not shown. */
  private attempt = 0;
  private games = 0;

  constructor(private readonly options: WebFrontOptions) {
    this.begin(options.start);
  }

  get defaults(): Defaults {
    return this.options.defaults;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed = () => {
    for (const listener of this.listeners) listener();
  };

  private show(screen: Screen) {
    if (this.screen.kind === 'game' && this.screen !== screen) this.screen.off();
    this.screen = screen;
    this.changed();
  }

  /** The table of the game on screen, if any. */
  table(): Table | null {
    return this.screen.kind === 'game' ? this.screen.table : null;
  }

  view(): ScreenView {
    const s = this.screen;
    switch (s.kind) {
      case 'menu':
      case 'starting':
      case 'stats':
      case 'saved':
      case 'closed':
        return s;
      case 'failed':
        return { kind: 'failed', reason: plainReason(s.reason), advice: s.advice ?? adviceFor(s.reason) };
      case 'lobby': {
        const lobby: LobbyView = {
          game: s.game,
          hosting: s.hosting,
          addresses: (s.lobby?.addresses ?? []).map(shortAddress),
          players: s.players,
          seats: s.seats,
          rules: s.rules,
          news: s.news,
          resume: s.resume,
        };
        return { kind: 'lobby', lobby };
      }
      case 'game':
        return { kind: 'game', id: s.id, table: wireTable(s.table, s.series.series()) };
      case 'risc': {
        const risc = s.game.view();
        // Seats commit their placements in turn: until this one is asked, the others are placing.
        return risc === null
          ? { kind: 'starting', what: 'RISC (the other players place their units first)' }
          : { kind: 'risc', risc };
      }
    }
  }

  // ---- starting games ----

  private begin(start: WebStart) {
    const { launcher, defaults } = this.options;
    switch (start.kind) {
      case 'menu':
        return this.show({ kind: 'menu', notice: null });
      case 'quick':
        return this.quick(defaults.name, defaults.bot);
      case 'host':
        return void this.host(defaults.name, start.players, defaults.rules, defaults.moveTimeoutSeconds);
      case 'join':
        return void this.join(defaults.name, start.address);
      case 'hotseat':
        return this.play(launcher.hotSeat(start.players, defaults.rules));
      case 'risc':
        return this.risc(defaults.name, start.players, start.bot, start.terms);
      case 'risc-resume':
        return this.startRisc(`RISC game #${start.id}`, (risc) =>
          risc.resume ? risc.resume(start.id) : { ok: false, reason: 'stored RISC games cannot go on here' },
        );
      case 'risc-host':
        return void this.riscHost(defaults.name, start.players, start.terms);
      case 'risc-join':
        return void this.riscJoin(defaults.name, start.address);
      case 'saved':
        return this.showSaved();
      // From the command line: a game that cannot go on is said above the list of those that can.
      case 'resume': {
        const done = this.resumeAsked(start.id, start.address);
        return done.ok ? undefined : this.showSaved(done.reason);
      }
      case 'rejoin': {
        const done = this.goOnWith(start.id, 'rejoin');
        return done.ok ? undefined : this.showSaved(done.reason);
      }
      default:
        return start satisfies never;
    }
  }

  /** Why a game could not start or go on; for a saved networked game (`action`), what to do in its words. */
  private fail(reason: string, action?: NetworkAction) {
    this.show({ kind: 'failed', reason, advice: action === undefined ? null : resumeAdvice(reason, action) });
  }

  private play(started: Started, action?: NetworkAction) {
    this.attempt++;
    if (!started.ok) return this.fail(started.reason, action);
    const table = started.table;
    const series = new SeriesKeeper(table.view.players.length);
    series.see(table.view.state);
    const off = table.subscribe(() => {
      series.see(table.view.state);
      this.changed();
    });
    this.show({ kind: 'game', id: ++this.games, table, series, off });
  }

  /** Runs `start` for the screen shown now; its result is dropped (and a game stopped) if the player has moved on. */
  private starting<T>(
    what: string,
    start: () => Promise<T>,
    then: (result: T) => void,
    stop: (result: T) => void,
    action?: NetworkAction,
  ) {
    const mine = ++this.attempt;
    this.show({ kind: 'starting', what });
    start().then(
      (result) => (mine === this.attempt ? then(result) : stop(result)),
      (error: Error) => mine === this.attempt && this.fail(error.message, action),
    );
  }

  private quick(name: string, bot: 'easy' | 'normal' | 'hard') {
    this.starting(
      'a quick game: you and three bots, each bot a peer on this machine',
      () => this.options.launcher.quickGame(name, bot),
      (started) => this.play(started),
      (started) => started.ok && void started.table.quit(),
    );
  }

  private lobbyNews(screen: LobbyScreen, event: LobbyNews) {
    if (this.screen !== screen) return;
    if (event.type === 'rules') screen.rules = rulesWords(event.rules, null);
    else if (event.type === 'info') screen.news = [...screen.news, event.text].slice(-NEWS_KEEP);
    else {
      const { id, name } = event.player;
      screen.players =
        event.type === 'joined'
          ? [...screen.players.filter((p) => p.id !== id), { id, name }].sort((a, b) => a.id - b.id)
          : screen.players.filter((p) => p.id !== id);
      screen.news = [...screen.news, `${name} ${event.type === 'joined' ? 'joined' : 'left'}`].slice(-NEWS_KEEP);
    }
    this.changed();
  }

  /**
   * Shows `screen` while the lobby opens and gathers players, then hands its game to `begin`; a
   * game that starts after the player left the lobby is stopped (`stop`) instead.
   */
  private async openLobby<S>(
    screen: LobbyScreen,
    opening: (
      news: (e: LobbyNews) => void,
    ) => Promise<{ ok: true; lobby: AnyLobby & { started: Promise<S> } } | { ok: false; reason: string }>,
    begin: (started: S) => void,
    stop: (started: S) => Promise<void> | void,
    action?: NetworkAction,
  ) {
    const mine = ++this.attempt;
    this.show(screen);
    let opened: Awaited<ReturnType<typeof opening>>;
    try {
      opened = await opening((event) => this.lobbyNews(screen, event));
    } catch (error) {
      opened = { ok: false, reason: (error as Error).message };
    }
    if (mine !== this.attempt) {
      if (opened.ok) await opened.lobby.cancel();
      return;
    }
    if (!opened.ok) return this.fail(opened.reason, action);
    screen.lobby = opened.lobby;
    this.changed();
    const started = await opened.lobby.started;
    if (mine !== this.attempt) return void (await stop(started));
    begin(started);
  }

  /** A classic lobby's game, once it starts (`action`: a saved game's, hosted again or joined). */
  private openClassicLobby(
    screen: LobbyScreen,
    opening: (news: (e: LobbyNews) => void) => Promise<Opened>,
    action?: NetworkAction,
  ) {
    return this.openLobby(
      screen,
      opening,
      (started) => this.play(started, action),
      async (started) => {
        if (started.ok) await started.table.quit();
      },
      action,
    );
  }

  /** A RISC lobby (the launcher's RISC games, loaded when first played); its game shown as it is played. */
  private openRiscLobby(
    screen: LobbyScreen,
    opening: (risc: RiscLauncher, news: (e: LobbyNews) => void) => Promise<RiscOpened>,
  ) {
    return this.openLobby(
      screen,
      (news) => this.withRisc((risc) => opening(risc, news)),
      (started) => this.showRisc(started),
      leaveStarted,
    );
  }

  private host(name: string, players: number, rules: Defaults['rules'], moveTimeoutSeconds: number) {
    const screen = hostingLobby('classic', name, players, rulesWords(rules, players));
    return this.openClassicLobby(screen, (news) =>
      this.options.launcher.hostGame({ players, name, rules, moveTimeoutMs: moveTimeoutSeconds * 1000 }, news),
    );
  }

  private join(name: string, address: string) {
    const screen = joiningLobby('classic', address);
    return this.openClassicLobby(screen, (news) => this.options.launcher.joinGame({ address, name }, news));
  }

  // ---- saved games ----

  /** The saved games to go on with (`notice`: what became of the one asked for when risk started). */
  private showSaved(notice: string | null = null) {
    this.attempt++;
    this.show({ kind: 'saved', ...savedView(this.options.launcher.savedGames?.() ?? null, notice) });
  }

  /** Saved game `id`, or why it cannot go on here. */
  private savedGame(id: number): { ok: true; game: SavedGame } | { ok: false; reason: string } {
    const found = findSavedGame(this.options.launcher, id);
    return found.ok ? found : { ok: false, reason: found.reason };
  }

  /**
   * risk play resume <id> [address]: a local game goes on; a networked one is hosted again from its
   * host's seat, else joined at `address` (without one the player is asked for it on the list).
   */
  private resumeAsked(id: number, address: string | undefined): Result {
    const found = this.savedGame(id);
    if (!found.ok) return found;
    const { game } = found;
    const way = resumeWay(game);
    if (way !== 'join') return this.goOn(game, way);
    // A game that cannot go on says why, before any address is asked for.
    if (address !== undefined || networkActions(game).join !== null) return this.goOn(game, 'join', address);
    const hostSeat = game.network?.host ?? 0;
    const host = game.players[hostSeat]?.name ?? `player ${hostSeat}`;
    return {
      ok: false,
      reason: `${host} hosts the resume of game #${id}: join its host below, at the address its screen shows`,
    };
  }

  /** The page's Go on, Rejoin, Host it again or Join its host for saved game `id`; or why it cannot. */
  private goOnWith(id: number, how: 'local' | NetworkAction, address?: string): Result {
    const found = this.savedGame(id);
    return found.ok ? this.goOn(found.game, how, address) : found;
  }

  private goOn(game: SavedGame, how: 'local' | NetworkAction, address?: string): Result {
    const { launcher } = this.options;
    const id = game.id;
    const network = game.network;
    if (how === 'local') {
      if (network !== undefined)
        return { ok: false, reason: `game #${id} is a networked game: host it again, join its host, or rejoin it` };
      if (!launcher.resumeGame) return { ok: false, reason: NO_SAVED_GAMES };
      this.play(launcher.resumeGame(id));
      return { ok: true };
    }
    if (network === undefined) return { ok: false, reason: `game #${id} is a local game: Go on continues it` };
    const why = networkActions(game)[how];
    if (why !== null)
      return { ok: false, reason: `game #${id} cannot be ${how === 'rejoin' ? 'rejoined' : 'resumed'}: ${why}` };
    if (how === 'rejoin') {
      if (!launcher.rejoinNetworkGame) return { ok: false, reason: 'rejoining is not available here' };
      this.starting(
        `the rejoin of game #${id}: asking the other players, at their stored addresses, for the game so far`,
        () => launcher.rejoinNetworkGame!(id),
        (started) => this.play(started, 'rejoin'),
        (started) => started.ok && void started.table.quit(),
        'rejoin',
      );
      return { ok: true };
    }
    if (!launcher.resumeNetworkGame) return { ok: false, reason: 'resuming networked games is not available here' };
    // Joining: the address typed, else where its host was when the game was stored.
    const at = how === 'host' ? null : (address ?? network.hostAddresses[0] ?? null);
    if (how === 'join' && at === null)
      return { ok: false, reason: `game #${id}: the address of its host is needed (its screen shows it)` };
    void this.openClassicLobby(
      resumeLobby(game, network.me ?? 0, at),
      (news) => launcher.resumeNetworkGame!(at === null ? { id, host: true } : { id, host: false, address: at }, news),
      how,
    );
    return { ok: true };
  }

  private riscHost(name: string, players: number, terms: RiscTerms) {
    const screen = hostingLobby('risc', name, players, [describeTerms(terms)]);
    return this.openRiscLobby(screen, (risc, news) => risc.host({ players, name, terms }, news));
  }

  private riscJoin(name: string, address: string) {
    const screen = joiningLobby('risc', address);
    // The host's terms, once told, stand where a classic lobby shows its rules.
    const told = (terms: RiscTerms) => {
      if (this.screen !== screen) return;
      screen.rules = [describeTerms(terms)];
      this.changed();
    };
    return this.openRiscLobby(screen, (risc, news) => risc.join({ address, name }, news, told));
  }

  private risc(name: string, players: number, bot: RiscBotKind, terms: RiscTerms = RISC_TERMS) {
    this.startRisc(`RISC: you and ${players - 1} ${bot} bot${players > 2 ? 's' : ''}`, (risc) => ({
      ok: true,
      match: risc.local({ name, players, bot, terms }),
    }));
  }

  /** A RISC match from the launcher's RISC games (loaded when first played), shown as it is played. */
  private startRisc(what: string, start: (risc: RiscLauncher) => RiscStarted) {
    this.starting(
      what,
      () => this.withRisc(start),
      (started) => this.showRisc(started),
      leaveStarted,
    );
  }

  /** `use` with the launcher's RISC games (loaded when first played), or why there are none here. */
  private async withRisc<T>(use: (risc: RiscLauncher) => T | Promise<T>): Promise<T | { ok: false; reason: string }> {
    const { launcher } = this.options;
    if (!launcher.risc) return { ok: false, reason: 'RISC is not available here' };
    return use(await launcher.risc());
  }

  private showRisc(started: RiscStarted) {
    this.attempt++;
    if (!started.ok) return this.fail(started.reason);
    const game: RiscWebGame = new RiscWebGame(started.match, () => {
      if (this.screen.kind === 'risc' && this.screen.game === game) this.changed();
    });
    this.show({ kind: 'risc', game });
  }

  /** Leaves what is on screen (a game, a lobby, RISC) for the menu. */
  private async toMenu(notice: string | null = null): Promise<void> {
    const s = this.screen;
    this.attempt++;
    this.show({ kind: 'menu', notice });
    if (s.kind === 'game') await s.table.quit();
    else if (s.kind === 'lobby') await s.lobby?.cancel();
    else if (s.kind === 'risc') await s.game.leave();
  }

  /** The program is stopping: whatever runs is stopped, the page told. */
  async close(): Promise<void> {
    await this.toMenu();
    this.show({ kind: 'closed' });
  }

  // ---- the page's commands ----

  async handle(command: PageCommand): Promise<Result> {
    const s = this.screen;
    const { launcher } = this.options;
    const busy: Result = { ok: false, reason: 'leave the game on screen first' };
    const inMenu = s.kind === 'menu' || s.kind === 'failed' || s.kind === 'stats' || s.kind === 'saved';
    switch (command.type) {
      case 'quick':
        if (!inMenu) return busy;
        this.quick(command.name ?? this.options.defaults.name, command.bot ?? this.options.defaults.bot);
        return { ok: true };
      case 'hotseat':
        if (!inMenu) return busy;
        if (!command.players.some((p) => p.kind === 'human'))
          return { ok: false, reason: 'at least one player must be a person' };
        this.play(launcher.hotSeat(command.players, command.rules));
        return { ok: true };
      case 'host':
        if (!inMenu) return busy;
        void this.host(command.name, command.players, command.rules, command.moveTimeoutSeconds);
        return { ok: true };
      case 'join':
        if (!inMenu) return busy;
        void this.join(command.name, command.address);
        return { ok: true };
      case 'risc':
        if (!inMenu) return busy;
        this.risc(command.name, command.players, command.bot);
        return { ok: true };
      case 'risc-host':
        if (!inMenu) return busy;
        void this.riscHost(command.name, command.players, {
          startUnits: command.startUnits,
          turnLimit: command.turnLimit,
        });
        return { ok: true };
      case 'risc-join':
        if (!inMenu) return busy;
        void this.riscJoin(command.name, command.address);
        return { ok: true };
      case 'stats':
        if (!inMenu) return busy;
        this.show({
          kind: 'stats',
          lines: launcher.statsText?.(STATS_WIDTH) ?? ['statistics are not available here'],
        });
        return { ok: true };
      case 'saved':
        if (!inMenu) return busy;
        this.showSaved();
        return { ok: true };
      case 'resume':
        if (!inMenu) return busy;
        return this.goOnWith(command.id, 'local');
      case 'resume-network':
        if (!inMenu) return busy;
        return this.goOnWith(command.id, command.action, command.address);
      case 'menu': {
        const over =
          (s.kind === 'game' && s.table.view.over !== null) || (s.kind === 'risc' && s.game.view()?.over != null);
        await this.toMenu(s.kind === 'game' || s.kind === 'risc' ? (over ? null : 'You left the game.') : null);
        return { ok: true };
      }
      case 'quit':
        await this.close();
        this.options.onQuit();
        return { ok: true };
      case 'lobby-start': {
        if (s.kind !== 'lobby' || s.lobby === null) return { ok: false, reason: 'no lobby is open' };
        if (s.resume !== null) return { ok: false, reason: RESUME_WAITS };
        if (!s.lobby.startNow) return { ok: false, reason: 'only the host starts the game' };
        const started = s.lobby.startNow();
        if (started.ok) this.lobbyNews(s, { type: 'info', text: 'starting with the players here' });
        return started;
      }
      case 'lobby-bots': {
        if (s.kind !== 'lobby' || s.lobby === null) return { ok: false, reason: 'no lobby is open' };
        if (s.resume !== null) return { ok: false, reason: RESUME_WAITS };
        if (!s.lobby.fillWithBots) return { ok: false, reason: 'only the host adds bots' };
        const filled = await s.lobby.fillWithBots(command.bot ?? this.options.defaults.bot);
        if (!filled.ok) return filled;
        this.lobbyNews(s, { type: 'info', text: `${filled.added} bot${filled.added === 1 ? '' : 's'} join` });
        return { ok: true };
      }
      case 'leave':
        await this.toMenu(s.kind === 'game' && s.table.view.over !== null ? null : 'You left the game.');
        return { ok: true };
      case 'risc-place':
        return s.kind === 'risc'
          ? s.game.place(command.turn, command.placement)
          : { ok: false, reason: 'no RISC game' };
      case 'risc-orders':
        return s.kind === 'risc' ? s.game.orders(command.turn, command.orders) : { ok: false, reason: 'no RISC game' };
      default:
        return s.kind === 'game' ? this.tableCommand(s.table, command) : { ok: false, reason: 'no game is on screen' };
    }
  }

  private tableCommand(table: Table, command: PageCommand): Result {
    const view = table.view;
    const decision = view.decision;
    const here = view.players.filter((p) => p.kind === 'you' || p.kind === 'human').map((p) => p.id);
    const stale: Result = { ok: false, reason: 'that move is no longer asked (the game has moved on)' };
    switch (command.type) {
      case 'answer': {
        if (decision === null || decision.id !== command.decision) return stale;
        const action = command.action as Action;
        if (!('player' in action) || action.player !== decision.player)
          return { ok: false, reason: 'that move is not for the player whose move is due' };
        const checked = checkMove(decision.state, action);
        if (!checked.ok) return checked;
        table.answer(decision.id, action);
        return { ok: true };
      }
      case 'blitz': {
        if (decision === null || decision.id !== command.decision) return stale;
        const checked = checkMove(decision.state, {
          command: 'attack',
          player: decision.player,
          payload: [command.from, command.to, 1],
        });
        if (!checked.ok) return checked;
        table.startBlitz(decision.id, command.from, command.to, command.stopAt);
        return { ok: true };
      }
      case 'auto-setup':
        if (!here.includes(command.player)) return { ok: false, reason: 'that player does not sit here' };
        table.placeRestAutomatically(command.player);
        return { ok: true };
      case 'auto-defend':
        if (!here.includes(command.player)) return { ok: false, reason: 'that player does not sit here' };
        table.defendAutomatically(command.player);
        return { ok: true };
      case 'autopilot':
        if (!table.canAutoPlay) return { ok: false, reason: 'the computer cannot play for you in this game' };
        table.setAutopilot(here, command.on);
        return { ok: true };
      case 'defend-by-hand':
        table.setDefendByHand(command.on);
        return { ok: true };
      default:
        return { ok: false, reason: `"${command.type}" is not a move of the game` };
    }
  }
}
