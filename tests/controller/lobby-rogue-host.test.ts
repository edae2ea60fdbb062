// A rogue host tells two joiners different terms (native.md, Full mesh: the terms check). Before
// the check each joiner started a game of its own: with other card values the two took each
// other's acknowledgements for proof of cheating, and each ended having neutralised the other
// (the honest joiner of the host's rules won while its record blamed the other honest one). Now
// the joiners compare what they were told before the start, and both give the game up.
import { describe, expect, it } from 'vitest';
import { PeerNode } from '../../src/net/libp2p-node.js';
import type { Link } from '../../src/net/link.js';
import { hostLobby, joinLobby, type LobbyEndpoint, type LobbyResult } from '../../src/sessions/lobby.js';
import { NATIVE_FEATURES } from '../../src/sessions/mesh-session.js';
import { withSend } from './mesh-game.js';

interface LobbyLine {
  command: string;
  payload: Record<string, unknown>;
}
type Rewrite = (message: LobbyLine) => void;

const otherRules: Rewrite = (m) => {
  if (m.command === 'accept_join_game') m.payload.rules = { cardValues: 'fixed' };
};
const otherGameId: Rewrite = (m) => {
  if (m.command === 'initialise_game') m.payload.game_id = 'another-game';
};

/** The host's node, whose lobby lines to `victim` are rewritten on the way out. */
function rogueHost(node: PeerNode, victim: string, rewrite: Rewrite): LobbyEndpoint {
  const lie = (link: Link) =>
    withSend(link, (line) => {
      const message = JSON.parse(line) as LobbyLine;
      rewrite(message);
      link.send(JSON.stringify(message));
    });
  return {
    peerId: node.peerId,
    mesh: true,
    privateKey: node.privateKey,
    addresses: () => node.addresses(),
    dial: (address, timeoutMs) => node.dial(address, timeoutMs),
    onLink: (listener) => node.onLink((link) => listener(link.remotePeer === victim ? lie(link) : link)),
  };
}

async function lobbyWithRogueHost(rewrite: Rewrite): Promise<LobbyResult[]> {
  const nodes = await Promise.all([0, 1, 2].map(() => PeerNode.start({ host: '127.0.0.1', port: 0 })));
  try {
    const features = [...NATIVE_FEATURES];
    let joined = 0;
    const host = hostLobby(rogueHost(nodes[0]!, nodes[2]!.peerId, rewrite), {
      players: 3,
      name: 'host',
      features,
      ackTimeoutMs: 1000,
      moveTimeoutMs: 5000,
      onEvent: (event) => void (event.type === 'joined' && joined++),
    });
    const address = nodes[0]!.addresses()[0]!;
    const first = joinLobby(nodes[1]!, address, { name: 'one', features, startTimeoutMs: 10_000 });
    for (let i = 0; i < 1000 && joined < 1; i++) await new Promise((r) => setTimeout(r, 5));
    const second = joinLobby(nodes[2]!, address, { name: 'two', features, startTimeoutMs: 10_000 });
    const results = await Promise.all([host, first, second]);
    for (const r of results) if (r.ok) for (const link of r.roster.links.values()) link.close();
    return results;
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
  }
}

describe('a rogue host that tells two joiners different terms', () => {
  it.each([
    ['other house rules', otherRules],
    ['another game id', otherGameId],
  ] as const)(
    '(%s) starts no game between them: both joiners give it up, saying why',
    async (_, rewrite) => {
      const [, one, two] = await lobbyWithRogueHost(rewrite);
      expect(one).toEqual({
        ok: false,
        reason: 'the host told player 2 other terms (rules, game id, features, timeouts or seats) than this player',
      });
      expect(two).toEqual({
        ok: false,
        reason: 'the host told player 1 other terms (rules, game id, features, timeouts or seats) than this player',
      });
    },
    30_000,
  );

  it('told alike, the joiners start', async () => {
    const [, one, two] = await lobbyWithRogueHost(() => {});
    expect(one?.ok && two?.ok).toBe(true);
  }, 30_000);
});
