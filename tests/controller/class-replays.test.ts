// The live recordings of our cs3099 peers against the second 2015 class implementation
// (tests/fixtures/cs3099/interop-ac-*) replayed to our peers of today, to their last line: its side
// goes out as recorded, ours makes the recorded moves with the recorded dice numbers while they are
// legal. Where our peer sent the wrong thing then, it now sends what the fix has it send; everywhere
// else, what it sent then, line for line and ack id for ack id.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRecording, unwrap } from '../support/replay.js';
import { type OursReplay, replayToOurs } from '../support/replay-ours.js';

const fixture = (name: string) => readRecording(fileURLToPath(new URL(`../fixtures/cs3099/${name}`, import.meta.url)));

const moves = (lines: readonly Record<string, unknown>[]) => lines.filter((m) => m.command !== 'acknowledgement');
const infos = (r: OursReplay) => r.events.flatMap((e) => (e.type === 'info' ? [e.text] : []));

describe('the lobby recordings', () => {
  it('interop-ac-host-refuses-bare-join: the host closes on our bare join_game; our joiner offers the wrapped one', async () => {
    const r = await replayToOurs(fixture('interop-ac-host-refuses-bare-join.jsonl'), { ourRole: 'client', endMs: 300 });
    // As then on the recorded connection; now a second one, in the host's dialect.
    expect(r.sent.get(1)).toEqual(r.recorded.get(1));
    expect(r.redialled).toHaveLength(1);
    expect(r.redialled[0]![0]).toMatch(/^\{"message":"\{\\"command\\":\\"join_game\\"/);
    expect(unwrap(r.redialled[0]![0]!)).toEqual(r.recorded.get(1)![0]);
    expect(infos(r)).toEqual([
      'the host closed the connection on our join_game: offering it in the wrapped {"message": …} form',
    ]);
  });

  it('interop-ac-3p-we-host-ping: our host passes each client’s ping on to the other one before ready', async () => {
    const r = await replayToOurs(fixture('interop-ac-3p-we-host-ping.jsonl'), { ourRole: 'host', waitMs: 300 });
    for (const [conn, other] of [
      [1, 2],
      [2, 1],
    ] as const) {
      const recorded = r.recorded.get(conn)!;
      const ready = recorded.findIndex((m) => m.command === 'ready');
      expect(r.sent.get(conn)).toEqual([
        ...recorded.slice(0, ready),
        { command: 'ping', payload: null, player_id: other },
        ...recorded.slice(ready),
      ]);
    }
    // Its recorded clients acknowledge nothing (they waited for those pings), so the game still does not start.
    expect(r.lobby).toEqual({
      ok: false,
      reason: 'the game could not start: player 1 (AC-GREEDY) did not acknowledge ready',
    });
  });

  it('interop-ac-3p-we-join-ping: our client answers the host’s ping only, not the other client’s', async () => {
    const r = await replayToOurs(fixture('interop-ac-3p-we-join-ping.jsonl'), { ourRole: 'client', waitMs: 300 });
    const recorded = r.recorded.get(1)!;
    expect(recorded.map((m) => m.command)).toEqual(['join_game', 'ping', 'ping', 'acknowledgement']);
    expect(r.sent.get(1)).toEqual([recorded[0], recorded[1], recorded[3]]);
    expect(r.lobby).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^the host went away before the game started/),
    });
  });
});

describe('the clean games', () => {
  it.each([
    ['interop-ac-clean-we-host.jsonl', 'host', 0],
    ['interop-ac-clean-we-join.jsonl', 'client', 1],
  ] as const)(
    '%s: our %s sends what it sent then, line for line, to the same winner',
    async (name, ourRole, winner) => {
      const r = await replayToOurs(fixture(name), { ourRole });
      expect(r.sent.get(1)).toEqual(r.recorded.get(1));
      expect(r.scripted.leftAt).toBeNull();
      expect(r.scripted.made).toBeGreaterThan(150);
      expect(r.result).toMatchObject({ winner, violations: [] });
    },
  );
});

describe('the card-bonus recordings', () => {
  it('interop-ac-client-rejects-our-card-bonus: our host no longer trades two cards of its own territories; it takes the client’s bare-string leave_game', async () => {
    const r = await replayToOurs(fixture('interop-ac-client-rejects-our-card-bonus.jsonl'), { ourRole: 'host' });
    const sent = moves(r.sent.get(1)!);
    const recorded = moves(r.recorded.get(1)!);
    const trade = recorded.findIndex((m) => m.command === 'play_cards' && m.payload !== null);
    expect(recorded[trade]).toMatchObject({ payload: { cards: [[19, 8, 42]] } });
    // Then: the trade of 19 and 8, both its own (+4 by the first class peer's reading, +2 by the
    // rulebook's), and 35 armies. Now: no trade (its 4 cards need none) and the 27 armies due.
    expect(sent.slice(0, trade)).toEqual(recorded.slice(0, trade));
    expect(sent[trade]).toEqual({ ...recorded[trade], payload: null });
    expect(sent[trade + 1]).toMatchObject({ command: 'deploy', player_id: 0 });
    const deployed = (sent[trade + 1]!.payload as [number, number][]).reduce((n, [, armies]) => n + armies, 0);
    expect(deployed).toBe(27);
    // Its leave_game (a string, no ack_id), the recording's last line, makes it neutral: our host wins.
    expect(r.events).toContainEqual({ type: 'neutral', player: 1, reason: 'left the game' });
    expect(infos(r).filter((t) => /malformed/.test(t))).toEqual([]);
    expect(r.result).toMatchObject({ winner: 0, violations: [] });
  });

  it('interop-ac-host-card-bonus-flagged: our client takes the host’s rulebook deploy and plays on, defending its attack', async () => {
    const r = await replayToOurs(fixture('interop-ac-host-card-bonus-flagged.jsonl'), { ourRole: 'client' });
    const sent = r.sent.get(1)!;
    const recorded = r.recorded.get(1)!;
    const left = recorded.findIndex((m) => m.command === 'leave_game');
    expect(recorded[left]).toMatchObject({
      payload: { message: 'the host (player 0) cheated: illegal deploy: deploy: places 12 armies but 14 are due' },
    });
    // As then up to the acknowledgement of that deploy; no leave_game now, and the host's next line, its
    // attack on our territory 32, is acknowledged and defended, its dice round begun.
    expect(sent.slice(0, left)).toEqual(recorded.slice(0, left));
    expect(sent.slice(left).map((m) => m.command)).toEqual(['acknowledgement', 'defend', 'roll_hash']);
    expect(sent.some((m) => m.command === 'leave_game')).toBe(false);
    expect(infos(r)).toContain(
      "player 0's deploy follows the rulebook’s reading: +2 once a turn for a traded card showing an occupied territory; this peer trades so from here on",
    );
    expect(r.events.filter((e) => e.type === 'violation')).toEqual([]);
    // The recording ends with the host closing the connection.
    expect(infos(r).at(-1)).toBe('the host closed the connection');
  });
});
