// The interop recordings of tests/fixtures/cs3099 (live games of our cs3099 peer against the 2015
// class implementation) replay to their last line in `risk verify --lenient`: every move checked,
// every dice round re-derived, no lost step, and the only findings the ones each recording is
// known for. (tests/controller/class-peer.test.ts replays them line for line to the class peer.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import { parseTranscript, type TranscriptLine } from '../../src/protocol/transcript.js';

const load = (name: string): TranscriptLine[] => {
  const parsed = parseTranscript(
    readFileSync(fileURLToPath(new URL(`../fixtures/cs3099/${name}`, import.meta.url)), 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.lines;
};

const MOVES = new Set(['setup', 'play_cards', 'deploy', 'attack', 'defend', 'attack_capture', 'fortify', 'timeout']);
const command = (raw: string): string | null => {
  try {
    return (JSON.parse(raw) as { command?: string }).command ?? null;
  } catch {
    return null;
  }
};

describe.each([
  {
    name: 'interop-client-never-exits.jsonl',
    // Our client won with a capture and sent no closing fortify (the bug it records).
    phase: 'over',
    winner: 1,
    findings: [
      { line: 1059, player: 0, kind: 'card-draw-bug' },
      { line: 1115, player: 0, kind: 'card-draw-bug' },
    ],
  },
  {
    name: 'interop-client-stalls-on-class-card.jsonl',
    // It ends on the class host's attack that our old client never defended.
    phase: 'defend',
    winner: null,
    findings: [{ line: 788, player: 1, kind: 'card-draw-bug' }],
  },
  {
    name: 'interop-host-expels-class-peer.jsonl',
    // Our old host timed the class client out over its quirk card and won by forfeit; the client's
    // attack sent after that, the recording's last line, is refused.
    phase: 'over',
    winner: 0,
    findings: [
      { line: 773, player: 1, kind: 'card-draw-bug' },
      { line: 808, player: 1, kind: 'rules', reason: 'the game is over' },
    ],
  },
])('$name', ({ name, phase, winner, findings }) => {
  const lines = load(name);

  it('replays to its last line under --lenient: every move checked, every dice round re-derived', () => {
    const report = verifyTranscript(lines, { lenient: true });
    const moves = lines.filter((l) => MOVES.has(command(l.raw) ?? ''));
    expect(moves.length).toBeGreaterThan(200);
    expect(report.lostStepAt).toBeNull();
    expect(report.actionsChecked).toBe(moves.length);
    expect(report.roundsVerified).toBe(report.battles + 2);
    expect(report.state!.phase).toBe(phase);
    expect(report.state!.winner).toBe(winner);
    expect(report.violations).toEqual(findings.map((f) => expect.objectContaining(f)));
  });
});

// The second class implementation's games (interop-ac-*): it reads the territory-card bonus as the
// rulebook does, which `verify` now takes alongside the first class peer's reading, and names.
describe.each([
  {
    name: 'interop-ac-clean-we-host.jsonl',
    winner: 0,
    cardBonus: [],
  },
  {
    name: 'interop-ac-clean-we-join.jsonl',
    winner: 1,
    cardBonus: [],
  },
  {
    // Our old host's deploy after trading two cards of its territories (+4, the first class peer's
    // reading) stands; the client's bare-string leave_game then leaves our host the winner.
    name: 'interop-ac-client-rejects-our-card-bonus.jsonl',
    winner: 0,
    cardBonus: [{ line: 1081, player: 0, reading: 'pool' }],
  },
  {
    // Its deploy after trading two cards of its territories places 12 armies: +2 once, the
    // rulebook's reading. Our old client left over it, so its host's next attack is refused.
    name: 'interop-ac-host-card-bonus-flagged.jsonl',
    winner: 0,
    cardBonus: [{ line: 844, player: 0, reading: 'rulebook' }],
    findings: [{ line: 847, player: 0, kind: 'rules', reason: 'the game is over' }],
  },
])('$name', ({ name, winner, cardBonus, findings }) => {
  const lines = load(name);

  it('replays to its last line under --lenient, naming the card-bonus reading of each trade that tells them apart', () => {
    const report = verifyTranscript(lines, { lenient: true });
    expect(report.lostStepAt).toBeNull();
    expect(report.roundsVerified).toBe(report.battles + 2);
    expect(report.battles).toBeGreaterThan(50);
    expect(report.state!.phase).toBe('over');
    expect(report.state!.winner).toBe(winner);
    expect(report.cardBonus).toEqual(cardBonus);
    expect(report.violations.filter((v) => v.kind !== 'card-draw-bug')).toEqual(
      (findings ?? []).map((f) => expect.objectContaining(f)),
    );
  });
});

describe.each([
  'interop-ac-host-refuses-bare-join.jsonl',
  'interop-ac-3p-we-host-ping.jsonl',
  'interop-ac-3p-we-join-ping.jsonl',
])('%s', (name) => {
  it('holds a lobby that never started a game, and nothing against the rules', () => {
    const report = verifyTranscript(load(name), { lenient: true });
    expect(report.state).toBeNull();
    expect(report.violations).toEqual([]);
  });
});
