// Rejoin in networked RISC (protocol-spec/risc.md, Rejoin): one peer of a three-peer RISC game on
// the in-memory mesh drops out mid-turn (its session stops, its links close), before or after it
// committed to its orders, and takes its seat back with its key over new links before the others'
// votes make it neutral. In-memory links, fake timers: everything bounded in virtual time.
import { describe, expect, it, vi } from 'vitest';
import { botRiscSeat } from '../../src/ai/risc/seat.js';
import { auditRiscRecord } from '../../src/audit/risc.js';
import { auditRiscMeshRecord } from '../../src/audit/risc-mesh.js';
import { riscMeshHeader } from '../../src/audit/verify.js';
import { sealMessage } from '../../src/core/native/lines.js';
import { type RiscMeshState, type RiscMove, riscGame } from '../../src/core/risc/mesh-game.js';
import type { RiscRecordLine } from '../../src/core/risc/record.js';
import type { RiscEvent } from '../../src/model/risc/index.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair, memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import type { RiscReveal } from '../../src/protocol/risc-orders.js';
import { unseal } from '../../src/protocol/signing.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import type { MeshSession } from '../../src/sessions/mesh-session.js';
import type { Rejoined } from '../../src/sessions/rejoin.js';
import {
  playRiscOverLinks,
  RISC_FEATURE,
  type RiscNetResult,
  type RiscRoster,
  SEALED_NOTE,
} from '../../src/sessions/risc-net.js';
import { rejoinRisc } from '../../src/sessions/risc-rejoin.js';
import { historyLines, memoryRecorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce } from '../support/signature-cache.js';
import { withSends } from './mesh-game.js';
import { fakeClockInEveryTest, runUntil } from './rejoin-game.js';

const R = 2;
const ACK_MS = 10_000;
const MOVE_MS = 20_000;
fakeClockInEveryTest();

type Session = MeshSession<RiscMeshState, RiscMove, RiscEvent>;

interface RiscPeer {
  session: Session | null;
  result: RiscNetResult | null;
  record: RiscRecordLine[];
  transcript: ReturnType<typeof memoryRecorder>;
  notes: string[];
}

/**
 * Three RISC bots on the in-memory mesh; peer R's process dies right after its `dropAfter`-th line
 * of command `dropOn` left it (nothing later leaves it).
 */
async function startGame(seed: number, dropOn: string, dropAfter: number) {
  const mesh = await memoryMesh(3, seed, checkedOnce());
  const gameId = `risc-rejoin-${seed}`;
  const players = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId, addresses: [] }));
  const rosterOf = (me: number, links: Map<number, Link>): RiscRoster => ({
    me,
    players,
    links,
    gameId,
    features: [RISC_FEATURE],
    ackTimeoutMs: ACK_MS,
    moveTimeoutMs: MOVE_MS,
    keyring: mesh.keyrings[me]!,
    risc: { startUnits: 30, turnLimit: 6 },
  });
  const peers: RiscPeer[] = [];
  const play = (
    me: number,
    links: Map<number, Link>,
    rejoin?: Extract<Rejoined<RiscMeshState, RiscMove>, { ok: true }>,
  ) => {
    const dice = seededDice(seed * 100 + me + (rejoin ? 50 : 0));
    const peer: RiscPeer = { session: null, result: null, record: [], transcript: memoryRecorder(), notes: [] };
    const history = () => historyLines(peer.transcript.lines);
    void playRiscOverLinks(rosterOf(me, links), {
      seat: botRiscSeat(`p${me}`, 'easy', dice),
      secret: () => Uint8Array.from({ length: 32 }, () => dice.below(256)),
      onRecord: (line) => peer.record.push(line),
      transcript: peer.transcript,
      onNote: (text) => peer.notes.push(text),
      history,
      onSession: (session) => (peer.session = session),
      ...(rejoin ? { rejoin } : {}),
    }).then((result) => (peer.result = result));
    return peer;
  };
  let dropped = false;
  const drop = () => {
    if (dropped) return;
    dropped = true;
    queueMicrotask(() => {
      peers[R]!.session!.stop();
      for (const link of mesh.links[R]!.values()) link.close();
    });
  };
  for (let me = 0; me < 3; me++) {
    let links = mesh.links[me]!;
    if (me === R) {
      let sent = 0;
      links = withSends(links, (to, link) => (line) => {
        if (dropped) return;
        link.send(line);
        // Counted on the link to player 0 only: a line is sent to each player.
        if (to === 0 && line.includes(`\\"command\\":\\"${dropOn}\\"`) && ++sent === dropAfter) drop();
      });
    }
    peers.push(play(me, links));
  }

  /** R comes back with new links (each accepted by the others by its key) and its own record. */
  const rejoin = async (own: readonly TranscriptLine[] = peers[R]!.transcript.lines) => {
    const links = new Map<number, Link>();
    const accepted = [0, 1].map((other) => {
      const [atOther, atR] = memoryLinkPair(mesh.peerIds[other]!, mesh.peerIds[R]!);
      links.set(other, atR);
      return peers[other]!.session!.rejoinLink(R, atOther);
    });
    let rejoined: Rejoined<RiscMeshState, RiscMove> | undefined;
    void rejoinRisc(rosterOf(R, links), own, { timeoutMs: 5_000 }).then((r) => (rejoined = r));
    await runUntil(() => rejoined !== undefined, 60_000);
    return { accepted, rejoined: rejoined!, links };
  };
  return {
    mesh,
    gameId,
    peers,
    play,
    rejoin,
    isDropped: () => dropped,
    stop: () => peers.forEach((p) => p.session?.stop()),
  };
}

type Game = Awaited<ReturnType<typeof startGame>>;

/** R drops, comes back a second later and plays on: the three finish on one outcome, nobody blamed, every record clean. */
async function dropAndComeBack(game: Game) {
  await runUntil(game.isDropped, 600_000);
  expect(game.isDropped()).toBe(true);
  await vi.advanceTimersByTimeAsync(1_000);
  const { accepted, rejoined, links } = await game.rejoin();
  expect(accepted).toEqual([{ ok: true }, { ok: true }]);
  if (!rejoined.ok) throw new Error(rejoined.reason);
  const back = game.play(R, links, rejoined);
  const honest = [game.peers[0]!, game.peers[1]!, back];
  await runUntil(() => honest.every((p) => p.result !== null), 3_600_000);
  game.stop();
  back.session?.stop();
  const states = honest.map((p) => {
    if (p.result === null || !p.result.ok) throw new Error(`a peer did not finish: ${JSON.stringify(p.result)}`);
    expect(p.result.found).toEqual([]);
    expect(p.result.neutral).toEqual([]);
    return p.result.state;
  });
  expect(states[0]!.phase).toBe('over');
  for (const [i, peer] of honest.entries()) {
    expect(states[i]).toEqual(states[0]);
    // Its RISC record (the returning seat's written again from the checked steps) and its signed lines audit clean.
    const risc = auditRiscRecord(peer.record.map((l) => JSON.stringify(l)).join('\n'));
    expect(risc.violations).toEqual([]);
    expect(risc.state).toEqual(states[0]);
    const lines = peer.transcript.lines;
    const mesh = auditRiscMeshRecord(lines, riscMeshHeader(lines)!);
    expect(mesh.violations).toEqual([]);
    expect(mesh.state).toEqual(states[0]);
    // Its sealed orders are noted in its record, and never in the history it sends a returning player.
    expect(lines.some((l) => l.dir === 'note' && l.raw.includes(SEALED_NOTE))).toBe(true);
    expect(historyLines(lines).filter((l) => l.includes(SEALED_NOTE))).toEqual([]);
  }
  return { rejoined, back };
}

describe('a RISC seat that dropped out takes its seat back', () => {
  it('after it committed to its orders: it reveals the orders its record sealed; one outcome, nobody blamed', async () => {
    // Its fourth commitment: the orders of a turn after the placement, committed and not yet revealed.
    const game = await startGame(1, 'risc_commit', 3);
    const { rejoined } = await dropAndComeBack(game);
    expect(rejoined.move?.command).toBe('risc_reveal');
  }, 120_000);

  // Its orders were sealed (and noted) as it acknowledged, their commitment not yet out when it
  // dropped: it commits to those orders, as they were, not to new ones (it cannot know whether the
  // commitment reached anyone: protocol-spec/resume.md, RISC games, Sealed orders).
  it('before its commitment reached anyone (mid-turn, after an acknowledgement): it commits to the orders its record sealed; one outcome, nobody blamed', async () => {
    const game = await startGame(2, 'acknowledgement', 8);
    const { rejoined } = await dropAndComeBack(game);
    expect(rejoined.move?.command).toBe('risc_reveal');
  }, 120_000);

  it("after it committed to a turn's dice round: it finishes the round with the number its record kept", async () => {
    const game = await startGame(3, 'roll_hash', 3);
    const { rejoined } = await dropAndComeBack(game);
    expect(rejoined.secret).toBeDefined();
  }, 120_000);

  it('is refused, saying why, when its record does not keep the orders it committed to', async () => {
    const game = await startGame(1, 'risc_commit', 3);
    await runUntil(game.isDropped, 600_000);
    // Its record lost the notes of its sealed orders (the commitment it sent is in every history).
    const own = game.peers[R]!.transcript.lines.filter((l) => !l.raw.includes('risc_sealed'));
    const { rejoined } = await game.rejoin(own);
    expect(rejoined.ok).toBe(false);
    expect(!rejoined.ok && rejoined.reason).toMatch(
      /committed to its orders for turn \d+ before it dropped out and its record does not keep what it sealed/,
    );
    game.stop();
  }, 120_000);

  it('a returning seat whose reveal opens other orders than it committed to is proven to cheat and made neutral', async () => {
    const game = await startGame(1, 'risc_commit', 3);
    await runUntil(game.isDropped, 600_000);
    const { rejoined, links } = await game.rejoin();
    if (!rejoined.ok || rejoined.move?.command !== 'risc_reveal') throw new Error('no sealed orders to reveal');
    const { turn } = rejoined.move.payload;
    // Its reveal of that turn leaves with another salt, signed by its key: orders its commitment does not open.
    const { moveOf } = riscGame({ game: game.gameId, players: ['p0', 'p1', 'p2'], startUnits: 30, turnLimit: 6 });
    const rewrite = (line: string) => {
      const sealed = unseal(line);
      if (sealed === null || !sealed.inner.startsWith('{"command":"risc_reveal"')) return line;
      const message = JSON.parse(sealed.inner) as RiscReveal & { ack_id: number };
      if (message.payload.turn !== turn) return line;
      const salt = message.payload.salt.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      const other = { ...message, payload: { ...message.payload, salt } };
      return sealMessage(game.gameId, other, R, game.mesh.keyrings[R]!, moveOf).line;
    };
    const rogue = withSends(links, (_to, link) => (line) => link.send(rewrite(line)));
    game.play(R, rogue, rejoined);
    await runUntil(() => game.peers[0]!.result !== null && game.peers[1]!.result !== null, 3_600_000);
    game.stop();
    for (const peer of [game.peers[0]!, game.peers[1]!]) {
      const result = peer.result!;
      if (!result.ok) throw new Error(result.reason);
      expect(result.neutral).toEqual([R]);
      expect(result.found).toEqual([expect.objectContaining({ player: R, kind: 'proven' })]);
    }
  }, 120_000);

  it('is refused by the others for a link from another key, and once the seat was voted out', async () => {
    const game = await startGame(2, 'acknowledgement', 8);
    await runUntil(game.isDropped, 600_000);
    // Player 1's key dialling in for seat R.
    const [atZero] = memoryLinkPair(game.mesh.peerIds[0]!, game.mesh.peerIds[1]!);
    expect(game.peers[0]!.session!.rejoinLink(R, atZero)).toEqual({
      ok: false,
      reason: `the link comes from ${game.mesh.peerIds[1]}, not from the key of seat ${R}`,
    });
    // Too late: the others' votes made it neutral.
    await runUntil(() => game.peers[0]!.notes.some((n) => n.startsWith(`p${R} is out of the game`)), 600_000);
    const { accepted, rejoined } = await game.rejoin();
    expect(accepted).toEqual([
      { ok: false, reason: `player ${R} was made neutral already: its seat cannot be taken back` },
      { ok: false, reason: `player ${R} was made neutral already: its seat cannot be taken back` },
    ]);
    expect(rejoined.ok).toBe(false);
    game.stop();
  }, 120_000);
});
