// Capital Risk and Secret Mission Risk over the network (native profile, in-memory signed mesh,
// fake timers): the secret rounds of core/native/secrets.ts — the mission deal (protocol-spec/secret-dealing.md)
// before setup, the capitals' commit-reveal after setup, claims with proofs — played to a winner by
// bots, with records that `risk verify` audits clean; and rogues that cheat in the secret rounds.
import { describe, expect, it } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import type { SessionEvent } from '../../src/core/contract.js';
import {
  capitalVictory,
  describeMission,
  type GameState,
  missionComplete,
  type OptionsInput,
} from '../../src/model/index.js';
import type { TranscriptLine } from '../../src/protocol/transcript.js';
import { honestAgreement, type MemoryGame, playMemoryGame } from './memory-game.js';

type Rules = Omit<OptionsInput, 'players'>;

const gameEvents = (events: readonly SessionEvent[]) => events.flatMap((e) => (e.type === 'game' ? [e.event] : []));

function wonBy(state: GameState): 'capital' | 'mission' | 'other' {
  const w = state.winner!;
  if (state.options.variant === 'mission' && state.missionsRevealed[w] && missionComplete(state, w, state.missions[w]!))
    return 'mission';
  if (state.options.variant === 'capital' && capitalVictory(state, w)) return 'capital';
  return 'other';
}

/** What every peer learnt of the secrets: only its own mission until claimed; the same capitals. */
function checkSecrets(game: MemoryGame, peers: readonly number[], rules: Rules) {
  if (rules.variant === 'mission') {
    const own: number[] = [];
    for (const i of peers) {
      const dealt = gameEvents(game.events[i]!).filter((e) => e.type === 'missions_dealt');
      expect(dealt.at(-1)).toEqual({ type: 'missions_dealt', known: [i] });
      const state = game.results[i]!.state;
      own.push(state.missions[i]!);
      // Another seat's mission is known here only if its owner claimed it.
      state.missions.forEach((m, seat) => {
        if (seat !== i) expect(m === null || state.missionsRevealed[seat]).toBe(true);
      });
    }
    expect(new Set(own).size).toBe(peers.length);
    // Once the end is settled every seat publishes its deal key, one out of the game too, and each
    // waits for the others' (all stay connected here): every peer learns every other mission.
    for (const i of peers) {
      const opened = game.events[i]!.flatMap((e) => (e.type === 'info' && /mission was:/.test(e.text) ? [e.text] : []));
      const text = (j: number) => `player ${j}'s mission was: ${describeMission(own[peers.indexOf(j)]!)}`;
      const others = peers.filter((j) => j !== i);
      for (const j of others) expect(opened).toContain(text(j));
      for (const line of opened) expect(others.map(text)).toContain(line);
      // The peer's record shows them too: `risk verify` lists every mission.
      const shown = new Map((game.audits[i]!.missions ?? []).map((m) => [m.player, m.mission]));
      for (const j of peers) expect(shown.get(j)).toBe(own[peers.indexOf(j)]);
    }
  }
  if (rules.variant === 'capital') {
    const capitals = peers.map((i) => JSON.stringify(game.results[i]!.state.capitals));
    expect(new Set(capitals).size).toBe(1);
    const revealed = gameEvents(game.events[peers[0]!]!).filter((e) => e.type === 'capitals_revealed');
    expect(revealed.length).toBe(1);
  }
}

describe('Capital Risk and Secret Mission Risk between bot peers', () => {
  const CASES: [string, number, number, Rules][] = [
    ['Secret Mission, 2 players and the neutral army', 2, 3, { variant: 'mission' }],
    [
      'Secret Mission, 3 players, random deal, connected fortify',
      3,
      5,
      { variant: 'mission', setup: 'random', fortify: 'connected' },
    ],
    ['Secret Mission, 4 players, fixed set values', 4, 3, { variant: 'mission', cardValues: 'fixed' }],
    ['Capital Risk, 2 players and the neutral army', 2, 4, { variant: 'capital' }],
    ['Capital Risk, 3 players', 3, 5, { variant: 'capital' }],
    [
      'Capital Risk, 4 players, own + 1 capital, random deal, fixed set values',
      4,
      6,
      { variant: 'capital', capitalsToWin: 1, setup: 'random', cardValues: 'fixed' },
    ],
    [
      'Capital Risk, duel (no neutral), connected fortify',
      2,
      8,
      { variant: 'capital', twoPlayer: 'duel', fortify: 'connected' },
    ],
  ];
  const ends = new Map<string, Set<string>>();
  it.each(CASES)(
    '%s: played to a winner, secrets kept, every record audits clean',
    async (_name, players, seed, rules) => {
      const game = await playMemoryGame({ players, seed, rules });
      const peers = Array.from({ length: players }, (_, i) => i);
      const { winner } = honestAgreement(game, peers);
      expect(winner).not.toBeNull();
      for (const r of game.results) {
        expect(r!.outcome).toBe('conquest');
        expect(r!.violations).toEqual([]);
      }
      checkSecrets(game, peers, rules);
      const final = game.results[0]!.state;
      for (const key of ['variant', 'setup', 'fortify', 'cardValues'] as const)
        if (rules[key] !== undefined) expect(final.options[key]).toBe(rules[key]);
      for (const audit of game.audits) {
        expect(audit.violations).toEqual([]);
        expect(audit.truncated).toBe(false);
        expect(audit.state!.winner).toBe(winner);
      }
      const set = ends.get(rules.variant!) ?? new Set();
      set.add(wonBy(final));
      ends.set(rules.variant!, set);
    },
    300_000,
  );
  it("some of these games are won by the variant's own rule", () => {
    expect(ends.get('mission')?.has('mission')).toBe(true);
    expect(ends.get('capital')?.has('capital')).toBe(true);
  });
});

describe('risk verify checks the secret rounds of a record', () => {
  /** The record with the first incoming line of `command` dropped, or its signature broken. */
  const doctored = (lines: readonly TranscriptLine[], command: string, how: 'drop' | 'break') => {
    const at = lines.findIndex((l) => l.dir === 'in' && l.raw.includes(`\\"command\\":\\"${command}\\"`));
    expect(at).toBeGreaterThan(0);
    if (how === 'drop') return lines.filter((_, i) => i !== at);
    const raw = lines[at]!.raw.replace(/"sig":"([0-9a-f])/, (_m, d: string) => `"sig":"${d === '0' ? '1' : '0'}`);
    expect(raw).not.toBe(lines[at]!.raw);
    return lines.map((l, i) => (i === at ? { ...l, raw } : l));
  };

  it.each([
    ['capital', 'secret_reveal', 4],
    ['mission', 'deal_unlock', 3],
  ] as const)(
    '%s: a record missing a %s line, or holding a forged one, does not reach its recorded end',
    async (variant, command, seed) => {
      const game = await playMemoryGame({ players: 2, seed, rules: { variant } });
      honestAgreement(game, [0, 1]);
      expect(game.audits[0]!.violations).toEqual([]);
      for (const how of ['drop', 'break'] as const) {
        const report = verifyTranscript(doctored(game.records[0]!, command, how), { lenient: false });
        expect(report.violations.map((v) => v.kind)).toContain('outcome');
      }
    },
    120_000,
  );
});
