// A seat whose process died takes it back in a running game over in-memory links (protocol-spec/
// resume.md, Rejoin), through the program's own contract: new links, each handed to another
// player's session (MeshSession.rejoinLink, which takes it by the seat's key), the others' records
// checked by rejoinGame (the classic game's here: classicRejoin; RISC's: rejoinRisc), and what the
// returning session goes on from. Shared by the rejoin tests (rejoin-game.ts) and the chaos games'
// crash-then-rejoin fault (mesh-game.ts, risc-mesh-game.ts).
import { createHash } from 'node:crypto';
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys';
import { auditNativeRecord, nativeHeader } from '../../src/audit/native-record.js';
import { dealRecordOf, restoreMissionDeal } from '../../src/core/native/mission-deal.js';
import type { GameState } from '../../src/model/index.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair } from '../../src/net/memory.js';
import { type Keyring, unseal } from '../../src/protocol/signing.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import type { SessionConfig } from '../../src/sessions/mesh-session.js';
import {
  committedCapital,
  committedSecrets,
  type Rejoined,
  type RejoinSetup,
  rejoinGame,
  sessionRejoin,
} from '../../src/sessions/rejoin.js';
import type { RejoinEndpoint } from '../../src/sessions/rejoin-net.js';

export type Answer = { ok: true } | { ok: false; reason: string };

/**
 * The endpoint of seat `me`'s new process in a memory game (its key from the game's seed, as the
 * mesh made it): a dial to `memory:r1:p<player>` reaches that player's running session where
 * `peer` finds one (`speak`: how that peer's end of the new link speaks, a rogue's misbehaving);
 * nobody answers at any other address (an absent player's, stored from the first lobby), and such a
 * dial gives up only after its timeout, on the test's clock. `accepted`: each session's answer;
 * `links`: every new link made.
 */
export async function memoryStoreEndpoint(setup: {
  readonly seed: number;
  readonly me: number;
  readonly peerIds: readonly string[];
  readonly peer: (player: number) => { rejoinLink(player: number, link: Link): Answer } | undefined;
  readonly speak: (player: number, link: Link) => Link;
  readonly accepted: Answer[];
  readonly links: Link[];
}): Promise<RejoinEndpoint> {
  const { me, peerIds } = setup;
  const privateKey = await generateKeyPairFromSeed(
    'Ed25519',
    createHash('sha256').update(`memory-mesh ${setup.seed} ${me}`).digest(),
  );
  return {
    peerId: peerIds[me]!,
    privateKey,
    dial: async (address, timeoutMs = 5000) => {
      const at = /^memory:r(\d+):p(\d+)$/.exec(address);
      const player = Number(at?.[2] ?? -1);
      const there = at?.[1] === '1' ? setup.peer(player) : undefined;
      if (there === undefined) {
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        return { ok: false, reason: `${address}: no answer within ${timeoutMs} ms` };
      }
      const [atOther, atMe] = memoryLinkPair(peerIds[player]!, peerIds[me]!);
      setup.links.push(atOther, atMe);
      setup.accepted.push(there.rejoinLink(me, setup.speak(player, atOther)));
      return { ok: true, link: atMe };
    },
  };
}

/**
 * New links from seat `me` to each of `others`, the far end of each handed to that player
 * (`accept`: its session's rejoinLink). Answers in the order of `others`.
 */
export function relink(
  me: number,
  peerIds: readonly string[],
  others: readonly number[],
  accept: (player: number, link: Link) => Answer,
) {
  const links = new Map<number, Link>();
  const accepted = others.map((other) => {
    const [atOther, atMe] = memoryLinkPair(peerIds[other]!, peerIds[me]!);
    links.set(other, atMe);
    return accept(other, atOther);
  });
  return { links, accepted };
}

export interface ClassicSeatBack {
  readonly me: number;
  readonly peerIds: readonly string[];
  readonly keyring: Keyring;
  /** The session's terms, as its lobby gave them. */
  readonly common: Pick<RejoinSetup, 'players' | 'gameId' | 'features' | 'rules' | 'ackTimeoutMs' | 'moveTimeoutMs'>;
  /** This seat's record up to its drop, as its store keeps it. */
  readonly own: readonly TranscriptLine[];
  /** The missions its game held (its own among them: the others' records know none), as its store keeps them. */
  readonly missions: GameState['missions'];
  /** Hands a new link's far end to another player's session. */
  readonly accept: (player: number, link: Link) => Answer;
  readonly timeoutMs: number;
  readonly addresses?: readonly string[];
}

/**
 * A classic seat comes back: new links to the others, its stored steps read from its own record,
 * rejoinGame's check of their histories and, if it checked out, the session's `rejoin` (with a
 * Secret Mission game's deal rebuilt from its record, as rejoin-net does from its store).
 */
export async function classicSeatBack(setup: ClassicSeatBack): Promise<{
  accepted: Answer[];
  rejoined: Rejoined;
  links: Map<number, Link>;
  rejoin: NonNullable<SessionConfig['rejoin']> | null;
}> {
  const { me, own, common } = setup;
  const others = common.players.map((p) => p.id).filter((p) => p !== me);
  const { links, accepted } = relink(me, setup.peerIds, others, setup.accept);
  const header = nativeHeader(own);
  // As a store keeps them: a mission deal's step with this seat's own mission (the others' records have none).
  const stored = (header === null ? [] : auditNativeRecord(own, header).steps).map((step) =>
    step.action.command === 'deal_missions' ? { ...step, action: { ...step.action, payload: setup.missions } } : step,
  );
  const rejoined = await rejoinGame({
    ...common,
    me,
    keyring: setup.keyring,
    links,
    stored,
    secrets: committedSecrets(own, me),
    record: own,
    capital: committedCapital(own, me),
    timeoutMs: setup.timeoutMs,
    ...(setup.addresses ? { addresses: setup.addresses } : {}),
  });
  if (!rejoined.ok) return { accepted, rejoined, links, rejoin: null };
  if (common.rules?.variant !== 'mission') return { accepted, rejoined, links, rejoin: sessionRejoin(rejoined) };
  const record = dealRecordOf(own);
  const deal = restoreMissionDeal(record, { me, auth: setup.keyring });
  if (!deal.ok) return { accepted, rejoined: { ok: false, reason: deal.reason, notes: [] }, links, rejoin: null };
  return {
    accepted,
    rejoined,
    links,
    rejoin: sessionRejoin(rejoined, { missionDeal: { driver: deal.driver, record } }),
  };
}

/** What became of a seat that dropped out (mesh-game.ts SeatDrop). */
export interface SeatBackReport {
  readonly player: number;
  /** The clock when it dropped out; null: the game ended for it before its drop point. */
  droppedAt: number | null;
  /** The other players' answers to its new links (their sessions' rejoinLink), in player order. */
  accepted: Answer[];
  /** The rejoin's answer (rejoinGame); null until it has one. */
  rejoined: { ok: true; index: number } | { ok: false; reason: string } | null;
  /**
   * Back, it was timed out about a point the others awaited since before it came back (at most
   * one past the end of the history it took): their votes came to a quorum while it still checked
   * their histories or caught up on them (it came back late in its window, protocol-spec/resume.md
   * "How long a dropped peer has"), as if voted out before it came back. (timedOutOnReturn)
   */
  timedOutOnReturn?: boolean;
}

/** A line's sequence point: an acknowledgement's, or a move's `ack_id`; null for other lines. */
function pointOf(raw: string): number | null {
  const sealed = unseal(raw);
  try {
    const m = JSON.parse(sealed?.inner ?? raw) as { command?: unknown; payload?: unknown; ack_id?: unknown };
    if (m.command === 'acknowledgement') return typeof m.payload === 'number' ? m.payload : null;
    return typeof m.ack_id === 'number' ? m.ack_id : null;
  } catch {
    return null;
  }
}

/**
 * Whether a returning seat's record (`lines`, its new session's) shows it made neutral for silence
 * about a point at most one past the history it took back (its notes keep that history): the votes
 * were about its absence, not about a silence after it was back.
 */
export function timedOutOnReturn(
  lines: readonly { readonly dir: string; readonly raw: string }[],
  me: number,
): boolean {
  let historyEnd = -1;
  let votedAt: number | null = null;
  for (const line of lines) {
    if (line.dir === 'note' && line.raw.includes('"rejoin_history"')) {
      try {
        const taken = (JSON.parse(line.raw) as { rejoin_history?: unknown }).rejoin_history;
        if (Array.isArray(taken))
          for (const raw of taken) if (typeof raw === 'string') historyEnd = Math.max(historyEnd, pointOf(raw) ?? -1);
      } catch {
        // not a note of the history
      }
      continue;
    }
    if (line.dir !== 'in' || !line.raw.includes('expel')) continue;
    const sealed = unseal(line.raw);
    try {
      const m = JSON.parse(sealed?.inner ?? '') as {
        command?: unknown;
        payload?: { player?: unknown; reason?: unknown; evidence?: unknown };
      };
      if (m.command !== 'expel' || m.payload?.player !== me || !/^timed out/.test(String(m.payload.reason))) continue;
      for (const vote of Array.isArray(m.payload.evidence) ? m.payload.evidence : []) {
        const inner = typeof vote === 'string' ? unseal(vote)?.inner : undefined;
        const index = (JSON.parse(inner ?? '{}') as { payload?: { index?: unknown } }).payload?.index;
        if (typeof index === 'number') votedAt = Math.max(votedAt ?? index, index);
      }
    } catch {
      // not an expel
    }
  }
  return votedAt !== null && votedAt <= historyEnd + 1;
}

/**
 * What a seat that dropped out came to, as the chaos runs judge it: it took its seat back; the
 * others had voted it out before it came back (a player refused it as neutral already), or it
 * was out of the game already (eliminated), both accepted outcomes (so is one timed out on its
 * return about a point awaited since before it came back: timedOutOnReturn); its game ended before its drop
 * point, or ended while it was away ('after-end', an accepted outcome); or its rejoin failed otherwise, a fault.
 */
export type SeatBackVerdict = 'back' | 'voted-out' | 'out' | 'not-dropped' | 'after-end' | { readonly failed: string };

export function seatBackVerdict(report: SeatBackReport): SeatBackVerdict {
  if (report.droppedAt === null) return 'not-dropped';
  if (report.rejoined === null) return { failed: 'its rejoin had no answer' };
  const said = [...report.accepted, report.rejoined].flatMap((a) => (a.ok ? [] : [a.reason])).join('; ');
  // Neutral at one player already: the others' votes were complete there before it came back.
  if (/made neutral already|made this seat neutral/.test(said)) return 'voted-out';
  // The others' game ended while it was away (it had done its part of the last turn): nothing to take back.
  if (!report.rejoined.ok && /the game is over for this peer/.test(said)) return 'after-end';
  if (report.rejoined.ok && report.timedOutOnReturn === true) return 'voted-out';
  if (report.rejoined.ok) return 'back';
  if (/is out of the game/.test(said)) return 'out';
  return { failed: `its rejoin failed: ${report.rejoined.reason}` };
}
