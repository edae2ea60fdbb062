// House rules over the network (native profile): the rules agreed in the lobby are the rules every
// peer's replica plays and its record's header names, so `risk verify` audits the game by them.
// (The lobby → roster step is tested in lobby-rules.test.ts.)
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { verifyTranscript } from '../../src/audit/verify.js';
import type { OptionsInput } from '../../src/model/index.js';
import { memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import type { Roster } from '../../src/sessions/lobby.js';
import { NATIVE_FEATURES } from '../../src/sessions/mesh-session.js';
import { sessionFor } from '../../src/sessions/session-factory.js';
import { memoryRecorder } from '../../src/store/transcript-recorder.js';
import { checkedOnce } from '../support/signature-cache.js';
import { honestAgreement, playMemoryGame } from './memory-game.js';

type Rules = Omit<OptionsInput, 'players'>;

/** The record with its header's rules replaced (what a doctored or mistaken record would say). */
function withHeaderRules(lines: readonly TranscriptLine[], rules: unknown): TranscriptLine[] {
  const at = lines.findIndex((l) => l.dir === 'note');
  const header = JSON.parse(lines[at]!.raw) as Record<string, unknown>;
  return lines.map((l, i) => (i === at ? { ...l, raw: JSON.stringify({ ...header, rules }) } : l));
}

const headerRules = (lines: readonly TranscriptLine[]) =>
  (JSON.parse(lines.find((l) => l.dir === 'note')!.raw) as { rules: unknown }).rules;

describe('house rules in a native game on in-memory links', () => {
  const CASES: [string, number, Rules][] = [
    ['two players with the neutral army (1993 default)', 2, {}],
    ['two players without a neutral army, fixed set values', 2, { twoPlayer: 'duel', cardValues: 'fixed' }],
    [
      'random deal, connected fortify, fixed set values',
      3,
      { setup: 'random', fortify: 'connected', cardValues: 'fixed' },
    ],
  ];

  it.each(CASES)(
    '%s: played to a winner on the board, every record names the rules and audits clean',
    async (_name, players, rules) => {
      const game = await playMemoryGame({ players, seed: 7, rules });
      const { winner } = honestAgreement(
        game,
        Array.from({ length: players }, (_, i) => i),
      );
      expect(winner).not.toBeNull();
      for (const r of game.results) expect(r!.outcome).toBe('conquest');
      const final = game.results[0]!.state;
      expect(final.neutralArmy).toBe(players === 2 && rules.twoPlayer !== 'duel' ? 2 : -1);
      if (rules.fortify) expect(final.options.fortify).toBe(rules.fortify);
      if (rules.cardValues) expect(final.options.cardValues).toBe(rules.cardValues);
      for (const [i, audit] of game.audits.entries()) {
        expect(headerRules(game.records[i]!)).toEqual(rules);
        expect(audit.violations).toEqual([]);
        expect(audit.truncated).toBe(false);
        expect(audit.state!.winner).toBe(winner);
        expect(audit.state!.options).toEqual(final.options);
      }
    },
    600_000,
  );

  it('an audit by other rules than the game was played by finds the moves that break them', async () => {
    const rules: Rules = { setup: 'random', fortify: 'connected' };
    const game = await playMemoryGame({ players: 3, seed: 7, rules });
    honestAgreement(game, [0, 1, 2]);
    expect(game.audits[0]!.violations).toEqual([]);
    const misread = verifyTranscript(withHeaderRules(game.records[0]!, {}), { lenient: false });
    expect(misread.violations.filter((v) => v.kind === 'rules').length).toBeGreaterThan(0);
  }, 600_000);

  it('a record whose header names rules nobody can play is reported, not crashed on', async () => {
    const game = await playMemoryGame({ players: 2, seed: 3, rules: { twoPlayer: 'duel' } });
    for (const bad of [{ variant: 'chess' }, { capitalsToWin: 4 }, 'capital']) {
      const report = verifyTranscript(withHeaderRules(game.records[1]!, bad), { lenient: false });
      expect(report.state).toBeNull();
      expect(report.violations).toEqual([
        {
          line: 1,
          player: null,
          kind: 'rules',
          reason: expect.stringMatching(/^the record's header names rules that cannot be played: /),
        },
      ]);
    }
  }, 600_000);

  it("a session made from a lobby roster plays, and records, the roster's rules", async () => {
    const mesh = await memoryMesh(2, undefined, checkedOnce());
    const rules = { fortify: 'connected', cardValues: 'fixed', twoPlayer: 'duel' } as const;
    const recorder = memoryRecorder();
    const roster: Roster = {
      me: 0,
      players: mesh.peerIds.map((peerId, id) => ({ id, name: `p${id}`, peerId, addresses: [] })),
      links: mesh.links[0]!,
      gameId: 'roster-rules',
      features: [...NATIVE_FEATURES],
      ackTimeoutMs: 2000,
      moveTimeoutMs: 5000,
      rules,
      keyring: mesh.keyrings[0]!,
    };
    const session = sessionFor(
      roster,
      { profile: 'native' },
      {
        seat: botSeat(createBot('easy', seededDice(1)), seededDice(2), { deadlineMs: 1000 }),
        recorder,
      },
    );
    void session.run();
    try {
      expect(session.current.options).toMatchObject(rules);
      expect(session.current.neutralArmy).toBe(-1);
      expect(headerRules(recorder.lines)).toEqual(rules);
    } finally {
      session.stop();
      for (const link of mesh.links.flatMap((m) => [...m.values()])) link.close();
    }
  });
});
