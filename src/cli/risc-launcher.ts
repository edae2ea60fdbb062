// RISC's games for the terminal UI and plain mode (the RiscLauncher the screens see,
// views/risc/match.ts): against bots on this machine, stored as they are played and resumed from
// the game database; hosted or joined over the network (risc-network.ts, loaded when used).
import type { RiscBotKind } from '../ai/risc/bots.js';
import { botSeats } from '../ai/risc/seat.js';
import type { RiscRecordLine } from '../core/risc/record.js';
import { shareableFirst } from '../net/addresses.js';
import type { RiscTerms } from '../protocol/risc-terms.js';
import { riscActiveSeatsOf } from '../sessions/risc-history.js';
import { runRiscLocal } from '../sessions/risc-local.js';
import { chancesOf, NETWORK_KINDS, networkGameId, recordHeader } from '../store/network-games.js';
import { continueRisc, type StoredRisc, storedRiscStory, storeRisc } from '../store/risc-games.js';
import type { GameStore, GameSummary, StoredGame } from '../store/store.js';
import type { RiscLauncher, RiscMatch, RiscStarted, SavedRisc } from '../views/risc/match.js';
import { leavable, RISC_BOT_NAMES, type RiscLaunchOptions, recordFile, riscKit } from './risc-kit.js';

export { RISC_BOT_NAMES, type RiscLaunchOptions } from './risc-kit.js';

export function riscLauncher(options: RiscLaunchOptions, seed: number): RiscLauncher {
  const kit = riscKit(options, seed);
  const { openStore, storing } = kit;

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

  /**
   * A networked game this player dropped out of: its match takes the seat back when played (the
   * others are dialed, their records checked: risc-network.ts rejoinStored), then plays on.
   */
  function rejoinMatch(game: StoredGame, s: GameStore): RiscStarted {
    const chances = chancesOf(s, game);
    if (chances.rejoin !== null || game.me === null)
      return { ok: false, reason: `game #${game.id} cannot be rejoined: ${chances.rejoin ?? 'no seat of yours'}` };
    const header = recordHeader(s, game.id) as { risc?: RiscTerms } | null;
    const me = game.me;
    let inner: RiscMatch | null = null;
    let left = false;
    return {
      ok: true,
      match: {
        me,
        players: game.players.map((p, seat) => ({ name: p.name, kind: seat === me ? 'you' : 'remote' })),
        terms: header?.risc ?? { startUnits: 30, turnLimit: null },
        notes: [`Taking your seat back in RISC game #${game.id}: asking the other players for the game so far.`],
        async play(you, hooks) {
          const back = await (await import('./risc-network.js')).rejoinStored(kit, game);
          if (!back.ok) return { state: null, how: 'broken', reason: back.reason, violations: [], notes: [] };
          inner = back.match;
          for (const note of inner.notes) hooks.onNote(note);
          if (left) inner.leave();
          return inner.play(you, hooks);
        },
        leave() {
          left = true;
          inner?.leave();
        },
      },
    };
  }

  return {
    local({ name, players, bot, terms }) {
      const names = [name, ...RISC_BOT_NAMES.slice(0, players - 1).map((n) => `${n} (bot)`)];
      return localMatch({ names, kinds: [null, ...names.slice(1).map(() => bot)], terms });
    },

    // The network (libp2p, the lobby) loads when a networked game is hosted or joined.
    host: async (game, onLobby) => (await import('./risc-network.js')).hostRisc(kit, game, onLobby),
    join: async (game, onLobby, onTerms) => (await import('./risc-network.js')).joinRisc(kit, game, onLobby, onTerms),

    saved() {
      const s = openStore();
      if (s === null) return { ok: false, reason: kit.storeProblem() ?? 'games are not saved here (--no-record)' };
      try {
        const turnOf = (id: number) => s.lines(id).filter((l) => l.raw.startsWith('{"command":"risc_turn"')).length + 1;
        const games: SavedRisc[] = s
          .games({ status: 'playing', kinds: ['quick'], game: 'risc', limit: 30 })
          .map((g) => ({
            id: g.id,
            startedAt: g.startedAt,
            players: g.players.map((p) => (p.botKind ? `${p.name}` : `${p.name} (you)`)),
            turn: turnOf(g.id),
          }));
        // Networked games this player dropped out of, whose seat it may take back (protocol-spec/risc.md,
        // Rejoin), or that every player stopped, to be resumed together (protocol-spec/resume.md).
        const running: SavedRisc[] = (['playing', 'stopped'] as const)
          .flatMap((status) => s.games({ status, kinds: NETWORK_KINDS, game: 'risc', limit: 30 }))
          .flatMap((g) => {
            const chances = chancesOf(s, g);
            const rejoin = g.status === 'playing' && chances.rejoin === null;
            if (!rejoin && chances.resume !== null) return [];
            return [
              {
                id: g.id,
                startedAt: g.startedAt,
                players: g.players.map((p, seat) => (seat === g.me ? `${p.name} (you)` : p.name)),
                turn: turnOf(g.id),
                ...(rejoin ? { rejoin: true as const } : {}),
                ...(chances.resume === null ? { resumable: resumableHere(s, g) } : {}),
              },
            ];
          });
        return { ok: true, games: [...games, ...running].sort((a, b) => b.startedAt.localeCompare(a.startedAt)) };
      } catch (error) {
        return { ok: false, reason: `the saved games cannot be read: ${(error as Error).message}` };
      }
    },

    async resumeNetwork(request, onLobby) {
      const s = openStore();
      if (s === null) return { ok: false, reason: kit.storeProblem() ?? 'games are not saved here (--no-record)' };
      const found = s.find(String(request.id));
      if (!found.ok) return found;
      if (found.game.game !== 'risc') return { ok: false, reason: `game #${request.id} is not a RISC game` };
      const { resumeStored } = await import('./risc-network.js');
      return resumeStored(kit, found.game, request.host ? { host: true } : request, onLobby);
    },

    resume(id) {
      const s = openStore();
      if (s === null) return { ok: false, reason: kit.storeProblem() ?? 'games are not saved here (--no-record)' };
      const found = s.find(String(id));
      if (!found.ok) return found;
      const game = found.game;
      if (game.game !== 'risc') return { ok: false, reason: `game #${id} is not a RISC game` };
      // Every player stopped: the players meet again in a lobby (resumeNetwork), not by taking one seat back.
      if (NETWORK_KINDS.includes(game.kind) && game.status === 'stopped')
        return {
          ok: false,
          reason: `game #${id} was stopped by its players: resume it together from the RISC menu's Resume (its first host hosts it again, the others join), or with risk bot --resume; this way of going on (one seat back) does not do it`,
        };
      if (NETWORK_KINDS.includes(game.kind)) return rejoinMatch(game, s);
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

/**
 * Whether this player hosts the resume of a stopped networked RISC game (the lowest seat not
 * expelled in its store: player 0 unless it was), and where that host was reached.
 */
function resumableHere(store: GameStore, game: GameSummary): { host: boolean; hostAddresses: readonly string[] } {
  const host = (game.me === null ? null : riscActiveSeatsOf(store, networkGameId(game.uid), game.me))?.[0] ?? 0;
  return { host: game.me === host, hostAddresses: shareableFirst(game.players[host]?.addresses ?? []) };
}
