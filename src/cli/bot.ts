// `risk bot host|join`: a headless peer that plays a whole game with a bot and prints its events.
import { createBot, parseBotKind, type BotKind } from '../ai/registry.js';
import { hostLobby, joinLobby, type LobbyEndpoint, type LobbyEvent, type LobbyResult } from '../controller/lobby.js';
import { PeerNode } from '../controller/net/libp2p-node.js';
import { listenTcp, TcpEndpoint, type TcpListener } from '../controller/net/tcp.js';
import { StarSession } from '../controller/star-session.js';
import { loadOrCreateKey } from '../controller/net/identity.js';
import { sessionFor } from '../controller/peer-game.js';
import { defaultRecordPath, fileRecorder, type Recorder } from '../controller/recorder.js';
import { botSeat } from '../ai/seat.js';
import { NATIVE_FEATURES, type SessionEvent } from '../controller/session.js';
import { seededDice } from '../protocol/random.js';
import { describeSessionEvent } from '../views/event-text.js';
import { EXIT_USAGE, parseCommandArgs, parseInteger, type CommandIO } from './io.js';
import { RULE_FLAGS, RULE_USAGE, rulesFromFlags } from './rule-flags.js';
import { describeRules, networkRulesProblem, parseRules } from '../protocol/rules.js';

const USAGE = `usage: risk bot host [--port P] [--listen ADDR] --players N [options]
       risk bot join <address> [options]
  --profile P         native (default: libp2p, full mesh) or cs3099 (the 2015 class
                      protocol: plain TCP through the host, to play with other groups)
  --bot KIND          random, easy, normal or hard (default normal)
  --name NAME         player name (default: the bot kind)
  --players N         host only: 2–6 players, the host included
  --port P            host only: TCP port to listen on (default 7475; 0 = any free port)
  --listen ADDR       address to listen on (default 0.0.0.0: classmates can join)
  --seed S            seed for the bot's own choices (default: random)
  --move-timeout S    host only: seconds a player has to move (default 10)
  --ack-timeout S     host only: seconds to acknowledge a move (default 2)
  --start-timeout S   join only: seconds to wait for the game to start (default 600)
  --record FILE       write the game record here (default: a new file under ~/.local/share/p2p-risk/games)
  --no-record         write no record
  --key FILE          keep this peer's identity in FILE (default: a new identity per run)
  --json              print one JSON object per event instead of text
House rules (host only, native profile; joiners are shown them and play them):
${RULE_USAGE}`;

const OPTIONS = {
  bot: { type: 'string' },
  profile: { type: 'string' },
  name: { type: 'string' },
  players: { type: 'string' },
  port: { type: 'string' },
  listen: { type: 'string' },
  seed: { type: 'string' },
  'move-timeout': { type: 'string' },
  'ack-timeout': { type: 'string' },
  'start-timeout': { type: 'string' },
  record: { type: 'string' },
  'no-record': { type: 'boolean' },
  key: { type: 'string' },
  json: { type: 'boolean' },
  ...RULE_FLAGS,
} as const;

export async function runBot(args: string[], io: CommandIO): Promise<number> {
  const usage = (reason: string) => {
    io.err(`risk bot: ${reason}\n${USAGE}`);
    return EXIT_USAGE;
  };
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const parsed = parseCommandArgs(args, { allowPositionals: true, options: OPTIONS });
  if (!parsed.ok) return usage(parsed.reason);
  const [role, address, ...extra] = parsed.positionals;
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (role !== 'host' && role !== 'join') return usage(role === undefined ? 'say host or join' : `"${role}" is neither host nor join`);
  if (role === 'join' && address === undefined) return usage('join needs the host address (host:port or the address the host printed)');
  if (role === 'host' && address !== undefined) return usage(`host takes no address (got "${address}"): use --port and --listen`);
  if (extra.length > 0) return usage(`unexpected "${extra.join(' ')}"`);

  const kind = parseBotKind((v.bot as string | undefined) ?? 'normal');
  if (!kind.ok) return usage(kind.reason);
  const profile = ((v.profile as string | undefined) ?? 'native').trim().toLowerCase();
  if (profile !== 'native' && profile !== 'cs3099') return usage(`unknown profile "${v.profile as string}": choose native or cs3099`);
  const cs3099 = profile === 'cs3099';
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
  for (const value of [players, port, seed, moveTimeout, ackTimeout, startTimeout]) if (typeof value === 'string') return usage(value);
  if (role === 'host' && players === -1) return usage('host needs --players N (2–6, the host included)');
  const name = ((v.name as string | undefined) ?? kind.value).slice(0, 64);
  const rules = rulesFromFlags(v);
  if (!rules.ok) return usage(rules.reason);
  const ruled = Object.keys(rules.value).length > 0;
  if (ruled && role === 'join') return usage('house rules are the host\'s choice: give them to risk bot host');
  if (ruled && cs3099) return usage('the cs3099 profile plays the class rules: house rules need the native profile');
  if (ruled) {
    const playable = parseRules(rules.value, players as number);
    if (!playable.ok) return usage(playable.reason);
    const networked = networkRulesProblem(rules.value);
    if (networked !== null) return usage(networked);
  }

  const say = (line: string, json: Record<string, unknown>) => io.out(v.json ? `${JSON.stringify(json)}\n` : `${line}\n`);

  let privateKey;
  if (typeof v.key === 'string') {
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
      node = await PeerNode.start({ host: listen, port: port as number, ...(privateKey ? { privateKey } : {}) });
      endpoint = node;
    }
  } catch (error) {
    io.err(`risk bot: cannot listen on ${listen}:${port}: ${(error as Error).message}\n`);
    return 1;
  }
  const stop = async () => {
    await node?.stop().catch(() => {});
    await tcp?.close().catch(() => {});
  };
  const onSignal = () => {
    void stop().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const lobbyEvent = (event: LobbyEvent) => {
      if (event.type === 'info') say(event.text, { type: 'lobby', text: event.text });
      else say(`${event.player.name} (player ${event.player.id}) ${event.type} the lobby`, { type: event.type, player: event.player.id, name: event.player.name });
    };
    let lobby: LobbyResult;
    if (role === 'host') {
      const addresses = endpoint.addresses();
      const joinCommand = `risk bot join ${cs3099 ? '--profile cs3099 ' : ''}${addresses[0]}`;
      say(`hosting a ${players}-player ${profile} game as ${name} (${kind.value} bot); join with: ${joinCommand}`, { type: 'hosting', addresses, players, profile });
      for (const a of addresses.slice(1)) say(`  or: ${a}`, { type: 'address', address: a });
      lobby = await hostLobby(endpoint, {
        players: players as number,
        name,
        features: cs3099 ? [] : [...NATIVE_FEATURES],
        ackTimeoutMs: (ackTimeout as number) * 1000,
        moveTimeoutMs: (moveTimeout as number) * 1000,
        ...(ruled ? { rules: rules.value } : {}),
        onEvent: lobbyEvent,
      });
    } else {
      say(`joining ${address} as ${name} (${kind.value} bot)`, { type: 'joining', address });
      lobby = await joinLobby(endpoint, address!, {
        name,
        features: cs3099 ? [] : [...NATIVE_FEATURES],
        startTimeoutMs: (startTimeout as number) * 1000,
        onEvent: lobbyEvent,
        onRules: (offered) => {
          say(`the host's rules: ${describeRules(offered, null).join('; ')}`, { type: 'rules', rules: offered });
          return true;
        },
      });
    }
    if (!lobby.ok) {
      io.err(`risk bot: ${lobby.reason}\n`);
      return 1;
    }
    const roster = lobby.roster;
    const names = new Map(roster.players.map((p) => [p.id, p.name]));
    const nameOf = (id: number) => `${names.get(id) ?? '?'} (player ${id})`;
    say(`the game starts: ${roster.players.map((p) => nameOf(p.id)).join(', ')}; you are player ${roster.me}`, {
      type: 'start',
      me: roster.me,
      players: roster.players.map((p) => ({ id: p.id, name: p.name })),
      features: roster.features,
      rules: roster.rules,
    });

    let recorder: Recorder | undefined;
    if (v['no-record'] !== true) {
      recorder = fileRecorder((v.record as string | undefined) ?? defaultRecordPath(roster.gameId, roster.me));
      say(`recording to ${recorder.path}`, { type: 'record', path: recorder.path });
    }
    const onEvent = (event: SessionEvent) => {
      const line = describeSessionEvent(event, nameOf);
      if (line === null) return;
      const json = event.type === 'game' ? { ...event.event } : { ...event };
      say(line, json as Record<string, unknown>);
    };
    const seat = botSeat(createBot(kind.value as BotKind, seededDice(seed as number)), seededDice((seed as number) ^ 0x5eed), {
      deadlineMs: 2000,
      onIncident: (incident) => say(`incident: ${incident.reason}`, { type: 'incident', ...incident }),
    });
    const session = cs3099
      ? new StarSession({
          me: roster.me,
          role: role === 'host' ? 'host' : 'client',
          players: roster.players.map((p) => ({ id: p.id, name: p.name })),
          links: roster.links,
          seat,
          ackTimeoutMs: roster.ackTimeoutMs,
          moveTimeoutMs: roster.moveTimeoutMs,
          onEvent,
          ...(recorder ? { recorder } : {}),
        })
      : sessionFor(roster, { seat, onEvent, ...(recorder ? { recorder } : {}) });
    const result = await session.run();
    if (session instanceof StarSession && session.problem !== null) {
      io.err(`risk bot: ${session.problem}\n`);
      return 1;
    }
    if (result.winner === null) {
      io.err('risk bot: the game ended without a winner\n');
      return 1;
    }
    say(`winner: ${nameOf(result.winner)}`, { type: 'winner', player: result.winner, name: names.get(result.winner) });
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Give the last acknowledgements a moment to leave before the connections close.
    await new Promise((r) => setTimeout(r, 200));
    await stop();
  }
}
