// The lobby at the host, in the class handshake (cs3099-observed.md §3), then the full mesh:
// after initialise_game every peer holds a link to every other.
import { randomBytes } from 'node:crypto';
import type { PrivateKey } from '@libp2p/interface';
import { LineReader, type Link } from '../net/link.js';
import { type Dialect, lineDialect } from '../net/tcp.js';
import { decodeLine, encodeLine } from '../protocol/codec.js';
import type { Message } from '../protocol/messages.js';
import { gameKeyring } from '../protocol/peer-keys.js';
import { type RiscTerms, RiscTermsSchema, termsOnWire } from '../protocol/risc-terms.js';
import { parseRules, type Rules, RulesSchema } from '../protocol/rules.js';
import type { Keyring } from '../protocol/signing.js';
import { checkTerms, termsDigest } from './mesh-terms.js';

/** The keyring for a native roster: this node's key and the players' peer ids. */
function keyringFor(node: LobbyEndpoint, players: readonly LobbyPlayer[]): Keyring | null {
  if (!node.mesh || node.privateKey === undefined) return null;
  return gameKeyring(node.privateKey, new Map(players.map((p) => [p.id, p.peerId])));
}
/**
 * What the lobby needs of a transport: inbound links, dialling, and this peer's identity. A
 * libp2p PeerNode serves the native profile; plain TCP the cs3099 profile (no identity, no mesh).
 */
export interface LobbyEndpoint {
  readonly peerId: string;
  addresses(): string[];
  onLink(listener: (link: Link) => void): void;
  dial(
    address: string,
    timeoutMs?: number,
    options?: { readonly dialect?: Dialect },
  ): Promise<{ ok: true; link: Link } | { ok: false; reason: string }>;
  /** Whether players connect to each other after the start (native) or talk through the host (cs3099). */
  readonly mesh: boolean;
  /** Plain TCP: the line dialect each host address was found to speak (a joiner offers it first). */
  readonly dialects?: Map<string, Dialect>;
  /** The identity key (native): it signs this peer's game messages. */
  readonly privateKey?: PrivateKey;
}

export interface LobbyPlayer {
  readonly id: number;
  readonly name: string;
  readonly peerId: string;
  readonly addresses: readonly string[];
}

export interface Roster {
  readonly me: number;
  /** The host's seat (0 unless a resumed game is hosted by another seat: protocol-spec/resume.md). */
  readonly host?: number;
  readonly players: readonly LobbyPlayer[];
  /** A link to every other player. */
  readonly links: Map<number, Link>;
  readonly gameId: string;
  /** Features every player listed. */
  readonly features: readonly string[];
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** The house rules the host chose (native profile); {} is the 1993 defaults. */
  readonly rules: Rules;
  /** Signs this peer's lines and checks everyone's (native, when every peer id is an Ed25519 key). */
  readonly keyring: Keyring | null;
  /** Client, cs3099: false when the host does not play (its ping carried player_id null). */
  readonly hostPlays?: boolean;
  /** A RISC game: the starting units and turn limit the host set (native profile). */
  readonly risc?: RiscTerms;
}

export type LobbyEvent =
  | { readonly type: 'joined' | 'left'; readonly player: LobbyPlayer }
  | { readonly type: 'info'; readonly text: string };

export type LobbyResult = { ok: true; roster: Roster } | { ok: false; reason: string };

export const SUPPORTED_VERSIONS = [1];
/** The class protocol's limit (cs3099-observed.md §3). */
const MAX_PLAYERS = 6;

const send = (link: Link, message: Message) => link.send(encodeLine(message).trimEnd());

/** The next message from a reader, skipping lines that are not messages; or why there is none. `line` is the raw text. */
async function nextMessage(
  reader: LineReader,
  timeoutMs: number,
): Promise<{ ok: true; message: Message; line: string } | { ok: false; reason: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const next = await reader.next(Math.max(1, deadline - Date.now()));
    if (!next.ok) return next;
    const decoded = decodeLine(next.line);
    if (decoded.ok && 'message' in decoded) return { ok: true, message: decoded.message, line: next.line };
  }
}

/**
 * The rules riding in an accept_join_game line (native profile). The message schema drops keys it
 * does not know, so they are read from the raw line; a missing field means the 1993 defaults.
 */
function rulesInLine(line: string): { ok: true; value: Rules } | { ok: false; reason: string } {
  let payload: unknown;
  try {
    payload = (JSON.parse(line) as { payload?: unknown }).payload;
  } catch {
    return { ok: true, value: {} };
  }
  const raw = payload !== null && typeof payload === 'object' ? (payload as { rules?: unknown }).rules : undefined;
  const parsed = RulesSchema.safeParse(raw ?? {});
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: `the host sent rules this version cannot play: ${parsed.error.issues[0]!.message}` };
}

/** The RISC terms riding in an accept_join_game line, read from the raw line like the rules; null when none. */
function riscInLine(line: string): { ok: true; value: RiscTerms | null } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    const payload = (JSON.parse(line) as { payload?: unknown }).payload;
    raw = payload !== null && typeof payload === 'object' ? (payload as { risc?: unknown }).risc : undefined;
  } catch {
    return { ok: true, value: null };
  }
  if (raw === undefined) return { ok: true, value: null };
  const parsed = RiscTermsSchema.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: `the host sent RISC terms this version cannot play: ${parsed.error.issues[0]!.message}` };
}

/** Waits for a message that passes `test`; others met on the way are kept for later. */
async function waitFor(
  reader: LineReader,
  kept: Message[],
  test: (m: Message) => boolean,
  timeoutMs: number,
): Promise<Message | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const index = kept.findIndex(test);
    if (index >= 0) return kept.splice(index, 1)[0]!;
    const left = deadline - Date.now();
    if (left <= 0) return null;
    const next = await nextMessage(reader, left);
    if (!next.ok) return null;
    kept.push(next.message);
  }
}

export interface HostOptions {
  readonly players: number;
  readonly name: string;
  readonly features: readonly string[];
  /** Features a joiner must list to be let in (a RISC host needs RISC players). */
  readonly required?: readonly string[];
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** House rules for this game (native profile only: sent to each joiner when accepted). */
  readonly rules?: Rules;
  /** A RISC game's terms (native profile only: sent to each joiner when accepted, like the rules). */
  readonly risc?: RiscTerms;
  readonly onEvent?: (event: LobbyEvent) => void;
  readonly signal?: AbortSignal;
  /** Aborted by the host to start now with the players present (at least two, seats 0…n-1). */
  readonly startNow?: AbortSignal;
  /**
   * A resumed game (native): the players' peer ids in seat order, the host's among them (the host
   * takes its key's seat). Each joiner gets the seat of its key, whatever the order they come in;
   * other keys are refused.
   */
  readonly seats?: readonly string[];
  /**
   * With `seats`: the seats the game starts with once they are all here (default every seat). A
   * player made neutral before the stop need not come back (protocol-spec/resume.md, Resume).
   */
  readonly awaited?: readonly number[];
}

/** Runs the host's lobby until `players` have joined, then starts the game and builds the mesh. */
export function hostLobby(node: LobbyEndpoint, options: HostOptions): Promise<LobbyResult> {
  const rules: Rules = node.mesh ? (options.rules ?? {}) : {};
  if (Object.keys(rules).length > 0) {
    const checked = parseRules(rules, options.players);
    if (!checked.ok) return Promise.resolve({ ok: false, reason: `these rules cannot be played: ${checked.reason}` });
  }
  // A resumed game's host takes its key's seat (not 0 when player 0 was made neutral).
  const seated = options.seats !== undefined && node.mesh ? options.seats.indexOf(node.peerId) : -1;
  const hostSeat = Math.max(0, seated);
  const awaited = options.seats !== undefined && node.mesh ? (options.awaited ?? null) : null;
  /** Whether every seat the game waits for is here. */
  const full = (members: ReadonlyMap<number, unknown>) =>
    awaited === null ? members.size === options.players : awaited.every((seat) => members.has(seat));
  return new Promise((resolve) => {
    interface Member {
      player: LobbyPlayer;
      link: Link | null;
      reader: LineReader | null;
      features: readonly string[];
      kept: Message[];
    }
    const members = new Map<number, Member>();
    members.set(hostSeat, {
      player: { id: hostSeat, name: options.name, peerId: node.peerId, addresses: node.addresses() },
      link: null,
      reader: null,
      features: options.features,
      kept: [],
    });
    let starting = false;
    // The recorded class peer reads exactly [id, name, key]; mesh addresses ride in a fourth element.
    const entry = (p: LobbyPlayer): [number, string, string] | [number, string, string, string[]] =>
      node.mesh ? [p.id, p.name, p.peerId, [...p.addresses]] : [p.id, p.name, p.peerId];
    const others = (id: number) => [...members.values()].filter((m) => m.player.id !== id && m.link !== null);

    options.signal?.addEventListener('abort', () => {
      for (const m of members.values()) m.link?.close();
      resolve({ ok: false, reason: 'the lobby was closed' });
    });
    options.startNow?.addEventListener('abort', async () => {
      // Seats must be 0…n-1: a seat left empty in the middle is filled first (by a player or a bot).
      const complete = [...members.keys()].every((id) => id < members.size);
      if (starting || members.size < 2 || !complete) return;
      starting = true;
      resolve(await startGame());
    });

    node.onLink(async (link) => {
      const reader = new LineReader(link);
      const first = await nextMessage(reader, Math.max(options.ackTimeoutMs, 5000));
      if (!first.ok || first.message.command !== 'join_game') {
        link.close();
        return;
      }
      const join = first.message.payload;
      const reject = (reason: string) => {
        send(link, { command: 'reject_join_game', payload: reason });
        setTimeout(() => link.close(), 100);
        options.onEvent?.({ type: 'info', text: `refused ${join.name}: ${reason}` });
      };
      if (starting) return reject('Game in progress');
      if (members.size >= options.players) return reject('Game full');
      if (!join.supported_versions.some((v) => SUPPORTED_VERSIONS.includes(v))) return reject('No common version');
      const lacking = (options.required ?? []).filter((f) => !join.supported_features.includes(f));
      if (lacking.length > 0) return reject(`this game needs the feature ${lacking.join(', ')}`);
      let id = 1;
      while (members.has(id)) id++;
      if (options.seats !== undefined && node.mesh) {
        id = options.seats.indexOf(link.remotePeer);
        if (id < 0 || id === hostSeat)
          return reject('Not a player of this game: only its players, with their keys, may join it');
        if (members.has(id)) return reject(`Seat ${id} is taken already (by the same key)`);
      }
      // On plain TCP there is no peer identity: the class key stays empty.
      const player: LobbyPlayer = {
        id,
        name: join.name || `Player ${id}`,
        peerId: node.mesh ? link.remotePeer : '',
        addresses: join.addresses ?? [],
      };
      members.set(id, { player, link, reader, features: join.supported_features, kept: [] });
      const accept = {
        player_id: id,
        acknowledgement_timeout: options.ackTimeoutMs / 1000,
        move_timeout: options.moveTimeoutMs / 1000,
      };
      // Native profile: the rules (a RISC game: its terms) ride along, so the joiner sees them before the game starts.
      const terms = node.mesh && options.risc ? { risc: termsOnWire(options.risc) } : {};
      send(link, {
        command: 'accept_join_game',
        payload: node.mesh ? { ...accept, rules, ...terms } : accept,
      } as Message);
      send(link, {
        command: 'players_joined',
        payload: [...members.values()].filter((m) => m.player.id !== id).map((m) => entry(m.player)),
      });
      for (const m of others(id)) send(m.link!, { command: 'players_joined', payload: [entry(player)] });
      options.onEvent?.({ type: 'joined', player });
      link.onClose(() => {
        if (starting || members.get(id)?.link !== link) return;
        members.delete(id);
        for (const m of others(id))
          send(m.link!, {
            command: 'leave_game',
            payload: { response: 0, message: 'left the lobby', receive_updates: false },
            player_id: id,
          });
        options.onEvent?.({ type: 'left', player });
      });
      if (full(members)) {
        starting = true;
        resolve(await startGame());
      }
    });

    async function startGame(): Promise<LobbyResult> {
      const clients = [...members.values()].filter((m) => m.link !== null);
      const count = members.size;
      // Each client's answer to the ping and its acknowledgement of ready go on to every other
      // client, as a star host relays every line: a class client waits for every player's ping
      // before it acknowledges ready (interop-ac-3p-we-host-ping.jsonl).
      const relay = (from: Member, message: Message) => {
        for (const o of clients) if (o !== from) send(o.link!, message);
      };
      for (const m of clients) send(m.link!, { command: 'ping', payload: count, player_id: hostSeat });
      for (const m of clients) {
        const reply = await waitFor(m.reader!, m.kept, (msg) => msg.command === 'ping', options.ackTimeoutMs);
        if (!reply) return abandon(`player ${m.player.id} (${m.player.name}) did not answer the ping`);
        relay(m, { command: 'ping', payload: null, player_id: m.player.id });
      }
      for (const m of clients) send(m.link!, { command: 'ready', payload: null, player_id: hostSeat, ack_id: 0 });
      for (const m of clients) {
        const ack = await waitFor(
          m.reader!,
          m.kept,
          (msg) => msg.command === 'acknowledgement' && msg.payload === 0,
          options.ackTimeoutMs,
        );
        if (!ack) return abandon(`player ${m.player.id} (${m.player.name}) did not acknowledge ready`);
        relay(m, { command: 'acknowledgement', payload: 0, player_id: m.player.id });
      }
      const features = [...members.values()].reduce<readonly string[]>(
        (common, m) => common.filter((f) => m.features.includes(f)),
        options.features,
      );
      const gameId = randomBytes(8).toString('hex');
      const payload = node.mesh
        ? { version: 1, supported_features: [...features], game_id: gameId }
        : { version: 1, supported_features: [...features] };
      for (const m of clients) send(m.link!, { command: 'initialise_game', payload });
      // The game session reads on from here: hand it what the lobby has not read.
      for (const m of clients) m.reader!.release();
      const links = new Map<number, Link>(clients.map((m) => [m.player.id, m.link!]));
      const players = [...members.values()].map((m) => m.player).sort((a, b) => a.id - b.id);
      return {
        ok: true,
        roster: {
          me: hostSeat,
          ...(hostSeat !== 0 ? { host: hostSeat } : {}),
          players,
          keyring: keyringFor(node, players),
          links,
          gameId,
          features,
          ackTimeoutMs: options.ackTimeoutMs,
          moveTimeoutMs: options.moveTimeoutMs,
          rules,
          ...(options.risc ? { risc: options.risc } : {}),
        },
      };
    }

    function abandon(reason: string): LobbyResult {
      for (const m of members.values()) m.link?.close();
      return { ok: false, reason: `the game could not start: ${reason}` };
    }
  });
}

export interface JoinOptions {
  readonly name: string;
  readonly features: readonly string[];
  /** How long to wait for the host to start the game. */
  readonly startTimeoutMs: number;
  readonly onEvent?: (event: LobbyEvent) => void;
  /** Shown the host's rules on acceptance; answering false leaves the lobby (default: accept any). */
  readonly onRules?: (rules: Rules) => boolean | Promise<boolean>;
  /**
   * Plain TCP: speak only this line dialect to the host. By default the joiner finds it: it offers
   * the one found for this address before (bare at first), and the other one if the host closes
   * the connection without an answer.
   */
  readonly dialect?: Dialect;
  /**
   * A RISC joiner: shown the host's RISC terms on acceptance instead of the rules (none sent: the
   * host is not hosting RISC, and the joiner leaves); answering false leaves the lobby.
   */
  readonly onRisc?: (terms: RiscTerms) => boolean | Promise<boolean>;
}

/** Joins a host's lobby, waits for the start, then connects to every other player. */
export async function joinLobby(node: LobbyEndpoint, address: string, options: JoinOptions): Promise<LobbyResult> {
  const join: Message = {
    command: 'join_game',
    payload: node.mesh
      ? {
          supported_versions: SUPPORTED_VERSIONS,
          supported_features: [...options.features],
          name: options.name,
          public_key: node.peerId,
          addresses: node.addresses(),
        }
      : { supported_versions: SUPPORTED_VERSIONS, supported_features: [...options.features], name: options.name },
  };
  // Plain TCP: class hosts read one line dialect or both. A host that reads only the envelope
  // closes on a bare join_game (interop-ac-host-refuses-bare-join.jsonl); the recorded 2015 host
  // never answers a wrapped one (its reader dies). So bare first, unless this address was found
  // to want the envelope, and the other dialect once if the host closes without a word.
  let dialect: Dialect = options.dialect ?? node.dialects?.get(address) ?? 'bare';
  const finding = !node.mesh && options.dialect === undefined;
  const connect = async () => {
    const dialed = await node.dial(address, undefined, node.mesh ? {} : { dialect });
    if (!dialed.ok) return dialed;
    send(dialed.link, join);
    return { ok: true as const, host: dialed.link, reader: new LineReader(dialed.link) };
  };
  const first = await connect();
  if (!first.ok) return first;
  let { host, reader } = first;
  let answered = false;
  let switched = false;
  const inbound = new Map<string, Link>();
  node.onLink((link) => {
    // One link per peer; a second one, or one from a peer we will never play, is not kept.
    if (inbound.has(link.remotePeer) || inbound.size >= MAX_PLAYERS) link.close();
    else inbound.set(link.remotePeer, link);
  });

  let me: number | null = null;
  let ackTimeoutMs = 5000;
  let moveTimeoutMs = 60_000;
  let rules: Rules = {};
  let risc: RiscTerms | null = null;
  let hostPlays = true;
  /** The host's seat: 0, or in a resumed game the seat of the host's key (native). */
  let hostId = 0;
  const players = new Map<number, LobbyPlayer>();
  const deadline = Date.now() + options.startTimeoutMs;
  for (;;) {
    const next = await nextMessage(reader, Math.max(1, deadline - Date.now()));
    if (!next.ok && finding && !answered && !switched && host.closed) {
      switched = true;
      dialect = dialect === 'bare' ? 'wrapped' : 'bare';
      options.onEvent?.({
        type: 'info',
        text: `the host closed the connection on our join_game: offering it in the ${dialect === 'wrapped' ? 'wrapped {"message": …}' : 'bare'} form`,
      });
      const again = await connect();
      if (!again.ok) return again;
      ({ host, reader } = again);
      continue;
    }
    if (next.ok && !answered) {
      answered = true;
      // The dialect the host answers in is the one it reads: offered first next time.
      if (!node.mesh) node.dialects?.set(address, lineDialect(next.line) ?? dialect);
    }
    if (!next.ok) {
      host.close();
      const both = switched && !answered ? ' (it closed on our join_game in both line forms, bare and wrapped)' : '';
      return {
        ok: false,
        reason:
          me === null
            ? `the host did not answer: ${next.reason}${both}`
            : `the host went away before the game started: ${next.reason}`,
      };
    }
    const message = next.message;
    switch (message.command) {
      case 'reject_join_game':
        host.close();
        return { ok: false, reason: `the host refused to let you join: ${message.payload}` };
      case 'accept_join_game':
        me = message.payload.player_id;
        ackTimeoutMs = message.payload.acknowledgement_timeout * 1000;
        moveTimeoutMs = message.payload.move_timeout * 1000;
        players.set(me, { id: me, name: options.name, peerId: node.peerId, addresses: node.addresses() });
        if (node.mesh) {
          const offered = rulesInLine(next.line);
          if (!offered.ok) {
            host.close();
            return offered;
          }
          rules = offered.value;
          if (options.onRisc) {
            const terms = riscInLine(next.line);
            if (!terms.ok || terms.value === null) {
              host.close();
              return terms.ok ? { ok: false, reason: 'the host is not hosting a RISC game' } : terms;
            }
            risc = terms.value;
            if (!(await options.onRisc(risc))) {
              host.close();
              return { ok: false, reason: "you declined the host's RISC terms" };
            }
          } else if (options.onRules && !(await options.onRules(rules))) {
            host.close();
            return { ok: false, reason: "you declined the host's rules" };
          }
        }
        break;
      case 'players_joined':
        for (const [id, name, key, addresses] of message.payload) {
          // Native: the host is the entry with the host's key (seat 0 unless a resumed game's host sits elsewhere).
          if (node.mesh && key === host.remotePeer) hostId = id;
          const peerId = id === hostId ? host.remotePeer : key;
          players.set(id, { id, name, peerId, addresses: addresses ?? [] });
          options.onEvent?.({ type: 'joined', player: players.get(id)! });
        }
        break;
      case 'leave_game': {
        const left = players.get(message.player_id);
        players.delete(message.player_id);
        if (left) options.onEvent?.({ type: 'left', player: left });
        break;
      }
      case 'ping':
        // Only the host's ping is answered: it carries the player count, while the other clients'
        // answers (payload null), which a host relays, are not pings to this player. Answering
        // those too put a second ping where a class joiner waits for the ready acknowledgements
        // (interop-ac-3p-we-join-ping.jsonl).
        if (message.payload === null) break;
        // A class host that does not play sends its lines with player_id null (cs3099-observed.md §2).
        hostPlays = message.player_id !== null;
        if (me !== null) send(host, { command: 'ping', payload: null, player_id: me });
        break;
      case 'ready':
        if (me !== null) send(host, { command: 'acknowledgement', payload: message.ack_id ?? 0, player_id: me });
        break;
      case 'initialise_game': {
        if (me === null) return { ok: false, reason: 'the host started the game before accepting this player' };
        reader.release();
        const mesh = node.mesh
          ? await connectMesh(node, me, [...players.values()], host, hostId, inbound, ackTimeoutMs * 3)
          : { ok: true as const, links: new Map([[0, host]]) };
        // From now on only the members' links count: close the rest and refuse new ones.
        const used = new Set(mesh.ok ? mesh.links.values() : []);
        for (const link of inbound.values()) if (!used.has(link)) link.close();
        node.onLink((link) => link.close());
        if (!mesh.ok) return mesh;
        const everyone = [...players.values()].sort((a, b) => a.id - b.id);
        const gameId =
          ('game_id' in message.payload ? message.payload.game_id : undefined) ?? randomBytes(8).toString('hex');
        if (node.mesh) {
          // The host alone told this player the terms: the other joiners must have heard the same.
          const digest = termsDigest({
            gameId,
            features: message.payload.supported_features,
            ackTimeoutMs,
            moveTimeoutMs,
            rules,
            risc,
            players: everyone,
          });
          const joiners = new Map([...mesh.links].filter(([id]) => id !== hostId));
          const agreed = await checkTerms(me, digest, joiners, ackTimeoutMs * 3);
          if (!agreed.ok) {
            for (const link of mesh.links.values()) link.close();
            return agreed;
          }
        }
        return {
          ok: true,
          roster: {
            me,
            ...(hostId !== 0 ? { host: hostId } : {}),
            players: everyone,
            keyring: keyringFor(node, everyone),
            links: mesh.links,
            gameId,
            features: message.payload.supported_features,
            ackTimeoutMs,
            moveTimeoutMs,
            rules,
            ...(hostPlays ? {} : { hostPlays }),
            ...(risc !== null ? { risc } : {}),
          },
        };
      }
      default:
        break;
    }
  }
}

/** Each client dials the clients with lower ids and waits for those with higher ids to dial it. */
async function connectMesh(
  node: LobbyEndpoint,
  me: number,
  players: readonly LobbyPlayer[],
  host: Link,
  hostId: number,
  inbound: Map<string, Link>,
  timeoutMs: number,
): Promise<{ ok: true; links: Map<number, Link> } | { ok: false; reason: string }> {
  const links = new Map<number, Link>([[hostId, host]]);
  for (const p of players) {
    if (p.id === hostId || p.id === me || p.id > me) continue;
    let dialed: { ok: true; link: Link } | { ok: false; reason: string } = { ok: false, reason: 'no address' };
    for (const address of p.addresses) {
      dialed = await node.dial(address, timeoutMs);
      if (dialed.ok) break;
    }
    if (!dialed.ok) return { ok: false, reason: `cannot connect to player ${p.id} (${p.name}): ${dialed.reason}` };
    if (dialed.link.remotePeer !== p.peerId)
      return { ok: false, reason: `player ${p.id}'s address answered with another peer id` };
    links.set(p.id, dialed.link);
  }
  const deadline = Date.now() + timeoutMs;
  for (const p of players) {
    if (p.id <= me || p.id === hostId) continue;
    while (!inbound.has(p.peerId)) {
      if (Date.now() > deadline)
        return { ok: false, reason: `player ${p.id} (${p.name}) did not connect to this peer` };
      await new Promise((r) => setTimeout(r, 5));
    }
    links.set(p.id, inbound.get(p.peerId)!);
  }
  return { ok: true, links };
}
