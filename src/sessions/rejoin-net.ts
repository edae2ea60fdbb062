// Rejoin from the game store (protocol-spec/resume.md, Rejoin): this player's stored game gives
// its seat, the players' keys, the session's id, rules and timeouts and the steps it had applied;
// the others are dialed at the addresses given, each link must come from a seat's key, and
// rejoinGame (sessions/rejoin.ts) checks what they send. The stored game is then brought to the
// agreed point and goes on receiving the steps of the rejoined session.
import type { PrivateKey } from '@libp2p/interface';
import { featuresFrom, type SessionResult } from '../core/contract.js';
import { resumeHash } from '../core/native/hashes.js';
import type { DealRecord } from '../core/native/mission-deal.js';
import { replaySteps, takesNetworkPoint } from '../core/steps/replay.js';
import type { GameState } from '../model/index.js';
import { shareableFirst } from '../net/addresses.js';
import type { Link } from '../net/link.js';
import { gameKeyring } from '../protocol/peer-keys.js';
import { parseRules } from '../protocol/rules.js';
import type { DealDriver } from '../protocol/secret-deal.js';
import {
  chancesOf,
  isResumedFrom,
  type RecordHeader,
  recordHeader,
  resumedHeader,
  sessionsOf,
} from '../store/network-games.js';
import { storeRecorder } from '../store/recorder.js';
import type { GameName, GameStore, StoredGame } from '../store/store.js';
import type { Recorder } from '../store/transcript-recorder.js';
import type { Roster } from './lobby.js';
import type { ResumedFrom, SessionConfig } from './mesh-session.js';
import { committedCapital, committedSecrets, rejoinGame, sessionRejoin } from './rejoin.js';
import { storedMissionDeal } from './resume-net.js';

export interface StoreRejoin {
  /** The session's id, this seat, the players and the agreed features and timeouts, as a lobby's roster would give them. */
  readonly gameId: string;
  readonly me: number;
  readonly players: readonly { readonly id: number; readonly name: string; readonly peerId: string }[];
  readonly features: readonly string[];
  readonly rules: NonNullable<SessionConfig['rules']>;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly keyring: NonNullable<SessionConfig['keyring']>;
  readonly links: Map<number, Link>;
  /** For MeshSession's `rejoin`. */
  readonly rejoin: NonNullable<SessionConfig['rejoin']>;
  /** What was said of the histories (whose was taken, which were refused and why). */
  readonly notes: readonly string[];
  /** The rejoined session's steps go on into the stored game. */
  readonly recorder: Recorder;
  /** The stored game's number (e.g. to keep where another player rejoins from: store.updateAddresses). */
  readonly storedId: number;
  finish(result: SessionResult): void;
}

/** The roster a rejoined seat plays on, as a lobby would give it (`addresses`: each player's, if known). */
export function rejoinedRoster(rejoined: StoreRejoin, addresses: (player: number) => readonly string[]): Roster {
  return {
    me: rejoined.me,
    players: rejoined.players.map((p) => ({ ...p, addresses: addresses(p.id) })),
    links: rejoined.links,
    gameId: rejoined.gameId,
    features: rejoined.features,
    ackTimeoutMs: rejoined.ackTimeoutMs,
    moveTimeoutMs: rejoined.moveTimeoutMs,
    rules: rejoined.rules,
    keyring: rejoined.keyring,
  };
}

/**
 * How long a rejoin waits for the others' records: their votes make the seat neutral about an ack
 * timeout after the drop anyway, so a rejoin that waits longer is too late.
 */
export const REJOIN_TIMEOUT_MS = 30_000;

/** What a rejoining peer needs of the network: its key, dialling, and where it listens now. */
export interface RejoinEndpoint {
  readonly peerId: string;
  readonly privateKey: PrivateKey;
  dial(address: string, timeoutMs?: number): Promise<{ ok: true; link: Link } | { ok: false; reason: string }>;
  /** Where this peer listens now: stored as its seat's addresses once it is back. */
  addresses?(): readonly string[];
}

/**
 * A stored networked game of `kind` this peer's key may take its seat back in: the game, its seat,
 * every player's key; or why not (another game, not rejoinable, no seat, another key's seat).
 */
export function storedSeat(
  store: GameStore,
  ref: string,
  peerId: string,
  kind: GameName,
):
  | { ok: true; game: StoredGame; me: number; players: { id: number; name: string; peerId: string }[] }
  | { ok: false; reason: string } {
  const found = store.find(ref);
  if (!found.ok) return found;
  const game = found.game;
  if (game.game !== kind)
    return {
      ok: false,
      reason:
        kind === 'risc'
          ? `game ${game.uid} is not a RISC game: leave out --game risc`
          : `game ${game.uid} is a RISC game: take its seat back with --game risc`,
    };
  const chances = chancesOf(store, game);
  if (chances.rejoin !== null) return { ok: false, reason: `game ${game.uid} cannot be rejoined: ${chances.rejoin}` };
  const me = game.me;
  if (me === null) return { ok: false, reason: `game ${game.uid} does not say which seat was this peer's` };
  const players = game.players.map((p, id) => ({ id, name: p.name, peerId: p.peerId ?? '' }));
  if (players.some((p) => p.peerId === ''))
    return { ok: false, reason: `game ${game.uid} lacks a player's key: it cannot be rejoined` };
  if (players[me]!.peerId !== peerId)
    return {
      ok: false,
      reason: `seat ${me} of game ${game.uid} belongs to key ${players[me]!.peerId}, not this one (${peerId}): give its --key FILE`,
    };
  return { ok: true, game, me, players };
}

/**
 * Dials every other player of a stored game: at `addresses` (one for every other player), or null
 * for the addresses stored with the game (each seat's in turn, until one answers; the seats at
 * once). Each link must come from another seat's key. `spare`: seats that play nothing where the
 * session goes on (neutral where it resumed: one may have stayed away, and its stored address
 * answers nothing): dialled too, but not waited for once every other seat's dial has ended.
 */
export async function dialOthers(
  game: StoredGame,
  me: number,
  players: readonly { readonly id: number; readonly peerId: string }[],
  endpoint: Pick<RejoinEndpoint, 'dial'>,
  addresses: readonly string[] | null,
  timeoutMs: number,
  spare: ReadonlySet<number> = new Set(),
): Promise<{ links: Map<number, Link>; reached: Map<number, string>; problems: string[] }> {
  const links = new Map<number, Link>();
  // The address each other player answered at.
  const reached = new Map<number, string>();
  const problems: string[] = [];
  // Once the dials waited for have ended: a spare seat's link that comes later is closed, unused.
  let over = false;
  const take = async (address: string, dialTimeoutMs: number): Promise<boolean> => {
    const dialed = await endpoint.dial(address, dialTimeoutMs);
    if (over) {
      if (dialed.ok) dialed.link.close();
      return true;
    }
    if (!dialed.ok) {
      problems.push(dialed.reason);
      return false;
    }
    const seat = players.find((p) => p.peerId === dialed.link.remotePeer && p.id !== me);
    if (seat === undefined || links.has(seat.id)) {
      problems.push(`${address} is ${dialed.link.remotePeer}, not another player of game ${game.uid}`);
      dialed.link.close();
      return false;
    }
    links.set(seat.id, dialed.link);
    reached.set(seat.id, address);
    return true;
  };
  if (addresses !== null) for (const address of addresses) await take(address, timeoutMs);
  else {
    const seats = [...game.players.entries()].filter(([seat]) => seat !== me);
    const dials = seats.map(async ([seat, player]) => {
      const known = shareableFirst(player.addresses ?? []);
      if (known.length === 0 && !spare.has(seat))
        problems.push(`no address of ${player.name} (player ${seat}) is stored`);
      // A stored address that answers nothing is given a few seconds: the next one may be the right one.
      for (const address of known) if (await take(address, Math.min(timeoutMs, 5000))) break;
    });
    await Promise.all(dials.filter((_, k) => !spare.has(seats[k]![0])));
    over = true;
  }
  return { links, reached, problems };
}

/**
 * Takes this peer's seat back in a running game. `addresses`: one for every other player, or null
 * to dial the addresses stored with the game (each seat's in turn, until one answers).
 */
export async function rejoinFromStore(
  store: GameStore,
  ref: string,
  endpoint: RejoinEndpoint,
  addresses: readonly string[] | null,
  timeoutMs: number,
): Promise<{ ok: true; rejoined: StoreRejoin } | { ok: false; reason: string }> {
  const seated = storedSeat(store, ref, endpoint.peerId, 'classic');
  if (!seated.ok) return seated;
  const { game, me, players } = seated;
  // chancesOf found the header usable (rejoinHeaderProblem): it names the session id and features.
  // A resumed game is rejoined in the session it was resumed in: that session's header.
  const header = (game.session === null ? recordHeader(store, game.id) : resumedHeader(store, game.id)) as
    | (RecordHeader & { gameId: string; features: string[] })
    | null;
  if (header === null)
    return {
      ok: false,
      reason: `game ${game.uid} cannot be rejoined: the record header (session id, features, timeouts) is not stored`,
    };
  // The rules as the session's header names them (the store keeps them expanded).
  const rules = parseRules(header.rules ?? {}, players.length);
  if (!rules.ok) return { ok: false, reason: `game ${game.uid} names rules that cannot be played: ${rules.reason}` };
  const features = featuresFrom(header.features);
  const keyring = gameKeyring(endpoint.privateKey, new Map(players.map((p) => [p.id, p.peerId])));
  if (keyring === null || !features.signed)
    return { ok: false, reason: `game ${game.uid} was not played with signed lines: its history could not be checked` };
  const resumed = isResumedFrom(header.resumedFrom) ? resumePoint(game, header.resumedFrom) : null;
  if (resumed !== null && !resumed.ok)
    return { ok: false, reason: `game ${game.uid} cannot be rejoined: ${resumed.reason}` };
  // A Secret Mission game: this seat's mission deal, rebuilt from the first session's record before anyone is dialed.
  let missionDeal: { driver: DealDriver; record: DealRecord } | undefined;
  if (rules.value.variant === 'mission') {
    const deal = storedMissionDeal(store, game, keyring);
    if (!deal.ok) return { ok: false, reason: `game ${game.uid} cannot be rejoined: ${deal.reason}` };
    missionDeal = deal;
  }
  // The steps before the session started are not in its records: only the later ones are compared.
  const base = resumed?.steps ?? 0;
  // The session's own record: its secret numbers are noted there, and the moves it signed kept.
  const session = sessionsOf(store.lines(game.id)).at(-1) ?? [];
  // Players neutral where the session resumed play nothing in it: one that stayed away has no link there.
  const spare = new Set(resumed?.start.state.players.filter((p) => p.neutral).map((p) => p.id) ?? []);
  const { links, reached, problems } = await dialOthers(game, me, players, endpoint, addresses, timeoutMs, spare);
  if (links.size === 0) return { ok: false, reason: `no other player could be reached (${problems.join('; ')})` };
  const ackTimeoutMs = header.ackTimeoutMs ?? 2000;
  const moveTimeoutMs = header.moveTimeoutMs ?? 10_000;
  const result = await rejoinGame({
    me,
    players,
    gameId: header.gameId,
    features,
    keyring,
    rules: rules.value,
    ackTimeoutMs,
    moveTimeoutMs,
    links,
    stored: game.steps.slice(base),
    secrets: committedSecrets(session, me),
    record: session,
    capital: committedCapital(session, me),
    timeoutMs,
    // The others' stores keep where this peer listens now.
    addresses: shareableFirst(endpoint.addresses?.() ?? []),
    ...(resumed ? { resumed: { ...resumed.start, ...(missionDeal ? { missionDeal: missionDeal.record } : {}) } } : {}),
  });
  if (!result.ok) {
    for (const link of links.values()) link.close();
    return { ok: false, reason: [result.reason, ...problems].join('; ') };
  }
  // The stored game is brought to the agreed point: entries past it never settled, entries it lacks come from the history.
  const handle = store.continueGame(game.id);
  for (let i = game.steps.length; i > base + result.steps.length; i--) handle.unstep();
  for (const step of result.steps.slice(game.steps.length - base)) handle.step(step.action, step.numbers);
  keepAddresses(store, game, me, endpoint.addresses?.() ?? [], reached);
  const ended = (r: SessionResult) => r.outcome === 'conquest' || r.outcome === 'forfeit';
  return {
    ok: true,
    rejoined: {
      gameId: header.gameId,
      me,
      players,
      features: header.features,
      rules: rules.value,
      ackTimeoutMs,
      moveTimeoutMs,
      keyring,
      links,
      rejoin: sessionRejoin(result, {
        ...(resumed ? { from: resumed.start.from } : {}),
        ...(missionDeal ? { missionDeal } : {}),
      }),
      notes: [
        ...(missionDeal ? ["this seat's Secret Mission deal was rebuilt from its stored record"] : []),
        ...result.notes,
        ...problems,
      ],
      // Its lines too: the rejoined record (header, the history taken back, then its own lines) is
      // the seat's whole record of the session, for export and for a later rejoin's secrets.
      recorder: storeRecorder(handle, { byTurn: true }),
      storedId: game.id,
      finish: (r) =>
        handle.finish({ winner: r.winner, turns: r.state.turn, status: ended(r) ? 'finished' : 'stopped' }),
    },
  };
}

/**
 * Where a resumed session started, from this store: the state its stored steps reach at the resume
 * point (the last step that leaves `from.index` points applied), which must be the state every
 * player proved at the resume (`from.hash`), and how many stored steps come before the session's.
 */
export function resumePoint(
  game: StoredGame,
  from: ResumedFrom,
):
  | { ok: true; steps: number; start: { state: GameState; index: number; from: ResumedFrom } }
  | { ok: false; reason: string } {
  let points = 0;
  let found: { state: GameState; steps: number } | null = null;
  let applied = 0;
  const replay = replaySteps(game, (step, before, _events, after) => {
    applied++;
    if (takesNetworkPoint(step.action, before)) points++;
    if (points === from.index) found = { state: after, steps: applied };
  });
  if (!replay.ok) return { ok: false, reason: `its stored steps do not replay: ${replay.reason}` };
  const at = found as { state: GameState; steps: number } | null;
  if (at === null || resumeHash(at.state) !== from.hash)
    return {
      ok: false,
      reason: `its stored steps do not reach the state at move ${from.index} that the session resumed from`,
    };
  return { ok: true, steps: at.steps, start: { state: at.state, index: from.index, from } };
}

/**
 * The addresses a rejoin found replace stale ones: this peer's own (it may listen on another port
 * than before), and first among another player's, the one it answered at when that was not stored.
 */
export function keepAddresses(
  store: GameStore,
  game: StoredGame,
  me: number,
  mine: readonly string[],
  reached: ReadonlyMap<number, string>,
) {
  if (mine.length > 0) store.updateAddresses(game.id, me, mine);
  for (const [seat, address] of reached) {
    const stored = game.players[seat]?.addresses ?? [];
    if (!stored.includes(address)) store.updateAddresses(game.id, seat, [address, ...stored]);
  }
}
