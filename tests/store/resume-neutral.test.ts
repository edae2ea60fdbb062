// Resume with a player made neutral before the stop (protocol-spec/resume.md, Steps 4): the common
// point is found among the players still in the game there, so a caught rogue, a player voted out
// for silence or one that left need not hold the game as far as the others (its store stops about
// where it was made neutral). Here on made-up histories over in-memory links: honest peers a point
// apart around the neutralisation, the neutral player absent, present with an old state, or forging one.

import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../src/net/link.js';
import { memoryMesh } from '../../src/net/memory.js';
import { resumePoint, type Statement } from '../../src/protocol/resume.js';
import { type Keyring, lineDigest, seal, unseal } from '../../src/protocol/signing.js';
import { type History, negotiateResume, type Resumed } from '../../src/sessions/resume.js';
import { settleOnClock } from '../support/fake-clock.js';
import { checkedOnce } from '../support/signature-cache.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const PLAYERS = 4;
const ROGUE = 3;
/** The one history every honest peer holds: its resume hash at each point. */
const hashAt = (point: number) => point.toString(16).padStart(64, 'a');
/** Player 3 is made neutral by entry 10: neutral from point 11 on. */
const NEUTRALISED = 11;

/** A history that stops at point `index`, with the hashes of its last `depth` points. */
function history(index: number, options: { depth?: number; hash?: (point: number) => string } = {}): History<string> {
  const points = Array.from({ length: Math.min(options.depth ?? 4, index + 1) }, (_, k) => index - k).reverse();
  return {
    index,
    states: points.map((p) => `state at ${p}`),
    hashes: points.map(options.hash ?? hashAt),
    neutralSince: Array.from({ length: PLAYERS }, (_, p) => (p === ROGUE && index >= NEUTRALISED ? NEUTRALISED : null)),
  };
}

const settle = <T>(promises: Promise<T>[]) => settleOnClock(promises);

/**
 * Every present seat negotiates over a fresh mesh without links to the absent ones, `host` offering;
 * seat p's stored history is `histories[p]`. A seat's links may be rewritten (`speak`).
 */
async function resume(
  histories: readonly History<string>[],
  options: {
    absent?: readonly number[];
    host?: number;
    speak?: (me: number, links: Map<number, Link>, keyring: Keyring) => Map<number, Link>;
  } = {},
): Promise<(Resumed<string> | null)[]> {
  const mesh = await memoryMesh(PLAYERS, 7, checkedOnce());
  const absent = new Set(options.absent ?? []);
  const host = options.host ?? 0;
  const offer = {
    game_id: 'neutral-game',
    session_id: 'neutral-game.r1',
    players: mesh.peerIds.map((peer_id, id) => ({ id, name: `p${id}`, peer_id })),
  };
  const seats = [...Array(PLAYERS).keys()].filter((p) => !absent.has(p));
  const verdicts = await settle(
    seats.map((me) => {
      const links = new Map([...mesh.links[me]!].filter(([p]) => !absent.has(p)));
      return negotiateResume<string>({
        me,
        host,
        links: options.speak?.(me, links, mesh.keyrings[me]!) ?? links,
        keyring: mesh.keyrings[me]!,
        ...(me === host ? { offer } : {}),
        lookup: () => ({ ok: true, history: histories[me]! }),
        timeoutMs: 10_000,
      });
    }),
  );
  return [...Array(PLAYERS).keys()].map((p) => (absent.has(p) ? null : verdicts[seats.indexOf(p)]!));
}

const honest = [0, 1, 2];
const outcome = (v: Resumed<string> | null) => (v === null ? 'absent' : v.ok ? `resumed at ${v.index}` : v.reason);

describe('resume with a player made neutral before the stop', { timeout: 60_000 }, () => {
  it('goes on without the neutral player, absent from the new session, from where the others agree', async () => {
    const verdicts = await resume([history(12), history(13), history(12), history(9)], { absent: [ROGUE] });
    expect(honest.map((p) => outcome(verdicts[p]!))).toEqual(['resumed at 12', 'resumed at 12', 'resumed at 12']);
    const first = verdicts[0]!;
    expect(first.ok && first.state).toBe('state at 12');
    expect(first.ok && first.required).toEqual(honest);
  });

  it('ignores the state of a neutral player present with an old one, or a forged one; it resumes only if it holds the agreed state', async () => {
    const old = await resume([history(12), history(13), history(12), history(9)]);
    expect(honest.map((p) => outcome(old[p]!))).toEqual(['resumed at 12', 'resumed at 12', 'resumed at 12']);
    // (Its own store does not say it is neutral: it needs the others back at 9.)
    expect(outcome(old[ROGUE]!)).toMatch(/moves ahead of player 3, whose stored game stops at move 9/);
    // Forged: ahead of everyone, with hashes nobody holds; early: far behind.
    const forged = history(14, { hash: (p) => p.toString(16).padStart(64, 'f') });
    const ahead = await resume([history(12), history(13), history(12), forged]);
    expect(honest.map((p) => outcome(ahead[p]!))).toEqual(['resumed at 12', 'resumed at 12', 'resumed at 12']);
    expect(outcome(ahead[ROGUE]!)).toMatch(/differs from the others' at move 12/);
    const early = await resume([history(12), history(13), history(12), history(2)]);
    expect(honest.map((p) => outcome(early[p]!))).toEqual(['resumed at 12', 'resumed at 12', 'resumed at 12']);
    // A neutral player whose store holds the agreed state starts from it too (it plays nothing).
    const along = await resume([history(12), history(13), history(12), history(12)]);
    expect(along.map((v) => outcome(v))).toEqual(['resumed at 12', 'resumed at 12', 'resumed at 12', 'resumed at 12']);
  });

  it('ignores a refusal, or two statements, from a player neutral at the common point', async () => {
    // A refusal and another history before its own: neither counts.
    const twice = await resume([history(12), history(13), history(12), history(9)], {
      speak: (me, links, keyring) => (me === ROGUE ? restates(me, links, keyring) : links),
    });
    expect(honest.map((p) => outcome(twice[p]!))).toEqual(['resumed at 12', 'resumed at 12', 'resumed at 12']);
    // The same from a player still in the game fails the resume at every other peer: three statements
    // (a refusal, two histories) are two too many, whichever two a peer took (resume-rounds.ts).
    const active = await resume([history(12), history(13), history(12), history(9)], {
      speak: (me, links, keyring) => (me === 2 ? restates(me, links, keyring) : links),
    });
    for (const p of [0, 1, ROGUE]) expect(outcome(active[p]!)).toBe('player 2 stated its history twice');
  });

  it('is hosted by a seat other than 0 when player 0 is the neutral one', async () => {
    const neutralZero = (index: number): History<string> => ({
      ...history(index),
      neutralSince: [index >= NEUTRALISED ? NEUTRALISED : null, null, null, null],
    });
    const verdicts = await resume([neutralZero(9), neutralZero(12), neutralZero(13), neutralZero(12)], {
      absent: [0],
      host: 1,
    });
    expect([1, 2, 3].map((p) => outcome(verdicts[p]!))).toEqual(['resumed at 12', 'resumed at 12', 'resumed at 12']);
  });

  // One honest peer applied the neutralisation (point 11), another stopped just before it (point 10).
  it('brings honest peers a point apart around the neutralisation to one verdict', async () => {
    const apart = [history(11), history(10), history(11)];
    // The rogue away: the peer at 10 needs its state there, and so does the one at 11 once it goes back to 10.
    const away = await resume([...apart, history(9)], { absent: [ROGUE] });
    expect(new Set(honest.map((p) => outcome(away[p]!)))).toEqual(
      new Set(['player 3 is not in this session, and it is still in the game']),
    );
    // The rogue back with its state at 10: everyone goes on from 10, the rogue in the game again.
    const back = await resume([...apart, history(10)]);
    expect(back.map((v) => outcome(v))).toEqual(['resumed at 10', 'resumed at 10', 'resumed at 10', 'resumed at 10']);
    expect(back[0]!.ok && back[0]!.required).toEqual([0, 1, 2, 3]);
    // The rogue back with an older state: too far for the peers ahead, for everyone.
    const behind = await resume([...apart, history(5)]);
    for (const p of honest)
      expect(outcome(behind[p]!)).toMatch(/moves ahead of player 3, whose stored game stops at move 5/);
  });

  it('finds one common point from any honest start (the greatest fixpoint), whatever the others state', () => {
    // Players 3 and 4 are made neutral at points 20 and 22 (neutral from 21, 23); honest 0–2 stop at 19–24.
    const since = [null, null, null, 21, 23];
    const active = (point: number) => [0, 1, 2, 3, 4].filter((p) => since[p] === null || since[p]! > point);
    const stated = (index: number): Statement => {
      const depth = Math.min(4, index + 1);
      return { index, hashes: Array.from({ length: depth }, (_, k) => hashAt(index - depth + 1 + k)) };
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 19, max: 24 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 30 })), { minLength: 2, maxLength: 2 }),
        (honestAt, neutralAt) => {
          const statements = new Map<number, Statement>(honestAt.map((index, p) => [p, stated(index)]));
          neutralAt.forEach((index, k) => index !== null && statements.set(3 + k, stated(index)));
          const verdicts = honestAt.map((latest) => {
            const v = resumePoint(statements, latest, active);
            // (Waiting ends in a failure: a timeout, or a missing player's link.)
            return 'ok' in v && v.ok ? `at ${v.index} after ${v.required}` : 'fails';
          });
          expect(new Set(verdicts).size).toBe(1);
          // Where every honest player holds the last neutralisation, the neutral players' statements do not count.
          if (Math.min(...honestAt) >= 23) expect(verdicts[0]).toBe(`at ${Math.min(...honestAt)} after 0,1,2`);
        },
      ),
      { seed: 5, numRuns: 500 },
    );
  });
});

/** A player's links that, before its resume_state, refuse and state another history (both signed). */
function restates(me: number, links: Map<number, Link>, keyring: Keyring): Map<number, Link> {
  const session = 'neutral-game.r1';
  const signed = (message: object) => {
    const inner = JSON.stringify(message);
    return seal(inner, me, keyring.sign(lineDigest(session, inner)));
  };
  const again = signed({
    command: 'resume_state',
    payload: { session_id: session, index: 8, hashes: [hashAt(8)] },
    player_id: me,
  });
  const refuse = signed({ command: 'resume_refuse', payload: { session_id: session, reason: 'no' }, player_id: me });
  const sent = new Set<number>();
  return new Map(
    [...links].map(([p, link]) => [
      p,
      {
        ...link,
        get closed() {
          return link.closed;
        },
        send: (line: string) => {
          if (line.includes('resume_state') && unseal(line)?.by === me && !sent.has(p)) {
            sent.add(p);
            link.send(refuse);
            link.send(again);
          }
          link.send(line);
        },
      },
    ]),
  );
}
