// A Secret Mission game rejoined from the game store (rejoinFromStore, what `risk bot join --rejoin`
// and the menu do): three stored peers on in-memory links and fake timers; peer 2's process dies
// mid-game and comes back with its key and store, which rebuild its mission deal before it dials
// anyone (its stored deal step holds its own mission, the others' records none). All three play on
// to one winner; every record audits clean.
import { createHash } from 'node:crypto';
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { verifyTranscript } from '../../src/audit/verify.js';
import { featuresFrom, NATIVE_FEATURES, type SessionResult } from '../../src/core/contract.js';
import { stateHash } from '../../src/core/native/hashes.js';
import type { Link } from '../../src/net/link.js';
import { memoryLinkPair, memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import { MeshSession } from '../../src/sessions/mesh-session.js';
import { rejoinFromStore } from '../../src/sessions/rejoin-net.js';
import { storeSession, teeRecorder } from '../../src/store/recorder.js';
import type { GameStore } from '../../src/store/store.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { withSend } from '../controller/mesh-game.js';
import { checkedOnce } from '../support/signature-cache.js';
import { auditExported, openStore } from './helpers.js';

const SEED = 5;
const R = 2;
const GAME = 'mission-rejoin';
const rules = { variant: 'mission' as const };
const features = featuresFrom([...NATIVE_FEATURES]);
const seat = (me: number) =>
  botSeat(createBot('normal', seededDice(SEED * 100 + me)), seededDice(SEED * 1000 + me), { deadlineMs: 60_000 });
const numbers = (me: number, tag: string) => {
  let n = 0;
  return () => Uint8Array.from(createHash('sha256').update(`${me} ${tag} ${n++}`).digest());
};

let store: GameStore;
beforeEach(() => {
  store = openStore(':memory:');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  store.close();
});

async function runUntil(until: () => boolean, maxMs: number) {
  const started = Date.now();
  for (let step = 0; step < 200_000 && !until() && Date.now() - started < maxMs; step++)
    await vi.advanceTimersByTimeAsync(50);
}

describe('a Secret Mission game rejoined from the store', { timeout: 600_000 }, () => {
  it('rebuilds the seat’s mission deal from its store; all three finish on one winner, every record clean', async () => {
    const mesh = await memoryMesh(3, SEED, checkedOnce());
    const players = mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId }));
    const stored = players.map((_, me) =>
      storeSession(store, {
        kind: 'bot',
        gameId: GAME,
        me,
        features,
        rules,
        players: players.map((p) => ({ ...p, botKind: 'normal' })),
      }),
    );
    const records = players.map(() => memoryRecorder());
    const results: (SessionResult | null)[] = [null, null, null];
    let dropped = false;
    let acks = 0;
    const sessions: MeshSession[] = players.map((_, me) => {
      let links = mesh.links[me]!;
      if (me === R) {
        // Peer R's process dies right after its 60th acknowledgement: nothing later leaves it.
        links = new Map(
          [...links].map(([to, link]) => [
            to,
            withSend(link, (line) => {
              if (dropped) return;
              link.send(line);
              if (line.includes('\\"command\\":\\"acknowledgement\\"') && ++acks === 2 * 60) {
                dropped = true;
                queueMicrotask(() => {
                  sessions[R]!.stop();
                  for (const l of mesh.links[R]!.values()) l.close();
                });
              }
            }),
          ]),
        );
      }
      const session = new MeshSession({
        me,
        players,
        links,
        seat: seat(me),
        gameId: GAME,
        features,
        rules,
        keyring: mesh.keyrings[me]!,
        ackTimeoutMs: 10_000,
        moveTimeoutMs: 20_000,
        secretNumbers: numbers(me, 'first'),
        recorder: teeRecorder(stored[me]!.recorder, records[me]!),
        history: () => records[me]!.lines.filter((l) => l.dir === 'in' || l.dir === 'out').map((l) => l.raw),
      });
      void session.run().then((r) => {
        results[me] = r;
        if (me !== R) stored[me]!.finish(r);
      });
      return session;
    });
    await runUntil(() => dropped, 600_000);
    expect(dropped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    const own = sessions[R]!.current.missions[R];
    expect(own).not.toBeNull();

    // R comes back with its key and its store; each address names the other player to dial.
    const privateKey = await generateKeyPairFromSeed(
      'Ed25519',
      createHash('sha256').update(`memory-mesh ${SEED} ${R}`).digest(),
    );
    const endpoint = {
      peerId: mesh.peerIds[R]!,
      privateKey,
      dial: async (address: string): Promise<{ ok: true; link: Link } | { ok: false; reason: string }> => {
        const other = Number(address);
        const [atOther, atR] = memoryLinkPair(mesh.peerIds[other]!, mesh.peerIds[R]!);
        const accepted = sessions[other]!.rejoinLink(R, atOther);
        return accepted.ok ? { ok: true, link: atR } : accepted;
      },
    };
    let answer: Awaited<ReturnType<typeof rejoinFromStore>> | undefined;
    const pending = rejoinFromStore(store, `${GAME}-p${R}`, endpoint, ['0', '1'], 5_000).then((a) => (answer = a));
    await runUntil(() => answer !== undefined, 60_000);
    await pending;
    if (!answer!.ok) throw new Error(answer!.reason);
    const rejoined = answer!.rejoined;
    expect(rejoined.rejoin.missionDeal?.card).toBeDefined();

    const record = memoryRecorder();
    const back = new MeshSession({
      me: R,
      players,
      links: rejoined.links,
      seat: seat(R),
      gameId: rejoined.gameId,
      features: featuresFrom(rejoined.features),
      rules: rejoined.rules,
      keyring: rejoined.keyring,
      ackTimeoutMs: rejoined.ackTimeoutMs,
      moveTimeoutMs: rejoined.moveTimeoutMs,
      secretNumbers: numbers(R, 'again'),
      recorder: teeRecorder(rejoined.recorder, record),
      rejoin: rejoined.rejoin,
    });
    // Its own mission, and only that, is known again where it goes on.
    expect(back.current.missions[R]).toBe(own);
    let backResult: SessionResult | null = null;
    void back.run().then((r) => {
      backResult = r;
      rejoined.finish(r);
    });
    await runUntil(() => results[0] !== null && results[1] !== null && backResult !== null, 3_600_000);
    for (const s of [...sessions, back]) s.stop();
    const finals = [results[0]!, results[1]!, backResult!];
    for (const r of finals) expect(r, 'a peer did not finish').not.toBeNull();
    const winner = finals[0]!.winner;
    expect(winner).not.toBeNull();
    for (const r of finals) {
      expect(['conquest', 'forfeit']).toContain(r.outcome);
      expect(r.winner).toBe(winner);
      expect(stateHash(r.state)).toBe(stateHash(finals[0]!.state));
      expect(r.state.players[R]!.neutral).toBe(false);
    }
    // The game was won by a claimed mission, checked by all three.
    for (const r of finals) expect(r.state.missionsRevealed[winner!]).toBe(true);
    for (const lines of [records[0]!.lines, records[1]!.lines, record.lines]) {
      const audit = verifyTranscript(lines, { lenient: false });
      expect(audit.violations).toEqual([]);
      expect(audit.state!.winner).toBe(winner);
    }
    // R's stored game is brought to the end too, and exports as its record of the whole game
    // (the history it took back, then its own lines), which audits clean to the winner.
    const found = store.find(`${GAME}-p${R}`);
    expect(found.ok && found.game.status).toBe('finished');
    if (!found.ok) return;
    const audit = auditExported(store, found.game).report;
    expect(audit.violations).toEqual([]);
    expect(audit.truncated).toBe(false);
    expect(audit.state!.winner).toBe(winner);
  });
});
