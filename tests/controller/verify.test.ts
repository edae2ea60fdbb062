// `risk verify` on the recorded class games, and on tampered copies of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import { parseTranscript, type TranscriptLine } from '../../src/protocol/transcript.js';

const transcripts = fileURLToPath(new URL('../fixtures/transcripts/', import.meta.url));
const load = (name: string): TranscriptLine[] => {
  const parsed = parseTranscript(readFileSync(join(transcripts, name), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.lines;
};
const gameA = load('class-2p-game-a.jsonl');
const gameB = load('class-2p-game-b.jsonl');

/** Replaces the raw message of the first line matching `test`. */
function tamper(
  lines: TranscriptLine[],
  test: (raw: string) => boolean,
  change: (message: Record<string, unknown>) => void,
) {
  const index = lines.findIndex((l) => test(l.raw));
  const message = JSON.parse(lines[index]!.raw);
  change(message);
  const copy = [...lines];
  copy[index] = { ...lines[index]!, raw: JSON.stringify(message) };
  return { lines: copy, line: lines[index]!.line };
}

describe('verify --lenient on the recorded games', () => {
  it.each([
    ['class-2p-game-a.jsonl', gameA, 978, 0, 1],
    ['class-2p-game-b.jsonl', gameB, 1632, 1, 0],
  ] as const)(
    '%s: every roll re-derived, the recorded winner owns all 42 territories',
    (_name, lines, battles, winner, bugDraws) => {
      const report = verifyTranscript(lines, { lenient: true });
      expect(report.battles).toBe(battles);
      expect(report.roundsVerified).toBe(battles + 2); // plus the first-player and deck rounds
      expect(report.state!.phase).toBe('over');
      expect(report.state!.winner).toBe(winner);
      expect(report.state!.owner.every((o) => o === winner)).toBe(true);
      expect(report.lostStepAt).toBe(null);
      expect(report.violations.filter((v) => v.kind !== 'card-draw-bug')).toEqual([]);
      expect(report.violations.filter((v) => v.kind === 'card-draw-bug')).toHaveLength(bugDraws);
    },
  );

  it('game a: first player 0 and the documented deck order; its one buggy draw is named', () => {
    const report = verifyTranscript(gameA, { lenient: true });
    expect(report.firstPlayer).toBe(0);
    expect(report.deck!.slice(0, 10)).toEqual([9, 1, 27, 4, 11, 16, 0, 34, 41, 17]);
    expect(report.violations).toEqual([
      {
        line: 2599,
        player: 1,
        kind: 'card-draw-bug',
        reason: expect.stringMatching(/drew a card \(7\) at the end of a turn without a capture/),
      },
    ]);
  });
});

describe('verify without --lenient', () => {
  it('game a: the card violation is reported with line, player and reason', () => {
    const report = verifyTranscript(gameA, { lenient: false });
    expect(report.violations).toEqual([
      { line: 2689, player: 1, kind: 'rules', reason: 'illegal play_cards: play_cards: player 1 does not hold card 7' },
    ]);
    expect(report.lostStepAt).toBe(2689);
  });

  it('game b: its pile ran out before the bug could draw, so it is clean', () => {
    const report = verifyTranscript(gameB, { lenient: false });
    expect(report.violations).toEqual([]);
    expect(report.state!.winner).toBe(1);
  });
});

describe('verify catches tampering', () => {
  const excerpt = gameA.slice(0, 2500);

  it('a revealed number that does not match its commitment', () => {
    const { lines, line } = tamper(
      excerpt,
      (raw) => raw.includes('"roll_number"'),
      (m) => {
        m.payload = `00${(m.payload as string).slice(2)}`;
      },
    );
    const report = verifyTranscript(lines, { lenient: true });
    expect(report.violations[0]).toMatchObject({
      line,
      player: 1,
      kind: 'commitment',
      reason: expect.stringMatching(/does not match its commitment/),
    });
  });

  it('a copied commitment', () => {
    const hashes = excerpt.filter((l) => l.raw.includes('"roll_hash"'));
    const first = JSON.parse(hashes[0]!.raw).payload;
    const { lines, line } = tamper(
      excerpt,
      (raw) => raw === hashes[1]!.raw,
      (m) => {
        m.payload = first;
      },
    );
    expect(verifyTranscript(lines, { lenient: true }).violations[0]).toMatchObject({
      line,
      kind: 'commitment',
      reason: "copied player 1's dice commitment",
    });
  });

  it('an illegal move: a setup on a claimed territory', () => {
    const { lines, line } = tamper(
      excerpt,
      (raw) => raw.includes('"setup","payload":3,'),
      (m) => {
        m.payload = 0;
      },
    );
    expect(verifyTranscript(lines, { lenient: true }).violations[0]).toMatchObject({
      line,
      player: 1,
      kind: 'rules',
      reason: expect.stringMatching(/already claimed/),
    });
  });

  it("a message claiming another player's id on the client's connection", () => {
    const { lines, line } = tamper(
      excerpt,
      (raw) => raw.includes('"setup","payload":3,'),
      (m) => {
        m.player_id = 0;
      },
    );
    expect(verifyTranscript(lines, { lenient: true }).violations[0]).toMatchObject({
      line,
      player: 1,
      kind: 'impersonation',
    });
  });

  it('a line that is not a message', () => {
    const { lines, line } = tamper(
      excerpt,
      (raw) => raw.includes('"deploy"'),
      (m) => {
        m.payload = 'lots';
      },
    );
    expect(verifyTranscript(lines, { lenient: true }).violations[0]).toMatchObject({
      line,
      kind: 'message',
      reason: expect.stringMatching(/payload/),
    });
  });
});

describe('risk verify command', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const risk = (args: string[]) =>
    spawnSync(process.execPath, [`${root}bin/risk.js`, 'verify', ...args], { encoding: 'utf8', timeout: 120_000 });

  it('--lenient on game b: exit 0, the summary and the winner', () => {
    const result = risk(['--lenient', join(transcripts, 'class-2p-game-b.jsonl')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/dice rounds verified: 1634 \(battles rolled: 1632\)/);
    expect(result.stdout).toMatch(/winner: player 1 \(ClientAI1\)/);
    expect(result.stdout).toMatch(/violations: 0/);
  });

  it('--lenient on game a: exit 0, its one buggy draw listed as a quirk followed', () => {
    const result = risk(['--lenient', join(transcripts, 'class-2p-game-a.jsonl')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/violations: 0/);
    expect(result.stdout).toMatch(/quirk followed \(--lenient\): line 2599, player 1: drew a card \(7\)/);
  });

  it('game a without --lenient: exit 1 listing the card violation', () => {
    const result = risk([join(transcripts, 'class-2p-game-a.jsonl')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /line 2689, player 1, rules: illegal play_cards: play_cards: player 1 does not hold card 7/,
    );
  });

  it('exit 2 when the file cannot be read or holds no records', () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-verify-'));
    writeFileSync(join(dir, 'junk.jsonl'), 'not json\n');
    expect(risk([join(dir, 'missing.jsonl')]).status).toBe(2);
    const junk = risk([join(dir, 'junk.jsonl')]);
    expect(junk.status).toBe(2);
    expect(junk.stderr).toMatch(/no transcript records/);
    expect(risk([]).status).toBe(2);
  });
});
