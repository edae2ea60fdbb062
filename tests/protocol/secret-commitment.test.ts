import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CommitRound,
  type CommitRoundOutput,
  checkReveal,
  secretCommitment,
  secretPreimage,
} from '../../src/protocol/secret-commitment.js';
import { canonicalJson, MAX_SECRET_JSON_BYTES } from '../../src/protocol/secret-json.js';
import { type CommitMessage, parseSecretMessage, type SecretCommit } from '../../src/protocol/secret-messages.js';

const salt = Uint8Array.from({ length: 32 }, (_, i) => i);
const saltHex = Buffer.from(salt).toString('hex');
const ctx = { gameId: 'g-1', purpose: 'capital', round: 0, player: 2 };

describe('canonical JSON', () => {
  it('one text per value: keys sorted, no whitespace', () => {
    expect(canonicalJson({ b: [1, 2, { d: null, c: true }], a: 'x' })).toEqual({
      ok: true,
      text: '{"a":"x","b":[1,2,{"c":true,"d":null}]}',
    });
    expect(canonicalJson({ a: 1, b: 2 })).toEqual(canonicalJson({ b: 2, a: 1 }));
  });

  it('refuses what is not plain JSON data, and values over the size bound, naming the place', () => {
    expect(canonicalJson({ a: [1, Number.NaN] })).toEqual({ ok: false, reason: '$.a[1]: NaN is not a JSON number' });
    expect(canonicalJson({ a: undefined })).toEqual({ ok: false, reason: '$.a: a undefined is not JSON data' });
    expect(canonicalJson(new Date(0))).toEqual({ ok: false, reason: '$: not a plain object' });
    expect(canonicalJson('x'.repeat(MAX_SECRET_JSON_BYTES))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/at most 65536/),
    });
    let deep: unknown = 0;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(canonicalJson(deep)).toMatchObject({ ok: false, reason: expect.stringMatching(/deeper than 32/) });
  });
});

describe('secret commitment', () => {
  it('is SHA-256 over tag, game id, purpose, round, player, salt and the canonical JSON', () => {
    // Built by hand from the layout in protocol-spec/secret-dealing.md.
    const ids = Buffer.from([0, 0, 0, 0, 0, 0, 0, 2]);
    const expected = createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from('p2p-risk/secret-commitment/v1\0g-1\0capital\0'),
          ids,
          salt,
          Buffer.from('{"territory":7}'),
        ]),
      )
      .digest('hex');
    expect(secretCommitment({ territory: 7 }, salt, ctx)).toBe(expected);
  });

  it('verifies its own reveal, and no other value, salt, player, round, purpose or game', () => {
    const c = secretCommitment({ territory: 7 }, salt, ctx);
    expect(checkReveal(c, { territory: 7 }, saltHex, ctx)).toEqual({ ok: true });
    const wrong = { ok: false, reason: 'the revealed value and salt do not match its commitment' };
    expect(checkReveal(c, { territory: 8 }, saltHex, ctx)).toEqual(wrong);
    expect(checkReveal(c, { territory: 7 }, 'ff'.repeat(32), ctx)).toEqual(wrong);
    for (const other of [{ player: 3 }, { round: 1 }, { purpose: 'risc-orders' }, { gameId: 'g-2' }]) {
      expect(checkReveal(c, { territory: 7 }, saltHex, { ...ctx, ...other })).toEqual(wrong);
    }
    expect(checkReveal(c, { territory: 7 }, 'xyz', ctx)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/salt/),
    });
  });

  it('refuses a bad salt or context with a reason', () => {
    expect(secretPreimage(1, new Uint8Array(5), ctx)).toEqual({ ok: false, reason: 'a salt is 32 bytes, not 5' });
    expect(secretPreimage(1, salt, { ...ctx, round: -1 })).toMatchObject({ ok: false });
    expect(secretPreimage(1, salt, { ...ctx, gameId: 'a\0b' })).toMatchObject({ ok: false });
  });
});

/** n peers in memory; every message goes through JSON and the zod schema; bounded deliveries. */
function runRound(
  n: number,
  options: {
    values?: (p: number) => unknown;
    cheat?: (p: number, m: CommitMessage) => CommitMessage[];
    silent?: number;
  } = {},
) {
  const players = Array.from({ length: n }, (_, i) => i);
  const rounds = new Map(
    players.map((me) => [me, new CommitRound({ gameId: 'g', purpose: 'risc-orders', round: 4, players, me })]),
  );
  const outputs = new Map<number, CommitRoundOutput[]>(players.map((p) => [p, []]));
  const inbox: { from: number; to: number; message: CommitMessage }[] = [];
  const take = (me: number, out: CommitRoundOutput) => {
    outputs.get(me)!.push(out);
    for (const message of out.send) {
      const sent = options.cheat ? options.cheat(me, message) : [message];
      for (const m of sent) for (const to of players) if (to !== me) inbox.push({ from: me, to, message: m });
    }
  };
  for (const p of players)
    if (p !== options.silent) take(p, rounds.get(p)!.commit(options.values?.(p) ?? { orders: [{ move: p }] }));
  const run = () => {
    for (let i = 0; inbox.length > 0; i++) {
      if (i > 1000) throw new Error('round does not end');
      const { from, to, message } = inbox.shift()!;
      const parsed = parseSecretMessage(JSON.parse(JSON.stringify(message)));
      if (!parsed.ok) throw new Error(parsed.reason);
      take(to, rounds.get(to)!.receive(from, parsed.message as CommitMessage));
    }
  };
  run();
  const done = (p: number) => outputs.get(p)!.find((o) => o.done)?.done;
  const violations = (p: number) => outputs.get(p)!.flatMap((o) => o.violations);
  return { rounds, done, violations, take, run };
}

describe('commit-reveal round', () => {
  for (const n of [2, 3, 4, 5, 6]) {
    it(`${n} peers commit, reveal and all learn every value`, () => {
      const { done, violations } = runRound(n);
      for (let p = 0; p < n; p++) {
        expect(violations(p)).toEqual([]);
        expect([...done(p)!.values]).toEqual(Array.from({ length: n }, (_, q) => [q, { orders: [{ move: q }] }]));
        expect(done(p)!.missing).toEqual([]);
      }
    });
  }

  it('nobody reveals before every commitment is in', () => {
    const round = new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players: [0, 1], me: 0 });
    const out = round.commit(3);
    expect(out.send.map((m) => m.command)).toEqual(['secret_commit']);
    expect(round.waitingFor()).toEqual([1]);
  });

  it('a reveal that does not match its commitment names only its author', () => {
    const cheat = (p: number, m: CommitMessage): CommitMessage[] =>
      p === 1 && m.command === 'secret_reveal' ? [{ ...m, payload: { ...m.payload, value: { orders: [] } } }] : [m];
    const { done, violations } = runRound(3, { cheat });
    for (const p of [0, 2]) {
      expect(violations(p).map((v) => [v.player, v.reason])).toEqual([
        [1, 'revealed a risc-orders that does not match its commitment'],
      ]);
      expect(JSON.parse(violations(p)[0]!.evidence)).toHaveProperty('reveal');
      expect([...done(p)!.values.keys()]).toEqual([0, 2]);
      expect(done(p)!.missing).toEqual([1]);
    }
  });

  it('a second commitment is named; a copied commitment and a reveal before its commitment are no proof', () => {
    const { rounds } = runRound(1 + 2, { silent: 2 });
    const r0 = rounds.get(0)!;
    const context = (player: number) => ({ gameId: 'g', purpose: 'capital', round: 0, player });
    const commitOf = (player: number, commitment: string): SecretCommit => ({
      command: 'secret_commit',
      player_id: player,
      payload: { purpose: 'capital', round: 0, commitment },
    });
    const revealOf = (player: number, value: number) => ({
      command: 'secret_reveal' as const,
      player_id: player,
      payload: { purpose: 'capital', round: 0, value, salt: saltHex },
    });

    // Player 2 races a copy of player 1's commitment ahead of the original: nobody is named then
    // (which came first proves nothing); the copier cannot open it and is named at its reveal.
    const c1 = secretCommitment(5, salt, context(1));
    const raced = new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players: [0, 1, 2], me: 0 });
    raced.commit(9);
    expect(raced.receive(2, commitOf(2, c1)).violations).toEqual([]);
    expect(raced.receive(1, commitOf(1, c1)).violations).toEqual([]);
    expect(raced.receive(1, revealOf(1, 5)).violations).toEqual([]);
    expect(raced.receive(2, revealOf(2, 5)).violations.map((v) => v.reason)).toEqual([
      'revealed a capital that does not match its commitment',
    ]);
    expect(raced.waitingFor()).toEqual([]);

    const twice = new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players: [0, 1], me: 0 });
    twice.commit(5);
    twice.receive(1, commitOf(1, 'aa'.repeat(32)));
    const second = twice.receive(1, commitOf(1, 'bb'.repeat(32)));
    expect(second.violations.map((v) => v.reason)).toEqual(['sent two different commitments for capital round 0']);

    // A reveal ahead of its commitment (handed on by another peer, or reordered by its author) is
    // held: the round finishes once the commitment comes.
    const early = new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players: [0, 1], me: 0 });
    early.commit(7);
    const ahead = early.receive(1, revealOf(1, 5));
    expect(ahead.violations).toEqual([]);
    expect(early.waitingFor()).toEqual([1]);
    const late = early.receive(1, commitOf(1, secretCommitment(5, salt, context(1))));
    expect(late.violations).toEqual([]);
    expect(late.done?.values.get(1)).toBe(5);
    // A held reveal that does not open the commitment that comes is named as such.
    const wrong = new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players: [0, 1], me: 0 });
    wrong.commit(7);
    wrong.receive(1, revealOf(1, 6));
    expect(
      wrong.receive(1, commitOf(1, secretCommitment(5, salt, context(1)))).violations.map((v) => v.reason),
    ).toEqual(['revealed a capital that does not match its commitment']);
    expect(r0.waitingFor()).toEqual([2]);
  });

  it('a player that leaves (times out) is passed over; the others finish', () => {
    const { rounds, done, take, run } = runRound(3, { silent: 2 });
    expect(done(0)).toBeUndefined();
    for (const p of [0, 1]) take(p, rounds.get(p)!.leave(2));
    run();
    for (const p of [0, 1]) {
      expect([...done(p)!.values]).toEqual([
        [0, { orders: [{ move: 0 }] }],
        [1, { orders: [{ move: 1 }] }],
      ]);
      expect(done(p)!.missing).toEqual([2]);
    }
  });

  it('a game-level check refuses an illegal value and names the revealer', () => {
    const round = new CommitRound({
      gameId: 'g',
      purpose: 'capital',
      round: 0,
      players: [0, 1],
      me: 0,
      validate: (_p, v) =>
        typeof v === 'number' && v < 42 ? { ok: true } : { ok: false, reason: `no territory ${String(v)}` },
    });
    round.commit(3);
    const c = secretCommitment(99, salt, { gameId: 'g', purpose: 'capital', round: 0, player: 1 });
    round.receive(1, {
      command: 'secret_commit',
      player_id: 1,
      payload: { purpose: 'capital', round: 0, commitment: c },
    });
    const out = round.receive(1, {
      command: 'secret_reveal',
      player_id: 1,
      payload: { purpose: 'capital', round: 0, value: 99, salt: saltHex },
    });
    expect(out.violations.map((v) => v.reason)).toEqual(['revealed an invalid capital: no territory 99']);
    expect(out.done).toEqual({ values: new Map([[0, 3]]), missing: [1] });
  });
});

describe('commit-reveal round: every reveal names the commitments its revealer holds', () => {
  const players = [0, 1, 2];
  const context = (player: number) => ({ gameId: 'g', purpose: 'capital', round: 0, player });
  const commitOf = (player: number, territory: number): SecretCommit => ({
    command: 'secret_commit',
    player_id: player,
    payload: { purpose: 'capital', round: 0, commitment: secretCommitment({ territory }, salt, context(player)) },
  });
  const revealOf = (player: number, territory: number, held: SecretCommit[]): CommitMessage => ({
    command: 'secret_reveal',
    player_id: player,
    payload: {
      purpose: 'capital',
      round: 0,
      value: { territory },
      salt: saltHex,
      commitments: held.map((c) => [c.player_id, c.payload.commitment] as [number, string]),
    },
  });

  /** Player 2 commits to capital 7 for player 0 and to capital 8 for player 1, and reveals to match. */
  function splitRound() {
    const rounds = [0, 1].map((me) => new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players, me }));
    const own = rounds.map((r, me) => r.commit({ territory: me }).send[0] as SecretCommit);
    const forged = [commitOf(2, 7), commitOf(2, 8)];
    const outputs: CommitRoundOutput[][] = [[], []];
    for (const me of [0, 1]) {
      outputs[me]!.push(rounds[me]!.receive(1 - me, own[1 - me]!));
      outputs[me]!.push(rounds[me]!.receive(2, forged[me]!));
    }
    const reveals = outputs.map((out) => out.flatMap((o) => o.send).find((m) => m.command === 'secret_reveal')!);
    for (const me of [0, 1]) {
      outputs[me]!.push(rounds[me]!.receive(1 - me, reveals[1 - me]!));
      const held = [own[0]!, own[1]!, forged[me]!].sort((a, b) => a.player_id - b.player_id);
      outputs[me]!.push(rounds[me]!.receive(2, revealOf(2, 7 + me, held)));
    }
    return { rounds, outputs, forged };
  }

  it('a player that signed two commitments holds the round until each peer has seen both; then it goes without it', () => {
    const { rounds, outputs, forged } = splitRound();
    for (const me of [0, 1]) {
      expect(outputs[me]!.some((o) => o.done)).toBe(false);
      // Each honest peer disputes the other's reveal (and shows it the commitments it holds), and waits on it.
      expect(outputs[me]!.flatMap((o) => o.disputes ?? [])).toEqual([1 - me]);
      expect(rounds[me]!.waitingFor()).toEqual([1 - me]);
      const shown = rounds[me]!.receive(2, forged[1 - me]!);
      expect(shown.violations).toMatchObject([
        { player: 2, reason: 'sent two different commitments for capital round 0', earlier: 'secret_commit' },
      ]);
      expect(shown.done).toEqual({
        values: new Map([
          [0, { territory: 0 }],
          [1, { territory: 1 }],
        ]),
        missing: [2],
      });
    }
  });

  it('a reveal naming a second list of commitments is proof; its lists stop counting and its value counts', () => {
    const round = new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players: [0, 1], me: 0 });
    const mine = round.commit({ territory: 0 }).send[0] as SecretCommit;
    const theirs = commitOf(1, 5);
    round.receive(1, theirs);
    const wrong = revealOf(1, 5, [mine, commitOf(1, 6)]);
    expect(round.receive(1, wrong).done).toBeUndefined();
    expect(round.waitingFor()).toEqual([1]);
    const second = round.receive(1, revealOf(1, 5, [mine, theirs]));
    expect(second.violations).toMatchObject([
      { player: 1, reason: 'named two different sets of commitments in capital round 0', earlier: 'secret_reveal' },
    ]);
    expect(second.done?.values).toEqual(
      new Map([
        [0, { territory: 0 }],
        [1, { territory: 5 }],
      ]),
    );
  });

  it('an observer (no seat in the round) checks every line and learns every value', () => {
    const watcher = new CommitRound({ gameId: 'g', purpose: 'capital', round: 0, players: [0, 1], me: null });
    const commits = [commitOf(0, 3), commitOf(1, 4)];
    for (const c of commits) expect(watcher.receive(c.player_id, c).send).toEqual([]);
    watcher.receive(0, revealOf(0, 3, commits));
    const out = watcher.receive(1, revealOf(1, 4, commits));
    expect(out.done?.values).toEqual(
      new Map([
        [0, { territory: 3 }],
        [1, { territory: 4 }],
      ]),
    );
    expect(() => watcher.commit({ territory: 1 })).toThrow(/observer/);
  });
});

describe('secret message schemas', () => {
  it('accept the canonical forms and name the bad field', () => {
    expect(
      parseSecretMessage({
        command: 'secret_commit',
        player_id: 1,
        payload: { purpose: 'capital', round: 0, commitment: 'AB'.repeat(32) },
      }),
    ).toEqual({
      ok: true,
      message: {
        command: 'secret_commit',
        player_id: 1,
        payload: { purpose: 'capital', round: 0, commitment: 'ab'.repeat(32) },
      },
    });
    expect(
      parseSecretMessage({
        command: 'secret_commit',
        player_id: 1,
        payload: { purpose: 'capital', round: 0, commitment: 'ab' },
      }),
    ).toEqual({
      ok: false,
      reason: 'secret_commit.payload.commitment: expected a SHA-256 hash: 64 hex digits',
    });
    expect(
      parseSecretMessage({
        command: 'deal_shuffle',
        player_id: 0,
        payload: { deal: 0, prev: '00'.repeat(32), key: '11', deck: [], proof: {} },
      }),
    ).toMatchObject({ ok: false });
    expect(
      parseSecretMessage({
        command: 'deal_unlock',
        player_id: 0,
        payload: { deal: 0, prev: '00'.repeat(32), cards: [], extra: 1 },
      }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/^deal_unlock\.payload/) });
    expect(parseSecretMessage({ command: 'nope' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/expected one of secret_commit/),
    });
    expect(parseSecretMessage([])).toEqual({ ok: false, reason: 'message: expected a JSON object' });
  });

  it('bound a revealed value: over 64 KiB of JSON is refused', () => {
    const big = {
      command: 'secret_reveal',
      player_id: 0,
      payload: { purpose: 'risc-orders', round: 1, value: 'x'.repeat(70_000), salt: saltHex },
    };
    expect(parseSecretMessage(big)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/at most 65536 are allowed/),
    });
  });
});
