import { describe, expect, it, vi } from 'vitest';
import { DealDriver } from '../../src/protocol/secret-deal.js';
import {
  cardElements,
  type DealContext,
  decryptCard,
  hex,
  newDealKey,
  proveClaim,
} from '../../src/protocol/secret-deal-crypto.js';
import { hexToBigInt, modInverse, modPow, P } from '../../src/protocol/secret-group.js';
import {
  type DealClaim,
  type DealMessage,
  type DealReveal,
  type DealShuffle,
  type DealUnlock,
  MAX_DEAL_LINE,
} from '../../src/protocol/secret-messages.js';
import { MAX_SIGNED_LINE, seal } from '../../src/protocol/signing.js';
import { DealMesh, type Tamper } from './secret-sim.js';

// Each deal does hundreds of 2048-bit exponentiations; on a shared 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 180_000 });

const players = (n: number) => Array.from({ length: n }, (_, i) => i);
const context = (n: number, cards = 14, deal = 0): DealContext => ({
  gameId: 'test-game',
  deal,
  players: players(n),
  cards,
});

/** Every honest peer (all but `cheater`) names the cheater, and nobody else, at least once. */
function expectNamedByHonest(mesh: DealMesh, cheater: number, reason: RegExp) {
  for (const peer of mesh.peers.values()) {
    if (peer.id === cheater) continue;
    expect(peer.violations.length, `peer ${peer.id} names the cheater`).toBeGreaterThan(0);
    for (const v of peer.violations) {
      expect(v.player).toBe(cheater);
      expect(v.reason).toMatch(reason);
      expect(() => JSON.parse(v.evidence)).not.toThrow();
    }
  }
}

function expectVoidWithout(mesh: DealMesh, cheater: number) {
  for (const peer of mesh.peers.values()) {
    if (peer.id === cheater) continue;
    const outcome = mesh.outcome(peer.id);
    expect(outcome?.kind).toBe('void');
    if (outcome?.kind === 'void') {
      expect(outcome.cheaters).toEqual([cheater]);
      expect(outcome.restartWith).toEqual(mesh.context.players.filter((p) => p !== cheater));
    }
  }
}

type Cheat = (message: DealMessage) => DealMessage | undefined;

/** The adversary rewrites its own messages of one command (and its own state follows). */
const rewrite =
  <M extends DealMessage>(command: M['command'], change: (message: M) => M): Cheat =>
  (message) =>
    message.command === command ? change(structuredClone(message) as M) : message;

describe('secret deal: honest peers', () => {
  for (const n of [2, 3, 4, 5, 6]) {
    // The end-of-game audit recomputes every shuffle twice over; once (n = 3) is enough to keep the suite light.
    const audited = n === 3;
    // Six players deal signed: the largest lines a session sees, measured against MAX_DEAL_LINE.
    const signed = n === 6;
    it(`deals ${n} distinct cards of 14 to ${n} peers${signed ? ' (signed)' : ''}; claims${audited ? ' and the end-of-game audit' : ''} agree`, async () => {
      const mesh = await DealMesh.create(context(n), { signed });
      await mesh.start();
      const cards = [...mesh.peers.values()].map((peer) => {
        expect(peer.violations).toEqual([]);
        expect(mesh.outcome(peer.id)).toEqual({ kind: 'dealt', card: peer.driver.card });
        return peer.driver.card!;
      });
      expect(new Set(cards).size).toBe(n);
      // The session acknowledges the deal by its transcript head: the same everywhere.
      expect(new Set([...mesh.peers.values()].map((peer) => peer.driver.transcriptHead)).size).toBe(1);
      for (const card of cards) expect(card).toBeGreaterThanOrEqual(0), expect(card).toBeLessThan(14);

      // Every player claims; every other peer accepts exactly the card its owner decrypted.
      for (const peer of mesh.peers.values()) mesh.take(peer, peer.driver.claim());
      await mesh.run();
      for (const peer of mesh.peers.values()) {
        const seen = peer.outputs.flatMap((o) => o.claims);
        expect(seen.sort((a, b) => a.player - b.player)).toEqual(
          players(n)
            .filter((p) => p !== peer.id)
            .map((p) => ({ player: p, card: cards[p] })),
        );
        expect(peer.violations).toEqual([]);
      }

      if (signed) {
        const sealed = mesh.record.map(
          ({ message }) => seal(JSON.stringify(message), message.player_id, 'ab'.repeat(64)).length,
        );
        expect(Math.max(...sealed)).toBeGreaterThan(MAX_SIGNED_LINE);
        expect(Math.max(...sealed)).toBeLessThan(MAX_DEAL_LINE);
      }
      if (!audited) return;
      // End of game: every key is published; an observer replaying the record finds every card.
      for (const peer of mesh.peers.values()) mesh.take(peer, peer.driver.revealKey());
      await mesh.run();
      const audit = mesh.audit();
      expect(audit.violations).toEqual([]);
      expect(audit.outcome).toEqual({ kind: 'dealt', card: undefined });
      expect([...audit.claims].sort((a, b) => a.player - b.player)).toEqual(
        cards.map((card, player) => ({ player, card })),
      );
      expect([...audit.revealed].sort((a, b) => a.player - b.player)).toEqual(
        cards.map((card, player) => ({ player, card })),
      );
    }, 180_000);
  }

  it('deals a deck of exactly as many cards as players (every card dealt)', async () => {
    const mesh = await DealMesh.create(context(3, 3));
    await mesh.start();
    expect([...mesh.peers.values()].map((p) => p.driver.card).sort()).toEqual([0, 1, 2]);
  });

  it("no peer can open another's final card with its own key, and the dealt deck shows no card in the clear", async () => {
    const keys = new Map(players(3).map((p) => [p, newDealKey()] as const));
    const mesh = await DealMesh.create(context(3), { keys });
    await mesh.start();
    const clear = new Set(cardElements('test-game', 14).map(hex));
    for (const { message } of mesh.record) {
      if (message.command === 'deal_shuffle') for (const c of message.payload.deck) expect(clear.has(c)).toBe(false);
      if (message.command === 'deal_unlock')
        for (const c of message.payload.cards) expect(clear.has(c.value)).toBe(false);
    }
    const last = mesh.record.filter((r) => r.message.command === 'deal_unlock');
    const finals = new Map<number, bigint>();
    for (const { message } of last)
      for (const c of (message as DealUnlock).payload.cards) finals.set(c.position, hexToBigInt(c.value));
    for (const [owner, final] of finals) {
      for (const [p, key] of keys) if (p !== owner) expect(decryptCard(context(3), final, key)).toBeUndefined();
      expect(decryptCard(context(3), final, keys.get(owner)!)).toBe(mesh.peers.get(owner)!.driver.card);
    }
  });

  it('a shuffle that arrives before the one it follows waits for it', async () => {
    const ctx = context(3, 5);
    const drivers = players(3).map((me) => new DealDriver({ context: ctx, me }));
    const s0 = drivers[0]!.start().send[0]!;
    const s1 = drivers[1]!.receive(0, s0).send[0]!;
    expect(s1.command).toBe('deal_shuffle');
    // Peer 2 hears player 1 first: it waits, then shuffles once player 0's message comes.
    expect(drivers[2]!.receive(1, s1).send).toEqual([]);
    const after = drivers[2]!.receive(0, s0);
    expect(after.violations).toEqual([]);
    expect(after.send.map((m) => m.command)).toEqual(['deal_shuffle']);
  });
});

describe('secret deal: cheaters are caught and only they are named', () => {
  it('a duplicated card in a shuffle', async () => {
    const tamper = rewrite<DealShuffle>('deal_shuffle', (m) => ((m.payload.deck[1] = m.payload.deck[0]!), m));
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[1, tamper]]) });
    await mesh.start();
    expectNamedByHonest(mesh, 1, /same card twice/);
    expectVoidWithout(mesh, 1);
  });

  it('steering: the last shuffler puts a card of its choice at its own position', async () => {
    const key = newDealKey();
    const wanted = cardElements('test-game', 14)[5]!;
    // Its own layer only: after the others unlock it would be wanted^(e·d0·d1), not a card.
    const tamper = rewrite<DealShuffle>('deal_shuffle', (m) => ((m.payload.deck[2] = hex(modPow(wanted, key.e))), m));
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[2, tamper]]), keys: new Map([[2, key]]) });
    await mesh.start();
    expectNamedByHonest(mesh, 2, /product proof fails/);
    expectVoidWithout(mesh, 2);
  });

  it('steering: a false complaint about a valid card to be dealt again is exposed by the audit', async () => {
    const tamper: Cheat = (m) => (m.command === 'deal_accept' ? { ...m, command: 'deal_complaint' } : m);
    const mesh = await DealMesh.create(context(4), { cheat: new Map([[3, tamper]]) });
    await mesh.start();
    expectNamedByHonest(mesh, 3, /complained about a valid card/);
    expectVoidWithout(mesh, 3);
  });

  it('encrypting inconsistently (two cards changed so the product still holds) is found by the audit', async () => {
    const r = 9n; // 3², a residue
    const tamper = rewrite<DealShuffle>('deal_shuffle', (m) => {
      const deck = m.payload.deck;
      deck[0] = hex((hexToBigInt(deck[0]!) * r) % P);
      deck[1] = hex((hexToBigInt(deck[1]!) * modInverse(r, P)) % P);
      return m;
    });
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[2, tamper]]) });
    await mesh.start();
    // Players 0 and 1 got no card and complained; the revealed keys show who shuffled wrongly.
    expectNamedByHonest(mesh, 2, /shuffled inconsistently/);
    expectVoidWithout(mesh, 2);
    const audit = mesh.audit();
    expect(audit.violations.map((v) => v.player)).toEqual([2]);
  });

  it("learning another's card: an unlocker substitutes a ciphertext whose card it would know", async () => {
    // Player 1, unlocking player 2's card, sends Y2^a = (G^a)^e2: player 2 would then hold G^a.
    let y2: bigint | undefined;
    const tamper: Cheat = (m) => {
      if (m.command !== 'deal_unlock') return m;
      const forged = structuredClone(m);
      const card = forged.payload.cards.find((c) => c.position === 2)!;
      card.value = hex(modPow(y2!, 12345n));
      return forged;
    };
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[1, tamper]]) });
    const spy = mesh.take.bind(mesh);
    mesh.take = (peer, output) => {
      for (const m of output.send)
        if (m.command === 'deal_shuffle' && m.player_id === 2) y2 = hexToBigInt(m.payload.key);
      spy(peer, output);
    };
    await mesh.start();
    expect(y2).toBeDefined();
    expectNamedByHonest(mesh, 1, /position 2 something other than that card with its layer removed/);
    expectVoidWithout(mesh, 1);
  });

  it("swapping at claim time: a claim of another card, with a proof made with the claimer's own key", async () => {
    const key = newDealKey();
    const mesh = await DealMesh.create(context(3), { keys: new Map([[1, key]]) });
    await mesh.start();
    const real = mesh.peers.get(1)!.driver.card!;
    const other = (real + 1) % 14;
    const final = [...mesh.record]
      .reverse()
      .flatMap(({ message }) => (message.command === 'deal_unlock' ? message.payload.cards : []))
      .find((c) => c.position === 1)!;
    const forged: DealClaim = {
      command: 'deal_claim',
      player_id: 1,
      payload: { deal: 0, card: other, proof: proveClaim(context(3), 1, other, hexToBigInt(final.value), key) },
    };
    const adversary = mesh.peers.get(1)!;
    mesh.take(adversary, { send: [forged], violations: [], claims: [], revealed: [] });
    await mesh.run();
    expectNamedByHonest(mesh, 1, new RegExp(`claimed card ${other}, which is not the card dealt to it`));
    for (const id of [0, 2]) expect(mesh.peers.get(id)!.outputs.flatMap((o) => o.claims)).toEqual([]);
    // The same adversary's honest claim of its real card would have been accepted.
    const honest = await DealMesh.create(context(2));
    await honest.start();
    honest.take(honest.peers.get(1)!, honest.peers.get(1)!.driver.claim());
    await honest.run();
    expect(honest.peers.get(0)!.outputs.flatMap((o) => o.claims)).toEqual([
      { player: 1, card: honest.peers.get(1)!.driver.card },
    ]);
  });

  it('revealing a wrong key for the audit', async () => {
    const tamper = rewrite<DealReveal>(
      'deal_reveal',
      (m) => ((m.payload.key = hex(hexToBigInt(m.payload.key) + 2n)), m),
    );
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[0, tamper]]) });
    await mesh.start();
    for (const peer of mesh.peers.values()) mesh.take(peer, peer.driver.revealKey());
    await mesh.run();
    expectNamedByHonest(mesh, 0, /revealed a key that is not the one it dealt with/);
    expect(mesh.audit().violations.map((v) => v.player)).toEqual([0]);
  });

  it('revealing the right key with another shuffle seed for the audit', async () => {
    const tamper = rewrite<DealReveal>('deal_reveal', (m) => ((m.payload.seed = '00'.repeat(32)), m));
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[1, tamper]]) });
    await mesh.start();
    for (const peer of mesh.peers.values()) mesh.take(peer, peer.driver.revealKey());
    await mesh.run();
    expectNamedByHonest(mesh, 1, /shuffled inconsistently/);
  });

  it('impersonation: a shuffle that claims to come from another player', async () => {
    const tamper = rewrite<DealShuffle>('deal_shuffle', (m) => ((m.player_id = 2), m));
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[0, tamper]]) });
    await mesh.start();
    expectNamedByHonest(mesh, 0, /claiming to be player 2/);
  });

  it('two different shuffles sent to the same peer', async () => {
    const tamper: Tamper = (m) => {
      if (m.command !== 'deal_shuffle') return [m];
      const other = structuredClone(m);
      [other.payload.deck[0], other.payload.deck[1]] = [other.payload.deck[1]!, other.payload.deck[0]!];
      return [m, other];
    };
    const mesh = await DealMesh.create(context(3), { tamper: new Map([[1, tamper]]) });
    await mesh.start();
    expectNamedByHonest(mesh, 1, /two different deal_shuffle messages/);
  });

  it('unsigned: equivocation (different shuffles to different peers) voids the deal everywhere and blames nobody', async () => {
    const tamper: Tamper = (m, to) => {
      if (m.command !== 'deal_shuffle' || to !== 2) return [m];
      const other = structuredClone(m);
      [other.payload.deck[0], other.payload.deck[1]] = [other.payload.deck[1]!, other.payload.deck[0]!];
      return [other];
    };
    const mesh = await DealMesh.create(context(3), { tamper: new Map([[1, tamper]]) });
    await mesh.start();
    for (const id of [0, 2]) {
      expect(mesh.peers.get(id)!.violations).toEqual([]);
      const outcome = mesh.outcome(id);
      expect(outcome?.kind).toBe('void');
      if (outcome?.kind === 'void') expect(outcome).toMatchObject({ cheaters: [], restartWith: [0, 1, 2] });
    }
  });

  it('signed: equivocation is proved by two signed versions, and every honest peer names the equivocator', async () => {
    let mesh: DealMesh;
    const tamper: Tamper = (m, to) => {
      if (m.command !== 'deal_shuffle' || to !== 2) return [m];
      const other = structuredClone(m);
      [other.payload.deck[0], other.payload.deck[1]] = [other.payload.deck[1]!, other.payload.deck[0]!];
      return [mesh.resign(1, other)];
    };
    mesh = await DealMesh.create(context(3), { tamper: new Map([[1, tamper]]), signed: true });
    await mesh.start();
    expectNamedByHonest(mesh, 1, /sent different deal_shuffle messages to different players/);
    expectVoidWithout(mesh, 1);
    // The abort carries both signed shuffles: longer than a move line, within the deal line limit.
    const aborts = mesh.record.filter(
      ({ message }) => message.command === 'deal_abort' && message.payload.second !== undefined,
    );
    expect(aborts.length).toBeGreaterThan(0);
    for (const { message } of aborts)
      expect(seal(JSON.stringify(message), message.player_id, 'ab'.repeat(64)).length).toBeLessThan(MAX_DEAL_LINE);
  });

  it('signed: a message that extends a transcript its sender cannot show names the sender', async () => {
    const cheat = rewrite<DealShuffle>('deal_shuffle', (m) => ((m.payload.prev = '00'.repeat(32)), m));
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[2, cheat]]), signed: true });
    await mesh.start();
    expectNamedByHonest(mesh, 2, /extends a deal transcript it cannot show/);
    expectVoidWithout(mesh, 2);
  });

  it('signed: an abort without evidence names the aborter; a message without a valid signature names its sender', async () => {
    const abort: Cheat = (m) =>
      m.command === 'deal_unlock'
        ? { command: 'deal_abort', player_id: 1, payload: { deal: 0, reason: 'I do not like my card' } }
        : m;
    const aborting = await DealMesh.create(context(3), { cheat: new Map([[1, abort]]), signed: true });
    await aborting.start();
    expectNamedByHonest(aborting, 1, /aborted the deal without evidence of a fork/);
    expectVoidWithout(aborting, 1);

    const unsigned: Tamper = (m) => [{ ...m, sig: 'ab'.repeat(64) }];
    const forging = await DealMesh.create(context(3), { tamper: new Map([[0, unsigned]]), signed: true });
    await forging.start();
    expectNamedByHonest(forging, 0, /without a valid signature/);
  });

  it('signed: an honest deal completes and its record audits clean', async () => {
    const mesh = await DealMesh.create(context(4), { signed: true });
    await mesh.start();
    for (const peer of mesh.peers.values())
      expect(mesh.outcome(peer.id)).toEqual({ kind: 'dealt', card: peer.driver.card });
    for (const peer of mesh.peers.values()) mesh.take(peer, peer.driver.revealKey());
    await mesh.run();
    const audit = mesh.audit();
    expect(audit.violations).toEqual([]);
    expect([...audit.revealed].length).toBe(4);
  }, 180_000);
});

describe('secret deal: failures', () => {
  it('a player leaving mid-deal voids it; the rest deal again and finish', async () => {
    // Player 3 never shuffles: the others time it out.
    const mesh = await DealMesh.create(context(4), {
      cheat: new Map([[3, (m: DealMessage) => (m.command === 'deal_shuffle' ? undefined : m)]]),
    });
    await mesh.start();
    expect(mesh.peers.get(0)!.driver.waitingFor()).toEqual([3]);
    await mesh.leave(3);
    for (const id of [0, 1, 2]) {
      expect(mesh.outcome(id)).toEqual({
        kind: 'void',
        reason: 'player 3 left during the shuffle',
        cheaters: [],
        restartWith: [0, 1, 2],
      });
      expect(mesh.peers.get(id)!.violations).toEqual([]);
    }
    const again = await DealMesh.create({ ...context(4), deal: 1, players: [0, 1, 2] });
    await again.start();
    expect(new Set([0, 1, 2].map((id) => again.peers.get(id)!.driver.card)).size).toBe(3);
  });

  it('a player that withholds its key after a complaint is passed over without false blame', async () => {
    const tamper: Cheat = (m) =>
      m.command === 'deal_accept' ? { ...m, command: 'deal_complaint' } : m.command === 'deal_reveal' ? undefined : m;
    const mesh = await DealMesh.create(context(3), { cheat: new Map([[2, tamper]]) });
    await mesh.start();
    expect(mesh.peers.get(0)!.driver.waitingFor()).toEqual([2]);
    await mesh.leave(2);
    for (const id of [0, 1]) {
      const outcome = mesh.outcome(id);
      expect(outcome?.kind).toBe('void');
      if (outcome?.kind === 'void') expect(outcome.restartWith).toEqual([0, 1]);
      expect(mesh.peers.get(id)!.violations).toEqual([]);
    }
  });

  it('a player that floods messages ahead of their step is named', async () => {
    const driver = new DealDriver({ context: context(2, 2), me: 0 });
    await driver.start();
    const claim = (card: number): DealMessage => ({
      command: 'deal_claim',
      player_id: 1,
      payload: { deal: 0, card, proof: { c: '00'.repeat(32), s: '00'.repeat(256) } },
    });
    for (let card = 0; card < 8; card++) expect(driver.receive(1, claim(card)).violations).toEqual([]);
    expect(driver.receive(1, claim(8)).violations.map((v) => [v.player, v.reason])).toEqual([
      [1, 'sent more deal messages than the deal has steps'],
    ]);
  });

  it('messages of another deal attempt are ignored', async () => {
    const ctx = context(2, 4);
    const a = new DealDriver({ context: ctx, me: 0 });
    const b = new DealDriver({ context: { ...ctx, deal: 1 }, me: 1 });
    const shuffle = a.start().send[0]!;
    const out = b.receive(0, shuffle);
    expect(out).toEqual({ send: [], violations: [], claims: [], revealed: [] });
  });

  it('refuses a deal it cannot run, with the reason', async () => {
    expect(() => new DealDriver({ context: context(3, 2), me: 0 })).toThrow(/2 cards for 3 players/);
    expect(() => new DealDriver({ context: { ...context(3), players: [0, 0, 1] }, me: 0 })).toThrow(/twice/);
    expect(() => new DealDriver({ context: context(3), me: 7 })).toThrow(/not a player/);
  });

  it('cards are encoded as distinct quadratic residues, different in every game', async () => {
    const cards = cardElements('test-game', 14);
    // A non-residue would keep its Legendre symbol through x ↦ x^e (e odd) and leak a bit.
    expect(cards.every((c) => modPow(c, (P - 1n) / 2n) === 1n)).toBe(true);
    expect(new Set(cards).size).toBe(14);
    expect(cardElements('other-game', 14)[0]).not.toBe(cards[0]);
  });
});
