// The test class peer (tests/support/class-peer.ts) behaves like the recorded 2015 class
// implementation: it plays itself to the end over 127.0.0.1, and driven by the recorded games of
// tests/fixtures/cs3099 it sends what the real one sent, line for line and ack id for ack id.
import { createConnection, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassPeer, type ClassQuirks, JAVA_2015_QUIRKS, NO_QUIRKS, SECOND_2015_QUIRKS } from '../support/class-peer.js';
import { readRecording, replayToClassPeer } from '../support/replay.js';

const fixture = (name: string) => readRecording(fileURLToPath(new URL(`../fixtures/cs3099/${name}`, import.meta.url)));
const transcript = (name: string) =>
  readRecording(fileURLToPath(new URL(`../fixtures/transcripts/${name}`, import.meta.url)));

const started: ClassPeer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.stop()));
});

async function start(...args: Parameters<typeof ClassPeer.start>): Promise<ClassPeer> {
  const peer = await ClassPeer.start(...args);
  started.push(peer);
  return peer;
}

const lastOut = (peer: ClassPeer, n: number) =>
  peer.lines
    .filter((l) => l.dir === 'out')
    .slice(-n)
    .map((l) => JSON.parse(l.raw) as Record<string, unknown>);

describe('two class peers', () => {
  it.each([
    ['with the recorded quirks', JAVA_2015_QUIRKS, 7],
    ['without quirks', NO_QUIRKS, 7],
  ] as [string, ClassQuirks, number][])(
    'play each other to the end over 127.0.0.1 %s',
    async (_, quirks, seed) => {
      const host = await start({
        role: 'host',
        seed,
        quirks: { ...quirks, readyWaitsFullAckTimeout: false },
        stallMs: 10_000,
        maxMs: 60_000,
      });
      const client = await start({
        role: 'client',
        seed: seed + 1,
        quirks,
        address: `127.0.0.1:${host.port}`,
        stallMs: 10_000,
        maxMs: 60_000,
      });
      const [h, c] = await Promise.all([host.finished, client.finished]);
      expect([h.status, c.status].sort()).toEqual(['lost', 'won']);
      expect(h.winner).toBe(c.winner);
      expect(h.winner).not.toBeNull();
      // Both models dealt the same cards and ended on the same board.
      expect(host.state!.owner).toEqual(client.state!.owner);
      expect(h.quirkDraws).toEqual(c.quirkDraws);
      if (quirks.drawAfterFirstCapture) expect(h.quirkDraws.length).toBeGreaterThan(0);
      else expect(h.quirkDraws).toEqual([]);
      const winner = h.winner === host.me ? host : client;
      const tail = lastOut(winner, 4).map((m) => m.command);
      if (quirks.fortifyAfterWin) {
        // Game a's last lines: the winning capture, the self-ack of its attack, fortify [0,0,0] and its self-ack.
        expect(tail).toEqual(['attack_capture', 'acknowledgement', 'fortify', 'acknowledgement']);
        expect(lastOut(winner, 2)[0]!.payload).toEqual([0, 0, 0]);
      } else expect(tail.at(-1)).toBe('attack_capture');
      // The recorded peer never closes its sockets; the well-behaved one does.
      for (let i = 0; i < 60 && host.closedAt === null; i++) await new Promise((r) => setTimeout(r, 50));
      expect(host.closedAt === null).toBe(quirks.neverClose);
    },
    90_000,
  );
});

describe('class peers of the second implementation (SECOND_2015_QUIRKS)', () => {
  it.each([2, 3, 4])(
    '%i of them play to the end over 127.0.0.1, through a host that passes every line on',
    async (players) => {
      const quirks = SECOND_2015_QUIRKS;
      const host = await start({ role: 'host', seed: 20 + players, quirks, players, stallMs: 10_000, maxMs: 60_000 });
      const clients: ClassPeer[] = [];
      for (let i = 1; i < players; i++)
        clients.push(
          await start({
            role: 'client',
            seed: 30 + 10 * players + i,
            quirks,
            address: `127.0.0.1:${host.port}`,
            stallMs: 10_000,
            maxMs: 60_000,
          }),
        );
      const outcomes = await Promise.all([host, ...clients].map((p) => p.finished));
      expect(outcomes.map((o) => `${o.status}: ${o.reason}`).sort()).toEqual([
        ...Array(players - 1).fill(expect.stringMatching(/^lost: /)),
        expect.stringMatching(/^won: /),
      ]);
      expect(new Set(outcomes.map((o) => o.winner)).size).toBe(1);
      for (const c of clients) expect(c.state!.owner).toEqual(host.state!.owner);
      // Its own lines: wrapped, inner line ending in a newline, upper-case hex, ack ids at random.
      const out = host.lines.filter((l) => l.dir === 'out').map((l) => JSON.parse(l.raw) as { message: string });
      expect(out.every((m) => m.message.endsWith('\n') && !('signature' in m))).toBe(true);
      const inner = out.map((m) => JSON.parse(m.message) as Record<string, unknown>);
      expect(inner.find((m) => m.command === 'roll_hash')!.payload).toMatch(/^[0-9A-F]{64}$/);
      const ids = inner.flatMap((m) => (typeof m.ack_id === 'number' && m.player_id === 0 ? [m.ack_id] : []));
      expect(Math.max(...ids)).toBeGreaterThan(2 ** 20);
    },
    90_000,
  );
});

describe('the class peer driven by class-2p-game-a (it plays the recorded client)', () => {
  it('sends every line the recorded client sent, with the same ack ids, and loses at the host’s last fortify', async () => {
    const replay = await replayToClassPeer(transcript('class-2p-game-a.jsonl'), { peerSide: 'client' });
    await replay.close();
    expect(replay.mismatches).toEqual([]);
    expect(replay.sent.length).toBe(replay.recorded.length);
    // Ack ids included (game-wide counter, ids of defends and captures ignored: they collide and repeat).
    expect(replay.sent.map((m) => m.ack_id ?? null)).toEqual(replay.recorded.map((m) => m.ack_id ?? null));
    // It acknowledges what the recorded client acknowledged (its own commands too), in the same order.
    expect(replay.sentAcks).toEqual(replay.recordedAcks);
    expect(replay.outcome.status).toBe('lost');
    expect(replay.outcome.winner).toBe(0);
    // "Game a carries its card-draw quirk once": card 7, to the client, later traded by it.
    expect(replay.outcome.quirkDraws).toEqual([{ player: 1, card: 7 }]);
  }, 90_000);

  it('without the draw quirk its own model refuses the recorded client’s trade of card 7', async () => {
    const replay = await replayToClassPeer(transcript('class-2p-game-a.jsonl'), {
      peerSide: 'client',
      quirks: { drawAfterFirstCapture: false },
    });
    await replay.close();
    expect(replay.outcome.status).toBe('crashed');
    expect(replay.outcome.reason).toMatch(/own play_cards was refused: .*does not hold card 7/);
  }, 90_000);
});

describe('the class peer driven by the interop recordings', () => {
  it('as the class client of interop-host-expels-class-peer: same lines and ack ids, its quirk card traded, then expelled', async () => {
    const replay = await replayToClassPeer(fixture('interop-host-expels-class-peer.jsonl'), { peerSide: 'client' });
    await replay.close();
    expect(replay.outcome.status).toBe('expelled');
    // The recorded client sent one more attack after our host's timeout; the peer stops at the timeout.
    expect(replay.mismatches).toEqual([expect.stringMatching(/sent undefined, recorded \{"command":"attack"/)]);
    expect(replay.sent.map((m) => m.ack_id ?? null)).toEqual(
      replay.recorded.slice(0, replay.sent.length).map((m) => m.ack_id ?? null),
    );
    expect(replay.recorded.length - replay.sent.length).toBe(1);
    expect(replay.sent).toContainEqual(
      expect.objectContaining({ command: 'play_cards', payload: { cards: [[3, 15, 39]], armies: -1 } }),
    );
    expect(replay.outcome.quirkDraws).toEqual([{ player: 1, card: 15 }]);
  }, 60_000);

  it('its trade [3, 15, 39] in that game is legal only under the draw quirk', async () => {
    const replay = await replayToClassPeer(fixture('interop-host-expels-class-peer.jsonl'), {
      peerSide: 'client',
      quirks: { drawAfterFirstCapture: false },
    });
    await replay.close();
    expect(replay.outcome.status).toBe('crashed');
    expect(replay.outcome.reason).toMatch(/does not hold card 15/);
  }, 60_000);

  it('as a client facing the class host of interop-client-stalls-on-class-card: accepts and acks its trade of card 8', async () => {
    // Our recorded client sent null fortifies; the peer speaks like it here.
    const replay = await replayToClassPeer(fixture('interop-client-stalls-on-class-card.jsonl'), {
      peerSide: 'client',
      quirks: { zeroFortify: false },
    });
    await replay.close();
    expect(replay.mismatches).toEqual([]);
    expect(replay.outcome.status).toBe('playing');
    const trade = replay.peer.lines.findIndex((l) => l.dir === 'in' && l.raw.includes('"cards":[[0,8,10]]'));
    expect(trade).toBeGreaterThan(0);
    expect(replay.sentAcks).toContain(252);
    expect(replay.peer.state!.players[0]!.cards).not.toContain(8);
  }, 60_000);

  it('without the quirk the same trade kills its game loop: card 8 is its own in that model', async () => {
    const replay = await replayToClassPeer(fixture('interop-client-stalls-on-class-card.jsonl'), {
      peerSide: 'client',
      quirks: { zeroFortify: false, drawAfterFirstCapture: false },
    });
    await replay.close();
    expect(replay.outcome.status).toBe('crashed');
    expect(replay.outcome.reason).toBe('player 0 traded card 8, which my deck model says I hold');
  }, 60_000);

  it('as the class host of interop-client-never-exits: same lines; it learns of the end only from the winner’s fortify', async () => {
    const recording = fixture('interop-client-never-exits.jsonl');
    const waiting = await replayToClassPeer(recording, { peerSide: 'host', stallMs: 1500 });
    const outcome = await waiting.peer.finished; // bounded by stallMs
    await waiting.close();
    expect(waiting.mismatches).toEqual([]);
    expect(waiting.sent.map((m) => m.ack_id ?? null)).toEqual(waiting.recorded.map((m) => m.ack_id ?? null));
    // Our recorded client won with a capture and sent no fortify: the class host waits, then it is a stall.
    expect(waiting.peer.state!.winner).toBe(1);
    expect(waiting.outcome.status).toBe('playing');
    expect(outcome.status).toBe('stalled');
    expect(outcome.reason).toMatch(/turn-ending fortify of the winner \(player 1\)/);

    const ended = await replayToClassPeer(recording, {
      peerSide: 'host',
      after: ['{"command":"fortify","payload":null,"player_id":1,"ack_id":308}'],
    });
    await ended.close();
    expect(ended.outcome.status).toBe('lost');
    expect(ended.sentAcks.at(-1)).toBe(308);
    // And it never closed the connection.
    expect(ended.peer.closedAt).toBeNull();
  }, 90_000);
});

describe('the second implementation’s class peer driven by the interop-ac recordings', () => {
  // Its recorded host was set to speak bare lines; its recorded clients spoke the envelope.
  const host = { ...SECOND_2015_QUIRKS, wrapLines: false, wrappedLinesOnly: false };

  it.each([
    ['interop-ac-clean-we-join.jsonl', 'host', host, 'AC-GREEDY'],
    ['interop-ac-clean-we-host.jsonl', 'client', SECOND_2015_QUIRKS, 'AC-ANGRY'],
  ] as const)(
    'as the %s’s class %s: every line the real one sent, its lobby, acks and random ack ids included',
    async (name, peerSide, quirks, peerName) => {
      const replay = await replayToClassPeer(fixture(name), {
        peerSide,
        quirks,
        name: peerName,
        // What its recorded host announced.
        ...(peerSide === 'host' ? { ackTimeoutS: 100, moveTimeoutS: 200 } : {}),
      });
      await replay.close();
      expect(replay.mismatches).toEqual([]);
      expect(replay.sent.length).toBe(replay.recorded.length);
      expect(replay.sent.map((m) => m.ack_id ?? null)).toEqual(replay.recorded.map((m) => m.ack_id ?? null));
      expect(replay.sentAcks).toEqual(replay.recordedAcks);
      // It saw the capture that ended the game and stopped reading: no closing fortify awaited, none acked.
      expect(replay.outcome.status).toBe('lost');
    },
    60_000,
  );

  it('as the class client of interop-ac-client-rejects-our-card-bonus: it refuses our old host’s +4 deploy and leaves as the real one did', async () => {
    const replay = await replayToClassPeer(fixture('interop-ac-client-rejects-our-card-bonus.jsonl'), {
      peerSide: 'client',
      quirks: SECOND_2015_QUIRKS,
      name: 'AC-ANGRY',
    });
    await replay.close();
    expect(replay.mismatches).toEqual([]);
    expect(replay.sent.at(-1)).toEqual({
      player_id: 1,
      payload: 'Received invalid move. Disconnecting',
      command: 'leave_game',
    });
    expect(replay.sentAcks).toEqual(replay.recordedAcks);
    expect(replay.outcome.status).toBe('left');
    expect(replay.outcome.reason).toMatch(/^player 0: deploy: /);
  }, 60_000);

  it('as the class host of interop-ac-host-card-bonus-flagged: its trade of two of its territories and its 12-army deploy, then our old client leaves', async () => {
    const replay = await replayToClassPeer(fixture('interop-ac-host-card-bonus-flagged.jsonl'), {
      peerSide: 'host',
      quirks: host,
      name: 'AC-CONTINENTAL',
      ackTimeoutS: 100,
      moveTimeoutS: 200,
    });
    await replay.close();
    // The real one sent one more attack after our client's leave_game; ours ends the 2-player game
    // there. Whether the replay still counts that attack as owed depends on when ours sees the leave
    // (a race of the two sockets under load), so the only mismatch allowed is that missing attack.
    const missingAttack = /sent undefined, recorded \{.*"command":"attack"/;
    expect(replay.mismatches.filter((m) => !missingAttack.test(m))).toEqual([]);
    expect(replay.sent.slice(-2)).toEqual([
      expect.objectContaining({ command: 'play_cards', payload: { cards: [[33, 29, 10]], armies: -1 } }),
      expect.objectContaining({
        command: 'deploy',
        payload: [
          [29, 2],
          [31, 2],
          [28, 1],
          [0, 1],
          [16, 1],
          [5, 1],
          [13, 2],
          [6, 1],
          [14, 1],
        ],
      }),
    ]);
    expect(replay.outcome.status).toBe('opponent-left');
  }, 60_000);
});

describe('the class peer’s lobby and line dialect', () => {
  it('two peers speaking the wrapped dialect play to the end', async () => {
    const quirks = { ...NO_QUIRKS, wrapLines: true };
    const host = await start({ role: 'host', seed: 3, quirks, stallMs: 10_000, maxMs: 60_000 });
    const client = await start({
      role: 'client',
      seed: 4,
      quirks,
      address: `127.0.0.1:${host.port}`,
      stallMs: 10_000,
      maxMs: 60_000,
    });
    const [h, c] = await Promise.all([host.finished, client.finished]);
    expect([h.status, c.status].sort()).toEqual(['lost', 'won']);
    expect(host.lines.filter((l) => l.dir === 'out').every((l) => l.raw.startsWith('{"message":"{'))).toBe(true);
  }, 90_000);

  it('a host that wants the envelope closes on a bare join_game and takes a wrapped one (interop-ac-host-refuses-bare-join)', async () => {
    const host = await start({ role: 'host', seed: 1, stallMs: 5000, quirks: SECOND_2015_QUIRKS });
    const a = await dial(host.port);
    const closed = new Promise<void>((resolve) => a.socket.on('close', () => resolve()));
    a.socket.write(`${join}\n`);
    await closed;
    expect(a.lines).toEqual([]);
    expect(host.current.status).toBe('playing');
    const b = await dial(host.port);
    b.socket.write(`${JSON.stringify({ message: `${join}\n` })}\n`);
    for (let i = 0; i < 100 && b.lines.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    b.socket.destroy();
    // Its lines in its own envelope: the inner line ends in a newline, no signature.
    expect(b.lines[0]).toBe(
      JSON.stringify({
        message:
          '{"command":"accept_join_game","payload":{"player_id":1,"acknowledgement_timeout":2,"move_timeout":30},"player_id":0}\n',
      }),
    );
    expect(b.lines.map((l) => JSON.parse(JSON.parse(l).message as string))).toEqual([
      expect.objectContaining({ command: 'accept_join_game' }),
      {
        command: 'players_joined',
        payload: [
          [0, 'HostAI'],
          [1, 'X'],
        ],
        player_id: 0,
      },
      { command: 'ping', player_id: 0, payload: 2 },
    ]);
  });

  const dial = (port: number) =>
    new Promise<{ socket: Socket; lines: string[] }>((resolve) => {
      const lines: string[] = [];
      let buffer = '';
      const socket = createConnection({ host: '127.0.0.1', port }, () => resolve({ socket, lines }));
      socket.on('data', (d: Buffer) => {
        buffer += d.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop()!;
        lines.push(...parts);
      });
    });
  const join = JSON.stringify({
    command: 'join_game',
    payload: { supported_versions: [1], supported_features: [], name: 'X' },
  });

  it('answers a bare join_game as the recorded host does', async () => {
    const host = await start({ role: 'host', seed: 1, stallMs: 5000 });
    const { socket, lines } = await dial(host.port);
    socket.write(`${join}\n`);
    for (let i = 0; i < 100 && lines.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    socket.destroy();
    expect(lines).toEqual([
      '{"command":"accept_join_game","payload":{"acknowledgementTimeout":2,"commandTimeout":30,"player_id":1}}',
      '{"command":"players_joined","payload":[[0,"HostAI",""]]}',
      '{"command":"ping","player_id":0,"payload":2}',
    ]);
  });

  it('dies on a wrapped {"message": …} line, and reads it when that quirk is off', async () => {
    const wrapped = JSON.stringify({ message: join, signature: '' });
    const strict = await start({ role: 'host', seed: 1, stallMs: 5000 });
    const a = await dial(strict.port);
    a.socket.write(`${wrapped}\n`);
    const outcome = await strict.finished;
    a.socket.destroy();
    expect(outcome.status).toBe('crashed');
    expect(outcome.reason).toMatch(/wrapped/);
    expect(a.lines).toEqual([]);

    const tolerant = await start({
      role: 'host',
      seed: 1,
      stallMs: 5000,
      quirks: { bareLinesOnly: false, camelCaseTimeouts: false, pairPlayersJoined: true },
    });
    const b = await dial(tolerant.port);
    b.socket.write(`${wrapped}\n`);
    for (let i = 0; i < 100 && b.lines.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    b.socket.destroy();
    expect(JSON.parse(b.lines[0]!)).toEqual({
      command: 'accept_join_game',
      payload: { player_id: 1, acknowledgement_timeout: 2, move_timeout: 30 },
    });
    expect(JSON.parse(b.lines[1]!)).toEqual({ command: 'players_joined', payload: [[0, 'HostAI']] });
  });
});
