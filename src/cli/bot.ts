// `risk bot host|join`: a headless peer that plays a whole game with a bot and prints its events.
// Everything but the argument parsing loads after the arguments are checked, and libp2p only
// for the native profile: `risk bot --help` and a cs3099 peer start without it.
import type { BotKind } from '../ai/registry.js';
import type { PeerNode } from '../net/libp2p-node.js';
import type { TcpListener } from '../net/tcp.js';
import type { LobbyEndpoint, LobbyEvent, LobbyResult } from '../sessions/lobby.js';
import type { Outcome, SessionEvent } from '../sessions/mesh-session.js';
import { recordHeader } from '../store/network-games.js';
import type { StoredSession } from '../store/recorder.js';
import type { GameStore } from '../store/store.js';
import type { Recorder } from '../store/transcript-recorder.js';
import { batchedOutput, type CommandIO, parseCommand, parseInteger, usageError } from './io.js';
import { RULE_FLAGS, RULE_USAGE, rulesFromFlags } from './rule-flags.js';

const USAGE = `usage: risk bot host [--port P] [--listen ADDR] --players N [options]
       risk bot join <address> [options]
       risk bot join --rejoin GAME [--game risc] --store --key FILE [address...]
  --profile P         native (default: libp2p, full mesh) or cs3099 (the 2015 class
                      protocol: plain TCP through the host, to play with other groups)
  --game G            classic (default) or risc (RISC: native profile only; bots easy, normal
                      or hard)
  --bot KIND          random, easy, normal or hard (default normal; RISC: hard)
  --name NAME         player name (default: the bot kind; with --resume, the seat's stored name)
  --players N         host only: 2–6 players, the host included
  --port P            host only: TCP port to listen on (default 7475; 0 = any free port)
  --listen ADDR       address to listen on (default 0.0.0.0: classmates can join)
  --seed S            seed for the bot's own choices (default: random)
  --turn-limit T      host, RISC: the agreed turn limit, or none (default 100)
  --start-units N     host, RISC: units each player places at the start (default 30)
  --move-timeout S    host only: seconds a player has to move (default 10; a RISC round)
  --ack-timeout S     host only: seconds to acknowledge a move (default 2)
  --start-timeout S   join only: seconds to wait for the game to start (default 600)
  --dialect D         cs3099 join only: bare or wrapped ({"message": …}), the only line form to
                      speak to the host. By default bare, then wrapped if the host closes on it
                      (a host that reads only the envelope does); found once, a host address is
                      offered its form first while the program runs
  --lockstep          native, classic only: do not offer the pipelining features (by default a
                      move may be built on the entries not yet settled, two at most: 2 network
                      trips a battle at 2 players instead of 4, none more for a capture's
                      move-in); one lockstep player makes a lockstep game
  --strict-draws      cs3099 only: hold every peer to the card-draw rules. By default a peer
                      whose moves show the 2015 class card-draw bug (a card at every fortify
                      after its first capture) is followed in it; strict, such a trade is cheating
  --strict-bonus      cs3099 only: hold every peer to the rulebook's territory-card bonus (+2 once
                      a turn for a traded card showing an occupied territory). By default a
                      deploy with the first class peer's +2 per such card is taken too
  --record FILE       write the game record here (default: a new file in games/ of the data
                      folder, which risk --help names)
  --no-record         write no record
  --store             also store the game in the game database (risk history, stats, export)
  --db FILE           the game database for --store (default: $RISK_DB, else risk.db in the
                      data folder)
  --key FILE          keep this peer's identity in FILE (default: a new identity per run)
  --resume GAME       go on with stored networked game GAME (its number in risk history, or
                      its id as risk history --json shows it): the host (its first host, or
                      the lowest seat not made neutral) offers it, each player joins with the
                      --key it had and gets its own seat (one made neutral need not come),
                      every player still in the game proves it holds the same history, play
                      goes on from there (native; classic or --game risc; needs --store)
  --rejoin GAME       join only: take this peer's seat back in running networked game GAME
                      (stored with --store) after its process dropped out, before the others
                      make it neutral: risk bot join --rejoin GAME --store --key FILE ADDRESS...
                      with the address of every other player (none: the addresses stored
                      with the game); their histories are checked by their signatures
                      before play goes on (native; classic or --game risc)
  --json              print one JSON object per event instead of text
House rules (host only, native profile, classic game; joiners are shown them and play them):
${RULE_USAGE}`;

const OPTIONS = {
  bot: { type: 'string' },
  game: { type: 'string' },
  profile: { type: 'string' },
  name: { type: 'string' },
  players: { type: 'string' },
  port: { type: 'string' },
  listen: { type: 'string' },
  seed: { type: 'string' },
  'turn-limit': { type: 'string' },
  'start-units': { type: 'string' },
  'move-timeout': { type: 'string' },
  'ack-timeout': { type: 'string' },
  'start-timeout': { type: 'string' },
  dialect: { type: 'string' },
  'strict-draws': { type: 'boolean' },
  lockstep: { type: 'boolean' },
  'strict-bonus': { type: 'boolean' },
  record: { type: 'string' },
  'no-record': { type: 'boolean' },
  store: { type: 'boolean' },
  db: { type: 'string' },
  key: { type: 'string' },
  resume: { type: 'string' },
  rejoin: { type: 'string' },
  json: { type: 'boolean' },
  ...RULE_FLAGS,
} as const;

/** How long a resume's handshake waits for every player's stored history (classic and RISC alike). */
const resumeTimeoutMs = (ackTimeoutMs: number) => Math.max(10_000, ackTimeoutMs * 5);

export async function runBot(args: string[], io: CommandIO): Promise<number> {
  // Events go out a turn of the event loop at a time; errors and the exit (a signal ends the
  // process with process.exit) flush what is pending first, so nothing is lost or reordered.
  const output = batchedOutput(io.out);
  const flushed = () => output.flush();
  process.on('exit', flushed);
  try {
    return await playBot(args, {
      out: output.write,
      err: (text) => {
        output.flush();
        io.err(text);
      },
    });
  } finally {
    output.flush();
    process.off('exit', flushed);
  }
}

async function playBot(args: string[], io: CommandIO): Promise<number> {
  const usage = (reason: string) => usageError(io, 'risk bot', reason, USAGE);
  const parsed = parseCommand(args, io, {
    command: 'risk bot',
    usage: USAGE,
    allowPositionals: true,
    options: OPTIONS,
  });
  if (!parsed.ok) return parsed.exit;
  const [role, address, ...extra] = parsed.positionals;
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (role !== 'host' && role !== 'join')
    return usage(role === undefined ? 'say host or join' : `"${role}" is neither host nor join`);
  if (role === 'join' && address === undefined && v.rejoin === undefined)
    return usage('join needs the host address (host:port or the address the host printed)');
  if (role === 'host' && address !== undefined)
    return usage(`host takes no address (got "${address}"): use --port and --listen`);
  const rejoinId = v.rejoin as string | undefined;
  if (extra.length > 0 && rejoinId === undefined) return usage(`unexpected "${extra.join(' ')}"`);

  const { createBot, parseBotKind } = await import('../ai/registry.js');
  const game = ((v.game as string | undefined) ?? 'classic').trim().toLowerCase();
  if (game !== 'classic' && game !== 'risc') return usage(`unknown game "${v.game as string}": choose classic or risc`);
  const risc = game === 'risc';
  const riscKind = (v.bot as string | undefined) ?? 'hard';
  // RISC's modules (its map, bots and wire) load only for a RISC game.
  const riscModules = risc
    ? await Promise.all([
        import('../ai/risc/bots.js'),
        import('../sessions/risc-net.js'),
        import('./risc-bot.js'),
        import('../protocol/risc-terms.js'),
      ])
    : null;
  const RISC_FEATURE = riscModules?.[1].RISC_FEATURE ?? 'risc';
  if (riscModules !== null && !riscModules[0].isRiscBotKind(riscKind))
    return usage(`--bot "${riscKind}": the RISC bots are ${riscModules[0].RISC_BOT_LIST}`);
  const kind = risc
    ? ({ ok: true, value: riscKind } as const)
    : parseBotKind((v.bot as string | undefined) ?? 'normal');
  if (!kind.ok) return usage(kind.reason);
  const profile = ((v.profile as string | undefined) ?? 'native').trim().toLowerCase();
  if (profile !== 'native' && profile !== 'cs3099')
    return usage(`unknown profile "${v.profile as string}": choose native or cs3099`);
  const cs3099 = profile === 'cs3099';
  if (risc && cs3099) return usage('RISC is played on the native profile only (the class protocol has no RISC)');
  if (v.lockstep === true && (cs3099 || risc))
    return usage('--lockstep is an option of the native profile, classic game');
  if (v['strict-draws'] === true && !cs3099)
    return usage('--strict-draws is for the cs3099 profile: the native profile always plays the card rules');
  if (v['strict-bonus'] === true && !cs3099)
    return usage('--strict-bonus is for the cs3099 profile: the native profile plays its own card rules');
  const dialect = v.dialect as string | undefined;
  if (dialect !== undefined && (!cs3099 || role !== 'join'))
    return usage('--dialect is for joining on the cs3099 profile: the line form spoken to a class host');
  if (dialect !== undefined && dialect !== 'bare' && dialect !== 'wrapped')
    return usage(`--dialect "${dialect}": say bare or wrapped`);
  const number = (name: string, fallback: number, min: number, max: number): number | string => {
    const text = v[name] as string | undefined;
    if (text === undefined) return fallback;
    return parseInteger(text, min, max) ?? `--${name} "${text}" must be a whole number from ${min} to ${max}`;
  };
  const players = role === 'host' ? number('players', -1, 2, 6) : 0;
  const port = number('port', role === 'host' ? 7475 : 0, 0, 65535);
  const seed = number('seed', Math.floor(Math.random() * 2 ** 32), 0, 2 ** 32 - 1);
  const moveTimeout = number('move-timeout', 10, 1, 86_400);
  const ackTimeout = number('ack-timeout', 2, 1, 3600);
  const startTimeout = number('start-timeout', 600, 1, 86_400);
  for (const value of [players, port, seed, moveTimeout, ackTimeout, startTimeout])
    if (typeof value === 'string') return usage(value);
  if (role === 'host' && players === -1) return usage('host needs --players N (2–6, the host included)');
  if (risc && (players as number) > 4) return usage('a RISC game seats 2 to 4 players');
  let name = ((v.name as string | undefined) ?? kind.value).slice(0, 64);
  const rules = rulesFromFlags(v);
  if (!rules.ok) return usage(rules.reason);
  const ruled = Object.keys(rules.value).length > 0;
  if (ruled && role === 'join') return usage("house rules are the host's choice: give them to risk bot host");
  if (ruled && cs3099) return usage('the cs3099 profile plays the class rules: house rules need the native profile');
  if (ruled && risc) return usage('house rules are for the classic game: RISC has its own rules');
  const { describeRules, parseRules } = await import('../protocol/rules.js');
  if (ruled) {
    const playable = parseRules(rules.value, players as number);
    if (!playable.ok) return usage(playable.reason);
  }

  const say = (line: string, json: Record<string, unknown>) =>
    io.out(v.json ? `${JSON.stringify(json)}\n` : `${line}\n`);
  if (typeof v.db === 'string' && v.store !== true) return usage('--db names the database for --store');
  if (!risc && (v['turn-limit'] !== undefined || v['start-units'] !== undefined))
    return usage('--turn-limit and --start-units are RISC terms: give --game risc');
  if (role === 'join' && (v['turn-limit'] !== undefined || v['start-units'] !== undefined))
    return usage("RISC terms are the host's choice: give them to risk bot host");
  const limitText = (v['turn-limit'] as string | undefined) ?? '100';
  const turnLimit = limitText === 'none' ? null : parseInteger(limitText, 1, 100_000);
  if (turnLimit === null && limitText !== 'none')
    return usage(`--turn-limit "${limitText}" must be a whole number from 1 to 100000, or none`);
  const startUnits = number('start-units', 30, 1, 10_000);
  if (typeof startUnits === 'string') return usage(startUnits);
  const riscTerms = { startUnits, turnLimit };
  let resumeId = v.resume as string | undefined;
  if (resumeId !== undefined) {
    if (v.store !== true)
      return usage('--resume goes on with a stored game: give --store (and --db if not the default)');
    if (cs3099) return usage('--resume is for games on the native profile');
    if (!/^[A-Za-z0-9._~-]{1,128}$/.test(resumeId)) return usage(`--resume "${resumeId}" is not a game id`);
  }

  if (rejoinId !== undefined) {
    if (role !== 'join') return usage('--rejoin is for join: give the address of every other player');
    if (v.store !== true) return usage('--rejoin takes a seat back in a stored game: give --store');
    if (typeof v.key !== 'string') return usage('--rejoin needs the --key FILE this peer played the game with');
    if (resumeId !== undefined) return usage('--rejoin and --resume do not go together');
    if (cs3099) return usage('--rejoin is for games on the native profile');
    if (!/^[A-Za-z0-9._~-]{1,128}$/.test(rejoinId)) return usage(`--rejoin "${rejoinId}" is not a game id`);
  }

  // Opened before the lobby, so that a database that cannot be opened stops the bot before it joins.
  // The store's modules load only when asked for (a quicker start without them).
  let gameStore: GameStore | null = null;
  let storing: typeof import('../store/recorder.js') | null = null;
  if (v.store === true) {
    const [args, recorderModule] = await Promise.all([import('./store-args.js'), import('../store/recorder.js')]);
    storing = recorderModule;
    const opened = args.openStoreFrom(v);
    if (!opened.ok) {
      io.err(`risk bot: ${opened.reason}\n`);
      return 1;
    }
    gameStore = opened.store;
    // --resume takes the game as `risk history` shows it too (its number, or its id with -pN):
    // the offer and the others' stores name the game by its id alone.
    if (resumeId !== undefined) {
      const found = gameStore.find(resumeId);
      if (!found.ok) {
        io.err(`risk bot: cannot resume game ${resumeId}: ${found.reason}\n`);
        return 1;
      }
      resumeId = found.game.uid.replace(/-p\d+$/, '');
      // Without --name it comes back under the name its seat played with.
      if (v.name === undefined) name = (found.game.players[found.game.me ?? -1]?.name ?? name).slice(0, 64);
    }
  }

  const [{ hostLobby, joinLobby }, { TcpEndpoint, listenTcp }, { StarSession }, { sessionFor }] = await Promise.all([
    import('../sessions/lobby.js'),
    import('../net/tcp.js'),
    import('../sessions/star-session.js'),
    import('../sessions/session-factory.js'),
  ]);
  const [
    { defaultRecordPath, fileRecorder, recordFileLines },
    { botSeat },
    { featuresFrom, LOCKSTEP_FEATURES, NATIVE_FEATURES },
    { seededDice },
    { describeSessionEvent },
  ] = await Promise.all([
    import('../store/transcript-recorder.js'),
    import('../ai/seat.js'),
    import('../sessions/mesh-session.js'),
    import('../protocol/random.js'),
    import('../views/event-text.js'),
  ]);
  const features = cs3099
    ? []
    : risc
      ? [RISC_FEATURE]
      : [...(v.lockstep === true ? LOCKSTEP_FEATURES : NATIVE_FEATURES)];

  let privateKey;
  if (typeof v.key === 'string') {
    const { loadOrCreateKey } = await import('../net/identity.js');
    const loaded = await loadOrCreateKey(v.key);
    if (!loaded.ok) return usage(loaded.reason);
    privateKey = loaded.key;
  }
  const listen = (v.listen as string | undefined) ?? '0.0.0.0';
  let node: PeerNode | null = null;
  let tcp: TcpListener | null = null;
  let endpoint: LobbyEndpoint;
  try {
    if (cs3099) {
      // A cs3099 client needs no listening socket; a host listens on plain TCP.
      if (role === 'host') tcp = await listenTcp(listen, port as number);
      endpoint = new TcpEndpoint(tcp);
    } else {
      const { PeerNode } = await import('../net/libp2p-node.js');
      node = await PeerNode.start({ host: listen, port: port as number, ...(privateKey ? { privateKey } : {}) });
      endpoint = node;
    }
  } catch (error) {
    const { listenProblem } = await import('./listen-problem.js');
    io.err(`risk bot: ${listenProblem(listen, port as number, error as Error)}\n`);
    gameStore?.close();
    return 1;
  }
  const stop = async () => {
    await node?.stop().catch(() => {});
    await tcp?.close().catch(() => {});
    // Last: closing links may still record a line.
    gameStore?.close();
  };
  // A signal ends the game in order: the others are told we left, the record is closed and
  // synced, the sockets close, and the exit code is the shell's (130 for SIGINT, 143 for SIGTERM).
  let leaveGame: ((reason: string) => void) | null = null;
  let closeRecord: (() => void) | null = null;
  // Said once, when the game ends or a signal stops it (a benchmark cuts long games so).
  let sayPlayed: (() => void) | null = null;
  /** Waits, after the game, for the others to have the end of it (MeshSession.settled). */
  let settled: () => Promise<void> = () => new Promise((r) => setTimeout(r, 200));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`stopped by ${signal}: leaving the game`, { type: 'signal', signal });
    sayPlayed?.();
    try {
      leaveGame?.(`stopped by ${signal}`);
      closeRecord?.();
    } catch (error) {
      io.err(`risk bot: while leaving: ${(error as Error).message}\n`);
    }
    const code = signal === 'SIGINT' ? 130 : 143;
    // Give the leave message a moment to go out before the connections close.
    void new Promise((r) => setTimeout(r, 200)).then(stop).finally(() => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const lobbyEvent = (event: LobbyEvent) => {
      if (event.type === 'info') say(event.text, { type: 'lobby', text: event.text });
      else
        say(`${event.player.name} (player ${event.player.id}) ${event.type} the lobby`, {
          type: event.type,
          player: event.player.id,
          name: event.player.name,
        });
    };
    let lobby: LobbyResult;
    let rejoined: import('../sessions/rejoin-net.js').StoreRejoin | null = null;
    let riscRejoined: import('../sessions/risc-rejoin.js').RiscStoreRejoin | null = null;
    if (rejoinId !== undefined && gameStore !== null && node !== null) {
      // No address given: the ones stored with the game when it started.
      const addresses = address === undefined ? null : [address, ...extra];
      say(
        `rejoining ${risc ? 'RISC ' : ''}game ${rejoinId}: asking ${addresses === null ? 'the other players, at their stored addresses,' : `${addresses.length} players`} for the game so far`,
        { type: 'rejoining', game: rejoinId, addresses: addresses ?? 'stored' },
      );
      const { REJOIN_TIMEOUT_MS, rejoinFromStore, rejoinedRoster } = await import('../sessions/rejoin-net.js');
      const back = risc
        ? await (await import('../sessions/risc-rejoin.js')).riscRejoinFromStore(
            gameStore,
            rejoinId,
            node,
            addresses,
            REJOIN_TIMEOUT_MS,
          )
        : await rejoinFromStore(gameStore, rejoinId, node, addresses, REJOIN_TIMEOUT_MS);
      if (!back.ok) {
        io.err(`risk bot: cannot rejoin game ${rejoinId}: ${back.reason}\n`);
        return 1;
      }
      for (const note of back.rejoined.notes) say(note, { type: 'rejoin', text: note });
      if ('roster' in back.rejoined) {
        riscRejoined = back.rejoined;
        lobby = { ok: true, roster: riscRejoined.roster };
      } else {
        rejoined = back.rejoined;
        lobby = { ok: true, roster: rejoinedRoster(rejoined, () => []) };
      }
    } else if (role === 'host') {
      const addresses = endpoint.addresses();
      const joinCommand = `risk bot join ${cs3099 ? '--profile cs3099 ' : ''}${risc ? '--game risc ' : ''}${addresses[0]}`;
      say(
        `hosting a ${players}-player ${profile} ${risc ? 'RISC ' : ''}game as ${name} (${kind.value} bot); join with: ${joinCommand}`,
        { type: 'hosting', addresses, players, profile },
      );
      for (const a of addresses.slice(1)) say(`  or: ${a}`, { type: 'address', address: a });
      // A resumed game seats every returning player by its key, whatever order they join in; it
      // starts once every player not neutral in this peer's store is in (protocol-spec/resume.md).
      const resuming =
        resumeId !== undefined && gameStore !== null ? await storedSeats(gameStore, resumeId, risc) : undefined;
      if (resuming !== undefined && 'problem' in resuming) {
        io.err(`risk bot: ${resuming.problem}\n`);
        return 1;
      }
      const seats = resuming?.seats;
      // (A resumed RISC game shows its joiners the terms it was played with.)
      const terms =
        (resumeId !== undefined && risc && gameStore !== null && storedTerms(gameStore, resumeId)) || riscTerms;
      lobby = await hostLobby(endpoint, {
        players: players as number,
        ...(seats && seats.length === players ? { seats, awaited: resuming!.awaited } : {}),
        name,
        features,
        ...(risc ? { required: [RISC_FEATURE], risc: terms } : {}),
        ackTimeoutMs: (ackTimeout as number) * 1000,
        moveTimeoutMs: (moveTimeout as number) * 1000,
        ...(ruled ? { rules: rules.value } : {}),
        onEvent: lobbyEvent,
      });
    } else {
      say(`joining ${address} as ${name} (${kind.value} bot)`, { type: 'joining', address });
      lobby = await joinLobby(endpoint, address!, {
        name,
        features,
        startTimeoutMs: (startTimeout as number) * 1000,
        ...(dialect === undefined ? {} : { dialect }),
        onEvent: lobbyEvent,
        // A RISC joiner is shown the RISC terms, never the classic house rules.
        ...(risc
          ? {
              onRisc: (terms: import('../protocol/risc-terms.js').RiscTerms) => {
                say(`the host's terms: ${riscModules![3].describeTerms(terms)}`, { type: 'terms', terms });
                return true;
              },
            }
          : {
              onRules: (offered: import('../protocol/rules.js').Rules) => {
                say(`the host's rules: ${describeRules(offered, null).join('; ')}`, { type: 'rules', rules: offered });
                return true;
              },
            }),
      });
    }
    if (!lobby.ok) {
      io.err(`risk bot: ${lobby.reason}\n`);
      return 1;
    }
    let roster = lobby.roster;
    // cs3099: the game numbers the players 0…N−1 in id order (a class host that does not play may number
    // its clients from 1); the events speak of those numbers.
    const seatOf = new Map(roster.players.map((p, seat) => [p.id, cs3099 ? seat : p.id]));
    const names = new Map(roster.players.map((p) => [seatOf.get(p.id)!, p.name]));
    const nameOf = (id: number) => `${names.get(id) ?? '?'} (player ${id})`;
    const mySeat = seatOf.get(roster.me) ?? roster.me;
    const hostNote = roster.hostPlays === false ? ' (the host does not play)' : '';
    say(
      `the game starts: ${roster.players.map((p) => nameOf(seatOf.get(p.id)!)).join(', ')}; you are player ${mySeat}${hostNote}`,
      {
        type: 'start',
        me: mySeat,
        players: roster.players.map((p) => ({ id: seatOf.get(p.id)!, name: p.name })),
        features: roster.features,
        rules: roster.rules,
      },
    );

    if (risc) {
      const recordPath =
        v['no-record'] === true
          ? null
          : ((v.record as string | undefined) ?? defaultRecordPath(roster.gameId, roster.me));
      let riscResumed: import('../sessions/risc-resume.js').RiscStoreResume | null = null;
      if (resumeId !== undefined && gameStore !== null) {
        const { comparingHistories } = await import('../sessions/resume-net.js');
        say(`resuming RISC game ${resumeId}: ${comparingHistories(roster, resumeTimeoutMs(roster.ackTimeoutMs))}`, {
          type: 'resuming',
          game: resumeId,
        });
        const agreed = await (await import('../sessions/risc-resume.js')).riscResumeOverRoster(gameStore, roster, {
          gameId: resumeId,
          host: role === 'host',
          timeoutMs: resumeTimeoutMs(roster.ackTimeoutMs),
        });
        if (!agreed.ok) {
          io.err(`risk bot: cannot resume game ${resumeId}: ${agreed.reason}\n`);
          return 1;
        }
        riscResumed = agreed.resumed;
        // Every seat plays on, one neutral that stayed away too (the session has no link to it).
        roster = { ...roster, players: everySeatOf(agreed.resumed.players) };
        for (const note of riscResumed.notes)
          say(note, { type: 'resumed', game: resumeId, index: riscResumed.entries, text: note });
      }
      return await riscModules![2].playRiscBot(roster, {
        kind: riscKind as import('../ai/risc/bots.js').RiscBotKind,
        seed: seed as number,
        recordPath,
        store: gameStore,
        say,
        err: io.err,
        ...(node !== null ? { endpoint: node } : {}),
        ...(riscRejoined !== null ? { rejoin: riscRejoined } : {}),
        ...(riscResumed !== null ? { resume: riscResumed } : {}),
      });
    }
    let recorder: Recorder | undefined;
    let recordPath: string | null = null;
    if (v['no-record'] !== true) {
      recorder = fileRecorder((v.record as string | undefined) ?? defaultRecordPath(roster.gameId, roster.me));
      recordPath = recorder.path;
      say(`recording to ${recorder.path}`, { type: 'record', path: recorder.path });
    }
    if (rejoined !== null) recorder = recorder ? storing!.teeRecorder(recorder, rejoined.recorder) : rejoined.recorder;
    let resumed: import('../sessions/resume-net.js').NetworkResume | null = null;
    if (resumeId !== undefined && gameStore !== null) {
      const { comparingHistories, resumeOverRoster } = await import('../sessions/resume-net.js');
      say(`resuming game ${resumeId}: ${comparingHistories(roster, resumeTimeoutMs(roster.ackTimeoutMs))}`, {
        type: 'resuming',
        game: resumeId,
      });
      const agreed = await resumeOverRoster(gameStore, roster, {
        gameId: resumeId,
        host: role === 'host',
        timeoutMs: resumeTimeoutMs(roster.ackTimeoutMs),
      });
      if (!agreed.ok) {
        io.err(`risk bot: cannot resume game ${resumeId}: ${agreed.reason}\n`);
        return 1;
      }
      resumed = agreed.resumed;
      roster = { ...roster, players: everySeatOf(agreed.resumed.players) };
      for (const p of roster.players) if (!names.has(p.id)) names.set(p.id, p.name);
      recorder = recorder ? storing!.teeRecorder(recorder, resumed.recorder) : resumed.recorder;
      say(`every player holds the same history: the game goes on from move ${resumed.index}`, {
        type: 'resumed',
        game: resumeId,
        index: resumed.index,
      });
    }
    let stored: StoredSession | null = null;
    if (gameStore !== null && storing !== null && resumed === null && rejoined === null) {
      stored = storing.storeSession(gameStore, {
        kind: 'bot',
        profile: cs3099 ? 'cs3099' : 'native',
        gameId: roster.gameId,
        me: roster.me,
        features: featuresFrom(roster.features),
        rules: roster.rules,
        players: roster.players.map((p) => ({
          name: p.name,
          peerId: p.peerId,
          botKind: p.id === roster.me ? kind.value : null,
          addresses: p.addresses,
        })),
      });
      recorder = recorder ? storing.teeRecorder(recorder, stored.recorder) : stored.recorder;
      say(`storing as game ${stored.handle.id} in ${gameStore.path}`, {
        type: 'store',
        game: stored.handle.id,
        uid: stored.handle.uid,
        path: gameStore.path,
      });
    }
    // RISK_PLAY_METER=1 (bench:net sets it): this peer measures its own play and says it at the end
    // (src/cli/play-meter.ts, docs/benchmarks.md). Without it the meter is not even loaded.
    const metering = process.env.RISK_PLAY_METER === '1' ? await import('./play-meter.js') : null;
    const meter = metering?.playMeter(mySeat) ?? null;
    if (metering !== null && meter !== null)
      sayPlayed = () => {
        sayPlayed = null;
        const stats = meter.stats();
        say(metering.describePlayStats(stats), { ...stats });
      };
    const onEvent = (event: SessionEvent) => {
      meter?.event(event);
      stored?.onEvent(event);
      const line = describeSessionEvent(event, nameOf);
      if (line === null) return;
      const json = event.type === 'game' ? { ...event.event } : { ...event };
      say(line, json as Record<string, unknown>);
    };
    const seat = botSeat(
      createBot(kind.value as BotKind, seededDice(seed as number)),
      seededDice((seed as number) ^ 0x5eed),
      {
        deadlineMs: 2000,
        onIncident: (incident) => say(`incident: ${incident.reason}`, { type: 'incident', ...incident }),
      },
    );
    const storedId = stored?.handle.id ?? resumed?.storedId ?? rejoined?.storedId;
    const session = sessionFor(
      roster,
      cs3099
        ? {
            profile: 'cs3099',
            role: role === 'host' ? 'host' : 'client',
            drawQuirk: v['strict-draws'] === true ? 'never' : 'detect',
            cardBonus: v['strict-bonus'] === true ? 'rulebook' : 'either',
          }
        : { profile: 'native' },
      {
        seat,
        onEvent,
        ...(recorder ? { recorder } : {}),
        ...(resumed ? { resume: resumed.resume } : {}),
        ...(rejoined ? { rejoin: rejoined.rejoin } : {}),
        // A player that drops out and comes back is sent this peer's record (protocol-spec/resume.md).
        ...(recordPath !== null
          ? { history: () => recordFileLines(recordPath!) }
          : resumed
            ? { history: resumed.history }
            : {}),
        // Where a player that rejoins listens now: the stored game dials it there next time.
        ...(gameStore !== null && storedId !== undefined
          ? {
              onRejoinAddresses: (player: number, at: readonly string[]) =>
                gameStore!.updateAddresses(storedId, player, at),
            }
          : {}),
      },
    );
    if (node !== null && !(session instanceof StarSession)) {
      const { rejoinsAfterStart } = await import('./after-start.js');
      rejoinsAfterStart(node, roster, session, say, nameOf);
    }
    leaveGame = (reason) => session.leave(reason);
    closeRecord = () => recorder?.close();
    if (!(session instanceof StarSession)) {
      const mesh = session;
      settled = () => mesh.settled();
    }
    const result = await session.run();
    sayPlayed?.();
    stored?.finish(result);
    resumed?.finish(result);
    rejoined?.finish(result);
    if (stopping) return 1;
    if (session instanceof StarSession && session.problem !== null) {
      io.err(`risk bot: ${session.problem}\n`);
      return 1;
    }
    if (result.winner === null) {
      io.err(`risk bot: the game ended without a winner: ${endingOf(result.outcome, result.reason)}\n`);
      return 1;
    }
    const how = result.outcome === 'forfeit' ? ' (by forfeit: every other player left or was made neutral)' : '';
    say(`winner: ${nameOf(result.winner)}${how}`, {
      type: 'winner',
      player: result.winner,
      name: names.get(result.winner),
      outcome: result.outcome ?? 'conquest',
    });
    return 0;
  } finally {
    if (!stopping) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      // The last acknowledgements leave, and the others read the end, before the connections close.
      await settled();
      await stop();
    }
  }
}

/**
 * A resumed game's lobby, from this peer's stored copy: every seat's peer id and the seats it
 * waits for (those not neutral at its latest point); undefined when the game is not stored so. A
 * peer may host it only from the lowest of those seats (protocol-spec/resume.md, Resume).
 */
async function storedSeats(
  store: GameStore,
  gameId: string,
  risc: boolean,
): Promise<{ seats: string[]; awaited: number[] } | { problem: string } | undefined> {
  const net = await import('../sessions/resume-seats.js');
  const me = net.storedSeatOf(store, gameId);
  if (me === null) return undefined;
  const found = store.find(`${gameId}-p${me}`);
  if (!found.ok || found.game.players.some((p) => !p.peerId)) return undefined;
  const awaited = risc
    ? (await import('../sessions/risc-resume.js')).riscActiveSeatsOf(store, gameId, me)
    : net.activeSeatsOf(store, gameId, me);
  if (awaited === null) return undefined;
  if (awaited[0] !== me)
    return {
      problem: `player ${awaited[0]} hosts the resume of game ${gameId} (the lowest seat still in the game): join it`,
    };
  return { seats: found.game.players.map((p) => p.peerId!), awaited };
}

/** A resumed game's seats as a lobby's players (a seat that stayed away: where it was stored). */
function everySeatOf(
  players: import('../sessions/resume-net.js').RosterPlayers,
): import('../sessions/lobby.js').LobbyPlayer[] {
  return players.map((p) => ({ id: p.id, name: p.name, peerId: p.peerId, addresses: p.addresses ?? [] }));
}

/** The RISC terms stored game `gameId` was played with (its first record header's), if stored. */
function storedTerms(store: GameStore, gameId: string): { startUnits: number; turnLimit: number | null } | null {
  // (This peer's copy: any seat's keeps the first header.)
  const seat = Array.from({ length: 16 }, (_, k) => k).find((k) => store.find(`${gameId}-p${k}`).ok) ?? 0;
  const found = store.find(`${gameId}-p${seat}`);
  if (!found.ok) return null;
  return (
    (recordHeader(store, found.game.id) as { risc?: { startUnits: number; turnLimit: number | null } } | null)?.risc ??
    null
  );
}

/** Why a game ended, in words, for a game with no winner. */
function endingOf(outcome: Outcome | undefined, reason: string | undefined): string {
  const because = reason ? `: ${reason}` : '';
  switch (outcome) {
    case 'neutralised':
      return `this peer was made neutral${because}`;
    case 'lost-contact':
      return `lost contact with the other players${because}`;
    case 'left':
      return `this peer left${because}`;
    case 'stopped':
      return `stopped${because}`;
    default:
      return reason ?? 'no reason given';
  }
}
