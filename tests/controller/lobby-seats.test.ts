// A resumed game's lobby (HostOptions.seats): each returning player gets the seat of its key,
// whatever order they join in, and a key that held no seat is refused. libp2p on 127.0.0.1.
import { generateKeyPair } from '@libp2p/crypto/keys';
import { afterEach, describe, expect, it } from 'vitest';
import { PeerNode } from '../../src/net/libp2p-node.js';
import { hostLobby, joinLobby } from '../../src/sessions/lobby.js';

const nodes: PeerNode[] = [];
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.stop().catch(() => {})));
});

async function node(): Promise<PeerNode> {
  const started = await PeerNode.start({ host: '127.0.0.1', port: 0, privateKey: await generateKeyPair('Ed25519') });
  nodes.push(started);
  return started;
}

const joinOptions = (name: string) => ({ name, features: [], startTimeoutMs: 20_000 });

describe('a lobby that seats players by key', () => {
  it('gives each joiner the seat of its key, in any order, and refuses a stranger', async () => {
    const [host, one, two, stranger] = await Promise.all([node(), node(), node(), node()]);
    const hosted = hostLobby(host, {
      players: 3,
      name: 'Hana',
      features: [],
      ackTimeoutMs: 5000,
      moveTimeoutMs: 10_000,
      seats: [host.peerId, one.peerId, two.peerId],
    });
    const address = host.addresses()[0]!;
    const refused = await joinLobby(stranger, address, joinOptions('Eve'));
    expect(refused).toEqual({
      ok: false,
      reason:
        'the host refused to let you join: Not a player of this game: only its players, with their keys, may join it',
    });
    // Seat 2's player comes first.
    const second = joinLobby(two, address, joinOptions('Two'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const first = joinLobby(one, address, joinOptions('One'));
    const [h, a, b] = await Promise.all([hosted, first, second]);
    for (const r of [h, a, b]) if (!r.ok) throw new Error(r.reason);
    if (!h.ok || !a.ok || !b.ok) return;
    expect(h.roster.players.map((p) => [p.id, p.peerId])).toEqual([
      [0, host.peerId],
      [1, one.peerId],
      [2, two.peerId],
    ]);
    expect([a.roster.me, b.roster.me]).toEqual([1, 2]);
    for (const r of [h, a, b]) for (const link of r.roster.links.values()) link.close();
  }, 60_000);

  // Player 0 was made neutral before the stop and stays away: seat 1 hosts, the game starts without seat 0.
  it('lets another seat host, and starts once the seats awaited are in, without the others', async () => {
    const [zero, host, two, three] = await Promise.all([node(), node(), node(), node()]);
    const hosted = hostLobby(host, {
      players: 4,
      name: 'One',
      features: [],
      ackTimeoutMs: 5000,
      moveTimeoutMs: 10_000,
      seats: [zero.peerId, host.peerId, two.peerId, three.peerId],
      awaited: [1, 2, 3],
    });
    const address = host.addresses()[0]!;
    const [h, b, c] = await Promise.all([
      hosted,
      joinLobby(three, address, joinOptions('Three')),
      joinLobby(two, address, joinOptions('Two')),
    ]);
    for (const r of [h, b, c]) if (!r.ok) throw new Error(r.reason);
    if (!h.ok || !b.ok || !c.ok) return;
    for (const r of [h, b, c]) {
      expect(r.roster.host).toBe(1);
      expect(r.roster.players.map((p) => [p.id, p.peerId])).toEqual([
        [1, host.peerId],
        [2, two.peerId],
        [3, three.peerId],
      ]);
      expect([...r.roster.links.keys()].sort()).toEqual([1, 2, 3].filter((p) => p !== r.roster.me));
    }
    expect([h.roster.me, b.roster.me, c.roster.me]).toEqual([1, 3, 2]);
    // The mesh is whole: a line from seat 2 reaches seat 3.
    const heard = new Promise<string>((resolve) => b.roster.links.get(2)!.onLine(resolve));
    c.roster.links.get(3)!.send('hello');
    expect(await heard).toBe('hello');
    for (const r of [h, b, c]) for (const link of r.roster.links.values()) link.close();
  }, 60_000);
});
