// The plain view: the game as lines of text, commands read line by line from stdin. No cursor
// movement, so it works in pipes, scripts and screen readers. Lines typed before they are due
// wait their turn, so a script can write all its commands at once.
import { createInterface } from 'node:readline';
import { countTerritories, totalArmies } from '../model/index.js';
import { didYouMean } from './did-you-mean.js';
import { endWords, exitCodeOf, goneWord } from './game-end.js';
import {
  adviceFor,
  type HotSeatPlayer,
  type Launcher,
  type Lobby,
  type LobbyNews,
  type Opened,
  plainReason,
  type SavedGame,
  SEAT_KINDS,
  type Started,
  shortAddress,
} from './launcher.js';
import {
  hint,
  knownCommand,
  type LineTurn,
  mapLines,
  NEW_TURN,
  notACommand,
  PLAIN_HELP,
  readLine,
  TABLE_COMMANDS,
  type TableCommand,
  words,
} from './line-commands.js';
import { drafting, goalLines, privateOwner } from './privacy.js';
import { cardName } from './prompt-text.js';
import { rulesSummary } from './rules-text.js';
import { rulesWords } from './rules-words.js';
import {
  findSavedGame,
  NO_SAVED_GAMES,
  networkActions,
  networkNote,
  resumeAdvice,
  resumeWay,
  gameLine as savedLine,
} from './saved-games.js';
import { battlesOf, type PendingDecision, type Table, type TableView } from './table.js';

export type PlainStart =
  | { readonly kind: 'menu' }
  | { readonly kind: 'quick' }
  | { readonly kind: 'host'; readonly players: number }
  | { readonly kind: 'join'; readonly address: string }
  /** `form`: no names were given (the terminal UI shows its form first). */
  | { readonly kind: 'hotseat'; readonly players: readonly HotSeatPlayer[]; readonly form?: boolean }
  /** The saved games, and how each can go on. */
  | { readonly kind: 'saved' }
  /** A saved game goes on: a local one where it stopped; a networked one hosted again or joined at `address`. */
  | { readonly kind: 'resume'; readonly id: number; readonly address?: string }
  /** This player's seat taken back in a networked game the others still play. */
  | { readonly kind: 'rejoin'; readonly id: number };

export interface PlainOptions {
  readonly launcher: Launcher;
  readonly input: NodeJS.ReadableStream;
  readonly out: (text: string) => void;
  /** ANSI colour for player names (off under NO_COLOR or when not writing to a terminal). */
  readonly color: boolean;
  readonly defaultName: string;
  readonly start: PlainStart;
}

const MENU = `risk, plain text mode. Type one of:
  quick                       you against three bots
  host <players>              host a networked game for 2–6 players (you included)
  join <address>              join a host, e.g. join 192.168.1.20:7475
  hotseat <name> <name> …     players at this keyboard; a name like bot:normal is a bot (easy, normal, hard)
  saved                       the saved games, and how each can go on
  resume <game> [address]     go on with a saved game (networked: host it again, or join its host at address)
  rejoin <game>               take your seat back in a networked game the others still play
  rules                       the rules in short
  quit
`;

const ANSI = [31, 34, 32, 33, 35, 36];

/** Plays one game (or none) in plain text. Resolves with the exit code. */
export function runPlain(options: PlainOptions): Promise<number> {
  const { launcher, out } = options;
  const say = (text: string) => out(text.endsWith('\n') ? text : `${text}\n`);
  const lines = createInterface({ input: options.input, terminal: false });
  const queue: string[] = [];
  let inputEnded = false;
  let table: Table | null = null;
  let printed = 0;
  let asked: number | null = null;
  let turn: LineTurn = NEW_TURN;
  let lobbyCancel: (() => Promise<void>) | null = null;
  let hosted: Lobby | null = null;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));
  let finished = false;
  /** The player typed quit: the game's end that follows is theirs, told once. */
  let leaving = false;

  const end = (code: number) => {
    if (finished) return;
    finished = true;
    lines.close();
    finish(code);
  };

  const paint = (player: number, text: string) =>
    options.color && player >= 0 ? `\x1b[${ANSI[player % ANSI.length]}m${text}\x1b[39m` : text;
  const nameOf = (player: number) => paint(player, table?.nameOf(player) ?? `player ${player}`);

  const localDecision = (view: TableView): PendingDecision | null => {
    const d = view.decision;
    if (d === null) return null;
    const kind = view.players.find((p) => p.id === d.player)?.kind;
    return kind === 'you' || kind === 'human' ? d : null;
  };

  // ---- the game ----

  // The last goal line told to each person here (mission, capital): told again when it changes.
  const told = new Map<number, string>();
  const goalOf = (view: TableView, player: number): string[] =>
    view.state === null ? [] : goalLines(view, view.state, privateOwner(view, view.state, player), (p) => nameOf(p));
  const tellGoals = (view: TableView) => {
    const here = view.players.filter((p) => p.kind === 'you' || p.kind === 'human');
    for (const p of here) {
      // In hot seat each player is told theirs in their own turn (privateOwner), as on the screen.
      if (view.state === null || privateOwner(view, view.state, p.id) === null) continue;
      const text = goalOf(view, p.id).join('\n');
      // Told once there is something to tell: the mission dealt, the capital to choose or chosen.
      if (text === '' || told.get(p.id) === text || /not dealt yet|after the setup/.test(text)) continue;
      told.set(p.id, text);
      say(here.length > 1 ? `${nameOf(p.id)}: ${text}` : text);
    }
  };

  const onTable = () => {
    if (table === null || finished) return;
    const view = table.view;
    for (const entry of view.log.filter((e) => e.id > printed)) say(entry.text);
    printed = view.log.at(-1)?.id ?? printed;
    if (view.over) return leaving ? undefined : gameOver(view);
    tellGoals(view);
    const decision = localDecision(view);
    if (decision !== null && decision.id !== asked) {
      asked = decision.id;
      turn = NEW_TURN;
      const who =
        view.players.filter((p) => p.kind === 'you' || p.kind === 'human').length > 1
          ? `${nameOf(decision.player)}, your move`
          : 'your move';
      say(`${who}: ${hint(decision, turn)}`);
      drain();
    }
  };

  const gameOver = (view: TableView) => {
    const state = view.state;
    const over = view.over!;
    const mine = view.players.filter((p) => p.kind === 'you');
    const { headline, detail } = endWords(over, mine.length === 1 ? mine[0]!.id : null, nameOf, state ?? undefined);
    say(headline);
    if (detail !== null) say(detail);
    if (state) {
      say(`${state.turn} turns, ${battlesOf(view)} battles`);
      for (const p of state.players) {
        const s = view.stats[p.id];
        say(
          `  ${nameOf(p.id)}: ${countTerritories(state, p.id)} territories, ${totalArmies(state, p.id)} armies, ${s?.battles ?? 0} battles, ${s?.conquests ?? 0} conquests${p.eliminated ? ', out' : p.id === state.neutralArmy ? '' : p.neutral ? `, ${goneWord(view.gone[p.id]) ?? 'neutral'}` : ''}`,
        );
      }
    }
    void table!.quit().then(() => end(exitCodeOf(over)));
  };

  /** The person a table command is about: the one whose move is due here, else this machine's player. */
  const personHere = (view: TableView): number | undefined =>
    localDecision(view)?.player ??
    view.players.find((p) => p.kind === 'you')?.id ??
    view.players.find((p) => p.kind === 'human')?.id;

  const tableCommand = (command: TableCommand) => {
    const view = table!.view;
    const state = view.state;
    switch (command) {
      case 'help':
        return say(PLAIN_HELP);
      case 'rules':
        return say((state ? rulesSummary(state.options, state.board.territories.length) : rulesSummary()).join('\n'));
      case 'goal': {
        const me = personHere(view);
        const goal = me === undefined ? [] : goalOf(view, me);
        return say(goal.length > 0 ? goal.join('\n') : 'this game is won by world domination: own every territory');
      }
      case 'map':
        return state ? say(mapLines(state, nameOf).join('\n')) : say('the board is not dealt yet');
      case 'players':
        if (!state) return say('no players yet');
        return say(
          state.players
            .map(
              (p) =>
                `${nameOf(p.id)}: ${countTerritories(state, p.id)} territories, ${totalArmies(state, p.id)} armies, ${p.cards.length} cards${p.neutral ? ' (neutral)' : p.eliminated ? ' (out)' : ''}`,
            )
            .join('\n'),
        );
      case 'cards': {
        const me = personHere(view);
        if (!state || me === undefined) return say('no cards to show');
        const hand = state.players[me]!.cards;
        if (hand.length === 0) return say('no cards');
        // Cards are for the draft (the game's requirements): outside it, only how many.
        if (!drafting(state, me))
          return say(`you hold ${hand.length} card${hand.length === 1 ? '' : 's'}: they are shown when you reinforce`);
        return say(`cards: ${hand.map((c) => cardName(state.board, c)).join(', ')}`);
      }
      case 'quit':
        // Said once: the game's end that leaving brings about is not told again.
        leaving = true;
        return void table!.quit().then(() => {
          if (finished) return;
          say('You left the game.');
          end(0);
        });
    }
  };

  const gameLine = (line: string): boolean => {
    const view = table!.view;
    const decision = localDecision(view);
    const verb = words(line)[0]?.toLowerCase();
    if (decision === null) {
      if (verb !== undefined && verb in TABLE_COMMANDS) {
        tableCommand(TABLE_COMMANDS[verb as keyof typeof TABLE_COMMANDS]);
        return true;
      }
      return false; // not due yet: keep it for the next decision
    }
    const result = readLine(decision, turn, line);
    turn = result.turn;
    if (result.kind === 'reply') say(result.text);
    else if (result.kind === 'send') table!.answer(decision.id, result.action);
    else if (result.command === 'auto-setup') table!.placeRestAutomatically(decision.player);
    else if (result.command === 'auto-defend') {
      table!.defendAutomatically(decision.player);
      const most = readLine(decision, turn, 'defend');
      if (most.kind === 'send') table!.answer(decision.id, most.action);
    } else tableCommand(result.command);
    return true;
  };

  const drain = () => {
    while (queue.length > 0 && table !== null && !finished) {
      if (!gameLine(queue[0]!)) break;
      queue.shift();
    }
    if (inputEnded && table !== null && !finished && localDecision(table.view) !== null && queue.length === 0) {
      say('input ended while a move was due: leaving the game');
      void table.quit().then(() => end(1));
    }
  };

  const play = (started: Started) => {
    if (!started.ok) {
      say(`the game could not start: ${plainReason(started.reason)}`);
      say(adviceFor(started.reason));
      return end(1);
    }
    table = started.table;
    say(`the game starts: ${table.view.players.map((p) => nameOf(p.id)).join(', ')}`);
    table.subscribe(onTable);
    onTable();
  };

  // ---- before the game ----

  const lobbyEvent = (event: LobbyNews) => {
    if (event.type === 'rules') say(`the host's rules: ${rulesWords(event.rules, null).join(' · ')}`);
    else if (event.type === 'info') say(event.text);
    else say(`${event.player.name} ${event.type === 'joined' ? 'joined' : 'left'} the lobby`);
  };

  /** `seats`: the players of the game this player hosts; null when joining. */
  const openLobby = async (opening: Promise<Opened>, seats: number | null) => {
    const hosting = seats !== null;
    const opened = await opening;
    // Input ended (or quit) while the lobby was opening: close it again.
    if (finished) return void (opened.ok && opened.lobby.cancel());
    if (!opened.ok) {
      say(`${hosting ? 'hosting' : 'joining'} failed: ${plainReason(opened.reason)}`);
      say(adviceFor(opened.reason));
      return end(1);
    }
    lobbyCancel = opened.lobby.cancel;
    if (hosting) {
      hosted = opened.lobby;
      say('waiting for players. They join with one of:');
      for (const address of opened.lobby.addresses) say(`  ${shortAddress(address)}   (or ${address})`);
      say(`the rules: ${rulesWords(launcher.defaultRules ?? {}, seats).join(' · ')}`);
      say('type "start" to start with the players here, "bots" to let bots take the empty seats');
    } else say('joined the lobby: waiting for the host to start');
    play(await opened.lobby.started);
  };

  const begin = (start: PlainStart) => {
    switch (start.kind) {
      case 'menu':
        return say(MENU);
      case 'quick':
        say(
          `starting a quick game: you and three ${launcher.defaultBot ?? 'normal'} bots, each a peer on this machine`,
        );
        return void launcher
          .quickGame(options.defaultName)
          .then(play, (error: Error) => play({ ok: false, reason: error.message }));
      case 'host':
        return void openLobby(
          launcher.hostGame({ players: start.players, name: options.defaultName }, lobbyEvent),
          start.players,
        );
      case 'join':
        say(`joining ${start.address}…`);
        return void openLobby(
          launcher.joinGame({ address: start.address, name: options.defaultName }, lobbyEvent),
          null,
        );
      case 'hotseat':
        return play(launcher.hotSeat(start.players));
      case 'saved':
        return listSaved();
      case 'resume':
        return goOn(start.id, start.address);
      case 'rejoin':
        return rejoin(start.id);
    }
  };

  // ---- saved games ----

  /** Started from the menu: a saved game that cannot go on returns to it (from the command line: exit 1). */
  const fromMenu = options.start.kind === 'menu' || options.start.kind === 'saved';
  const cannot = (text: string, advice?: string) => {
    say(text);
    if (advice !== undefined) say(advice);
    if (!fromMenu) return end(1);
    menu = true;
    say('type a choice ("saved" lists the games)');
  };

  const savedGame = (id: number): SavedGame | string => {
    const found = findSavedGame(launcher, id);
    if (found.ok) return found.game;
    return found.unlisted ? `${found.reason} ("saved" lists them)` : found.reason;
  };

  const listSaved = () => {
    if (!launcher.savedGames) return say(NO_SAVED_GAMES);
    const saved = launcher.savedGames();
    if (!saved.ok) return say(`the saved games cannot be listed: ${saved.reason}`);
    if (saved.games.length === 0) return say('no saved games to go on with');
    const local = saved.games.filter((g) => g.network === undefined);
    if (local.length > 0) say('local games (quick, hot seat): go on exactly where they stopped');
    for (const g of local) say(`  ${savedLine(g)}`);
    const networked = saved.games.filter((g) => g.network !== undefined);
    if (networked.length > 0) say('networked games (yours: the seat marked you)');
    for (const g of networked) say(`  ${savedLine(g)}  · ${networkNote(g)}`);
    say(
      "resume <game> goes on with one (networked: hosts it if your seat hosts it, else resume <game> <address> joins its host); rejoin <game> takes your seat back while the others play. RISC games: the terminal UI's RISC menu",
    );
  };

  const goOn = (id: number, address: string | undefined) => {
    const game = savedGame(id);
    if (typeof game === 'string') return cannot(game);
    const network = game.network;
    if (network === undefined) {
      if (!launcher.resumeGame) return cannot(NO_SAVED_GAMES);
      say(`going on with game #${id}`);
      return play(launcher.resumeGame(id));
    }
    const actions = networkActions(game);
    const hostSeat = network.host ?? 0;
    if (resumeWay(game) === 'host') {
      if (actions.host !== null) return cannot(`game #${id} cannot be resumed: ${actions.host}`);
      return void resumeLobby(id, null);
    }
    if (actions.join !== null) return cannot(`game #${id} cannot be resumed: ${actions.join}`);
    if (address === undefined) {
      const stored = network.hostAddresses.slice(0, 2).map(shortAddress);
      return cannot(
        `${game.players[hostSeat]?.name ?? `player ${hostSeat}`} hosts the resume of game #${id}: type resume ${id} <address>, the address its screen shows${stored.length > 0 ? ` (stored: ${stored.join(', ')})` : ''}`,
      );
    }
    return void resumeLobby(id, address);
  };

  /** Hosts a stored networked game's resume (`address` null) or joins its host. */
  const resumeLobby = async (id: number, address: string | null) => {
    if (!launcher.resumeNetworkGame) return cannot('resuming networked games is not available here');
    const action = address === null ? 'host' : 'join';
    say(address === null ? `hosting game #${id} again…` : `joining ${address} to resume game #${id}…`);
    const opened = await launcher.resumeNetworkGame(
      address === null ? { id, host: true } : { id, host: false, address },
      lobbyEvent,
    );
    if (finished) return void (opened.ok && opened.lobby.cancel());
    if (!opened.ok)
      return cannot(`could not resume game #${id}: ${plainReason(opened.reason)}`, resumeAdvice(opened.reason, action));
    lobbyCancel = opened.lobby.cancel;
    if (address === null) {
      say("waiting for the game's players (each with its key). They join with one of:");
      for (const shared of opened.lobby.addresses) say(`  ${shortAddress(shared)}   (or ${shared})`);
    } else say('joined: waiting for the others; then every player shows it holds the same game');
    const started = await opened.lobby.started;
    if (finished) return void (started.ok && started.table.quit());
    if (!started.ok)
      return cannot(
        `could not resume game #${id}: ${plainReason(started.reason)}`,
        resumeAdvice(started.reason, action),
      );
    play(started);
  };

  const rejoin = (id: number) => {
    const game = savedGame(id);
    if (typeof game === 'string') return cannot(game);
    if (game.network === undefined) return cannot(`game #${id} is a local game: resume ${id} goes on with it`);
    const why = networkActions(game).rejoin;
    if (why !== null) return cannot(`game #${id} cannot be rejoined: ${why}`);
    if (!launcher.rejoinNetworkGame) return cannot('rejoining is not available here');
    say(`rejoining game #${id}: asking the other players, at their stored addresses, for the game so far…`);
    void launcher.rejoinNetworkGame(id).then(
      (started) => {
        if (finished) return void (started.ok && started.table.quit());
        if (started.ok) return play(started);
        cannot(`could not rejoin game #${id}: ${plainReason(started.reason)}`, resumeAdvice(started.reason, 'rejoin'));
      },
      (error: Error) => cannot(`could not rejoin game #${id}: ${error.message}`, resumeAdvice(error.message, 'rejoin')),
    );
  };

  let menu = fromMenu;
  const menuLine = (line: string) => {
    const parsed = parseStart(words(line), options.defaultName);
    if (parsed === 'quit') return end(0);
    if (parsed === 'rules') return say(rulesSummary().join('\n'));
    if (typeof parsed === 'string') return say(`${parsed}\n${MENU}`);
    if (parsed.kind === 'saved') return listSaved();
    menu = false;
    begin(parsed);
  };

  lines.on('line', (line) => {
    if (finished) return;
    if (menu) return menuLine(line);
    if (table === null && hosted !== null && queue.length === 0 && /^\s*(start|bots)\s*$/i.test(line)) {
      const lobby = hosted;
      if (/start/i.test(line)) {
        const started = lobby.startNow?.() ?? { ok: false, reason: 'this lobby cannot start early' };
        say(started.ok ? 'starting with the players here' : started.reason);
      } else
        void lobby
          .fillWithBots?.(launcher.defaultBot ?? 'normal')
          .then((filled) => say(filled.ok ? `${filled.added} bots join` : filled.reason));
      return;
    }
    // A word that is no command at all is said at once, not kept for a turn that cannot use it.
    if (!knownCommand(line))
      return say(notACommand(words(line)[0]!, hosted !== null && table === null ? ['start', 'bots'] : []));
    if (table === null) {
      // Quit at once only when nothing is waiting; after queued commands it waits its turn.
      if (queue.length === 0 && /^\s*(quit|exit)\s*$/i.test(line)) {
        void (lobbyCancel?.() ?? Promise.resolve()).then(() => end(0));
        return;
      }
      queue.push(line);
      return;
    }
    queue.push(line);
    drain();
  });
  lines.on('close', () => {
    inputEnded = true;
    if (finished) return;
    if (menu) return end(0);
    if (table !== null) return drain();
    // In the lobby with no commands kept for the game: nobody is left to play it here.
    if (queue.length === 0) {
      say('input ended in the lobby: leaving it');
      void (lobbyCancel?.() ?? Promise.resolve()).then(() => end(1));
    }
  });

  begin(options.start);
  return done;
}

const MENU_WORDS = ['quick', 'host', 'join', 'hotseat', 'saved', 'resume', 'rejoin', 'rules', 'help', 'quit', 'exit'];

/** A saved game's number as typed ("12" or "#12"), or null. */
function gameNumber(text: string | undefined): number | null {
  const match = /^#?(\d{1,9})$/.exec(text ?? '');
  return match ? Number(match[1]) : null;
}

/** A menu line as a game to start, or why it is not one. */
export function parseStart(list: readonly string[], defaultName: string): PlainStart | 'quit' | 'rules' | string {
  const [verb, ...args] = list.map((w) => w.trim());
  switch (verb?.toLowerCase()) {
    case undefined:
      return 'type a choice';
    case 'quit':
    case 'exit':
    case 'q':
      return 'quit';
    case 'rules':
    case 'help':
      return 'rules';
    case 'quick':
      return { kind: 'quick' };
    case 'host': {
      const players = Number(args[0] ?? '4');
      return Number.isInteger(players) && players >= 2 && players <= 6
        ? { kind: 'host', players }
        : `host: players must be 2 to 6, not "${args[0]}"`;
    }
    case 'join':
      return args[0] ? { kind: 'join', address: args[0] } : 'join: give the host address, e.g. join 192.168.1.20:7475';
    case 'saved':
    case 'games':
      return { kind: 'saved' };
    case 'resume': {
      const id = gameNumber(args[0]);
      if (id === null) return `resume: which game? resume <game number> [address] ("saved" lists them)`;
      return args[1] ? { kind: 'resume', id, address: args[1] } : { kind: 'resume', id };
    }
    case 'rejoin': {
      const id = gameNumber(args[0]);
      return id === null ? `rejoin: which game? rejoin <game number> ("saved" lists them)` : { kind: 'rejoin', id };
    }
    case 'hotseat': {
      const names = args.length > 0 ? args : [defaultName, 'Player 2'];
      const players = names.map((n): HotSeatPlayer | string => {
        const bot = /^bot:(\w+)$/i.exec(n);
        if (!bot) return { name: n, kind: 'human' };
        const kind = bot[1]!.toLowerCase();
        return (SEAT_KINDS as readonly string[]).includes(kind) && kind !== 'human'
          ? { name: `${kind} bot`, kind: kind as HotSeatPlayer['kind'] }
          : `hotseat: "${n}": bots are bot:easy, bot:normal or bot:hard`;
      });
      const problem = players.find((p) => typeof p === 'string');
      if (problem !== undefined) return problem as string;
      if (players.length < 2 || players.length > 6) return 'hotseat: 2 to 6 players';
      if (!players.some((p) => (p as HotSeatPlayer).kind === 'human'))
        return 'hotseat: at least one player must be a person';
      return { kind: 'hotseat', players: players as HotSeatPlayer[] };
    }
    default:
      return `unknown choice "${verb}"${didYouMean(String(verb), MENU_WORDS)}`;
  }
}
