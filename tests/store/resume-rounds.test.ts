// The resume's agreement in rounds (protocol-spec/resume.md, Agreement in rounds) against a rogue
// that signs two statements, one to some honest peers and another to the rest, or speaks late, or
// hands on its statement with forged co-signatures: every honest peer reaches the same verdict,
// and a failure names the rogue alone. On in-memory links and fake timers, with made-up histories.
// (Before the rounds, the peer that held every statement first resumed and another failed, or
// resumed from another point: the resumed ones then voted the failed honest peer out.)

import { hash as digestOf } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../src/net/link.js';
import { memoryMesh } from '../../src/net/memory.js';
import { lineDigest, seal } from '../../src/protocol/signing.js';
import { type History, negotiateResume, type Resumed } from '../../src/sessions/resume.js';
import { comparingHistories } from '../../src/sessions/resume-net.js';
import { settleOnClock } from '../support/fake-clock.js';
import { checkedOnce } from '../support/signature-cache.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const SESSION = 'rounds-game.r1';
/** With this handshake timeout the rounds are L = 5 000 ms and Δ = 2 000 ms (the defaults: timeout / 2, timeout / 5). */
const TIMEOUT_MS = 10_000;
/** The one history every honest peer holds: its resume hash at each point. */
const hashAt = (point: number) => point.toString(16).padStart(64, 'a');
const forgedAt = (point: number) => point.toString(16).padStart(64, 'f');

function history(players: number, index: number): History<string> {
  const points = [index - 3, index - 2, index - 1, index];
  return {
    index,
    states: points.map((p) => `state at ${p}`),
    hashes: points.map(hashAt),
    neutralSince: Array.from({ length: players }, () => null),
  };
}

const settle = <T>(promises: Promise<T>[]) => settleOnClock(promises);

/** What the rogue can write: its own signed lines, and co-signatures it claims from others. */
interface RogueKit {
  /** Its resume_state at `index` (hashes of the last four points). */
  state(index: number, hash?: (point: number) => string): string;
  refuse(reason: string): string;
  /** A resume_relay of `statement` (a line it sealed), with these co-signatures. */
  relay(statement: string, signers: readonly { player: number; sig: string }[]): string;
  /** A co-signature of `statement` made with the rogue's own key: forged, whoever it names. */
  forgedCoSignature(statement: string): string;
  /** A resume_game offer of this session, seat 0 named `name0`. */
  offer(name0?: string): string;
}
/** The rogue sends `line` to the players `to`, `at` ms after the start (the host's offer leaves at 0). */
interface Send {
  readonly at: number;
  readonly to: readonly number[];
  readonly line: string;
}

/**
 * `players` seats, all present, none neutral; every one but `rogue` runs the handshake (player 0
 * hosts it: a rogue player 0 offers only as `script` says) from the same history at point 12; the
 * rogue sends only what `script` says. Honest
 * lines may be delayed (`delay`, per line, in order on each link).
 */
async function run(
  players: number,
  rogue: number,
  script: (kit: RogueKit) => readonly Send[],
  delay?: () => number,
): Promise<string[]> {
  const mesh = await memoryMesh(players, 11, checkedOnce());
  const keyring = mesh.keyrings[rogue]!;
  const sealed = (message: object) => {
    const inner = JSON.stringify(message);
    return seal(inner, rogue, keyring.sign(lineDigest(SESSION, inner)));
  };
  const offer = {
    game_id: 'rounds-game',
    session_id: SESSION,
    players: mesh.peerIds.map((peer_id, id) => ({ id, name: `p${id}`, peer_id })),
  };
  const innerOf = (line: string) => (JSON.parse(line) as { signed: string }).signed;
  const relayDigest = (statement: string) =>
    digestOf('sha256', `p2p-risk/resume-relay|${SESSION}|${digestOf('sha256', innerOf(statement), 'hex')}`, 'buffer');
  const kit: RogueKit = {
    state: (index, hash = hashAt) =>
      sealed({
        command: 'resume_state',
        payload: { session_id: SESSION, index, hashes: [index - 3, index - 2, index - 1, index].map(hash) },
        player_id: rogue,
      }),
    refuse: (reason) =>
      sealed({ command: 'resume_refuse', payload: { session_id: SESSION, reason }, player_id: rogue }),
    relay: (statement, signers) =>
      sealed({
        command: 'resume_relay',
        payload: { session_id: SESSION, line: statement, signers },
        player_id: rogue,
      }),
    forgedCoSignature: (statement) => keyring.sign(relayDigest(statement)),
    offer: (name0 = 'p0') =>
      sealed({
        command: 'resume_game',
        payload: { ...offer, players: offer.players.map((p) => (p.id === 0 ? { ...p, name: name0 } : p)) },
        player_id: rogue,
      }),
  };
  for (const send of script(kit))
    setTimeout(() => {
      for (const p of send.to) mesh.links[rogue]!.get(p)!.send(send.line);
    }, send.at);
  const honest = [...Array(players).keys()].filter((p) => p !== rogue);
  const verdicts = await settle(
    honest.map((me) => {
      const links = new Map([...mesh.links[me]!].map(([p, link]) => [p, delay ? delayed(link, delay) : link]));
      return negotiateResume<string>({
        me,
        links,
        keyring: mesh.keyrings[me]!,
        ...(me === 0 ? { offer } : {}),
        lookup: () => ({ ok: true, history: history(players, 12) }),
        timeoutMs: TIMEOUT_MS,
      });
    }),
  );
  return verdicts.map(outcome);
}

const outcome = (v: Resumed<string>) => (v.ok ? `resumed at ${v.index} from ${v.state} (${v.hash})` : v.reason);
const every = (n: number, verdict: string) => Array.from({ length: n }, () => verdict);

/** A link whose lines arrive `delay()` ms late, in order. */
function delayed(link: Link, delay: () => number): Link {
  let last = 0;
  return {
    ...link,
    get closed() {
      return link.closed;
    },
    send: (line: string) => {
      last = Math.max(last, Date.now() + delay());
      setTimeout(() => link.send(line), last - Date.now());
    },
  };
}

describe('the resume agreed in rounds, against a rogue', { timeout: 120_000 }, () => {
  // Before the rounds: player 0 held every statement at 100 ms and resumed; player 1 read the other
  // one at 200 ms and failed ("differs"), or resumed from point 11.
  it.each([
    ['another history', (kit: RogueKit) => kit.state(12, forgedAt)],
    ['an earlier point', (kit: RogueKit) => kit.state(11)],
    ['a refusal', (kit: RogueKit) => kit.refuse('no such game here')],
  ])(
    '3 players: a rogue that states its history to one and %s to the other fails the resume at both',
    async (_, other) => {
      const verdicts = await run(3, 2, (kit) => [
        { at: 100, to: [0], line: kit.state(12) },
        { at: 200, to: [1], line: other(kit) },
      ]);
      expect(verdicts).toEqual(every(2, 'player 2 stated its history twice'));
    },
  );

  it.each([
    ['an earlier point', (kit: RogueKit) => kit.state(11)],
    ['a refusal', (kit: RogueKit) => kit.refuse('no such game here')],
  ])(
    '4 players: a rogue that states its history to two and %s to the third fails the resume at all three',
    async (_, other) => {
      const verdicts = await run(4, 3, (kit) => [
        { at: 100, to: [0, 1], line: kit.state(12) },
        { at: 200, to: [2], line: other(kit) },
      ]);
      expect(verdicts).toEqual(every(3, 'player 3 stated its history twice'));
    },
  );

  it('takes a statement sent to one peer alone in round 1 at every peer (handed on, co-signed)', async () => {
    const verdicts = await run(4, 3, (kit) => [{ at: 4900, to: [2], line: kit.state(12) }]);
    expect(verdicts).toEqual(every(3, `resumed at 12 from state at 12 (${hashAt(12)})`));
  });

  // Before the rounds: the peer that read the statement resumed there; the others timed out and failed.
  it.each([
    [3, 'in round 2, the last', 6500, [1]],
    [4, 'in round 2', 6000, [2]],
    [4, 'in round 3, the last', 8000, [2]],
    [4, 'to two peers in round 3, the last', 8000, [1, 2]],
  ])('%i players: a rogue that sends its statement late (%s) is silent at every peer', async (players, _, at, to) => {
    const rogue = players - 1;
    const verdicts = await run(players, rogue, (kit) => [{ at, to, line: kit.state(12) }]);
    expect(verdicts).toEqual(every(players - 1, `no answer in time from player ${rogue}`));
  });

  // Taken at player 0 alone, the forged relay would go on to player 2 with three signers (the rogue,
  // "player 1", player 0) and count there in round 2, not at player 1 (its own name is never counted):
  // two peers would resume, one would fail.
  it.each([
    ['a forged co-signature of player 1', (sig: string) => [{ player: 1, sig }]],
    // (Its own co-signature is good, but its author is one signer only.)
    ['its author among the co-signers', (sig: string) => [{ player: 3, sig }]],
  ])('drops a statement handed on with %s, and blames nobody for it', async (_, signers) => {
    const verdicts = await run(4, 3, (kit) => {
      const statement = kit.state(12);
      return [{ at: 6000, to: [0], line: kit.relay(statement, signers(kit.forgedCoSignature(statement))) }];
    });
    expect(verdicts).toEqual(every(3, 'no answer in time from player 3'));
  });

  // Before the rounds: player 1 failed at the offer that did not come from the host (or at the
  // host's second offer), after it had stated; player 0 (or 2) held every statement and resumed.
  it('takes no offer from another player than the host: every honest peer resumes', async () => {
    const verdicts = await run(3, 2, (kit) => [
      { at: 20, to: [1], line: kit.offer() },
      { at: 50, to: [0], line: kit.state(12) },
    ]);
    expect(verdicts).toEqual(every(2, `resumed at 12 from state at 12 (${hashAt(12)})`));
  });

  it('takes the first offer of a rogue host that makes two: every honest peer resumes', async () => {
    const verdicts = await run(3, 0, (kit) => [
      { at: 0, to: [1, 2], line: kit.offer() },
      { at: 5, to: [2], line: kit.offer('another name') },
      { at: 10, to: [1, 2], line: kit.state(12) },
    ]);
    expect(verdicts).toEqual(every(2, `resumed at 12 from state at 12 (${hashAt(12)})`));
  });

  it('tells the player how long the agreement takes: its rounds with three players or more, nothing with two', async () => {
    const { keyrings } = await memoryMesh(2, 11);
    const players = (n: number) => Array.from({ length: n }, (_, id) => ({ id, name: `p${id}`, peerId: `k${id}` }));
    expect(comparingHistories({ players: players(2), keyring: keyrings[0]! }, TIMEOUT_MS)).toBe(
      'comparing the stored histories',
    );
    // L + (m − 2)·Δ: 5 + 2 s for three, 5 + 4·2 s for six; the menu's 50-second timeout: 10 + 4 s.
    expect(comparingHistories({ players: players(3), keyring: keyrings[0]! }, TIMEOUT_MS)).toBe(
      'comparing the stored histories and agreeing on them with every other player (7 s)',
    );
    expect(comparingHistories({ players: players(6), keyring: keyrings[0]! }, TIMEOUT_MS)).toMatch(/\(13 s\)$/);
    expect(comparingHistories({ players: players(3), keyring: keyrings[0]! }, 50_000)).toMatch(/\(14 s\)$/);
    // Unsigned lines: no rounds.
    expect(comparingHistories({ players: players(3), keyring: null }, TIMEOUT_MS)).toBe(
      'comparing the stored histories',
    );
  });

  it('brings every honest peer to one verdict, whatever the rogue sends when, and whatever honest delays', async () => {
    const kinds = ['true', 'forged', 'earlier', 'refuse', 'forged relay'] as const;
    const send = (players: number) =>
      fc.record({
        // Mostly close together, where a statement handed on comes after the other one reached a peer.
        at: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 9500 })),
        to: fc.subarray([...Array(players - 1).keys()], { minLength: 1 }),
        kind: fc.constantFrom(...kinds),
      });
    const scenario = fc.integer({ min: 3, max: 4 }).chain((players) =>
      fc.record({
        players: fc.constant(players),
        sends: fc.array(send(players), { maxLength: 4 }),
        delays: fc.array(fc.integer({ min: 0, max: 800 }), { minLength: 64, maxLength: 64 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ players, sends, delays }) => {
        const rogue = players - 1;
        let k = 0;
        const verdicts = await run(
          players,
          rogue,
          (kit) =>
            sends.map(({ at, to, kind }) => {
              const line =
                kind === 'true'
                  ? kit.state(12)
                  : kind === 'forged'
                    ? kit.state(12, forgedAt)
                    : kind === 'earlier'
                      ? kit.state(11)
                      : kind === 'refuse'
                        ? kit.refuse('no')
                        : kit.relay(kit.state(12), [{ player: 0, sig: kit.forgedCoSignature(kit.state(12)) }]);
              return { at, to, line };
            }),
          () => delays[k++ % delays.length]!,
        );
        // One verdict at every honest peer; a failure names the rogue, and no honest player.
        expect(new Set(verdicts).size).toBe(1);
        const verdict = verdicts[0]!;
        if (verdict.startsWith('resumed')) return;
        const names = [...verdict.matchAll(/player (\d+)/g)].map((m) => Number(m[1]));
        expect(names[0]).toBe(rogue);
        expect(verdict).toMatch(
          new RegExp(
            `^(player ${rogue} stated its history twice|no answer in time from player ${rogue}|player ${rogue} cannot resume: no|player ${rogue}'s stored game differs from player 0's at move 12: not the same history)$`,
          ),
        );
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});
