// RISC's games for the terminal UI and plain mode: against bots on this machine, hosted or joined
// over the native lobby (people and bots, each bot a peer of its own), and resumed from the game
// database. The screens see only the RiscLauncher interface (views/risc/match.ts); the networked
// match plays through sessions/risc-net.ts (RiscPeer: lines in, lines out, decisions from seats),
// whose transport can change without them.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { RISC_BOT_KINDS, type RiscBotKind } from '../ai/risc/bots.js';
import { botRiscSeat, botSeats } from '../ai/risc/seat.js';
import type { RiscRecordLine } from '../core/risc/record.js';
import { shareableFirst } from '../net/addresses.js';
import { identityFor } from '../net/identity.js';
import { PeerNode } from '../net/libp2p-node.js';
import { seededDice } from '../protocol/random.js';
import type { RiscTerms } from '../protocol/risc-terms.js';
import { hostLobby, joinLobby, type LobbyEvent, type Roster } from '../sessions/lobby.js';
import { type RiscSeat, runRiscLocal } from '../sessions/risc-local.js';
import { playRiscOverLinks, RISC_FEATURE } from '../sessions/risc-net.js';
import { defaultStorePath } from '../store/paths.js';
import { continueRisc, type StoredRisc, storedRiscStory, storeRisc } from '../store/risc-games.js';
import { GameStore } from '../store/store.js';
import { defaultRecordPath } from '../store/transcript-recorder.js';
import type { RiscEnd, RiscLauncher, RiscMatch, RiscOpened, RiscSeatKind, SavedRisc } from '../views/risc/match.js';
import { type LauncherOptions, LINGER_MS, sleep } from './launch-kit.js';

export const RISC_BOT_NAMES = ['Ada', 'Babbage', 'Curie', 'Dijkstra', 'Euler'];

export interface RiscLaunchOptions extends LauncherOptions {
  /** A game against bots writes its record here (networked games: under games/ unless records are off). */
  readonly recordFile?: string;
}

/** The record lines of a game to a file, each as it is written; or why the file cannot be written. */
function recordFile(path: string): { ok: true; write: (line: RiscRecordLine) => void } | { ok: false; reason: string } {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
  } catch (error) {
    return { ok: false, reason: `cannot write the record ${path}: ${(error as Error).message}` };
  }
  return { ok: true, write: (line) => appendFileSync(path, `${JSON.stringify(line)}\n`) };
}

/** A seat that may be left: once left, it answers null (and so does a pending question). */
function leavable(you: RiscSeat): { seat: RiscSeat; leave(): void; left: Promise<void> } {
  let gone = false;
  let onLeft = () => {};
  const left = new Promise<void>((resolve) => (onLeft = resolve));
  const ask = <T>(answer: Promise<T | null>) =>
    gone
      ? Promise.resolve(null)
      : Promise.race([answer, left.then(() => null)]).then((a) => {
          if (a === null) {
            gone = true;
            onLeft();
          }
          return a;
        });
  return {
    seat: { ...you, place: (s, p) => ask(you.place(s, p)), orders: (s, p) => ask(you.orders(s, p)) },
    leave() {
      gone = true;
      onLeft();
    },
    left,
  };
}

export function riscLauncher(options: RiscLaunchOptions, seed: number): RiscLauncher {
  let store: GameStore | null = null;
  let storeProblem: string | null = null;
  function openStore(): GameStore | null {
    if (!options.record) return null;
    if (store === null && storeProblem === null) {
      const opened = GameStore.open(options.storePath ?? defaultStorePath());
      if (opened.ok) store = opened.store;
      else storeProblem = opened.reason;
    }
    return store;
  }
  /** Stores a game (notes say where, or why not). */
  function storing(open: (s: GameStore) => ReturnType<typeof storeRisc>, notes: string[]): StoredRisc | null {
    const s = openStore();
    if (s === null) {
      if (storeProblem !== null) notes.push(`this game is not saved: ${storeProblem}`);
      return null;
    }
    const stored = open(s);
    if (!stored.ok) notes.push(stored.reason);
    return stored.ok ? stored.stored : null;
  }

  /** A game against bots here: new, or going on from its stored lines (`history`). */
  function localMatch(game: {
    names: readonly string[];
    kinds: readonly (RiscBotKind | null)[];
    terms: RiscTerms;
    history?: readonly RiscRecordLine[];
    resumed?: { id: number; turn: number };
  }): RiscMatch {
    const me = game.kinds.indexOf(null);
    const notes: string[] = [];
    let stored: StoredRisc | null = null;
    if (game.resumed) {
      const s = openStore();
      if (s !== null) stored = continueRisc(s, game.resumed.id, game.history ?? []);
      notes.push(`Resumed RISC game #${game.resumed.id} at turn ${game.resumed.turn}.`);
    } else
      stored = storing(
        (s) =>
          storeRisc(s, {
            kind: 'quick',
            me,
            players: game.names.map((name, i) => ({ name, botKind: game.kinds[i] ?? null })),
          }),
        notes,
      );
    let file: ((line: RiscRecordLine) => void) | null = null;
    if (options.recordFile !== undefined && !game.resumed) {
      const opened = recordFile(options.recordFile);
      if (opened.ok) file = opened.write;
      else notes.push(opened.reason);
    }
    let exit = () => {};
    return {
      me,
      players: game.names.map((name, i) => ({ name, kind: i === me ? 'you' : 'bot' })),
      terms: game.terms,
      notes,
      async play(you, hooks) {
        const seat = leavable(you);
        exit = seat.leave;
        const bots = botSeats(
          game.names,
          game.kinds.map((k) => k ?? 'hard'),
          seed,
        );
        const result = await runRiscLocal({
          seats: game.kinds.map((k, i) => (k === null ? seat.seat : bots[i]!)),
          seed,
          startUnits: game.terms.startUnits,
          turnLimit: game.terms.turnLimit,
          // A safety net only: the bots press for a win, and the turn limit is a rule of the game.
          turnCap: 5000,
          ...(game.history ? { history: game.history } : {}),
          onRecord: (line) => {
            file?.(line);
            stored?.record(line);
          },
          onExecuted: hooks.onExecuted,
        });
        const violations = result.violations.map((v) => `line ${v.line}, player ${v.player ?? '-'}: ${v.reason}`);
        if (result.stopped === 'left') {
          // Left before its end: it stays in the database, to be resumed.
          stored?.close();
          return { state: result.state, how: 'left', violations, notes: [] };
        }
        stored?.finish(result.state);
        const after = [
          ...(options.recordFile !== undefined
            ? [`record written to ${options.recordFile} (risk verify checks it)`]
            : []),
          ...(stored !== null ? [`stored as game #${stored.handle.id} (risk history, replay, export)`] : []),
        ];
        return result.stopped === 'turn-cap'
          ? { state: result.state, how: 'broken', reason: 'stopped after 5000 turns', violations, notes: after }
          : { state: result.state, how: 'over', violations, notes: after };
      },
      leave: () => exit(),
    };
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

  /** A networked game from this peer's seat, once its lobby is done. */
  function networkMatch(
    node: PeerNode,
    roster: Roster,
    kinds: readonly RiscSeatKind[],
    atEnd: () => Promise<void>,
  ): RiscMatch {
    const notes: string[] = [];
    let file: ((line: RiscRecordLine) => void) | null = null;
    let path: string | null = null;
    if (options.record) {
      path = defaultRecordPath(roster.gameId, roster.me);
      const opened = recordFile(path);
      if (opened.ok) {
        file = opened.write;
        notes.push(`recording this game to ${path}`);
      } else notes.push(opened.reason);
    }
    const stored = storing(
      (s) =>
        storeRisc(s, {
          kind: 'network',
          uid: `${roster.gameId}-p${roster.me}`,
          me: roster.me,
          players: roster.players.map((p) => ({ name: p.name, peerId: p.peerId, addresses: p.addresses })),
        }),
      notes,
    );
    let exit = () => {};
    const stop = async () => {
      await sleep(LINGER_MS);
      await node.stop().catch(() => {});
      await atEnd();
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
          onRecord: (line) => {
            file?.(line);
            stored?.record(line);
          },
          onExecuted: hooks.onExecuted,
          onRefused: (player, reason) =>
            hooks.onNote(
              `refused a line from ${roster.players.find((p) => p.id === player)?.name ?? `player ${player}`}: ${reason}`,
            ),
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
  async function startBotPeer(address: string, name: string, kind: RiscBotKind, botSeed: number) {
    const listening = await listen(0);
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
      await playRiscOverLinks(lobby.roster, { seat: botRiscSeat(name, kind, seededDice(botSeed)) });
      await stop();
    });
    return { ok: true as const, bot: { joined: () => accepted, stop } satisfies BotPeer };
  }

  return {
    local({ name, players, bot, terms }) {
      const names = [name, ...RISC_BOT_NAMES.slice(0, players - 1).map((n) => `${n} (bot)`)];
      return localMatch({ names, kinds: [null, ...names.slice(1).map(() => bot)], terms });
    },

    async host({ players, name, terms }, onLobby): Promise<RiscOpened> {
      const listening = await listen(options.port);
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
            return { ok: true, match: networkMatch(node, lobby.roster, kinds, async () => {}) };
          }),
          async cancel() {
            abort.abort();
            await stopBots();
            await node.stop().catch(() => {});
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
            if (!RISC_BOT_KINDS.includes(kind)) return { ok: false, reason: `no RISC bot "${kind}"` };
            const empty = players - seats.size - bots.filter((b) => !b.joined()).length;
            if (empty <= 0) return { ok: false, reason: 'Every seat is taken.' };
            for (let i = 0; i < empty; i++) {
              const botName = `${RISC_BOT_NAMES[bots.length % RISC_BOT_NAMES.length]} (${kind} bot)`;
              botNames.add(botName);
              const bot = await startBotPeer(local, botName, kind, seed + 100 + bots.length);
              if (!bot.ok) return bot;
              bots.push(bot.bot);
            }
            return { ok: true, added: empty };
          },
        },
      };
    },

    async join({ address, name }, onLobby, onTerms): Promise<RiscOpened> {
      const listening = await listen(0);
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
      const early = await Promise.race([result, acceptance]);
      if (early !== null && !early.ok) {
        await node.stop().catch(() => {});
        return early;
      }
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
            return { ok: true, match: networkMatch(node, lobby.roster, kinds, async () => {}) };
          }),
          cancel: () => node.stop().catch(() => {}),
        },
      };
    },

    saved() {
      const s = openStore();
      if (s === null) return { ok: false, reason: storeProblem ?? 'games are not saved here (--no-record)' };
      try {
        const games: SavedRisc[] = s
          .games({ status: 'playing', kinds: ['quick'], game: 'risc', limit: 30 })
          .map((g) => ({
            id: g.id,
            startedAt: g.startedAt,
            players: g.players.map((p) => (p.botKind ? `${p.name}` : `${p.name} (you)`)),
            turn: s.lines(g.id).filter((l) => l.raw.startsWith('{"command":"risc_turn"')).length + 1,
          }));
        return { ok: true, games };
      } catch (error) {
        return { ok: false, reason: `the saved games cannot be read: ${(error as Error).message}` };
      }
    },

    resume(id) {
      const s = openStore();
      if (s === null) return { ok: false, reason: storeProblem ?? 'games are not saved here (--no-record)' };
      const found = s.find(String(id));
      if (!found.ok) return found;
      const game = found.game;
      if (game.game !== 'risc') return { ok: false, reason: `game #${id} is not a RISC game` };
      if (game.kind !== 'quick')
        return { ok: false, reason: `game #${id} was played over the network: only games against bots here go on` };
      if (game.status !== 'playing') return { ok: false, reason: `game #${id} is ${game.status}` };
      const lines = s.lines(game.id);
      const told = storedRiscStory(lines);
      if (!told.ok) return { ok: false, reason: `game #${id} cannot be read back: ${told.reason}` };
      if (told.story.wholeLines !== told.lines.length)
        return { ok: false, reason: `game #${id} was stopped in the middle of a turn and cannot go on` };
      const header = told.story.header;
      return {
        ok: true,
        match: localMatch({
          names: header.players,
          kinds: game.players.map((p) => (p.botKind ?? null) as RiscBotKind | null),
          terms: { startUnits: header.start_units, turnLimit: header.turn_limit },
          history: told.lines,
          resumed: { id: game.id, turn: told.story.final.turn },
        }),
      };
    },
  };
}
