// A Secret Mission game's deal rebuilt from a record (core/native/mission-deal.ts), as a resume or a rejoin
// does: three drivers deal as in play, each recording its sealed lines and the secret numbers it
// noted; a seat's driver rebuilt from its record claims its card, and the live drivers (and an
// observer rebuilt from another record) accept the proof. Tampered or incomplete records are refused.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dealRecordOf, restoreMissionDeal } from '../../src/core/native/mission-deal.js';
import { randomFrom } from '../../src/core/native/secrets.js';
import { memoryMesh } from '../../src/net/memory.js';
import { bytesToHex } from '../../src/protocol/commitment.js';
import { DealDriver, type DealOutput } from '../../src/protocol/secret-deal.js';
import type { DealMessage } from '../../src/protocol/secret-messages.js';
import { type Keyring, lineDigest, seal } from '../../src/protocol/signing.js';
import { checkedOnce } from '../support/signature-cache.js';

const GAME = 'mission-deal';
const PLAYERS = [0, 1, 2];
const CARDS = 12;

type Entry = { dir: string; raw: string };

/** Plays one deal among three drivers; each seat's record holds its notes and its sealed deal lines. */
async function dealAndRecord() {
  const mesh = await memoryMesh(3, 7, checkedOnce());
  const keyrings = mesh.keyrings as Keyring[];
  const records: Entry[][] = PLAYERS.map(() => [
    { dir: 'note', raw: JSON.stringify({ profile: 'native', gameId: GAME, players: [] }) },
  ]);
  const drivers = PLAYERS.map((me) => {
    let n = 0;
    // Every number is noted before it is used, as MeshSession.numbers does.
    const numbers = () => {
      const number = Uint8Array.from(createHash('sha256').update(`${me} ${n++}`).digest());
      records[me]!.push({ dir: 'note', raw: JSON.stringify({ secret: bytesToHex(number) }) });
      return number;
    };
    // Two dice rounds' numbers before the deal, as the opening draws note them.
    numbers();
    numbers();
    return new DealDriver({
      context: { gameId: GAME, deal: 0, players: PLAYERS, cards: CARDS },
      me,
      random: randomFrom(numbers)!,
      auth: keyrings[me]!,
    });
  });
  const sealed = (message: DealMessage) => {
    const inner = JSON.stringify(message);
    return seal(inner, message.player_id, keyrings[message.player_id]!.sign(lineDigest(GAME, inner)));
  };
  const queue: DealMessage[] = [];
  const out = (me: number, output: DealOutput) => {
    expect(output.violations).toEqual([]);
    for (const message of output.send) {
      records[me]!.push({ dir: 'out', raw: sealed(message) });
      queue.push(message);
    }
  };
  PLAYERS.forEach((me) => out(me, drivers[me]!.start()));
  for (let steps = 0; queue.length > 0 && steps < 1000; steps++) {
    const message = queue.shift()!;
    for (const me of PLAYERS) {
      if (me === message.player_id) continue;
      records[me]!.push({ dir: 'in', raw: sealed(message) });
      out(me, drivers[me]!.receive(message.player_id, message));
    }
  }
  for (const driver of drivers) expect(driver.phase).toBe('dealt');
  return { keyrings, records, drivers };
}

describe('a mission deal rebuilt from its record', { timeout: 120_000 }, () => {
  it("gives a seat back its card and key: its claim is accepted by the live drivers and an observer's", async () => {
    const { keyrings, records, drivers } = await dealAndRecord();
    const restored = restoreMissionDeal(dealRecordOf(records[2]!), { me: 2, auth: keyrings[2]! });
    if (!restored.ok) throw new Error(restored.reason);
    expect(restored.driver.phase).toBe('dealt');
    expect(restored.driver.card).toBe(drivers[2]!.card);
    expect(restored.driver.transcriptHead).toBe(drivers[0]!.transcriptHead);
    // An audit's observer, from another seat's record.
    const observer = restoreMissionDeal(dealRecordOf(records[0]!), { auth: keyrings[0]! });
    if (!observer.ok) throw new Error(observer.reason);
    expect(observer.driver.card).toBeUndefined();

    const claim = restored.driver.claim().send[0]!;
    for (const checker of [drivers[0]!, drivers[1]!, observer.driver]) {
      const seen = checker.receive(2, claim);
      expect(seen.violations).toEqual([]);
      expect(seen.claims).toEqual([{ player: 2, card: drivers[2]!.card }]);
    }
  });

  it('is refused, saying why, when the record lacks the numbers of its key or holds an altered line', async () => {
    const { keyrings, records } = await dealAndRecord();
    const noNotes = records[1]!.filter((r) => !r.raw.includes('"secret"'));
    const lost = restoreMissionDeal(dealRecordOf(noNotes), { me: 1, auth: keyrings[1]! });
    expect(lost).toEqual({
      ok: false,
      reason:
        "the recorded mission deal cannot be rebuilt (this seat's record does not keep the random numbers of its key for deal 0)",
    });
    // Player 0's unlock, altered in player 1's record: its deal signature no longer matches.
    const altered = records[1]!.map((r) =>
      r.dir === 'in' && r.raw.includes('deal_unlock') && r.raw.includes('\\"player_id\\":0')
        ? {
            ...r,
            raw: r.raw.replace(
              /\\"value\\":\\"([0-9a-f])/,
              (_, d: string) => `\\"value\\":\\"${d === '0' ? '1' : '0'}`,
            ),
          }
        : r,
    );
    expect(altered).not.toEqual(records[1]);
    const refused = restoreMissionDeal(dealRecordOf(altered), { me: 1, auth: keyrings[1]! });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/deal 0: player 0 sent a deal_unlock without a valid signature/);
  });
});
