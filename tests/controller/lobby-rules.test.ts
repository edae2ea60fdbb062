// The house rules in the lobby handshake (native profile): the host's rules reach each joiner with
// its acceptance, the joiner sees them before the game and may decline, and both rosters agree.
import { describe, expect, it } from 'vitest';
import { listenTcp, TcpEndpoint } from '../../src/net/tcp.js';
import type { Rules } from '../../src/protocol/rules.js';
import { hostLobby, joinLobby, type LobbyEndpoint } from '../../src/sessions/lobby.js';

/** Plain TCP standing in for the native transport: the lobby sends the rules only where players mesh. */
const meshy = (endpoint: TcpEndpoint, peerId: string): LobbyEndpoint => ({
  peerId,
  mesh: true,
  addresses: () => endpoint.addresses(),
  onLink: (listener) => endpoint.onLink(listener),
  dial: (address, timeoutMs) => endpoint.dial(address, timeoutMs),
});

describe('house rules in the lobby', () => {
  it("a joiner is shown the host's rules on acceptance, and both sides play them", async () => {
    const listener = await listenTcp('127.0.0.1', 0);
    const rules: Rules = { variant: 'capital', cardValues: 'fixed', twoPlayer: 'duel' };
    const host = hostLobby(meshy(new TcpEndpoint(listener), 'host'), {
      players: 2,
      name: 'host',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 5000,
      rules,
    });
    try {
      const seen: Rules[] = [];
      const joined = await joinLobby(meshy(new TcpEndpoint(null), 'one'), `127.0.0.1:${listener.port}`, {
        name: 'one',
        features: [],
        startTimeoutMs: 5000,
        onRules: (offered) => {
          seen.push(offered);
          return true;
        },
      });
      const hosted = await host;
      expect(seen).toEqual([rules]);
      expect(joined.ok && joined.roster.rules).toEqual(rules);
      expect(hosted.ok && hosted.roster.rules).toEqual(rules);
      for (const r of [joined, hosted]) if (r.ok) for (const link of r.roster.links.values()) link.close();
    } finally {
      await listener.close();
    }
  });

  it('a joiner who declines the rules leaves the lobby with that reason', async () => {
    const listener = await listenTcp('127.0.0.1', 0);
    void hostLobby(meshy(new TcpEndpoint(listener), 'host'), {
      players: 3,
      name: 'host',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 5000,
      rules: { fortify: 'connected' },
    });
    try {
      const joined = await joinLobby(meshy(new TcpEndpoint(null), 'one'), `127.0.0.1:${listener.port}`, {
        name: 'one',
        features: [],
        startTimeoutMs: 5000,
        onRules: () => false,
      });
      expect(joined).toEqual({ ok: false, reason: "you declined the host's rules" });
    } finally {
      await listener.close();
    }
  });

  it('a host cannot open a lobby with rules the player count cannot play', async () => {
    const listener = await listenTcp('127.0.0.1', 0);
    try {
      const hosted = await hostLobby(meshy(new TcpEndpoint(listener), 'host'), {
        players: 2,
        name: 'host',
        features: [],
        ackTimeoutMs: 2000,
        moveTimeoutMs: 5000,
        rules: { capitalsToWin: 3 },
      });
      expect(hosted).toEqual({
        ok: false,
        reason: expect.stringMatching(/capitalsToWin must be an integer from 1 to 1/),
      });
    } finally {
      await listener.close();
    }
  });

  it('the cs3099 profile (no mesh) sends no rules: the class peers read only their own fields', async () => {
    const listener = await listenTcp('127.0.0.1', 0);
    const host = hostLobby(new TcpEndpoint(listener), {
      players: 2,
      name: 'host',
      features: [],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 5000,
      rules: { variant: 'capital' },
    });
    try {
      const dialed = await new TcpEndpoint(null).dial(`127.0.0.1:${listener.port}`);
      if (!dialed.ok) throw new Error(dialed.reason);
      const lines: string[] = [];
      const accepted = new Promise<void>((resolve) =>
        dialed.link.onLine((line) => {
          lines.push(line);
          resolve();
        }),
      );
      dialed.link.send(
        JSON.stringify({
          command: 'join_game',
          payload: { supported_versions: [1], supported_features: [], name: 'class' },
        }),
      );
      await accepted;
      const accept = JSON.parse(lines[0]!) as { command: string; payload: Record<string, unknown> };
      expect(accept.command).toBe('accept_join_game');
      expect(accept.payload.rules).toBeUndefined();
      dialed.link.close();
      void host;
    } finally {
      await listener.close();
    }
  });
});
