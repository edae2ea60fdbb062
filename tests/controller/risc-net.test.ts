// Networked RISC over real links: bot peers on the in-memory mesh (signed lines, one keyring per
// peer) and on libp2p nodes on 127.0.0.1 through the lobby, each reaching one winner with records
// that audit clean. The game runs on the native mesh session and replica (sessions/risc-net.ts):
// unsigned or badly signed lines are ignored, a signed false claim is proof against its signer, a
// silent player is voted out. (Rogues against the replica itself: tests/core/risc-replica.test.ts.)
import { describe, expect, it, vi } from 'vitest';
import type { RiscBotKind } from '../../src/ai/risc/bots.js';
import { botRiscSeat } from '../../src/ai/risc/seat.js';
import { auditRiscRecord } from '../../src/audit/risc.js';
import { auditRiscMeshRecord } from '../../src/audit/risc-mesh.js';
import { riscMeshHeader, verifyTranscript } from '../../src/audit/verify.js';
import { DEFAULT_LAUNCH } from '../../src/cli/launch-kit.js';
import { riscLauncher } from '../../src/cli/risc-launcher.js';
import { sealMessage } from '../../src/core/native/lines.js';
import { riscGame } from '../../src/core/risc/mesh-game.js';
import type { RiscRecordLine } from '../../src/core/risc/record.js';
import { PeerNode } from '../../src/net/libp2p-node.js';
import { memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import { lineDigest, seal } from '../../src/protocol/signing.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { hostLobby, joinLobby, type Roster } from '../../src/sessions/lobby.js';
import { playRiscOverLinks, RISC_FEATURE, type RiscRoster } from '../../src/sessions/risc-net.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce } from '../support/signature-cache.js';

async function meshRosters(players: number, moveTimeoutMs = 30_000, ackTimeoutMs = 5000): Promise<RiscRoster[]> {
  const mesh = await memoryMesh(players, undefined, checkedOnce());
  const roster = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId, addresses: [] }));
  return mesh.links.map((links, me) => ({
    me,
    players: roster,
    links,
    gameId: `mesh-${players}`,
    features: [RISC_FEATURE],
    ackTimeoutMs,
    moveTimeoutMs,
    keyring: mesh.keyrings[me]!,
  }));
}

const secretFrom = (seed: number) => {
  const dice = seededDice(seed);
  return () => Uint8Array.from({ length: 32 }, () => dice.below(256));
};

/** Plays every roster's seat with a bot; `notes` gets what each peer's session tells (`me: text`). */
async function playAll(rosters: readonly RiscRoster[], kinds: readonly RiscBotKind[], notes: string[] = []) {
  const records: RiscRecordLine[][] = rosters.map(() => []);
  const transcripts = rosters.map(() => memoryRecorder());
  const results = await Promise.all(
    rosters.map((roster, me) =>
      playRiscOverLinks(roster, {
        seat: botRiscSeat(`p${me}`, kinds[me]!, seededDice(100 + me)),
        secret: secretFrom(7 * me + 1),
        onRecord: (line) => records[me]!.push(line),
        onNote: (text) => notes.push(`${me}: ${text}`),
        transcript: transcripts[me]!,
      }),
    ),
  );
  return { results, records, transcripts: transcripts.map((t) => t.lines) };
}

/** `risk verify` on a peer's record of the signed lines: the peer's mute mesh replica, playing RISC. */
function auditMesh(lines: readonly TranscriptLine[]) {
  const header = riscMeshHeader(lines);
  if (header === null) throw new Error('not a networked RISC record');
  return auditRiscMeshRecord(lines, header);
}

function expectOneWinner(
  results: Awaited<ReturnType<typeof playAll>>['results'],
  records: RiscRecordLine[][],
  transcripts: readonly (readonly TranscriptLine[])[],
) {
  const states = results.map((r) => {
    if (!r.ok) throw new Error(r.reason);
    return r.state;
  });
  const winner = states[0]!.winner;
  expect(winner).not.toBeNull();
  for (const [i, s] of states.entries()) {
    expect(s.winner).toBe(winner);
    expect(s.owner).toEqual(states[0]!.owner);
    expect(results[i]!.ok && results[i]!.found).toEqual([]);
    expect(results[i]!.ok && results[i]!.neutral).toEqual([]);
    const audit = auditRiscRecord(records[i]!.map((l) => JSON.stringify(l)).join('\n'));
    expect(audit.violations).toEqual([]);
    expect(audit.state?.winner).toBe(winner);
    // One dice round per executed turn, of the peers' committed numbers.
    expect(audit.diceRounds).toBe(states[0]!.turn - 1);
    // The record of signed lines, through the mesh replica: signatures, acks and the game, clean.
    const mesh = auditMesh(transcripts[i]!);
    expect(mesh.violations).toEqual([]);
    expect(mesh.state).toEqual(s);
    expect(mesh.diceRounds).toBe(audit.diceRounds);
    expect(mesh.rolls).toBe(audit.rolls);
    // The classic game's report does not take it for a classic game.
    expect(verifyTranscript(transcripts[i]!, { lenient: false }).violations[0]!.reason).toMatch(/as a RISC game$/);
  }
}

describe('networked RISC on the in-memory mesh (signed lines)', () => {
  it.each([[['hard', 'easy']], [['easy', 'hard', 'easy']], [['hard', 'easy', 'easy', 'easy']]] as const)(
    '%j reach one winner; records audit clean',
    async (kinds) => {
      const rosters = await meshRosters(kinds.length);
      const notes: string[] = [];
      const { results, records, transcripts } = await playAll(rosters, kinds, notes);
      expectOneWinner(results, records, transcripts);
      expect(notes).toEqual([]);
    },
    // Real timers: four peers take ~40 s on a loaded 2-core machine; the limit only catches a hang.
    150_000,
  );

  it('ignores unsigned and badly signed lines; a line its signer sends in another name is proof against the signer', async () => {
    const rosters = await meshRosters(3);
    const message = {
      command: 'risc_commit',
      payload: { game: 'mesh-3', turn: 0, stage: 'placement', hash: '00'.repeat(32) },
      player_id: 2,
      ack_id: 0,
    } as const;
    const commit = JSON.stringify(message);
    const toZero = rosters[1]!.links.get(0)!;
    // Unsigned, and signed as player 2 with a signature that is not player 2's: the link's noise.
    toZero.send(commit);
    toZero.send(seal(commit, 2, rosters[1]!.keyring!.sign(lineDigest('mesh-3', commit))));
    // Player 1 signs a commitment in player 2's name: proof every peer can check.
    const { moveOf } = riscGame({ game: 'mesh-3', players: ['p0', 'p1', 'p2'], startUnits: 30, turnLimit: null });
    toZero.send(sealMessage('mesh-3', message, 1, rosters[1]!.keyring!, moveOf).line);
    const notes: string[] = [];
    const { results, records, transcripts } = await playAll(rosters, ['hard', 'easy', 'easy'], notes);
    expect(notes.filter((n) => n.startsWith('0: ignored a line'))).toEqual([
      '0: ignored a line from p1: sent a line that is not signed',
    ]);
    const honest = [results[0]!, results[2]!].map((r) => {
      if (!r.ok) throw new Error(r.reason);
      return r;
    });
    for (const [k, r] of honest.entries()) {
      expect(r.neutral).toEqual([1]);
      expect(r.found.map((v) => v.player)).toEqual([1]);
      expect(r.found[0]!.reason).toMatch(/claiming to be player 2/);
      expect(r.state.winner).not.toBe(1);
      const audit = auditRiscRecord(records[k === 0 ? 0 : 2]!.map((l) => JSON.stringify(l)).join('\n'));
      expect(audit.violations).toEqual([]);
      expect(audit.state?.winner).toBe(r.state.winner);
      // The RISC record holds only the game; the record of signed lines holds the proof, and its audit finds it.
      const mesh = auditMesh(transcripts[k === 0 ? 0 : 2]!);
      expect(mesh.violations).toEqual([
        expect.objectContaining({
          player: 1,
          kind: 'proven',
          reason: expect.stringMatching(/claiming to be player 2/),
        }),
      ]);
      expect(mesh.state).toEqual(r.state);
    }
    expect(honest[0]!.state.owner).toEqual(honest[1]!.state.owner);
  }, 60_000);

  it('a silent player is voted out; the other wins, and the records say so', async () => {
    const rosters = await meshRosters(2, 200, 200);
    const records: RiscRecordLine[][] = rosters.map(() => []);
    const never = () => new Promise<never>(() => {});
    const silent = { name: 'silent', kind: 'easy' as const, place: never, orders: never };
    const results = await Promise.all(
      rosters.map((roster, me) =>
        playRiscOverLinks(roster, {
          seat: me === 1 ? silent : botRiscSeat(`p${me}`, 'hard', seededDice(100 + me)),
          secret: secretFrom(7 * me + 1),
          onRecord: (line) => records[me]!.push(line),
        }),
      ),
    );
    const first = results[0]!;
    if (!first.ok) throw new Error(first.reason);
    expect(first.state.winner).toBe(0);
    expect(first.neutral).toEqual([1]);
    expect(first.found).toEqual([]);
    expect(records[0]!.some((l) => l.command === 'risc_expel' && l.payload.player === 1)).toBe(true);
    const audit = auditRiscRecord(records[0]!.map((l) => JSON.stringify(l)).join('\n'));
    expect(audit.violations).toEqual([]);
    expect(audit.state?.winner).toBe(0);
  }, 60_000);

  it('a game whose lobby did not agree on RISC does not start', async () => {
    const [a] = await meshRosters(2);
    const result = await playRiscOverLinks({ ...a!, features: [] }, { seat: botRiscSeat('p0', 'easy', seededDice(1)) });
    expect(result).toEqual({
      ok: false,
      reason: 'not every player chose RISC (the host and every joiner must play --game risc)',
    });
  });
});

describe('networked RISC over libp2p on 127.0.0.1, through the lobby', () => {
  it('a host and two joiners reach one winner; records audit clean', async () => {
    const nodes = await Promise.all([0, 1, 2].map(() => PeerNode.start({ host: '127.0.0.1', port: 0 })));
    try {
      const features = [RISC_FEATURE];
      const host = hostLobby(nodes[0]!, {
        players: 3,
        name: 'host',
        features,
        ackTimeoutMs: 5000,
        moveTimeoutMs: 10_000,
      });
      const address = nodes[0]!.addresses()[0]!;
      const joined = [1, 2].map((i) =>
        joinLobby(nodes[i]!, address, { name: `joiner${i}`, features, startTimeoutMs: 10_000 }),
      );
      const lobbies = await Promise.all([host, ...joined]);
      const rosters: Roster[] = lobbies.map((l) => {
        if (!l.ok) throw new Error(l.reason);
        return l.roster;
      });
      for (const r of rosters) expect(r.keyring).not.toBeNull();
      const notes: string[] = [];
      const { results, records, transcripts } = await playAll(rosters, ['hard', 'easy', 'easy'], notes);
      expectOneWinner(results, records, transcripts);
      expect(notes).toEqual([]);
      expect(records[0]![0]).toEqual(records[2]![0]);
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  }, 90_000);

  it("the host's RISC terms reach every joiner before the start, instead of the classic rules, and head every record", async () => {
    const nodes = await Promise.all([0, 1, 2].map(() => PeerNode.start({ host: '127.0.0.1', port: 0 })));
    try {
      const features = [RISC_FEATURE];
      const terms = { startUnits: 20, turnLimit: 15 };
      const host = hostLobby(nodes[0]!, {
        players: 3,
        name: 'host',
        features,
        required: features,
        risc: terms,
        ackTimeoutMs: 5000,
        moveTimeoutMs: 10_000,
      });
      const shown: unknown[] = [];
      const rules: unknown[] = [];
      const address = nodes[0]!.addresses()[0]!;
      const joined = [1, 2].map((i) =>
        joinLobby(nodes[i]!, address, {
          name: `joiner${i}`,
          features,
          startTimeoutMs: 10_000,
          onRisc: (t) => shown.push(t) > 0,
          onRules: (r) => rules.push(r) > 0,
        }),
      );
      const rosters: Roster[] = (await Promise.all([host, ...joined])).map((l) => {
        if (!l.ok) throw new Error(l.reason);
        return l.roster;
      });
      expect(shown).toEqual([terms, terms]);
      expect(rules).toEqual([]);
      for (const r of rosters) expect(r.risc).toEqual(terms);
      const { results, records } = await playAll(rosters, ['hard', 'hard', 'hard']);
      for (const r of records) expect(r[0]).toMatchObject({ payload: { start_units: 20, turn_limit: 15 } });
      for (const r of results) expect(r.ok && r.state.phase).toBe('over');
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  }, 90_000);

  it('a RISC joiner leaves a host that is not hosting RISC, saying so', async () => {
    const nodes = await Promise.all([0, 1].map(() => PeerNode.start({ host: '127.0.0.1', port: 0 })));
    const abort = new AbortController();
    try {
      const host = hostLobby(nodes[0]!, {
        players: 2,
        name: 'classic host',
        features: ['signed_messages', RISC_FEATURE],
        ackTimeoutMs: 5000,
        moveTimeoutMs: 10_000,
        signal: abort.signal,
      });
      const joined = await joinLobby(nodes[1]!, nodes[0]!.addresses()[0]!, {
        name: 'risc',
        features: [RISC_FEATURE],
        startTimeoutMs: 10_000,
        onRisc: () => true,
      });
      expect(joined).toEqual({ ok: false, reason: 'the host is not hosting a RISC game' });
      abort.abort();
      await host;
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  }, 30_000);

  it('through the RISC launcher: a host starts early with the one person who joined; both play to the end', async () => {
    const options = { ...DEFAULT_LAUNCH, listen: '127.0.0.1', port: 0, record: false, moveTimeoutMs: 10_000 };
    const terms = { startUnits: 30, turnLimit: 40 };
    const events: string[] = [];
    const opened = await riscLauncher(options, 1).host({ players: 3, name: 'Hana', terms }, (e) =>
      events.push(e.type === 'info' ? e.text : `${e.type} ${e.player.name}`),
    );
    if (!opened.ok) throw new Error(opened.reason);
    const lobby = opened.lobby;
    expect(lobby.startNow!()).toEqual({
      ok: false,
      reason: 'Nobody has joined yet: a game needs at least 2 players (add bots with b).',
    });
    const address = lobby.addresses.find((a) => a.includes('127.0.0.1'))!;
    const seen: unknown[] = [];
    const guest = await riscLauncher(options, 2).join(
      { address, name: 'Gus' },
      () => {},
      (t) => seen.push(t),
    );
    if (!guest.ok) throw new Error(guest.reason);
    expect(seen).toEqual([terms]);
    await vi.waitFor(() => expect(events).toContain('joined Gus'), 20_000);
    expect(lobby.startNow!()).toEqual({ ok: true });
    const [a, b] = await Promise.all([lobby.started, guest.lobby.started]);
    if (!a.ok || !b.ok) throw new Error('the game did not start');
    expect(a.match.players.map((p) => p.name)).toEqual(['Hana', 'Gus']);
    expect([a.match.me, b.match.me]).toEqual([0, 1]);
    const hooks = { onExecuted: () => {}, onNote: () => {} };
    const [endA, endB] = await Promise.all([
      a.match.play(botRiscSeat('Hana', 'hard', seededDice(1)), hooks),
      b.match.play(botRiscSeat('Gus', 'easy', seededDice(2)), hooks),
    ]);
    expect(endA.how).toBe('over');
    expect(endB.how).toBe('over');
    expect(endA.state!.winner).toBe(endB.state!.winner);
    expect(endA.state!.owner).toEqual(endB.state!.owner);
  }, 60_000);

  it('a RISC host refuses a joiner that did not choose RISC', async () => {
    const nodes = await Promise.all([0, 1].map(() => PeerNode.start({ host: '127.0.0.1', port: 0 })));
    const abort = new AbortController();
    try {
      const host = hostLobby(nodes[0]!, {
        players: 2,
        name: 'host',
        features: [RISC_FEATURE],
        required: [RISC_FEATURE],
        ackTimeoutMs: 5000,
        moveTimeoutMs: 10_000,
        signal: abort.signal,
      });
      const classic = await joinLobby(nodes[1]!, nodes[0]!.addresses()[0]!, {
        name: 'classic',
        features: ['signed_messages'],
        startTimeoutMs: 10_000,
      });
      expect(classic).toEqual({
        ok: false,
        reason: 'the host refused to let you join: this game needs the feature risc',
      });
      abort.abort();
      expect(await host).toEqual({ ok: false, reason: 'the lobby was closed' });
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  }, 30_000);
});
