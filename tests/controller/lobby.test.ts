// The lobby handshake's refusals, and a bot that misbehaves inside its seat.
import { describe, expect, it } from 'vitest';
import { randomBot } from '../../src/ai/random.js';
import { botSeat } from '../../src/ai/seat.js';
import { type Action, classicBoard, startGame } from '../../src/model/index.js';
import { listenTcp, TcpEndpoint } from '../../src/net/tcp.js';
import { seededDice } from '../../src/protocol/random.js';
import { hostLobby, joinLobby } from '../../src/sessions/lobby.js';
import type { SeatIncident } from '../../src/sessions/seat.js';

describe('joining a lobby', () => {
  it('once the lobby is full the game starts, and a late joiner is refused with "Game in progress"', async () => {
    const listener = await listenTcp('127.0.0.1', 0);
    const address = `127.0.0.1:${listener.port}`;
    const host = hostLobby(new TcpEndpoint(listener), {
      players: 2,
      name: 'host',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 5000,
    });
    try {
      const first = await joinLobby(new TcpEndpoint(null), address, {
        name: 'one',
        features: [],
        startTimeoutMs: 5000,
      });
      expect(first.ok).toBe(true);
      const hosted = await host;
      expect(hosted.ok && hosted.roster.players.map((p) => p.name)).toEqual(['host', 'one']);
      const late = await joinLobby(new TcpEndpoint(null), address, {
        name: 'late',
        features: [],
        startTimeoutMs: 5000,
      });
      expect(late).toEqual({ ok: false, reason: 'the host refused to let you join: Game in progress' });
      for (const r of [first, hosted]) if (r.ok) for (const link of r.roster.links.values()) link.close();
    } finally {
      await listener.close();
    }
  });

  it('a client speaking only version 2 is told there is no common version', async () => {
    const listener = await listenTcp('127.0.0.1', 0);
    void hostLobby(new TcpEndpoint(listener), {
      players: 3,
      name: 'host',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 5000,
    });
    try {
      const dialed = await new TcpEndpoint(null).dial(`127.0.0.1:${listener.port}`);
      if (!dialed.ok) throw new Error(dialed.reason);
      const reply = new Promise<string>((resolve) => dialed.link.onLine(resolve));
      dialed.link.send(
        JSON.stringify({
          command: 'join_game',
          payload: { supported_versions: [2], supported_features: [], name: 'future' },
        }),
      );
      expect(JSON.parse(await reply)).toEqual({ command: 'reject_join_game', payload: 'No common version' });
      dialed.link.close();
    } finally {
      await listener.close();
    }
  });

  it('an unreachable address is a reason, not an exception', async () => {
    const result = await joinLobby(new TcpEndpoint(null), '127.0.0.1:1', {
      name: 'x',
      features: [],
      startTimeoutMs: 1000,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/cannot reach 127\.0\.0\.1:1/);
    const typo = await joinLobby(new TcpEndpoint(null), 'not an address', {
      name: 'x',
      features: [],
      startTimeoutMs: 1000,
    });
    expect(typo).toEqual({
      ok: false,
      reason: '"not an address" is not an address: use host:port, e.g. 192.168.1.20:7475',
    });
  });
});

describe('a bot seat', () => {
  const state = (() => {
    const started = startGame(classicBoard(), { players: 3 });
    if (!started.ok) throw new Error(started.reason);
    return { ...started.value, phase: 'setup' as const, firstPlayer: 0, current: 0 };
  })();

  it.each([
    [
      'throws',
      () => {
        throw new Error('bug');
      },
      /threw: bug/,
    ],
    [
      'answers with an illegal move',
      (): Action => ({ command: 'setup', player: 0, payload: 99 }),
      /chose an illegal action/,
    ],
  ])('that %s is replaced by a random legal move, and the incident reported', async (_name, decide, reason) => {
    const incidents: SeatIncident[] = [];
    const seat = botSeat({ kind: 'broken', decide }, seededDice(1), {
      deadlineMs: 1000,
      onIncident: (i) => incidents.push(i),
    });
    const action = await seat.decide(state, 0);
    expect(action.command).toBe('setup');
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.reason).toMatch(reason);
  });

  it('that overruns its time is replaced too', async () => {
    const incidents: SeatIncident[] = [];
    const slow = {
      kind: 'slow',
      decide: (s: typeof state, p: number) => {
        const end = Date.now() + 30;
        while (Date.now() < end);
        return randomBot(seededDice(2)).decide(s, p);
      },
    };
    const seat = botSeat(slow, seededDice(1), { deadlineMs: 5, onIncident: (i) => incidents.push(i) });
    await seat.decide(state, 0);
    expect(incidents[0]!.reason).toMatch(/took \d+ ms \(limit 5 ms\)/);
  });
});
